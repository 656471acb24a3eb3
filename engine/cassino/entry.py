"""Cassino through the engine's game protocol (engine.games.Game): how the registry makes
and reads its states, views and moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.cards import card_name, cards_of
from engine.cassino.events import Event
from engine.cassino.game import CASSINO
from engine.cassino.moves import Move, parse_move
from engine.cassino.play import State, View, move_json, new_game
from engine.cassino.record import Record, first_dealer_of, record_of, record_of_state, replay
from engine.cassino.rules import get_rules
from engine.cassino.state import MAX_SEED, PLAYING, Played, public_zones
from engine.cassino.words import move_text
from engine.errors import StateError
from engine.games import Game, Records, Step
from engine.games import Played as AnyPlayed

__all__ = ["ENGINE", "GAME", "CassinoGame", "CassinoRecords"]


class CassinoRecords(Records[State, Record]):
    """Cassino's records (engine/cassino/record.py): every deal's moves, a void deal's
    too (R24, R25), and the result once the game is over (R27)."""

    def read(self, data: Any) -> Record:
        return Record.from_dict(data)

    def to_dict(self, record: Record) -> dict[str, Any]:
        return record.to_dict()

    def replay(self, record: Record) -> Sequence[Step]:
        return replay(record)

    def step_json(self, step: Step) -> dict[str, Any]:
        move = step.move
        return {"ply": step.ply, "player": step.player,
                "move": None if move is None else {**move.to_dict(), "id": move.id,
                                                   "description": move_text(move)},
                "state": step.state.to_dict(),
                "events": [event.to_dict() for event in step.events]}

    def of_game(self, state: State, moves: Sequence[AnyPlayed]) -> Record:
        return record_of(state.seed, state.variant, first_dealer_of(state),
                         [Played(p.player, p.move) for p in moves])

    def of_state(self, state: State, earlier: Record | None) -> Record:
        return record_of_state(state, earlier)

    def seats(self, record: Record) -> int:
        return record.rules.players

    def variant(self, record: Record) -> str:
        return record.rules.name


class CassinoGame(Game[State, View, Move]):
    """Cassino (R1-R29 and the book's variants)."""

    type = CASSINO
    max_seed = MAX_SEED
    turn_rule = "R4"
    over_rule = "R27"
    seat_rule = "R3"
    records = CassinoRecords()

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """Round 1 dealt (R3, R4); a variant's seats are its own (V6, V7)."""
        get_rules(variant)  # a playable variant, or the refusal naming it
        state = new_game(seed, variant, dealer)
        if players is not None and players != len(state.hands):
            raise StateError(f"players: {variant} is for {len(state.hands)} players",
                             field="players")
        return state

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        """With ``id``, and ``kind`` and ``groups`` for builds (R16-R22)."""
        return move_json(position.loose, position.builds, position.to_move, move,
                         position.rules)

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """A deal shows the seat its own hand only (R28)."""
        return event.to_dict(seat)

    def seat_count(self, position: State | View) -> int:
        return position.rules.players

    def cards(self, state: State) -> Counter[str]:
        """The hands, the stock, the table and the capture piles: the 52 cards (R1)."""
        masks = [*state.hands, *(mask for _, mask in public_zones(state))]
        return Counter([card_name(c) for mask in masks for c in cards_of(mask)]
                       + [card_name(c) for c in state.stock])

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """The other hands and the stock while the game is in play (R29)."""
        if state.status != PLAYING:
            return frozenset()
        others = [h for s, h in enumerate(state.hands) if s != seat]
        return frozenset([card_name(c) for h in others for c in cards_of(h)]
                         + [card_name(c) for c in state.stock])


ENGINE = CassinoGame()
GAME = CASSINO
