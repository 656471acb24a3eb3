"""Patience Poker through the engine's game protocol (engine.games.Game): ``GAME`` declares
it to the registry, ``ENGINE`` makes and reads its states, views and moves."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import card_name
from engine.errors import StateError
from engine.games import Game, GameType, VariantInfo
from engine.patience_poker.state import (
    MAX_PLAYERS,
    MAX_SEED,
    NAME,
    Event,
    Move,
    State,
    View,
    deal,
    parse_move,
)
from engine.records import DealRecords

__all__ = ["ENGINE", "GAME", "PatiencePokerGame"]


def _variant(name: str, text: str) -> VariantInfo:
    return VariantInfo(name, text, 1, ((0,),), True, min_seats=1, max_seats=MAX_PLAYERS)


GAME = GameType(
    name=NAME, title="Patience Poker", information="imperfect", chance="sampled",
    default_variant=NAME, rules_page="/rules/patience-poker", result="points",
    variants=(
        _variant(NAME, "Twenty-five cards laid touching into a square of five, the rows and "
                       "columns counted as poker hands by the American count by fives "
                       "(PP1-PP18); one seat alone, or a competition of up to eight on the "
                       "same cards called (PP15)."),
        _variant("patience-poker-straights", "Patience Poker counted by the American system "
                 "that puts the straight next to the full hand (PP13)."),
        _variant("patience-poker-english", "Patience Poker counted by the English system, "
                 "the straight above the full hand (PP13)."),
        _variant("poker-squares", "The fixed grid of five by five, any empty cell, the "
                 "American count of the 2016 Poker Squares competition (PP19)."),
    ))
"""PPD12: points per seat (one seat alone: its score, solver.value)."""


class PatiencePokerGame(Game[State, View, Move]):
    """Patience Poker (PP1-PP19, PPD1-PPD14)."""

    type = GAME
    max_seed = MAX_SEED
    turn_rule = "PPD7"
    over_rule = "PP9"
    seat_rule = "PP2"

    def __init__(self) -> None:
        self.records = DealRecords(self, history=lambda state: state.history,
                                   dealt=lambda state: (state.seed, state.caller))

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """PP3, PPD4, PPD6: ``players`` seats (one by default), ``dealer`` the caller."""
        GAME.variant(variant)
        count = 1 if players is None else players
        if isinstance(count, bool) or not isinstance(count, int) or \
                not 1 <= count <= MAX_PLAYERS:
            raise StateError(f"players: 1 to {MAX_PLAYERS} (PPD4)", field="players",
                             rule="PPD4")
        caller = 0 if dealer is None else dealer
        if isinstance(caller, bool) or not isinstance(caller, int) or \
                not 0 <= caller < count:
            raise StateError(f"dealer: the caller, a seat 0 to {count - 1} (PP16)",
                             field="dealer", rule="PP16")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise StateError(f"seed: an integer from 0 to {MAX_SEED}", field="seed")
        return deal(seed, variant, count, caller)

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        """The card called placed at the cell (public: the card is called aloud, PP15)."""
        del position
        out: dict[str, Any] = {"type": "place", "card": move.card, "cell": move.cell,
                               "id": move.id,
                               "description": f"Place {move.card} at {move.cell}"}
        if move.player is not None:
            out["player"] = move.player
        return out

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """Another seat's placement without its cell (PPD9)."""
        return event.to_dict(seat)

    def seat_count(self, position: State | View) -> int:
        return position.players

    def cards(self, state: State) -> Counter[str]:
        """Each seat's pack (PPD5): its tableau, the card called if it has not placed it,
        and the stock."""
        out: Counter[str] = Counter()
        for t in state.tableaus:
            out.update(card_name(c) for c in state.called)
            out.update(card_name(c) for c in state.stock)
            del t
        return out

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """PP3: the stock."""
        return frozenset(card_name(c) for c in state.stock)


ENGINE = PatiencePokerGame()
