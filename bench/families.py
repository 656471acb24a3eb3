"""The worst case of one position's move generation (D16): moves, memory and time.

    PYTHONPATH=. python bench/families.py --tables 200

For every variant, hands of four numerals at crowded tables (every other numeral loose, and
random tables of 24 to 48 cards), each measured cold (every subset-sum cache emptied) with
``tracemalloc``: the most moves a position lists, the most of one card, the peak memory
and the time of ``moves_and_families``.  Then the same over every position of random
trail-heavy games.  Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections import Counter

from engine import new_game
from engine.cassino import VARIANTS, Build, Rules, moves_and_families, sums


def cold(rules: Rules) -> None:
    """Empty every cache of subset sums, so that a position pays for all of its own."""
    sums._groups.cache_clear()
    sums._unions.cache_clear()
    sums._splits.cache_clear()
    rules.memo.clear()


def measure(hand: int, loose: int, player: int, rules: Rules,
            builds: tuple[Build, ...] = ()) -> tuple[int, int, float, float]:
    """(moves, the most of one card, peak bytes, seconds) of one cold generation."""
    cold(rules)
    tracemalloc.start()
    began = time.perf_counter()
    moves, _ = moves_and_families(hand, loose, builds, player, rules)
    took = time.perf_counter() - began
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    per_card = max(Counter(m.card for m in moves).values())
    return len(moves), per_card, peak, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="random tables per variant")
    parser.add_argument("--games", type=int, default=4, help="trail-heavy games per variant")
    args = parser.parse_args(argv)
    rng = random.Random(16)
    print(f"{'variant':18} {'moves':>7} {'of a card':>9} {'peak MB':>8} {'ms':>8}  (cold)")
    worst = (0, 0, 0.0, 0.0)
    for name, rules in VARIANTS.items():
        numerals = [c for c in range(52) if rules.numerals >> c & 1]
        best = (0, 0, 0.0, 0.0)
        for trial in range(args.tables):
            cards = rng.sample(numerals, 8)
            hand = sum(1 << c for c in cards[:4])
            rest = [c for c in range(52) if c not in cards]
            size = len(rest) if trial % 4 == 0 else rng.randint(24, min(48, len(rest)))
            loose = sum(1 << c for c in rng.sample(rest, size))
            got = measure(hand, loose, 0, rules)
            best = tuple(max(a, b) for a, b in zip(best, got, strict=True))  # type: ignore[assignment]
        worst = tuple(max(a, b) for a, b in zip(worst, best, strict=True))  # type: ignore[assignment]
        print(f"{name:18} {best[0]:7} {best[1]:9} {best[2] / 1e6:8.1f} {best[3] * 1000:8.1f}")
    print(f"{'worst':18} {worst[0]:7} {worst[1]:9} {worst[2] / 1e6:8.1f} {worst[3] * 1000:8.1f}")
    play = (0, 0, 0.0, 0.0)
    positions = 0
    for name in VARIANTS:
        for game in range(args.games):
            state = new_game(game, name)
            odds = rng.uniform(0.6, 1.0)
            while state.status == "playing":
                p = state.to_move
                got = measure(state.hands[p], state.loose, p, state.rules, state.builds)
                play = tuple(max(a, b) for a, b in zip(play, got, strict=True))  # type: ignore[assignment]
                positions += 1
                moves = [m for m in state.legal_moves() if m.type != "claim"]
                trails = [m for m in moves if m.type == "trail"]
                pick = rng.choice(trails if trails and rng.random() < odds else moves)
                state = state.apply(pick).state
    print(f"trail-heavy play, {positions} positions: at most {play[0]} moves, {play[1]} of a "
          f"card, {play[2] / 1e6:.1f} MB, {play[3] * 1000:.1f} ms (cold)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
