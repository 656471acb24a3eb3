"""Players for the arena: random, greedy, heuristic, the solver, and a cheating solver.

Every bot but the cheater decides from the :class:`engine.cassino.View` of its seat only.
The cheater is handed the full state (both hands and the stock): the upper bound
against which the honest solver's loss to hidden information is measured.  Bots are
deterministic given their seed.
"""

from __future__ import annotations

from math import comb
from typing import Protocol

from engine.cards import FULL_DECK, SPADE_MASK, cards_of
from engine.cassino import (
    BUILD,
    CAPTURE,
    STANDARD,
    TRAIL,
    Build,
    Move,
    Rules,
    State,
    View,
    parse_move_id,
    play_card,
    unions,
)
from solver import bots, games
from solver.cassino import (
    MAXN,
    DrawSearch,
    MaxnSearch,
    PolicyWorlds,
    Position,
    Search,
    SeatsPosition,
    SideSearch,
    searchable,
    weights,
)
from solver.cassino.core import DEFAULT, Options, claim_is_right, finish, hint, solve

__all__ = ["Bot", "CheaterBot", "GreedyBot", "HeuristicBot", "OracleBot", "RandomBot",
           "SolverBot", "card_worth", "make_bot"]


class Bot(games.Bot, Protocol):
    """A player (:class:`solver.games.Bot`) that may also claim the game, and may be
    handed the whole state (the cheater): ``choose`` one of the legal moves of the seat to
    move."""

    name: str
    cheats: bool
    """True when the bot must be handed the full state (the cheater)."""

    def choose(self, view: View, state: State | None = None) -> Move: ...

    def claims(self, view: View) -> bool:
        """Whether the bot claims the game now (twenty-one-claims T5), asked of every
        seat before each move."""


MAJORITY_SHARE = 0.12
"""What a card is guessed to add to the cards majority, and a spade to the spades one:
heuristic shares (not point values), tuned for the standard scheme."""
SPADE_SHARE = 0.1


def card_worth(cards: int, rules: Rules = STANDARD) -> float:
    """Rough round points a set of cards is worth in a capture pile (R26): a share of
    each majority the scheme has (cards, spades), and the points of the cards that score
    by themselves (the aces and the cassinos; every spade in V4.1), as the point scheme of
    ``rules`` says."""
    w = weights(rules)
    worth = 0.0
    for mask, _, _ in w.most:  # a share of the majorities the scheme has (V4: cards only)
        share = MAJORITY_SHARE if mask == FULL_DECK else SPADE_SHARE if mask == SPADE_MASK \
            else 0.0
        worth += share * (cards & mask).bit_count()
    for mask, points in w.by_category:
        worth += points * (cards & mask).bit_count()
    return worth


def _capture_worth(move: Move, loose: int, builds: tuple[Build, ...], rules: Rules,
                   player: int) -> float:
    nl, nb, taken, _ = play_card(loose, builds, player, move, rules)
    return card_worth(taken, rules) + (rules.sweep_points if not nl and not nb else 0)


class RandomBot(bots.RandomBot):
    """A uniformly random legal move (solver.bots.RandomBot, Cassino's random source)."""

    cheats = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, "random-bot")

    def choose(self, view: View, state: State | None = None) -> Move:
        move: Move = super().choose(view)
        return move

    def claims(self, view: View) -> bool:
        """Never: it only plays cards."""
        return False


class _ClaimsWhenRight:
    """A bot that claims the game exactly when the claim is right (T6, T7)."""

    def claims(self, view: View) -> bool:
        return claim_is_right(view)


class GreedyBot(_ClaimsWhenRight):
    """The most valuable capture, else a trail of the least useful card."""

    cheats = False

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"

    def choose(self, view: View, state: State | None = None) -> Move:
        moves = view.legal_moves()
        captures = [m for m in moves if m.type == CAPTURE]
        if captures:
            return max(captures, key=lambda m: (
                _capture_worth(m, view.loose, view.builds, view.rules, view.player),
                m.targets.bit_count(), -m.card))
        trails = [m for m in moves if m.type == TRAIL]
        if not trails:  # owns a build (never, as greedy does not build)
            return moves[0]
        values = view.rules.values
        # least useful: worth least in a pile, then court cards, then high numerals
        return min(trails, key=lambda m: (card_worth(1 << m.card, view.rules),
                                          values[m.card] != 0, -values[m.card], m.card))


class HeuristicBot(_ClaimsWhenRight):
    """One-ply judgement with card counting: the value taken now, builds it can expect to
    collect, and what the table it leaves offers the opponent, whose hand is estimated
    from the unseen cards."""

    cheats = False

    def __init__(self, seed: int = 0) -> None:
        self.name = "heuristic"

    def choose(self, view: View, state: State | None = None) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        rules = view.rules
        values = rules.values
        unseen = view.unseen
        # the seat that moves next: the opponent (two seats), else the next in turn (V6, V7)
        other_size = view.hand_sizes[(view.player + 1) % rules.players]
        n_unseen = unseen.bit_count()

        def pile_worth(cards: int) -> float:
            return card_worth(cards, rules)

        def held_odds(takers: int) -> float:
            """Chance the next player holds one of ``takers`` (among the unseen cards)."""
            m = (takers & unseen).bit_count()
            if not m or not other_size or not n_unseen:
                return 0.0
            k = min(other_size, n_unseen)
            return 1.0 - comb(n_unseen - m, k) / comb(n_unseen, k)

        def exposure(loose: int, builds: tuple[Build, ...]) -> float:
            """What the opponent may take from the table next turn, weighted by odds."""
            worst = 0.0
            table = loose
            for b in builds:
                table |= b.cards
            for v in range(1, rules.max_value + 1):  # the value of each card that may take
                takers = rules.upto[v] & ~rules.upto[v - 1]
                grab = 0
                for b in builds:
                    if b.value == v and b.owner == view.player:
                        grab |= b.cards
                found = unions(loose, v, rules)  # loose cards a v takes alone or in sums
                if found:
                    grab |= max(found, key=pile_worth)
                if not grab:
                    continue
                worth = pile_worth(grab) + (rules.sweep_points if grab == table else 0)
                worst = max(worst, held_odds(takers) * worth)
            courts = loose & ~rules.numerals
            for c in cards_of(courts):  # a court card pairs one loose card of its rank
                rank = 0xF << (c & ~3)  # ... or all of them at once (V1.1)
                grab = courts & rank if rules.court_captures_all else 1 << c
                worth = pile_worth(grab) + (rules.sweep_points if table == grab else 0)
                worst = max(worst, held_odds(rank & ~grab) * worth)
            return worst

        best: tuple[float, int] | None = None
        choice = moves[0]
        for i, m in enumerate(moves):
            nl, nb, taken, _ = play_card(view.loose, view.builds, view.player, m, rules)
            score = 0.0
            if m.type == CAPTURE:
                score += pile_worth(taken) + (rules.sweep_points if not nl and not nb else 0)
            elif m.type == BUILD:
                made = next(b for b in nb if b.cards >> m.card & 1)
                takers = rules.upto[m.value] & ~rules.upto[m.value - 1]
                score += 0.85 * pile_worth(made.cards) * (1 - 0.5 * held_odds(takers))
            else:
                score -= 0.05 * pile_worth(1 << m.card) + 0.01 * values[m.card]
            score -= exposure(nl, nb)
            key = (score, -i)
            if best is None or key > best:
                best, choice = key, m
        return choice


class SolverBot(_ClaimsWhenRight):
    """The solver's best move (:func:`solver.hint`) at a given budget; the greedy bot's at a
    table whose moves are too many to search (D16, :func:`solver.cassino.searchable`)."""

    cheats = False

    def __init__(self, seed: int = 0, options: Options = DEFAULT, name: str = "solver") -> None:
        self.name = name
        self.seed = seed
        self.options = options

    def choose(self, view: View, state: State | None = None) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if not searchable(view):
            return GreedyBot().choose(view)
        answer = hint(view, seed=self.seed + len(view.history), top=1, options=self.options)
        return parse_move_id(answer["moves"][0]["move"]["id"])  # may be a right claim


class CheaterBot(_ClaimsWhenRight):
    """The same search on the true world: it sees the other hand (and the stock as a set;
    the search never uses the stock's order, except in ``draw``, where every play draws
    from it, W8).  One world is all it needs."""

    cheats = True

    def __init__(self, seed: int = 0, name: str = "cheater", options: Options = DEFAULT) -> None:
        self.name = name
        self.options = options

    def choose(self, view: View, state: State | None = None) -> Move:
        if state is None:
            raise ValueError("the cheater needs the full state")
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        stock = 0
        for c in state.stock:
            stock |= 1 << c
        if state.rules.players != 2:  # V6, V7: every hand seen, the N-seat search
            rules = state.rules
            cls = MaxnSearch if self.options.search == MAXN and not rules.partnerships \
                else SideSearch
            seats = cls(rules, stock, state.dealer, state.to_move, self.options.world_nodes)
            values = seats.root_values(SeatsPosition(
                state.to_move, state.hands, state.loose, state.builds, state.captured,
                state.sweeps, state.last_capturer, stock, state.dealer), moves)
            return moves[max(range(len(moves)), key=lambda i: (values[i], -i))]
        search: Search | DrawSearch = (
            DrawSearch(state.rules, state.stock) if state.rules.draw_after_play and stock
            else Search(state.rules, stock, state.dealer))  # in draw it sees the order (W8)
        pos = Position(state.to_move, (state.hands[0], state.hands[1]), state.loose,
                       state.builds, (state.captured[0], state.captured[1]),
                       (state.sweeps[0], state.sweeps[1]), state.last_capturer, stock,
                       state.dealer)
        values = search.root_values(pos, moves)
        best = max(range(len(moves)), key=lambda i: (values[i], -i))
        return moves[best]


class OracleBot(_ClaimsWhenRight):
    """The solver with the *oracle posterior* against the greedy bot (issue 14's ceiling
    of inference): its worlds are uniform worlds in which the greedy bot, holding the
    world's hand, would have played exactly its moves of this batch
    (:class:`solver.cassino.PolicyWorlds`).  Honest (it reads only its view) but it knows
    the opponent's policy, so it is a measuring tool, not a player for other opponents."""

    cheats = False

    def __init__(self, seed: int = 0, options: Options = DEFAULT, name: str = "oracle",
                 tries: int = 64) -> None:
        self.name = name
        self.seed = seed
        self.options = options
        self.tries = tries
        self.greedy = GreedyBot(seed)

    def choose(self, view: View, state: State | None = None) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seed = self.seed + len(view.history)
        tally = solve(view, self.options, seed,
                      source=lambda v: PolicyWorlds(v, self.greedy.choose, self.tries,
                                                    reply_weight=self.options.opponent_model))
        answer = finish(view, tally, seed=seed, top=1)
        return parse_move_id(answer["moves"][0]["move"]["id"])


OPTION_KEYS = ("samples", "min_samples", "nodes", "time_ms", "z", "tolerance", "seat_nodes",
               "world_nodes", "exact_nodes", "search", "inference", "temperature", "mixture",
               "candidates", "opponent_model")
FLOAT_KEYS = ("z", "tolerance", "time_ms", "temperature", "mixture", "opponent_model")
_KINDS = {key: str if key == "search" else (lambda v: bool(int(v))) if key == "inference"
          else float if key in FLOAT_KEYS else int for key in OPTION_KEYS}
"""How each solver option of an arena name is read."""
_LIFTED = ("nodes", "seat_nodes", "world_nodes", "exact_nodes")


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its arena name: ``random``, ``greedy``, ``heuristic``, ``cheater``,
    ``solver`` or ``solver:K=V,...`` with options such as ``nodes=10000``, ``samples=16``,
    ``time_ms=50`` (``nodes=0`` lifts the node budget); for N seats (V6, V7) also
    ``seat_nodes``, ``world_nodes``, ``exact_nodes`` (0: no exact last batch) and
    three-hand's ``search=paranoid|maxn`` (also for ``cheater:``); ``opponent_model=W``, the
    weight of the opponent model in the search (0: plain minimax); ``inference[:K=V,...]``
    is the solver with ``inference=1`` (and ``temperature``, ``mixture``, ``candidates``);
    ``oracle[:K=V,...]`` the solver with the greedy bot's oracle posterior."""
    name, _, params = spec.partition(":")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    if name in ("solver", "cheater", "inference", "oracle"):
        options = bots.solver_options(
            params, Options(inference=True) if name == "inference" else DEFAULT, _KINDS,
            _LIFTED)
        if name == "cheater":
            return CheaterBot(seed, name=spec, options=options)
        if name == "oracle":
            return OracleBot(seed, options, name=spec)
        return SolverBot(seed, options, name=spec)
    raise ValueError(f"unknown bot {spec!r}: random, greedy, heuristic, solver[:opts], "
                     "inference[:opts], oracle[:opts], cheater")
