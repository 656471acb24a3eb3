"""An independent, simple I Doubt It (docs/rules/i-doubt-it.md), written apart from the
engine with lists of card names, to compare with it on random games: hands, centre, turn."""

from __future__ import annotations

import random
from itertools import combinations

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for r in RANKS for s in "SHDC"]


def order(card: str) -> int:
    return PACK.index(card)


class Reference:
    def __init__(self, seed: int, seats: int) -> None:
        pack = list(range(52))
        random.Random(seed).shuffle(pack)
        self.seats = seats
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        each = 52 // seats
        for i in range(each * seats):  # dealer: the last seat; seat 0 first (IDD1, ID2)
            self.hands[i % seats].append(PACK[pack[i]])
        self.centre = [PACK[c] for c in pack[each * seats:]]
        self.claimer, self.speaker = 0, None
        self.laid: list[str] = []
        self.named = ""
        self.claims = 0
        self.over = False

    def moves(self) -> list[str]:
        if self.over:
            return []
        if self.speaker is not None:
            return ["doubt", "pass"]
        hand = sorted(self.hands[self.claimer], key=order)
        size = min(3, len(hand))
        return [f"claim:{','.join(c)}:{r}" for c in combinations(hand, size) for r in RANKS]

    def play(self, move: str) -> None:
        if self.speaker is None:
            _, cards, rank = move.split(":")
            self.laid = cards.split(",")
            self.named = rank
            for c in self.laid:
                self.hands[self.claimer].remove(c)
            self.speaker = (self.claimer + 1) % self.seats
            self.claims += 1
            return
        if move == "pass":
            self.speaker = (self.speaker + 1) % self.seats
            if self.speaker != self.claimer:
                return
            self.centre += sorted(self.laid, key=order)
        else:
            true = all(c[:-1] == self.named for c in self.laid)
            taker = self.speaker if true else self.claimer
            self.hands[taker] += self.laid + self.centre
            self.centre = []
        self.speaker, self.laid = None, []
        if any(not h for h in self.hands) or self.claims >= 100:
            self.over = True
            return
        seat = self.claimer
        while True:
            seat = (seat + 1) % self.seats
            if len(self.hands[seat]) >= 3:
                break
            if self.centre:
                need = 3 - len(self.hands[seat])
                self.hands[seat] += self.centre[-need:]
                del self.centre[-need:]
                break
        self.claimer = seat
