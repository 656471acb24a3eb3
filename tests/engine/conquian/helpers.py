"""Positions for the Conquian tests, written as cards (docs/rules/conquian.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from engine.cards import card_name, cards_of
from engine.conquian import CONQUIAN, State, get_rules, new_game

PACK = [card_name(c) for c in cards_of(CONQUIAN.pack)]


def position(hands: Sequence[Sequence[str] | None],
             melds: Sequence[Sequence[Sequence[str]]] | None = None, *,
             up: str | None = None, source: str | None = "turned", to_move: int = 0,
             phase: str = "offer", dead: Sequence[str] = (), stock: Sequence[str] | None = None,
             dealer: int = 1, pool: int = 0, winner: int | None = None,
             variant: str = "conquian") -> State:
    """A checked state, one hand per seat (three: the dealer sits out, QD12): a hand given
    as ``None`` is filled with unused cards to the right size (ten with the melds, eleven
    for a player who has used a card, none for the seat sitting out), the stock holds every
    card left (in pack order), or when given, the cards left are dead."""
    melds = melds if melds is not None else ((),) * len(hands)
    pack = [card_name(c) for c in cards_of(get_rules(variant).pack)]
    used = {c for h in hands if h for c in h} | {c for seat in melds for m in seat for c in m}
    used |= set(dead) | ({up} if up else set()) | set(stock or ())
    free = [c for c in pack if c not in used]
    filled = []
    for seat, given in enumerate(hands):
        if given is not None:
            filled.append(list(given))
            continue
        want = 10 + (phase == "meld" and seat == to_move) - sum(len(m) for m in melds[seat])
        if len(hands) == 3 and seat == dealer:
            want = 0
        filled.append(free[:want])
        free = free[want:]
    return State.from_dict({
        "game": "conquian", "variant": variant, "seed": 1, "dealer": dealer,
        "to_move": to_move, "phase": phase, "hands": filled,
        "melds": [[list(m) for m in seat] for seat in melds],
        "stock": list(stock) if stock is not None else free,
        "dead": list(dead) + (free if stock is not None else []), "up": up,
        "source": source if up else None, "pool": pool, "winner": winner})


def ids(state: State) -> set[str]:
    return {m.id for m in state.legal_moves()}


def play(state: State, *moves: str) -> State:
    for move in moves:
        state = state.apply(move).state
    return state


def greedy_random(rng: random.Random, state: State) -> str:
    """A move that favours melding (so that fours and long runs appear): the largest meld
    or lay most of the time, else any legal move."""
    moves = state.legal_moves()
    melding = [m for m in moves if m.type in ("take", "lay", "force")]
    if melding and rng.random() < 0.8:
        return rng.choice(melding).id
    return rng.choice(moves).id


def positions(seeds: range, *, greedy: bool = True, variant: str = "conquian",
              players: int = 2) -> Iterator[State]:
    """Every state of one random hand per seed, to the end (of ``variant`` at ``players``
    seats)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(seed, variant, players=players)
        yield state
        while not state.game_over:
            move = greedy_random(rng, state) if greedy else rng.choice(state.legal_moves()).id
            state = state.apply(move).state
            yield state
