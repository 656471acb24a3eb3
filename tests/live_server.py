"""A real HTTP server for the app on a free local port, in a thread (browser and client tests)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.serving import WSGIRequestHandler, make_server

from api import create_app


class QuietHandler(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass  # no access log lines in the test output


@contextmanager
def live_server(config: dict[str, Any] | None = None) -> Iterator[str]:
    """Serve ``create_app(config)`` (threaded werkzeug) and yield its base URL."""
    server = make_server("127.0.0.1", 0, create_app(config), threaded=True,
                         request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()
