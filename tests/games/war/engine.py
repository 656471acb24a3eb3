"""War's rules engine, the example game (docs/adding-a-game.md, rules W1-W8): a twenty-card
pack, two seats, ten tricks.  ``GAME`` declares it to the registry, ``ENGINE`` makes and
reads its states, views and moves (engine.games.Game)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from engine.errors import GameOverError, IllegalMoveError, MoveFormatError, StateError
from engine.games import Game, GameType, VariantInfo
from engine.result import Result

__all__ = ["ENGINE", "GAME", "PACK", "RANK", "Event", "Move", "State", "View"]

NAME = "war"
RANK = {rank: value for value, rank in enumerate(("2", "3", "4", "5", "6", "7", "8", "9",
                                                  "10", "A"))}
"""W1: the ranks, lowest first."""
PACK = tuple(f"{rank}{suit}" for suit in "SH" for rank in RANK)
"""W1: the twenty cards."""
TRICKS, HAND, MAX_SEED = 10, 2, 2**53 - 1
GAME = GameType(name=NAME, title="War", information="imperfect", chance="sampled",
                default_variant=NAME, rules_page="/rules/war", variants=(VariantInfo(
                    NAME, "Two seats, twenty cards, ten tricks (W1-W8).", 2,
                    ((0,), (1,)), True),))


class Move(NamedTuple):
    """A card of the mover's hand played face up (W4)."""

    card: str

    @property
    def id(self) -> str:
        return self.card


class Event(NamedTuple):
    """``play`` (``player``, its card), ``trick`` (its winner takes ``cards``, W5), ``tie``
    (both cards to the middle, W6), ``end`` (each seat takes back its middle cards, W7)."""

    type: str
    player: int | None
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        cards = " and ".join(self.cards) or "no card"
        said = {"play": f"Player {self.player} plays {cards}",
                "trick": f"Player {self.player} takes {cards}",
                "tie": f"A tie: {cards} go to the middle", "end": f"The end: {cards} go back"}
        return {"type": self.type, "description": said[self.type], "player": self.player,
                "cards": list(self.cards)}


def _turn(pile_sizes: tuple[int, ...], led: str | None) -> frozenset[int]:
    """W4: seat 0 leads each trick, seat 1 then plays; nobody once ten tricks are done."""
    return frozenset() if not pile_sizes[1] and led is None else frozenset({int(bool(led))})


@dataclass(frozen=True)
class State:
    """The whole game: each seat's face-down pile (top first), won piles, middle, card led."""

    seed: int
    piles: tuple[tuple[str, ...], ...]
    won: tuple[tuple[str, ...], ...]
    middle: tuple[str, ...]
    led: str | None
    game, variant, seats = NAME, NAME, 2

    @property
    def acting(self) -> frozenset[int]:
        return _turn(tuple(map(len, self.piles)), self.led)

    @property
    def game_over(self) -> bool:
        return not self.acting

    @property
    def result(self) -> Result:
        """W8: each seat's points are its won cards; the most wins."""
        return Result.settled(self.game_over, tuple(map(len, self.won)))

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0, 0)

    def moves_for(self, seat: int) -> list[Move]:
        return [Move(c) for c in self.piles[seat][:HAND]] if seat in self.acting else []

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """Play ``move`` for the seat to act (W4), then settle the trick (W5-W7)."""
        if self.game_over:
            raise GameOverError("the game is over after ten tricks (W7)", rule="W7")
        seat = min(self.acting)
        if move.card not in self.piles[seat][:HAND]:
            raise IllegalMoveError(f"move.card: {move.card} is not in player {seat}'s hand "
                                   "(W3)", field="move.card", rule="W3")
        piles = list(self.piles)
        piles[seat] = tuple(c for c in piles[seat] if c != move.card)
        events = [Event("play", seat, (move.card,))]
        if seat == 0:
            return replace(self, piles=tuple(piles), led=move.card), events
        assert self.led is not None
        pair, won, middle = (self.led, move.card), list(self.won), self.middle
        if RANK[self.led[:-1]] == RANK[move.card[:-1]]:
            middle, events = middle + pair, [*events, Event("tie", None, pair)]
        else:
            winner = int(RANK[move.card[:-1]] > RANK[self.led[:-1]])
            won[winner] += pair + middle
            events.append(Event("trick", winner, pair + middle))
            middle = ()
        if not piles[1]:  # W7: the cards of the middle go back to the seats that played them
            won = [won[0] + middle[0::2], won[1] + middle[1::2]]
            events.append(Event("end", None, middle))
            middle = ()
        return State(self.seed, tuple(piles), tuple(won), middle, None), events

    def view(self, player: int) -> View:
        """W3: the seat's own hand; the rest of each pile face down (only its size shown)."""
        if player not in (0, 1):
            raise StateError("player: a seat, 0 or 1", field="player")
        return View(player, self.piles[player][:HAND], tuple(map(len, self.piles)), self.won,
                    self.middle, self.led)

    def to_dict(self) -> dict[str, Any]:
        return {"game": NAME, "variant": NAME, "seed": self.seed,
                "piles": [list(p) for p in self.piles], **_public(self)}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        read = _Reader(data, {"seed", "piles"})
        seed = read.data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise StateError(f"seed: an integer from 0 to {MAX_SEED}", field="seed")
        piles = read.pair("piles")
        state = cls(seed, piles, *read.public(tuple(map(len, piles))))
        read.whole(0)
        return state


@dataclass(frozen=True)
class View:
    """What one seat sees (W3): its hand, the piles' sizes, the won piles, middle, card led."""

    player: int
    hand: tuple[str, ...]
    pile_sizes: tuple[int, ...]
    won: tuple[tuple[str, ...], ...]
    middle: tuple[str, ...]
    led: str | None
    game, variant = NAME, NAME

    @property
    def game_over(self) -> bool:
        return not _turn(self.pile_sizes, self.led)

    @property
    def result(self) -> Result:
        return Result.settled(self.game_over, tuple(map(len, self.won)))

    def legal_moves(self) -> list[Move]:
        return [Move(c) for c in self.hand] if self.player in _turn(self.pile_sizes,
                                                                     self.led) else []

    def refusal(self, move: Move) -> Exception | None:
        """The end (W7), the turn (W4), then a card not in the hand, in the same words
        wherever it lies (W3)."""
        if self.game_over:
            return GameOverError("the game is over after ten tricks (W7)", rule="W7")
        if self.player not in _turn(self.pile_sizes, self.led):
            return IllegalMoveError(f"player: it is player {1 - self.player}'s turn (W4)",
                                    field="player", rule="W4")
        if move.card not in self.hand:
            return IllegalMoveError(f"move.card: {move.card} is not in your hand (W3)",
                                    field="move.card", rule="W3")
        return None

    def resample(self, rng: random.Random) -> State:
        """The unseen cards dealt at random to the rest of both piles (W3)."""
        seen = {*self.hand, *self.middle, *(c for w in self.won for c in w), self.led}
        unseen = [c for c in PACK if c not in seen]
        rng.shuffle(unseen)
        own = self.pile_sizes[self.player] - len(self.hand)
        piles = {self.player: (*self.hand, *unseen[:own]), 1 - self.player: tuple(unseen[own:])}
        return State(rng.randrange(MAX_SEED + 1), (piles[0], piles[1]), self.won, self.middle,
                     self.led)

    def to_dict(self) -> dict[str, Any]:
        return {"game": NAME, "variant": NAME, "player": self.player, "hand": list(self.hand),
                "pile_sizes": list(self.pile_sizes), **_public(self)}

    @classmethod
    def from_dict(cls, data: Any) -> View:
        read = _Reader(data, {"player", "hand", "pile_sizes"})
        player, sizes = read.data["player"], read.data["pile_sizes"]
        if player not in (0, 1) or isinstance(player, bool):
            raise StateError("player: a seat, 0 or 1", field="player")
        if not (isinstance(sizes, list) and len(sizes) == 2 and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= TRICKS
                for n in sizes)):
            raise StateError("pile_sizes: two sizes from 0 to 10", field="pile_sizes")
        hand = read.cards(read.data["hand"], "hand")
        if len(hand) != min(HAND, sizes[player]):
            raise StateError("hand: the top two cards of the pile (W3)", field="hand",
                             rule="W3")
        view = cls(player, hand, tuple(sizes), *read.public(tuple(sizes)))
        read.whole(sum(sizes) - len(hand))
        return view


def _public(position: State | View) -> dict[str, Any]:
    return {"won": [list(w) for w in position.won], "middle": list(position.middle),
            "led": position.led, "result": position.result.to_dict()}


class _Reader:
    """Reads a state or view's JSON, each card of the pack at most once (W1)."""

    def __init__(self, data: Any, own: set[str]) -> None:
        if not isinstance(data, dict):
            raise StateError("a JSON object is expected")
        known = own | {"game", "variant", "won", "middle", "led", "result"}
        for key in data:
            if key not in known:
                raise StateError(f"{key}: not a field of War's", field=str(key))
        for key in known - {"game", "result"}:
            if key not in data:
                raise StateError(f"{key}: required", field=key)
        if data.get("game") != NAME or data["variant"] != NAME:
            raise StateError("variant: war", field="variant")
        self.data, self.seen = data, Counter[str]()

    def cards(self, value: Any, field: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise StateError(f"{field}: a list of cards", field=field)
        for i, card in enumerate(value):
            if card not in PACK or self.seen[card]:
                raise StateError(f"{field}[{i}]: {card!r} is not a card of the pack, or is "
                                 "there twice (W1)", field=f"{field}[{i}]", rule="W1")
            self.seen[card] += 1
        return tuple(value)

    def pair(self, field: str) -> tuple[tuple[str, ...], ...]:
        value = self.data[field]
        if not isinstance(value, list) or len(value) != 2:
            raise StateError(f"{field}: one list per seat", field=field)
        return tuple(self.cards(v, f"{field}[{i}]") for i, v in enumerate(value))

    def public(self, sizes: tuple[int, ...]) -> tuple[Any, ...]:
        """The won piles, the middle and the card led, checked against the piles' sizes."""
        won, middle = self.pair("won"), self.cards(self.data["middle"], "middle")
        led = self.data["led"]
        if led is not None:
            self.cards([led], "led")
        if sizes[0] + (led is not None) != sizes[1]:
            raise StateError("led: seat 0 leads each trick, seat 1 then plays (W4)",
                             field="led", rule="W4")
        ties = all(RANK[a[:-1]] == RANK[b[:-1]] for a, b in zip(middle[::2], middle[1::2],
                                                                  strict=True)) \
            if len(middle) % 2 == 0 else False
        if not ties or (middle and not sizes[1]):
            raise StateError("middle: the tied pairs of the tricks since the last won (W6)",
                             field="middle", rule="W6")
        return won, middle, led

    def whole(self, hidden: int) -> None:
        """Every card of the pack is somewhere: seen here, or among ``hidden`` face down."""
        if sum(self.seen.values()) + hidden != len(PACK):
            raise StateError("piles: the twenty cards of the pack, each once (W1)",
                             field="piles", rule="W1")


class WarGame(Game[State, View, Move]):
    """War (W1-W8)."""

    type = GAME
    max_seed = MAX_SEED
    turn_rule = "W4"
    over_rule = "W7"

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """W2: the pack shuffled from the seed, ten cards to each seat's pile."""
        GAME.variant(variant)
        if players not in (None, 2):
            raise StateError("players: War is for two players (W2)", field="players",
                             rule="W2")
        if dealer is not None:
            raise StateError("dealer: War has none, seat 0 leads each trick (W4)",
                             field="dealer", rule="W4")
        pack = list(PACK)
        random.Random(seed).shuffle(pack)
        return State(seed, (tuple(pack[:TRICKS]), tuple(pack[TRICKS:])), ((), ()), (), None)

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        """A card's name, or ``{"type": "play", "card": ...}`` (with its ``id``, as legal
        moves list it)."""
        if isinstance(data, str):
            data = {"card": data}
        if not isinstance(data, dict):
            raise MoveFormatError("move: a card's name or a move object", field="move")
        for key, value in data.items():
            if key not in ("type", "card", "id", "description"):
                raise MoveFormatError(f"move.{key}: not a field of a move", field=f"move.{key}")
            if key == "type" and value != "play":
                raise MoveFormatError("move.type: play", field="move.type")
        card = data.get("card")
        if card not in PACK:
            raise MoveFormatError(f"move.card: {card!r} is not a card of the pack (W1)",
                                  field="move.card", rule="W1")
        if data.get("id", card) != card:
            raise MoveFormatError("move.id: the id of a move is its card", field="move.id")
        return Move(card)

    def move_json(self, position: State | View, move: Move) -> dict[str, Any]:
        return {"type": "play", "card": move.card, "id": move.id,
                "description": f"Play {move.card}"}

    def event_json(self, event: Event, seat: int | None) -> dict[str, Any]:
        """Every card of an event was played face up (W3)."""
        return event.to_dict()

    def cards(self, state: State) -> Counter[str]:
        return Counter([*(c for p in (*state.piles, *state.won) for c in p), *state.middle,
                        *([state.led] if state.led else [])])

    def hidden(self, state: State, seat: int) -> frozenset[str]:
        """W3: the other pile, and the seat's own below its hand."""
        return frozenset([*state.piles[1 - seat], *state.piles[seat][HAND:]])


ENGINE = WarGame()
