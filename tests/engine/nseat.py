"""Helpers for the tests of the variants with more than two seats (V6 ``partnership``, V7
``three-hand``): positions from a compact description, and seeded random play with the
checks every state and view of such a game must pass."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import engine
from engine import Move, State
from engine.cards import card_name, cards_of, parse_card
from engine.cassino import View
from engine.errors import CardError
from tests.engine.reference import reference_moves

ALL_CARDS = [card_name(c) for c in range(52)]


def position_dict(variant: str, hands: list[list[str]], loose: list[str] | tuple[str, ...] = (),
                  builds: list[tuple[int, int, list[list[str]]]] | tuple[()] = (), *,
                  dealer: int, to_move: int, stock: int = 0, filler: int = 1,
                  captured: list[list[str]] | None = None,
                  scores: list[int] | None = None, status: str = "playing",
                  winner: int | None = None) -> dict[str, Any]:
    """A docs/api.md full state: every card not named goes to the stock (``stock`` of them)
    and then to capture pile ``filler``, the last capturer."""
    seats = len(hands)
    piles = [list(p) for p in (captured or [[] for _ in hands])]
    named = [t for h in hands for t in h] + list(loose) + [t for p in piles for t in p]
    for _, _, groups in builds:
        for group in groups:
            named += group
    canon = [card_name(parse_card(t)) for t in named]
    assert len(canon) == len(set(canon)), f"a card is named twice: {canon}"
    rest = [c for c in ALL_CARDS if c not in set(canon)]
    stock_cards, rest = rest[:stock], rest[stock:]
    piles[filler] += rest
    sides = 2 if variant == "partnership" else seats
    return {
        "variant": variant, "seed": 7, "round": 1, "deal": 1, "dealer": dealer,
        "to_move": to_move, "hands": [list(h) for h in hands], "stock": stock_cards,
        "table": {"loose": list(loose),
                  "builds": [{"value": v, "owner": o, "groups": [list(g) for g in gs]}
                             for v, o, gs in builds]},
        "captured": piles, "sweeps": [0] * seats,
        "last_capturer": filler if piles[filler] else None,
        "scores": scores if scores is not None else [0] * sides, "status": status,
        "winner": winner, "history": [], "previous_round": None,
    }


def position(*args: Any, **kwargs: Any) -> State:
    """A validated :class:`State` from :func:`position_dict`'s description."""
    return State.from_dict(position_dict(*args, **kwargs))


def ids(state: State) -> set[str]:
    return {m.id for m in state.legal_moves()}


def card_strings(data: Any) -> set[int]:
    """Every card named anywhere in a JSON value."""
    found: set[int] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= card_strings(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_strings(value)
    elif isinstance(data, str):
        with contextlib.suppress(CardError):
            found.add(parse_card(data))
    return found


def check_state(state: State) -> None:
    """52 cards once each, validation, an exact JSON round trip, R23 per owner, and the
    engine's moves equal to the reference's."""
    zones = [*state.hands, sum(1 << c for c in state.stock), state.loose,
             *(b.cards for b in state.builds), *state.captured]
    cards = [c for zone in zones for c in cards_of(zone)]
    assert sorted(cards) == list(range(52))
    state.validate()
    assert State.from_dict(state.to_dict()) == state
    values = state.rules.values
    for b in state.builds:  # R23, V6.7: the owner holds a numeral of the build's value
        assert any(values[c] == b.value for c in cards_of(state.hands[b.owner])), b
    if state.status == "playing":
        p = state.to_move
        assert set(state.legal_moves()) == reference_moves(
            state.hands[p], state.loose, state.builds, p, state.variant)


def check_views(state: State) -> None:
    """Each seat's view round-trips and names no card of another hand (a partner's
    included) or of the stock (R29, V6.8, V7.6)."""
    for player in range(state.rules.players):
        view = state.view(player)
        data = view.to_dict()
        assert View.from_dict(data) == view
        assert not {"seed", "stock", "hands"} & set(data)
        secret = sum(1 << c for c in state.stock)
        for seat, hand in enumerate(state.hands):
            if seat != player:
                secret |= hand
        named = card_strings({k: v for k, v in data.items() if k != "hand"})
        assert not named & set(cards_of(secret)), "a view shows hidden cards (R29)"
        assert view.hand == state.hands[player]
        assert view.hand_sizes == tuple(h.bit_count() for h in state.hands)


def play_game(variant: str, game_seed: int, *, checks: bool = True,
              max_moves: int | None = None) -> list[tuple[State, Move, engine.Step]]:
    """Seeded random legal play of a whole game (or ``max_moves`` of it)."""
    rng = random.Random(game_seed)
    state = engine.new_game(game_seed, variant)
    steps = []
    while state.status == "playing" and (max_moves is None or len(steps) < max_moves):
        move = rng.choice(state.legal_moves())
        step = state.apply(move)
        if checks:
            check_state(state)
        steps.append((state, move, step))
        state = step.state
    if checks:
        check_state(state)
    return steps
