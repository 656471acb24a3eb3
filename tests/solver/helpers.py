"""Positions for the solver tests: states reached by random play."""

import random

import engine
from engine.cassino import Move, side_of
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


def round_values(state: State, viewer: int) -> dict[str, float]:
    """The game's value for ``viewer``'s side of each legal move of the player to move,
    by brute force over ``state`` (every card known: the last batch): the engine plays the
    round out (:func:`advance`, R24 residue, R26 points), the viewer's side maximising its
    round points less the mean of the other sides', every other seat minimising that
    (two seats: minimax; partnership: team against team; three-hand: paranoid).  No
    solver code is used."""
    mine = side_of(state.rules)[viewer]
    memo: dict[tuple[object, ...], float] = {}

    def equity(after: State) -> float:
        totals = after.previous_round.totals  # the round's points per side
        others = [t for side, t in enumerate(totals) if side != mine]
        return float(totals[mine] - sum(others) / len(others))

    def value(before: State, move: Move) -> float:
        after = advance(before, move)
        if after.deal != before.deal or after.status != "playing":  # the round is over
            assert after.round != before.round or after.status != "playing", "a void round"
            return equity(after)
        key = (after.to_move, after.hands, after.loose, after.builds, after.captured,
               after.sweeps, after.last_capturer)
        if key not in memo:
            values = [value(after, m) for m in after.legal_moves()]
            maximising = side_of(after.rules)[after.to_move] == mine
            memo[key] = max(values) if maximising else min(values)
        return memo[key]

    assert not state.stock, "only the last batch is known to the end"
    return {m.id: value(state, m) for m in state.legal_moves()}
