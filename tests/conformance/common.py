"""What the conformance suite's checks share: the cases (every playable variant of every
registered game, and the example game's), random play, and the cards an answer names."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from api.sealed import CARD_NAME
from engine.games import engine_of, game_types, register, unregister
from solver.games import solver_of

EXAMPLE = ("war", "tests.games.war")
"""The example game (docs/adding-a-game.md), registered while a conformance test runs."""
CARD = re.compile(CARD_NAME.pattern.decode())
"""A card's name in any game's notation, as api/sealed.py finds them in a token."""
MAX_PLIES = 5000
"""More moves than any whole game of the cases lasts (a guard against a loop)."""


def seeds(default: tuple[int, ...]) -> tuple[int, ...]:
    """The seeds a check plays: ``default``, or as many as ``CASSINO_CONFORMANCE_SEEDS``
    says (``make conformance SEEDS=50``: a long run, out of CI)."""
    wanted = int(os.environ.get("CASSINO_CONFORMANCE_SEEDS") or 0)
    return tuple(range(1, wanted + 1)) if wanted else default


@contextmanager
def example_registered() -> Iterator[None]:
    """The example game in the registry (one line), and out of it afterwards."""
    register(*EXAMPLE)
    try:
        yield
    finally:
        unregister(EXAMPLE[0])


@contextmanager
def example_away() -> Iterator[None]:
    """The example game out of the registry for a while (as before it was registered)."""
    unregister(EXAMPLE[0])
    try:
        yield
    finally:
        register(*EXAMPLE)


class Case(NamedTuple):
    """One rule set: a playable variant of a registered game, at its own seats, or at
    another number of seats it allows (``own`` false: the game names its ``players``, and
    the last seat deals first, so that seat 0 plays where a dealer sits out)."""

    game: str
    variant: str
    seats: int
    own: bool = True

    def __str__(self) -> str:
        return f"{self.game}/{self.variant}" + ("" if self.own else f"/{self.seats}")

    @property
    def table(self) -> dict[str, Any]:
        """What ``POST /v1/games`` names of the case: the game, the variant, and at another
        number of seats than the variant's own, the seats and the first dealer."""
        body: dict[str, Any] = {"game": self.game, "variant": self.variant}
        if not self.own:
            body |= {"players": self.seats, "dealer": self.seats - 1}
        return body


def _cases() -> list[Case]:
    """Every playable variant at its own seats, then each other number of seats a game
    allows, once, with the first variant that allows it."""
    with example_registered():
        out = [Case(game.name, info.name, info.seats) for game in game_types()
               for info in game.variants if info.playable]
        for game in game_types():
            playable = [info for info in game.variants if info.playable]
            covered = {info.seats for info in playable}
            for seats in game.seat_counts:
                first = next((info for info in playable
                              if info.seat_range[0] <= seats <= info.seat_range[1]), None)
                if seats not in covered and first is not None:
                    out.append(Case(game.name, first.name, seats, own=False))
        return out


CASES = _cases()
"""Every rule set, read from the registry when the tests are collected."""
GAMES = [next(c for c in CASES if c.game == name) for name in dict.fromkeys(
    c.game for c in CASES)]
"""Each game's first playable variant (its default's place in the catalog)."""


def house_bot(case: Case) -> str:
    """The house's cheapest bot: ``random`` where the game has it, else its first."""
    solver = solver_of(case.game)
    bots = () if solver is None else solver.house.bots(case.variant)
    return "random" if "random" in bots else bots[0]


def new_state(case: Case, seed: int) -> Any:
    """The game ``POST /v1/games`` starts for the case and ``seed``."""
    if case.own:
        return engine_of(case.game).new_game(seed, case.variant)
    return engine_of(case.game).new_game(seed, case.variant, case.seats - 1, case.seats)


def random_play(state: Any, rng: random.Random) -> Iterator[tuple[Any, Any, int]]:
    """The game from ``state`` to its end, each move a random legal one of a seat that may
    act: ``(state before, move, seat)`` at each step."""
    for _ in range(MAX_PLIES):
        if state.game_over:
            return
        seat = rng.choice(sorted(state.acting))
        moves = state.moves_for(seat)  # a lazy list (I Doubt It's claims) is indexed
        move = rng.choice(moves if isinstance(moves, Sequence) else list(moves))
        yield state, move, seat
        state = state.apply(move)[0]
    raise AssertionError("the game did not end")


def cards_in(data: Any) -> set[str]:
    """Every card named anywhere in a JSON document (move ids such as ``take:KC=KHKDKC``
    too), a sealed game's token left out."""
    if isinstance(data, dict):
        data = {key: value for key, value in data.items() if key != "game"}
    return set(CARD.findall(json.dumps(data)))


def post(client: Any, path: str, body: Any) -> Any:
    """The answer to ``POST path`` with the JSON ``body`` (a test reads its JSON)."""
    return client.post(path, json=body)


def field_of(answer: Any) -> str:
    """The field a refusal names ("" for none)."""
    return str((answer.json or {}).get("field", ""))


def names(field: str, expected: str) -> bool:
    """Whether ``field`` is ``expected`` or a field inside it."""
    return field == expected or field.startswith((f"{expected}.", f"{expected}["))
