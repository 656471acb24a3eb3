"""A player's view: the state as one player may see it (R28, R29).

It holds that player's hand, the sizes of every hand and of the stock, and the
public fields.  The other hands, the stock and the game seed never appear in it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import FULL_DECK, cards_of, format_cards
from engine.cassino.counting import counting_of
from engine.cassino.movegen import legal_moves
from engine.cassino.moves import Move
from engine.cassino.rules import Rules
from engine.cassino.scoring import Breakdown
from engine.cassino.state import (
    PLAYING,
    PUBLIC_FIELDS,
    Full,
    Played,
    Reader,
    check_builds,
    check_disjoint,
    check_progress,
    check_sizes,
    public_to_dict,
    public_zones,
    read_cards,
    read_public,
    read_rules,
)
from engine.cassino.table import Build
from engine.errors import StateError

__all__ = ["View"]

VIEW_FIELDS = PUBLIC_FIELDS | {"player", "hand", "hand_sizes", "stock_size"}


class View(NamedTuple):
    """What ``player`` knows: own ``hand``, ``hand_sizes``, ``stock_size`` and the public state."""

    rules: Rules
    player: int
    hand: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    round: int
    deal: int
    dealer: int
    to_move: int
    loose: int
    builds: tuple[Build, ...]
    captured: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    scores: tuple[int, ...]
    status: str
    winner: int | None
    history: tuple[Played, ...]
    previous_round: Breakdown | None
    target: int
    game_value: int | None

    @classmethod
    def of(cls, state: Full, player: int) -> View:
        """The view of ``player`` (R28, R29)."""
        if not 0 <= player < state.rules.players:
            raise StateError(f"player must be a seat 0..{state.rules.players - 1}",
                             field="player")
        return cls(state.rules, player, state.hands[player],
                   tuple(h.bit_count() for h in state.hands), len(state.stock), state.round,
                   state.deal, state.dealer, state.to_move, state.loose, state.builds,
                   state.captured, state.sweeps, state.last_capturer, state.scores, state.status,
                   state.winner, state.history, state.previous_round, state.target,
                   state.game_value)

    @property
    def game(self) -> str:
        """The game's name in the registry (:mod:`engine.games`)."""
        return "cassino"

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def last_batch(self) -> bool:
        return self.stock_size == 0

    @property
    def unseen(self) -> int:
        """The cards this player cannot see: the other hands and the stock (R29)."""
        known = self.hand | self.loose | self.captured[0] | self.captured[1]
        for build in self.builds:
            known |= build.cards
        return FULL_DECK & ~known

    def legal_moves(self) -> list[Move]:
        """This player's legal moves when it is their turn, else none (R9-R22)."""
        if self.status != PLAYING or self.to_move != self.player:
            return []
        return legal_moves(self.hand, self.loose, self.builds, self.player, self.rules)

    def score(self) -> Breakdown:
        """The breakdown of the capture piles as they stand (R26; V4.4: as pegged): they are
        public (R28)."""
        return counting_of(self.rules).score(self)

    def to_dict(self) -> dict[str, Any]:
        """The docs/api.md view object."""
        public = public_to_dict(self)
        return {
            "player": self.player,
            "hand": format_cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "game": public.pop("game"),
            "variant": public.pop("variant"),
            "round": public.pop("round"),
            "deal": public.pop("deal"),
            "last_batch": public.pop("last_batch"),
            **public,
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Read and validate a view; :class:`StateError` names what is wrong.

        Beyond the form, the hidden cards must be able to fill the other hand and the
        stock so that every build's owner holds a numeral of its value (R23).
        """
        reader = Reader(data, "view", VIEW_FIELDS)
        rules = read_rules(reader)
        view = cls(rules=rules, player=reader.seat("player", rules.players),
                   hand=read_cards(reader.require("hand"), "hand"),
                   hand_sizes=reader.counts("hand_sizes", rules.players, 52),
                   stock_size=reader.integer("stock_size", 0, 52),
                   **read_public(reader, rules))
        view.validate()
        return view

    def validate(self) -> None:
        """Check that some full state has this view (docs/api.md, R23)."""
        if self.hand.bit_count() != self.hand_sizes[self.player]:
            raise StateError(f"hand holds {self.hand.bit_count()} cards but hand_sizes"
                             f"[{self.player}] is {self.hand_sizes[self.player]}",
                             field="hand_sizes")
        check_disjoint([("hand", self.hand), *public_zones(self)])
        hidden = sum(self.hand_sizes) - self.hand_sizes[self.player] + self.stock_size
        unseen = self.unseen
        if unseen.bit_count() != hidden:
            raise StateError(
                f"{unseen.bit_count()} cards are unseen but the other hands and the stock hold "
                f"{hidden}: every card must be somewhere exactly once", field="hand_sizes")
        check_sizes(self, list(self.hand_sizes), self.stock_size, "hand_sizes")
        values = self.rules.values
        numerals_unseen = [values[c] for c in cards_of(unseen)]

        def can_take(owner: int, value: int) -> bool:
            if owner == self.player:
                return any(values[c] == value for c in cards_of(self.hand))
            return value in numerals_unseen and self.hand_sizes[owner] > 0

        check_builds(self, list(self.hand_sizes), can_take)
        _check_owner_hands(self, values, numerals_unseen)
        check_progress(self)


def _check_owner_hands(view: View, values: tuple[int, ...], unseen: list[int]) -> None:
    """R23 for the hidden hands: each other owner must be able to hold one numeral of each
    value they own a build of, within their hand size and the unseen cards."""
    for owner in range(view.rules.players):
        if owner == view.player:
            continue
        needed = {b.value for b in view.builds if b.owner == owner}
        if len(needed) > view.hand_sizes[owner]:
            raise StateError(
                f"player {owner} owns builds of {len(needed)} values but holds "
                f"{view.hand_sizes[owner]} cards (R23)", field="table.builds", rule="R23")


