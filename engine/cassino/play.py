"""The game: :class:`State`, a player's :class:`View` of it (R28, R29), new games, deals,
playing a move, the end of a round (R3-R6, R12-R13, R24-R27).

A state's class, its views and the moves that make new states are one module so that the
engine's imports form a DAG (a state makes its views, a view resamples whole states):
:mod:`engine.cassino.state` (what a state is made of, its JSON form and validation) <
:mod:`engine.cassino.table` (what a card does to the table) < :mod:`engine.cassino.worlds`
(the hidden cards a view allows), :mod:`engine.cassino.referee` < this module.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, NamedTuple

from engine.cards import FULL_DECK, cards_of, format_cards
from engine.cassino.count_out import claim_outcome, claims_allowed
from engine.cassino.counting import Tally, counting_of
from engine.cassino.events import Event
from engine.cassino.families import Family
from engine.cassino.game import side_of, sides, teams
from engine.cassino.movegen import legal_moves as _generate
from engine.cassino.movegen import moves_and_families
from engine.cassino.moves import BUILD, CAPTURE, CLAIM, TRAIL, Move, claim
from engine.cassino.referee import claim_refusal, refusal
from engine.cassino.referee import game_over as game_over_refusal
from engine.cassino.rules import Rules, get_rules
from engine.cassino.scoring import Breakdown, point_cards, score
from engine.cassino.state import (
    GAME_OVER,
    MAX_SAFE_SEED,
    PLAYING,
    PUBLIC_FIELDS,
    Full,
    Played,
    Reader,
    check_builds,
    check_disjoint,
    check_progress,
    check_sizes,
    public_to_dict,
    public_zones,
    read_cards,
    read_public,
    read_rules,
    read_state,
    result_of,
    state_to_dict,
    validate_state,
)
from engine.cassino.table import Build, builds_cards, form_build, play_card
from engine.cassino.words import move_text
from engine.cassino.worlds import HandSampler, stock_order
from engine.errors import IllegalMoveError, MoveFormatError, StateError
from engine.result import Result

__all__ = [
    "State",
    "Step",
    "View",
    "advance",
    "apply",
    "build_result",
    "deal_order",
    "first_dealer",
    "is_legal",
    "legal_moves",
    "move_families",
    "new_game",
]


# --- a player's view (R28, R29) ---------------------------------------------------------

VIEW_FIELDS = PUBLIC_FIELDS | {"player", "hand", "hand_sizes", "stock_size"}


class View(NamedTuple):
    """What ``player`` knows: own ``hand``, ``hand_sizes``, ``stock_size`` and the public state."""

    rules: Rules
    player: int
    hand: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    round: int
    deal: int
    dealer: int
    to_move: int
    loose: int
    builds: tuple[Build, ...]
    captured: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    scores: tuple[int, ...]
    status: str
    winner: int | None
    history: tuple[Played, ...]
    previous_round: Breakdown | None
    target: int
    game_value: int | None

    @classmethod
    def of(cls, state: Full, player: int) -> View:
        """The view of ``player`` (R28, R29)."""
        if not 0 <= player < state.rules.players:
            raise StateError(f"player must be a seat 0..{state.rules.players - 1}",
                             field="player")
        return cls(state.rules, player, state.hands[player],
                   tuple(h.bit_count() for h in state.hands), len(state.stock), state.round,
                   state.deal, state.dealer, state.to_move, state.loose, state.builds,
                   state.captured, state.sweeps, state.last_capturer, state.scores, state.status,
                   state.winner, state.history, state.previous_round, state.target,
                   state.game_value)

    @property
    def game(self) -> str:
        """The game's name in the registry (:mod:`engine.games`)."""
        return "cassino"

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def last_batch(self) -> bool:
        return self.stock_size == 0

    @property
    def game_over(self) -> bool:
        return self.status == GAME_OVER

    @property
    def result(self) -> Result:
        """Over or not, the winning side's seats, each seat's game total (R27)."""
        return result_of(self)

    @property
    def unseen(self) -> int:
        """The cards this player cannot see: the other hands (a partner's too, V6.8) and the
        stock (R29)."""
        known = self.hand | self.loose
        for pile in self.captured:
            known |= pile
        for build in self.builds:
            known |= build.cards
        return FULL_DECK & ~known

    def legal_moves(self) -> list[Move]:
        """This player's legal moves when it is their turn, else none (R9-R22; D16)."""
        if self.status != PLAYING or self.to_move != self.player:
            return []
        return _generate(self.hand, self.loose, self.builds, self.player, self.rules)

    def move_families(self) -> list[Family]:
        """The families :meth:`legal_moves` lists in part (D16), in its order."""
        if self.status != PLAYING or self.to_move != self.player:
            return []
        return moves_and_families(self.hand, self.loose, self.builds, self.player,
                                  self.rules)[1]

    def refusal(self, move: Move) -> IllegalMoveError | MoveFormatError | None:
        """Why this player may not play ``move`` now, judged from this view alone (R28,
        R29; D17), or ``None`` when it is legal: the game's end (R27), the turn (R4), then
        the first rule the move breaks (R6-R22; a claim's T5).  A card the player does not
        hold is refused with one answer wherever it lies, so that no refusal tells where
        a hidden card is."""
        if move.type == CLAIM:
            refused = claim_refusal(self, move)
            if refused is None and move.player != self.player:
                refused = IllegalMoveError(
                    f"move.player is {move.player}, but this is player {self.player}'s view: "
                    "a seat claims for itself (T5)", field="move.player", rule="T5")
            return refused
        if self.status != PLAYING:
            return game_over_refusal(self)
        if self.to_move != self.player:
            return IllegalMoveError(f"it is player {self.to_move}'s turn, not player "
                                    f"{self.player}'s (R4)", field="player", rule="R4")
        if _admitted(self.hand, self, self.player, move):
            return None
        return refusal(self.seat_state(), move)

    def seat_state(self) -> State:
        """A state with this view's table and only the viewer's hand, the other hands and
        the stock empty: what the referee (:func:`engine.cassino.referee.refusal`) reads
        of the mover, and nothing the viewer may not see (R29)."""
        hands = tuple(self.hand if seat == self.player else 0
                      for seat in range(self.rules.players))
        return State(self.rules, 0, self.round, self.deal, self.dealer, self.player, hands, (),
                     self.loose, self.builds, self.captured, self.sweeps, self.last_capturer,
                     self.scores, self.status, self.winner, self.history,
                     self.previous_round, self.target, self.game_value)

    def score(self) -> Breakdown:
        """The breakdown of the capture piles as they stand (R26; V4.4: as pegged): they are
        public (R28)."""
        return counting_of(self.rules).score(self)

    def resample(self, rng: random.Random) -> State:
        """A whole state with this view: the hidden cards dealt again from ``rng`` (R29).

        The other hands are drawn together, uniformly among the assignments consistent with
        the view (R23 and the round's history, :class:`engine.cassino.worlds.HandSampler`;
        with two seats, the other hand), the stock is the rest of the unseen cards in a
        uniform order (:func:`engine.cassino.worlds.stock_order`), and the seed is drawn
        too: the real one is hidden, so later deals differ from the game's.  Searches
        (OpenSpiel's resampling of hidden information) play on from it.  ``ValueError``
        when no hidden hands fit the view.
        """
        hands = HandSampler(self).draw_hands(rng)
        hidden = 0
        for seat, hand in enumerate(hands):
            if seat != self.player:
                hidden |= hand
        stock = stock_order(self.unseen & ~hidden, rng)
        seed = rng.randrange(MAX_SAFE_SEED + 1)
        return State(self.rules, seed, self.round, self.deal, self.dealer, self.to_move, hands,
                     stock, self.loose, self.builds, self.captured, self.sweeps,
                     self.last_capturer, self.scores, self.status, self.winner, self.history,
                     self.previous_round, self.target, self.game_value)

    def to_dict(self) -> dict[str, Any]:
        """The docs/api.md view object."""
        public = public_to_dict(self)
        return {
            "player": self.player,
            "hand": format_cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "game": public.pop("game"),
            "variant": public.pop("variant"),
            "round": public.pop("round"),
            "deal": public.pop("deal"),
            "last_batch": public.pop("last_batch"),
            **public,
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Read and validate a view; :class:`StateError` names what is wrong.

        Beyond the form, the hidden cards must be able to fill the other hand and the
        stock so that every build's owner holds a numeral of its value (R23).
        """
        reader = Reader(data, "view", VIEW_FIELDS)
        rules = read_rules(reader)
        view = cls(rules=rules, player=reader.seat("player", rules.players),
                   hand=read_cards(reader.require("hand"), "hand"),
                   hand_sizes=reader.counts("hand_sizes", rules.players, 52),
                   stock_size=reader.integer("stock_size", 0, 52),
                   **read_public(reader, rules))
        view.validate()
        return view

    def validate(self) -> None:
        """Check that some full state has this view (docs/api.md, R23)."""
        if self.hand.bit_count() != self.hand_sizes[self.player]:
            raise StateError(f"hand holds {self.hand.bit_count()} cards but hand_sizes"
                             f"[{self.player}] is {self.hand_sizes[self.player]}",
                             field="hand_sizes")
        check_disjoint([("hand", self.hand), *public_zones(self)])
        hidden = sum(self.hand_sizes) - self.hand_sizes[self.player] + self.stock_size
        unseen = self.unseen
        if unseen.bit_count() != hidden:
            raise StateError(
                f"{unseen.bit_count()} cards are unseen but the other hands and the stock hold "
                f"{hidden}: every card must be somewhere exactly once", field="hand_sizes")
        check_sizes(self, list(self.hand_sizes), self.stock_size, "hand_sizes")
        values = self.rules.values
        numerals_unseen = [values[c] for c in cards_of(unseen)]

        def can_take(owner: int, value: int) -> bool:
            if owner == self.player:
                return any(values[c] == value for c in cards_of(self.hand))
            return value in numerals_unseen and self.hand_sizes[owner] > 0

        check_builds(self, list(self.hand_sizes), can_take)
        _check_owner_hands(self, values, numerals_unseen)
        check_progress(self)


def _check_owner_hands(view: View, values: tuple[int, ...], unseen: list[int]) -> None:
    """R23 for the hidden hands: each other owner must be able to hold one numeral of each
    value they own a build of, within their hand size and the unseen cards."""
    for owner in range(view.rules.players):
        if owner == view.player:
            continue
        needed = {b.value for b in view.builds if b.owner == owner}
        if len(needed) > view.hand_sizes[owner]:
            raise StateError(
                f"player {owner} owns builds of {len(needed)} values but holds "
                f"{view.hand_sizes[owner]} cards (R23)", field="table.builds", rule="R23")


# --- the whole state --------------------------------------------------------------------

class State(NamedTuple):
    """Everything about a game at one moment.  Seats are 0 to ``rules.players - 1`` (R3,
    V6.1, V7.1).

    ``hands``, ``captured`` and ``sweeps`` are per seat, ``scores`` and ``winner`` per side
    (:func:`engine.cassino.game.teams`: a team in partnership, V6.2, else a seat).
    ``scores`` are the totals before this round; ``sweeps`` and ``captured`` are
    this round's; ``history`` lists this round's moves.
    """

    rules: Rules
    seed: int
    round: int
    deal: int
    dealer: int
    to_move: int
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    loose: int
    builds: tuple[Build, ...]
    captured: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    scores: tuple[int, ...]
    status: str
    winner: int | None
    history: tuple[Played, ...]
    previous_round: Breakdown | None
    target: int
    """The total that wins the game now: ``rules.target_score``, raised in V2.3."""
    game_value: int | None
    """What a finished game is worth to its winner (V1.4: 2 for a lurch); ``None`` in play."""

    # --- derived facts -------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's name in the registry (:mod:`engine.games`)."""
        return "cassino"

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def seats(self) -> int:
        return self.rules.players

    @property
    def acting(self) -> frozenset[int]:
        """The seats that may act now: the player to move while the game is in play (R6),
        and every seat where a claim may come at any moment (T5)."""
        if self.status != PLAYING:
            return frozenset()
        if claims_allowed(self.rules):
            return frozenset(range(self.rules.players))
        return frozenset((self.to_move,))

    @property
    def last_batch(self) -> bool:
        """The stock is empty: the hands in play are the round's last (R5)."""
        return not self.stock

    @property
    def batch(self) -> int:
        """Number of the batch in play, 1..6 (R5).  In ``draw`` (V5, W5) there are two: 1
        while the players draw, 2 once the stock is empty and the hands are played out."""
        if self.rules.draw_after_play:
            return 2 if not self.stock else 1
        per_batch = self.rules.hand_size * self.rules.players
        dealt = 52 - self.rules.table_size - len(self.stock)
        return dealt // per_batch

    @property
    def nondealer(self) -> int:
        """The seat on the dealer's left, who plays first in every batch (R5, V6.1, V7.1);
        with two players, the other seat."""
        return (self.dealer + 1) % self.rules.players

    @property
    def game_over(self) -> bool:
        return self.status == GAME_OVER

    @property
    def result(self) -> Result:
        """Over or not, the winning side's seats, each seat's game total (R27)."""
        return result_of(self)

    @property
    def table_cards(self) -> int:
        """Every card on the table, loose or in builds."""
        return self.loose | builds_cards(self.builds)

    # --- the game (OpenSpiel-style entry points; the functions below) ---------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, each once (R9-R22), the families too
        large to list in part (D16); none after game over."""
        return legal_moves(self)

    def move_families(self) -> list[Family]:
        """The families :meth:`legal_moves` lists in part (D16), in its order."""
        return move_families(self)

    def moves_for(self, seat: int) -> list[Move]:
        """The legal moves of ``seat``: none unless it may act now; the player to move's
        card plays (R9-R22), and the seat's claim where claims are allowed (T5)."""
        if seat not in self.acting:
            return []
        moves = legal_moves(self) if seat == self.to_move else []
        if claims_allowed(self.rules):
            moves.append(claim(seat))
        return moves

    def returns(self) -> tuple[int, ...]:
        """The result per seat of a finished game: its value to each seat of the winning
        side, minus it to every other seat (V1.4; V6.2: partners share the result); zeros
        while the game is in play or when nobody won."""
        if self.winner is None or self.game_value is None:
            return (0,) * self.rules.players
        value, winner = self.game_value, self.winner
        return tuple(value if side == winner else -value for side in side_of(self.rules))

    def apply(self, move: Move) -> Step:
        """Check and play ``move``: the next state and the events (:func:`apply`)."""
        return apply(self, move)

    def view(self, player: int) -> View:
        """What ``player`` may see (R28, R29)."""
        return View.of(self, player)

    def score(self) -> Breakdown:
        """The breakdown of the capture piles as they stand (R26; V4.4: as pegged)."""
        return counting_of(self.rules).score(self)

    # --- JSON (engine.cassino.state) ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The docs/api.md "Full state" object, canonical (cards upper case, sets ascending)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Read and validate a full state; :class:`StateError` names what is wrong."""
        state = cls(**read_state(data))
        state.validate()
        return state

    def validate(self) -> None:
        """Check the consistency docs/api.md and R23 require; :class:`StateError` if broken."""
        validate_state(self)


class Step(NamedTuple):
    """The result of a move: the next state and what happened, in order."""

    state: State
    events: list[Event]


def _derive(seed: int, label: str) -> int:
    digest = hashlib.sha256(f"cassino/{seed}/{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal_order(seed: int, deal: int) -> list[int]:
    """The shuffled pack of deal number ``deal``: a pure function of the game seed (R5)."""
    pack = list(range(52))
    random.Random(_derive(seed, f"deal/{deal}")).shuffle(pack)
    return pack


def first_dealer(seed: int, players: int = 2) -> int:
    """The first dealer, chosen by lot from the game seed (R3)."""
    return _derive(seed, "dealer") % players


def _deal_round(rules: Rules, seed: int, deal: int, dealer: int) -> tuple[tuple[int, ...], int,
                                                                          tuple[int, ...]]:
    """Hands, loose table and stock of a new round (R4): from the shuffled pack, each player
    in turn from the dealer's left takes ``hand_size`` cards, then the table its cards."""
    pack = deal_order(seed, deal)
    n, k = rules.players, rules.hand_size
    hands = [0] * n
    for i in range(n):
        seat = (dealer + 1 + i) % n
        for card in pack[i * k:(i + 1) * k]:
            hands[seat] |= 1 << card
    table = 0
    for card in pack[n * k:n * k + rules.table_size]:
        table |= 1 << card
    return tuple(hands), table, tuple(pack[n * k + rules.table_size:])


def _round_state(rules: Rules, seed: int, round_: int, deal: int, dealer: int,
                 scores: tuple[int, ...], previous: State | None,
                 events: list[Event] | None) -> State:
    hands, loose, stock = _deal_round(rules, seed, deal, dealer)
    n = rules.players
    state = State(rules, seed, round_, deal, dealer, (dealer + 1) % n, hands, stock, loose, (),
                  (0,) * n, (0,) * n, None, scores, PLAYING, None, (),
                  None if previous is None else previous.previous_round,
                  rules.target_score if previous is None else previous.target, None)
    if events is not None:
        events.append(round_dealt(state))
    return state


def round_dealt(state: State) -> Event:
    """The ``deal`` event of a round's first batch, from the state just dealt (R4)."""
    return Event.of("deal", deal=state.deal, round=state.round, batch=1, dealer=state.dealer,
                    last_batch=not state.stock, hand_size=state.rules.hand_size,
                    hands=state.hands, table=state.loose)


def new_game(seed: int, variant: str = "standard", dealer: int | None = None) -> State:
    """A new game with round 1 dealt (R3, R4).  The dealer is drawn by lot unless given."""
    rules = get_rules(variant)
    if dealer is None:
        dealer = first_dealer(seed, rules.players)
    elif not 0 <= dealer < rules.players:
        raise IllegalMoveError(f"dealer must be a seat 0..{rules.players - 1}", field="dealer",
                               rule="R3")
    return _round_state(rules, seed, 1, 1, dealer, (0,) * sides(rules), None, None)


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player to move (R9-R22); none when the game is over."""
    if state.status != PLAYING:
        return []
    p = state.to_move
    return _generate(state.hands[p], state.loose, state.builds, p, state.rules)


def move_families(state: State) -> list[Family]:
    """The families :func:`legal_moves` lists in part (D16); none when the game is over."""
    if state.status != PLAYING:
        return []
    p = state.to_move
    return moves_and_families(state.hands[p], state.loose, state.builds, p, state.rules)[1]


def is_legal(state: State, move: Move) -> bool:
    """Whether the card play ``move`` is legal (R9-R22): listed, or of a family listed in
    part that admits it (D16)."""
    if state.status != PLAYING:
        return False
    return _admitted(state.hands[state.to_move], state, state.to_move, move)


def _admitted(hand: int, table: State | View, player: int, move: Move) -> bool:
    """Whether ``player`` holding ``hand`` may play ``move`` on ``table``'s table: a listed
    move, or one of a family listed in part that admits it (D16)."""
    listed, families = moves_and_families(hand, table.loose, table.builds, player,
                                          table.rules)
    return move in listed or any(f.holds(move) and f.admits(move.targets, table.loose,
                                                            table.builds, table.rules)
                                 for f in families)


def apply(state: State, move: Move) -> Step:
    """Play ``move`` after checking it; :class:`IllegalMoveError` names the broken rule.
    A claim (T5) may come from any seat: ``move.player`` names it.  A move of a family
    listed in part is accepted whether listed or not (D16)."""
    if move.type == CLAIM:
        refused = claim_refusal(state, move)
        if refused is not None:
            raise refused
    elif not is_legal(state, move):
        raise refusal(state, move)
    events: list[Event] = []
    return Step(advance(state, move, events), events)


def build_result(state: State, move: Move) -> tuple[str, Build]:
    """The ``kind`` (create, raise, extend; R15) and the build a legal build move makes."""
    return form_build(state.loose, state.builds, state.to_move, move, state.rules)


def move_json(loose: int, builds: tuple[Build, ...], player: int, move: Move,
              rules: Rules) -> dict[str, object]:
    """A legal move as the server returns it: the move object with its ``id``, its
    ``description`` in words, whether it is a ``sweep`` (R13), the ``points`` cards it
    takes (the cards that score by themselves, R26, V4.1) and, for builds, the ``kind``
    and the resulting ``groups`` (R15)."""
    out: dict[str, object] = move.to_dict()
    out["id"] = move.id
    out["description"] = move_text(move)
    if move.type == CAPTURE:
        table = loose | builds_cards(builds)
        out["sweep"] = move.targets == table  # R13: the capture leaves the table empty
        out["points"] = format_cards((move.targets | 1 << move.card) & point_cards(rules))
    else:
        out["sweep"] = False
        out["points"] = []
    if move.type == BUILD:
        kind, made = form_build(loose, builds, player, move, rules)
        out["kind"] = kind
        out["groups"] = [format_cards(g) for g in made.groups]
    return out


_new = tuple.__new__  # NamedTuple construction without the keyword wrapper (hot path)


def _with(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` replaced."""
    if len(values) == 2:
        return (value, values[1]) if i == 0 else (values[0], value)
    return (*values[:i], value, *values[i + 1:])


def advance(state: State, move: Move, events: list[Event] | None = None) -> State:
    """Play a move known to be legal (from :func:`legal_moves`), without checking it.

    Deals the next batch when the hands are empty (R5), or in ``draw`` has the mover draw
    the top card of the stock (V5, W2), and, after the round's last card, collects the
    residue (R24), scores the round (R25, R26) and ends the game or deals the next round, as
    the variant counts (:mod:`engine.cassino.counting`: R27, V1.2, V1.3, V2; points pegged
    as they are taken, V4).  A claim (T5) ends the game at once.  Appends to ``events``
    when given one.
    """
    if move.type == CLAIM:
        return _claimed(state, move, events)
    p = state.to_move
    hands = _with(state.hands, p, state.hands[p] & ~(1 << move.card))
    loose, builds, taken, build_kind = play_card(state.loose, state.builds, p, move, state.rules)
    captured, sweeps, last = state.captured, state.sweeps, state.last_capturer
    if taken:
        captured = _with(captured, p, captured[p] | taken)
        last = p
    if events is not None:
        _move_event(move, p, builds, build_kind, events)
    swept = bool(taken) and not loose and not builds
    if swept:  # R13
        sweeps = _with(sweeps, p, sweeps[p] + 1)
        if events is not None:
            events.append(Event.of("sweep", player=p))
    nxt: State = _new(State, (
        state.rules, state.seed, state.round, state.deal, state.dealer,
        (p + 1) % state.rules.players, hands, state.stock, loose, builds, captured, sweeps, last,
        state.scores, PLAYING, None, (*state.history, _new(Played, (p, move))),
        state.previous_round, state.target, None))
    if taken:  # points scored as they are taken, where the variant pegs them (V4.2)
        tally = counting_of(state.rules).captured(nxt, p, taken, swept)
        if tally is not None:
            nxt = nxt._replace(scores=tally.scores)
            if tally.over:  # V4.3: the game ends at once, in the middle of the hand
                return _game_over(nxt, tally, events)
    if state.rules.draw_after_play and state.stock:
        nxt = _draw(nxt, p, events)
    if any(nxt.hands):
        return nxt
    if nxt.stock:
        return _deal_batch(nxt, events)
    return _end_round(nxt, events)


def _claimed(state: State, move: Move, events: list[Event] | None) -> State:
    """T7: a claim is judged at once; the game ends as it stands, scores unchanged."""
    seat = move.value
    winner = claim_outcome(state, seat, events)
    if events is not None:
        events.append(Event.of("game_over", winner=winner, scores=state.scores))
    return state._replace(status=GAME_OVER, winner=winner, game_value=1,
                          history=(*state.history, _new(Played, (seat, move))))


def _draw(state: State, player: int, events: list[Event] | None) -> State:
    """V5, W2: after the play has been judged (R22 counts the hand without the card to
    come, W3), the player who played takes the top card of the stock."""
    card = state.stock[0]
    hands = _with(state.hands, player, state.hands[player] | 1 << card)
    state = state._replace(hands=hands, stock=state.stock[1:])
    if events is not None:
        events.append(Event.of("draw", player=player, card=card, stock_size=len(state.stock),
                               last_batch=not state.stock))
    return state


def _move_event(move: Move, player: int, builds: tuple[Build, ...], build_kind: str | None,
                events: list[Event]) -> None:
    if move.type == TRAIL:
        events.append(Event.of(TRAIL, player=player, card=move.card))
    elif move.type == CAPTURE:
        events.append(Event.of(CAPTURE, player=player, card=move.card, targets=move.targets))
    else:
        made = next(b for b in builds if b.cards >> move.card & 1)
        events.append(Event.of(BUILD, player=player, card=move.card, value=move.value,
                               targets=move.targets, kind=build_kind, groups=made.groups))


def _deal_batch(state: State, events: list[Event] | None) -> State:
    """R5: each player from the dealer's left takes the next ``hand_size`` cards of the stock."""
    rules = state.rules
    n, k = rules.players, rules.hand_size
    stock = state.stock
    hands = [0] * n
    for i in range(n):
        seat = (state.dealer + 1 + i) % n
        for card in stock[i * k:(i + 1) * k]:
            hands[seat] |= 1 << card
    state = state._replace(hands=tuple(hands), stock=stock[n * k:],
                           to_move=(state.dealer + 1) % n)
    if events is not None:
        events.append(Event.of("deal", deal=state.deal, round=state.round, batch=state.batch,
                               dealer=state.dealer, last_batch=state.last_batch,
                               hand_size=k, hands=state.hands))
    return state


def _end_round(state: State, events: list[Event] | None) -> State:
    """R24-R27: residue to the last capturer, round points, then game over or the next deal."""
    rules = state.rules
    n = rules.players
    last = state.last_capturer
    if last is None:  # R25: nobody captured; replay with a fresh deal by the same dealer
        if events is not None:
            events.append(Event.of("round_void", round=state.round, deal=state.deal))
        return _round_state(rules, state.seed, state.round, state.deal + 1, state.dealer,
                            state.scores, state, events)
    residue = state.loose | builds_cards(state.builds)
    captured = state.captured
    if residue:  # R24: never a sweep
        captured = _with(captured, last, captured[last] | residue)
        if events is not None:
            events.append(Event.of("residue", player=last, cards=residue))
    breakdown = score(captured, state.sweeps, rules)
    counted: list[Event] | None = None if events is None else []  # how it counted (V2.1)
    tally = counting_of(rules).round_end(state, breakdown, residue, counted)  # R27, V1-V4
    if tally.counted:
        if events is not None:
            events.append(Event.of("round_scored", round=state.round, breakdown=breakdown,
                                   scores=tally.scores))
        state = state._replace(previous_round=breakdown)
    if events is not None and counted:
        events += counted
    if tally.target is not None:
        state = state._replace(target=tally.target)
    if tally.over:
        return _game_over(state._replace(loose=0, builds=(), captured=captured), tally, events)
    return _round_state(rules, state.seed, state.round + 1, state.deal + 1,
                        (state.dealer + 1) % n, tally.scores, state, events)


def _game_over(state: State, tally: Tally, events: list[Event] | None) -> State:
    """The game ends with ``tally``'s totals, winner (none for a draw) and value (V1.4)."""
    if events is not None:
        extra: dict[str, object] = {} if tally.game_value == 1 else \
            {"game_value": tally.game_value}
        if state.rules.partnerships and tally.winner is not None:
            extra["seats"] = teams(state.rules)[tally.winner]  # the winning team (V6.2)
        events.append(Event.of("game_over", winner=tally.winner, scores=tally.scores, **extra))
    return state._replace(scores=tally.scores, status=GAME_OVER, winner=tally.winner,
                          game_value=tally.game_value)
