"""I Doubt It's moves (ID4, ID5): a claim (the cards laid face down and the rank named),
a doubt or a pass; and a claimer's legal claims as a lazy sequence (every choice of the
cards times thirteen ranks: C(n, 3) * 13, counted and indexed without being listed)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Any, NamedTuple, overload

from engine.cards import RANKS, card_mask, card_name, cards_of, parse_card
from engine.errors import CardError, MoveFormatError

__all__ = ["DOUBT", "PASS", "Claims", "Move", "parse_move", "rank_name", "read_rank"]


def rank_name(rank: int) -> str:
    """A rank 1..13 as the wire names it (``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``)."""
    return RANKS[rank - 1]


def read_rank(value: Any, field: str) -> int:
    """A rank named on the wire (``7``, ``10``, ``T``, ``J``...), 1..13 (ID4)."""
    if not isinstance(value, str) or value.upper() not in _RANK_NAMES:
        raise MoveFormatError(f"{field}: {value!r} is not a rank (A, 2-10, J, Q, K; ID4)",
                              field=field, rule="ID4")
    return _RANK_NAMES[value.upper()]


_RANK_NAMES = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10}


class Move(NamedTuple):
    """``claim`` (``cards``: the set laid face down, ``rank``: 1..13 named, ID4), ``doubt``
    or ``pass`` (ID5)."""

    kind: str
    cards: int = 0
    rank: int = 0

    @property
    def id(self) -> str:
        """``claim:7S,8S,9S:7``, ``doubt``, ``pass``."""
        if self.kind != "claim":
            return self.kind
        names = ",".join(card_name(c) for c in cards_of(self.cards))
        return f"claim:{names}:{rank_name(self.rank)}"


DOUBT, PASS = Move("doubt"), Move("pass")


class Claims(Sequence[Move]):
    """Every claim of a hand laying ``size`` cards: each set of ``size`` of its cards
    (ascending, as itertools.combinations lists them) with each rank A..K: built in O(1),
    indexed by unranking, so listing is never needed to count, pick or test a claim."""

    __slots__ = ("cards", "hand", "size")

    def __init__(self, hand: int, size: int) -> None:
        self.hand, self.size = hand, size
        self.cards = tuple(cards_of(hand))

    def __len__(self) -> int:
        return comb(len(self.cards), self.size) * len(RANKS)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        total = len(self)
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("claim index out of range")
        rest, rank = divmod(index, len(RANKS))
        n, k, chosen, x = len(self.cards), self.size, 0, 0
        for j in range(k):  # the rest-th k-subset in lexicographic order
            while True:
                block = comb(n - 1 - x, k - 1 - j)
                if rest < block:
                    break
                rest -= block
                x += 1
            chosen |= 1 << self.cards[x]
            x += 1
        return Move("claim", chosen, rank + 1)

    def __iter__(self) -> Iterator[Move]:
        for chosen in combinations(self.cards, self.size):
            mask = card_mask(chosen)
            for rank in range(1, len(RANKS) + 1):
                yield Move("claim", mask, rank)

    def __contains__(self, move: object) -> bool:
        return (isinstance(move, Move) and move.kind == "claim" and 1 <= move.rank <= 13
                and move.cards.bit_count() == self.size and not move.cards & ~self.hand)


def _cards(value: Any, field: str) -> int:
    if not isinstance(value, list):
        raise MoveFormatError(f"{field}: a list of cards (ID4)", field=field, rule="ID4")
    mask = 0
    for i, token in enumerate(value):
        try:
            card = parse_card(token)
        except CardError as error:
            raise MoveFormatError(f"{field}[{i}]: {error}", field=f"{field}[{i}]") from None
        if mask >> card & 1:
            raise MoveFormatError(f"{field}[{i}]: {card_name(card)} is named twice (ID4)",
                                  field=f"{field}[{i}]", rule="ID4")
        mask |= 1 << card
    if not mask:
        raise MoveFormatError(f"{field}: a claim lays cards (ID4)", field=field, rule="ID4")
    return mask


def parse_move(data: Any) -> Move:
    """A move from its id (``doubt``, ``pass``, ``claim:7S,8S,9S:7``) or its object
    (``{"type": "claim", "cards": [...], "rank": "7"}``, with the ``id`` and
    ``description`` legal moves list); every error names its field."""
    if isinstance(data, str):
        if data in ("doubt", "pass"):
            return Move(data)
        kind, _, rest = data.partition(":")
        cards, _, rank = rest.rpartition(":")
        if kind != "claim" or not cards:
            raise MoveFormatError(f"move: {data!r} is not a move id (doubt, pass or "
                                  "claim:CARDS:RANK)", field="move")
        data = {"type": "claim", "cards": cards.split(","), "rank": rank}
    if not isinstance(data, dict):
        raise MoveFormatError("move: a move id or a move object", field="move")
    kind = str(data.get("type"))
    if kind not in ("claim", "doubt", "pass"):
        raise MoveFormatError(f"move.type: {kind!r} is not claim, doubt or pass",
                              field="move.type")
    own = {"type", "id", "description"} | ({"cards", "rank"} if kind == "claim" else set())
    for key in data:
        if key not in own:
            raise MoveFormatError(f"move.{key}: not a field of a {kind}", field=f"move.{key}")
    move = Move(kind) if kind != "claim" else Move(
        "claim", _cards(data.get("cards"), "move.cards"), read_rank(data.get("rank"),
                                                                    "move.rank"))
    if "id" in data and data["id"] != move.id:
        raise MoveFormatError(f"move.id: {data['id']!r} is not this move's id ({move.id})",
                              field="move.id")
    return move
