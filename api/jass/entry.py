"""Jass in the API (docs/api.md "Other games"): seats act one at a time; a trick's winner
leads the next, so the turn order ends where the trick's last card falls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from api.served import ServedGame

__all__ = ["SERVED"]


class JassServed(ServedGame):
    features = ServedGame.features | {"levels", "dial", "bot_move", "records", "replay"}

    def turn_order(self, state: Any) -> Iterator[int]:
        """The seat to act, then the seats after it round the trick while the trick lasts
        (a seat's melds after its first card are its own turn, J14); the exchange's and the
        pass-out's calls seat by seat (J6, J8).  Where a trick ends its winner leads, which
        the cards decide: the order stops there."""
        if self.over(state):
            return
        yield state.turn
        if state.phase in ("exchange", "pass") or state.phase == "declare":
            return
        left = len(state.in_play) - len(state.trick) - 1
        seat = state.turn
        for _ in range(max(0, left)):
            if state.played == 0 and state.variant != "two-hand-jass":
                return  # a melding seat may act again before the next
            seat = state.after(seat)
            yield seat


SERVED = JassServed("jass")
