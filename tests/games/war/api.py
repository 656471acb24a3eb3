"""War in the API, the example game's (docs/adding-a-game.md): the defaults of
:class:`api.served.ServedGame` serve it (seats acting one at a time as the state's
``acting`` says, every move its seat's own, the default features), but for its turn order,
which is not the default's seat to seat + 1 in war-alternate (W9); it declares no wire
forms of its own (its states are documented on its rules page, ``rules.md``, not in the
spec)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from api.served import ServedGame

__all__ = ["SERVED"]


class WarServed(ServedGame):
    def turn_order(self, state: Any) -> Iterator[int]:
        """The seat of each card still to be played (W4, W9): public from the start."""
        return iter(state.turns())


SERVED = WarServed("war")
