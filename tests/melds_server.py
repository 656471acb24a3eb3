"""A real HTTP server of the app for the clients' tests of Conquian and the rummy games
(tests/browser/test_melds.py, tests/client/test_cli_melds.py), with a way to open the
sealed games it hands out: the tests check what the clients received against the state."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.serving import make_server

from api import create_app
from tests.live_server import QuietHandler


class Server:
    """``create_app(config)`` on a free local port (``url``, in a thread while
    :meth:`running`); :meth:`state` opens a sealed game's token."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.app = create_app(config)
        self.url = ""

    def state(self, token: str) -> Any:
        return self.app.extensions["cardgames_sealer"].open(token).state

    @contextmanager
    def running(self) -> Iterator[Server]:
        server = make_server("127.0.0.1", 0, self.app, threaded=True,
                             request_handler=QuietHandler)
        thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
        thread.start()
        self.url = f"http://127.0.0.1:{server.server_port}"
        try:
            yield self
        finally:
            server.shutdown()
            thread.join(timeout=5)
            server.server_close()
