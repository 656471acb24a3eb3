"""Counting out: how the twenty-one presets end a hand and a game (docs/rules/twenty-one.md).

One role, kept apart from :mod:`engine.cassino.play` (which calls it from the end of a
round and for a claim) so that each way of counting lives in its own module:

* ``twenty-one`` (V2.1, T1-T4): at the end of a hand the points go out one category at
  a time, in the order the variant declares (``Rules.extra["count_out_order"]``: keys of
  the point scheme's categories, or single cards of a category, the aces one by one); the
  first total to reach the target wins, though every category still joins the totals.
* ``twenty-one-claims`` (V2.2, V2.3, T5-T10): either seat may claim the game at any moment
  of play (:data:`engine.cassino.moves.CLAIM`); the claim is judged at once against what
  the claimer has *secured* (:func:`secured`).  Without a claim, a hand's totals are added
  and a total alone at the target or above wins; both there raise the target.

Point values come from the variant's scheme (:func:`engine.cassino.scoring.scheme`) only.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from engine.cards import card_name, parse_card
from engine.cassino.events import Event
from engine.cassino.moves import CLAIM, Move
from engine.cassino.rules import Rules
from engine.cassino.scoring import Breakdown, Category, scheme
from engine.cassino.words import card_text
from engine.errors import StateError


class Entry(Protocol):
    """An entry of a round's history (:class:`engine.cassino.state.Played`)."""

    @property
    def player(self) -> int: ...
    @property
    def move(self) -> Move: ...


class Public(Protocol):
    """The public facts of a state or view that the count and claims read (R28); a
    subset of :class:`engine.cassino.state.Public`, which imports this module."""

    @property
    def rules(self) -> Rules: ...
    @property
    def captured(self) -> tuple[int, ...]: ...
    @property
    def sweeps(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def status(self) -> str: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def history(self) -> tuple[Entry, ...]: ...
    @property
    def previous_round(self) -> Breakdown | None: ...
    @property
    def target(self) -> int: ...

__all__ = ["Outcome", "Step", "check_count_out", "check_history", "claim_outcome", "claims_allowed",
           "count_out", "counts_out", "ended_by_claim", "order", "secured", "settle"]


def counts_out(rules: Rules) -> bool:
    """The variant ends its hands by counting out (V2)."""
    return rules.counting == "count_out"


def claims_allowed(rules: Rules) -> bool:
    """Either seat may claim the game during play (V2.2, T5)."""
    return counts_out(rules) and bool(rules.extra.get("claims"))


# --- the end of a hand --------------------------------------------------------------


class Step(NamedTuple):
    """One item of the count (T1): its name, who scores it, how much, and the totals after."""

    key: str
    name: str
    player: int | None
    points: int
    totals: tuple[int, ...]
    reached: bool
    """This item brought ``player`` to the target first (T3)."""

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "player": self.player,
                "points": self.points, "totals": list(self.totals), "reached": self.reached}


def order(rules: Rules) -> list[tuple[str, str, Category, int | None]]:
    """The count's items in the variant's order (T1, T4): ``(key, name, category, card)``,
    ``card`` set when the item is one card of a category (an ace).  Every category of the
    scheme is counted exactly once, whole or card by card, or this raises."""
    categories = {c.key: c for c in scheme(rules).categories}
    items: list[tuple[str, str, Category, int | None]] = []
    covered: dict[str, int] = {}
    for entry in rules.extra.get("count_out_order", list(categories)):
        if entry in categories:
            category = categories[entry]
            items.append((entry, f"the {category.name.lower()}", category, None))
            covered[entry] = category.mask or -1
            continue
        card = parse_card(entry)
        holder = next((c for c in categories.values() if c.kind == "each"
                       and c.mask is not None and c.mask >> card & 1), None)
        if holder is None:
            raise ValueError(f"{rules.name}: {entry} is not a card that scores by itself")
        items.append((card_name(card), f"the {card_text(card)}", holder, card))
        covered[holder.key] = covered.get(holder.key, 0) | 1 << card
    for key, category in categories.items():
        if covered.get(key) != (category.mask or -1):
            raise ValueError(f"{rules.name}: the count-out order must count {key} exactly once")
    return items


def count_out(before: tuple[int, ...], captured: tuple[int, ...], breakdown: Breakdown,
              target: int, rules: Rules) -> tuple[int | None, list[Step]]:
    """V2.1 (T1-T3): the hand's points added item by item to ``before``; the seat whose
    total reaches ``target`` first, if any, and every step."""
    totals = list(before)
    steps: list[Step] = []
    winner: int | None = None
    for key, name, category, card in order(rules):
        if card is None:  # a whole category: as the breakdown scores it (R26, T2)
            points = [getattr(p.points, key) for p in breakdown.players]
        else:  # one card: its category's points to whoever took it
            points = [category.points if pile >> card & 1 else 0 for pile in captured]
        scorer = next((seat for seat, n in enumerate(points) if n), None)
        for seat, n in enumerate(points):
            totals[seat] += n
        reached = [seat for seat, total in enumerate(totals) if total >= target]
        first = winner is None and len(reached) == 1  # one item scores one seat (T4)
        if first:
            winner = reached[0]
        steps.append(Step(key, name, scorer, sum(points), tuple(totals), first))
    return winner, steps


class Outcome(NamedTuple):
    """What the count of a hand decides: the winner (``None``: play on), the target now."""

    winner: int | None
    target: int


def settle(before: tuple[int, ...], captured: tuple[int, ...], breakdown: Breakdown,
           target: int, rules: Rules, events: list[Event] | None = None) -> Outcome:
    """The end of a hand under counting out, ``breakdown`` already added to ``before``.

    Without claims (V2.1): the first to reach the target in the count wins (T3).  With
    claims (V2.3, T9): a total alone at the target or above wins; when several are, the
    target rises by ``extra["raise_target"]`` and is checked again at once (T10).
    """
    if not claims_allowed(rules):
        winner, steps = count_out(before, captured, breakdown, target, rules)
        if events is not None:
            events.append(Event.of("count_out", target=target, winner=winner,
                                   steps=[s.to_dict() for s in steps]))
        return Outcome(winner, target)
    scores = [s + t for s, t in zip(before, breakdown.totals, strict=True)]
    while True:
        reached = [seat for seat, total in enumerate(scores) if total >= target]
        if len(reached) < 2:
            return Outcome(reached[0] if reached else None, target)
        raised = target + int(rules.extra["raise_target"])
        if events is not None:
            events.append(Event.of("target_raised", previous=target, target=raised))
        target = raised


# --- claims -------------------------------------------------------------------------


def secured(state: Public, seat: int) -> int:
    """What ``seat`` has made for certain so far (V2.2, T6): the total before this hand,
    and of this hand the cards that score by themselves, its own sweeps, and each
    majority it holds so firmly that nobody can overtake it (more than the rest of the
    pack: 27 cards, 7 spades)."""
    pile = state.captured[seat]
    total = state.scores[seat]
    for category in scheme(state.rules).categories:
        if category.mask is None:  # the sweeps made (R13); a difference is never sure
            if category.kind == "each":
                total += category.points * state.sweeps[seat]
            continue
        taken = (pile & category.mask).bit_count()
        if category.kind == "most":
            if 2 * taken > category.mask.bit_count():
                total += category.points
        else:
            total += category.points * taken
    return total


def claim_outcome(state: Public, seat: int, events: list[Event] | None = None) -> int:
    """The winner once ``seat`` claims (T7): ``seat`` when what it secured reaches the
    target, else the other seat."""
    made = secured(state, seat)
    right = made >= state.target
    winner = seat if right else (seat + 1) % state.rules.players
    if events is not None:
        events.append(Event.of("claim", player=seat, secured=made, target=state.target,
                               correct=right))
    return winner


def ended_by_claim(state: Public) -> Entry | None:
    """The claim that ended a finished game (the last entry of its history), if one did."""
    if state.status == "playing" or not state.history or not claims_allowed(state.rules):
        return None
    last = state.history[-1]
    return last if last.move.type == CLAIM else None


def check_history(state: Public) -> None:
    """A claim in the history ends the game: it can only be the last entry of a finished
    game of a variant with claims (T5, T7)."""
    history = state.history
    for i, played in enumerate(history):
        if played.move.type != CLAIM:
            continue
        if not claims_allowed(state.rules):
            raise StateError(f"history[{i}]: {state.rules.name} has no claims (R27)",
                             field=f"history[{i}]", rule="R27")
        if i != len(history) - 1 or state.status == "playing":
            raise StateError(f"history[{i}]: a claim ends the game at once (T7)",
                             field=f"history[{i}]", rule="T7")
        if played.move.player != played.player:
            raise StateError(f"history[{i}]: a claim names the seat that made it (T5)",
                             field=f"history[{i}]", rule="T5")


# --- validation (engine.cassino.state) -------------------------------------------------


def check_count_out(state: Public) -> None:
    """A counting-out state's target, status and winner agree (T3, T7-T10)."""
    rules = state.rules
    step = int(rules.extra.get("raise_target", 0))
    extra_points = state.target - rules.target_score
    if extra_points % step if step else extra_points:
        rises = f"{rules.target_score} plus a multiple of {step}" if step else \
            str(rules.target_score)
        raise StateError(f"target {state.target} is not a target of {rules.name}: it is "
                         f"{rises} (T10)", field="target", rule="T10")
    scores = state.scores
    if state.status == "playing":
        if any(s >= state.target for s in scores):
            raise StateError(f"scores {list(scores)} reach the target {state.target}: the "
                             "count would have ended the game or raised the target (T3, T9)",
                             field="status", rule="T9")
        return
    claim = ended_by_claim(state)
    if claim is not None:
        expected = claim_outcome(state, claim.player)
        why = "a claim wins when it is right, and loses when it is wrong (T7)"
    elif state.previous_round is None:
        raise StateError("a game over by the count has its last hand in previous_round",
                         field="previous_round")
    elif claims_allowed(rules):
        reached = [seat for seat, s in enumerate(scores) if s >= state.target]
        if len(reached) != 1:
            raise StateError(f"a finished game needs one total alone at the target "
                             f"{state.target} or above (T9, T10); scores are {list(scores)}",
                             field="winner", rule="T9")
        expected, why = reached[0], "the total alone at the target wins (T9)"
    else:
        before = tuple(s - t for s, t in zip(scores, state.previous_round.totals, strict=True))
        found, _ = count_out(before, state.captured, state.previous_round, state.target, rules)
        if found is None:
            raise StateError(f"nobody reaches {state.target} in the count of the last hand, "
                             "so the game is not over (T3)", field="status", rule="T3")
        expected, why = found, "the first to reach the target in the count wins (T3)"
    if state.winner != expected:
        raise StateError(f"the winner is player {expected}, not {state.winner}: {why}",
                         field="winner", rule="T3" if claim is None else "T7")

