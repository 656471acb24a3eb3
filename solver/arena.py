"""The arena every game's bots play in (docs/solver.md "Bots and arena"): any registered
game, by its name, through the engine's protocol and the game's :class:`solver.games.House`.

    python -m solver.arena cassino solver greedy --sets 100 --jobs 2
    python -m solver.arena conquian greedy random --sets 200 --seed 7
    python -m solver.arena rummy solver greedy --variant poker-gin
    python -m solver.arena cassino solver greedy solver greedy --variant partnership

Set ``i`` is game seed ``seed + i`` played once per rotation of the seating: in rotation
``r`` the bot of entry ``e`` sits in seat ``(e + r) % N`` (:func:`seat_of`), so every bot
holds every seat's cards of the same deals and the luck of the cards cancels; with two
bots a set is a mirrored pair (A in seat 0, then in seat 1), with one (a solitaire) a game.
The bot of entry ``e`` is made by the game's house from its name with seed ``seed + i +
offset * e`` (:data:`SEED_OFFSET`), afresh for each game.  A game is played to its end:
the seat that acts and its move are the house's ``step`` (:func:`first_acting` by
default).  Reported: the first bot's value per set (:mod:`solver.value`, by the game's
result kind: a margin of points, a settlement's own points, a score, a win) with its
standard error over the sets, each bot's value and share of wins per game, the thinking
time per move.  ``--jobs`` plays sets in parallel processes: the results do not change,
each set depending on its index only.

A game's own arena (``solver/<game>/arena.py``: Cassino's rounds, Conquian's tableaux,
rummy's show-downs) plays on the same parts: :func:`play`, :func:`rotation`,
:func:`run_sets`, :func:`mean_se`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from math import sqrt
from typing import Any, TypeVar

from engine.games import engine_of, get_game
from engine.result import Result
from solver.games import Bot, House, hint_game
from solver.value import value_at

__all__ = ["SEED_OFFSET", "GameRecord", "Played", "Summary", "first_acting", "main",
           "mean_se", "play", "play_set", "rotation", "run", "run_sets", "seat_of",
           "summarize"]

SEED_OFFSET = 1_000_003
"""How far apart the seeds of two entries' bots are (entry ``e``: ``game + e * offset``)."""

T = TypeVar("T")
R = TypeVar("R")

Step = Callable[[Any, Sequence[Any]], tuple[int, Any]]
"""``(state, bots)`` -> the seat that acts next and its move."""
Advance = Callable[[Any, Any], tuple[Any, list[Any]]]
"""``(state, move)`` -> the next state and its events."""


def first_acting(state: Any, bots: Sequence[Bot]) -> tuple[int, Any]:
    """The first of the seats that may act (the state's ``acting``, in seat order), its
    bot choosing from its own view."""
    seat = min(state.acting)
    return seat, bots[seat].choose(state.view(seat))


def _apply(state: Any, move: Any) -> tuple[Any, list[Any]]:
    after, events = state.apply(move)
    return after, events


@dataclass
class Played:
    """A game played: the state it ended in, the moves made, each seat's thinking time
    in seconds."""

    state: Any
    moves: int
    think: list[float]


def play(state: Any, bots: Sequence[Any], *, step: Step = first_acting,
         advance: Advance = _apply, watch: Callable[[list[Any]], bool] | None = None
         ) -> Played:
    """``state`` played to its end, seat ``s`` by ``bots[s]``: ``step`` says who acts and
    how, ``advance`` plays the move (the engine's checked ``apply`` by default: a bot's
    illegal move fails loudly); ``watch(events)`` sees each step's events and may stop
    the game early (True)."""
    think = [0.0] * len(bots)
    moves = 0
    while not state.game_over:
        began = time.perf_counter()
        seat, move = step(state, bots)
        think[seat] += time.perf_counter() - began
        state, events = advance(state, move)
        moves += 1
        if watch is not None and watch(events):
            break
    return Played(state, moves, think)


def seat_of(entry: int, rotation: int, seats: int) -> int:
    """The seat of the bot of entry ``entry`` of the seating in rotation ``rotation``."""
    return (entry + rotation) % seats


def rotation(specs: Sequence[str], rot: int, game_seed: int,
             make: Callable[[str, int], T], offset: int = SEED_OFFSET) -> tuple[T, ...]:
    """The bots seated for rotation ``rot`` of game ``game_seed``: entry ``e``'s, made
    from ``specs[e]`` with seed ``game_seed + offset * e``, in seat :func:`seat_of`."""
    n = len(specs)
    bots = [make(spec, game_seed + offset * e) for e, spec in enumerate(specs)]
    seated: list[T | None] = [None] * n
    for e, bot in enumerate(bots):
        seated[seat_of(e, rot, n)] = bot
    return tuple(b for b in seated if b is not None)


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0, 0 for nothing; no error for one item)."""
    n = len(xs)
    if not n:
        return 0.0, 0.0
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    return mean, sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)


def _bar(done: int, total: int, began: float, unit: str, what: str) -> None:
    width = 30
    filled = width * done // max(1, total)
    elapsed = time.perf_counter() - began
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit} "
                     f"{elapsed:5.0f}s eta {eta:5.0f}s  {what} ")
    sys.stderr.flush()


def run_sets(task: Callable[[T], R], tasks: Sequence[T], jobs: int = 1,
             progress: Callable[[list[R]], str] | None = None, unit: str = "sets") -> list[R]:
    """``task`` of each of ``tasks``, in order, in ``jobs`` processes (each task depends on
    its own arguments only, so the results do not depend on ``jobs``); with ``progress``
    a bar on stderr shows what ``progress(results so far)`` says."""
    began = time.perf_counter()
    results: list[R] = []
    stream: Iterator[R]
    pool = None
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.Pool(jobs)
        stream = pool.imap(task, tasks)
    else:
        stream = map(task, tasks)
    try:
        shown = 0.0
        for result in stream:
            results.append(result)
            now = time.perf_counter()
            if progress is not None and (now - shown >= 0.2 or len(results) == len(tasks)):
                shown = now
                _bar(len(results), len(tasks), began, unit, progress(results))
    finally:
        if pool is not None:
            pool.terminate()
    if progress is not None:
        sys.stderr.write("\n")
    return results


# --- any registered game, by name ---------------------------------------------------------


@dataclass
class GameRecord:
    """One game: its result (engine.result), each seat's value of it (solver.value), the
    moves made and each seat's thinking time."""

    result: Result
    values: tuple[float, ...]
    moves: int
    think: list[float] = field(default_factory=list)


def _house(game: str) -> House:
    return hint_game(game).house


def play_set(task: tuple[str, str, tuple[str, ...], int, int, int]) -> list[GameRecord]:
    """Set ``index`` of ``(game, variant, specs, seed, index, offset)``: game ``seed +
    index`` once per rotation of the seating, by the game's house."""
    game, variant, specs, seed, index, offset = task
    house = _house(game)
    engine = engine_of(game)
    step = house.step or first_acting
    n = len(specs)
    out = []
    for rot in range(n):
        bots = rotation(specs, rot, seed + index, house.make, offset)
        played = play(engine.new_game(seed + index, variant, players=n), bots, step=step)
        end = played.state
        value = value_at(end)
        out.append(GameRecord(end.result, tuple(value.of_result(end.result, s)
                                                for s in range(n)),
                              played.moves, played.think))
    return out


@dataclass
class Summary:
    """A run of the arena: per set of deals, the first bot's value summed over the set's
    games (for two bots, per mirrored pair), and each bot's per game."""

    game: str
    variant: str
    specs: tuple[str, ...]
    sets: int
    games: int
    margin: tuple[float, float]
    """The first bot's value per set, ± its standard error over the sets."""
    values: dict[str, tuple[float, float]]
    """Each bot name's value per game (its seats' mean), mean over sets ± standard error."""
    wins: dict[str, tuple[float, float]]
    """Each bot name's share of its games won, mean over sets ± standard error."""
    ms_per_move: dict[str, float]
    seconds: float
    kind: str = "points"
    """The result kind the values are of (solver.value)."""

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def text(self) -> str:
        first = self.specs[0]
        unit = "mirrored pair" if len(self.specs) == 2 else "set" if len(self.specs) > 2 \
            else "game"
        lines = [f"{self.game}/{self.variant}: {', '.join(self.specs)}: {self.sets} sets of "
                 f"deals, {self.games} games ({self.kind}), {self.seconds:.0f} s",
                 f"  {first}'s value per {unit}: {self.margin[0]:+.3f} ± "
                 f"{self.margin[1]:.3f} (standard error)"]
        for spec, (mean, se) in self.values.items():
            wins = self.wins[spec]
            lines.append(f"  {spec}: {mean:+.3f} ± {se:.3f} per game; games won "
                         f"{100 * wins[0]:.1f}% ± {100 * wins[1]:.1f}%; "
                         f"{self.ms_per_move[spec]:.1f} ms per move")
        return "\n".join(lines)


def _entries(specs: Sequence[str], spec: str) -> list[int]:
    return [e for e, s in enumerate(specs) if s == spec]


def _first(specs: Sequence[str], games: list[GameRecord]) -> float:
    """The first bot's value summed over the set's games."""
    n = len(specs)
    return sum(g.values[seat_of(0, rot, n)] for rot, g in enumerate(games))


def summarize(game: str, variant: str, specs: tuple[str, ...], results: list[list[GameRecord]],
              seconds: float) -> Summary:
    n = len(specs)
    names = list(dict.fromkeys(specs))
    values: dict[str, tuple[float, float]] = {}
    wins: dict[str, tuple[float, float]] = {}
    ms: dict[str, float] = {}
    for spec in names:
        entries = _entries(specs, spec)
        per_set, won = [], []
        think = moves = 0.0
        for games in results:
            seats = [(g, seat_of(e, rot, n)) for rot, g in enumerate(games) for e in entries]
            per_set.append(sum(g.values[s] for g, s in seats) / len(seats))
            won.append(sum(s in g.result.winners for g, s in seats) / len(seats))
            think += sum(g.think[s] for g, s in seats)
            moves += sum(g.moves / n for g, _ in seats)
        values[spec], wins[spec] = mean_se(per_set), mean_se(won)
        ms[spec] = 1000 * think / max(1.0, moves)
    return Summary(game, variant, specs, len(results), sum(len(g) for g in results),
                   mean_se([_first(specs, games) for games in results]), values, wins, ms,
                   seconds, get_game(game).result_of(variant))


def run(game: str, specs: Sequence[str], sets: int, seed: int = 1, variant: str | None = None,
        jobs: int = 1, progress: bool = True, offset: int = SEED_OFFSET) -> Summary:
    """Play ``sets`` sets of deals of ``game``'s ``variant`` (its default when ``None``),
    one bot per seat (``specs``, names its house knows), and summarize them."""
    kind = get_game(game)
    variant = variant or kind.default_variant
    seats = kind.variant(variant).seat_range
    if not seats[0] <= len(specs) <= seats[1]:
        many = str(seats[0]) if seats[0] == seats[1] else f"{seats[0]} to {seats[1]}"
        raise ValueError(f"{game}/{variant} seats {many} players, not {len(specs)}")
    house = _house(game)
    for spec in specs:
        house.make(spec, 0)  # fail fast on a bad name
    began = time.perf_counter()
    names = tuple(specs)
    tasks = [(game, variant, names, seed, i, offset) for i in range(sets)]

    def shown(results: list[list[GameRecord]]) -> str:
        mean, se = mean_se([_first(names, games) for games in results])
        return f"{names[0]} per set {mean:+.3f} ± {se:.3f}"

    results = run_sets(play_set, tasks, jobs, shown if progress else None)
    return summarize(game, variant, names, results, time.perf_counter() - began)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solver.arena", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="a registered game: cassino, conquian, rummy, ...")
    parser.add_argument("bots", nargs="+", help="one bot per seat, by the names its house "
                                                "knows (solver, greedy, random, ...)")
    parser.add_argument("--variant", default=None, help="the variant (the game's default)")
    parser.add_argument("--sets", "--pairs", type=int, default=50, dest="sets",
                        help="sets of deals (mirrored pairs for two bots; default 50)")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        summary = run(args.game, args.bots, args.sets, args.seed, args.variant, args.jobs,
                      progress=not args.quiet)
    except ValueError as exc:  # an unknown game, variant or bot, or the wrong seats
        parser.error(str(exc))
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
