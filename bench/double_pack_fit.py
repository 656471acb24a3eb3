"""Fit the value of a Double-Pack Rum hand cut short (solver/rummy/double_pack_playout.py
``FIT``): least squares of a seat's points at the end of greedy self-play hands on the
differences of pips and of cards in hand and on who moves next (DP9).

Run with ``python bench/double_pack_fit.py [--hands 400] [--seed 10000]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rummy import DISCARD, advance, hand_pips, new_game
from solver.rummy.double_pack_policy import greedy_choice


def observations(hands: int, seed: int, players: int) -> tuple[list[list[float]], list[float]]:
    """One row per seat at every turn's start of ``hands`` greedy hands: the features and
    the seat's points at the end of the hand."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for game in range(seed, seed + hands):
        state = new_game(game, "double-pack-rum", players)
        rows: list[tuple[int, list[float]]] = []
        while not state.game_over:
            if state.phase != DISCARD:
                pips = [hand_pips(h) for h in state.hands]
                cards = [h.bit_count() for h in state.hands]
                for seat in range(players):
                    others = [s for s in range(players) if s != seat]
                    rows.append((seat, [
                        sum(pips[s] for s in others) / len(others) - pips[seat],
                        sum(cards[s] for s in others) / len(others) - cards[seat],
                        1.0 if seat == state.to_move else -1.0 / len(others)]))
            move = greedy_choice(state.phase, state.hands[state.to_move], state.table,
                                 state.pile, state.taken)
            state, _ = advance(state, move)
        result = state.returns()
        for seat, row in rows:
            xs.append(row)
            ys.append(float(result[seat]))
    return xs, ys


def least_squares(xs: list[list[float]], ys: list[float]) -> list[float]:
    """The coefficients minimising the squared error (normal equations, no intercept)."""
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    for col in range(k):  # Gauss-Jordan
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(k):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    began = time.process_time()
    xs, ys = observations(args.hands, args.seed, args.players)
    coef = least_squares(xs, ys)
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    resid = sum((y - sum(c * v for c, v in zip(coef, x, strict=True))) ** 2
                for x, y in zip(xs, ys, strict=True))
    print(f"{len(ys)} observations of {args.hands} hands, {args.players} seats "
          f"({time.process_time() - began:.1f} s CPU)")
    print("FIT = (" + ", ".join(f"{c:.3g}" for c in coef) + ")  # pips, cards, next; "
          f"R^2 {1 - resid / total:.3f}")


if __name__ == "__main__":
    main()
