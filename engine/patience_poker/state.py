"""Patience Poker's states, views, moves and events (PP1-PP19, PPD1-PPD14).

One state holds the whole table: the stock (PP3), the cards called so far in order (PP4),
and one tableau per seat, each its cells in call order (the ``i``-th cell holds the
``i``-th card called).  A seat may act while it has not placed the last card called
(PPD7); the next card is turned when every seat has placed it (PP15).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from engine.cards import card_name, parse_card
from engine.errors import (
    CardError,
    GameOverError,
    IllegalMoveError,
    MoveFormatError,
    StateError,
    UnsupportedVariantError,
)
from engine.patience_poker.grid import CARDS, Geometry, geometry, lines, parse_cell
from engine.patience_poker.hands import SYSTEMS, count
from engine.result import Result

__all__ = ["MAX_PLAYERS", "MAX_SEED", "NAME", "VARIANTS", "Event", "Move", "State", "View",
           "deal", "parse_move", "seat_error"]

NAME = "patience-poker"
VARIANTS = tuple(SYSTEMS)
MAX_SEED = 2**53 - 1
MAX_PLAYERS = 8
"""PPD4: one to eight seats."""
PACK = 52
_ID = re.compile(r"^(?:p(\d):)?([0-9A-Za-z]{1,2}[SHDCshdc])@(r\dc\d)$")
MOVE_FIELDS = frozenset(("type", "cell", "player", "card", "id", "description"))


class Move(NamedTuple):
    """``card`` (the card called, by its name) placed at ``cell`` (PPD1) by ``player``
    (``None``: the seat the request names, or the only one, PPD8)."""

    card: str
    cell: str
    player: int | None = None

    @property
    def id(self) -> str:
        """``7C@r4c5``, or ``p1:7C@r4c5`` naming the seat (PPD8)."""
        own = f"{self.card}@{self.cell}"
        return own if self.player is None else f"p{self.player}:{own}"


class Placed(NamedTuple):
    """A placement as a record keeps it (engine.games.Played): its seat and its move."""

    player: int
    move: Move


class Event(NamedTuple):
    """``place`` (a seat laid the card at a cell), ``turn`` (the next card called, PP4),
    ``count`` (a complete tableau's count, PP14)."""

    type: str
    player: int | None
    card: int | None = None
    cell: str | None = None
    points: int | None = None
    unseen: tuple[int, ...] = ()
    """A place's: the seats that had still to place the card (PPD9: not told its cell)."""

    def to_dict(self, seat: int | None = None) -> dict[str, Any]:
        """The event as ``seat`` may see it: a place without its cell to a seat that has
        still to place the card (PPD9)."""
        out: dict[str, Any] = {"type": self.type, "player": self.player}
        card = None if self.card is None else card_name(self.card)
        if self.type == "place":
            shown = seat not in self.unseen
            out |= {"card": card, "cell": self.cell if shown else None,
                    "description": f"player {self.player} placed {card}"
                    + (f" at {self.cell}" if shown else "")}
        elif self.type == "turn":
            out |= {"card": card, "description": f"{card} is turned (PP4)"}
        else:
            out |= {"points": self.points,
                    "description": f"player {self.player}'s tableau counts {self.points} "
                                   "(PP14)"}
        return out


def parse_move(data: Any) -> Move:
    """A move from its id (``7C@r4c5``, ``p1:7C@r4c5``) or its object (PPD1, PPD8)."""
    if isinstance(data, str):
        found = _ID.match(data)
        if found is None:
            raise MoveFormatError(f"move: {data!r} is not a move id; a move is the card and "
                                  "its cell, 7C@r4c5, or p<seat>:7C@r4c5 (PPD1, PPD8)",
                                  field="move", rule="PPD1", token=data)
        return Move(_card(found[2]), found[3], None if found[1] is None else int(found[1]))
    if not isinstance(data, dict):
        raise MoveFormatError("move: a move id or a move object", field="move")
    for key in data:
        if key not in MOVE_FIELDS:
            raise MoveFormatError(f"move.{key}: not a field of a Patience Poker move",
                                  field=f"move.{key}")
    if data.get("type", "place") != "place":
        raise MoveFormatError("move.type: the only move is 'place'", field="move.type")
    cell = data.get("cell")
    if not isinstance(cell, str) or not re.match(r"^r\dc\d$", cell):
        raise MoveFormatError(f"move.cell: {cell!r} is not a cell, r<row>c<col> (PPD1)",
                              field="move.cell", rule="PPD1")
    player = data.get("player")
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)
                               or not 0 <= player < MAX_PLAYERS):
        raise MoveFormatError(f"move.player: a seat, 0 to {MAX_PLAYERS - 1} (PPD4)",
                              field="move.player", rule="PPD4")
    if not isinstance(data.get("card"), str):
        raise MoveFormatError("move.card: the card placed, by its name (PP1)",
                              field="move.card", rule="PP1")
    move = Move(_card(data["card"]), cell, player)
    if "id" in data and data["id"] not in (move.id, Move(move.card, cell).id):
        raise MoveFormatError(f"move.id: {data['id']!r} is not the move the other fields "
                              "name", field="move.id")
    return move


def _card(token: str) -> str:
    """A card's name as the service writes it (PP1), refused naming ``move.card``."""
    try:
        return card_name(parse_card(token))
    except CardError as exc:
        raise MoveFormatError(f"move.card: {exc.message} (PP1)", field="move.card",
                              rule="PP1", token=token) from None


def seat_error(move: Move, player: int) -> IllegalMoveError | None:
    """PPD8: a move names the seat that makes it, or none; the refusal of one naming
    another seat than ``player``, the same in the open game, a sealed one and a view."""
    if move.player is not None and move.player != player:
        return IllegalMoveError(f"move.player: this is player {player}'s move, not player "
                                f"{move.player}'s (PPD8)", field="move.player", rule="PPD8")
    return None


@dataclass(frozen=True)
class _Table:
    """What a state and a view share: the variant, the caller, the cards called and the
    tableaus (a view's as its seat sees them, PPD9)."""

    variant: str
    caller: int
    called: tuple[int, ...]
    tableaus: tuple[tuple[int, ...], ...]
    game = NAME

    @property
    def geometry(self) -> Geometry:
        return geometry(self.variant)

    @property
    def players(self) -> int:
        return len(self.tableaus)

    @property
    def seats(self) -> int:
        return len(self.tableaus)

    @property
    def acting(self) -> frozenset[int]:
        raise NotImplementedError

    @property
    def card(self) -> int | None:
        """The card to place (PP4), or ``None`` once every tableau is complete."""
        return self.called[-1] if self.acting else None

    @property
    def game_over(self) -> bool:
        return len(self.called) == CARDS and not self.acting

    def count_of(self, seat: int) -> int:
        """PP14, PPD10: the counts of the seat's complete hands as every seat has seen them
        (while the card called is being placed, without its placements)."""
        cells = self.tableaus[seat]
        if self.acting:
            cells = cells[:len(self.called) - 1]
        total = 0
        for line in lines(cells, self.geometry.width):
            if len(line) == 5:
                total += count([self.called[i] for i in line], self.variant)
        return total

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.count_of(s) for s in range(self.players))

    @property
    def result(self) -> Result:
        """PPD12: each seat's count; the most wins."""
        return Result.settled(self.game_over, self.scores)

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0,) * self.players

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def _json(self) -> dict[str, Any]:
        g = self.geometry
        return {"game": NAME, "variant": self.variant, "caller": self.caller,
                "players": self.players, "called": [card_name(c) for c in self.called],
                "card": None if self.card is None else card_name(self.card),
                "tableaus": [[g.name(c) for c in t] for t in self.tableaus],
                "acting": sorted(self.acting), "scores": list(self.scores),
                "result": self.result.to_dict()}


@dataclass(frozen=True)
class State(_Table):
    """The whole table (PP3, PP15): the stock, top first, beside what every seat shares."""

    seed: int = 0
    stock: tuple[int, ...] = ()

    @cached_property
    def _acting(self) -> frozenset[int]:
        n = len(self.called)
        return frozenset(s for s, t in enumerate(self.tableaus) if len(t) < n)

    @property
    def acting(self) -> frozenset[int]:
        """PPD7: every seat that has not placed the card called."""
        return self._acting

    def legal_cells(self, seat: int) -> list[int]:
        return self.geometry.legal(self.tableaus[seat]) if seat in self.acting else []

    @property
    def history(self) -> list[Placed]:
        """PPD14: every placement but the first card of the book's variants, card by card,
        the seats in order (a state keeps no other order; any order gives the same state,
        PP15)."""
        g = self.geometry
        first = 0 if g.fixed else 1
        n = max(len(t) for t in self.tableaus)
        who = self.players > 1
        return [Placed(s, Move(card_name(self.called[i]), g.name(t[i]), s if who else None))
                for i in range(first, n) for s, t in enumerate(self.tableaus) if i < len(t)]

    def moves_for(self, seat: int) -> list[Move]:
        """The cells where ``seat`` may place the card (PP6-PP8, PP19), each naming the seat
        where several may act (PPD8)."""
        who = None if self.players == 1 else seat
        card = card_name(self.called[-1])
        return [Move(card, self.geometry.name(c), who) for c in self.legal_cells(seat)]

    def seat_of(self, move: Move) -> int:
        """The seat a move is of: its own, or the only seat that may act (PPD8)."""
        if move.player is not None:
            if not 0 <= move.player < self.players:
                raise IllegalMoveError(f"move.player: seats are 0 to {self.players - 1} "
                                       "(PPD4)", field="move.player", rule="PPD4")
            return move.player
        if self.players == 1:
            return 0
        if len(self.acting) == 1:
            return next(iter(self.acting))
        raise IllegalMoveError("move.player: several seats may place the card; the move "
                               "names its seat, p<seat>:<card>@<cell> (PPD8)", field="move.player",
                               rule="PPD8")

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """The seat places the card (PP6-PP8); when all have, the next is turned (PP4)."""
        if self.game_over:
            raise GameOverError("the game is over: every tableau is complete (PP9)",
                                field="move", rule="PP9")
        seat = self.seat_of(move)
        refused = self.view(seat).refusal(move)
        if refused is not None:
            raise refused
        g = self.geometry
        cell = g.parse(move.cell)
        tableaus = list(self.tableaus)
        tableaus[seat] = (*tableaus[seat], cell)
        card = self.called[-1]
        after = State(self.variant, self.caller, self.called, tuple(tableaus), self.seed,
                      self.stock)
        events = [Event("place", seat, card, move.cell, unseen=tuple(sorted(after.acting)))]
        if not after.acting:
            if len(self.called) < CARDS:
                after, turned = after._turned()
                events += turned
            else:
                events += [Event("count", s, points=p) for s, p in enumerate(after.scores)]
        return after, events

    def _turned(self) -> tuple[State, list[Event]]:
        """PP4: the next card turned; in the book's variants the first lays itself (PPD2)."""
        card, rest = self.stock[0], self.stock[1:]
        state = State(self.variant, self.caller, (*self.called, card), self.tableaus,
                      self.seed, rest)
        return state, [Event("turn", None, card)]

    def visible(self, player: int) -> tuple[tuple[int, ...], ...]:
        """PPD9: the tableaus as ``player`` sees them."""
        if player not in self.acting:
            return self.tableaus
        shown = len(self.called) - 1
        return tuple(t if s == player else t[:shown] for s, t in enumerate(self.tableaus))

    def view(self, player: int) -> View:
        if isinstance(player, bool) or not isinstance(player, int) or \
                not 0 <= player < self.players:
            raise StateError(f"player: a seat, 0 to {self.players - 1} (PP2)",
                             field="player", rule="PP2")
        return View(self.variant, self.caller, self.called, self.visible(player), player,
                    self.acting)

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "seed": self.seed,
                "stock": [card_name(c) for c in self.stock]}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        data = _fields(data, {"seed", "stock"}, "state")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise StateError(f"seed: an integer from 0 to {MAX_SEED}", field="seed")
        variant, caller, called, tableaus = _table(data)
        stock = _cards(data["stock"], "stock")
        if len(set(called) | set(stock)) != PACK or len(called) + len(stock) != PACK:
            raise StateError("stock: the cards not yet called, so that the stock and the "
                             "cards called are the pack, each card once (PP1, PP3)",
                             field="stock", rule="PP3")
        state = cls(variant, caller, called, tableaus, seed, stock)
        n = len(called)
        sizes = {s: len(t) if len(t) in (n - 1, n) else n for s, t in enumerate(tableaus)}
        if n < CARDS and all(size == n for size in sizes.values()):
            raise StateError("tableaus: every seat has placed the last card called, so the "
                             "next one is turned (PP4)", field="tableaus", rule="PP4")
        _check_tableaus(state, tableaus, sizes)
        _derived(state, data)
        return state


@dataclass(frozen=True)
class View(_Table):
    """What ``player`` sees (PPD9): the cards called, the tableaus as they stood before the
    card was turned (its own and every placement once it has placed it), who may act."""

    player: int = 0
    acting_seats: frozenset[int] = frozenset()

    @property
    def acting(self) -> frozenset[int]:
        return self.acting_seats

    @property
    def stock_size(self) -> int:
        return PACK - len(self.called)

    def legal_cells(self) -> list[int]:
        if self.player not in self.acting:
            return []
        return self.geometry.legal(self.tableaus[self.player])

    def legal_moves(self) -> list[Move]:
        who = None if self.players == 1 else self.player
        card = card_name(self.called[-1])
        return [Move(card, self.geometry.name(c), who) for c in self.legal_cells()]

    def refusal(self, move: Move) -> Exception | None:
        """PPD11: the end, the seat, then the first rule the cell breaks."""
        if self.game_over:
            return GameOverError("the game is over: every tableau is complete (PP9)",
                                 field="move", rule="PP9")
        named = seat_error(move, self.player)
        if named is not None:
            return named
        if self.player not in self.acting:
            return IllegalMoveError(f"player: player {self.player} has placed "
                                    f"{card_name(self.called[-1])}; the others place it next "
                                    "(PPD7)", field="player", rule="PPD7")
        called = card_name(self.called[-1])
        if move.card != called:
            return IllegalMoveError(f"move.card: {move.card} is not the card called, "
                                    f"{called} (PP4)", field="move.card", rule="PP4",
                                    token=move.card)
        g = self.geometry
        try:
            cell = g.parse(move.cell)
        except MoveFormatError as exc:
            return exc
        problem = g.problem(self.tableaus[self.player], cell)
        if problem is not None:
            rule, words = problem
            return IllegalMoveError(f"move.cell: {words} ({rule})", field="move.cell",
                                    rule=rule, token=move.cell)
        return None

    def resample(self, rng: random.Random) -> State:
        """A state with this view: the stock drawn from the cards not called, and each
        hidden placement of the card (PPD9) a legal cell drawn at random."""
        unseen = [c for c in range(PACK) if c not in set(self.called)]
        rng.shuffle(unseen)
        tableaus = list(self.tableaus)
        n = len(self.called)
        for s, t in enumerate(tableaus):
            if s not in self.acting and len(t) < n:
                tableaus[s] = (*t, rng.choice(self.geometry.legal(t)))
        return State(self.variant, self.caller, self.called, tuple(tableaus),
                     rng.randrange(MAX_SEED + 1), tuple(unseen))

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "player": self.player, "stock_size": self.stock_size}

    @classmethod
    def from_dict(cls, data: Any) -> View:
        data = _fields(data, {"player", "acting", "stock_size"}, "view")
        variant, caller, called, tableaus = _table(data)
        player = data["player"]
        if isinstance(player, bool) or not isinstance(player, int) or \
                not 0 <= player < len(tableaus):
            raise StateError(f"player: a seat, 0 to {len(tableaus) - 1} (PP2)",
                             field="player", rule="PP2")
        acting = data["acting"]
        if not isinstance(acting, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(tableaus)
                for s in acting) or len(set(acting)) != len(acting):
            raise StateError("acting: the seats that have not placed the card (PPD7)",
                             field="acting", rule="PPD7")
        view = cls(variant, caller, called, tableaus, player, frozenset(acting))
        n = len(called)
        if acting:
            sizes = {s: (n - 1 if s in acting or player in acting else n)
                     for s in range(len(tableaus))}
        elif n != CARDS:
            raise StateError("acting: some seat places each card until the twenty-fifth "
                             "(PP9)", field="acting", rule="PP9")
        else:
            sizes = {s: n for s in range(len(tableaus))}
        _check_tableaus(view, tableaus, sizes)
        _derived(view, data)
        return view


def deal(seed: int, variant: str, players: int, caller: int) -> State:
    """PP3: the pack shuffled from ``seed``; the first card turned, laid by the rules in
    the book's variants (PPD2)."""
    pack = list(range(PACK))
    random.Random(seed).shuffle(pack)
    g = geometry(variant)
    first = (g.start,) if not g.fixed else ()
    state = State(variant, caller, (pack[0],), tuple(first for _ in range(players)), seed,
                  tuple(pack[1:]))
    return state._turned()[0] if first else state


# --- reading -----------------------------------------------------------------------------

_TABLE = {"game", "variant", "caller", "called", "tableaus"}
_DERIVED = {"card", "acting", "scores", "result", "players", "stock_size"}


def _fields(data: Any, own: set[str], what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise StateError(f"{what}: a JSON object is expected", field=what)
    known = own | _TABLE | _DERIVED
    for key in data:
        if key not in known:
            raise StateError(f"{key}: not a field of a Patience Poker {what}", field=str(key))
    for key in sorted((own | _TABLE) - {"game", "stock_size"}):
        if key not in data:
            raise StateError(f"{key}: required", field=key)
    if data.get("game", NAME) != NAME:
        raise StateError(f"game: must be {NAME!r}", field="game")
    if data["variant"] not in VARIANTS:
        raise UnsupportedVariantError(f"variant: one of {', '.join(VARIANTS)}",
                                      field="variant")
    return data


def _cards(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise StateError(f"{field}: a list of cards (PP1)", field=field, rule="PP1")
    out = []
    for i, token in enumerate(value):
        try:
            out.append(parse_card(token))
        except CardError as exc:
            raise StateError(f"{field}[{i}]: {exc.message} (PP1)", field=f"{field}[{i}]",
                             rule="PP1", token=str(token)) from None
    return tuple(out)


def _table(data: dict[str, Any]) -> tuple[str, int, tuple[int, ...], tuple[tuple[int, ...],
                                                                           ...]]:
    variant = data["variant"]
    tableaus = data["tableaus"]
    if not isinstance(tableaus, list) or not 1 <= len(tableaus) <= MAX_PLAYERS:
        raise StateError(f"tableaus: one list of cells per seat, 1 to {MAX_PLAYERS} seats "
                         "(PPD4)", field="tableaus", rule="PPD4")
    caller = data["caller"]
    if isinstance(caller, bool) or not isinstance(caller, int) or \
            not 0 <= caller < len(tableaus):
        raise StateError(f"caller: a seat, 0 to {len(tableaus) - 1} (PP16)", field="caller",
                         rule="PP16")
    called = _cards(data["called"], "called")
    if not 1 <= len(called) <= CARDS or len(set(called)) != len(called):
        raise StateError("called: the cards turned, 1 to 25, each once (PP4, PP9)",
                         field="called", rule="PP4")
    width = geometry(variant).width
    cells = []
    for s, t in enumerate(tableaus):
        if not isinstance(t, list):
            raise StateError(f"tableaus[{s}]: a list of cells (PPD1)",
                             field=f"tableaus[{s}]", rule="PPD1")
        try:
            cells.append(tuple(parse_cell(c, width, f"tableaus[{s}][{i}]")
                               for i, c in enumerate(t)))
        except MoveFormatError as exc:
            raise StateError(exc.message, field=exc.field, rule="PPD1") from None
    return variant, caller, called, tuple(cells)


def _check_tableaus(table: _Table, tableaus: Sequence[tuple[int, ...]],
                    sizes: dict[int, int]) -> None:
    """Each tableau as long as it must be, every cell laid where the rules allowed."""
    g = table.geometry
    for s, cells in enumerate(tableaus):
        if len(cells) != sizes[s]:
            raise StateError(f"tableaus[{s}]: {sizes[s]} cells, one per card called it has "
                             "placed (PP15, PPD7, PPD9)", field=f"tableaus[{s}]", rule="PP15")
        for i, cell in enumerate(cells):
            if i == 0 and not g.fixed:
                if cell != g.start:
                    raise StateError(f"tableaus[{s}][0]: the first card lies at "
                                     f"{g.name(g.start)} (PPD2)", field=f"tableaus[{s}][0]",
                                     rule="PPD2")
                continue
            problem = g.problem(cells[:i], cell)
            if problem is not None:
                raise StateError(f"tableaus[{s}][{i}]: {problem[1]} ({problem[0]})",
                                 field=f"tableaus[{s}][{i}]", rule=problem[0])


def _derived(table: _Table, data: dict[str, Any]) -> None:
    """A derived field sent must be what the rest gives."""
    written = table.to_dict()
    for key in sorted(_DERIVED & data.keys()):
        if data[key] != written.get(key):
            raise StateError(f"{key}: {data[key]!r} is not what the rest of the {key!r} "
                             f"gives ({written.get(key)!r})", field=key)
