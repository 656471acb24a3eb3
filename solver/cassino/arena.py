"""Arena: two bots play mirrored pairs of games, each deal twice with the seats swapped.

    python -m solver.cassino.arena solver greedy --pairs 200
    python -m solver.cassino.arena solver cheater --pairs 100 --seed 7
    python -m solver.cassino.arena solver greedy --variant royal --pairs 100
    python -m solver.cassino.arena --variant partnership --pairs 20 \
        --seats solver,greedy,solver,greedy
    python -m solver.cassino.arena --variant three-hand --seats solver,greedy,greedy --pairs 20

Pair ``i`` is game seed ``seed + i`` played twice: bot A in seat 0, then bot A in seat 1.
Deals are a pure function of the game seed and the deal number (engine.cassino.play), so round
``k`` of both games is the same deal with the seats swapped, and the luck of the cards
cancels.  Reported: points per mirrored pair of rounds (A's round points minus B's,
summed over the two rounds of the pair) with its standard error, points per round, and
game win rates.  ``--rounds 1`` plays only the first round of each game.

With ``--seats`` (N seats, V6 and V7), set ``i`` is game seed ``seed + i`` played once per
rotation of the seating (``--pairs`` sets): every bot sits in every seat on the same deals.
Reported per set of deals: the first bot's points per round less the mean of the other
bots' (with two teams, the team margin), and each bot's points per round and seat, with
standard errors over the sets.

The loop, the seating, the parallel jobs and the statistics are every game's
(:mod:`solver.arena`, where ``python -m solver.arena cassino ...`` reports whole games'
values); what is Cassino's own is here: the claims (T5) and the cheater in :func:`step`,
the rounds scored within a game and their mirrored pairs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cassino import (
    Event,
    Move,
    State,
    advance,
    claim,
    claims_allowed,
    get_rules,
    new_game,
)
from engine.errors import GameError
from solver import arena
from solver.arena import mean_se, seat_of
from solver.cassino import side_of
from solver.cassino.bots import Bot
from solver.cassino.levels import make_player

__all__ = ["GameRecord", "RotationSet", "SeatedSummary", "Summary", "main", "play_game",
           "play_pair", "play_rotations", "run_seats", "seat_of", "split_seats", "step",
           "summarize", "summarize_rotations"]

_mean_se = mean_se  # the old name (bench/seats_ab.py)


@dataclass
class GameRecord:
    """One game: the round points of each seat, round by round, and the winner's seat."""

    rounds: list[tuple[int, ...]] = field(default_factory=list)
    winner: int | None = None
    value: int = 0
    """What the finished game was worth to its winner (V1.4: a lurch 2, classic-deal the
    difference; 0 for a draw or a game cut short by ``max_rounds``)."""
    moves: int = 0
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])


def step(state: State, bots: Sequence[Bot]) -> tuple[int, Move]:
    """Who acts next and how (the house's step, solver.arena): where claims are allowed
    the first seat, from the one to move on, whose bot claims the game (T5); else the seat
    to move, its bot choosing from its view (the cheater handed the whole state too)."""
    if claims_allowed(state.rules):
        claimer = _claimer(state, bots)
        if claimer is not None:  # T5: a claim ends the game at once
            return claimer, claim(claimer)
    p = state.to_move
    bot = bots[p]
    return p, bot.choose(state.view(p), state if bot.cheats else None)


def _advance(state: State, move: Move) -> tuple[State, list[Event]]:
    events: list[Event] = []
    return advance(state, move, events), events


def play_game(seed: int, bots: tuple[Bot, ...], max_rounds: int | None = None,
              variant: str = "standard") -> GameRecord:
    """Play game ``seed`` of ``variant`` to its end (or ``max_rounds`` scored rounds), one
    bot per seat.  ``rounds`` holds each seat's round points (its side's, V6.2)."""
    state: State = new_game(seed, variant)
    record = GameRecord()
    sides = side_of(state.rules)

    def watch(events: list[Event]) -> bool:
        scored = [e for e in events if e.type == "round_scored"]
        if scored:
            totals = scored[0].get("breakdown").totals
            record.rounds.append(tuple(totals[side] for side in sides))
            return max_rounds is not None and len(record.rounds) >= max_rounds
        return False

    played = arena.play(state, bots, step=step, advance=_advance, watch=watch)
    record.moves, record.think = played.moves, played.think
    record.winner = played.state.winner
    record.value = played.state.game_value or 0
    return record


def _claimer(state: State, bots: Sequence[Bot]) -> int | None:
    """The first seat, from the one to move on, whose bot claims the game (T5)."""
    n = state.rules.players
    for seat in ((state.to_move + i) % n for i in range(n)):
        if bots[seat].claims(state.view(seat)):
            return seat
    return None


@dataclass
class PairResult:
    """Both games of a pair, from bot A's point of view."""

    index: int
    first: GameRecord  # A in seat 0
    second: GameRecord  # A in seat 1

    def round_pairs(self) -> list[int]:
        """A's points minus B's over each pair of same-deal rounds."""
        out = []
        for (a0, b1), (b0, a1) in zip(self.first.rounds, self.second.rounds, strict=False):
            out.append((a0 - b1) + (a1 - b0))
        return out

    def rounds(self) -> list[int]:
        """A's points minus B's in every round of both games."""
        return [a - b for a, b in self.first.rounds] + [a - b for b, a in self.second.rounds]

    def wins(self) -> int:
        return (self.first.winner == 0) + (self.second.winner == 1)

    def game_points(self) -> list[int]:
        """A's game value won (+) or lost (-) in each game of the pair (V1.4)."""
        return [_signed(self.first, 0), _signed(self.second, 1)]


def _signed(record: GameRecord, seat: int) -> int:
    if record.winner is None:
        return 0
    return record.value if record.winner == seat else -record.value


def play_pair(index: int, seed: int, specs: tuple[str, str],
              max_rounds: int | None = None, variant: str = "standard") -> PairResult:
    """Pair ``index``: game ``seed + index`` with A in seat 0, then in seat 1 (the two
    rotations of solver.arena)."""
    first, second = play_rotations(index, seed, specs, max_rounds, variant).games
    return PairResult(index, first, second)


def _run(args: tuple[int, int, tuple[str, str], int | None, str]) -> PairResult:
    return play_pair(*args)


@dataclass
class Summary:
    a: str
    b: str
    pairs: int
    round_pairs: int
    per_pair: tuple[float, float]
    per_round: tuple[float, float]
    a_points_per_round: float
    b_points_per_round: float
    games: int
    a_wins: int
    b_wins: int
    win_rate: tuple[float, float]
    game_points: tuple[float, float]
    """A's game value won minus lost per game (V1.4), with its standard error."""
    valued: bool
    """Some game was worth other than 1 (a lurch, classic-deal's differences, a draw)."""
    ms_per_move: tuple[float, float]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def text(self) -> str:
        pp, pr, wr = self.per_pair, self.per_round, self.win_rate
        if self.a_wins + self.b_wins:
            games = (f"  games: {self.a} won {self.a_wins}, {self.b} won {self.b_wins} of "
                     f"{self.games}: win rate {100 * wr[0]:.1f}% ± {100 * wr[1]:.1f}%")
            if self.valued:
                gp = self.game_points
                games += f"; game points per game {gp[0]:+.2f} ± {gp[1]:.2f}"
        else:
            games = "  games: none played to its end (--rounds)"
        return "\n".join([
            f"{self.a} vs {self.b}: {self.pairs} mirrored game pairs, "
            f"{self.round_pairs} mirrored round pairs, {self.seconds:.0f} s",
            f"  points per mirrored pair of rounds ({self.a} - {self.b}): "
            f"{pp[0]:+.2f} ± {pp[1]:.2f} (standard error)",
            f"  points per round: {pr[0]:+.2f} ± {pr[1]:.2f}   "
            f"({self.a} {self.a_points_per_round:.2f}, {self.b} {self.b_points_per_round:.2f})",
            games,
            f"  thinking time per move: {self.a} {self.ms_per_move[0]:.1f} ms, "
            f"{self.b} {self.ms_per_move[1]:.1f} ms",
        ])


def summarize(specs: tuple[str, str], results: list[PairResult], seconds: float) -> Summary:
    pairs = [float(x) for r in results for x in r.round_pairs()]
    rounds = [float(x) for r in results for x in r.rounds()]
    a_pts = [float(a) for r in results for a, _ in r.first.rounds] + \
        [float(a) for r in results for _, a in r.second.rounds]
    b_pts = [float(b) for r in results for _, b in r.first.rounds] + \
        [float(b) for r in results for b, _ in r.second.rounds]
    games = 2 * len(results)
    a_wins = sum(r.wins() for r in results)
    b_wins = sum((r.first.winner == 1) + (r.second.winner == 0) for r in results)
    wins = [float(r.first.winner == 0) for r in results] + \
        [float(r.second.winner == 1) for r in results]
    game_points = [float(x) for r in results for x in r.game_points()]
    valued = any(g.winner is not None and g.value != 1
                 for r in results for g in (r.first, r.second))
    moves = [r.first.moves + r.second.moves for r in results]
    a_think = sum(r.first.think[0] + r.second.think[1] for r in results)
    b_think = sum(r.first.think[1] + r.second.think[0] for r in results)
    per_side = max(1, sum(moves) // 2)
    return Summary(specs[0], specs[1], len(results), len(pairs), mean_se(pairs),
                   mean_se(rounds), sum(a_pts) / max(1, len(a_pts)),
                   sum(b_pts) / max(1, len(b_pts)), games, a_wins, b_wins, mean_se(wins),
                   mean_se(game_points), valued,
                   (1000 * a_think / per_side, 1000 * b_think / per_side), seconds)


def run(specs: tuple[str, str], pairs: int, seed: int, jobs: int = 1,
        max_rounds: int | None = None, progress: bool = True,
        variant: str = "standard") -> Summary:
    """Play ``pairs`` mirrored pairs of ``variant`` and summarize them."""
    get_rules(variant)  # fail fast on a variant that cannot be played
    for spec in specs:
        make_player(spec)  # fail fast on a bad name
    began = time.perf_counter()
    tasks = [(i, seed, specs, max_rounds, variant) for i in range(pairs)]

    def shown(results: list[PairResult]) -> str:
        mean, se = mean_se([float(x) for r in results for x in r.round_pairs()])
        return f"per round pair {mean:+.2f} ± {se:.2f}"

    results = arena.run_sets(_run, tasks, jobs, shown if progress else None, unit="pairs")
    return summarize(specs, results, time.perf_counter() - began)


# --- N seats (V6, V7): every rotation of the seating on the same deals -------------------


@dataclass
class RotationSet:
    """Game ``seed + index`` played once per rotation of the seating: in rotation ``r`` the
    bot of entry ``i`` sits in seat ``(i + r) % N``, so every bot sits everywhere on the
    same deals."""

    index: int
    games: list[GameRecord]

    def points(self, specs: tuple[str, ...]) -> dict[str, tuple[float, int]]:
        """Each bot name's round points summed over its seats, rounds and rotations, and
        how many (seat, round) items that is."""
        n = len(specs)
        out: dict[str, tuple[float, int]] = {}
        for r, game in enumerate(self.games):
            for row in game.rounds:
                for i, spec in enumerate(specs):
                    total, count = out.get(spec, (0.0, 0))
                    out[spec] = (total + row[seat_of(i, r, n)], count + 1)
        return out

    def margin(self, specs: tuple[str, ...]) -> float | None:
        """The first bot's points per round less the mean of the other bots' (per seat;
        partners score together, so with two teams the team margin)."""
        pts = self.points(specs)
        first = pts.get(specs[0])
        others = [pts[spec] for spec in dict.fromkeys(specs) if spec != specs[0]]
        if not first or not first[1] or not others or not all(c for _, c in others):
            return None
        return first[0] / first[1] - sum(t / c for t, c in others) / len(others)

    def wins(self, specs: tuple[str, ...], sides: tuple[int, ...]) -> dict[str, float]:
        """Each bot name's share of the games its side won (a game counts once per seat)."""
        n = len(specs)
        out: dict[str, float] = {}
        for r, game in enumerate(self.games):
            for i, spec in enumerate(specs):
                won = game.winner is not None and sides[seat_of(i, r, n)] == game.winner
                out[spec] = out.get(spec, 0.0) + won / (specs.count(spec) * len(self.games))
        return out


def split_seats(text: str) -> tuple[str, ...]:
    """The bots of ``--seats``: comma-separated names, a solver's own options kept with it
    (``solver:nodes=1,samples=2,greedy`` is two bots)."""
    out: list[str] = []
    for item in text.split(","):
        if out and "=" in item and ":" not in item:
            out[-1] += "," + item
        else:
            out.append(item)
    return tuple(out)


def play_rotations(index: int, seed: int, specs: tuple[str, ...],
                   max_rounds: int | None = None, variant: str = "standard") -> RotationSet:
    """Set ``index``: game ``seed + index`` once for each rotation of the seating."""
    game = seed + index
    return RotationSet(index, [
        play_game(game, arena.rotation(specs, r, game, make_player), max_rounds, variant)
        for r in range(len(specs))])


def _run_rotations(args: tuple[int, int, tuple[str, ...], int | None, str]) -> RotationSet:
    return play_rotations(*args)


@dataclass
class SeatedSummary:
    specs: tuple[str, ...]
    variant: str
    sets: int
    rounds: int
    """Rounds played in all (every rotation of every set)."""
    points: dict[str, tuple[float, float]]
    """Each bot name's round points per seat and round, mean over sets ± standard error."""
    margin: tuple[float, float]
    """The first bot's points per round less the others' mean, per set ± standard error."""
    versus: dict[str, tuple[float, float]]
    """The first bot's points per round less each other bot's, per set (paired) ± standard
    error."""
    win_rate: dict[str, tuple[float, float]]
    finished: int
    """Sets with a game played to its end (the win rates count those)."""
    ms_per_move: dict[str, float]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def text(self) -> str:
        first = self.specs[0]
        others = [s for s in dict.fromkeys(self.specs) if s != first]
        lines = [f"{self.variant}: seats {','.join(self.specs)}: {self.sets} sets of deals x "
                 f"{len(self.specs)} rotations, {self.rounds} rounds, {self.seconds:.0f} s",
                 f"  margin per round ({first} - mean of {', '.join(others)}): "
                 f"{self.margin[0]:+.2f} ± {self.margin[1]:.2f} (standard error over sets)"]
        if len(self.versus) > 1:
            lines += [f"  {first} - {spec}: {mean:+.2f} ± {se:.2f} per round (paired by set)"
                      for spec, (mean, se) in self.versus.items()]
        for spec, (mean, se) in self.points.items():
            wins = self.win_rate[spec]
            games = (f"games won {100 * wins[0]:.1f}% ± {100 * wins[1]:.1f}%; "
                     if self.finished else "")
            lines.append(f"  {spec}: {mean:.2f} ± {se:.2f} points per round and seat; "
                         f"{games}{self.ms_per_move[spec]:.1f} ms per move")
        if not self.finished:
            lines.append("  games: none played to its end (--rounds)")
        return "\n".join(lines)


def summarize_rotations(specs: tuple[str, ...], variant: str, results: list[RotationSet],
                        seconds: float) -> SeatedSummary:
    sides = side_of(get_rules(variant))
    n = len(specs)
    names = list(dict.fromkeys(specs))
    points: dict[str, tuple[float, float]] = {}
    for spec in names:
        per_set = [t / c for r in results for t, c in [r.points(specs)[spec]] if c] \
            if results else []
        points[spec] = mean_se(per_set)
    margins = [m for r in results if (m := r.margin(specs)) is not None]
    versus: dict[str, tuple[float, float]] = {}
    for spec in names[1:]:
        diffs = []
        for r in results:
            pts = r.points(specs)
            (a, na), (b, nb) = pts[names[0]], pts[spec]
            if na and nb:
                diffs.append(a / na - b / nb)
        versus[spec] = mean_se(diffs)
    finished = [r for r in results if any(g.winner is not None for g in r.games)]
    win_rate = {spec: mean_se([r.wins(specs, sides)[spec] for r in finished])
                for spec in names}
    think: dict[str, float] = dict.fromkeys(names, 0.0)
    moves: dict[str, float] = dict.fromkeys(names, 0.0)
    for r in results:
        for rot, game in enumerate(r.games):
            for i, spec in enumerate(specs):
                think[spec] += game.think[seat_of(i, rot, n)]
                moves[spec] += game.moves / n
    return SeatedSummary(specs, variant, len(results),
                         sum(len(g.rounds) for r in results for g in r.games), points,
                         mean_se(margins), versus, win_rate, len(finished),
                         {s: 1000 * think[s] / max(1.0, moves[s]) for s in names}, seconds)


def run_seats(specs: tuple[str, ...], sets: int, seed: int, jobs: int = 1,
              max_rounds: int | None = None, progress: bool = True,
              variant: str = "standard") -> SeatedSummary:
    """Play ``sets`` sets of deals of ``variant``, each in every rotation of the seating."""
    rules = get_rules(variant)
    if len(specs) != rules.players:
        raise ValueError(f"{variant} seats {rules.players} players, not {len(specs)}")
    for spec in specs:
        make_player(spec)
    began = time.perf_counter()
    tasks = [(i, seed, specs, max_rounds, variant) for i in range(sets)]

    def shown(results: list[RotationSet]) -> str:
        mean, se = mean_se([m for r in results if (m := r.margin(specs)) is not None])
        return f"margin {mean:+.2f} ± {se:.2f}"

    results = arena.run_sets(_run_rotations, tasks, jobs, shown if progress else None)
    return summarize_rotations(specs, variant, results, time.perf_counter() - began)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solver.cassino.arena", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", nargs="?",
                        help="bot A: random, greedy, heuristic, solver[:k=v,...], cheater")
    parser.add_argument("b", nargs="?", help="bot B")
    parser.add_argument("--seats", default=None,
                        help="N seats (V6, V7): one bot per seat, comma-separated, e.g. "
                             "solver,greedy,solver,greedy; every rotation of the seating "
                             "plays each deal")
    parser.add_argument("--pairs", type=int, default=50,
                        help="mirrored game pairs (default 50); with --seats, sets of deals")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="play at most this many rounds per game (default: whole games)")
    parser.add_argument("--variant", default="standard",
                        help="the Cassino variant played (default standard)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        rules = get_rules(args.variant)
    except GameError as exc:
        parser.error(str(exc))
    if args.seats is not None:
        specs = split_seats(args.seats)
        if len(specs) != rules.players:
            parser.error(f"--seats: {args.variant} seats {rules.players} players")
        seated = run_seats(specs, args.pairs, args.seed, args.jobs, args.rounds,
                           progress=not args.quiet, variant=args.variant)
        print(json.dumps(seated.to_dict(), indent=2) if args.json else seated.text())
        return 0
    if args.a is None or args.b is None:
        parser.error("two bots A and B, or --seats")
    if rules.players != 2:
        parser.error(f"{args.variant} seats {rules.players} players: use --seats")
    summary = run((args.a, args.b), args.pairs, args.seed, args.jobs, args.rounds,
                  progress=not args.quiet, variant=args.variant)
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
