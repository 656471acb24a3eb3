"""Positions for Canfield's tests, written as the cards lie."""

from __future__ import annotations

from engine.canfield.state import Move, State
from engine.cards import card_name, parse_card


def position(*, found: dict[str, int] | None = None, base: int = 7,
             stock: list[str] | None = None, cols: list[list[str]] | None = None,
             waste: list[str] | None = None, hand: list[str] | None = None,
             variant: str = "canfield", fill: str = "stock", used: bool = False,
             idle: int = 0) -> State:
    """A state with the cards named where they lie, the foundations ``found`` (suit letter
    -> cards up from ``base``), and every other card put at the end of ``fill`` (the stock
    or the hand); every card is seen but those so put."""
    counts = [0, 0, 0, 0]
    for s, n in (found or {"S": 1}).items():
        counts["SHDC".index(s)] = n
    up = {((base - 1 + k) % 13) * 4 + s for s in range(4) for k in range(counts[s])}
    stock_c = [parse_card(c) for c in stock or []]
    cols_c = [tuple(parse_card(c) for c in col) for col in (cols or [[], [], [], []])]
    waste_c = [parse_card(c) for c in waste or []]
    hand_c = [parse_card(c) for c in hand or []]
    placed = set(stock_c) | set(waste_c) | set(hand_c) | {c for col in cols_c for c in col}
    assert not placed & up and len(placed) == len(stock_c) + len(waste_c) + len(hand_c) + \
        sum(map(len, cols_c)), "a card twice"
    rest = [c for c in range(52) if c not in placed and c not in up]
    seen = 0
    for c in placed | up:
        seen |= 1 << c
    if fill == "stock":
        stock_c += rest
    else:
        hand_c += rest
    return State(variant, base, tuple(counts), tuple(stock_c), tuple(cols_c),  # type: ignore[arg-type]
                 tuple(hand_c), tuple(waste_c), used, 1, idle, "", 0, seen)


def ids(state: State) -> list[str]:
    """The legal moves as ``source>target`` (``w>c0``, ``c1>f``), ``turn`` and ``stop``."""
    return [f"{src}>{m.dst}" if src else m.dst for src, m in state.sourced()]


def move(state: State, spec: str) -> Move:
    """A move written ``source>target``: the card the source offers (a column's top card,
    or in the common game its bottom card when the target is a column)."""
    if spec in ("turn", "stop"):
        return Move(-1, spec)
    src, _, dst = spec.partition(">")
    if src == "w":
        card = state.waste[-1]
    elif src == "s":
        card = state.stock[0]
    else:
        col = state.cols[int(src[1])]
        card = col[0] if state.variant == "canfield-classic" and dst != "f" else col[-1]
    return Move(card, dst)


def names(cards: tuple[int, ...]) -> list[str]:
    return [card_name(c) for c in cards]
