"""The web table's files, without a browser: served at /play/, local only, out of the spec."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

from api import create_app

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "api" / "static" / "play"


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def test_play_is_served_from_local_files() -> None:
    client = create_app().test_client()
    moved = client.get("/play")
    assert moved.status_code == 308 and moved.headers["Location"].endswith("/play/")
    page = client.get("/play/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    for asset, mimetype in (("play.js", "text/javascript"), ("play.css", "text/css")):
        assert f'"{asset}"' in html
        answer = client.get(f"/play/{asset}")
        assert answer.status_code == 200 and answer.mimetype == mimetype
    assert client.get("/play/missing.js").status_code == 404
    assert client.get("/play/../app.py").status_code == 404
    for path in STATIC.iterdir():  # no CDN, no remote font, nothing fetched from elsewhere
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//cdn|unpkg|jsdelivr|googleapis", text), path.name


def test_the_page_stays_out_of_the_openapi_spec() -> None:
    spec = create_app().test_client().get("/openapi.json").json
    assert not any(path.startswith("/play") for path in spec["paths"])


def test_every_control_has_a_test_id_and_a_name() -> None:
    parser = Elements()
    parser.feed((STATIC / "index.html").read_text(encoding="utf-8"))
    controls = [(tag, attrs) for tag, attrs in parser.found
                if tag in ("button", "summary", "input", "select", "dialog")]
    assert len(controls) >= 6
    for tag, attrs in controls:
        assert attrs.get("data-testid"), f"<{tag} {attrs}> has no data-testid"
    ids = [attrs["data-testid"] for _, attrs in parser.found if attrs.get("data-testid")]
    assert len(ids) == len(set(ids))  # the buttons the script makes: tests/browser/test_play.py


def test_the_script_talks_only_to_v1_endpoints() -> None:
    script = (STATIC / "play.js").read_text(encoding="utf-8")
    # every call goes through the SDK's client (/sdk/cardgames.js, tests/api/test_sdk.py),
    # which follows a 202 hint answer on /v1/jobs/<id>: play.js makes the one client,
    # and each game's module (game-<name>.js) and its helpers get it from there
    assert 'import { CardGamesClient } from "../sdk/cardgames.js";' in script
    assert 'new CardGamesClient({ baseUrl: new URL("../", location.href).href })' in script
    scripts = {path.name: path.read_text(encoding="utf-8") for path in STATIC.glob("*.js")}
    assert {"game-cassino.js", "game-conquian.js", "game-rummy.js"} <= set(scripts)
    calls = {call for text in scripts.values()
             for call in re.findall(r"\bapi\.([a-zA-Z]+)\(", text)}
    assert calls == {"catalog", "newGame", "view", "score", "legalMoves", "apply", "hints",
                     "variants", "record", "replay", "review", "why"}
    for name, text in scripts.items():
        assert "fetch(" not in text and "XMLHttpRequest" not in text, name
        assert "new CardGamesClient" not in text or name == "play.js", name
        assert "sdk/cassino.js" not in text, name  # the old name is for other pages
    assert '<script type="module" src="play.js">' in (STATIC / "index.html").read_text()


def test_no_shared_script_branches_on_a_games_name() -> None:
    # what differs between games is in each game's module (game-<name>.js), found by the
    # name; the shared scripts compare no game's name (issue 26)
    catalog = create_app().test_client().get("/v1/catalog").json["games"]
    names = {g["name"] for g in catalog}
    quoted = "|".join(re.escape(name) for name in sorted(names))
    compared = re.compile(rf"""[=!]==?\s*["'`]({quoted})["'`]|["'`]({quoted})["'`]\s*[=!]==?""")
    for path in sorted(STATIC.glob("*.js")):
        if not path.name.startswith("game-"):
            text = path.read_text(encoding="utf-8")
            assert not compared.search(text), (path.name, compared.search(text))


def test_the_files_ship_with_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "static/play/*" in project["tool"]["setuptools"]["package-data"]["api"]
