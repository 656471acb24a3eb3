"""Jass's states and views (J1-J22, JD1-JD16): the hands, the cards left on the table
(three-hand) or the stock (two-hand), the trick, the cards each seat won, the melds
declared, what every seat sees of the others' hands, and the log.

Cards are ints and sets of cards bitmasks (engine.cards).  What is public is kept in the
state so that a view is a function of the state alone: ``shown`` (per seat, the cards of
its hand every seat has seen: the turned trump, the six taken for it, its melds, JD11),
``table_shown`` (the turned trump or the six lying on the table or under the stock) and
``voids`` (the suits a seat showed it lacks by failing to follow, JD12).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, NamedTuple

from engine.cards import SUITS, card_name, card_text, cards_of, make_card, parse_card, suit_of
from engine.errors import CardError, GameOverError, IllegalMoveError, StateError
from engine.jass import match as matches
from engine.jass.cards import SUIT_MASKS, best_of, jack_of, legal_plays, points, strength
from engine.jass.match import Match
from engine.jass.melds import KINDS, kind_of, meld_name, meld_value, melds_of
from engine.jass.moves import CALL, EXCHANGE, KEEP, PASS, STAY, Move
from engine.jass.rules import (
    DEAL_ROUND,
    HAND,
    LAST_TRICK,
    MAX_SEED,
    NAME,
    PACK,
    SEATS,
    SETTINGS,
    SIX,
    THREE,
    THREE_TURNED,
    TWO,
    Settings,
)
from engine.result import Result

__all__ = ["PHASES", "Event", "Played", "State", "View", "new_game"]

PHASES = ("exchange", "pass", "play", "declare", "over")
"""J6: the three-hand exchange, asked from the dealer round to his right; J8: passing out,
asked from the dealer's left; the play (J9); a seat's melds (J14, J21); the end (J17)."""
EVENTS = ("exchange", "keep", "pass", "stay", "six", "play", "declare", "trick", "draw",
          "end", "call", "tally", "deal", "match")
"""The calls (J6, J8), the six of trumps taking the turned trump (J7), a card played, the
melds declared, a trick won, a card drawn from the stock (told to the drawer alone, unless
every seat saw it, J20), the deal's end and its points (J17); in a match (J18): a call-out
and whether it was right (JD19, JD20), the totals or marks after a deal (JD21, JD22), the
next deal (JD18), the match's end and its winners."""


class Played(NamedTuple):
    """A move of the log: who played it, and the move (a record's, engine.records)."""

    player: int
    move: Move


class Event(NamedTuple):
    """One thing that happened.  ``card`` is ``None`` where the seat told may not see it
    (another's draw, J20); ``player`` is the trick's winner for ``trick``; ``taker`` the
    seat given the turned trump for the six (``None``: it lay on the table or the stock)."""

    type: str
    player: int
    card: int | None = -1
    melds: tuple[int, ...] = ()
    worth: int = 0
    """The points of a trick or of melds."""
    taker: int | None = None
    scores: tuple[int, ...] = ()
    right: bool = False
    """``call``: the call was right (JD20)."""
    winners: tuple[int, ...] = ()
    """``match``: the match's winners."""

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` is told it (``None``: all of it): another's draw hides
        its card (J20), unless every seat saw it lie under the stock (``worth`` 1)."""
        if self.type != "draw" or seat is None or seat == self.player or self.worth:
            return self
        return self._replace(card=None)

    def describe(self) -> str:
        who = f"Player {self.player}"
        if self.type == "exchange":
            return f"{who} takes the nine cards on the table for his own"
        if self.type == "keep":
            return f"{who} keeps his cards"
        if self.type == "pass":
            return f"{who} passes out of the deal"
        if self.type == "stay":
            return f"{who} plays"
        if self.type == "six":
            assert self.card is not None
            where = "the table" if self.taker is None else f"player {self.taker}"
            return f"{who} gives the six of trumps to {where} for the turned " \
                   f"{card_text(self.card)}"
        if self.type == "play":
            return f"{who} plays " + ("a card" if self.card is None else card_text(self.card))
        if self.type == "declare":
            if not self.melds:
                return f"{who} declares no meld"
            named = "; ".join(" ".join(card_text(c) for c in cards_of(m)) for m in self.melds)
            return f"{who} declares {named} for {self.worth}"
        if self.type == "trick":
            return f"{who} wins the trick ({self.worth} points)"
        if self.type == "draw":
            card = "a card" if self.card is None else card_text(self.card)
            return f"{who} draws {card} from the stock"
        if self.type == "call":
            return f"{who} calls out {self.worth}: " + (
                "right, he wins the match" if self.right else "wrong, he loses the match")
        if self.type == "tally":
            what = "marks left" if not self.worth else "totals"
            target = f" (to {self.worth})" if self.worth else ""
            return f"The {what}{target}: " + ", ".join(
                f"player {s} {p}" for s, p in enumerate(self.scores))
        if self.type == "deal":
            return f"Deal {self.worth}: player {self.player} deals"
        if self.type == "match":
            won = " and ".join(f"player {s}" for s in self.winners) or "nobody"
            return f"The match is over: {won} won (" + ", ".join(
                f"player {s} {p}" for s, p in enumerate(self.scores)) + ")"
        return "The deal is over: " + ", ".join(
            f"player {s} {p}" for s, p in enumerate(self.scores))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "player": self.player,
                               "description": self.describe()}
        if self.type in ("six", "play", "draw"):
            out["card"] = None if self.card is None else card_name(self.card)
        if self.type == "six":
            out["taker"] = self.taker
        if self.type == "declare":
            out["melds"] = [[card_name(c) for c in cards_of(m)] for m in self.melds]
        if self.type in ("declare", "trick"):
            out["points"] = self.worth
        if self.type == "draw":
            out["seen"] = bool(self.worth)
        if self.type in ("end", "tally", "match"):
            out["scores"] = list(self.scores)
        if self.type in ("call", "tally"):
            out["points"] = self.worth
        if self.type == "call":
            out["right"] = self.right
        if self.type == "deal":
            out["deal"] = self.worth
        if self.type == "match":
            out["winners"] = list(self.winners)
        return out

    @classmethod
    def from_dict(cls, data: Any, field: str) -> Event:
        if not isinstance(data, dict) or data.get("type") not in EVENTS:
            raise StateError(f"{field}: an event ({', '.join(EVENTS)})", field=field)
        kind = data["type"]
        player = _int(data.get("player"), f"{field}.player", 0, 3)
        card: int | None = -1
        if kind in ("six", "play", "draw"):
            raw = data.get("card")
            card = None if raw is None and kind == "draw" else _card(raw, f"{field}.card")
        taker = data.get("taker")
        if taker is not None:
            taker = _int(taker, f"{field}.taker", 0, 3)
        melds: tuple[int, ...] = ()
        if kind == "declare":
            raw = data.get("melds")
            if not isinstance(raw, list):
                raise StateError(f"{field}.melds: a list of melds", field=f"{field}.melds")
            melds = tuple(_mask(m, f"{field}.melds[{i}]") for i, m in enumerate(raw))
        count = _int(data.get("points", 0), f"{field}.points", 0, 100_000)
        if kind == "deal":
            count = _int(data.get("deal"), f"{field}.deal", 1, 10_000)
        right = data.get("right", False)
        if not isinstance(right, bool):
            raise StateError(f"{field}.right: true or false", field=f"{field}.right")
        won = data.get("winners", [])
        if not isinstance(won, list):
            raise StateError(f"{field}.winners: a list of seats", field=f"{field}.winners")
        if kind == "draw":
            seen = data.get("seen", False)
            if not isinstance(seen, bool):
                raise StateError(f"{field}.seen: true or false", field=f"{field}.seen")
            count = int(seen)
        scores = data.get("scores", [])
        if not isinstance(scores, list):
            raise StateError(f"{field}.scores: a list of points", field=f"{field}.scores")
        return cls(kind, player, card, melds, count, taker,
                   tuple(_int(s, f"{field}.scores", -100_000, 100_000) for s in scores),
                   right, tuple(_int(s, f"{field}.winners", 0, 3) for s in won))


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"{field}: an integer from {low} to {high}", field=field)
    return value


def _card(value: Any, field: str) -> int:
    try:
        card = parse_card(value)
    except CardError:
        raise StateError(f"{field}: {value!r} is not a card (J1)", field=field,
                         rule="J1") from None
    if not PACK >> card & 1:
        raise StateError(f"{field}: {card_name(card)} is not in Jass's pack (J1)",
                         field=field, rule="J1")
    return card


def _mask(value: Any, field: str) -> int:
    if not isinstance(value, list):
        raise StateError(f"{field}: a list of cards (J1)", field=field, rule="J1")
    mask = 0
    for token in value:
        card = _card(token, field)
        if mask >> card & 1:
            raise StateError(f"{field}: {card_name(card)} twice (J1)", field=field, rule="J1")
        mask |= 1 << card
    return mask


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


def _union(masks: Any) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@dataclass(frozen=True)
class _Table:
    """What every seat sees alike."""

    variant: str
    seats: int
    dealer: int
    trump: int
    """J5: the trump suit (0..3: S, H, D, C), of the card turned."""
    turned: int
    """J5: the card turned for trump."""
    phase: str
    turn: int
    """The seat to act (PHASES)."""
    leader: int
    trick: tuple[tuple[int, int], ...]
    """The current trick's cards, each (seat, card), from its lead."""
    out: int | None
    """J8: the seat that passed out (four-hand), whose cards are out of the deal."""
    exchanger: int | None
    """J6: the seat that took the nine on the table (three-hand)."""
    won: tuple[int, ...]
    """The cards each seat took in tricks (every seat saw them played, JD11)."""
    tricks: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    """The melds each seat declared (J14, J21)."""
    shown: tuple[int, ...]
    table_shown: int
    voids: tuple[int, ...]
    """JD12: per seat, the suits (bits by suit) it showed it holds none of; for the trump
    suit, none but perhaps the jack (J11)."""
    caps: tuple[tuple[int, ...], ...]
    """JD12: per seat and suit, the strength (engine.jass.cards.strength, 0-8) from which
    it showed it holds no card of the suit, the jack of trumps excepted (J11): a card that
    would have bound it to another (a higher card of the suit led heading the trick, a
    heading trump, the suit led itself); 9: nothing shown.  Counts, never cards, so that a
    view names no card it may not see."""
    played: int
    """Tricks completed."""
    last: int | None
    """J16: the winner of the last trick, once it is played."""
    log: tuple[Event, ...]
    """The events of the deal (of a match: of the current deal, JD18)."""
    match: Match | None
    """J18, JD17: the match the deal belongs to (``None``: a game of one deal, JD16)."""
    game = NAME

    @property
    def settings(self) -> Settings:
        """The variant's settings (JD17)."""
        return SETTINGS[self.variant]

    @property
    def form(self) -> str:
        """The deal's rules: four's, three's or two's (``NAME``, ``THREE``, ``TWO``)."""
        return self.settings.form

    # --- who acts ----------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.phase == "over"

    @property
    def acting(self) -> frozenset[int]:
        return frozenset() if self.game_over else frozenset({self.turn})

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats playing the deal (all but one who passed out, J8)."""
        return tuple(s for s in range(self.seats) if s != self.out)

    def after(self, seat: int) -> int:
        """The next seat to the left still in the deal."""
        nxt = (seat + 1) % self.seats
        return (nxt + 1) % self.seats if nxt == self.out else nxt

    @property
    def must(self) -> bool:
        """J10, J21, J22: bound to follow (two-hand only once the stock is gone)."""
        return self.form != TWO or self.stock_left == 0

    @property
    def stock_left(self) -> int:
        raise NotImplementedError

    @property
    def public(self) -> int:
        """Every card every seat has seen where it lies (JD11)."""
        return _union(self.shown) | self.table_shown | _union(self.won) | _union(
            1 << c for _, c in self.trick)

    def used(self, seat: int) -> tuple[int, int, int]:
        """JD6: the cards of ``seat``'s melds by kind (KINDS' order)."""
        by = [0, 0, 0]
        for meld in self.melds[seat]:
            kind = kind_of(meld, self.trump)
            if kind is not None:
                by[KINDS.index(kind)] |= meld
        return by[0], by[1], by[2]

    def meld_options(self, hand: int, seat: int) -> list[Move]:
        """J14: after his card to the first trick, any of his hand's melds together (the
        card just played counting, JD5), or none; J21: after winning a trick while the
        stock lasts, one meld or none."""
        if self.form == TWO:
            found = melds_of(hand, self.trump, self.used(seat))
            return [Move("declare", melds=(m,)) for m in found] + [Move("declare")]
        card = next(c for s, c in self.trick if s == seat)
        found = melds_of(hand | 1 << card, self.trump)
        subsets = [tuple(sorted(c)) for n in range(len(found), -1, -1)
                   for c in combinations(found, n)]
        return [Move("declare", melds=m) for m in subsets]

    # --- the points ----------------------------------------------------------------------

    def score(self, seat: int) -> int:
        """J15-J17: the pips of the cards won, the last trick's five, and the melds if the
        seat won a trick; JD4: nothing to one who passed out."""
        if seat == self.out:
            return 0
        total = points(self.won[seat], self.trump) + (LAST_TRICK if self.last == seat else 0)
        if self.tricks[seat]:
            total += sum(meld_value(m, self.trump) for m in self.melds[seat])
        return total

    def deal_points(self) -> tuple[int, ...]:
        """Each seat's points of the deal as they stand (J17)."""
        return tuple(self.score(s) for s in range(self.seats))

    @property
    def finished(self) -> bool:
        """The deal was played to its last trick (J16)."""
        return self.last is not None

    @property
    def result(self) -> Result:
        """The points of the deal (J17), as they stand while it is played; of a match
        (J18), its running totals or its marks rubbed off (JD19, JD22), and once it is over
        its winners (JD20-JD22)."""
        if self.match is None:
            return Result.settled(self.game_over, self.deal_points())
        deal = self.deal_points()
        points = matches.match_points(self.settings, self.match, deal, self.finished)
        won = matches.winners(self.settings, self.match, deal) if self.game_over else ()
        return Result(self.game_over, won, points)

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0,) * self.seats

    def _json(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "seats": self.seats,
                "dealer": self.dealer, "trump": SUITS[self.trump],
                "turned": card_name(self.turned), "phase": self.phase, "turn": self.turn,
                "leader": self.leader,
                "trick": [{"player": s, "card": card_name(c)} for s, c in self.trick],
                "out": self.out, "exchanger": self.exchanger,
                "won": [_names(w) for w in self.won], "tricks": list(self.tricks),
                "melds": [[_names(m) for m in ms] for ms in self.melds],
                "shown": [_names(s) for s in self.shown],
                "table_shown": _names(self.table_shown),
                "voids": ["".join(SUITS[s] for s in range(4) if v >> s & 1)
                          for v in self.voids],
                "caps": [list(c) for c in self.caps],
                "played": self.played, "last": self.last} | ({} if self.match is None else {
                    "match": matches.to_json(self.settings, self.match, self.seats)})

    def _refusal(self, hand: int, move: Move, seat: int) -> IllegalMoveError | None:
        """Why ``seat`` holding ``hand`` may not make ``move`` (from what it sees)."""
        if move.kind == "call" and self.settings.match != "points":
            return IllegalMoveError(f"move.type: {self.variant} has no call-out: only a match "
                                    "to 1,000 has (J18, JD19)", field="move.type",
                                    rule="JD19")
        if self.game_over:
            return self._over_error()
        if move.kind == "call" and seat != self.turn:
            return IllegalMoveError(f"player: a call-out is made on one's own turn, and it "
                                    f"is player {self.turn}'s (JD19)", field="player",
                                    rule="JD19")
        if move.kind == "call" and self.phase not in ("play", "declare"):
            return IllegalMoveError(f"move.type: a call-out is made in the play, not in the "
                                    f"{self.phase} before it, when no point of the deal is "
                                    "won yet (JD19)", field="move.type", rule="JD19")
        if move.kind == "call":
            return None
        if seat != self.turn:
            return IllegalMoveError(f"player: it is player {self.turn}'s turn (J9)",
                                    field="player", rule="J9")
        asked = {"exchange": ("exchange", "keep", "J6"), "pass": ("pass", "stay", "J8"),
                 "play": ("play", "play", "J9"), "declare": ("declare", "declare", "J14")}
        one, two, rule = asked[self.phase]
        if move.kind not in (one, two):
            rule = "J21" if self.phase == "declare" and self.form == TWO else rule
            wanted = f"{one} or {two}" if one != two else one
            return IllegalMoveError(f"move.type: now {wanted}, not {move.kind} ({rule})",
                                    field="move.type", rule=rule)
        if move.kind == "play":
            if not hand >> move.card & 1:
                return IllegalMoveError(f"move.card: {card_name(move.card)} is not in your "
                                        "hand (J9)", field="move.card", rule="J9")
            cards = [c for _, c in self.trick]
            if not legal_plays(hand, cards, self.trump, must=self.must,
                               free_jack=self.form != TWO) >> move.card & 1:
                why = _why(hand, cards, self)
                return IllegalMoveError(f"move.card: {card_name(move.card)} {why}",
                                        field="move.card", rule=_rule_of(hand, cards, self))
        if move.kind == "declare":
            held = hand | _union(1 << c for s, c in self.trick if s == seat)
            for meld in move.melds:
                for card in cards_of(meld):
                    if not held >> card & 1:
                        return IllegalMoveError(f"move.melds: {card_name(card)} is not in "
                                                "your hand (J13)", field="move.melds",
                                                rule="J13")
            if move not in self.meld_options(hand, seat):
                rule = "J21" if self.form == TWO and len(move.melds) > 1 else "J13"
                names = "; ".join(meld_name(m) for m in move.melds)
                return IllegalMoveError(f"move.melds: {names} are not melds your hand may "
                                        f"declare now ({rule}, JD6, JD7)",
                                        field="move.melds", rule=rule)
        return None

    def _over_error(self) -> GameOverError:
        if self.match is None:
            return GameOverError("the deal is over (J17)", rule="J17")
        return GameOverError("the match is over (J18)", rule="J18")

    def _moves(self, hand: int, seat: int) -> list[Move]:
        """The phase's moves (J6, J8, J9-J11, J14, J21), and in the play of a match to
        1,000 the call-out (JD19), last."""
        if seat not in self.acting:
            return []
        call = [CALL] if self.settings.match == "points" else []
        if self.phase == "exchange":
            return [EXCHANGE, KEEP]
        if self.phase == "pass":
            return [PASS, STAY]
        if self.phase == "declare":
            return self.meld_options(hand, seat) + call
        allowed = legal_plays(hand, [c for _, c in self.trick], self.trump, must=self.must,
                              free_jack=self.form != TWO)
        return [Move("play", c) for c in cards_of(allowed)] + call

    def call_right(self, seat: int) -> bool:
        """JD20: whether ``seat``'s call-out now would be right (what every seat sees)."""
        if self.match is None or self.settings.match != "points":
            return False
        called = replace(self.match, caller=seat)
        return matches.right_call(self.settings, called, self.deal_points())


def _rule_of(hand: int, cards: list[int], table: _Table) -> str:
    led = suit_of(cards[0])
    return "J22" if table.form == TWO else ("J10" if hand & SUIT_MASKS[led] or
                                               led != table.trump else "J11")


def _why(hand: int, cards: list[int], table: _Table) -> str:
    """Why a card of ``hand`` may not be played to the trick (the hand's own duty)."""
    led = suit_of(cards[0])
    rule = _rule_of(hand, cards, table)
    if hand & SUIT_MASKS[led] & ~(1 << jack_of(table.trump)):
        return f"may not be played: you hold the suit led ({SUITS[led]}), which you must " \
               f"follow, heading the trick if you can ({rule})"
    return f"may not be played: with none of the suit led ({SUITS[led]}) you must trump, " \
           f"heading the trick if you can ({rule})"


@dataclass(frozen=True)
class State(_Table):
    """The whole deal."""

    seed: int = 0
    hands: tuple[int, ...] = ()
    widow: int = 0
    """J6: the cards on the table, face down (three-hand)."""
    stock: tuple[int, ...] = ()
    """J19: the stock, top first; its last card the one turned for trump (or the six)."""

    @property
    def stock_left(self) -> int:
        return len(self.stock)

    def moves_for(self, seat: int) -> list[Move]:
        return self._moves(self.hands[seat], seat)

    def refusal(self, move: Move, seat: int) -> IllegalMoveError | None:
        return self._refusal(self.hands[seat], move, seat)

    def view(self, player: int) -> View:
        """What ``player`` sees: his hand, the table's cards if he put them there, every
        count and public card, the log as he was told it (JD11)."""
        if not isinstance(player, int) or isinstance(player, bool) or not (
                0 <= player < self.seats):
            raise StateError(f"player: a seat from 0 to {self.seats - 1} (J3)",
                             field="player", rule="J3")
        return View(**self._fields(), log=tuple(e.seen_by(player) for e in self.log),
                    player=player, hand=self.hands[player],
                    own_widow=self.widow if player == self.exchanger else 0,
                    hand_sizes=tuple(h.bit_count() for h in self.hands),
                    widow_size=self.widow.bit_count(), stock_size=len(self.stock))

    def _fields(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in TABLE_KEYS}

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """The acting seat's move (J6-J22); refused naming the rule otherwise."""
        if self.game_over:
            raise self._over_error()
        seat = self.turn
        if move not in self.moves_for(seat):
            raise self.refusal(move, seat) or IllegalMoveError(
                f"move: {move.id} is not a legal move (J9)", field="move", rule="J9")
        events: list[Event] = []
        if move.kind == "call":
            return self._called(seat, events)
        if self.phase == "exchange":
            return self._exchanged(seat, move.kind == "exchange", events)
        if self.phase == "pass":
            return self._passed(seat, move.kind == "pass", events)
        if self.phase == "declare":
            return self._declared(seat, move, events)
        return self._played(seat, move.card, events)

    def _called(self, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
        """JD19, JD20: the call-out, judged at once; right or wrong, the match is over."""
        assert self.match is not None
        right = self.call_right(seat)
        total = matches.running(self.settings, self.match, self.deal_points(), False)[seat]
        state = self._with(events, [Event("call", seat, worth=total, right=right)],
                           match=replace(self.match, caller=seat), phase="over")
        return state._with(events, [state._match_event()]), events

    def _match_event(self) -> Event:
        result = self.result
        return Event("match", result.winners[0] if result.winners else 0,
                     scores=result.points, winners=result.winners)

    def _deal_ended(self, events: list[Event]) -> State:
        """J18, JD18, JD21, JD22: a match's deal played out: its points join the match; the
        totals or marks told; the match over, or the next deal dealt by the next dealer."""
        assert self.match is not None
        row = tuple(None if s == self.out else p for s, p in enumerate(self.deal_points()))
        match, over = matches.ended(self.settings, self.match, row)
        settings = self.settings
        if settings.match == "marks":
            tally = Event("tally", self.dealer,
                          scores=matches.marks_of(settings, match.scores, self.seats))
        else:
            tally = Event("tally", self.dealer,
                          scores=matches.totals_of(match.scores, self.seats),
                          worth=matches.target_of(settings, match.scores, self.seats))
        state = self._with(events, [tally], match=match)
        if over:
            return state._with(events, [state._match_event()])
        return _dealt(self.seed, self.variant, matches.dealer_of(match, self.seats), match,
                      events)

    def _with(self, events: list[Event], new: list[Event], **changes: Any) -> State:
        events.extend(new)
        return replace(self, log=self.log + tuple(new), **changes)

    def _exchanged(self, seat: int, took: bool, events: list[Event]) -> tuple[State, list[Event]]:
        """J6: the seat takes the nine on the table, his own laid there; else the next
        seat to the left is asked, until each has been."""
        if not took:
            state = self._with(events, [Event("keep", seat)])
            nxt = (seat + 1) % self.seats
            if nxt != self.dealer:
                return replace(state, turn=nxt), events
            return state._sixed(events)._to_play(), events
        hands = list(self.hands)
        hands[seat], widow = self.widow, self.hands[seat]
        shown = list(self.shown)
        shown[seat] |= self.table_shown & hands[seat]
        state = self._with(events, [Event("exchange", seat)], hands=tuple(hands), widow=widow,
                           exchanger=seat, shown=tuple(shown),
                           table_shown=self.table_shown & widow)
        return state._sixed(events)._to_play(), events

    def _to_play(self) -> State:
        first = self.after(self.dealer)
        return replace(self, phase="play", turn=first, leader=first)

    def _sixed(self, events: list[Event]) -> State:
        """J7, JD3: the holder of the six of trumps takes the turned trump for it, wherever
        the trump lies (a hand, the table, under the stock); not when the six is turned,
        out of the hands, or already with the trump."""
        six = make_card(SIX, self.trump)
        both = 1 << six | 1 << self.turned
        holder = next((s for s in range(self.seats) if self.hands[s] >> six & 1), None)
        if six == self.turned or holder is None or self.hands[holder] >> self.turned & 1:
            return self
        hands, shown = list(self.hands), list(self.shown)
        hands[holder] ^= both
        shown[holder] |= 1 << self.turned
        taker = next((s for s in range(self.seats) if self.hands[s] >> self.turned & 1), None)
        widow, stock, table_shown = self.widow, self.stock, self.table_shown
        if taker is not None:
            hands[taker] ^= both
            shown[taker] = shown[taker] & ~(1 << self.turned) | 1 << six
        elif widow >> self.turned & 1:
            widow ^= both
            table_shown = 1 << six
        else:
            stock = (*stock[:-1], six)
            table_shown = 1 << six
        return self._with(events, [Event("six", holder, self.turned, taker=taker)],
                          hands=tuple(hands), shown=tuple(shown), widow=widow, stock=stock,
                          table_shown=table_shown)

    def _passed(self, seat: int, out: bool, events: list[Event]) -> tuple[State, list[Event]]:
        """J8, JD4: one seat at most passes out, asked in turn from the dealer's left."""
        if out:
            state = self._with(events, [Event("pass", seat)], out=seat)
            return state._to_play(), events
        state = self._with(events, [Event("stay", seat)])
        if seat == self.dealer:
            return state._to_play(), events
        return replace(state, turn=(seat + 1) % self.seats), events

    def _played(self, seat: int, card: int, events: list[Event]) -> tuple[State, list[Event]]:
        """J9-J12: the card played; a seat's melds after its card to the first trick (J14);
        the trick taken by its best card once every seat has played."""
        bit = 1 << card
        hands, shown, voids = list(self.hands), list(self.shown), list(self.voids)
        caps = list(self.caps)
        hands[seat] &= ~bit
        shown[seat] &= ~bit
        if self.trick and self.must:
            voids[seat] |= _shown_void(self.trick[0][1], card, self.trump)
            caps[seat] = _shown_caps(self, card, caps[seat])
        state = self._with(events, [Event("play", seat, card)], hands=tuple(hands),
                           shown=tuple(shown), voids=tuple(voids), caps=tuple(caps),
                           trick=self.trick + ((seat, card),))
        if self.form != TWO and self.played == 0 and melds_of(self.hands[seat], self.trump):
            return replace(state, phase="declare"), events
        return state._next(events), events

    def _next(self, events: list[Event]) -> State:
        if len(self.trick) < len(self.in_play):
            return replace(self, phase="play", turn=self.after(self.trick[-1][0]))
        cards = [c for _, c in self.trick]
        winner = self.trick[best_of(cards, self.trump)][0]
        mask = _union(1 << c for c in cards)
        won, tricks = list(self.won), list(self.tricks)
        won[winner] |= mask
        tricks[winner] += 1
        state = self._with(events, [Event("trick", winner, worth=points(mask, self.trump))],
                           won=tuple(won), tricks=tuple(tricks), trick=(),
                           played=self.played + 1, leader=winner, turn=winner, phase="play")
        if not any(state.hands[s] for s in self.in_play):
            state = replace(state, last=winner, phase="over")
            state = state._with(events, [Event("end", winner, scores=state.deal_points())])
            return state if state.match is None else state._deal_ended(events)
        if self.form == TWO and self.stock:
            if melds_of(state.hands[winner], self.trump, state.used(winner)):
                return replace(state, phase="declare")
            return state._drawn(events)
        return state

    def _declared(self, seat: int, move: Move, events: list[Event]) -> tuple[State, list[Event]]:
        """J14, J21: the melds announced and shown (JD11), then the play goes on (or, in
        two-hand, the draw)."""
        melds = list(self.melds)
        melds[seat] = melds[seat] + move.melds
        shown = list(self.shown)
        shown[seat] |= _union(move.melds) & self.hands[seat]
        value = sum(meld_value(m, self.trump) for m in move.melds)
        state = self._with(events, [Event("declare", seat, melds=move.melds, worth=value)],
                           melds=tuple(melds), shown=tuple(shown), phase="play")
        if self.form == TWO:
            return state._drawn(events), events
        return state._next(events), events

    def _drawn(self, events: list[Event]) -> State:
        """J20: the trick's winner draws the top card of the stock, the other the next."""
        winner = self.leader
        other = 1 - winner
        hands, shown = list(self.hands), list(self.shown)
        new = []
        table_shown = self.table_shown
        for who, card in ((winner, self.stock[0]), (other, self.stock[1])):
            hands[who] |= 1 << card
            seen = table_shown >> card & 1
            if seen:
                shown[who] |= 1 << card
                table_shown &= ~(1 << card)
            new.append(Event("draw", who, card, worth=seen))
        return self._with(events, new, hands=tuple(hands), shown=tuple(shown),
                          stock=self.stock[2:], table_shown=table_shown)

    @property
    def history(self) -> tuple[Played, ...]:
        """Every move of the deal in order, from its log (records)."""
        out = []
        for event in self.log:
            if event.type in ("exchange", "keep", "pass", "stay", "call"):
                out.append(Played(event.player, Move(event.type)))
            elif event.type == "play" and event.card is not None:
                out.append(Played(event.player, Move("play", event.card)))
            elif event.type == "declare":
                out.append(Played(event.player, Move("declare", melds=event.melds)))
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "seed": self.seed, "hands": [_names(h) for h in self.hands],
                "widow": _names(self.widow), "stock": [card_name(c) for c in self.stock],
                "log": [e.to_dict() for e in self.log], "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        table = _table(data, STATE_FIELDS)
        seats = table["seats"]
        hands = _per_seat(data["hands"], "hands", seats)
        widow = _mask(data["widow"], "widow")
        raw = data["stock"]
        stock_mask = _mask(raw, "stock")
        stock = tuple(parse_card(t) for t in raw)
        every = [*hands, widow, stock_mask, *table["won"],
                 _union(1 << c for _, c in table["trick"])]
        if sum(m.bit_count() for m in every) != 36 or _union(every) != PACK:
            raise StateError("hands: the hands, the table, the stock, the trick and the "
                             "cards won hold the pack, each card once (J1)", field="hands",
                             rule="J1")
        for s in range(seats):
            if table["shown"][s] & ~hands[s]:
                raise StateError(f"shown[{s}]: cards of that seat's hand (JD11)",
                                 field=f"shown[{s}]", rule="JD11")
            if _capped(table, hands[s], s):
                raise StateError(f"caps[{s}]: that seat holds a card it showed it lacks "
                                 "(JD12)", field=f"caps[{s}]", rule="JD12")
        if table["table_shown"] & ~(widow | stock_mask):
            raise StateError("table_shown: cards on the table or under the stock (JD11)",
                             field="table_shown", rule="JD11")
        state = cls(**table, seed=_int(data["seed"], "seed", 0, MAX_SEED), hands=hands,
                    widow=widow, stock=stock)
        _check_sizes(state, [h.bit_count() for h in hands], widow.bit_count(), len(stock))
        return state


def _shown_caps(table: _Table, card: int, caps: tuple[int, ...]) -> tuple[int, ...]:
    """JD12: ``caps`` lowered by ``card`` played to the trick: a card that, held, would
    have made it illegal is not held (a hand's obligations only grow with it, so each card
    alone tells; what it shows of a suit is always its cards from some strength up)."""
    trick = [c for _, c in table.trick]
    free = table.form != TWO
    jack = jack_of(table.trump)
    out = list(caps)
    for other in cards_of(PACK & ~(1 << card | 1 << jack)):
        if not legal_plays(1 << card | 1 << other, trick, table.trump,
                           free_jack=free) >> card & 1:
            suit = suit_of(other)
            out[suit] = min(out[suit], strength(other, table.trump))
    return tuple(out)


def _shown_void(led: int, card: int, trump: int) -> int:
    """JD12: a seat bound to follow that plays off the suit led shows it has none of it
    (the jack of trumps excepted, J11, which may renege); playing neither it nor a trump to
    a plain lead, none of the trumps either but perhaps the jack."""
    if card == jack_of(trump):
        return 0
    lead = suit_of(led)
    if suit_of(card) == lead:
        return 0
    void = 1 << lead
    if lead != trump and suit_of(card) != trump:
        void |= 1 << trump
    return void


@dataclass(frozen=True)
class View(_Table):
    """What one seat sees (JD11)."""

    player: int = 0
    hand: int = 0
    own_widow: int = 0
    """The cards on the table, when this seat laid them there (J6)."""
    hand_sizes: tuple[int, ...] = ()
    widow_size: int = 0
    stock_size: int = 0

    @property
    def stock_left(self) -> int:
        return self.stock_size

    def legal_moves(self) -> list[Move]:
        return self._moves(self.hand, self.player)

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """The end (J17), the turn (J9), the kind of move the phase asks (J6, J8, J9, J14),
        a card not in the hand (in one wording wherever it lies), then the rules of play
        (J10, J11, J22) or of melds (J13, J21)."""
        return self._refusal(self.hand, move, self.player)

    def unseen(self) -> int:
        """The cards this seat cannot place."""
        return PACK & ~(self.hand | self.own_widow | self.public)

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: the cards it cannot place dealt at random to the
        others' hands (none of a suit a seat showed it lacks, JD12), the table and the
        stock (its public last card kept last)."""
        return self.world(rng)

    def world(self, rng: random.Random) -> State:
        unseen = list(cards_of(self.unseen()))
        rng.shuffle(unseen)
        slots: list[tuple[int, int]] = []  # (container, free places); container seats, 4, 5
        on_widow = self.table_shown if self.form == THREE else 0
        under_stock = self.table_shown if self.form == TWO else 0
        for s in range(self.seats):
            if s != self.player:
                slots.append((s, self.hand_sizes[s] - self.shown[s].bit_count()))
        if not self.own_widow:
            slots.append((4, self.widow_size - on_widow.bit_count()))
        slots.append((5, self.stock_size - under_stock.bit_count()))
        jack = jack_of(self.trump)

        def fits(card: int, where: int) -> bool:
            return where >= 4 or card == jack or (
                strength(card, self.trump) < self.caps[where][suit_of(card)]
                and not self.voids[where] >> suit_of(card) & 1)

        placed = _deal(unseen, slots, fits, rng)
        if placed is None:
            raise StateError("voids: no deal of the unseen cards fits the suits shown "
                             "lacking (JD12)", field="voids", rule="JD12")
        hands = [self.shown[s] | placed.get(s, 0) for s in range(self.seats)]
        hands[self.player] = self.hand
        widow = self.own_widow or placed.get(4, 0) | on_widow
        stock_cards = list(cards_of(placed.get(5, 0)))
        rng.shuffle(stock_cards)
        stock = tuple(stock_cards) + tuple(cards_of(under_stock))
        return State(**{k: getattr(self, k) for k in TABLE_KEYS}, log=self.log,
                     seed=rng.randrange(MAX_SEED + 1), hands=tuple(hands), widow=widow,
                     stock=stock)

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "player": self.player, "hand": _names(self.hand),
                "own_widow": _names(self.own_widow), "hand_sizes": list(self.hand_sizes),
                "widow_size": self.widow_size, "stock_size": self.stock_size,
                "log": [e.to_dict() for e in self.log], "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> View:
        table = _table(data, VIEW_FIELDS)
        seats = table["seats"]
        player = _int(data["player"], "player", 0, seats - 1)
        hand = _mask(data["hand"], "hand")
        own = _mask(data["own_widow"], "own_widow")
        sizes = data["hand_sizes"]
        if not isinstance(sizes, list) or len(sizes) != seats:
            raise StateError("hand_sizes: one count per seat", field="hand_sizes")
        sizes = [_int(n, "hand_sizes", 0, HAND) for n in sizes]
        widow = _int(data["widow_size"], "widow_size", 0, HAND)
        stock = _int(data["stock_size"], "stock_size", 0, 36 - 2 * HAND)
        others = [m for s, m in enumerate(table["shown"]) if s != player]
        placed = [hand, own, table["table_shown"], *others, *table["won"],
                  _union(1 << c for _, c in table["trick"])]
        if sum(m.bit_count() for m in placed) != _union(placed).bit_count() or \
                sizes[player] != hand.bit_count() or table["shown"][player] & ~hand or \
                (own and (player != table["exchanger"] or own.bit_count() != widow)):
            raise StateError("hand: the cards seen, each once where it lies (JD11)",
                             field="hand", rule="JD11")
        if sum(sizes) + widow + stock + sum(w.bit_count() for w in table["won"]) + len(
                table["trick"]) != 36:
            raise StateError("hand_sizes: the hands, the table, the stock, the trick and "
                             "the cards won hold the pack (J1)", field="hand_sizes",
                             rule="J1")
        if _capped(table, hand, player):
            raise StateError(f"caps[{player}]: your hand holds a card you showed you lack "
                             "(JD12)", field=f"caps[{player}]", rule="JD12")
        for s in range(seats):
            if table["shown"][s].bit_count() > sizes[s]:
                raise StateError(f"shown[{s}]: cards of that seat's hand (JD11)",
                                 field=f"shown[{s}]", rule="JD11")
        view = cls(**table, player=player, hand=hand, own_widow=own,
                   hand_sizes=tuple(sizes), widow_size=widow, stock_size=stock)
        _check_sizes(view, sizes, widow, stock)
        return view


def _deal(cards: list[int], slots: list[tuple[int, int]], fits: Any,
          rng: random.Random) -> dict[int, int] | None:
    """The cards placed in the slots (container, places), each where ``fits`` lets it: the
    most bound cards first, each to a fitting container at random by its free places;
    retried, then matched exactly (augmenting paths) when chance fails."""
    free0 = dict(slots)
    order = sorted(cards, key=lambda c: sum(fits(c, w) for w in free0))
    for _ in range(8):
        free = dict(free0)
        out: dict[int, int] = {}
        for card in order:
            options = [w for w, n in free.items() if n and fits(card, w)]
            if not options:
                break
            pick = rng.choices(options, [free[w] for w in options])[0]
            free[pick] -= 1
            out[pick] = out.get(pick, 0) | 1 << card
        else:
            return out
    places = [w for w, n in slots for _ in range(n)]
    match: list[int | None] = [None] * len(places)

    def augment(card: int, seen: set[int]) -> bool:
        for i, where in enumerate(places):
            if i not in seen and fits(card, where):
                seen.add(i)
                held = match[i]
                if held is None or augment(held, seen):
                    match[i] = card
                    return True
        return False

    for card in order:
        if not augment(card, set()):
            return None
    out = {}
    for i, held in enumerate(match):
        if held is not None:
            out[places[i]] = out.get(places[i], 0) | 1 << held
    return out


TABLE_KEYS = ("variant", "seats", "dealer", "trump", "turned", "phase", "turn", "leader",
              "trick", "out", "exchanger", "won", "tricks", "melds", "shown", "table_shown",
              "voids", "caps", "played", "last", "match")
COMMON = frozenset({*TABLE_KEYS, "game", "log", "result"})
OPTIONAL = frozenset({"game", "result", "match"})
"""Fields a state or view may leave out (``match``: a game of one deal has none, JD16)."""
STATE_FIELDS = COMMON | {"seed", "hands", "widow", "stock"}
VIEW_FIELDS = COMMON | {"player", "hand", "own_widow", "hand_sizes", "widow_size",
                        "stock_size"}


def _caps(value: Any, seats: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or len(value) != seats or not all(
            isinstance(row, list) and len(row) == 4 for row in value):
        raise StateError("caps: per seat, four strengths (0-9) by suit (JD12)", field="caps",
                         rule="JD12")
    return tuple(tuple(_int(c, "caps", 0, 9) for c in row) for row in value)


def _capped(table: dict[str, Any], hand: int, seat: int) -> bool:
    """Whether ``hand`` holds a card ``seat`` showed it lacks (JD12)."""
    jack = jack_of(table["trump"])
    return any(c != jack and strength(c, table["trump"]) >= table["caps"][seat][suit_of(c)]
               for c in cards_of(hand))


def _per_seat(value: Any, field: str, seats: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != seats:
        raise StateError(f"{field}: one list of cards per seat", field=field)
    return tuple(_mask(v, f"{field}[{i}]") for i, v in enumerate(value))


def _seat(value: Any, field: str, seats: int, none: bool = False) -> Any:
    if value is None and none:
        return None
    return _int(value, field, 0, seats - 1)


def _table(data: Any, fields: frozenset[str]) -> dict[str, Any]:
    """The fields every state and view has, checked (each error names its field)."""
    if not isinstance(data, dict):
        raise StateError("a JSON object is expected")
    for key in data:
        if key not in fields:
            raise StateError(f"{key}: not a field of Jass's", field=str(key))
    for key in sorted(fields - OPTIONAL):
        if key not in data:
            raise StateError(f"{key}: required", field=key)
    if data.get("game", NAME) != NAME:
        raise StateError(f"game: {NAME}", field="game")
    variant = data["variant"]
    if not isinstance(variant, str) or variant not in SEATS:
        raise StateError(f"variant: one of {', '.join(SEATS)}", field="variant")
    seats = SEATS[variant]
    settings = SETTINGS[variant]
    form = settings.form
    if data["seats"] != seats:
        raise StateError(f"seats: {variant} has {seats} (J3)", field="seats", rule="J3")
    match = None
    if settings.match == "deal":
        if "match" in data:
            raise StateError(f"match: {variant} is a game of one deal (JD16)", field="match",
                             rule="JD16")
    elif "match" not in data:
        raise StateError(f"match: required: {variant} is a match (J18, JD17)", field="match",
                         rule="JD17")
    else:
        match = matches.from_json(settings, data["match"], seats)
    trump = data["trump"]
    if trump not in SUITS:
        raise StateError("trump: a suit (S, H, D, C; J5)", field="trump", rule="J5")
    turned = _card(data["turned"], "turned")
    if suit_of(turned) != SUITS.index(trump):
        raise StateError("turned: a card of the trump suit (J5)", field="turned", rule="J5")
    phase = data["phase"]
    if phase not in PHASES:
        raise StateError(f"phase: one of {', '.join(PHASES)}", field="phase")
    trick_raw = data["trick"]
    if not isinstance(trick_raw, list) or len(trick_raw) > seats:
        raise StateError("trick: a list of the cards played, each {player, card}",
                         field="trick")
    trick = []
    for i, item in enumerate(trick_raw):
        if not isinstance(item, dict) or set(item) != {"player", "card"}:
            raise StateError(f"trick[{i}]: {{player, card}}", field=f"trick[{i}]")
        trick.append((_seat(item["player"], f"trick[{i}].player", seats),
                      _card(item["card"], f"trick[{i}].card")))
    melds_raw = data["melds"]
    if not isinstance(melds_raw, list) or len(melds_raw) != seats:
        raise StateError("melds: one list of melds per seat", field="melds")
    melds = []
    for s, ms in enumerate(melds_raw):
        if not isinstance(ms, list):
            raise StateError(f"melds[{s}]: a list of melds", field=f"melds[{s}]")
        row = tuple(_mask(m, f"melds[{s}][{i}]") for i, m in enumerate(ms))
        for i, m in enumerate(row):
            if kind_of(m, SUITS.index(trump)) is None:
                raise StateError(f"melds[{s}][{i}]: not a meld (J13)",
                                 field=f"melds[{s}][{i}]", rule="J13")
        melds.append(row)
    voids_raw = data["voids"]
    if not isinstance(voids_raw, list) or len(voids_raw) != seats or not all(
            isinstance(v, str) and set(v) <= set(SUITS) for v in voids_raw):
        raise StateError("voids: per seat, the suits it showed it lacks (e.g. \"SH\")",
                         field="voids")
    tricks = data["tricks"]
    if not isinstance(tricks, list) or len(tricks) != seats:
        raise StateError("tricks: one count per seat", field="tricks")
    log = data["log"]
    if not isinstance(log, list):
        raise StateError("log: a list of events", field="log")
    out = _seat(data["out"], "out", seats, none=True)
    if out is not None and form != NAME:
        raise StateError("out: only with four may one pass out (J8)", field="out", rule="J8")
    exchanger = _seat(data["exchanger"], "exchanger", seats, none=True)
    if exchanger is not None and form != THREE:
        raise StateError("exchanger: only with three are cards left on the table (J6)",
                         field="exchanger", rule="J6")
    total = 18 if form == TWO else HAND
    played = _int(data["played"], "played", 0, total)
    table = {"variant": variant, "seats": seats,
             "dealer": _seat(data["dealer"], "dealer", seats),
             "trump": SUITS.index(trump), "turned": turned, "phase": phase,
             "turn": _seat(data["turn"], "turn", seats),
             "leader": _seat(data["leader"], "leader", seats), "trick": tuple(trick),
             "out": out, "exchanger": exchanger,
             "won": _per_seat(data["won"], "won", seats),
             "tricks": tuple(_int(t, "tricks", 0, total) for t in tricks),
             "melds": tuple(melds), "shown": _per_seat(data["shown"], "shown", seats),
             "table_shown": _mask(data["table_shown"], "table_shown"),
             "voids": tuple(sum(1 << SUITS.index(c) for c in set(v)) for v in voids_raw),
             "caps": _caps(data["caps"], seats),
             "played": played, "last": _seat(data["last"], "last", seats, none=True),
             "log": tuple(Event.from_dict(e, f"log[{i}]") for i, e in enumerate(log)),
             "match": match}
    _check_turn(table)
    if match is not None:
        if table["dealer"] != matches.dealer_of(match, seats):
            raise StateError(f"dealer: player {matches.dealer_of(match, seats)} deals deal "
                             f"{match.deal} (JD18)", field="dealer", rule="JD18")
        matches.check(settings, match, phase == "over", table["last"] is not None)
    return table


def _check_turn(t: dict[str, Any]) -> None:
    """The phase, the turn, the trick and the tricks agree (J6-J9, J14, J21)."""
    seats, trick, phase = t["seats"], t["trick"], t["phase"]
    form = SETTINGS[t["variant"]].form
    called = t["match"] is not None and t["match"].caller is not None
    size = seats - (t["out"] is not None)
    if sum(t["tricks"]) != t["played"] or any(
            t["won"][s].bit_count() != t["tricks"][s] * size for s in range(seats)):
        raise StateError("tricks: the tricks each seat won, of its cards won (J12)",
                         field="tricks", rule="J12")
    if t["out"] is not None and (t["turn"] == t["out"] or any(s == t["out"] for s, _ in trick)):
        raise StateError("out: a seat that passed out plays no more (J8)", field="out",
                         rule="J8")
    order = [t["leader"]]
    while len(order) < len(trick) + 1:
        nxt = (order[-1] + 1) % seats
        order.append((nxt + 1) % seats if nxt == t["out"] else nxt)
    if [s for s, _ in trick] != order[:len(trick)]:
        raise StateError("trick: played in turn from its leader (J9)", field="trick",
                         rule="J9")
    expected = {"play": order[len(trick)], "declare": trick[-1][0] if trick else t["leader"],
                "over": t["turn"]}
    if phase in expected and t["turn"] != expected[phase]:
        raise StateError(f"turn: player {expected[phase]} acts now (J9)", field="turn",
                         rule="J9")
    early = phase in ("exchange", "pass")
    if (early and (t["played"] or trick)) or (phase == "over" and not called) != (
            t["last"] is not None) or ((phase == "exchange") and form != THREE) or ((
            phase == "pass") and form != NAME):
        raise StateError("phase: it does not fit the deal's tricks (J6, J8, J17)",
                         field="phase")
    if phase == "declare" and form != TWO and (t["played"] or not trick):
        raise StateError("phase: melds are declared after a card to the first trick (J14)",
                         field="phase", rule="J14")


def _check_sizes(table: Any, sizes: list[int], widow: int, stock: int) -> None:
    """J4, J19: each seat in the deal holds its nine less the cards it played."""
    if table.form == TWO:
        drawn_rounds = (18 - stock) // 2
        if table.phase == "declare" and (not stock or table.trick):
            raise StateError("phase: two-hand melds follow a trick won while the stock lasts "
                             "(J21)", field="phase", rule="J21")
        if stock % 2 or drawn_rounds > table.played:
            raise StateError("stock: two drawn a trick while it lasts (J20)", field="stock",
                             rule="J20")
    for s in table.in_play:
        played = table.played + any(p == s for p, _ in table.trick)
        if table.form == TWO:
            expect = HAND + (18 - stock) // 2 - played
        else:
            expect = HAND - played
        if sizes[s] != expect:
            raise StateError(f"hands[{s}]: {expect} cards now (J4)", field=f"hands[{s}]",
                             rule="J4")
    if (table.form == THREE and widow != HAND) or (table.form != THREE and widow):
        raise StateError("widow: nine cards on the table with three, none else (J6)",
                         field="widow", rule="J6")


def new_game(seed: int, variant: str = NAME, dealer: int | None = None) -> State:
    """J4, J5, J19: the 36 cards shuffled from the seed (JD1: the seed stands for the cut)
    and dealt three at a time from the dealer's left, nine each; the trump turned (four:
    the dealer's last card; three: the 28th, left on the table with eight more; two: the
    19th, under the stock); J7 the six's exchange, then J6 or J8's calls or the lead.  A
    match (J18, JD18) starts at its first deal, dealt so."""
    if not isinstance(variant, str) or variant not in SEATS:
        raise StateError(f"variant: one of {', '.join(SEATS)}", field="variant")
    seats = SEATS[variant]
    dealer = seats - 1 if dealer is None else dealer
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
        raise StateError(f"dealer: a seat from 0 to {seats - 1} (J4)", field="dealer",
                         rule="J4")
    match = None if SETTINGS[variant].match == "deal" else Match(1, dealer)
    return _dealt(seed, variant, dealer, match, [])


def deal_seed(seed: int, deal: int) -> int | str:
    """JD18: the shuffle of a match's deal: its first as a game of one deal's (the seed),
    each later one from the seed and the deal's number."""
    return seed if deal == 1 else f"jass/{seed}/deal/{deal}"


def _dealt(seed: int, variant: str, dealer: int, match: Match | None,
           events: list[Event]) -> State:
    """A deal (J4-J8) of ``variant`` from ``seed`` (the deal's number in ``match``), its
    first events told into ``events`` (a later deal of a match: its number and dealer)."""
    settings = SETTINGS[variant]
    form, seats = settings.form, settings.seats
    pack = list(cards_of(PACK))
    random.Random(deal_seed(seed, 1 if match is None else match.deal)).shuffle(pack)
    hands = [0] * seats
    at = 0
    for _ in range(HAND // DEAL_ROUND):
        for i in range(seats):
            for card in pack[at:at + DEAL_ROUND]:
                hands[(dealer + 1 + i) % seats] |= 1 << card
            at += DEAL_ROUND
    rest = pack[at:]
    widow, table_shown = 0, 0
    stock: tuple[int, ...] = ()
    shown = [0] * seats
    if form == NAME:
        turned = pack[-1]
        shown[dealer] = 1 << turned
    elif form == THREE:
        turned = pack[THREE_TURNED - 1]
        widow = _union(1 << c for c in rest)
        table_shown = 1 << turned
    else:
        turned = rest[0]
        stock = (*rest[1:], turned)
        table_shown = 1 << turned
    zero = (0,) * seats
    log: tuple[Event, ...] = ()
    if match is not None and match.deal > 1:
        log = (Event("deal", dealer, worth=match.deal),)
        events.extend(log)
    state = State(variant, seats, dealer, suit_of(turned), turned, "play", dealer, dealer, (),
                  None, None, zero, zero, ((),) * seats, tuple(shown), table_shown, zero,
                  ((9,) * 4,) * seats, 0, None, log, match, seed=seed, hands=tuple(hands),
                  widow=widow, stock=stock)
    if form == THREE:
        return replace(state, phase="exchange", turn=dealer)
    state = state._sixed(events)
    if form == NAME:
        first = (dealer + 1) % seats
        return replace(state, phase="pass", turn=first)
    return state._to_play()
