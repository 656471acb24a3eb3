"""Canfield's positions and moves (docs/rules/canfield.md CF1-CF19, CFD1-CFD14).

A :class:`State` holds every card; a :class:`View` is the same table with every card the
player has not seen written as ``HIDDEN`` (CF15, CFD11), so that the moves, which read only
the cards face up, are made by the same code from either.  Cards are the ints of
:mod:`engine.cards`; the stock and the hand are listed top first, the talon bottom first
(its top card last), each column bottom first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from engine.canfield.rules import (
    IDLE_LIMIT,
    LAYOUT,
    PAY,
    RANK_NAMES,
    STAKE,
    STOCK,
    TURN,
    builds_on,
    get_rules,
    rank,
    suit,
)
from engine.cards import card_name, parse_card
from engine.errors import CardError, GameOverError, IllegalMoveError, MoveFormatError, StateError
from engine.events import Event
from engine.result import Result

__all__ = ["HIDDEN", "MAX_SEED", "NAME", "STOP_MOVE", "TURN_MOVE", "Move", "Played", "State",
           "Table", "View", "deal", "parse_move"]

NAME = "canfield"
MAX_SEED = 2**53 - 1
HIDDEN = -1
"""A card the player has not seen (CFD11)."""
SOURCES = ("w", "s", "c0", "c1", "c2", "c3")
ENDS = ("", "won", "stopped", "dead-pass", "blocked")
"""Why the game ended (CF13, CFD9, CFD12); ``""`` while it is played."""


class Move(NamedTuple):
    """A move: ``card`` (a column's pile by its bottom card in the common game, CF17) to
    ``dst``, the foundations ``f`` or column ``cJ``; or ``turn`` (CF6, CF12) or ``stop``
    (CFD9), with no card.  Its id is ``<card>><dst>`` (``5D>c0``, ``8S>f``) or the word;
    where the card comes from is the table's to say (:meth:`Table.source`)."""

    card: int
    dst: str

    @property
    def id(self) -> str:
        return f"{card_name(self.card)}>{self.dst}" if self.card >= 0 else self.dst

    @property
    def word(self) -> str:
        """``turn``, ``stop``, or ``""`` for a card's move."""
        return self.dst if self.card < 0 else ""


TURN_MOVE, STOP_MOVE = Move(-1, "turn"), Move(-1, "stop")


class Played(NamedTuple):
    """A move of the game, as its record keeps it (every move is public, CF15)."""

    player: int
    move: Move
TARGETS = ("f", "c0", "c1", "c2", "c3")


def parse_move(data: Any) -> Move:
    """A move from its id (``5D>f``, ``9C>c3``, ``turn``, ``stop``) or its JSON (with
    ``id``, or ``card`` and ``target``); errors name ``move``."""
    if isinstance(data, dict):
        ident = data.get("id")
        if ident is None and "card" in data:
            ident = f"{data['card']}>{data.get('target', '')}"
    else:
        ident = data
    if not isinstance(ident, str):
        raise MoveFormatError("move: a move id such as '5D>f', '9C>c2', 'turn' or 'stop'",
                              field="move")
    if ident in ("turn", "stop"):
        return Move(-1, ident)
    name, _, dst = ident.partition(">")
    if dst not in TARGETS:
        raise MoveFormatError(f"move: {ident!r} is not a move (a card, '>', a target f or "
                              "c0-c3; or turn, stop)", field="move", token=ident)
    try:
        card = parse_card(name)
    except CardError as exc:
        raise MoveFormatError(f"move: {exc.message}", field="move", token=name) from None
    return Move(card, dst)


@dataclass(frozen=True)
class Table:
    """What State and View share: the table, with some cards ``HIDDEN`` in a view."""

    variant: str
    base: int
    """CF3: the foundations' first rank."""
    found: tuple[int, int, int, int]
    """CF7: the cards on each suit's foundation (spades, hearts, diamonds, clubs)."""
    stock: tuple[int, ...]
    cols: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    waste: tuple[int, ...]
    used: bool = False
    """CFD7: a card has been used in this pass."""
    passes: int = 1
    idle: int = 0
    """CFD8: moves between columns since a card was last used."""
    end: str = ""

    game = NAME
    seats = 1

    # --- the protocol ---------------------------------------------------------------
    @property
    def player(self) -> int:
        return 0

    @property
    def to_move(self) -> int:
        """The one seat plays every move (CF1)."""
        return 0

    @property
    def game_over(self) -> bool:
        return bool(self.end)

    @property
    def acting(self) -> frozenset[int]:
        return frozenset() if self.end else frozenset({0})

    @property
    def score(self) -> int:
        """CF14: the foundation cards."""
        return sum(self.found)

    @property
    def result(self) -> Result:
        """CF14, CFD10: the net dollars, $5 a foundation card less the $52; the bet won
        (a winner) with eleven cards or more."""
        return Result.settled(self.game_over, (PAY * self.score - STAKE,))

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0,)

    def moves_for(self, seat: int) -> list[Move]:
        return self.legal_moves() if seat == 0 else []

    # --- the rules ------------------------------------------------------------------
    def need(self, s: int) -> int:
        """CF7: the rank the foundation of suit ``s`` takes next (0 when it is full)."""
        n = self.found[s]
        return 0 if n == 13 else (self.base - 1 + n) % 13 + 1

    def goes_up(self, card: int) -> bool:
        """CF7: ``card`` goes on its foundation now."""
        return card >= 0 and rank(card) == self.need(suit(card))

    def top(self, src: str) -> int | None:
        """The card a move from ``src`` takes (CF9, CFD3, CF17), or ``None``."""
        if src == "w":
            return self.waste[-1] if self.waste else None
        if src == "s":
            return self.stock[0] if self.stock else None
        col = self.cols[int(src[1])]
        return col[-1] if col else None

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: to the foundations, to the columns, the
        turn, the stop (CF9-CF13, CFD1-CFD9, CF16-CF19)."""
        return [move for _, move in self.sourced()]

    def sourced(self) -> list[tuple[str, Move]]:
        """Every legal move with where its card comes from (``w``, ``s``, ``cI``; ``""``
        for the turn and the stop)."""
        if self.end:
            return []
        rules = get_rules(self.variant)
        out: list[tuple[str, Move]] = []
        tops = []
        if self.waste:
            tops.append(("w", self.waste[-1]))
        if self.stock:
            tops.append(("s", self.stock[0]))
        for i, col in enumerate(self.cols):
            if col:
                tops.append((SOURCES[2 + i], col[-1]))
        for src, card in tops:
            if rank(card) == self.need(suit(card)):
                out.append((src, Move(card, "f")))
        for j, target in enumerate(self.cols):
            dst = SOURCES[2 + j]
            if not target:
                if not self.stock and self.waste:  # CFD4, CF18
                    out.append(("w", Move(self.waste[-1], dst)))
                continue
            onto = target[-1]
            for src, card in tops:
                if src in ("w", "s"):
                    if builds_on(card, onto):
                        out.append((src, Move(card, dst)))
                elif src != dst and self.idle < IDLE_LIMIT:
                    col = self.cols[int(src[1])]
                    if rules.piles:  # CF17: the whole column
                        if builds_on(col[0], onto):
                            out.append((src, Move(col[0], dst)))
                    elif len(col) <= 2 and builds_on(card, onto):  # CFD3
                        out.append((src, Move(card, dst)))
        if self.hand or self.waste:
            out.append(("", TURN_MOVE))
        if not self.hand:  # CFD9: at a pass's end
            out.append(("", STOP_MOVE))
        return out

    def source(self, move: Move) -> str | None:
        """Where ``move``'s card lies free to be played (``w``, ``s``, ``cI``; a pile's
        bottom card in the common game), ``""`` for a turn or a stop, ``None`` when it
        lies nowhere free (CF9)."""
        if move.card < 0:
            return ""
        piles = get_rules(self.variant).piles
        for src in SOURCES:
            if self.top(src) == move.card:
                return src
            if piles and src[0] == "c" and move.dst[0] == "c":
                col = self.cols[int(src[1])]
                if col and col[0] == move.card:
                    return src
        return None

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """Why the rules refuse ``move`` here (the rule it breaks), from the cards face up
        only, or ``None`` when it is legal."""
        if self.end:
            return GameOverError(f"the game is over ({self.end}); CF13", rule="CF13")
        if move in self.legal_moves():
            return None
        return _why_not(self, move)



def _why_not(table: Table, move: Move) -> IllegalMoveError:
    """The first rule ``move`` breaks (it is not legal)."""
    rules = get_rules(table.variant)
    word = rules.stock_word
    if move.word == "turn":
        return IllegalMoveError("turn: the hand and the talon are both out (CF6, CF12)",
                                field="move", rule="CF12")
    src = table.source(move)
    name = card_name(move.card)
    if not src:
        return IllegalMoveError(f"move: {name} is not a card that may be played: the talon's "
                                f"showing card, the {word}'s top card or a column's top card "
                                "(CF9)", field="move", rule="CF9", token=name)
    card = move.card
    if move.dst == "f":
        need = table.need(suit(card))
        if not need:
            text = "is full"
        elif table.found[suit(card)] == 0:
            text = f"is not started: it starts with the {RANK_NAMES[need - 1]} (CF3)"
        else:
            text = f"takes the {RANK_NAMES[need - 1]} next (CF7)"
        return IllegalMoveError(f"move: {name}'s foundation {text}", field="move",
                                rule="CF7", token=name)
    j = int(move.dst[1])
    target = table.cols[j]
    if src not in ("w", "s"):
        col = table.cols[int(src[1])]
        if table.idle >= IDLE_LIMIT:
            return IllegalMoveError(f"move: {IDLE_LIMIT} moves between columns in a row "
                                    "with no card used (CFD8)", field="move", rule="CFD8")
        if not target:
            rule = "CFD13" if rules.piles else "CFD3"
            return IllegalMoveError(f"move: a space takes a card of the talon only, once "
                                    f"the {word} is out, never a column's ({rule})",
                                    field="move", rule=rule)
        if rules.piles:
            return IllegalMoveError(
                f"move: column {int(src[1]) + 1}'s pile starts with {card_name(col[0])}, "
                f"which does not go on {card_name(target[-1])}: one rank lower, the other "
                "colour (CF8, CF17)", field="move", rule="CF17", token=card_name(col[0]))
        if len(col) > 2:
            return IllegalMoveError(f"move: column {int(src[1]) + 1} has {len(col)} cards; only "
                                    "a column of one or two gives its top card to another "
                                    "(CF11, CFD3)", field="move", rule="CFD3", token=name)
    if not target:
        return IllegalMoveError(f"move: a space is filled from the {word} at once while it "
                                f"lasts (CF10, CFD1), then from the talon (CFD4)",
                                field="move", rule="CFD4")
    return IllegalMoveError(f"move: {name} does not go on {card_name(target[-1])}: one rank "
                            "lower, the other colour (CF8)", field="move", rule="CF8",
                            token=name)


@dataclass(frozen=True)
class State(Table):
    """The whole table (every card known) and its seed."""

    seed: int = 0
    seen: int = 0
    """CFD11: the cards the player has seen face up (a mask)."""
    history: tuple[Played, ...] = ()
    """Every move played, in order (the record's, engine.records)."""

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """``move`` played (CF6-CF13, CF16-CF19, CFD1-CFD12), after checking it."""
        refused = self.refusal(move)
        if refused is not None:
            raise refused
        after, events = self._played(move)
        return replace(after, history=(*self.history, Played(0, move))), events

    def _played(self, move: Move) -> tuple[State, list[Event]]:
        if move.word == "stop":
            return replace(self, end="stopped"), [Event.of("end", reason="stopped")]
        if move.word == "turn":
            return self._turn()
        src = dict((m, s) for s, m in self.sourced())[move]
        events: list[Event] = []
        found, stock, hand, waste = list(self.found), self.stock, self.hand, self.waste
        cols = list(self.cols)
        seen = self.seen
        if src == "w":
            cards: tuple[int, ...] = (waste[-1],)
            waste = waste[:-1]
            if waste:
                seen |= 1 << waste[-1]
        elif src == "s":
            cards = (stock[0],)
            stock = stock[1:]
            if stock:
                seen |= 1 << stock[0]
        else:
            i = int(src[1])
            col = cols[i]
            take = len(col) if move.dst != "f" and get_rules(self.variant).piles else 1
            cards, cols[i] = col[len(col) - take:], col[:len(col) - take]
        if move.dst == "f":
            found[suit(cards[0])] += 1
        else:
            j = int(move.dst[1])
            cols[j] = cols[j] + cards
        used = src in ("w", "s") or move.dst == "f"
        events.append(Event.of("move", cards=cards, source=src, target=move.dst))
        for k, col in enumerate(cols):  # CF10, CFD1: a space filled at once
            if not col and stock:
                cols[k] = (stock[0],)
                events.append(Event.of("fill", card=stock[0], column=k))
                stock = stock[1:]
                if stock:
                    seen |= 1 << stock[0]
                used = True
        after = replace(self, found=(found[0], found[1], found[2], found[3]), stock=stock,
                        cols=tuple(cols), hand=hand,
                        waste=waste, seen=seen, used=self.used or used,
                        idle=0 if used else self.idle + 1)
        return after._ended(events)

    def _turn(self) -> tuple[State, list[Event]]:
        """CF6: three turned (fewer when fewer are left); CF12: the talon turned over as
        the hand when the hand is out, unless the pass used no card (CFD7: the end)."""
        events: list[Event] = []
        hand, waste, state = self.hand, self.waste, self
        if not hand:
            if not self.used:
                return replace(self, end="dead-pass"), [Event.of("end", reason="dead-pass")]
            hand, waste = waste, ()
            state = replace(self, passes=self.passes + 1, used=False)
            events.append(Event.of("gather", passes=state.passes))
        k = min(TURN, len(hand))
        waste = waste + hand[:k]
        events.append(Event.of("turn", count=k, card=waste[-1]))
        state = replace(state, hand=hand[k:], waste=waste, seen=state.seen | 1 << waste[-1])
        return state._ended(events)

    def _ended(self, events: list[Event]) -> tuple[State, list[Event]]:
        """CF13, CFD12: all 52 up, or no move left but the stop."""
        if self.score == 52:
            end = "won"
        elif not self.hand and not self.waste and len(self.sourced()) == 1:
            end = "blocked"
        else:
            return self, events
        return replace(self, end=end), [*events, Event.of("end", reason=end)]

    def view(self, player: int) -> View:
        """CF15, CFD11: every card the player has seen, where it lies now."""
        if player != 0:
            raise StateError("player: a solitaire has one seat, 0 (CF1)", field="player",
                             rule="CF1")
        seen = self.seen

        def masked(cards: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(c if seen >> c & 1 else HIDDEN for c in cards)

        return View(self.variant, self.base, self.found, masked(self.stock), self.cols,
                    masked(self.hand), masked(self.waste), self.used, self.passes,
                    self.idle, self.end)

    def to_dict(self) -> dict[str, Any]:
        return {**_json(self), "seed": self.seed,
                "seen": [card_name(c) for c in range(52) if self.seen >> c & 1],
                "history": [played.move.id for played in self.history]}


@dataclass(frozen=True)
class View(Table):
    """The table as the player sees it: the cards not yet seen are ``HIDDEN``."""

    def unseen(self) -> list[int]:
        """The cards the player has not seen, in the pack's order."""
        known = {c for c in (*self.stock, *self.hand, *self.waste) if c >= 0}
        known.update(c for col in self.cols for c in col)
        known.update(self.foundation_cards())
        return [c for c in range(52) if c not in known]

    def foundation_cards(self) -> list[int]:
        out = []
        for s in range(4):
            out += [((self.base - 1 + k) % 13) * 4 + s for k in range(self.found[s])]
        return out

    def resample(self, rng: random.Random) -> State:
        """CFD11: the unseen cards shuffled into the places no card is seen in."""
        cards = self.unseen()
        rng.shuffle(cards)
        return self.with_cards(cards, rng.randrange(MAX_SEED + 1))

    def with_cards(self, cards: list[int], seed: int = 0) -> State:
        """The whole state with ``cards`` in the hidden places, stock, hand then talon."""
        it = iter(cards)
        seen = 0
        for c in (*self.stock, *self.hand, *self.waste, *self.foundation_cards()):
            if c >= 0:
                seen |= 1 << c
        for col in self.cols:
            for c in col:
                seen |= 1 << c

        def filled(xs: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(next(it) if c < 0 else c for c in xs)

        return State(self.variant, self.base, self.found, filled(self.stock), self.cols,
                     filled(self.hand), filled(self.waste), self.used, self.passes,
                     self.idle, self.end, seed, seen)

    def to_dict(self) -> dict[str, Any]:
        return {**_json(self), "player": 0}


def _names(cards: tuple[int, ...]) -> list[str | None]:
    return [card_name(c) if c >= 0 else None for c in cards]


def _json(table: Table) -> dict[str, Any]:
    view = View(table.variant, table.base, table.found, (), (), (), ())
    founds = view.foundation_cards()
    return {"game": NAME, "variant": table.variant, "base": RANK_NAMES[table.base - 1],
            "foundations": [[card_name(c) for c in founds if c & 3 == s] for s in range(4)],
            "stock": _names(table.stock), "columns": [_names(c) for c in table.cols],
            "hand": _names(table.hand), "talon": _names(table.waste),
            "used": table.used, "passes": table.passes, "idle": table.idle,
            "end": table.end, "result": table.result.to_dict()}


def deal(seed: int, variant: str) -> State:
    """CF2-CF5, CF16: the pack shuffled from the seed; thirteen to the stock (its top face
    up), the fourteenth the first foundation, four to the layout, the rest the hand."""
    get_rules(variant)
    pack = list(range(52))
    random.Random(seed).shuffle(pack)
    stock, first = tuple(pack[:STOCK]), pack[STOCK]
    cols = tuple((c,) for c in pack[STOCK + 1:STOCK + 1 + LAYOUT])
    hand = tuple(pack[STOCK + 1 + LAYOUT:])
    found = [0, 0, 0, 0]
    found[suit(first)] = 1
    seen = 1 << stock[0] | 1 << first
    for col in cols:
        seen |= 1 << col[0]
    return State(variant, rank(first), tuple(found), stock, cols, hand, (),  # type: ignore[arg-type]
                 seed=seed, seen=seen)


# --- reading the JSON back, every error naming its field ---------------------------------

def _card_list(data: dict[str, Any], key: str, hidden_ok: bool) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list):
        raise StateError(f"{key}: a list of cards", field=key)
    out = []
    for i, name in enumerate(value):
        if name is None and hidden_ok:
            out.append(HIDDEN)
            continue
        if not isinstance(name, str):
            raise StateError(f"{key}[{i}]: a card's name" + (" or null" if hidden_ok else ""),
                             field=f"{key}[{i}]")
        try:
            out.append(parse_card(name))
        except CardError as exc:
            raise StateError(f"{key}[{i}]: {exc}", field=f"{key}[{i}]", token=name) from None
    return tuple(out)


_VIEW_KEYS = frozenset(("game", "variant", "base", "foundations", "stock", "columns", "hand",
                        "talon", "used", "passes", "idle", "end", "result", "player"))
_STATE_KEYS = _VIEW_KEYS - {"player"} | {"seed", "seen", "history"}


def read_table(data: Any, view: bool) -> State | View:
    """A state (``view`` false: every card, the seed, the cards seen) or a view from its
    JSON, checked: the 52 cards each once (CF1), the foundations runs from the base (CF7)."""
    if not isinstance(data, dict) or data.get("game", NAME) != NAME:
        raise StateError("a Canfield state or view is expected", field="game")
    allowed = _VIEW_KEYS if view else _STATE_KEYS
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise StateError(f"{unknown[0]}: not a field of a Canfield {'view' if view else 'state'}"
                         f" (its fields: {', '.join(sorted(allowed))})", field=unknown[0])
    variant = data.get("variant")
    get_rules(variant)
    base_name = data.get("base")
    if base_name not in RANK_NAMES:
        raise StateError(f"base: the foundations' first rank, one of {', '.join(RANK_NAMES)}"
                         " (CF3)", field="base")
    base = RANK_NAMES.index(base_name) + 1
    founds = data.get("foundations")
    if not isinstance(founds, list) or len(founds) != 4:
        raise StateError("foundations: four lists of cards, spades, hearts, diamonds, clubs",
                         field="foundations")
    found = []
    for s, pile in enumerate(founds):
        if not isinstance(pile, list):
            raise StateError(f"foundations[{s}]: a list of cards", field=f"foundations[{s}]")
        want = [card_name(((base - 1 + k) % 13) * 4 + s) for k in range(len(pile))]
        if pile != want or len(pile) > 13:
            raise StateError(f"foundations[{s}]: the suit's cards up from the base (CF7)",
                             field=f"foundations[{s}]")
        found.append(len(pile))
    if not any(found):
        raise StateError("foundations: the first foundation is dealt (CF3)",
                         field="foundations")
    stock = _card_list(data, "stock", view)
    hand = _card_list(data, "hand", view)
    waste = _card_list(data, "talon", view)
    cols_data = data.get("columns")
    if not isinstance(cols_data, list) or len(cols_data) != LAYOUT:
        raise StateError("columns: four lists of cards (CF4)", field="columns")
    cols = tuple(_card_list({"columns": c}, "columns", False) for c in cols_data)
    for c, col in enumerate(cols):
        for k in range(1, len(col)):
            if not builds_on(col[k], col[k - 1]):
                raise StateError(f"columns[{c}][{k}]: a column builds down in alternate "
                                 "colours (CF8)", field=f"columns[{c}]")
        if not col and stock:
            raise StateError(f"columns[{c}]: a space is filled from the stock at once "
                             "(CFD1)", field=f"columns[{c}]")
    fields: dict[str, Any] = {}
    for key, kind in (("used", bool), ("passes", int), ("idle", int), ("end", str)):
        value = data.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise StateError(f"{key}: a {kind.__name__}", field=key)
        fields[key] = value
    if fields["passes"] < 1 or not 0 <= fields["idle"] <= IDLE_LIMIT:
        raise StateError("passes, idle: out of range (CF12, CFD8)", field="passes")
    if fields["end"] not in ENDS:
        raise StateError(f"end: one of {', '.join(repr(e) for e in ENDS)}", field="end")
    table = View(variant, base, tuple(found), stock, cols, hand, waste,  # type: ignore[arg-type]
                 **fields)
    known = [c for c in (*stock, *hand, *waste) if c >= 0] + \
        [c for col in cols for c in col] + table.foundation_cards()
    if len(set(known)) != len(known):
        raise StateError("cards: a card lies twice (CF1)", field="cards")
    hidden = sum(c < 0 for c in (*stock, *hand, *waste))
    if len(known) + hidden != 52:
        raise StateError("cards: the pack has 52 cards (CF1)", field="cards")
    if (stock and stock[0] < 0) or (waste and waste[-1] < 0):
        raise StateError("stock, talon: the top card is face up (CF2, CF6)", field="stock")
    if view:
        if data.get("player", 0) != 0:
            raise StateError("player: a solitaire has one seat, 0 (CF1)", field="player")
        return table
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise StateError(f"seed: an integer 0..{MAX_SEED}", field="seed")
    seen_cards = _card_list(data, "seen", False)
    seen = 0
    for c in seen_cards:
        seen |= 1 << c
    for c in (*[col for cs in cols for col in cs], *table.foundation_cards()):
        seen |= 1 << c
    if stock:
        seen |= 1 << stock[0]
    if waste:
        seen |= 1 << waste[-1]
    history = data.get("history", [])
    if not isinstance(history, list):
        raise StateError("history: the list of the moves played", field="history")
    played = []
    for i, ident in enumerate(history):
        try:
            played.append(Played(0, parse_move(ident)))
        except MoveFormatError as exc:
            raise StateError(f"history[{i}]: {exc.message}", field=f"history[{i}]") from None
    return State(variant, base, tuple(found), stock, cols, hand, waste,  # type: ignore[arg-type]
                 seed=seed, seen=seen, history=tuple(played), **fields)
