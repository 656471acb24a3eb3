"""A terminal client of the public HTTP API: the ``cassino`` console script.

``cassino play`` plays against the solver, ``cassino hint --state FILE`` ranks the moves
of a saved position (``docs/play.md``).  It speaks only the API of docs/api.md, to a
server (``--url``) or to the app in this process (the default).  Each game's table is a
module of its own, ``client/games/<game>.py``, found by the game's name.
"""

from client.api import ApiError, CardGames, Cassino, HttpTransport, InProcessTransport
from client.cli import main

__all__ = ["ApiError", "CardGames", "Cassino", "HttpTransport", "InProcessTransport", "main"]
