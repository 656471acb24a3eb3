"""The views a hint searches (D16): none whose cards have moves too many to list.

A world's search plays the batch out with every move of both hands, so a view whose mover,
or any card hidden from it, has a family of moves listed in part (D16) would be searched on
a listing it does not hold whole, at a cost the budget cannot bound (the budget is checked
between worlds).  Such a view's hints are refused; its moves are still listed and played,
and a bot at such a table plays without the search (:class:`solver.cassino.bots.SolverBot`).  The
check is the move generation of those cards, one at a time: the table alone decides
nothing.
"""

from __future__ import annotations

from engine.cassino import PLAYING, View, moves_and_families
from engine.errors import PositionTooLargeError

__all__ = ["check_searchable", "searchable"]


def searchable(view: View) -> bool:
    """Whether the viewer's hand, and each card of it or hidden from the viewer held alone
    by a seat that may hold it, has no family of moves listed in part (D16)."""
    if view.status != PLAYING:
        return True
    rules = view.rules
    if view.to_move == view.player and view.move_families():
        return False
    others = [seat for seat in range(rules.players) if seat != view.player]
    for cards, seats in ((view.hand, [view.player]), (view.unseen, others)):
        seen: set[int] = set()
        m = cards & rules.numerals
        while m:
            low = m & -m
            m ^= low
            value = rules.values[low.bit_length() - 1]
            if value in seen:
                continue
            seen.add(value)
            for seat in seats:
                if moves_and_families(low, view.loose, view.builds, seat, rules)[1]:
                    return False
    return True


def check_searchable(view: View) -> None:
    """Refuse (:class:`PositionTooLargeError`, D16) a view :func:`searchable` refuses."""
    if not searchable(view):
        raise PositionTooLargeError(
            "this table's moves are too many to search: a card in play here would have more "
            "than a move list holds of one family (D16); its moves are listed and may be "
            "played, but there is no hint", field="table.loose", rule="D16")
