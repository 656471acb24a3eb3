"""A terminal client of the public HTTP API: the ``cassino`` console script.

``cassino play`` plays against the solver, ``cassino hint --state FILE`` ranks the moves
of a saved position (``docs/play.md``).  It speaks only the API of docs/api.md, to a
server (``--url``) or to the app in this process (the default).
"""

from client.api import ApiError, Cassino, HttpTransport, InProcessTransport
from client.cli import main

__all__ = ["ApiError", "Cassino", "HttpTransport", "InProcessTransport", "main"]
