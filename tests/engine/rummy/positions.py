"""Positions for the tests, written as the cards each seat holds."""

from __future__ import annotations

from engine.rummy import (
    PLAYING,
    Laid,
    Played,
    State,
    get_rules,
    pack,
    parse_card,
    parse_cards,
)


def laid(owner: int, text: str) -> Laid:
    """A meld on the table from its text: ``6C+7C+JK1@6`` (a run from place 6) or
    ``7H+7S+JK1`` (a set)."""
    body, _, low = text.partition("@")
    cards = tuple(parse_card(t) for t in body.split("+"))
    naturals = [c for c in cards if c < 104]
    if low:
        return Laid(owner, "run", naturals[0] % 4, int(low), cards)
    return Laid(owner, "set", (naturals[0] % 52) // 4 + 1, 0, cards)


def position(variant: str, hands: list[str], *, pile: str, stock: str = "", to_move: int = 0,
             phase: str = "draw", history: tuple[Played, ...] = (),
             reshuffled: bool = False, table: tuple[Laid, ...] = ()) -> State:
    """A valid state: the hands, pile and table as given, the stock starting with ``stock``
    and holding every other card of the table's packs after it, ascending."""
    rules = get_rules(variant)
    n = len(hands)
    masks = tuple(parse_cards(h.split(), field="hand") for h in hands)
    on_pile = tuple(parse_card(t) for t in pile.split())
    top = [parse_card(t) for t in stock.split()]
    used = set(top) | set(on_pile) | {c for m in masks for c in range(106) if m >> c & 1}
    used |= {c for meld in table for c in meld.cards}
    rest = [c for c in pack(rules.packs(n), rules.jokers) if c not in used]
    state = State(rules, 0, n, (to_move - 1) % n, masks, (*top, *rest), on_pile, table,
                  to_move, phase, history, reshuffled, PLAYING, None, (0,) * n)
    state.validate()
    return state


CALLER = "6H 8H 9H JC QC KC KS 2S 2D 5C"
"""The book's caller before his last draw: he draws 7H, lays out 6-9H and J-K of clubs,
discards KS and keeps two deuces and a five, 9 points (RM16)."""
