"""Conquian through the engine's game protocol (engine.games.Game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import card_name, cards_of
from engine.conquian.deal import MAX_SEED
from engine.conquian.events import Event
from engine.conquian.game import CONQUIAN_GAME
from engine.conquian.moves import Move, parse_move
from engine.conquian.play import State, View, new_game
from engine.conquian.rules import get_rules
from engine.conquian.state import all_cards, seats_of
from engine.conquian.words import move_json
from engine.games import Game
from engine.records import DealRecords

__all__ = ["ENGINE", "GAME", "ConquianGame"]


class ConquianGame(Game[State, View, Move]):
    """Conquian (Q1-Q24)."""

    type = CONQUIAN_GAME
    max_seed = MAX_SEED
    turn_rule = "Q24"
    over_rule = "Q18, Q20"
    seat_rule = "Q3, QD12"

    def __init__(self) -> None:
        self.records = DealRecords(self, history=lambda state: [
            (played.player, played.move) for played in state.history])
        """A hand's record: its deal and every move (public, Q23; the state keeps them)."""

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """A hand dealt (Q4, Q5) at two seats, or at three (QD12)."""
        get_rules(variant)  # an unknown variant is named before the players
        return new_game(seed, variant, dealer, players=players)

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        """A pass names the card passed up (public, Q23)."""
        return move_json(move, position.up)

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """Every card in an event is public (Q23)."""
        del seat
        return event.to_dict()

    def seat_count(self, position: State | View) -> int:
        """Two, or three at the table (QD12)."""
        return seats_of(position)

    def cards(self, state: State) -> Counter[str]:
        """The hands, the melds, the stock, the dead cards and the card up: the forty (Q1,
        QD1)."""
        return Counter(card_name(c) for c in all_cards(state))

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """The other hands and the stock (Q23, QD17)."""
        others = [h for s, h in enumerate(state.hands) if s != seat]
        return frozenset([card_name(c) for h in others for c in cards_of(h)]
                         + [card_name(c) for c in state.stock])


ENGINE = ConquianGame()
GAME = CONQUIAN_GAME
