"""The web table's dial table (api/static/play/levels.js) holds the dial values of
solver/cassino/levels.py a second time (the page does not ask the server): they must agree."""

from __future__ import annotations

import json

from solver.cassino.levels import ANCHORS, LEVELS
from tests.api.test_sdk import ROOT, node, run

SCRIPT = """
const m = await import(process.argv[1]);
const names = [...m.LEVELS.map((level) => level.name), "random", "greedy", "heuristic",
               "solver"];
console.log(JSON.stringify({names: m.LEVELS.map((level) => level.name),
                            dials: Object.fromEntries(names.map((n) => [n, m.dialOf(n)]))}));
"""


def test_the_table_dials_are_the_solver_levels() -> None:
    levels = (ROOT / "api" / "static" / "play" / "levels.js").as_uri()
    out = json.loads(run([node(), "--input-type=module", "-e", SCRIPT, levels]).stdout)
    assert out["names"] == list(LEVELS)  # weakest first, as the menu lists them
    anchors = {name: dial for dial, name in ANCHORS if ":" not in name}
    assert out["dials"] == {**LEVELS, **anchors}
