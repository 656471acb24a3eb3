"""Rummy's states and views (docs/rules/rummy.md): dealing (RM5, RM6), the turn (RM7,
RM8), calls and show-downs (RM14-RM24), the end of the stock (RM25), the result (RM26) and
what each seat sees (RM27).

Entry points: :func:`new_game`; :meth:`State.legal_moves`, :meth:`State.apply`,
:meth:`State.view`, :meth:`State.returns`; :meth:`View.resample`.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, NamedTuple

from engine.errors import GameOverError, IllegalMoveError, StateError
from engine.rummy.cards import (
    card_name,
    format_cards,
    is_joker,
    pack,
    rank_of,
    sort_key,
    suit_of,
)
from engine.rummy.events import Event
from engine.rummy.melds import Arrangement, deadwood_after_discards, deadwood_points
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
    table_json,
)
from engine.rummy.table import (
    RUN,
    SET,
    Laid,
    additions,
    laid_problem,
    new_melds,
    shift_result,
    shifts,
)

__all__ = ["GAME_NAME", "MAX_SEED", "State", "View", "advance", "deal_order", "first_dealer",
           "new_game"]

GAME_NAME = "rummy"
MAX_SEED = 2**63 - 1


def _derive(seed: int, label: str) -> int:
    digest = hashlib.sha256(f"rummy/{seed}/{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal_order(seed: int, packs: int, jokers: int = 0) -> list[int]:
    """The shuffled cards of game ``seed`` (RM6): a pure function of the seed."""
    cards = pack(packs, jokers)
    random.Random(_derive(seed, "deal")).shuffle(cards)
    return cards


def first_dealer(seed: int, players: int) -> int:
    """The dealer, chosen by lot from the seed (RM5)."""
    return _derive(seed, "dealer") % players


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
        return _taken(self.phase, self.history)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move (RM7, RM8, RM14, RM24, DP3-DP7), each once."""
        if self.game_over:
            return []
        if self.phase == DRAW:
            return [Move(DRAW)] + ([Move(TAKE)] if self.pile else [])
        hand = self.hands[self.to_move]
        taken = self.taken
        if hand.bit_count() == 1:
            taken = None  # DP10: the last card may go out even if just taken
        cards = sorted((c for c in _cards(hand) if c != taken), key=sort_key)
        moves = []
        if self.rules.lay_out:
            return ([Move(DISCARD, card) for card in cards] + _lay_outs(hand, self.table))
        if self.rules.false_call_penalty is not None:
            for card in cards:
                moves += [Move(DISCARD, card), Move(DISCARD, card, True)]
            return moves
        after = deadwood_after_discards(hand)
        limit = self.rules.call_limit
        for card in cards:
            moves.append(Move(DISCARD, card))
            if after[card] <= limit:
                moves.append(Move(DISCARD, card, True))
        return moves

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
            history=read_history(data.get("history"), players),
            reshuffled=read_bool(data, "reshuffled"),
            status=_read_choice(data, "status", (PLAYING, SHOWDOWN, DRAWN, OUT)),
            caller=read_seat(data, "caller", players, optional=True),
            scores=tuple(scores))
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


def _taken(phase: str, history: tuple[Played, ...]) -> int | None:
    if phase == DISCARD and history and history[-1].type == TAKE:
        return history[-1].card
    return None


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
                             _splash(state.history, state.caller))
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
    cards = deal_order(seed, rules.packs(n), rules.jokers)
    hands = [0] * n
    dealt = n * rules.hand_size
    for i, card in enumerate(cards[:dealt]):
        hands[(dealer + 1 + i) % n] |= 1 << card
    return State(rules, seed, n, dealer, tuple(hands), tuple(cards[dealt + 1:]),
                 (cards[dealt],), (), (dealer + 1) % n, DRAW, (), False, PLAYING, None,
                 (0,) * n)


def refuse(state: State, move: Move) -> None:
    """Raise the error that says why ``move`` is illegal now, naming the rule; return
    quietly when it is legal."""
    if state.game_over:
        raise GameOverError("the hand is over", rule="RM26")
    if state.phase == DRAW:
        if move.type not in (DRAW, TAKE):
            raise IllegalMoveError("a turn starts with a draw from the stock or the pile",
                                   field="move.type", rule="RM7")
        if move.type == TAKE and not state.pile:
            raise IllegalMoveError("the discard pile is empty", field="move.type", rule="RM7")
        return
    hand = state.hands[state.to_move]
    if move.type in LAY_OUT:
        _refuse_lay_out(state, hand, move)
        return
    if move.type != DISCARD:
        raise IllegalMoveError("the turn's draw is made; now discard", field="move.type",
                               rule="RM7")
    assert move.card is not None
    if not hand >> move.card & 1:
        raise IllegalMoveError(f"{card_name(move.card)} is not in the hand",
                               field="move.card", token=card_name(move.card), rule="RM7")
    if move.card == state.taken and hand.bit_count() > 1:
        raise IllegalMoveError(f"{card_name(move.card)} was taken from the pile this turn",
                               field="move.card", token=card_name(move.card), rule="RM8")
    if move.call and state.rules.lay_out:
        raise IllegalMoveError("double-pack rum has no show-down", field="move.call",
                               rule="DP3")
    if move.call and state.rules.false_call_penalty is None:
        points = deadwood_points(hand & ~(1 << move.card))
        if points > state.rules.call_limit:
            raise IllegalMoveError(
                f"a show-down needs deadwood of {state.rules.call_limit} or less, not "
                f"{points}", field="move.call", rule="RM14")


def advance(state: State, move: Move) -> tuple[State, list[Event]]:
    """Play a move known to be legal, without checking it (the search's fast path)."""
    seat = state.to_move
    hands = list(state.hands)
    if move.type == DRAW:
        card = state.stock[0]
        hands[seat] |= 1 << card
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
    reshuffled = state.reshuffled
    status = PLAYING
    if not stock:  # RM25
        if not reshuffled and len(pile) > 1:
            rest = list(pile[:-1])
            random.Random(_derive(state.seed, "reshuffle")).shuffle(rest)
            stock, pile, reshuffled = tuple(rest), pile[-1:], True
            events.append(Event.of("reshuffle", cards=_mask(rest)))
        else:
            status = DRAWN
            events.append(Event.of("hand_drawn", scores=scores))
    return state._replace(
        hands=tuple(hands), stock=stock, pile=pile, history=history, scores=scores,
        reshuffled=reshuffled, status=status, phase=DRAW if status == PLAYING else OVER,
        to_move=(seat + 1) % state.players if status == PLAYING else seat), events


# --- double-pack rum: laying out (DP3-DP10) -----------------------------------------------


def _lay_outs(hand: int, table: tuple[Laid, ...]) -> list[Move]:
    """Every lay-out, addition and joker shift of ``hand`` (DP4-DP7)."""
    moves = [Move(MELD, cards=cards, low=low) for cards, low in new_melds(hand)]
    moves += [Move(ADD, cards=cards, target=index, low=low)
              for index, cards, low in additions(hand, table)]
    moves += [Move(SHIFT, shift.joker, fill=shift.fill, extend=shift.extend)
              for shift in shifts(hand, table)]
    return moves


def _meld_of(seat: int, move: Move) -> Laid:
    """The meld a lay-out makes: a set when ``low`` is 0, else a run from ``low``."""
    naturals = [c for c in move.cards if not is_joker(c)]
    first = naturals[0] if naturals else 0
    if move.low == 0:
        return Laid(seat, SET, rank_of(first), 0, move.cards)
    return Laid(seat, RUN, suit_of(first), move.low, move.cards)


def _added(laid: Laid, move: Move) -> Laid | str:
    """The meld after an addition (DP5), or why it cannot take those cards."""
    if laid.kind == SET:
        if move.low:
            return "cards added to a set have no place"
        cards = tuple(sorted((*laid.cards, *move.cards), key=sort_key))
        return laid._replace(cards=cards)
    if move.low == laid.high + 1:
        return laid._replace(cards=(*laid.cards, *move.cards))
    if move.low + len(move.cards) == laid.low:
        return laid._replace(low=move.low, cards=(*move.cards, *laid.cards))
    return "cards added to a run continue it at one end"


def _shifted(table: tuple[Laid, ...], move: Move) -> tuple[int, Laid | str]:
    for index, laid in enumerate(table):
        if move.card is not None and laid.mask >> move.card & 1:
            return index, shift_result(laid, move.card, move.fill, move.extend)
    return -1, "that joker is not on the table"


def _refuse_lay_out(state: State, hand: int, move: Move) -> None:
    if not state.rules.lay_out:
        raise IllegalMoveError("nothing is laid out before the show-down", field="move.type",
                               rule="RM15")
    laid_cards = Played(state.to_move, move.type, move.card, False, 0, move.cards,
                        move.target, move.low, move.fill, move.extend).laid
    if move.type == SHIFT and move.card is not None:
        laid_cards &= ~(1 << move.card)
    count = len(move.cards) + (move.fill is not None) + (move.extend is not None)
    if laid_cards.bit_count() != count or laid_cards & ~hand:
        missing = laid_cards & ~hand
        name = format_cards(missing)[0] if missing else "a card"
        raise IllegalMoveError(f"{name} is not in the hand (or is named twice)",
                               field="move.cards", token=name, rule="DP3")
    if move.type == MELD:
        result: Laid | str = _meld_of(state.to_move, move)
        rule = "DP4"
    elif move.type == ADD:
        if move.target is None or not 0 <= move.target < len(state.table):
            raise IllegalMoveError(f"there is no meld {move.target} on the table",
                                   field="move.meld", rule="DP5")
        result, rule = _added(state.table[move.target], move), "DP5"
    else:
        result, rule = _shifted(state.table, move)[1], "DP7"
    if isinstance(result, Laid):
        problem = laid_problem(result)
        if problem is None:
            return
        result = problem
    raise IllegalMoveError(result, field="move", rule=rule)


def _lay_out(state: State, move: Move) -> tuple[State, list[Event]]:
    """A lay-out, addition or shift known to be legal (DP4-DP7); out if the hand is empty."""
    seat = state.to_move
    played = Played(seat, move.type, move.card, False, 0, move.cards, move.target, move.low,
                    move.fill, move.extend)
    laid_cards = played.laid & ~(1 << move.card if move.type == SHIFT and move.card is not
                                 None else 0)
    table = list(state.table)
    if move.type == MELD:
        table.append(_meld_of(seat, move))
        index = len(table) - 1
    elif move.type == ADD:
        assert move.target is not None
        result = _added(table[move.target], move)
        assert isinstance(result, Laid)
        index = move.target
        table[index] = result
    else:
        index, shifted = _shifted(state.table, move)
        assert isinstance(shifted, Laid)
        table[index] = shifted
    hands = list(state.hands)
    hands[seat] &= ~laid_cards
    after = state._replace(hands=tuple(hands), table=tuple(table),
                           history=(*state.history, played))
    events = [Event.of(move.type, seat=seat, meld=index, cards=laid_cards,
                       text=table[index].text())]
    if not hands[seat]:
        return _go_out(after, events)
    return after, events


def _splash(history: tuple[Played, ...], winner: int) -> bool:
    """Whether ``winner`` laid out nothing before his last turn (DP9)."""
    start = max((i for i, p in enumerate(history) if p.seat == winner
                 and p.type in (DRAW, TAKE)), default=0)
    return not any(p.seat == winner and p.type in LAY_OUT for p in history[:start])


def _go_out(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The player to move has no card left: he wins the hand (DP9)."""
    seat = state.to_move
    splash = _splash(state.history, seat)
    settled = settle_out(state.rules, state.hands, seat, splash)
    scores = tuple(a + b for a, b in zip(state.scores, settled, strict=True))
    events.append(Event.of("out", seat=seat, splash=splash, points=settled, scores=scores))
    return state._replace(status=OUT, phase=OVER, caller=seat, scores=scores), events


# --- views ------------------------------------------------------------------------------


class View(NamedTuple):
    """What ``player`` may see (RM27): own hand, every hand's size, the stock's size, the
    pile, the public record (and through it the cards each seat is known to hold), the
    points; every hand after a show-down."""

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

    @classmethod
    def of(cls, state: State, player: int) -> View:
        if not 0 <= player < state.players:
            raise StateError(f"player must be a seat 0..{state.players - 1}", field="player")
        return cls(state.rules, player, state.players, state.dealer, state.hands[player],
                   tuple(h.bit_count() for h in state.hands), len(state.stock), state.pile,
                   state.table, state.to_move, state.phase, state.history, state.reshuffled,
                   state.status, state.caller, state.scores,
                   state.hands if state.status in (SHOWDOWN, OUT) else None)

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

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: the hidden cards (the others' hands but for what
        they are known to hold, and the stock) dealt uniformly from the unseen cards, in
        this order: a shuffle of the unseen cards, then a seed (RM27)."""
        everything = _mask(pack(self.rules.packs(self.players), self.rules.jokers))
        for laid in self.table:
            everything &= ~laid.mask
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
        if len(unseen) != self.stock_size:
            raise ValueError("the unseen cards do not fill the stock (RM27)")
        state = State(self.rules, rng.randrange(MAX_SEED + 1), self.players, self.dealer,
                      hands, tuple(unseen), self.pile, self.table, self.to_move, self.phase,
                      self.history, self.reshuffled, self.status, self.caller, self.scores)
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
        return cls(rules, read_int(data, "player", 0, players - 1), players,
                   read_int(data, "dealer", 0, players - 1),
                   read_cards(data.get("hand"), "hand"), tuple(sizes),
                   read_int(data, "stock_size", 0, 106), read_card_list(data.get("pile"), "pile"),
                   read_table(data.get("table"), players, rules),
                   read_int(data, "to_move", 0, players - 1),
                   _read_choice(data, "phase", PHASES),
                   read_history(data.get("history"), players), read_bool(data, "reshuffled"),
                   _read_choice(data, "status", (PLAYING, SHOWDOWN, DRAWN, OUT)),
                   read_seat(data, "caller", players, optional=True), tuple(scores), shown)
