"""How long a refusal takes, by where the hidden card lies (``make bench-oracle``).

The conformance test (tests/api/test_hidden_places.py) checks that a sealed game's refusal
of a card the seat does not hold is the same answer, and the same work, wherever the card
lies.  This bench measures the time itself.  For each move it tries, it times the refusal
in each world (the same view of the seat, the card in another hidden place) and, as the
control, the first world a second time, interleaved, ``--repeat`` times each.  If the
place showed in the time, the worlds would differ more than the control differs from
itself; the bench prints both spreads (the median and the 90th percentile over the moves
of ``|median(world) - median(first world)| / median(first world)``), per game and variant.
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from api import create_app  # noqa: E402
from tests.api.test_hidden_places import (  # noqa: E402
    places,
    positions,
    rulesets,
    seen_cards,
    substitutions,
    worlds_for,
)

UNLIMITED = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0, "RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}


def timed(client: Any, body: dict[str, Any]) -> float:
    began = time.perf_counter()
    answer = client.post("/v1/apply", json=body)
    took = time.perf_counter() - began
    assert answer.status_code == 422, answer.json
    return took


def spread(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=25, help="timings per world and move")
    parser.add_argument("--moves", type=int, default=12, help="moves tried per ruleset")
    parser.add_argument("--only", default="", help="a game or variant name to keep")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    app = create_app(UNLIMITED)
    client = app.test_client()
    sealer = app.extensions["cardgames_sealer"]
    print(f"{'game/variant':<26} {'seats':>5} {'moves':>5}  {'worlds: median':>15} "
          f"{'p90':>6}  {'control: median':>16} {'p90':>6}  {'refusal ms':>10}")
    for game, variant, seats in rulesets():
        if args.only and args.only not in (game, variant):
            continue
        rng = random.Random(f"timing/{game}/{variant}/{seats}")
        states, shapes = positions(client, game, variant, seats)
        trials: list[tuple[list[dict[str, Any]], dict[str, Any]]] = []
        for state in states:
            for seat in range(state.seats):
                hidden: dict[str, list[str]] = {}
                for card, place in places(state).items():
                    if card not in seen_cards(state.view(seat)):
                        hidden.setdefault(place, []).append(card)
                for place in sorted(hidden):
                    card = rng.choice(hidden[place])
                    worlds = worlds_for(state, seat, card, hidden, rng)
                    if len(worlds) < 2:
                        continue
                    move = next(substitutions(rng.choice(shapes), card), card)
                    bodies = []
                    for world in worlds:
                        sealed = sealer.start(world, {})
                        bodies.append({"game": sealer.seal(sealed), "move": move,
                                       "credential": sealed.credential(seat)})
                    trials.append((bodies, bodies[0]))
        rng.shuffle(trials)
        worlds_gap: list[float] = []
        control_gap: list[float] = []
        typical: list[float] = []
        for bodies, control in trials[:args.moves]:
            times: list[list[float]] = [[] for _ in range(len(bodies) + 1)]
            for body in [*bodies, control]:
                timed(client, body)  # warm every cache once
            for _ in range(args.repeat):
                for index, body in enumerate([*bodies, control]):
                    times[index].append(timed(client, body))
            medians = [statistics.median(t) for t in times]
            first = medians[0]
            worlds_gap += [abs(m - first) / first for m in medians[1:-1]]
            control_gap.append(abs(medians[-1] - first) / first)
            typical.append(first)
        if not typical:
            continue
        w_median, w_p90 = spread(worlds_gap)
        c_median, c_p90 = spread(control_gap)
        print(f"{game + '/' + variant:<26} {seats:>5} {len(typical):>5}  {w_median:>14.1%} "
              f"{w_p90:>6.1%}  {c_median:>16.1%} {c_p90:>6.1%}  "
              f"{1000 * statistics.median(typical):>10.2f}")


if __name__ == "__main__":
    main()
