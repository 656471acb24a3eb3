"""Cassino's why-not (docs/api.md "Why not"): what a picked hand card and table cards make,
or the rule each kind of move breaks (engine/cassino/why.py), from the seat's view (R29)."""

from __future__ import annotations

from typing import Any

from api.errors import about
from api.rules import rule_url
from engine.cards import card_name, format_cards, parse_card, parse_cards
from engine.cassino import View, move_json, why

__all__ = ["why_answer"]


def why_answer(view: View, body: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``POST /v1/why`` for ``view``'s seat: the picked ``card`` and
    ``table`` cards' legal moves and, for each kind of move they do not make, its rule."""
    seat = view.player
    with about("card"):
        card = parse_card(body["card"])
    with about("table"):
        picked = parse_cards(body["table"], field="table")
    with about(""):
        answer = why(view, card, picked, body.get("value"))
    reasons = [{**r.to_dict(), "rule_url": rule_url(r.rule)} for r in answer.reasons]
    out: dict[str, Any] = {
        "player": seat, "card": card_name(card),
        "table": format_cards(picked), "legal": answer.legal,
        "moves": [move_json(view.loose, view.builds, seat, m, view.rules)
                  for m in answer.moves],
        "reasons": reasons,
    }
    if not answer.legal and reasons:
        out.update(rule=reasons[0]["rule"], rule_url=reasons[0]["rule_url"],
                   message=reasons[0]["message"])
    out["captures"] = format_cards(answer.captures)
    out["builds"] = format_cards(answer.builds)
    return out
