"""The turn flow (Q5-Q22): ``State`` and its moves, the end of a hand and its settlement,
and ``View``, one seat's information (Q23) with ``resample``.

``new_game(seed)`` deals and turns the first card; ``state.legal_moves()``,
``state.apply(move) -> Step(state, events)`` (checked) and ``advance`` (unchecked, for
search) play; ``state.returns()`` settles (Q21, QD11); ``state.next_deal(seed)`` starts
the next hand with the deal passed on and the pool carried (Q22)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.cards import bit
from engine.conquian.deal import MAX_SEED, deal, first_dealer
from engine.conquian.events import Event
from engine.conquian.melds import layout
from engine.conquian.movegen import DISCARDED, PASSED, TURNED, meld_moves, offer_moves
from engine.conquian.moves import DISCARD, FORCE, LAY, PASS, TAKE, Move, Played, parse_move
from engine.conquian.referee import explain
from engine.conquian.rules import CONQUIAN, Rules, get_rules
from engine.conquian.state import (
    GAME,
    MELD,
    OFFER,
    OVER,
    Deal,
    Seen,
    deal_json,
    read_deal,
    read_seen,
    result_of,
    seats_of,
    seen_json,
)
from engine.conquian.worlds import hidden
from engine.errors import GameOverError, IllegalMoveError, StateError
from engine.result import Result

__all__ = ["State", "Step", "View", "advance", "new_game"]


class Step(NamedTuple):
    """What ``apply`` gives: the next state and what happened, in order."""

    state: State
    events: list[Event]


def _moves(rules: Rules, deal: Deal | Seen, hand: int) -> list[Move]:
    seat = deal.to_move
    own = deal.melds[seat]
    other = deal.melds[rules.adversary(seat, deal.dealer, len(deal.melds))]  # a row a seat
    if deal.phase == OFFER:
        return offer_moves(layout(rules), deal.up, deal.source, hand, own, other)
    if deal.phase == MELD:
        return meld_moves(layout(rules), hand, own, other)
    return []


def _out_of_turn(deal: Deal | Seen, player: int) -> IllegalMoveError:
    """The refusal of a move by ``player``, who is not to move (Q24): at three, the dealer
    sits the hand out (QD12).  Who is to move and who deals are public (Q23)."""
    seats = seats_of(deal)
    if player == get_rules(deal.variant).sitting_out(deal.dealer, seats):
        return IllegalMoveError(f"player {player} deals and sits this hand out; seat "
                                f"{deal.to_move} is to move (QD12)", field="player",
                                rule="QD12")
    return IllegalMoveError(f"player {player} may not act: seat {deal.to_move} is to move "
                            "(Q24)", field="player", rule="Q24")


class State(Deal):
    """A whole hand of Conquian: every hand, the melds, the stock order, the seed."""

    __slots__ = ()

    # --- the protocol (engine.protocols.GameState) ----------------------------------------
    @property
    def game(self) -> str:
        return GAME

    @property
    def rules(self) -> Rules:
        return get_rules(self.variant)

    @property
    def seats(self) -> int:
        """Two, or three at the table (QD12)."""
        return len(self.hands)

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    @property
    def acting(self) -> frozenset[int]:
        """The one seat that may act (Q24); none once the hand is over."""
        return frozenset() if self.game_over else frozenset({self.to_move})

    def legal_moves(self) -> list[Move]:
        """The moves of the seat to act (Q6-Q17)."""
        return _moves(self.rules, self, self.hands[self.to_move])

    def moves_for(self, seat: int) -> list[Move]:
        return self.legal_moves() if seat in self.acting else []

    def apply(self, move: Any, player: int | None = None) -> Step:
        """The next state and the events; the move may be a :class:`Move`, its id or its
        JSON.  An illegal move raises :class:`IllegalMoveError` naming the rule."""
        if not isinstance(move, Move):
            move = parse_move(move)
        if self.game_over:
            raise explain(self, self.hands[self.to_move], move)
        if player is not None and player != self.to_move:
            raise _out_of_turn(self, player)
        if move not in self.legal_moves():
            raise explain(self, self.hands[self.to_move], move)
        step = advance(self, move)
        played = self.history + (Played(self.to_move, move),)
        return Step(step.state._replace(history=played), step.events)

    def view(self, player: int) -> View:
        """What seat ``player`` sees (Q23); at three the seat sitting out sees no hand
        (QD17)."""
        if player not in range(self.seats):
            raise StateError(f"player: a seat from 0 to {self.seats - 1}", field="player")
        return View(self.variant, player, self.dealer, self.to_move, self.phase,
                    self.hands[player], tuple(h.bit_count() for h in self.hands), self.melds,
                    len(self.stock), self.dead, self.up, self.source, self.pool, self.winner)

    def returns(self) -> tuple[int, ...]:
        """Counters won per seat (Q21, QD11, QD16): at two, the winner ``stake * (1 +
        pool)``, the loser as much less; zero at a tableau and while in play."""
        return self.result.points

    @property
    def result(self) -> Result:
        """Over or not, the seat out, the counters each seat won (Q18-Q21)."""
        return result_of(self)

    @property
    def tableau(self) -> bool:
        """The hand ended with the stock exhausted and nobody out (Q20)."""
        return self.game_over and self.winner < 0

    def next_deal(self, seed: int) -> State:
        """The next hand (Q22): the deal passes on, the pool grows after a tableau (Q21)
        and is emptied by a win."""
        if not self.game_over:
            raise GameOverError("the hand is still in play (Q22)", field="state.phase",
                                rule="Q22")
        pool = self.pool + 1 if self.tableau else 0
        return new_game(seed, self.variant, self.rules.next_dealer(self.dealer, self.seats),
                        pool=pool, players=self.seats)

    def to_dict(self) -> dict[str, Any]:
        return deal_json(self)

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """A state from JSON, checked (:class:`StateError` naming the field)."""
        return cls(*read_deal(data))


class View(Seen):
    """One seat's information (Q23, QD17): its hand, both players' melds, the face-up card,
    the dead cards, the sizes of the other hands and of the stock."""

    __slots__ = ()

    @property
    def game(self) -> str:
        return GAME

    @property
    def game_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> Result:
        """Over or not, the seat out, the counters each seat won (Q18-Q21): all public."""
        return result_of(self)

    def legal_moves(self) -> list[Move]:
        """The viewer's moves when he is to act: they depend on nothing hidden."""
        if self.to_move != self.player:
            return []
        return _moves(get_rules(self.variant), self, self.hand)

    def refusal(self, move: Move) -> IllegalMoveError | None:
        """Why this seat may not make ``move`` now, judged from this view alone (Q23,
        QD13), or ``None`` when it is legal: the hand's end, the turn (Q24), then the rule
        the move breaks, as :meth:`State.apply` words it."""
        if self.game_over:
            return explain(self, self.hand, move)
        if self.to_move != self.player:
            return _out_of_turn(self, self.player)
        return None if move in self.legal_moves() else explain(self, self.hand, move)

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: the other hands uniform among the unseen cards,
        the stock in a uniform order, a new seed (engine/conquian/worlds.py)."""
        hands, stock, seed = hidden(self, rng)
        return State(self.variant, seed, self.dealer, self.to_move, self.phase, hands,
                     self.melds, stock, self.dead, self.up, self.source, self.pool,
                     self.winner)

    def to_dict(self) -> dict[str, Any]:
        return seen_json(self)

    @classmethod
    def from_dict(cls, data: Any) -> View:
        return cls(*read_seen(data))


def new_game(seed: int, variant: str = CONQUIAN.name, dealer: int | None = None, *,
             pool: int = 0, players: int | None = None) -> State:
    """A hand dealt from ``seed`` (Q4) at a table of ``players`` seats (two by default,
    or three, QD12), the pone's first card turned up (Q5)."""
    rules = get_rules(variant)
    seats = rules.players if players is None else players
    if seats not in rules.seat_range:
        counts = " or ".join(str(n) for n in rules.seat_range)
        raise StateError(f"players: {rules.name} is for {counts} players (Q3, QD12)",
                         field="players", rule="Q3, QD12")
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise StateError(f"seed: an integer from 0 to {MAX_SEED}", field="seed")
    if dealer is None:
        dealer = first_dealer(seed, rules, seats)
    if dealer not in range(seats):
        raise StateError(f"dealer: a seat from 0 to {seats - 1}", field="dealer")
    hands, stock = deal(seed, dealer, rules, seats)
    pone = rules.players_of(dealer, seats)[0]
    empty: tuple[tuple[int, ...], ...] = ((),) * seats
    state = State(rules.name, seed, dealer, pone, OFFER, hands, empty, stock[1:], (),
                  stock[0], TURNED, pool, -1)
    return state


# --- the moves ----------------------------------------------------------------------------


def _placed(melds: tuple[int, ...], meld: int) -> tuple[tuple[int, ...], int]:
    """``melds`` with ``meld`` made (Q14, QD5, QD6): the meld it extends replaced, or the
    cards it borrows taken from their melds and ``meld`` added; and the cards borrowed."""
    for i, old in enumerate(melds):
        if old & ~meld == 0:
            return melds[:i] + (meld,) + melds[i + 1:], 0
    borrowed = 0
    out = []
    for old in melds:
        borrowed |= old & meld
        out.append(old & ~meld)
    return tuple(out) + (meld,), borrowed


def _with(seq: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return seq[:seat] + (value,) + seq[seat + 1:]


def _used(state: State, seat: int, events: list[Event]) -> State:
    """After ``seat`` used, was forced or laid: out with an empty hand (Q19), else on to
    lay or discard (Q9, Q17)."""
    if state.hands[seat]:
        return state._replace(phase=MELD, to_move=seat, up=-1, source="")
    events.append(Event.of("out", player=seat, down=sum(m.bit_count()
                                                        for m in state.melds[seat])))
    done = state._replace(phase=OVER, to_move=seat, up=-1, source="", winner=seat)
    events.append(Event.of("settled", returns=done.returns(), pool=done.pool))
    return done


def _turn(state: State, seat: int, events: list[Event]) -> State:
    """``seat`` turns the next card of the stock (Q5, Q8); a tableau when there is none
    (Q20, QD10)."""
    if not state.stock:
        if state.seats > 2:  # who has what in the pool for the next hand (QD16)
            rules = state.rules
            stakes = rules.stakes(rules.next_dealer(state.dealer, state.seats), state.pool + 1,
                                  state.seats)
            events.append(Event.of("tableau", pool=state.pool + 1, stakes=stakes))
        else:
            events.append(Event.of("tableau", pool=state.pool + 1))
        done = state._replace(phase=OVER, to_move=seat, up=-1, source="")
        events.append(Event.of("settled", returns=done.returns(), pool=done.pool))
        return done
    card = state.stock[0]
    events.append(Event.of("turn", player=seat, card=card, stock=len(state.stock) - 1))
    return state._replace(phase=OFFER, to_move=seat, up=card, source=TURNED,
                          stock=state.stock[1:])


def advance(state: State, move: Move) -> Step:
    """The next state after a move known to be legal (not checked: use ``apply``)."""
    seat = state.to_move
    other = state.rules.adversary(seat, state.dealer, state.seats)
    events: list[Event] = []
    kind = move.type
    if kind == PASS:
        if state.source == TURNED:  # the second refusal (Q7)
            events.append(Event.of("pass", player=seat, card=state.up))
            nxt = state._replace(to_move=other, source=PASSED)
        else:  # passed by both: dead (Q8)
            events.append(Event.of("dead", player=seat, card=state.up))
            nxt = _turn(state._replace(dead=state.dead + (state.up,)), seat, events)
    elif kind in (TAKE, LAY):
        hand = state.hands[seat]
        melds, borrowed = _placed(state.melds[seat], move.meld)
        nxt = state._replace(hands=_with(state.hands, seat, hand & ~move.meld),
                             melds=_with(state.melds, seat, melds))
        events.append(Event.of(kind, player=seat, **({"card": move.card} if kind == TAKE
                                                     else {}),
                               meld=move.meld, borrowed=borrowed))
        nxt = _used(nxt, seat, events)
    elif kind == DISCARD:
        events.append(Event.of("discard", player=seat, card=move.card))
        nxt = state._replace(hands=_with(state.hands, seat, state.hands[seat] & ~bit(move.card)),
                             phase=OFFER, to_move=other, up=move.card, source=DISCARDED)
    elif kind == FORCE:
        target = move.meld & ~bit(move.card)
        theirs = tuple(move.meld if m == target else m for m in state.melds[other])
        hands = state.hands
        if state.phase == MELD:  # a forced discard (Q15)
            hands = _with(hands, seat, hands[seat] & ~bit(move.card))
        events.append(Event.of("force", player=seat, card=move.card, meld=move.meld,
                               onto=other))
        nxt = _used(state._replace(hands=hands, melds=_with(state.melds, other, theirs)),
                    other, events)
    else:  # pragma: no cover - parse_move knows the types
        raise IllegalMoveError(f"unknown move type {kind!r}", field="move.type")
    return Step(nxt, events)
