"""A why-not answer in words (docs/api.md "Why not"), for the games whose why is told by
kinds of move (engine/why.py): the picked cards, their legal moves as legal-moves lists
them, each kind's reason with its rule's link, and the warnings of a legal move that
costs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from api.rules import rule_url
from engine.errors import IllegalMoveError
from engine.why import Answer, Reason

__all__ = ["picked", "why_json"]


def picked(names: Any, field: str, parse: Callable[[str], int],
           holds: Callable[[int], bool], where: str) -> list[int]:
    """The cards a request picks (``field``: their names), each read by the game and each
    in ``where`` (``holds``), else a 422 naming the field: a card the seat does not hold is
    refused in one wording wherever it lies."""
    if not isinstance(names, list):
        raise IllegalMoveError(f"{field} must be a list of cards", field=field)
    cards: list[int] = []
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise IllegalMoveError(f"{field}[{i}] must be a card's name", field=f"{field}[{i}]")
        card = parse(name)
        if card in cards:
            raise IllegalMoveError(f"{field}: {name} is picked twice", field=field, token=name)
        if not holds(card):
            raise IllegalMoveError(f"{field}: {name} is not {where}", field=field, token=name)
        cards.append(card)
    return cards


def _reason(reason: Reason) -> dict[str, Any]:
    out = reason.to_dict()
    if reason.rule is not None:
        out["rule_url"] = rule_url(reason.rule)
    return out


def why_json(player: int, cards: Sequence[str], table: Sequence[str], answer: Answer,
             move_json: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The answer of ``POST /v1/why`` of ``player``: the first reason repeated at the top
    (``rule``, ``rule_url``, ``message``) when the cards make no legal move."""
    reasons = [_reason(r) for r in answer.reasons]
    out: dict[str, Any] = {"player": player, "cards": list(cards), "table": list(table),
                           "legal": answer.legal,
                           "moves": [move_json(m) for m in answer.moves],
                           "reasons": reasons,
                           "warnings": [_reason(w) for w in answer.warnings]}
    if not answer.legal and reasons:
        first = reasons[0]
        out.update(message=first["message"],
                   **{k: first[k] for k in ("rule", "rule_url") if k in first})
    return out
