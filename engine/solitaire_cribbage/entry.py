"""Solitaire Cribbage through the engine's game protocol (engine.games.Game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import card_name, card_text
from engine.errors import StateError
from engine.events import Event
from engine.games import Game
from engine.records import DealRecords
from engine.solitaire_cribbage.moves import Move, parse_move
from engine.solitaire_cribbage.reading import read_state, read_view
from engine.solitaire_cribbage.rules import DEALS, GAME, MAX_SEED
from engine.solitaire_cribbage.state import State, View, new_packs

__all__ = ["ENGINE", "GAME", "SolitaireCribbageGame"]


def _cards(cards: Any) -> list[str]:
    return [card_name(c) for c in cards]


def _words(cards: Any) -> str:
    return " ".join(card_text(c) for c in cards)


class SolitaireCribbageGame(Game[State, View, Move]):
    """Solitaire Cribbage (SC1-SC24, SCD1-SCD12)."""

    type = GAME
    max_seed = MAX_SEED
    turn_rule = "SC12"
    over_rule = "SC10, SC20"
    seat_rule = "SC2"

    def __init__(self) -> None:
        self.records = DealRecords(
            self, history=lambda state: [(m.player, m) for m in state.history],
            dealt=lambda state: (state.seed, 0))
        """A game's record: its seed and every seat's moves (one pass through the pack)."""

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """SC2-SC4, SCD1, SCD12: every seat's pack shuffled from the seed and the first
        deal dealt; each seat deals to himself (``dealer`` changes nothing)."""
        info = GAME.variant(variant)
        low, high = info.seat_range
        seats = info.seats if players is None else players
        if isinstance(seats, bool) or not isinstance(seats, int) or not low <= seats <= high:
            raise StateError(f"players: {variant} is played by {low} to {high} seats (SC2)",
                             field="players", rule="SC2")
        if dealer is not None and not 0 <= dealer < seats:
            raise StateError(f"dealer: a seat, 0 to {seats - 1} (each deals to himself, "
                             "SCD12)", field="dealer", rule="SCD12")
        if not 0 <= seed <= MAX_SEED:
            raise StateError(f"seed: 0 to {MAX_SEED}", field="seed")
        return State(variant, seed, new_packs(seed, seats))

    def read_state(self, data: Any) -> State:
        return read_state(data)

    def read_view(self, data: Any) -> View:
        return read_view(data)

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        del position
        return {**move.to_dict(), "description": move.text()}

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """SC24: a seat's hand and the cards it lays away are its own until counted; the
        counts and the end are every seat's."""
        player = event.get("player")
        own = seat is None or seat == player
        if event.type == "lay":
            out: dict[str, Any] = {"type": "lay", "player": player,
                                   "description": f"Player {player} lays two cards away"}
            if own:
                out["cards"] = _cards(event.get("cards"))
                out["description"] += f": {_words(event.get('cards'))}"
            return out
        if event.type == "deal":
            out = {"type": "deal", "player": player, "deal": event.get("deal"),
                   "description": f"Deal {event.get('deal')} to player {player}"}
            if own:
                out["cards"] = _cards(event.get("cards"))
                out["description"] += f": {_words(event.get('cards'))}"
            return out
        if event.type == "count":
            done = event.get("counted")
            what = "the last hand" if done.deal > DEALS else f"deal {done.deal}"
            starter = "" if done.starter is None else f", starter {card_text(done.starter)}"
            return {"type": "count", "player": player, **done.to_dict(),
                    "description": f"Player {player} counts {what}: {done.points} "
                                   f"({_words(done.hand)}{starter})"}
        result, games = event.get("result"), event.get("games")
        won = ", ".join(str(s) for s in result.winners) or "nobody"
        return {"type": "end", "result": result.to_dict(), "games": list(games),
                "description": f"The game is over: holes {list(result.points)}, won by {won}"}

    def seat_count(self, position: State | View) -> int:
        return position.seats

    def cards(self, state: State) -> Counter[str]:
        """SC1: every seat's pack where its cards lie: thrown aside after a count, in the
        hand, laid away, in the crib face down, and the pack's rest."""
        out: Counter[str] = Counter()
        for seat, pack in enumerate(state.packs):
            thrown = [c for done in state.table.counts[seat] if done.deal <= DEALS
                      for c in (*done.hand, *done.crib)]
            rest = pack[8 * state.table.dealt:]  # this deal's hand, crib and the pack's rest
            out.update(card_name(c) for c in (*thrown, *rest))
        return out

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """SC24, SCD4, SCD10: the names of the cards ``seat`` cannot see anywhere: the
        packs' rest, the cribs' two dealt cards, the other seats' hands and the cards they
        laid away in this deal (each seat's pack holds every name, so a name the seat sees
        in one place is not hidden by another)."""
        view = state.view(seat)
        seen = {card_name(c) for s in range(state.seats) for c in view.seen(s)}
        return frozenset(name for name in self.cards(state) if name not in seen)


ENGINE = SolitaireCribbageGame()
