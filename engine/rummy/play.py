"""Rummy's states and views (docs/rules/rummy.md): dealing (RM5, RM6), the turn (RM7,
RM8), calls and show-downs (RM14-RM24), the end of the stock (RM25, DP11, DP13), the result
(RM26) and what each seat sees (RM27, DP12).

Entry points: :func:`new_game`; :meth:`State.legal_moves`, :meth:`State.apply`,
:meth:`State.view`, :meth:`State.returns`; :meth:`View.resample`.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.errors import IllegalMoveError, MoveFormatError, StateError
from engine.result import Result
from engine.rummy import referee
from engine.rummy.cards import card_name, format_cards, pack
from engine.rummy.deal import deal, deal_order, first_dealer
from engine.rummy.events import Event
from engine.rummy.melds import Arrangement, deadwood_points
from engine.rummy.movegen import legal_moves
from engine.rummy.moves import ADD, DISCARD, DRAW, LAY_OUT, MELD, SHIFT, TAKE, Move, parse_move
from engine.rummy.rules import POKER_RUM, Rules, get_rules
from engine.rummy.scoring import false_call, settle, settle_out, show_down
from engine.rummy.state import (
    DRAWN,
    OUT,
    OVER,
    PHASES,
    PLAYING,
    SHOWDOWN,
    Played,
    known_cards,
    read_bool,
    read_card_list,
    read_cards,
    read_history,
    read_int,
    read_rules,
    read_seat,
    read_table,
    splash,
    table_json,
    taken_card,
)
from engine.rummy.stock import TAKES, restock, stalled
from engine.rummy.table import Laid, added, holding, laid_problem, meld_of, shift_result

__all__ = ["GAME_NAME", "MAX_SEED", "State", "View", "advance", "deal_order", "first_dealer",
           "new_game"]

GAME_NAME = "rummy"
MAX_SEED = 2**63 - 1


def _mask(cards: Any) -> int:
    """The set of an iterable of cards (ids)."""
    out = 0
    for card in cards:
        out |= 1 << card
    return out


class State(NamedTuple):
    """A whole hand: every seat's cards, the stock in drawing order (next card first), the
    discard pile (bottom first, top last), the public record of play and the points."""

    rules: Rules
    seed: int
    players: int
    dealer: int
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    table: tuple[Laid, ...]
    """The melds laid out (double-pack rum, DP3); empty in the poker games (RM15)."""
    to_move: int
    phase: str
    history: tuple[Played, ...]
    reshuffled: bool
    status: str
    caller: int | None
    """The player who ended the hand: the caller of a show-down, or who went out (DP9)."""
    scores: tuple[int, ...]
    turned_at: int | None = None
    """Double-pack rum: the length of the history when the pile was last turned into the
    stock (DP11), whose order is public from then on (DP12); ``None`` before."""

    # --- the GameState protocol ---------------------------------------------------------

    @property
    def game(self) -> str:
        return GAME_NAME

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def seats(self) -> int:
        return self.players

    @property
    def game_over(self) -> bool:
        return self.status != PLAYING

    @property
    def acting(self) -> frozenset[int]:
        return frozenset() if self.game_over else frozenset({self.to_move})

    def moves_for(self, seat: int) -> list[Move]:
        return self.legal_moves() if seat in self.acting else []

    def returns(self) -> tuple[int, ...]:
        """The points per seat of a finished hand (RM26); zeros while it is played."""
        return self.scores if self.game_over else (0,) * self.players

    @property
    def result(self) -> Result:
        """Over or not, who won the settlement, the points per seat (RM26)."""
        return Result.settled(self.game_over, self.scores)

    def apply(self, move: Any) -> tuple[State, list[Event]]:
        """The next state and its events, after checking the move (refusals cite the rule)."""
        checked = parse_move(move)
        refuse(self, checked)
        return advance(self, checked)

    def view(self, player: int) -> View:
        return View.of(self, player)

    # --- the game's own -----------------------------------------------------------------

    @property
    def known(self) -> tuple[int, ...]:
        """The cards each seat is known to hold (RM27)."""
        return known_cards(self.history, self.players)

    @property
    def taken(self) -> int | None:
        """The card the seat to move took from the pile this turn (RM8), if any."""
        return taken_card(self.phase, self.history)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move (RM7, RM8, RM14, RM24, DP3-DP7), each once."""
        if self.game_over:
            return []
        return legal_moves(self.rules, self.phase, self.hands[self.to_move], len(self.pile),
                           self.table, self.taken)

    def showdown(self) -> tuple[Arrangement, ...] | None:
        """Every seat's laid-out hand after a show-down (RM16-RM21); ``None`` before."""
        if self.caller is None or self.status != SHOWDOWN:
            return None
        return show_down(self.rules, self.hands, self.caller)

    def deadwood(self, seat: int) -> int:
        """The least deadwood of ``seat``'s hand as it is now (RM12)."""
        return deadwood_points(self.hands[seat])

    def to_dict(self) -> dict[str, Any]:
        shown = self.showdown()
        return {
            "game": GAME_NAME, "variant": self.rules.name, "seed": self.seed,
            "players": self.players, "dealer": self.dealer, "to_move": self.to_move,
            "phase": self.phase, "status": self.status, "caller": self.caller,
            "hands": [format_cards(h) for h in self.hands],
            "stock": [card_name(c) for c in self.stock],
            "pile": [card_name(c) for c in self.pile], "table": table_json(self.table),
            "history": [p.to_dict() for p in self.history],
            "reshuffled": self.reshuffled, "scores": list(self.scores),
            "showdown": None if shown is None else [_arrangement_json(a) for a in shown],
            "result": self.result.to_dict(), **_turned_json(self.turned_at),
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Read and validate a state; :class:`StateError` naming the field otherwise."""
        if not isinstance(data, dict):
            raise StateError("a state must be an object", field="state")
        rules = read_rules(data)
        players = read_int(data, "players", rules.min_players, rules.max_players)
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise StateError(f"hands must be a list of {players} hands", field="hands")
        scores = data.get("scores")
        if (not isinstance(scores, list) or len(scores) != players
                or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)):
            raise StateError(f"scores must be a list of {players} integers", field="scores")
        state = cls(
            rules=rules, seed=read_int(data, "seed", 0, MAX_SEED), players=players,
            dealer=read_int(data, "dealer", 0, players - 1),
            hands=tuple(read_cards(h, f"hands[{i}]") for i, h in enumerate(hands)),
            stock=read_card_list(data.get("stock"), "stock"),
            pile=read_card_list(data.get("pile"), "pile"),
            table=read_table(data.get("table"), players, rules),
            to_move=read_int(data, "to_move", 0, players - 1),
            phase=_read_choice(data, "phase", PHASES),
            history=read_history(data.get("history"), players, rules.turn_over),
            reshuffled=read_bool(data, "reshuffled"),
            status=_read_choice(data, "status", (PLAYING, SHOWDOWN, DRAWN, OUT)),
            caller=read_seat(data, "caller", players, optional=True),
            scores=tuple(scores), turned_at=_read_turned_at(data))
        state.validate()
        return state

    def validate(self) -> None:
        """Check that the parts agree (every card once, hand sizes, the record, the
        points); :class:`StateError` naming the field otherwise."""
        _check_cards(self.rules, self.players, self.hands, self.stock, self.pile, self.table)
        size = self.rules.hand_size
        for seat, hand in enumerate(self.hands):
            want = size + (1 if self.phase == DISCARD and seat == self.to_move else 0)
            count = hand.bit_count()
            if self.rules.lay_out:  # DP3: laying out shortens hands
                if count > want or (count == 0) != (self.status == OUT and seat == self.caller):
                    raise StateError(f"hands[{seat}] must hold 1 to {want} cards in phase "
                                     f"{self.phase}", field=f"hands[{seat}]", rule="DP3")
            elif count != want:
                raise StateError(f"hands[{seat}] must hold {want} cards in phase "
                                 f"{self.phase}", field=f"hands[{seat}]", rule="RM7")
        for i, laid in enumerate(self.table):
            problem = laid_problem(laid)
            if problem is not None or laid.owner >= self.players:
                raise StateError(f"table[{i}]: {problem or 'no such owner'}",
                                 field=f"table[{i}]", rule="DP4")
        if (self.phase == OVER) != self.game_over:
            raise StateError("phase is over exactly when status is not playing", field="phase")
        if (self.status in (SHOWDOWN, OUT)) != (self.caller is not None):
            raise StateError("a caller is named exactly after a show-down or going out",
                             field="caller")
        if self.phase == DRAW and not self.stock:
            raise StateError("the seat to draw faces an empty stock (RM25)", field="stock",
                             rule="RM25")
        _check_turned(self)
        for seat, known in enumerate(self.known):
            missing = known & ~self.hands[seat]
            if missing:
                raise StateError(
                    f"hands[{seat}] must hold {format_cards(missing)[0]}, known from the "
                    "history (RM27)", field=f"hands[{seat}]", rule="RM27")
        if self.phase == DISCARD and not (self.history and self.history[-1].seat
                                          == self.to_move and self.history[-1].type in
                                          (DRAW, TAKE, *LAY_OUT)):
            raise StateError("the discard phase follows the mover's draw", field="history")
        if sum(self.scores) != 0 or self.scores != _expected_scores(self):
            raise StateError("scores must be the penalties and settlement of the record "
                             "(RM24, RM26)", field="scores", rule="RM26")


MAX_HISTORY = 10**6
"""More records of play than any hand holds (a bound on ``turned_at``)."""


def _turned_json(turned_at: int | None) -> dict[str, Any]:
    """``turned_at`` (DP11) for the JSON forms, only once the pile has been turned: the
    forms of every other position stay as they were."""
    return {} if turned_at is None else {"turned_at": turned_at}


def _read_turned_at(data: dict[str, Any]) -> int | None:
    if data.get("turned_at") is None:
        return None
    return read_int(data, "turned_at", 0, MAX_HISTORY)


def _check_turned(state: State) -> None:
    """The turned stock and the public draws agree with the record (DP11, DP12): a draw
    names its card exactly when it is made from a turned stock."""
    turned = state.turned_at
    if turned is not None and (not state.rules.turn_over or not state.reshuffled
                               or turned > len(state.history)):
        raise StateError("turned_at: the pile is turned into the stock in double-pack rum "
                         "only, at a place in the history, with reshuffled true (DP11)",
                         field="turned_at", rule="DP11")
    for i, played in enumerate(state.history):
        if played.type != DRAW:
            continue
        if played.card is not None and not state.reshuffled:
            raise StateError("a draw from the stock is not public (RM27)",
                             field=f"history[{i}].card", rule="RM27")
        if played.card is None and turned is not None and i >= turned:
            raise StateError("a draw from a turned stock names its card (DP12)",
                             field=f"history[{i}].card", rule="DP12")


def _read_choice(data: dict[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = data.get(key)
    if value not in choices:
        raise StateError(f"{key} must be one of {', '.join(choices)}", field=key)
    assert isinstance(value, str)
    return value


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _arrangement_json(a: Arrangement) -> dict[str, Any]:
    return {"melds": [format_cards(m) for m in a.melds],
            "layoffs": [format_cards(m) for m in a.layoffs],
            "deadwood": format_cards(a.deadwood), "points": a.points}


def _check_cards(rules: Rules, players: int, hands: tuple[int, ...],
                 stock: tuple[int, ...], pile: tuple[int, ...], table: tuple[Laid, ...]
                 ) -> None:
    """Every card of the table's packs is in exactly one place (RM2)."""
    everything = _mask(pack(rules.packs(players), rules.jokers))
    seen = 0
    places = [(f"hands[{i}]", h) for i, h in enumerate(hands)]
    places += [("stock", _mask(stock)), ("pile", _mask(pile))]
    places += [(f"table[{i}]", laid.mask) for i, laid in enumerate(table)]
    for field, cards in places:
        twice = seen & cards
        if twice:
            raise StateError(f"{field}: {format_cards(twice)[0]} is elsewhere too",
                             field=field, token=format_cards(twice)[0], rule="RM2")
        stray = cards & ~everything
        if stray:
            raise StateError(f"{field}: {format_cards(stray)[0]} is not in the pack of "
                             f"{players} players", field=field, rule="RM2")
        seen |= cards
    if seen != everything:
        raise StateError(f"card {format_cards(everything & ~seen)[0]} is missing",
                         field="stock", rule="RM2")


def _expected_scores(state: State) -> tuple[int, ...]:
    scores = [0] * state.players
    for played in state.history:
        if played.shown:
            for seat, points in enumerate(false_call(state.rules, state.players, played.seat)):
                scores[seat] += points
    if state.status == OUT and state.caller is not None:
        settled = settle_out(state.rules, state.hands, state.caller,
                             splash(state.history, state.caller))
        return tuple(a + b for a, b in zip(scores, settled, strict=True))
    shown = state.showdown()
    if shown is not None and state.caller is not None:
        settled = settle(state.rules, [a.points for a in shown], state.caller)
        scores = [a + b for a, b in zip(scores, settled, strict=True)]
    return tuple(scores)


# --- new games, moves -------------------------------------------------------------------


def new_game(seed: int, variant: str | Rules = POKER_RUM, players: int | None = None,
             dealer: int | None = None) -> State:
    """A new hand (RM5, RM6): the deal from ``seed``, ten cards each one at a time from the
    dealer's left, the next card turned up as the pile, the rest the stock."""
    rules = variant if isinstance(variant, Rules) else get_rules(variant)
    n = rules.default_players if players is None else players
    if not rules.min_players <= n <= rules.max_players:
        raise StateError(f"{rules.name} is for {rules.min_players} to {rules.max_players} "
                         "players", field="players", rule="RM1")
    if not 0 <= seed <= MAX_SEED:
        raise StateError(f"seed must be 0..{MAX_SEED}", field="seed")
    if dealer is None:
        dealer = first_dealer(seed, n)
    elif not 0 <= dealer < n:
        raise StateError(f"dealer must be a seat 0..{n - 1}", field="dealer")
    hands, stock, pile = deal(rules, seed, n, dealer)
    return State(rules, seed, n, dealer, hands, stock, pile, (), (dealer + 1) % n, DRAW, (),
                 False, PLAYING, None, (0,) * n)


def refuse(state: State, move: Move) -> None:
    """Raise the error that says why ``move`` is illegal now, naming the rule; return
    quietly when it is legal (:mod:`engine.rummy.referee`)."""
    referee.refuse(state.rules, over=state.game_over, phase=state.phase, seat=state.to_move,
                   hand=state.hands[state.to_move], pile_size=len(state.pile),
                   table=state.table, taken=state.taken, move=move)


def advance(state: State, move: Move) -> tuple[State, list[Event]]:
    """Play a move known to be legal, without checking it (the search's fast path)."""
    seat = state.to_move
    hands = list(state.hands)
    if move.type == DRAW:
        card = state.stock[0]
        hands[seat] |= 1 << card
        if state.turned_at is not None:  # DP12: the turned stock's order is public
            return state._replace(hands=tuple(hands), stock=state.stock[1:], phase=DISCARD,
                                  history=(*state.history, Played(seat, DRAW, card))), [
                Event.of("draw", seat=seat, card=card, public=True)]
        return state._replace(hands=tuple(hands), stock=state.stock[1:], phase=DISCARD,
                              history=(*state.history, Played(seat, DRAW))), [
            Event.of("draw", seat=seat, card=card)]
    if move.type == TAKE:
        card = state.pile[-1]
        hands[seat] |= 1 << card
        return state._replace(hands=tuple(hands), pile=state.pile[:-1], phase=DISCARD,
                              history=(*state.history, Played(seat, TAKE, card))), [
            Event.of("take", seat=seat, card=card)]
    if move.type in LAY_OUT:
        return _lay_out(state, move)
    assert move.card is not None
    hands[seat] &= ~(1 << move.card)
    pile = (*state.pile, move.card)
    if state.rules.lay_out and not hands[seat]:  # DP9: out with the last discard
        return _go_out(state._replace(
            hands=tuple(hands), pile=pile,
            history=(*state.history, Played(seat, DISCARD, move.card))),
            [Event.of("discard", seat=seat, card=move.card, call=False)])
    events = [Event.of("discard", seat=seat, card=move.card, call=move.call)]
    scores = state.scores
    shown = 0
    if move.call:
        points = deadwood_points(hands[seat])
        if points <= state.rules.call_limit:
            after = state._replace(
                hands=tuple(hands), pile=pile, phase=OVER, status=SHOWDOWN, caller=seat,
                history=(*state.history, Played(seat, DISCARD, move.card, True)))
            laid = after.showdown()
            assert laid is not None
            for i in range(state.players):  # RM16, RM17: the caller, then to his left
                who = (seat + i) % state.players
                a = laid[who]
                events.append(Event.of("show", seat=who, melds=a.melds, layoffs=a.layoffs,
                                       deadwood=a.deadwood, points=a.points))
            settled = settle(state.rules, [a.points for a in laid], seat)
            scores = tuple(a + b for a, b in zip(scores, settled, strict=True))
            events.append(Event.of("settle", points=settled, scores=scores))
            return after._replace(scores=scores), events
        shown = hands[seat]  # RM24: a false call shows the hand and costs the penalty
        penalty = false_call(state.rules, state.players, seat)
        scores = tuple(a + b for a, b in zip(scores, penalty, strict=True))
        events.append(Event.of("false_call", seat=seat, cards=shown, points=points,
                               penalty=penalty, scores=scores))
    history = (*state.history, Played(seat, DISCARD, move.card, move.call, shown))
    stock = state.stock
    reshuffled, turned_at = state.reshuffled, state.turned_at
    rules = state.rules
    ended: str | None = None
    if not stock:  # RM25, DP11, DP13
        made = restock(rules, state.seed, pile, history, reshuffled, turned_at)
        if isinstance(made, str):
            ended = made
        else:
            (stock, pile), reshuffled = made, True
            if rules.turn_over:
                turned_at = len(history)
                events.append(Event.of("reshuffle", cards=_mask(stock), shuffled=False))
            else:
                events.append(Event.of("reshuffle", cards=_mask(stock)))
    elif stalled(rules, history, state.players):
        ended = TAKES
    if ended is not None:
        events.append(Event.of("hand_drawn", reason=ended, scores=scores) if rules.turn_over
                      else Event.of("hand_drawn", scores=scores))
    status = PLAYING if ended is None else DRAWN
    return state._replace(
        hands=tuple(hands), stock=stock, pile=pile, history=history, scores=scores,
        reshuffled=reshuffled, turned_at=turned_at, status=status,
        phase=DRAW if status == PLAYING else OVER,
        to_move=(seat + 1) % state.players if status == PLAYING else seat), events


# --- double-pack rum: laying out (DP3-DP10) -----------------------------------------------


def _lay_out(state: State, move: Move) -> tuple[State, list[Event]]:
    """A lay-out, addition or shift known to be legal (DP4-DP7); out if the hand is empty."""
    seat = state.to_move
    played = Played(seat, move.type, move.card, False, 0, move.cards, move.target, move.low,
                    move.fill, move.extend)
    laid_cards = played.laid & ~(1 << move.card if move.type == SHIFT and move.card is not
                                 None else 0)
    table = list(state.table)
    result: Laid | str
    if move.type == MELD:
        table.append(meld_of(seat, move.cards, move.low))
        index = len(table) - 1
    else:
        if move.type == ADD:
            assert move.target is not None
            index = move.target
            result = added(table[index], move.cards, move.low)
        else:
            assert move.card is not None
            index = holding(table, move.card)
            result = shift_result(table[index], move.card, move.fill, move.extend)
        assert isinstance(result, Laid)
        table[index] = result
    hands = list(state.hands)
    hands[seat] &= ~laid_cards
    after = state._replace(hands=tuple(hands), table=tuple(table),
                           history=(*state.history, played))
    shifted = {"joker": move.card} if move.type == SHIFT else {}
    events = [Event.of(move.type, seat=seat, meld=index, cards=laid_cards,
                       text=table[index].text(), **shifted)]
    if not hands[seat]:
        return _go_out(after, events)
    return after, events


def _go_out(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The player to move has no card left: he wins the hand (DP9)."""
    seat = state.to_move
    splashed = splash(state.history, seat)
    settled = settle_out(state.rules, state.hands, seat, splashed)
    scores = tuple(a + b for a, b in zip(state.scores, settled, strict=True))
    events.append(Event.of("out", seat=seat, splash=splashed, points=settled, scores=scores))
    return state._replace(status=OUT, phase=OVER, caller=seat, scores=scores), events


# --- views ------------------------------------------------------------------------------


class View(NamedTuple):
    """What ``player`` may see (RM27): own hand, every hand's size, the stock's size, the
    pile, the public record (and through it the cards each seat is known to hold), the
    points; every hand after a show-down; the stock itself once turned (DP12)."""

    rules: Rules
    player: int
    players: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[int, ...]
    table: tuple[Laid, ...]
    to_move: int
    phase: str
    history: tuple[Played, ...]
    reshuffled: bool
    status: str
    caller: int | None
    scores: tuple[int, ...]
    shown: tuple[int, ...] | None
    """Every hand, after a show-down (RM16, RM17) or going out (DP9); ``None`` before."""
    turned_at: int | None = None
    """As :attr:`State.turned_at` (DP11)."""
    stock: tuple[int, ...] | None = None
    """The stock in drawing order once the pile has been turned into it (DP11): every card
    of it was seen on the pile, in order (DP12); ``None`` while it is hidden."""

    @classmethod
    def of(cls, state: State, player: int) -> View:
        if not 0 <= player < state.players:
            raise StateError(f"player must be a seat 0..{state.players - 1}", field="player")
        return cls(state.rules, player, state.players, state.dealer, state.hands[player],
                   tuple(h.bit_count() for h in state.hands), len(state.stock), state.pile,
                   state.table, state.to_move, state.phase, state.history, state.reshuffled,
                   state.status, state.caller, state.scores,
                   state.hands if state.status in (SHOWDOWN, OUT) else None, state.turned_at,
                   None if state.turned_at is None else state.stock)

    @property
    def game(self) -> str:
        return GAME_NAME

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def game_over(self) -> bool:
        return self.status != PLAYING

    @property
    def known(self) -> tuple[int, ...]:
        return known_cards(self.history, self.players)

    @property
    def result(self) -> Result:
        """Over or not, who won the settlement, the points per seat (RM26): all public."""
        return Result.settled(self.game_over, self.scores)

    @property
    def taken(self) -> int | None:
        """The card the seat to move took from the pile this turn (RM8), if any."""
        return taken_card(self.phase, self.history)

    def legal_moves(self) -> list[Move]:
        """The viewer's legal moves when he is to move, as :meth:`State.legal_moves` lists
        them (they depend only on what he sees); none otherwise."""
        if self.game_over or self.to_move != self.player:
            return []
        return legal_moves(self.rules, self.phase, self.hand, len(self.pile), self.table,
                           self.taken)

    def refusal(self, move: Move) -> IllegalMoveError | MoveFormatError | None:
        """Why this seat may not make ``move`` now, judged from this view alone (RM27), or
        ``None`` when it is legal: the hand's end, the turn (RM7), then the rule the move
        breaks, worded as :meth:`State.apply` words it.  The referee reads the mover's hand
        and the table only, so a card the seat does not hold is refused alike wherever it
        lies (another hand, the stock, the pile below its top)."""
        if not self.game_over and self.to_move != self.player:
            return IllegalMoveError(f"player {self.player} may not act: seat {self.to_move} "
                                    "is to move (RM7)", field="player", rule="RM7")
        try:
            referee.refuse(self.rules, over=self.game_over, phase=self.phase,
                           seat=self.player, hand=self.hand, pile_size=len(self.pile),
                           table=self.table, taken=self.taken, move=move)
        except (IllegalMoveError, MoveFormatError) as exc:
            return exc
        return None

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: the hidden cards (the others' hands but for what
        they are known to hold, and the stock unless it is public, DP12) dealt uniformly
        from the unseen cards, in this order: a shuffle of the unseen cards, then a seed
        (RM27)."""
        everything = _mask(pack(self.rules.packs(self.players), self.rules.jokers))
        for laid in self.table:
            everything &= ~laid.mask
        if self.stock is not None:
            everything &= ~_mask(self.stock)
        if self.shown is not None:
            hands = self.shown
            hidden = everything & ~_mask(self.pile)
            for cards in hands:
                hidden &= ~cards
            unseen = sorted(_cards(hidden))
            rng.shuffle(unseen)
        else:
            known = self.known
            hidden = everything & ~self.hand & ~_mask(self.pile)
            for seat, cards in enumerate(known):
                if seat != self.player:
                    hidden &= ~cards
            unseen = sorted(_cards(hidden))
            rng.shuffle(unseen)
            hand_list = []
            for seat in range(self.players):
                if seat == self.player:
                    hand_list.append(self.hand)
                    continue
                need = self.hand_sizes[seat] - known[seat].bit_count()
                if need < 0 or need > len(unseen):
                    raise ValueError(f"no hand of seat {seat} agrees with the view (RM27)")
                hand_list.append(known[seat] | _mask(unseen[:need]))
                unseen = unseen[need:]
            hands = tuple(hand_list)
        stock = tuple(unseen) if self.stock is None else self.stock
        if len(stock) != self.stock_size or (self.stock is not None and unseen):
            raise ValueError("the unseen cards do not fill the stock (RM27)")
        state = State(self.rules, rng.randrange(MAX_SEED + 1), self.players, self.dealer,
                      hands, stock, self.pile, self.table, self.to_move, self.phase,
                      self.history, self.reshuffled, self.status, self.caller, self.scores,
                      self.turned_at)
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME_NAME, "variant": self.rules.name, "player": self.player,
            "players": self.players, "dealer": self.dealer, "to_move": self.to_move,
            "phase": self.phase, "status": self.status, "caller": self.caller,
            "hand": format_cards(self.hand), "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size, "pile": [card_name(c) for c in self.pile],
            "table": table_json(self.table),
            "history": [p.to_dict() for p in self.history],
            "known": [format_cards(k) for k in self.known],
            "reshuffled": self.reshuffled, "scores": list(self.scores),
            "shown": None if self.shown is None else [format_cards(h) for h in self.shown],
            "result": self.result.to_dict(), **_turned_json(self.turned_at),
            **({} if self.stock is None else {"stock": [card_name(c) for c in self.stock]}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Read a view; :class:`StateError` naming the field when malformed."""
        if not isinstance(data, dict):
            raise StateError("a view must be an object", field="view")
        rules = read_rules(data)
        players = read_int(data, "players", rules.min_players, rules.max_players)
        sizes = data.get("hand_sizes")
        if (not isinstance(sizes, list) or len(sizes) != players or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 11
                for s in sizes)):
            raise StateError(f"hand_sizes must be {players} sizes", field="hand_sizes")
        scores = data.get("scores")
        if (not isinstance(scores, list) or len(scores) != players
                or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)):
            raise StateError(f"scores must be a list of {players} integers", field="scores")
        shown_data = data.get("shown")
        shown = None
        if shown_data is not None:
            if not isinstance(shown_data, list) or len(shown_data) != players:
                raise StateError(f"shown must be {players} hands", field="shown")
            shown = tuple(read_cards(h, f"shown[{i}]") for i, h in enumerate(shown_data))
        stock_size = read_int(data, "stock_size", 0, 106)
        turned_at = _read_turned_at(data)
        if turned_at is not None and not rules.turn_over:
            raise StateError("turned_at: the pile is turned into the stock in double-pack "
                             "rum only (DP11)", field="turned_at", rule="DP11")
        hand = read_cards(data.get("hand"), "hand")
        pile = read_card_list(data.get("pile"), "pile")
        table = read_table(data.get("table"), players, rules)
        stock = None if data.get("stock") is None else read_card_list(data["stock"], "stock")
        if (stock is None) != (turned_at is None) or (stock is not None and (
                len(stock) != stock_size or _mask(stock) & (hand | _mask(pile) | _mask(
                    c for laid in table for c in laid.cards)))):
            raise StateError("stock: a view shows the stock, of stock_size cards none of "
                             "them elsewhere, exactly when the pile has been turned into it "
                             "(turned_at, DP12)", field="stock", rule="DP12")
        return cls(rules, read_int(data, "player", 0, players - 1), players,
                   read_int(data, "dealer", 0, players - 1), hand, tuple(sizes), stock_size,
                   pile, table,
                   read_int(data, "to_move", 0, players - 1),
                   _read_choice(data, "phase", PHASES),
                   read_history(data.get("history"), players, rules.turn_over),
                   read_bool(data, "reshuffled"),
                   _read_choice(data, "status", (PLAYING, SHOWDOWN, DRAWN, OUT)),
                   read_seat(data, "caller", players, optional=True), tuple(scores), shown,
                   turned_at, stock)
