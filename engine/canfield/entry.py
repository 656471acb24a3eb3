"""Canfield through the engine's game protocol (engine.games.Game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.canfield.rules import BOOK, CLASSIC, get_rules
from engine.canfield.state import MAX_SEED, NAME, Move, State, View, deal, parse_move, read_table
from engine.canfield.words import event_json, move_json
from engine.errors import StateError
from engine.games import Game, GameType, VariantInfo
from engine.records import DealRecords

__all__ = ["ENGINE", "GAME", "CanfieldGame"]

GAME = GameType(
    name=NAME, title="Canfield", information="imperfect", chance="sampled",
    default_variant=BOOK, rules_page="/rules/canfield", result="score",
    variants=(
        VariantInfo(BOOK, "The book's Canfield: a 13-card stock, three at a time, passes "
                    "until one uses no card; $52 the pack, $5 a foundation card "
                    "(CF1-CF15).", 1, ((0,),), True),
        VariantInfo(CLASSIC, "The common Canfield of the solvers: a 13-card reserve, whole "
                    "piles moved, three at a time, unlimited passes (CF16-CF19).", 1,
                    ((0,),), True)))


class CanfieldGame(Game[State, View, Move]):
    """Canfield (CF1-CF19)."""

    type, max_seed, turn_rule, over_rule, seat_rule = GAME, MAX_SEED, "CF1", "CF13", "CF1"

    def __init__(self) -> None:
        self.records = DealRecords(self, history=lambda state: [
            (played.player, played.move) for played in state.history],
            dealt=lambda state: (state.seed, 0))
        """A game's record: its seed and every move (the seed deals it again)."""

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """CF2-CF5: the deal from the seed, one seat."""
        get_rules(variant)
        if players not in (None, 1):
            raise StateError("players: a solitaire, one (CF1)", field="players", rule="CF1")
        if dealer not in (None, 0):
            raise StateError("dealer: the one seat, 0 (CF1)", field="dealer", rule="CF1")
        return deal(seed, variant)

    def read_state(self, data: Any) -> State:
        state = read_table(data, view=False)
        assert isinstance(state, State)
        return state

    def read_view(self, data: Any) -> View:
        view = read_table(data, view=True)
        assert isinstance(view, View)
        return view

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        return move_json(position, move)

    def event_json(self, event: Any, seat: int | None) -> dict[str, Any]:
        """Every card an event names is face up (CF15)."""
        del seat
        return event_json(event)

    def seat_count(self, position: State | View) -> int:
        return 1

    def cards(self, state: State) -> Counter[str]:
        """The foundations, the stock, the columns, the hand and the talon: the 52 (CF1)."""
        from engine.cards import card_name
        view = state.view(0)
        cards = [*view.foundation_cards(), *state.stock, *state.hand, *state.waste,
                 *(c for col in state.cols for c in col)]
        return Counter(card_name(c) for c in cards)

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """CFD11: the cards the player has not seen."""
        from engine.cards import card_name
        return frozenset(card_name(c) for c in range(52) if not state.seen >> c & 1)


ENGINE = CanfieldGame()
__all__ += ["CLASSIC"]
