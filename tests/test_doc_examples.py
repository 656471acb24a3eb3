"""The README's and docs/api.md's examples run as written (issue 25).

Every ``sh`` block that calls the API with curl is run by bash, in the order of its page, in
one scratch folder (so that the files one example writes are there for the next), against a
real server on a free port in place of ``localhost:8000``.  A request answered 4xx or 5xx
fails the example (curl runs with ``--fail-with-body``), and so does any command that fails.
Blocks that start servers (``make run``, ``redis-server``) are the setup the examples assume,
not examples, and are skipped.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_server import live_server

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "docs/api.md")
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)
SETUP = re.compile(r"^\s*(make |redis-server|REDIS_URL=|cassino )", re.M)
PRELUDE = """set -euo pipefail
curl() { command curl --fail-with-body --max-time 60 "$@"; }
H='Content-Type: application/json'
"""


def examples(page: str) -> list[str]:
    """The page's sh blocks that call the API."""
    text = (ROOT / page).read_text(encoding="utf-8")
    return [block for block in BLOCK.findall(text)
            if "localhost:8000" in block and not SETUP.search(block)]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server({"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0, "RATE_LIMIT": "",
                      "HINT_RATE_LIMIT": ""}) as url:
        yield url


@pytest.mark.parametrize("page", PAGES)
def test_every_example_runs_as_written(server: str, page: str, tmp_path: Path) -> None:
    blocks = examples(page)
    assert blocks, f"{page} has no API example"
    for number, block in enumerate(blocks, 1):
        script = PRELUDE + block.replace("localhost:8000", server.removeprefix("http://"))
        done = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True,
                              text=True, timeout=300, check=False)
        assert done.returncode == 0, (
            f"{page}, example {number} failed ({done.returncode}):\n{block}\n"
            f"stdout: {done.stdout[-1500:]}\nstderr: {done.stderr[-1500:]}")
