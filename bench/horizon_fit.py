"""How wrong the batch-end estimate is, term by term (issue 14, docs/solver.md "The horizon's
evaluation").

    python bench/horizon_fit.py /tmp/hz/cheater.jsonl

Reads the batch ends written by ``bench/horizon_data.py``.  For each, the residual is the
round's final margin (seat 0 less seat 1) less :class:`solver.cassino.BatchEnd`'s value of the
position for seat 0.  An unbiased estimate leaves residuals that no feature of the position
predicts; the least-squares fit of the residual on a few features, each signed for seat 0
(the next batch's first player's features count + for seat 0 when seat 0 moves first),
says which terms are off and by how much.  Standard errors assume independent rows (five
batch ends share a round, so they are somewhat optimistic).
"""

from __future__ import annotations

import argparse
import json
import sys
from math import sqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from engine.cards import SPADE_MASK
from engine.cassino import STANDARD
from solver.cassino.evaluation import BatchEnd, majority_odds, weights


def solve(rows: list[list[float]], ys: list[float]) -> tuple[list[float], list[float], float]:
    """Ordinary least squares: coefficients, their standard errors, residual SD."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    inv = [[float(i == j) for j in range(k)] for i in range(k)]
    m = [row[:] for row in a]
    for c in range(k):  # Gauss-Jordan on the normal equations
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p], inv[c], inv[p] = m[p], m[c], inv[p], inv[c]
        d = m[c][c]
        m[c] = [x / d for x in m[c]]
        inv[c] = [x / d for x in inv[c]]
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
                inv[r] = [x - f * y for x, y in zip(inv[r], inv[c], strict=True)]
    beta = [sum(inv[i][j] * b[j] for j in range(k)) for i in range(k)]
    res = [y - sum(x * c for x, c in zip(r, beta, strict=True)) for r, y in zip(rows, ys,
                                                                             strict=True)]
    s2 = sum(e * e for e in res) / max(1, len(ys) - k)
    return beta, [sqrt(s2 * inv[i][i]) for i in range(k)], sqrt(s2)


def features(e: dict[str, int]) -> tuple[float, dict[str, float]]:
    """BatchEnd's value for seat 0 and the features of one batch end, signed for seat 0."""
    rules = STANDARD
    w = weights(rules)
    first = 1 - e["dealer"]
    end = BatchEnd(rules, e["stock"], first)
    sd = (e["sweeps0"] - e["sweeps1"]) * rules.sweep_points
    mine, theirs, loose = e["pile0"], e["pile1"], e["loose"]
    value = end.value(0, mine, theirs, loose, sd)
    s = 1.0 if first == 0 else -1.0
    terms: dict[str, float] = {}
    for mask, size, points in w.most:
        won, lost = majority_odds((mine & mask).bit_count(), (theirs & mask).bit_count(), size)
        terms["maj_cards" if size == 52 else "maj_spades"] = points * (won - lost)
    terms["cards_diff"] = float(mine.bit_count() - theirs.bit_count())
    terms["spades_diff"] = float((mine & SPADE_MASK).bit_count()
                                 - (theirs & SPADE_MASK).bit_count())
    shot = end.first_shot(loose)
    sweep = end.sweep_odds(loose) * rules.sweep_points
    terms["first_sign"] = s
    terms["first_shot"] = s * shot
    terms["sweep_loose"] = s * sweep if loose else 0.0
    terms["sweep_empty"] = -s * sweep if not loose else 0.0
    terms["loose_cards"] = s * loose.bit_count()
    terms["loose_spades"] = s * (loose & SPADE_MASK).bit_count()
    for mask, size, points in w.most:  # one card's worth to each majority, times the loose
        a, b = (mine & mask).bit_count(), (theirs & mask).bit_count()
        up = majority_odds(a + 1, b, size)
        down = majority_odds(a, b + 1, size)
        marginal = points * ((up[0] - up[1]) - (down[0] - down[1])) / 2
        name = "cards" if size == 52 else "spades"
        terms[f"marg_{name}"] = s * marginal * (loose & mask).bit_count()
    terms["last_capturer"] = {0: 1.0, 1: -1.0}.get(e["last"], 0.0)
    aces = sum(1 << c for c in range(4))  # engine.cards: card = 4 * (rank - 1) + suit
    terms["loose_aces"] = s * (loose & aces).bit_count()
    terms["loose_big"] = s * (loose >> 38 & 1)  # 10 of diamonds, big cassino
    terms["loose_little"] = s * (loose >> 4 & 1)  # 2 of spades, little cassino
    terms["loose_points"] = s * sum(w.points.get(c, 0) for c in range(52) if loose >> c & 1)
    return value, terms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data")
    parser.add_argument("--terms", default="first_sign,maj_cards,maj_spades,first_shot,"
                        "sweep_loose,sweep_empty,loose_cards,loose_spades,loose_points")
    parser.add_argument("--stock", type=int, default=None,
                        help="only batch ends with this many cards left in the stock")
    args = parser.parse_args()
    names = args.terms.split(",")
    rows: list[list[float]] = []
    ys: list[float] = []
    values: list[float] = []
    for line in Path(args.data).read_text().splitlines():
        e = json.loads(line)
        if args.stock is not None and e["stock"].bit_count() != args.stock:
            continue
        value, terms = features(e)
        rows.append([terms[n] for n in names])
        ys.append(e["margin"] - value)
        values.append(value)
    n = len(ys)
    mean = sum(ys) / n
    print(f"{n} batch ends; residual (margin - estimate) mean {mean:+.3f}, "
          f"SD {sqrt(sum((y - mean) ** 2 for y in ys) / (n - 1)):.3f}")
    beta, se, sd = solve(rows, ys)
    print(f"fit of the residual (residual SD {sd:.3f}):")
    for name, b, s in zip(names, beta, se, strict=True):
        print(f"  {name:>13}: {b:+.3f} ± {s:.3f}")


if __name__ == "__main__":
    main()
