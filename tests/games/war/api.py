"""War in the API, the example game's (docs/adding-a-game.md): the defaults of
:class:`api.served.ServedGame` serve it whole (seats acting one at a time as the state's
``acting`` says, every move its seat's own, the default features); it declares no wire
forms of its own (its states are documented here, in docs/adding-a-game.md, not in the
spec)."""

from __future__ import annotations

from api.served import ServedGame

__all__ = ["SERVED"]

SERVED = ServedGame("war")
