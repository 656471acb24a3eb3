"""The rummy games (Poker Rum, Poker Gin, Double-Pack Rum) through the engine's game
protocol (engine.games.Game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.errors import MoveFormatError
from engine.games import Game
from engine.records import DealRecords
from engine.rummy.cards import card_name, cards_of
from engine.rummy.events import Event
from engine.rummy.game import RUMMY
from engine.rummy.moves import DRAW, Move, parse_move
from engine.rummy.play import MAX_SEED, State, View, new_game
from engine.rummy.state import OUT, SHOWDOWN
from engine.rummy.words import move_json

__all__ = ["ENGINE", "GAME", "RummyGame"]


class RummyGame(Game[State, View, Move]):
    """The rummy games (RM1-RM28, DP1-DP13)."""

    type = RUMMY
    max_seed = MAX_SEED
    turn_rule = "RM7"
    over_rule = "RM26"
    seat_rule = "RM1"

    def __init__(self) -> None:
        self.records = DealRecords(self, history=lambda state: [
            (played.seat, played.move) for played in state.history])
        """A hand's record: its deal and every move (the state keeps them, RM27)."""

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """A hand dealt (RM5, RM6) at 2 to 6 seats (RM1)."""
        return new_game(seed, variant, players, dealer)

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        """A move from its id or its JSON, which may carry its ``id`` as legal-moves lists
        it (the id must then name the same move)."""
        if isinstance(data, dict) and not isinstance(data.get("type", ""), str):
            raise MoveFormatError("move.type: a move's type is a string", field="move.type")
        if not isinstance(data, dict) or "id" not in data:
            return parse_move(data)
        named = parse_move(data["id"], field="move.id") if isinstance(
            data["id"], str) else None
        if named is None:
            raise MoveFormatError("move.id: a move id is a string", field="move.id")
        rest = {key: value for key, value in data.items() if key not in ("id", "description")}
        if rest and parse_move(rest) != named:
            raise MoveFormatError(f"move.id: {data['id']!r} is not the move the other fields "
                                  "name", field="move.id", token=str(data["id"]))
        return named

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        """A take names the pile's card, a joker what it stands for (public cards)."""
        return move_json(move, position.table, position.pile)

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """A draw from the stock is the drawer's (RM27)."""
        return event.to_dict(seat)

    def seat_count(self, position: State | View) -> int:
        return len(position.scores)

    def cards(self, state: State) -> Counter[str]:
        """The hands, the stock, the discard pile and the table's melds: the packs and
        jokers of the table's size (RM2, DP1)."""
        ids = [c for hand in state.hands for c in cards_of(hand)]
        ids += [*state.stock, *state.pile, *(c for laid in state.table for c in laid.cards)]
        return Counter(card_name(c) for c in ids)

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """The stock until it is turned from the pile (DP12), and the other hands but for
        the cards each is known to hold, until a show-down or a player out shows every
        hand; a card the record of play showed (a discard, since turned into the stock) is
        no secret (RM25, RM27, DP12)."""
        known = state.known
        stock = state.stock if state.turned_at is None else ()
        others = [] if state.status in (SHOWDOWN, OUT) else [
            state.hands[s] & ~known[s] for s in range(state.players) if s != seat]
        shown = {c for p in state.history if p.type != DRAW
                 for c in ((p.card,) if p.card is not None else ()) + tuple(
                     cards_of(p.shown | p.laid))}
        return frozenset(card_name(c) for c in (*stock, *(c for h in others
                                                                for c in cards_of(h)))
                         if c not in shown)


ENGINE = RummyGame()
GAME = RUMMY
