"""I Doubt It's states and views (ID1-ID13, IDD1-IDD10): the hands, the centre's face-down
pile, the claim lying face down while the others speak, what each seat knows, and the log
of events each seat was told.

Cards are ints and sets of cards bitmasks (engine.cards).  What a seat knows of the others
(IDD9) is kept in the state per seat, so that a view is a function of the state alone:
``known[o][s]``, the cards seat ``o`` has seen go into seat ``s``'s hand and not seen it lay
since, and ``centre_known[o]``, the cards ``o`` laid itself that lie in the centre still.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from engine.cards import FULL_DECK, card_mask, card_name, card_text, cards_of, parse_card
from engine.errors import CardError, GameOverError, IllegalMoveError, StateError
from engine.i_doubt_it.moves import DOUBT, PASS, Claims, Move, rank_name, read_rank
from engine.i_doubt_it.rules import CLAIM, MAX_CLAIMS, MAX_SEATS, MAX_SEED, MIN_SEATS, NAME, PLURALS
from engine.result import Result

__all__ = ["Event", "State", "View", "new_game", "rank_mask_of", "truthful"]

KINDS = ("claim", "pass", "doubt", "reveal", "centre", "draw", "skip", "out", "limit")
"""The events: a claim laid (its cards told to the claimer only, IDD9), a pass or doubt
(ID5), the cards turned up and who took them with the centre (ID6), the claim pushed to the
centre unseen (ID7), a short hand's draw (its cards told to the drawer, ID9) or skip (ID9),
a seat out (ID10, ID11), the game ended at the claims' limit (IDD10)."""


class Played(NamedTuple):
    """A move of the log: who played it, and the move (a record's, engine.records)."""

    player: int
    move: Move


def rank_mask_of(rank: int) -> int:
    """The four cards of ``rank`` (1..13)."""
    return 0xF << ((rank - 1) * 4)


def truthful(cards: int, rank: int) -> bool:
    """ID6: a claim is true when every card laid is of the rank named."""
    return not cards & ~rank_mask_of(rank)


class Event(NamedTuple):
    """One thing that happened; ``cards`` is ``None`` where the seat told may not see them
    (another seat's claim or draw, IDD9)."""

    type: str
    player: int
    cards: int | None = None
    rank: int = 0
    size: int = 0
    """How many cards (a claim's, a draw's, a reveal's taken), or the claims (limit)."""
    taker: int | None = None
    true: bool | None = None
    chips: tuple[int, ...] = ()

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` is told it (``None``: all of it, IDD9)."""
        if seat is None or self.type not in ("claim", "draw") or seat == self.player:
            return self
        return self._replace(cards=None)

    def describe(self) -> str:
        who = f"Player {self.player}"
        shown = "" if self.cards is None else " (" + " ".join(
            card_text(c) for c in cards_of(self.cards)) + ")"
        named = PLURALS[self.rank - 1] if self.rank else ""
        if self.type == "claim":
            return f"{who} lays {self.size} face down: \"{self.size} {named}\"{shown}"
        if self.type in ("pass", "doubt"):
            return f"{who} {'doubts it' if self.type == 'doubt' else 'passes'}"
        if self.type == "reveal":
            verdict = "true" if self.true else "false"
            return (f"Turned up{shown}: the claim of {named} is {verdict}; player "
                    f"{self.taker} takes {self.size} cards")
        if self.type == "centre":
            return f"Player {self.player}'s {self.size} go to the centre unseen"
        if self.type == "draw":
            return f"{who} draws {self.size} from the centre{shown}"
        if self.type == "skip":
            return f"{who} is short and the centre is empty: the turn passes"
        if self.type == "out":
            return f"{who} is out and collects {self.chips[self.player]} chips"
        return (f"The game ends after {self.size} claims: player "
                f"{self.chips.index(max(self.chips))} holds fewest and collects "
                f"{max(self.chips)} chips")

    def to_dict(self) -> dict[str, Any]:
        """The event's JSON (a fresh copy of the one written once per event: a log
        repeats its events in every answer)."""
        return dict(_event_json(self))

    def _json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "player": self.player,
                               "description": self.describe()}
        if self.type in ("claim", "reveal", "draw"):
            out["cards"] = None if self.cards is None else [
                card_name(c) for c in cards_of(self.cards)]
        if self.rank:
            out["rank"] = rank_name(self.rank)
        if self.type in ("claim", "reveal", "centre", "draw", "limit"):
            out["count"] = self.size
        if self.type == "reveal":
            out |= {"taker": self.taker, "true": self.true}
        if self.type in ("out", "limit"):
            out["chips"] = list(self.chips)
        return out

    @classmethod
    def from_dict(cls, data: Any, field: str) -> Event:
        """An event from its JSON (one read once per form: a log repeats its events)."""
        try:
            cards = data.get("cards")
            key = (data.get("type"), data.get("player"),
                   None if cards is None else tuple(cards), data.get("rank"),
                   data.get("count", 0), data.get("taker"), data.get("true"),
                   tuple(data.get("chips", ())), frozenset(data))
            found = _READ.get(key)
            if found is None:
                found = cls._read(data, "event")
                if len(_READ) < 1 << 16:
                    _READ[key] = found
            return found
        except (TypeError, AttributeError):  # an unhashable form: read it for the error it names
            return cls._read(data, field)
        except StateError as error:
            raise StateError(str(error).replace("event", field, 1),
                             field=(error.field or "").replace("event", field, 1),
                             rule=error.rule) from None

    @classmethod
    def _read(cls, data: Any, field: str) -> Event:
        if not isinstance(data, dict) or data.get("type") not in KINDS:
            raise StateError(f"{field}: an event ({', '.join(KINDS)})", field=field)
        try:
            player = _int(data.get("player"), f"{field}.player", 0, MAX_SEATS - 1)
            raw = data.get("cards")
            cards = None if raw is None else _mask(raw, f"{field}.cards")
            rank = read_rank(data["rank"], f"{field}.rank") if "rank" in data else 0
            count = _int(data.get("count", 0), f"{field}.count", 0, MAX_CLAIMS)
            taker = data.get("taker")
            if taker is not None:
                taker = _int(taker, f"{field}.taker", 0, MAX_SEATS - 1)
            true = data.get("true")
            if true is not None and not isinstance(true, bool):
                raise StateError(f"{field}.true: true or false", field=f"{field}.true")
            chips = tuple(_int(c, f"{field}.chips", -52, 52) for c in data.get("chips", []))
        except (KeyError, TypeError):
            raise StateError(f"{field}: an event's fields", field=field) from None
        return cls(data["type"], player, cards, rank, count, taker, true, chips)


@lru_cache(maxsize=1 << 16)
def _event_json(event: Event) -> dict[str, Any]:
    return event._json()


_READ: dict[tuple[Any, ...], Event] = {}

"""Events read so far, by their JSON's fields (the forms a log repeats)."""


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"{field}: an integer from {low} to {high}", field=field)
    return value


def _mask(value: Any, field: str) -> int:
    if not isinstance(value, list):
        raise StateError(f"{field}: a list of cards (ID1)", field=field, rule="ID1")
    mask = 0
    for token in value:
        try:
            card = parse_card(token)
        except CardError:
            raise StateError(f"{field}: {token!r} is not a card (ID1)", field=field,
                             rule="ID1") from None
        if mask >> card & 1:
            raise StateError(f"{field}: {card_name(card)} twice (ID1)", field=field,
                             rule="ID1")
        mask |= 1 << card
    return mask


def _names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


@dataclass(frozen=True)
class _Table:
    """What every seat sees alike (IDD9): the seats, the dealer, whose turn, the claim
    lying face down (its rank and size), the claims so far and the game's end."""

    variant: str
    seats: int
    dealer: int
    claimer: int
    """The seat laying now, or whose claim lies face down (ID3, ID8)."""
    rank: int
    """The rank named by the claim lying face down (0: none, the claimer to lay)."""
    laid: int
    """The size of the claim lying face down (0: none)."""
    speaker: int | None
    """The seat to doubt or pass now (ID5); ``None`` while the claimer lays."""
    claims: int
    """Claims made so far (IDD10)."""
    log: tuple[Event, ...]
    game = NAME

    @property
    def sizes(self) -> tuple[int, ...]:
        raise NotImplementedError

    @property
    def out(self) -> int | None:
        """ID10: the seat rid of all its cards once its claim stands."""
        if self.laid:
            return None
        return next((s for s, n in enumerate(self.sizes) if n == 0), None)

    @property
    def winner(self) -> int | None:
        """ID10, IDD10: the seat out; at the claims' limit, the seat holding fewest cards
        (of those tied, the first to lay from the dealer's left); ``None`` in play."""
        if not self.game_over:
            return None
        if self.out is not None:
            return self.out
        order = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
        return min(order, key=lambda s: self.sizes[s])

    @property
    def game_over(self) -> bool:
        return not self.laid and (self.out is not None or self.claims >= MAX_CLAIMS)

    @property
    def acting(self) -> frozenset[int]:
        """ID5, ID13: the speaker while a claim lies face down, else the claimer."""
        if self.game_over:
            return frozenset()
        return frozenset({self.claimer if self.speaker is None else self.speaker})

    @property
    def result(self) -> Result:
        """ID11, IDD10, IDD11: the winner collects from each other seat a chip per card
        that seat holds more than he (all its cards, when he is out); zeros in play."""
        winner = self.winner
        if winner is None:
            return Result(False, (), (0,) * self.seats)
        least = self.sizes[winner]
        points = [least - n for n in self.sizes]
        points[winner] = -sum(points)
        return Result(True, (winner,), tuple(points))

    def returns(self) -> tuple[int, ...]:
        return self.result.points if self.game_over else (0,) * self.seats

    def _json(self) -> dict[str, Any]:
        return {"game": NAME, "variant": self.variant, "seats": self.seats,
                "dealer": self.dealer, "claimer": self.claimer,
                "rank": rank_name(self.rank) if self.rank else None, "laid": self.laid,
                "speaker": self.speaker, "claims": self.claims}


@dataclass(frozen=True)
class State(_Table):
    """The whole game."""

    seed: int = 0
    hands: tuple[int, ...] = ()
    centre: tuple[int, ...] = ()
    """The centre's face-down pile, bottom first (a short hand draws from the top, ID9)."""
    claim: int = 0
    """The cards of the claim lying face down (0: none)."""
    known: tuple[tuple[int, ...], ...] = ()
    centre_known: tuple[int, ...] = ()

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(map(int.bit_count, self.hands))

    def moves_for(self, seat: int) -> Sequence[Move]:
        """A claim of the claimer's (lazily listed, engine.i_doubt_it.moves.Claims), or the
        speaker's doubt or pass (ID4, ID5)."""
        if seat not in self.acting:
            return []
        if self.speaker is not None:
            return [DOUBT, PASS]
        hand = self.hands[seat]
        return Claims(hand, min(CLAIM, hand.bit_count()))

    def refusal(self, move: Move, seat: int) -> IllegalMoveError | None:
        return self.view(seat).refusal(move)

    def apply(self, move: Move) -> tuple[State, list[Event]]:
        """The acting seat's move (ID4-ID10); refused naming the rule otherwise."""
        if self.game_over:
            raise GameOverError("the game is over (ID10, IDD10)", rule="ID10")
        seat = self.claimer if self.speaker is None else self.speaker
        hand = self.hands[seat]
        if self.speaker is None and move.kind == "claim" and not move.cards & ~hand and \
                1 <= move.rank <= 13 and move.cards.bit_count() == min(CLAIM, hand.bit_count()):
            return self._claimed(seat, move)  # a legal claim, told fast (the long lists)
        if self.speaker is None or move.kind not in ("pass", "doubt"):
            refused = self.brief_view(seat).refusal(move)  # a speaker may doubt or pass (ID5)
            if refused is not None:
                raise refused
        if move.kind == "pass":
            event = Event("pass", seat)
            after = (seat + 1) % self.seats
            state = self._with(log=self.log + (event,), speaker=after)
            if after != self.claimer:
                return state, [event]
            return state._stands([event])
        return self._with(log=self.log + (Event("doubt", seat),))._turned(seat)

    def _claimed(self, seat: int, move: Move) -> tuple[State, list[Event]]:
        """ID4: the claim laid face down, the speaking to the claimer's left (IDD3)."""
        hands = list(self.hands)
        hands[seat] &= ~move.cards
        event = Event("claim", seat, move.cards, move.rank, move.cards.bit_count())
        return self._with(hands=tuple(hands), claim=move.cards, rank=move.rank,
                          laid=event.size, speaker=(seat + 1) % self.seats,
                          claims=self.claims + 1, log=self.log + (event,)), [event]

    def _with(self, **changes: Any) -> State:
        """``dataclasses.replace`` without its checks, for the game's own moves (a State
        has no ``__post_init__`` to run): the solver's play-outs make millions."""
        state = object.__new__(State)
        state.__dict__.update(self.__dict__)
        state.__dict__.update(changes)
        return state

    @property
    def history(self) -> tuple[Played, ...]:
        """Every move of the game in order, from its log (a sealed game's record)."""
        out: list[Played] = []
        for i, event in enumerate(self.log):
            if event.type == "claim":
                if event.cards is None:
                    raise StateError(f"log[{i}].cards: a claim's cards are hidden: a world "
                                     "of the solver keeps no record (IDD9)",
                                     field=f"log[{i}].cards", rule="IDD9")
                out.append(Played(event.player, Move("claim", event.cards, event.rank)))
            elif event.type in ("pass", "doubt"):
                out.append(Played(event.player, Move(event.type)))
        return tuple(out)

    # --- the claim settled -----------------------------------------------------------------

    def _stands(self, events: list[Event]) -> tuple[State, list[Event]]:
        """ID7: nobody doubted: the claim goes to the centre face down, unseen."""
        c, laid = self.claimer, self.claim
        known = [list(row) for row in self.known]
        for o in range(self.seats):
            if o != c:
                known[o][c] = 0  # which of them went down is unknown (IDD9)
        centre_known = list(self.centre_known)
        centre_known[c] |= laid
        event = Event("centre", c, size=self.laid)
        state = self._with(centre=self.centre + tuple(cards_of(laid)), claim=0, rank=0,
                        laid=0, speaker=None, known=_rows(known),
                        centre_known=tuple(centre_known), log=self.log + (event,))
        return state._next([*events, event])

    def _turned(self, doubter: int) -> tuple[State, list[Event]]:
        """ID6: the claim turned up: false, the claimer takes it and the centre; true, the
        doubter does."""
        c, laid = self.claimer, self.claim
        true = truthful(laid, self.rank)
        taker = doubter if true else c
        centre = card_mask(self.centre)
        hands = list(self.hands)
        hands[taker] |= laid | centre
        known = [list(row) for row in self.known]
        for o in range(self.seats):
            if o != taker:
                known[o][taker] |= laid | self.centre_known[o]
            if c not in (o, taker):
                known[o][c] &= ~laid
        event = Event("reveal", c, laid, self.rank, self.laid + len(self.centre), taker, true)
        state = self._with(hands=tuple(hands), centre=(), claim=0, rank=0, laid=0,
                        speaker=None, known=_rows(known),
                        centre_known=(0,) * self.seats, log=self.log + (event,))
        return state._next([self.log[-1], event])

    def _next(self, events: list[Event]) -> tuple[State, list[Event]]:
        """ID8-ID10, IDD10: the game's end, else the turn to the claimer's left, a short
        hand drawing from the top of the centre or, with the centre empty, passing."""
        state = self
        if state.out is not None:
            event = Event("out", state.out, chips=state.result.points)
            return state._with(log=state.log + (event,)), [*events, event]
        if state.claims >= MAX_CLAIMS:
            event = Event("limit", state.claimer, size=state.claims,
                          chips=state.result.points)
            return state._with(log=state.log + (event,)), [*events, event]
        seat = state.claimer
        for _ in range(state.seats):
            seat = (seat + 1) % state.seats
            short = CLAIM - state.hands[seat].bit_count()
            if short <= 0:
                break
            if not state.centre:
                event = Event("skip", seat)
                state = state._with(log=state.log + (event,))
                events.append(event)
                continue
            state, event = state._draw(seat, short)
            events.append(event)
            break
        return state._with(claimer=seat), events

    def _draw(self, seat: int, short: int) -> tuple[State, Event]:
        """ID9: the short hand takes the top ``short`` cards of the centre (all when fewer)."""
        drawn = card_mask(self.centre[-short:])
        hands = list(self.hands)
        hands[seat] |= drawn
        known = [list(row) for row in self.known]
        centre_known = list(self.centre_known)
        for o in range(self.seats):
            if o != seat:
                known[o][seat] |= drawn & centre_known[o]
            centre_known[o] &= ~drawn
        event = Event("draw", seat, drawn, size=drawn.bit_count())
        return self._with(hands=tuple(hands), centre=self.centre[:-short],
                       known=_rows(known), centre_known=tuple(centre_known),
                       log=self.log + (event,)), event

    def brief_view(self, seat: int) -> View:
        """The seat's view without its log, enough to judge a move (View.refusal reads
        no event) or to choose one by the counts (a play-out's bots): it costs the same
        however long the game has run."""
        return View(self.variant, self.seats, self.dealer, self.claimer, self.rank,
                    self.laid, self.speaker, self.claims, (), seat, self.hands[seat],
                    self.sizes, len(self.centre), self.known[seat], self.centre_known[seat],
                    self.claim if seat == self.claimer else 0)

    # --- views and JSON -----------------------------------------------------------------

    def view(self, player: int) -> View:
        """IDD9: the seat's hand, what it laid still in the centre, what it saw go into
        each hand, every count, and the log as it was told it."""
        if not isinstance(player, int) or not 0 <= player < self.seats:
            raise StateError(f"player: a seat from 0 to {self.seats - 1} (ID1)",
                             field="player", rule="ID1")
        return View(self.variant, self.seats, self.dealer, self.claimer, self.rank,
                    self.laid, self.speaker, self.claims,
                    tuple(e.seen_by(player) for e in self.log), player,
                    self.hands[player], self.sizes, len(self.centre),
                    self.known[player], self.centre_known[player],
                    self.claim if player == self.claimer else 0)

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "seed": self.seed, "hands": [_names(h) for h in self.hands],
                "centre": [card_name(c) for c in self.centre], "claim": _names(self.claim),
                "known": [[_names(k) for k in row] for row in self.known],
                "centre_known": [_names(k) for k in self.centre_known],
                "log": [e.to_dict() for e in self.log], "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        table = _table(data, STATE_FIELDS)
        seats = table["seats"]
        seed = _int(data["seed"], "seed", 0, MAX_SEED)
        hands = _per_seat(data["hands"], "hands", seats)
        centre_list = data["centre"]
        centre_mask = _mask(centre_list, "centre")
        centre = tuple(parse_card(t) for t in centre_list)
        claim = _mask(data["claim"], "claim")
        known = data["known"]
        if not isinstance(known, list) or len(known) != seats:
            raise StateError("known: one list per seat (IDD9)", field="known", rule="IDD9")
        rows = tuple(_per_seat(row, f"known[{o}]", seats) for o, row in enumerate(known))
        centre_known = _per_seat(data["centre_known"], "centre_known", seats)
        total = [*hands, centre_mask, claim]
        if sum(m.bit_count() for m in total) != 52 or _union(total) != FULL_DECK:
            raise StateError("hands: the hands, the centre and the claim hold the pack, "
                             "each card once (ID1)", field="hands", rule="ID1")
        if claim.bit_count() != table["laid"]:
            raise StateError("claim: the cards of the claim laid (ID4)", field="claim",
                             rule="ID4")
        for o in range(seats):
            if centre_known[o] & ~centre_mask or rows[o][o] or any(
                    rows[o][s] & ~(hands[s] | (claim if s == table["claimer"] else 0))
                    for s in range(seats)):
                raise StateError(f"known[{o}]: cards seen in the others' hands and the "
                                 "centre, where they lie (IDD9)", field=f"known[{o}]",
                                 rule="IDD9")
        state = cls(**table, seed=seed, hands=hands, centre=centre, claim=claim, known=rows,
                    centre_known=centre_known)
        checked: State = _checked(state)
        return checked


@dataclass(frozen=True)
class View(_Table):
    """What one seat sees (IDD9)."""

    player: int = 0
    hand: int = 0
    hand_sizes: tuple[int, ...] = ()
    centre_size: int = 0
    known: tuple[int, ...] = ()
    """The cards this seat saw go into each seat's hand and has not seen it lay since."""
    centre_known: int = 0
    """The cards this seat laid that lie in the centre still."""
    own_claim: int = 0
    """The cards of this seat's own claim lying face down."""

    @property
    def sizes(self) -> tuple[int, ...]:
        return self.hand_sizes

    def legal_moves(self) -> Sequence[Move]:
        if self.player not in self.acting:
            return []
        if self.speaker is not None:
            return [DOUBT, PASS]
        return Claims(self.hand, min(CLAIM, self.hand.bit_count()))

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """The end (ID10), the turn (ID13), the kind of move (ID4, ID5), then a card not in
        the hand, in the same words wherever it lies (ID4), and the claim's size (ID4)."""
        if self.game_over:
            return GameOverError("the game is over (ID10, IDD10)", rule="ID10")
        if self.player not in self.acting:
            who = min(self.acting)
            return IllegalMoveError(f"player: it is player {who}'s turn (ID13)",
                                    field="player", rule="ID13")
        if self.speaker is not None:
            if move.kind == "claim":
                return IllegalMoveError(
                    f"move.type: player {self.claimer}'s claim lies face down: doubt it or "
                    "pass (ID5)", field="move.type", rule="ID5")
            return None
        if move.kind != "claim":
            return IllegalMoveError(f"move.type: it is your turn to lay cards and name a "
                                    f"rank, not to {move.kind} (ID4)", field="move.type",
                                    rule="ID4")
        for card in cards_of(move.cards):
            if not self.hand >> card & 1:
                return IllegalMoveError(f"move.cards: {card_name(card)} is not in your hand "
                                        "(ID4)", field="move.cards", rule="ID4")
        size = min(CLAIM, self.hand.bit_count())
        if move.cards.bit_count() != size:
            rule = "ID4" if size == CLAIM else "IDD6"
            return IllegalMoveError(f"move.cards: a claim lays {size} cards, not "
                                    f"{move.cards.bit_count()} ({rule})", field="move.cards",
                                    rule=rule)
        return None

    def unseen(self) -> int:
        """The cards this seat cannot place: neither in its hand, seen in another's, nor
        laid by it in the centre or in its claim."""
        return FULL_DECK & ~(self.hand | _union(self.known) | self.centre_known
                             | self.own_claim)

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: the cards it cannot place dealt at random to the
        rest of each other hand, the centre and another's claim; the others know nothing
        of one another (the log's hidden cards stay hidden: a world has no record)."""
        return self.world(list(cards_of(self.unseen())), rng)

    def world(self, unseen: list[int], rng: random.Random | None) -> State:
        """The state of this view whose unplaced cards, in ``unseen``'s order (shuffled by
        ``rng`` when given), fill each other hand, then another's claim, then the centre."""
        if rng is not None:
            rng.shuffle(unseen)
        hands, at, claim = [], 0, self.own_claim
        for s in range(self.seats):
            if s == self.player:
                hands.append(self.hand)
                continue
            seen = list(cards_of(self.known[s]))
            size = self.hand_sizes[s]
            if self.laid and s == self.claimer:  # seen cards beyond the hand lie in the claim
                more = size + self.laid - len(seen)
                pool = seen + unseen[at:at + more]
                at += more
                hands.append(card_mask(pool[:size]))
                claim = card_mask(pool[size:])
                continue
            need = size - len(seen)
            hands.append(self.known[s] | card_mask(unseen[at:at + need]))
            at += need
        rest = unseen[at:]
        mine = list(cards_of(self.centre_known))
        centre = rest + mine
        if rng is not None:
            rng.shuffle(centre)
        seats = self.seats
        known = [[0] * seats for _ in range(seats)]
        known[self.player] = list(self.known)
        centre_known = [0] * seats
        centre_known[self.player] = self.centre_known
        return State(self.variant, seats, self.dealer, self.claimer, self.rank, self.laid,
                     self.speaker, self.claims, self.log,
                     seed=0 if rng is None else rng.randrange(MAX_SEED + 1),
                     hands=tuple(hands), centre=tuple(centre), claim=claim, known=_rows(known),
                     centre_known=tuple(centre_known))

    def to_dict(self) -> dict[str, Any]:
        return {**self._json(), "player": self.player, "hand": _names(self.hand),
                "hand_sizes": list(self.hand_sizes), "centre_size": self.centre_size,
                "known": [_names(k) for k in self.known],
                "centre_known": _names(self.centre_known), "own_claim": _names(self.own_claim),
                "log": [e.to_dict() for e in self.log], "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> View:
        table = _table(data, VIEW_FIELDS)
        seats = table["seats"]
        player = _int(data["player"], "player", 0, seats - 1)
        hand = _mask(data["hand"], "hand")
        sizes = data["hand_sizes"]
        if not isinstance(sizes, list) or len(sizes) != seats:
            raise StateError("hand_sizes: one count per seat (IDD9)", field="hand_sizes",
                             rule="IDD9")
        sizes = tuple(_int(n, "hand_sizes", 0, 52) for n in sizes)
        centre = _int(data["centre_size"], "centre_size", 0, 52)
        known = _per_seat(data["known"], "known", seats)
        centre_known = _mask(data["centre_known"], "centre_known")
        own = _mask(data["own_claim"], "own_claim")
        if sum(sizes) + centre + table["laid"] != 52 or sizes[player] != hand.bit_count():
            raise StateError("hand_sizes: the hands, the centre and the claim hold the pack "
                             "(ID1)", field="hand_sizes", rule="ID1")
        placed = [hand, *known, centre_known, own]
        if sum(m.bit_count() for m in placed) != _union(placed).bit_count() or known[player] \
                or any(known[s].bit_count() > sizes[s] + (
                    table["laid"] if s == table["claimer"] else 0) for s in range(seats)) \
                or centre_known.bit_count() > centre:
            raise StateError("known: cards seen where they lie, each once (IDD9)",
                             field="known", rule="IDD9")
        if own.bit_count() != (table["laid"] if player == table["claimer"] else 0):
            raise StateError("own_claim: the cards of your claim lying face down (IDD9)",
                             field="own_claim", rule="IDD9")
        view = cls(**table, player=player, hand=hand, hand_sizes=sizes, centre_size=centre,
                   known=known, centre_known=centre_known, own_claim=own)
        checked: View = _checked(view)
        return checked


COMMON = frozenset({"game", "variant", "seats", "dealer", "claimer", "rank", "laid",
                    "speaker", "claims", "log", "result"})
STATE_FIELDS = COMMON | {"seed", "hands", "centre", "claim", "known", "centre_known"}
VIEW_FIELDS = COMMON | {"player", "hand", "hand_sizes", "centre_size", "known",
                        "centre_known", "own_claim"}


def _union(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _rows(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r) for r in rows)


def _per_seat(value: Any, field: str, seats: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != seats:
        raise StateError(f"{field}: one list of cards per seat", field=field)
    return tuple(_mask(v, f"{field}[{i}]") for i, v in enumerate(value))


def _table(data: Any, fields: frozenset[str]) -> dict[str, Any]:
    """The fields every state and view has, checked (each error names its field)."""
    if not isinstance(data, dict):
        raise StateError("a JSON object is expected")
    for key in data:
        if key not in fields:
            raise StateError(f"{key}: not a field of I Doubt It's", field=str(key))
    for key in sorted(fields - {"game", "result"}):
        if key not in data:
            raise StateError(f"{key}: required", field=key)
    if data.get("game", NAME) != NAME or data["variant"] != NAME:
        raise StateError(f"variant: {NAME}", field="variant")
    seats = _int(data["seats"], "seats", MIN_SEATS, MAX_SEATS)
    speaker = data["speaker"]
    rank = data["rank"]
    log = data["log"]
    if not isinstance(log, list):
        raise StateError("log: a list of events", field="log")
    return {"variant": NAME, "seats": seats,
            "dealer": _int(data["dealer"], "dealer", 0, seats - 1),
            "claimer": _int(data["claimer"], "claimer", 0, seats - 1),
            "rank": 0 if rank is None else read_rank(rank, "rank"),
            "laid": _int(data["laid"], "laid", 0, CLAIM),
            "speaker": None if speaker is None else _int(speaker, "speaker", 0, seats - 1),
            "claims": _int(data["claims"], "claims", 0, MAX_CLAIMS),
            "log": tuple(Event.from_dict(e, f"log[{i}]") for i, e in enumerate(log))}


def _checked(table: Any) -> Any:
    """A claim lies face down exactly while a seat other than its claimer speaks (ID5)."""
    pending = bool(table.laid)
    if pending != (table.speaker is not None) or pending != bool(table.rank) or (
            pending and table.speaker == table.claimer):
        raise StateError("speaker: a seat other than the claimer speaks while a claim lies "
                         "face down, and only then (ID5)", field="speaker", rule="ID5")
    return table


def new_game(seed: int, dealer: int | None = None, players: int | None = None) -> State:
    """ID2, ID3: the pack shuffled from the seed and dealt one at a time from the dealer's
    left as far as it goes equally, the rest face down in the centre; the seat left of the
    dealer lays first."""
    from engine.i_doubt_it.rules import SEATS
    seats = SEATS if players is None else players
    if not isinstance(seats, int) or isinstance(seats, bool) or not (
            MIN_SEATS <= seats <= MAX_SEATS):
        raise StateError(f"players: from {MIN_SEATS} to {MAX_SEATS} (IDD1)", field="players",
                         rule="IDD1")
    dealer = seats - 1 if dealer is None else dealer
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < seats:
        raise StateError(f"dealer: a seat from 0 to {seats - 1} (ID2)", field="dealer",
                         rule="ID2")
    pack = list(range(52))
    random.Random(seed).shuffle(pack)
    each = 52 // seats
    hands = [0] * seats
    for i, card in enumerate(pack[:each * seats]):
        hands[(dealer + 1 + i) % seats] |= 1 << card
    zero = tuple((0,) * seats for _ in range(seats))
    return State(NAME, seats, dealer, (dealer + 1) % seats, 0, 0, None, 0, (), seed=seed,
                 hands=tuple(hands), centre=tuple(pack[each * seats:]), known=zero,
                 centre_known=(0,) * seats)
