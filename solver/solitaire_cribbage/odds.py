"""The chance of reaching 91 in one pass (SC11), by the deal and the holes so far: the table
the solver's policy reads (docs/solver.md "Solitaire Cribbage").

``W[d][h]`` is the chance that a player with ``h`` holes before deal ``d`` (7: before the
last hand) reaches 91 by the end of the pack, laying away as this same table says from
then on.  It is computed backwards on seeded samples: ``W[7]`` from last hands sampled,
``W[d]`` as the mean over sampled deals of the best discard's chance, each discard's
points distributed exactly over the crib's and the starter's unseen cards
(:func:`solver.solitaire_cribbage.scoring.discards`) and ``W[d + 1]`` after them, each
row made never to fall as the holes rise (:func:`monotone`).  The table ignores which
cards earlier deals took from the pack (each sample is a deal of its own shuffle).
``python -m solver.solitaire_cribbage.odds`` (``make odds-solitaire-cribbage``) writes it
to ``odds.json`` beside this module, with the marginal distribution of a deal's points
under the greedy discard, which the competitions' model reads."""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine.solitaire_cribbage import DEALS, GAME_HOLE, count, deal_positions
from solver.solitaire_cribbage.scoring import discards

__all__ = ["FILE", "Odds", "build", "monotone", "odds"]

FILE = Path(__file__).with_name("odds.json")
LAST = DEALS + 1


class Odds:
    """The table read: ``reach(deal, holes)`` and the deals' point distributions."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.samples = int(data["samples"])
        self.w = {int(d): [float(x) for x in row] for d, row in data["reach"].items()}
        self.deal_points = {int(d): {int(k): float(p) for k, p in h.items()}
                            for d, h in data["deal_points"].items()}

    def reach(self, deal: int, holes: int) -> float:
        """The chance of reaching 91 from ``holes`` before deal ``deal`` (8: the pack out)."""
        if holes >= GAME_HOLE:
            return 1.0
        if deal > LAST:
            return 0.0
        return self.w[deal][holes]


@functools.cache
def odds() -> Odds:
    """The committed table."""
    return Odds(json.loads(FILE.read_text()))


def _deal(rng: random.Random, deal: int) -> tuple[list[int], list[int]]:
    """A sampled deal ``deal`` of a shuffled pack: its six, and the cards its player has
    not seen (the crib's two, the starter and the pack's rest)."""
    pack = list(range(52))
    rng.shuffle(pack)
    hand, crib, starter = deal_positions(deal)
    return [pack[i] for i in hand], [pack[i] for i in crib] + pack[starter:]


def monotone(row: list[float]) -> list[float]:
    """The nearest row that never falls as the holes rise (pool-adjacent-violators): more
    holes never lower the chance, and the samples' noise is pooled where it says so."""
    blocks: list[list[float]] = []  # [sum, count]
    for x in row:
        blocks.append([x, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, n = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += n
    out: list[float] = []
    for total, n in blocks:
        out += [total / n] * int(n)
    return out


def build(samples: int, seed: int = 1, progress: bool = False) -> dict[str, Any]:
    """The table from ``samples`` sampled deals a level (and 50 times as many last hands)."""
    rng = random.Random(f"solitaire-cribbage-odds/{seed}")
    last: dict[int, float] = {}
    hands = samples * 50
    for _ in range(hands):
        four = tuple(rng.sample(range(52), 4))
        points = count(four, None).total
        last[points] = last.get(points, 0.0) + 1.0 / hands
    reach: dict[int, list[float]] = {LAST: [sum(p for k, p in last.items() if h + k >= GAME_HOLE)
                                            for h in range(GAME_HOLE)]}
    deal_points: dict[int, dict[int, float]] = {LAST: last}
    for deal in range(DEALS, 0, -1):
        after = reach[deal + 1]

        def w(h: int, after: list[float] = after) -> float:
            return 1.0 if h >= GAME_HOLE else after[h]

        row = [0.0] * GAME_HOLE
        greedy: dict[int, float] = {}
        for i in range(samples):
            options = [d.histogram for d in discards(*_deal(rng, deal))]
            best = max(options, key=lambda hist: sum(k * p for k, p in hist.items()))
            for k, p in best.items():
                greedy[k] = greedy.get(k, 0.0) + p / samples
            items = [list(hist.items()) for hist in options]
            for h in range(GAME_HOLE):
                row[h] += max(sum(p * w(h + k) for k, p in hist) for hist in items) / samples
            if progress and i % 50 == 0:
                print(f"deal {deal}: {i}/{samples}", file=sys.stderr)
        reach[deal] = monotone(row)
        deal_points[deal] = greedy
    return {"samples": samples, "seed": seed,
            "reach": {str(d): [round(x, 6) for x in row] for d, row in sorted(reach.items())},
            "deal_points": {str(d): {str(k): round(p, 6) for k, p in sorted(h.items())}
                            for d, h in sorted(deal_points.items())}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=400, help="sampled deals a level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=FILE)
    args = parser.parse_args(argv)
    table = build(args.samples, args.seed, progress=True)
    args.out.write_text(json.dumps(table, separators=(",", ":")) + "\n")
    print(f"P(91) from 0 holes: {table['reach']['1'][0]:.4f} ({args.out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
