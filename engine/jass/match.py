"""Jass's match (docs/rules/jass.md J18, JD17-JD22): the deals a game spans, by its
variant's settings (engine.jass.rules.SETTINGS), kept apart from the deal's play
(engine.jass.state, which calls it at a deal's end and for a call-out).

* ``points`` (JD19-JD21): every deal's points are added to running totals; the seat to
  act may call out (:data:`engine.jass.moves.CALL`), judged at once on his total so far
  (:func:`running`); without a call, a total alone at the target at a deal's end wins,
  and two or more there raise the target.
* ``marks`` (JD22): each player starts with marks; after each deal the two highest scores
  rub off one each and a score under 21 sets its player back one; after the last deal the
  fewest marks left win.

A :class:`Match` keeps the facts only (each earlier deal's points, the caller); the
totals, the target and the marks follow from them here, and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import StateError
from engine.jass.rules import NAME, SETTINGS, Settings

__all__ = [
    "Match",
    "check",
    "dealer_of",
    "ended",
    "from_json",
    "marks_of",
    "match_points",
    "right_call",
    "running",
    "settings_of",
    "target_of",
    "to_json",
    "totals_of",
    "winners",
]

Row = tuple[int | None, ...]
"""One deal's points per seat (J17); ``None`` for a seat that passed out of it (JD4)."""


@dataclass(frozen=True)
class Match:
    """Where a match stands: the deal being played (from 1), the first deal's dealer, the
    points of every deal played to its end, and the seat that called out (JD19)."""

    deal: int
    first_dealer: int
    scores: tuple[Row, ...] = ()
    caller: int | None = None


def settings_of(variant: str) -> Settings:
    return SETTINGS[variant]


def dealer_of(match: Match, seats: int) -> int:
    """JD18: the deal passes to the left each deal."""
    return (match.first_dealer + match.deal - 1) % seats


def totals_of(scores: tuple[Row, ...], seats: int) -> tuple[int, ...]:
    """JD19: each seat's points over the deals played (a deal passed out: none, JD4)."""
    return tuple(sum(row[s] or 0 for row in scores) for s in range(seats))


def target_of(settings: Settings, scores: tuple[Row, ...], seats: int) -> int:
    """JD21: the target after the deals played: raised by ``raise_by`` each time two
    totals or more stand at it at a deal's end."""
    target = settings.target
    for n in range(1, len(scores) + 1):
        totals = totals_of(scores[:n], seats)
        while sum(t >= target for t in totals) >= 2:
            target += settings.raise_by
    return target


def marks_of(settings: Settings, scores: tuple[Row, ...], seats: int) -> tuple[int, ...]:
    """JD22: the marks each seat has left after the deals played: a seat that played the
    deal rubs one off when fewer than ``rub`` seats scored more (ties at the top all rub
    off), and is set back one when it scored less than ``setback``; one who passed out
    neither."""
    marks = [settings.marks] * seats
    for row in scores:
        played = [p for p in row if p is not None]
        for s, points in enumerate(row):
            if points is None:
                continue
            if sum(p > points for p in played) < settings.rub:
                marks[s] -= 1
            if points < settings.setback:
                marks[s] += 1
    return tuple(marks)


def running(settings: Settings, match: Match, deal: tuple[int, ...],
            finished: bool) -> tuple[int, ...]:
    """JD20: each seat's total as it stands: the deals played, and the current deal's
    points so far (``deal``, by J15-J17) unless its row is already counted (``finished``)."""
    seats = len(deal)
    totals = totals_of(match.scores, seats)
    if finished:
        return totals
    return tuple(t + d for t, d in zip(totals, deal, strict=True))


def match_points(settings: Settings, match: Match, deal: tuple[int, ...],
                 finished: bool) -> tuple[int, ...]:
    """The result's points of a match (docs/api.md "Results"): the running totals
    (``points``), or the marks rubbed off, net (``marks``: the marks to start less those
    left, so that the most is best)."""
    if settings.match == "marks":
        return tuple(settings.marks - m for m in marks_of(settings, match.scores, len(deal)))
    return running(settings, match, deal, finished)


def right_call(settings: Settings, match: Match, deal: tuple[int, ...]) -> bool:
    """JD20: a call is right when the caller's running total reaches the target."""
    assert match.caller is not None
    return running(settings, match, deal, False)[match.caller] >= target_of(
        settings, match.scores, len(deal))


def winners(settings: Settings, match: Match, deal: tuple[int, ...]) -> tuple[int, ...]:
    """The winners of a finished match: a right caller alone, or after a wrong call the
    other seats with the highest running total (JD20); the total alone at the target
    (JD21); the fewest marks left (JD22); ties all win."""
    seats = len(deal)
    if match.caller is not None:
        if right_call(settings, match, deal):
            return (match.caller,)
        totals = running(settings, match, deal, False)
        best = max(t for s, t in enumerate(totals) if s != match.caller)
        return tuple(s for s, t in enumerate(totals) if s != match.caller and t == best)
    if settings.match == "marks":
        marks = marks_of(settings, match.scores, seats)
        return tuple(s for s, m in enumerate(marks) if m == min(marks))
    target = target_of(settings, match.scores, seats)
    return tuple(s for s, t in enumerate(totals_of(match.scores, seats)) if t >= target)


def ended(settings: Settings, match: Match, row: Row) -> tuple[Match, bool]:
    """A deal played to its end (J17): its row added; whether the match is over (JD21: a
    total alone at the target; JD22: the last deal).  A match going on is at its next
    deal."""
    scores = (*match.scores, row)
    if settings.match == "marks":
        over = len(scores) >= settings.deals
    else:
        seats = len(row)
        target = target_of(settings, scores, seats)
        over = sum(t >= target for t in totals_of(scores, seats)) == 1
    if over:
        return Match(match.deal, match.first_dealer, scores), True
    return Match(match.deal + 1, match.first_dealer, scores), False


# --- the wire form ------------------------------------------------------------------------


def to_json(settings: Settings, match: Match, seats: int) -> dict[str, Any]:
    """The match's JSON: its facts, and what follows from them (checked when read)."""
    out: dict[str, Any] = {"deal": match.deal, "first_dealer": match.first_dealer,
                           "scores": [list(row) for row in match.scores]}
    if settings.match == "marks":
        out["deals"] = settings.deals
        out["marks"] = list(marks_of(settings, match.scores, seats))
    else:
        out["totals"] = list(totals_of(match.scores, seats))
        out["target"] = target_of(settings, match.scores, seats)
        out["caller"] = match.caller
    return out


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"{field}: an integer from {low} to {high}", field=field)
    return value


def from_json(settings: Settings, data: Any, seats: int) -> Match:
    """A match read and checked (each error names its field and rule)."""
    if not isinstance(data, dict):
        raise StateError("match: an object (J18, JD18)", field="match", rule="JD18")
    own = {"deal", "first_dealer", "scores"} | (
        {"deals", "marks"} if settings.match == "marks" else {"totals", "target", "caller"})
    for key in data:
        if key not in own:
            raise StateError(f"match.{key}: not a field of this match", field=f"match.{key}")
    for key in sorted(own):
        if key not in data:
            raise StateError(f"match.{key}: required", field=f"match.{key}")
    deal = _int(data["deal"], "match.deal", 1, settings.deals if settings.match == "marks"
                else 10_000)
    first = _int(data["first_dealer"], "match.first_dealer", 0, seats - 1)
    raw = data["scores"]
    if not isinstance(raw, list):
        raise StateError("match.scores: a list of each deal's points", field="match.scores")
    rows: list[Row] = []
    for i, row in enumerate(raw):
        field = f"match.scores[{i}]"
        if not isinstance(row, list) or len(row) != seats:
            raise StateError(f"{field}: one score per seat (J17)", field=field, rule="J17")
        rows.append(tuple(None if p is None else _int(p, field, 0, 10_000) for p in row))
        if sum(p is None for p in rows[-1]) > (settings.form == NAME):
            raise StateError(f"{field}: null only for the one seat that passed out (JD4)",
                             field=field, rule="JD4")
    scores = tuple(rows)
    caller = None
    if settings.match == "points":
        caller = data["caller"]
        if caller is not None:
            caller = _int(caller, "match.caller", 0, seats - 1)
    match = Match(deal, first, scores, caller)
    if len(scores) not in (deal - 1, deal) or (len(scores) == deal and caller is not None):
        raise StateError("match.scores: the deals played before this one, or this one too "
                         "once the match is over (JD18)", field="match.scores", rule="JD18")
    expected = to_json(settings, match, seats)
    for key in sorted(own - {"deal", "first_dealer", "scores", "caller"}):
        if data[key] != expected[key]:
            raise StateError(f"match.{key}: {expected[key]} by the deals' points "
                             f"({'JD22' if key in ('marks', 'deals') else 'JD21'})",
                             field=f"match.{key}",
                             rule="JD22" if key in ("marks", "deals") else "JD21")
    return match


def check(settings: Settings, match: Match, over: bool, finished: bool) -> None:
    """The match and the deal's phase agree: a match over has ended by a call (the deal cut
    short, JD20) or by its last deal's row (JD21, JD22); one going on has no winner yet."""
    seats_done = len(match.scores) == match.deal
    if match.caller is not None and (not over or finished):
        raise StateError("match.caller: a call ends the match at once, mid-deal (JD20)",
                         field="match.caller", rule="JD20")
    if over and match.caller is None and not (finished and seats_done):
        raise StateError("phase: a match ends by a call or at a deal's end (JD20-JD22)",
                         field="phase", rule="JD21")
    if finished and not over and seats_done:
        raise StateError("match.scores: a deal ended and the match goes on: the next deal is "
                         "dealt (JD18)", field="match.scores", rule="JD18")
    if seats_done and not over:
        raise StateError("match.scores: the current deal is not over (JD18)",
                         field="match.scores", rule="JD18")
    if seats_done and match.caller is None:
        seats = len(match.scores[0])
        if settings.match == "marks":
            if len(match.scores) != settings.deals:
                raise StateError(f"phase: a match on marks ends after {settings.deals} "
                                 "deals (JD22)", field="phase", rule="JD22")
        else:
            target = target_of(settings, match.scores, seats)
            if sum(t >= target for t in totals_of(match.scores, seats)) != 1:
                raise StateError("phase: the match ends when a total alone reaches the "
                                 "target (JD21)", field="phase", rule="JD21")
    elif not seats_done and len(match.scores):
        prior = Match(match.deal - 1, match.first_dealer, match.scores[:-1])
        _, was_over = ended(settings, prior, match.scores[-1])
        if was_over:
            raise StateError("match.scores: the match was over at the last deal's end "
                             "(JD21, JD22)", field="match.scores", rule="JD21")
