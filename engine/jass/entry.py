"""Jass through the engine's game protocol (engine.games.Game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import card_name, card_text, cards_of
from engine.errors import StateError
from engine.games import Game
from engine.jass.moves import Move, parse_move
from engine.jass.rules import GAME, MAX_SEED
from engine.jass.state import Event, State, View, new_game
from engine.records import DealRecord, DealRecords

__all__ = ["ENGINE", "GAME", "JassGame", "history", "move_words"]

_CALLS = {"exchange": "Take the nine cards on the table", "keep": "Keep your cards",
          "pass": "Pass out of the deal", "stay": "Play the deal",
          "call": "Call out: claim your total has reached the target (a wrong call loses)"}


def move_words(move: Move) -> str:
    """A move in words."""
    if move.kind == "play":
        return f"Play {card_text(move.card)}"
    if move.kind == "declare":
        if not move.melds:
            return "Declare no meld"
        return "Declare " + "; ".join(" ".join(card_text(c) for c in cards_of(m))
                                      for m in move.melds)
    return _CALLS[move.kind]


def history(state: State) -> list[tuple[int, Move]]:
    """Every move of the deal, from its log."""
    return [(p.player, p.move) for p in state.history]


def _dealt(state: State) -> tuple[int, int]:
    """A game's seed and first dealer (a match's first deal's, JD18): its record replays
    every deal from them."""
    return state.seed, state.dealer if state.match is None else state.match.first_dealer


class MatchRecords(DealRecords[State]):
    """A game's record (engine.records): a match's lists every move of every deal in its
    one ``deals`` entry, replayed from the seed and the first dealer (JD18)."""

    def of_state(self, state: State, earlier: DealRecord | None) -> DealRecord:
        """An open state keeps its own deal's moves only: a match's record is made from an
        open state in its first deal (a sealed game keeps the earlier deals' moves)."""
        if state.match is not None and state.match.deal > 1:
            raise StateError("state: an open match's state keeps the moves of its own deal "
                             "only, so its record is made in its first deal; a sealed game "
                             "keeps every deal's (JD18)", field="state", rule="JD18")
        return super().of_state(state, earlier)


class JassGame(Game[State, View, Move]):
    """Jass (J1-J22)."""

    type = GAME
    max_seed = MAX_SEED
    turn_rule = "J9"
    over_rule = "J17"
    seat_rule = "J3"

    def __init__(self) -> None:
        self.records = MatchRecords(self, history=history, dealt=_dealt)

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        info = GAME.variant(variant)
        if players is not None and players != info.seats:
            from engine.errors import StateError
            raise StateError(f"players: {variant} has {info.seats} (J3)", field="players",
                             rule="J3")
        return new_game(seed, variant, dealer)

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        del position
        out: dict[str, Any] = {"type": move.kind, "id": move.id,
                               "description": move_words(move)}
        if move.kind == "play":
            out["card"] = card_name(move.card)
        if move.kind == "declare":
            out["melds"] = [[card_name(c) for c in cards_of(m)] for m in move.melds]
        return out

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """J20: another's draw without its card, unless every seat saw it."""
        return event.seen_by(seat).to_dict()

    def seat_count(self, position: State | View) -> int:
        return position.seats

    def cards(self, state: State) -> Counter[str]:
        """The hands, the table, the stock, the trick and the cards won: the pack (J1)."""
        masks = [*state.hands, state.widow, *state.won]
        names = [card_name(c) for m in masks for c in cards_of(m)]
        names += [card_name(c) for c in state.stock]
        names += [card_name(c) for _, c in state.trick]
        return Counter(names)

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """JD11: the others' hands but the cards shown (the turned trump, the six, melds),
        the table's cards unless the seat laid them there, the stock but its last card."""
        hidden = 0
        for s in range(state.seats):
            if s != seat:
                hidden |= state.hands[s] & ~state.shown[s]
        if state.exchanger != seat:
            hidden |= state.widow
        for card in state.stock:
            hidden |= 1 << card
        hidden &= ~state.table_shown
        return frozenset(card_name(c) for c in cards_of(hidden))


ENGINE = JassGame()
