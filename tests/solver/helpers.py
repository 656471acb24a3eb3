"""Positions for the solver tests: states reached by random play."""

import random

import engine
from engine.cassino.play import State, advance


def states(seed: int, count: int, *, last_batch: bool | None = None) -> list[State]:
    """``count`` states from random rounds (player to move has a choice or not)."""
    rng = random.Random(seed)
    out: list[State] = []
    game = seed * 1000
    while len(out) < count:
        state = engine.new_game(game)
        game += 1
        deal = state.deal
        while state.deal == deal and state.status == "playing":
            wanted = last_batch is None or (not state.stock) == last_batch
            if wanted and rng.random() < 0.3:
                out.append(state)
            state = advance(state, rng.choice(state.legal_moves()))
    return out[:count]


def swap_hidden(state: State, player: int, rng: random.Random) -> State | None:
    """Another full state with the same view for ``player``: the other hand and the stock
    dealt afresh from the same cards, keeping R23 (None when no other deal is found)."""
    other = 1 - player
    hidden = [c for c in range(52) if state.hands[other] >> c & 1] + list(state.stock)
    size = state.hands[other].bit_count()
    values = state.rules.values
    needed = {b.value for b in state.builds if b.owner == other}
    for _ in range(200):
        rng.shuffle(hidden)
        hand = sum(1 << c for c in hidden[:size])
        if all(any(values[c] == v for c in hidden[:size]) for v in needed):
            hands = list(state.hands)
            hands[other] = hand
            new = state._replace(hands=tuple(hands), stock=tuple(hidden[size:]))
            if new != state:
                new.validate()
                return new
    return None
