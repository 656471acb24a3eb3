"""War's rules engine, the example game (its rules page ``rules.md``, W1-W9): a twenty-card
pack, two seats, ten tricks, seat 0 leading each trick (``war``) or the seats leading in
turn (``war-alternate``, W9: a seat may act twice in a row).  ``GAME`` declares it to the
registry, ``ENGINE`` makes and reads its states, views and moves (engine.games.Game)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeVar

from engine.errors import GameOverError, IllegalMoveError, MoveFormatError, StateError
from engine.games import Game, GameType, VariantInfo
from engine.result import Result

__all__ = ["ENGINE", "GAME", "PACK", "RANK", "Event", "Move", "State", "View"]

NAME, TRICKS, HAND, MAX_SEED = "war", 10, 2, 2**53 - 1
ALTERNATE = "war-alternate"
"""W9: the variant whose seats lead the tricks in turn."""
RANK = {rank: value for value, rank in enumerate(
    ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A"))}
"""W1: the ranks, lowest first."""
PACK = tuple(f"{rank}{suit}" for suit in "SH" for rank in RANK)
"""W1: the twenty cards."""
GAME = GameType(name=NAME, title="War", information="imperfect", chance="sampled",
                default_variant=NAME, rules_page="/rules/war", variants=(
                    VariantInfo(NAME, "Two seats, twenty cards, ten tricks (W1-W8).", 2,
                                ((0,), (1,)), True),
                    VariantInfo(ALTERNATE, "War with the seats leading the tricks in turn "
                                "(W9).", 2, ((0,), (1,)), True)))
VARIANTS = tuple(info.name for info in GAME.variants)


class Move(NamedTuple):
    """A card of the mover's hand, played face up (W4); its id is the card."""

    card: str

    @property
    def id(self) -> str:
        return self.card


class Event(NamedTuple):
    """``play`` (a seat's card), ``trick`` (its winner takes the cards, W5), ``tie`` (both
    cards to the middle, W6), ``end`` (the middle's cards back to their seats, W7)."""

    type: str
    player: int | None
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        who = "" if self.player is None else f"player {self.player}: "
        return {"type": self.type, "description": f"{who}{self.type} {' '.join(self.cards)}",
                "player": self.player, "cards": list(self.cards)}


@dataclass(frozen=True)
class _Table:
    """What every seat sees: the won piles, the middle, the card led (W3, W5, W6)."""

    won: tuple[tuple[str, ...], ...]
    middle: tuple[str, ...]
    led: str | None
    variant: str = NAME
    game = NAME

    @property
    def sizes(self) -> tuple[int, ...]:
        raise NotImplementedError

    @property
    def played(self) -> int:
        """The cards out of the piles: two per trick settled, and the card led."""
        return len(PACK) - sum(self.sizes)

    def leader(self, trick: int) -> int:
        """W4: seat 0 leads each trick; W9: in war-alternate, seat 0 the first, seat 1 the
        second, and so on."""
        return trick % 2 if self.variant == ALTERNATE else 0

    def turns(self) -> Iterator[int]:
        """The seat of each card still to be played, in order (W4, W9): the turn never
        depends on a card, so every seat may tell it; none after the tenth trick (W7)."""
        for card in range(self.played, len(PACK)):
            leader = self.leader(card // 2)
            yield leader if card % 2 == 0 else 1 - leader

    @property
    def acting(self) -> frozenset[int]:
        """The seat whose turn it is (W4, W9); nobody after the tenth trick (W7)."""
        seat = next(self.turns(), None)
        return frozenset() if seat is None else frozenset({seat})

    @property
    def game_over(self) -> bool:
        return not self.acting

    @property
    def result(self) -> Result:
        """W8: each seat's points are its won cards; the most wins."""
        return Result.settled(self.game_over, tuple(map(len, self.won)))

    def _json(self) -> dict[str, Any]:
        return {"won": [list(w) for w in self.won], "middle": list(self.middle),
                "led": self.led, "result": self.result.to_dict()}


@dataclass(frozen=True)
class State(_Table):
    """The whole game: each seat's face-down pile, top first (W2)."""

    seed: int = 0
    piles: tuple[tuple[str, ...], ...] = ((), ())
    seats = 2

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self.piles))

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0, 0)

    def moves_for(self, seat: int) -> list[Move]:
        return [Move(c) for c in self.piles[seat][:HAND]] if seat in self.acting else []

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """The seat to act plays ``move`` (W4); a second card settles the trick (W5-W7)."""
        if self.game_over:
            raise GameOverError("the game is over after ten tricks (W7)", rule="W7")
        seat = min(self.acting)
        if move.card not in self.piles[seat][:HAND]:
            raise IllegalMoveError(f"move.card: {move.card} is not in player {seat}'s hand "
                                   "(W3)", field="move.card", rule="W3")
        piles = list(self.piles)
        piles[seat] = tuple(c for c in piles[seat] if c != move.card)
        events = [Event("play", seat, (move.card,))]
        if self.led is None:
            return replace(self, piles=tuple(piles), led=move.card), events
        pair = (self.led, move.card) if seat == 1 else (move.card, self.led)  # seat 0's first
        won, middle = list(self.won), self.middle
        if self.led[:-1] == move.card[:-1]:
            middle = middle + pair
            events.append(Event("tie", None, pair))
        else:
            winner = seat if RANK[move.card[:-1]] > RANK[self.led[:-1]] else 1 - seat
            won[winner] += pair + middle
            events.append(Event("trick", winner, pair + middle))
            middle = ()
        if not any(piles):  # W7: the middle's cards go back to the seats that played them
            won = [won[0] + middle[0::2], won[1] + middle[1::2]]
            events.append(Event("end", None, middle))
            middle = ()
        return replace(self, won=tuple(won), middle=middle, led=None,
                       piles=tuple(piles)), events

    def view(self, player: int) -> View:
        """W3: the seat's own hand; of the rest of each pile, its size."""
        if player not in (0, 1):
            raise StateError("player: a seat, 0 or 1", field="player")
        return View(self.won, self.middle, self.led, self.variant, player,
                    self.piles[player][:HAND], self.sizes)

    def to_dict(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "seed": self.seed,
                "piles": [list(p) for p in self.piles], **self._json()}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        data = _fields(data, {"seed", "piles"})
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise StateError(f"seed: an integer from 0 to {MAX_SEED}", field="seed")
        state = cls(_pair(data["won"], "won"), _cards(data["middle"], "middle"), data["led"],
                    data["variant"], seed, _pair(data["piles"], "piles"))
        return _checked(state, [c for p in state.piles for c in p], 0)


@dataclass(frozen=True)
class View(_Table):
    """What one seat sees (W3): its hand and the sizes of both piles."""

    player: int = 0
    hand: tuple[str, ...] = ()
    pile_sizes: tuple[int, ...] = (0, 0)

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.pile_sizes

    def legal_moves(self) -> list[Move]:
        return [Move(c) for c in self.hand] if self.player in self.acting else []

    def refusal(self, move: Move) -> Exception | None:
        """The end (W7), the turn (W4), then a card not in the hand, in the same words
        wherever it lies (W3)."""
        if self.game_over:
            return GameOverError("the game is over after ten tricks (W7)", rule="W7")
        if self.player not in self.acting:
            return IllegalMoveError(f"player: it is player {1 - self.player}'s turn (W4)",
                                    field="player", rule="W4")
        if move.card not in self.hand:
            return IllegalMoveError(f"move.card: {move.card} is not in your hand (W3)",
                                    field="move.card", rule="W3")
        return None

    def resample(self, rng: random.Random) -> State:
        """The cards this seat has not seen, dealt at random to the rest of both piles."""
        seen = {*self.hand, *self.middle, *(c for w in self.won for c in w), self.led}
        unseen = [c for c in PACK if c not in seen]
        rng.shuffle(unseen)
        own = self.pile_sizes[self.player] - len(self.hand)
        piles = {self.player: (*self.hand, *unseen[:own]), 1 - self.player: tuple(unseen[own:])}
        return State(self.won, self.middle, self.led, self.variant,
                     rng.randrange(MAX_SEED + 1), (piles[0], piles[1]))

    def to_dict(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "player": self.player,
                "hand": list(self.hand),
                "pile_sizes": list(self.pile_sizes), **self._json()}

    @classmethod
    def from_dict(cls, data: Any) -> View:
        data = _fields(data, {"player", "hand", "pile_sizes"})
        player, sizes, hand = data["player"], data["pile_sizes"], _cards(data["hand"], "hand")
        if player not in (0, 1) or isinstance(player, bool):
            raise StateError("player: a seat, 0 or 1", field="player")
        if not isinstance(sizes, list) or len(sizes) != 2 or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= TRICKS
                for n in sizes):
            raise StateError("pile_sizes: two sizes from 0 to 10", field="pile_sizes")
        if len(hand) != min(HAND, sizes[player]):
            raise StateError("hand: the top two cards of the pile (W3)", field="hand",
                             rule="W3")
        view = cls(_pair(data["won"], "won"), _cards(data["middle"], "middle"), data["led"],
                   data["variant"], player, hand, tuple(sizes))
        return _checked(view, list(hand), sum(sizes) - len(hand))


T = TypeVar("T", bound=_Table)


def _fields(data: Any, own: set[str]) -> dict[str, Any]:
    """A state or view's JSON object: its fields, no other; ``led`` a card or null."""
    if not isinstance(data, dict):
        raise StateError("a JSON object is expected")
    known = own | {"game", "variant", "won", "middle", "led", "result"}
    for key in data:
        if key not in known:
            raise StateError(f"{key}: not a field of War's", field=str(key))
    for key in sorted(known - {"game", "result"}):
        if key not in data:
            raise StateError(f"{key}: required", field=key)
    if data.get("game") != NAME or data["variant"] not in VARIANTS:
        raise StateError(f"variant: one of {', '.join(VARIANTS)}", field="variant")
    if data["led"] is not None and data["led"] not in PACK:
        raise StateError("led: a card of the pack, or null (W1)", field="led", rule="W1")
    return data


def _cards(value: Any, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in PACK for c in value):
        raise StateError(f"{field}: a list of the pack's cards (W1)", field=field, rule="W1")
    return tuple(value)


def _pair(value: Any, field: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or len(value) != 2:
        raise StateError(f"{field}: one list per seat", field=field)
    return tuple(_cards(v, f"{field}[{i}]") for i, v in enumerate(value))


def _checked(table: T, held: list[str], unseen: int) -> T:
    """``table`` if its cards are the pack, each once (``unseen`` face down, W1), its leader
    led the trick in play (W4, W9) and the middle holds tied pairs only while in play (W6)."""
    seen = [*held, *(c for w in table.won for c in w), *table.middle,
            *([table.led] if table.led else [])]
    if len(set(seen)) != len(seen) or len(seen) + unseen != len(PACK):
        raise StateError("piles: the twenty cards of the pack, each once (W1)",
                         field="piles", rule="W1")
    sizes, middle = table.sizes, table.middle
    leader = table.leader(table.played // 2)
    if sizes[leader] + (table.led is not None) != sizes[1 - leader]:
        rule = "W9" if table.variant == ALTERNATE else "W4"
        raise StateError(f"led: seat {leader} leads this trick, seat {1 - leader} then plays "
                         f"({rule})", field="led", rule=rule)
    if len(middle) % 2 or (middle and not table.acting) or any(
            a[:-1] != b[:-1] for a, b in zip(middle[::2], middle[1::2], strict=True)):
        raise StateError("middle: the tied pairs since the last trick won (W6)",
                         field="middle", rule="W6")
    return table


class WarGame(Game[State, View, Move]):
    """War (W1-W9)."""

    type, max_seed, turn_rule, over_rule = GAME, MAX_SEED, "W4", "W7"

    def new_game(self, seed: int, variant: str, dealer: int | None = None,
                 players: int | None = None) -> State:
        """W2: the pack shuffled from the seed, ten cards to each seat's pile."""
        GAME.variant(variant)
        if players not in (None, 2):
            raise StateError("players: War is for two (W2)", field="players", rule="W2")
        if dealer is not None:
            raise StateError("dealer: War has none (W2)", field="dealer", rule="W2")
        pack = list(PACK)
        random.Random(seed).shuffle(pack)
        return State(((), ()), (), None, variant, seed,
                     (tuple(pack[:TRICKS]), tuple(pack[TRICKS:])))

    def read_state(self, data: Any) -> State:
        return State.from_dict(data)

    def read_view(self, data: Any) -> View:
        return View.from_dict(data)

    def parse_move(self, data: Any) -> Move:
        """A card's name, or ``{"type": "play", "card": ...}`` (with the ``id`` and
        ``description`` legal moves list)."""
        if isinstance(data, str):
            data = {"card": data}
        if not isinstance(data, dict):
            raise MoveFormatError("move: a card's name or a move object", field="move")
        for key, value in data.items():
            if key not in ("type", "card", "id", "description") or (
                    key == "type" and value != "play"):
                raise MoveFormatError(f"move.{key}: not a War move's", field=f"move.{key}")
        card = data.get("card")
        if not isinstance(card, str) or card not in PACK:
            raise MoveFormatError(f"move.card: {card!r} is not a card of the pack (W1)",
                                  field="move.card", rule="W1")
        if data.get("id", card) != card:
            raise MoveFormatError("move.id: a move's id is its card", field="move.id")
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
