"""The JavaScript client at /sdk/: generated types in sync with the spec, hand-written types
that agree with them, and the client itself in Node against a live server.

Needs Node.js and the npm packages pinned in ``openapi/package-lock.json`` (``make deps``
or ``.ci/install-deps`` installs both); fails, never skips, without them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.live_server import live_server

ROOT = Path(__file__).resolve().parents[2]
SDK = ROOT / "api" / "static" / "sdk"
TOOLS = ROOT / "openapi"
BIN = TOOLS / "node_modules" / ".bin"
HERE = Path(__file__).resolve().parent
GENERATE = ["openapi/openapi.json", "--default-non-nullable=false"]  # as `make sdk` does
TSC = ["--noEmit", "--strict", "--target", "es2022", "--module", "esnext",
       "--moduleResolution", "bundler", "--lib", "es2022,dom"]
INSTALL = ("install them with `make deps` (.ci/install-deps: Debian's nodejs and npm, then "
           "`npm ci --prefix openapi`)")


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail(f"Node.js is missing: {INSTALL}")
    return found


def tool(name: str) -> str:
    """A tool from ``openapi/node_modules`` at the version pinned in ``package.json``."""
    pinned = json.loads((TOOLS / "package.json").read_text())["devDependencies"][name]
    manifest = TOOLS / "node_modules" / name / "package.json"
    if not manifest.exists():
        pytest.fail(f"{name} {pinned} is not installed: {INSTALL}")
    installed = json.loads(manifest.read_text())["version"]
    if installed != pinned:
        pytest.fail(f"{name} {installed} is installed, {pinned} is pinned: {INSTALL}")
    return str(BIN / {"typescript": "tsc"}.get(name, name))


def run(command: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    node()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          check=False)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done


def test_the_generated_types_match_the_committed_spec(tmp_path: Path) -> None:
    fresh = tmp_path / "openapi.d.ts"
    run([tool("openapi-typescript"), *GENERATE, "-o", str(fresh)])
    committed = SDK / "openapi.d.ts"
    assert committed.exists(), "api/static/sdk/openapi.d.ts is missing: run `make sdk`"
    assert fresh.read_bytes() == committed.read_bytes(), (
        "openapi/openapi.json changed: run `make sdk` and commit api/static/sdk/openapi.d.ts")


def test_the_client_types_agree_with_the_generated_ones() -> None:
    # sdk_usage.ts calls every method with the spec's types, and has @ts-expect-error
    # lines that must stay errors: a loose or wrong cardgames.d.ts (or cassino.d.ts, its
    # old name) fails either way
    run([tool("typescript"), *TSC, str(HERE / "sdk_usage.ts")])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server() as url:
        yield url


def smoke(url: str) -> dict[str, Any]:
    done = run([node(), str(HERE / "sdk_smoke.mjs"), url], timeout=60)
    return dict(json.loads(done.stdout))


def test_the_client_plays_a_turn_in_node(server: str, client: FlaskClient) -> None:
    out = smoke(server)
    assert out["baseUrl"] == server + "/"
    assert "standard" in out["variants"]
    assert out["catalog"][0][0] == "cassino" and "standard" in out["catalog"][0][1]
    assert out["moves"] and out["events"] and out["next_to_move"] != out["to_move"]
    assert out["score_players"] == 2
    # gameOf: Cassino's apply and score, a list of moves (no game), Conquian's state and
    # score, a sealed rummy game's start (no game) and its view
    assert out["games"] == ["cassino", "cassino", None, "conquian", "conquian", None, "rummy"]
    assert out["is_rummy"] == [True, False]
    posts = [r for r in out["requests"] if r["method"] == "POST"]
    assert posts and all(r["content_type"] == "application/json" for r in posts)

    # the hint: a 202 followed on /v1/jobs/<id> to the finished result
    assert out["hint_status"] == 202 and out["polls"] >= 1
    assert out["hint_moves"] and out["hint_player"] == out["next_to_move"]
    assert out["progress"][-1]["done"] == out["progress"][-1]["total"] > 0
    assert out["evaluation_keys"] == ["evaluation", "player", "solver"]
    state = client.post("/v1/games", json={"seed": 3}).get_json()["state"]
    answer = client.post("/v1/hints", json={"state": state, "player": 0,
                                            "samples": 4, "async": True})
    assert answer.status_code == 202
    if "Location" in answer.headers:  # api/hints.py sends it: the client must have seen it
        assert out["location_seen"] and "/v1/jobs/" in out["location_seen"]
    print(f"\n202 Location seen by the client: {out['location_seen']!r}, "
          f"Retry-After: {out['retry_after_seen']!r}")

    # errors
    assert out["error"] == {"is_client_error": True, "is_cassino_error": True, "is_error": True,
                            "name": "CardGamesError",
                            "code": 422, "status": "Unprocessable Entity",
                            "message": "move: 'ZZ' is not a move id", "field": "move",
                            "rule": None, "token": None}
    assert out["abort"] == "AbortError"
    # the old module, /sdk/cassino.js: the same classes under their old names too, and a
    # game played through it
    assert out["old"] == {"client": True, "error": True, "shared": True,
                          "names": ["CardGamesClient", "CardGamesError", "CassinoClient",
                                    "CassinoError", "gameOf", "isGame"],
                          "moves": out["moves"]}
    assert out["missing_job"] == {"code": 404, "field": "job_id"}


def test_the_202_protocol_with_a_scripted_fetch() -> None:
    out = json.loads(run([node(), str(HERE / "sdk_protocol.mjs")], timeout=60).stdout)
    headers = out["headers"]
    assert headers["urls"] == [  # Location wins over body.job.url; the path prefix stays
        "POST http://api.test:8000/cassino/v1/hints application/json",
        "GET http://api.test:8000/cassino/v1/jobs/j1 null",
        "GET http://api.test:8000/cassino/v1/jobs/j1 null"]
    assert headers["delays"] == [1000, 2000]  # Retry-After: 1, then 30 capped at 2 s
    assert headers["result"] == {"moves": []}
    assert headers["progress"] == [{"done": 1, "total": 2}] * 2
    failed = out["failed"]
    assert failed["cassino"] and failed["code"] == 500 and failed["job"] == "failed"
    assert failed["message"] == "the search failed: out of memory"
    assert failed["urls"][1:] == ["http://api.test:8000/cassino/v1/jobs/j2"] * 2  # body.job.url
    assert failed["delays"] == [250, 250]
    assert out["urls"] == ["http://api.test:8000/cassino/v1/games",
                           "http://api.test:8000/cassino/v1/jobs/x",
                           "http://api.test:8000/cassino/v1/jobs/y",
                           "http://other.test/v1/jobs/z"]
    assert out["bad_gateway"] == {"cassino": True, "code": 502, "message": "HTTP 502"}
    assert out["relative"].startswith("TypeError: CardGamesClient: give an absolute baseUrl")


def test_the_sdk_is_served(client: FlaskClient) -> None:
    for name, holds in (("cardgames.js", b"export class CardGamesClient"),
                        ("cassino.js", b"CardGamesClient as CassinoClient")):  # the old name
        script = client.get(f"/sdk/{name}")
        assert script.status_code == 200 and script.mimetype == "text/javascript", name
        assert script.headers["X-Content-Type-Options"] == "nosniff"
        assert holds in script.data, name
    for name in ("cardgames.d.ts", "cassino.d.ts", "openapi.d.ts"):
        types = client.get(f"/sdk/{name}")
        assert types.status_code == 200 and types.mimetype == "text/plain", name
        assert types.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get("/sdk/missing.js").status_code == 404
    assert client.get("/sdk/../app.py").status_code == 404
    paths = client.get("/openapi.json").get_json()["paths"]
    assert not any(path.startswith("/sdk") for path in paths)


def test_the_sdk_ships_with_the_package() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "static/sdk/*" in project["tool"]["setuptools"]["package-data"]["api"]
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "openapi/node_modules/" in ignored
