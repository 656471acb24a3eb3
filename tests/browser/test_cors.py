"""A third-party page on another origin uses the API through /sdk/cassino.js (the client's
old name, which imports /sdk/cardgames.js): real CORS in Debian's Chromium (Playwright;
never a downloaded browser, fails without /usr/bin/chromium).

The API runs on one port (``tests/live_server.py``), the page (``cors_page.html``) on
another (``http.server`` in a thread): the page imports the client cross-origin, starts a
game, lists the legal moves (a JSON POST, so preflighted) and follows an async hint's 202
(reading ``Location``/``Retry-After`` when the API sends them).  An API whose
``CORS_ORIGINS`` leaves the page's origin out is refused: the page's fetch fails.
"""

from __future__ import annotations

import functools
import json
import re
import threading
import urllib.request
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import live_server

PAGE = Path(__file__).resolve().parent / "cors_page.html"
WAIT = 20_000  # ms


class QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A static file server on its own port: (its URL, the directory it serves)."""
    directory = tmp_path_factory.mktemp("third-party")
    handler = functools.partial(QuietFiles, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="pages", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", directory
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()


def open_page(browser: Any, pages: tuple[str, Path], name: str, *, sdk: str,
              api: str) -> tuple[dict[str, Any], list[str]]:
    """Serve cors_page.html as ``name`` with the SDK and API URLs filled in, load it in
    Chromium, and return what it wrote and the URLs it requested."""
    origin, directory = pages
    html = PAGE.read_text(encoding="utf-8").replace("__SDK__", sdk).replace("__API__", api)
    (directory / name).write_text(html, encoding="utf-8")
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    try:
        page.goto(f"{origin}/{name}")
        page.wait_for_selector("#done", state="attached", timeout=WAIT)
        out = json.loads(page.inner_text("#out"))
    finally:
        page.close()
    assert errors == []
    assert out["origin"] == origin
    return out, requests


def accepted_headers(api: str) -> dict[str, str | None]:
    """The Location and Retry-After of an async hint's 202, asked directly."""
    def post(path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(f"{api}{path}", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        return urllib.request.urlopen(request, timeout=30)
    with post("/v1/games", {"seed": 99}) as answer:
        state = json.load(answer)["state"]
    with post("/v1/hints", {"state": state, "player": 0, "samples": 4, "async": True}) as answer:
        assert answer.status == 202
        return {"location": answer.headers.get("Location"),
                "retry_after": answer.headers.get("Retry-After")}


def test_a_page_on_another_origin_plays_through_the_sdk(browser: Any,
                                                        pages: tuple[str, Path]) -> None:
    with live_server() as api:
        assert api != pages[0]
        out, requests = open_page(browser, pages, "allowed.html", sdk=api, api=api)
        direct = accepted_headers(api)
    assert "error" not in out, out.get("error")
    assert len(out["moves"]) >= 1 and out["to_move"] in (0, 1)
    assert set(out["hints"]) == set(out["moves"])  # the finished job's ranked moves
    assert out["progress"] and out["progress"][-1]["done"] == out["progress"][-1]["total"]
    assert f"{api}/sdk/cassino.js" in requests
    called = {re.sub(r"/jobs/[^/]+$", "/jobs/<id>", url[len(api):])
              for url in requests if url.startswith(api)}
    # the page imports the client's old name, which imports cardgames.js: both cross-origin
    assert called == {"/sdk/cassino.js", "/sdk/cardgames.js", "/v1/games", "/v1/legal-moves",
                      "/v1/hints", "/v1/jobs/<id>"}
    # the 202: the page reads the headers the API sends (CORS exposes them), or none
    assert len(out["accepted"]) == 1
    seen = out["accepted"][0]
    if direct["location"] is None:
        assert seen["location"] is None
    else:
        assert seen["location"] is not None, f"Location is sent but not exposed: {seen}"
        assert re.search(r"/v1/jobs/[^/]+$", seen["location"]), seen
    assert (seen["retry_after"] is None) == (direct["retry_after"] is None), (seen, direct)
    print(f"\n202 headers read cross-origin: {seen}")


def test_an_origin_left_out_is_refused(browser: Any, pages: tuple[str, Path]) -> None:
    with live_server() as sdk, live_server({"CORS_ORIGINS": "http://127.0.0.1:1"}) as api:
        out, requests = open_page(browser, pages, "refused.html", sdk=sdk, api=api)
    assert f"{api}/v1/games" in requests  # tried, and the browser refused the answer
    assert out["error"]["name"] == "TypeError", out["error"]
    assert out["error"]["cassino"] is False
    assert "moves" not in out
