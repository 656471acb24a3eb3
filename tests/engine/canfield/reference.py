"""An independent lister of Canfield's legal moves, written from the rules page alone and
reading a state's JSON (so it shares no code with engine/canfield): the tests compare it
with the engine on random positions."""

from __future__ import annotations

from typing import Any

ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _rank(name: str) -> int:
    return ORDER.index(name[:-1]) + 1


def _red(name: str) -> bool:
    return name[-1] in "HD"


def _on(card: str, onto: str) -> bool:
    """CF8, CFD6: one lower, other colour, the ace taking a king."""
    want = _rank(onto) - 1 or 13
    return _rank(card) == want and _red(card) != _red(onto)


def legal(data: dict[str, Any]) -> set[str]:
    if data["end"]:
        return set()
    classic = data["variant"] == "canfield-classic"
    base = ORDER.index(data["base"]) + 1
    out = set() if data["hand"] else {"stop"}
    if data["hand"] or data["talon"]:
        out.add("turn")
    tops: dict[str, str] = {}
    if data["talon"]:
        tops["w"] = data["talon"][-1]
    if data["stock"]:
        tops["s"] = data["stock"][0]
    for i, col in enumerate(data["columns"]):
        if col:
            tops[f"c{i}"] = col[-1]
    for src, card in tops.items():
        pile = data["foundations"]["SHDC".index(card[-1])]
        if len(pile) < 13 and _rank(card) == (base - 1 + len(pile)) % 13 + 1:
            out.add(f"{src}>f")
    for j, col in enumerate(data["columns"]):
        if not col:
            if not data["stock"] and "w" in tops:
                out.add(f"w>c{j}")
            continue
        for src, card in tops.items():
            if src in ("w", "s"):
                if _on(card, col[-1]):
                    out.add(f"{src}>c{j}")
            elif src != f"c{j}" and data["idle"] < 8:
                mine = data["columns"][int(src[1])]
                if classic and _on(mine[0], col[-1]):
                    out.add(f"{src}>c{j}")
                if not classic and len(mine) <= 2 and _on(card, col[-1]):
                    out.add(f"{src}>c{j}")
    return out
