"""Canfield with every card known (an analysis, never a sealed game's view): a search over
the positions of one deal that says whether the deal can be played out (all 52 up), the
most foundation cards it can reach (docs/solver.md "Canfield").

The search reads the talon and the hand as one sequence with a pointer (CF6, CF12: the talon
turned over unshuffled is the same sequence), so that the turns are not moves of their own:
each card a run of turns would show (the rest of this pass, and the next pass's when this
one has used a card, CFD7) may be played at once.  Each position is searched once (a set of
the positions seen), a card that no column can need any more (both cards that could go on
it are up) goes up at once from a column or the stock, and the search is exact when it ends
within its node budget (``decided``).  A win comes with its line, the engine's moves, each
replayed through the engine (:func:`replay`).

As a tool of analysis, for a seeded deal or an open game's state (the service's wire form):

    python -m solver.canfield.exact --seed 3 [--variant canfield-classic]
    python -m solver.canfield.exact --state game.json --target 11 --seconds 10

The native kernel (``solver/canfield/_exact.c``) prunes more: its table keys a position
without its talon pointer and its pass's use, the columns as a multiset, and skips a
position when one seen reaches every talon card it reaches (as many moves between columns
or fewer); and its test of a position that cannot be played out is a relaxation of the
rules (docs/solver.md "Canfield").  This pure-Python search is its fallback and the
reference of the tests: a plainer search, with the same answers."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from typing import Any

from engine.canfield import State, get_rules
from engine.canfield.rules import IDLE_LIMIT, TURN, builds_on, rank, suit
from engine.canfield.state import TURN_MOVE, Move, deal
from engine.games import engine_of

__all__ = ["NODES", "Solved", "analyse", "main", "replay", "solve_open"]

NODES = 2_000_000
"""The default node budget of one deal."""


@dataclass
class Solved:
    """What a search of one deal found: the most foundation cards ``best``, whether the
    target was reached (``won``), whether the search settled it (``decided``: the target
    reached, or every position searched) and the positions searched."""

    best: int
    won: bool
    decided: bool
    nodes: int
    line: tuple[Move, ...] = ()
    """When won: the engine's moves (turns included) from the deal to the target, replayed
    through the engine (:func:`replay`)."""


Pos = tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...], tuple[int, ...], int, bool, int]
"""found, stock pointer, columns, talon-and-hand sequence, waste size, used, idle."""


Step = tuple[int, int, int, int]
"""A search's move: its source (0-3 a column, 4 the stock, 5 the talon), the waste size
that shows the talon's card (else 0), the card, its target (0-3 a column, 4 up)."""


def _need(base: int, found: tuple[int, ...], s: int) -> int:
    n = found[s]
    return 0 if n == 13 else (base - 1 + n) % 13 + 1


def _safe(base: int, found: tuple[int, ...], card: int) -> bool:
    """No column can need ``card`` any more: both cards one rank lower of the other colour
    are up (CF8), so ``card`` goes up at once from a column or the stock."""
    low = (rank(card) - 2) % 13 + 1  # the rank that builds on it (CFD6)
    if low == base - 1 or (base == 1 and low == 13):
        return False  # the last rank of each foundation: never up before its host
    red = suit(card) in (1, 2)
    for s in ((0, 3) if red else (1, 2)):
        # is the card of rank ``low`` and suit ``s`` up?
        if found[s] == 0 or (low - base) % 13 >= found[s]:
            return False
    return True


def _reachable(seq: tuple[int, ...], p: int, used: bool) -> list[tuple[int, bool]]:
    """The waste sizes ``q`` whose top card a run of turns shows (CF6), each with whether
    it takes a new pass (CF12; only when this pass has used a card, CFD7)."""
    n = len(seq)
    out: list[tuple[int, bool]] = []
    seen: set[int] = set()
    q = p
    if q:
        out.append((q, False))
        seen.add(q)
    while q < n:
        q = min(q + TURN, n)
        if q not in seen:
            out.append((q, False))
            seen.add(q)
    if used:
        q = 0
        while q < n:
            q = min(q + TURN, n)
            if q not in seen:
                out.append((q, True))
                seen.add(q)
    return out


class _Search:
    """One deal's search."""

    def __init__(self, state: State) -> None:
        self.base = state.base
        self.piles = get_rules(state.variant).piles
        self.stock = state.stock
        self.seen: dict[tuple[object, ...], list[int]] = {}
        self.best = state.score

    def fill(self, cols: list[tuple[int, ...]], sp: int) -> tuple[int, bool]:
        """CF10, CFD1: spaces filled from the stock; the new pointer, whether one was."""
        filled = False
        for k in range(4):
            if not cols[k] and sp < len(self.stock):
                cols[k] = (self.stock[sp],)
                sp += 1
                filled = True
        return sp, filled

    def moves(self, pos: Pos) -> list[tuple[Pos, Step]]:
        """The children of ``pos``, each with the search's move to it."""
        found, sp, cols, seq, p, used, idle = pos
        base, stock = self.base, self.stock
        out: list[tuple[Pos, Step]] = []
        stock_top = stock[sp] if sp < len(stock) else -1

        def up(f: tuple[int, ...], card: int) -> tuple[int, ...]:
            g = list(f)
            g[suit(card)] += 1
            return tuple(g)

        # a safe card up alone (a column of two or more, or the stock)
        for i, col in enumerate(cols):
            if len(col) >= 2 and _need(base, found, suit(col[-1])) == rank(col[-1]) and \
                    _safe(base, found, col[-1]):
                new = list(cols)
                new[i] = col[:-1]
                return [((up(found, col[-1]), sp, tuple(new), seq, p, True, 0),
                         (i, 0, col[-1], 4))]
        if stock_top >= 0 and _need(base, found, suit(stock_top)) == rank(stock_top) and \
                _safe(base, found, stock_top):
            return [((up(found, stock_top), sp + 1, cols, seq, p, True, 0),
                     (4, 0, stock_top, 4))]
        talon = [(q, fresh, seq[q - 1]) for q, fresh in _reachable(seq, p, used)]
        # to the foundations: the stock's, the columns', the talon's
        if stock_top >= 0 and _need(base, found, suit(stock_top)) == rank(stock_top):
            out.append(((up(found, stock_top), sp + 1, cols, seq, p, True, 0),
                        (4, 0, stock_top, 4)))
        for i, col in enumerate(cols):
            if col and _need(base, found, suit(col[-1])) == rank(col[-1]):
                new = list(cols)
                new[i] = col[:-1]
                nsp, _ = self.fill(new, sp)
                out.append(((up(found, col[-1]), nsp, tuple(new), seq, p, True, 0),
                            (i, 0, col[-1], 4)))
        for q, _fresh, card in talon:
            if _need(base, found, suit(card)) == rank(card):
                out.append(((up(found, card), sp, cols, seq[:q - 1] + seq[q:], q - 1, True, 0),
                            (5, q, card, 4)))
        # onto the layout: the stock's, the talon's, then between columns
        for j, target in enumerate(cols):
            if not target:
                continue
            if stock_top >= 0 and builds_on(stock_top, target[-1]):
                new = list(cols)
                new[j] = target + (stock_top,)
                out.append(((found, sp + 1, tuple(new), seq, p, True, 0),
                            (4, 0, stock_top, j)))
        for q, _fresh, card in talon:
            for j, target in enumerate(cols):
                if (target and builds_on(card, target[-1])) or \
                        (not target and sp >= len(stock)):
                    new = list(cols)
                    new[j] = target + (card,)
                    out.append(((found, sp, tuple(new), seq[:q - 1] + seq[q:], q - 1, True, 0),
                                (5, q, card, j)))
                    if not target:
                        break  # one space is as good as another
        if idle < IDLE_LIMIT:
            for i, col in enumerate(cols):
                if not col or (not self.piles and len(col) > 2):
                    continue
                moving = col if self.piles else col[-1:]
                for j, target in enumerate(cols):
                    if j != i and target and builds_on(moving[0], target[-1]):
                        new = list(cols)
                        new[j] = target + moving
                        new[i] = col[:len(col) - len(moving)]
                        nsp, filled = self.fill(new, sp)
                        out.append(((found, nsp, tuple(new), seq, p, used or filled,
                                     0 if filled else idle + 1), (i, 0, moving[0], j)))
        return out

    def fresh(self, pos: Pos) -> bool:
        """Whether ``pos`` is new: no position alike but for its pass's use and its moves
        between columns was seen with as much (a use, CFD7) and as few (CFD8)."""
        found, sp, cols, seq, p, used, idle = pos
        k = (found, sp, cols, seq, p)
        mins = self.seen.get(k)
        if mins is None:
            self.seen[k] = [idle, IDLE_LIMIT + 1] if used else [IDLE_LIMIT + 1, idle]
            return True
        if mins[0] <= idle or (not used and mins[1] <= idle):
            return False
        if used:
            mins[0] = idle
        else:
            mins[1] = min(mins[1], idle)
        return True

    def locked(self, pos: Pos) -> bool:
        """No way to play the deal out: the cards of the columns that can leave only to
        their foundations, from the top down (the common game's every card, whole piles
        keeping their order, CF17; the book's every card above the second, CFD3), cannot
        all go up even if every other card were at hand when wanted."""
        start = 0 if self.piles else 2
        found, cols, base = pos[0], pos[2], self.base
        lock = {c for col in cols for c in col[start:]}
        if not lock:
            return False
        freed: set[int] = set()
        ptr = [len(col) - 1 for col in cols]
        changed = True
        while changed:
            changed = False
            for i, col in enumerate(cols):
                while ptr[i] >= start:
                    c = col[ptr[i]]
                    su, idx = suit(c), (rank(c) - base) % 13
                    if idx > 0 and found[su] < idx:
                        pred = ((base - 1 + idx - 1) % 13) * 4 + su
                        if pred in lock and pred not in freed:
                            break
                    freed.add(c)
                    ptr[i] -= 1
                    changed = True
        return any(ptr[i] >= start for i in range(4))

    def run(self, start: Pos, nodes: int, target: int = 52) -> tuple[Solved, list[Step]]:
        """The search, and the line of a win (the moves to each position on the stack are
        kept by depth: a position's parent is the last one taken off one level up)."""
        stack: list[tuple[Pos, int, Step]] = [(start, 0, (0, 0, 0, 0))]
        path: list[Step] = []
        self.fresh(start)
        count = 0
        while stack:
            pos, depth, step = stack.pop()
            del path[max(depth - 1, 0):]
            if depth:
                path.append(step)
            score = sum(pos[0])
            if score > self.best:
                self.best = score
                if score >= target:
                    return Solved(score, True, True, count), path
            for child, move in reversed(self.moves(pos)):
                if target == 52 and self.locked(child):
                    continue
                if self.fresh(child):
                    count += 1
                    stack.append((child, depth + 1, move))
            if count >= nodes:
                return Solved(self.best, False, False, count), []
        return Solved(self.best, False, True, count), []


def start_of(state: State) -> Pos:
    """The search's position of an engine state."""
    sp = 0  # the search keeps the stock whole and points into it
    seq = state.waste + state.hand
    return (state.found, sp, state.cols, seq, len(state.waste), state.used, state.idle)


def _native() -> object | None:
    try:
        from solver.canfield import _exact  # type: ignore[attr-defined]
    except ImportError:
        return None
    found: object = _exact
    return found


NATIVE = _native()
"""The compiled kernel (``python setup.py build_ext --inplace``), or ``None``."""
TABLE_BITS = 25
"""The native kernel's table of positions: at most 2**25 slots of 16 bytes (512 MB), grown
from 2**18 as it fills; a search that fills it to 70% stops, undecided."""


def replay(state: State, steps: list[Step] | tuple[Step, ...]) -> tuple[tuple[Move, ...], State]:
    """The engine's moves of a search's line from ``state`` (the turns that show each
    talon card put in), each checked by the engine as it is played; and the state reached.
    Raises ``ValueError`` when a step is not the engine's legal move where the search
    says its card lies."""
    moves: list[Move] = []
    for src, q, card, dst in steps:
        if src == 5:
            for _ in range(2 * len(state.hand) + 2 * len(state.waste) + 4):
                if len(state.waste) == q and state.waste[-1] == card:
                    break
                state = state.apply(TURN_MOVE)[0]
                moves.append(TURN_MOVE)
            else:
                raise ValueError(f"the line's talon card {card} never shows")
        move = Move(card, "f" if dst == 4 else f"c{dst}")
        where = dict((m, w) for w, m in state.sourced()).get(move)
        if where != ("w" if src == 5 else "s" if src == 4 else f"c{src}"):
            raise ValueError(f"the line's move {move.id} is not legal from where it lies")
        state = state.apply(move)[0]
        moves.append(move)
    return tuple(moves), state


def solve_open(state: State, nodes: int = NODES, native: bool | None = None,
               target: int = 52, seconds: float | None = None, relax: bool = True) -> Solved:
    """Whether ``target`` foundation cards can be reached from ``state`` (52: the deal
    played out), at most ``nodes`` positions searched and (native only) ``seconds`` of CPU;
    by the native kernel where it is built (``native`` None), or as ``native`` says.
    ``won`` says the target was reached, ``line`` the engine's moves there (checked by
    replaying them); ``best`` is the most cards seen (the most the deal allows when the
    search is decided and the target not reached; with the target 52, positions that
    cannot be played out are not searched, so ``best`` is then a floor).  ``relax`` False
    keeps the native kernel from cutting the positions its relaxation proves lost (the
    tests' check of that proof)."""
    if state.game_over or state.score >= target:
        return Solved(state.score, state.score >= target, True, 0)
    if native is None:
        native = NATIVE is not None
    if native:
        if NATIVE is None:
            raise RuntimeError("the native kernel is not built (python setup.py build_ext)")
        best, won, decided, count, _full, steps = NATIVE.solve(  # type: ignore[attr-defined]
            state.base, get_rules(state.variant).piles, list(state.found), list(state.stock),
            [list(c) for c in state.cols], list(state.waste + state.hand), len(state.waste),
            int(state.used), state.idle, nodes, TABLE_BITS, target, float(seconds or 0.0),
            relax)
        solved = Solved(best, bool(won), bool(decided), count)
    else:
        solved, steps = _Search(state).run(start_of(state), nodes, target)
    if solved.won:
        line, end = replay(state, steps)
        if end.score < target:
            raise AssertionError("the search's line does not reach its target")
        solved.line = line
    return solved


def analyse(state: State, target: int = 52, seconds: float | None = 10.0,
            nodes: int | None = None) -> dict[str, Any]:
    """The analysis of ``state`` with every card known, as JSON: whether ``target`` cards
    can be reached (``won``), whether the search settled it (``decided``), the most cards
    seen, the positions searched, the CPU seconds, and when won the line's move ids."""
    if nodes is None:  # the native kernel is bounded by its seconds (None: no bound)
        nodes = 10**12 if NATIVE is not None else NODES
    began = time.process_time()
    solved = solve_open(state, nodes, target=target, seconds=seconds)
    return {"variant": state.variant, "target": target, "won": solved.won,
            "decided": solved.decided, "best": solved.best, "nodes": solved.nodes,
            "native": NATIVE is not None, "cpu_s": round(time.process_time() - began, 3),
            "line": [move.id for move in solved.line]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Canfield with every card known: can the deal be played out (or reach "
        "a target), and the line that does it.")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--seed", type=int, help="the deal of this seed (engine.canfield.deal)")
    where.add_argument("--state", help="a file (or -) holding an open game's state, the "
                       "service's wire form")
    parser.add_argument("--variant", default="canfield", help="with --seed")
    parser.add_argument("--target", type=int, default=52,
                        help="foundation cards to reach (52: played out; 11: the bet)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="CPU seconds at most (the native kernel; 0: no limit)")
    parser.add_argument("--nodes", type=int, default=None, help="positions at most")
    args = parser.parse_args(argv)
    if not 1 <= args.target <= 52:
        parser.error("--target: 1 to 52 foundation cards")
    try:
        if args.state is not None:
            if args.state == "-":
                data = json.load(sys.stdin)
            else:
                with open(args.state) as source:
                    data = json.load(source)
            if isinstance(data, dict) and isinstance(data.get("state"), dict):
                data = data["state"]  # a whole answer of the service: its state
            state = engine_of("canfield").read_state(data)
            assert isinstance(state, State)
        else:
            state = deal(args.seed, args.variant)
    except (OSError, ValueError) as error:  # GameError and JSONDecodeError among them
        parser.error(f"--state: {error}" if args.state is not None else str(error))
    print(json.dumps(analyse(state, args.target, args.seconds or None, args.nodes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
