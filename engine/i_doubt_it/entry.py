"""I Doubt It through the engine's game protocol (engine.games.Game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import card_name, card_text, cards_of
from engine.games import Game
from engine.i_doubt_it.moves import Move, parse_move
from engine.i_doubt_it.rules import GAME, MAX_SEED, PLURALS
from engine.i_doubt_it.state import Event, State, View, new_game
from engine.records import DealRecords

__all__ = ["ENGINE", "GAME", "IDoubtItGame", "history", "move_words"]


def move_words(move: Move) -> str:
    """A move in words (the claimer's own: it names the cards laid, ID4)."""
    if move.kind != "claim":
        return "Doubt it" if move.kind == "doubt" else "Pass"
    cards = " ".join(card_text(c) for c in cards_of(move.cards))
    size = move.cards.bit_count()
    return f"Lay {cards} as {size} {PLURALS[move.rank - 1]}"


def history(state: State) -> list[tuple[int, Move]]:
    """Every move of the game, from its log (ID4, ID5): a world's log, whose others' claims
    are hidden, has none (IDD9)."""
    return [(p.player, p.move) for p in state.history]


class IDoubtItGame(Game[State, View, Move]):
    """I Doubt It (ID1-ID13)."""

    type = GAME
    max_seed = MAX_SEED
    turn_rule = "ID13"
    over_rule = "ID10"
    seat_rule = "ID1"

    def __init__(self) -> None:
        self.records = DealRecords(self, history=history)

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        GAME.variant(variant)
        return new_game(seed, dealer, players)

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        return parse_move(data)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        """A move as answers list it: the claimer's own cards, which only it is told."""
        del position
        out: dict[str, Any] = {"type": move.kind, "id": move.id,
                               "description": move_words(move)}
        if move.kind == "claim":
            out["cards"] = [card_name(c) for c in cards_of(move.cards)]
            out["rank"] = move.id.rpartition(":")[2]
        return out

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """IDD9: another seat's claim and draw without their cards."""
        return event.seen_by(seat).to_dict()

    def seat_count(self, position: State | View) -> int:
        return position.seats

    def cards(self, state: State) -> Counter[str]:
        """The hands, the centre and the claim lying face down: the pack (ID1)."""
        return Counter(card_name(c) for c in (
            *(c for h in state.hands for c in cards_of(h)), *state.centre,
            *cards_of(state.claim)))

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """IDD9: the cards the seat has never seen: of the other hands, the centre and
        another's claim, all but those it held, laid, drew or saw turned up (the log it
        was told names those, wherever they lie now) and those it saw go where they lie."""
        seen = state.hands[seat] | state.centre_known[seat]
        for mask in state.known[seat]:
            seen |= mask
        if state.claimer == seat:
            seen |= state.claim
        for event in state.log:
            told = event.seen_by(seat).cards
            if told is not None:
                seen |= told
        every = state.claim
        for h in state.hands:
            every |= h
        for c in state.centre:
            every |= 1 << c
        return frozenset(card_name(c) for c in cards_of(every & ~seen))


ENGINE = IDoubtItGame()
