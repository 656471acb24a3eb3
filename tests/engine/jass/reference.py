"""An independent, simple Jass (docs/rules/jass.md), written apart from the engine with
lists of card names, to compare with it on random deals: the legal moves, the hands, the
points."""

from __future__ import annotations

import random
from itertools import combinations

RANKS = ["A", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for r in RANKS for s in "SHDC"]
"""The thirty-six cards in the order the engine numbers them (the shuffle's order)."""
PLAIN = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMPS = ["6", "7", "8", "10", "Q", "K", "A", "9", "J"]
PIPS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
SEATS = {"jass": 4, "three-hand-jass": 3, "two-hand-jass": 2}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


class Reference:
    def __init__(self, seed: int, variant: str) -> None:
        order = list(range(36))
        random.Random(seed).shuffle(order)
        pack = [PACK[i] for i in order]
        self.variant, self.n = variant, SEATS[variant]
        dealer = self.n - 1
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        for k in range(3 * self.n):  # three at a time, three rounds, from the dealer's left
            self.hands[(dealer + 1 + k % self.n) % self.n] += pack[3 * k:3 * k + 3]
        rest = pack[27 * self.n // 3:]
        self.table: list[str] = []
        self.stock: list[str] = []
        if variant == "jass":
            self.turned = pack[-1]
        elif variant == "three-hand-jass":
            self.turned = pack[27]
            self.table = rest
        else:
            self.turned = rest[0]
            self.stock = rest[1:] + [rest[0]]
        self.trump = suit(self.turned)
        self.won = [0] * self.n
        self.tricks = [0] * self.n
        self.melded: list[list[list[str]]] = [[] for _ in range(self.n)]
        self.out: int | None = None
        self.trick: list[tuple[int, str]] = []
        self.phase = {"jass": "pass", "three-hand-jass": "exchange"}.get(variant, "play")
        self.turn = dealer if variant == "three-hand-jass" else (dealer + 1) % self.n
        self.asked = 0
        self.played = 0
        self.last: int | None = None
        if variant != "three-hand-jass":
            self.six()

    # --- the cards ---------------------------------------------------------------------

    def higher(self, a: str, b: str) -> bool:
        """a beats b."""
        if suit(a) == suit(b):
            order = TRUMPS if suit(a) == self.trump else PLAIN
            return order.index(rank(a)) > order.index(rank(b))
        return suit(a) == self.trump

    def winner_card(self) -> str:
        best = self.trick[0][1]
        for _, c in self.trick[1:]:
            if self.higher(c, best):
                best = c
        return best

    def six(self) -> None:
        six = "6" + self.trump
        holder = next((s for s in range(self.n) if six in self.hands[s]), None)
        if holder is None or self.turned == six or self.turned in self.hands[holder]:
            return
        for place in [*self.hands, self.table, self.stock]:
            if self.turned in place:
                place[place.index(self.turned)] = six
                break
        self.hands[holder].remove(six)
        self.hands[holder].append(self.turned)

    def melds(self, hand: list[str], used: list[list[str]]) -> list[frozenset[str]]:
        found = []
        kinds: dict[str, set[str]] = {"four": set(), "run": set(), "pair": set()}
        for m in used:
            kinds[self.kind(m)] |= set(m)
        for r in ["J", "A", "K", "Q", "10"]:
            four = {r + s for s in "SHDC"}
            if four <= set(hand) and not four & kinds["four"]:
                found.append(frozenset(four))
        for s in "SHDC":
            run: list[str] = []
            for r in [*PLAIN, ""]:
                if r and r + s in hand and r + s not in kinds["run"]:
                    run.append(r + s)
                    continue
                if len(run) >= 3:
                    found.append(frozenset(run))
                run = []
        pair = {"K" + self.trump, "Q" + self.trump}
        if pair <= set(hand) and not pair & kinds["pair"]:
            found.append(frozenset(pair))
        return found

    def kind(self, meld: list[str]) -> str:
        if len(meld) == 4 and len({rank(c) for c in meld}) == 1:
            return "four"
        return "pair" if len(meld) == 2 else "run"

    def value(self, meld: frozenset[str] | list[str]) -> int:
        kind = self.kind(list(meld))
        if kind == "four":
            return 200 if rank(next(iter(meld))) == "J" else 100
        if kind == "pair":
            return 20
        return {3: 20, 4: 50}.get(len(meld), 100)

    # --- the moves ---------------------------------------------------------------------

    def legal(self) -> set[tuple[str, frozenset[frozenset[str]] | str]]:
        if self.phase == "over":
            return set()
        if self.phase == "exchange":
            return {("exchange", ""), ("keep", "")}
        if self.phase == "pass":
            return {("pass", ""), ("stay", "")}
        seat = self.turn
        hand = self.hands[seat]
        if self.phase == "declare":
            if self.variant == "two-hand-jass":
                ms = self.melds(hand, self.melded[seat])
                return {("declare", frozenset([m])) for m in ms} | {("declare", frozenset())}
            mine = next(c for s, c in self.trick if s == seat)
            ms = self.melds(hand + [mine], [])
            return {("declare", frozenset(sub)) for k in range(len(ms) + 1)
                    for sub in combinations(ms, k)}
        return {("play", c) for c in hand if self.may_play(hand, c)}

    def may_play(self, hand: list[str], card: str) -> bool:
        if not self.trick or (self.variant == "two-hand-jass" and self.stock):
            return True
        led = suit(self.trick[0][1])
        jack = "J" + self.trump
        privileged = self.variant != "two-hand-jass" or led != self.trump
        if privileged and card == jack:
            return True
        bound = [c for c in hand if not (privileged and c == jack)]
        best = self.winner_card()
        of_led = [c for c in bound if suit(c) == led]
        if of_led:
            if suit(card) != led:
                return False
            can_head = suit(best) == led and any(self.higher(c, best) for c in of_led)
            return not can_head or self.higher(card, best)
        trumps = [c for c in bound if suit(c) == self.trump]
        if trumps:
            if suit(card) != self.trump:
                return False
            return not any(self.higher(c, best) for c in trumps) or self.higher(card, best)
        return True

    def apply(self, kind: str, arg: object) -> None:
        seat = self.turn
        if kind == "exchange":
            self.hands[seat], self.table = self.table, self.hands[seat]
            self.six()
            self.start()
        elif kind == "keep":
            self.turn = (seat + 1) % self.n
            if self.turn == self.n - 1:
                self.six()
                self.start()
        elif kind == "pass":
            self.out = seat
            self.start()
        elif kind == "stay":
            if seat == self.n - 1:
                self.start()
            else:
                self.turn = seat + 1
        elif kind == "declare":
            assert isinstance(arg, frozenset)
            self.melded[seat] += [sorted(m) for m in arg]
            self.phase = "play"
            if self.variant == "two-hand-jass":
                self.draw()
            else:
                self.after_card()
        else:
            assert isinstance(arg, str)
            first = self.played == 0 and self.variant != "two-hand-jass"
            melds = self.melds(self.hands[seat], []) if first else []
            self.hands[seat].remove(arg)
            self.trick.append((seat, arg))
            if melds:
                self.phase = "declare"
            else:
                self.after_card()

    def start(self) -> None:
        self.phase = "play"
        self.turn = self.next_seat(self.n - 1)

    def next_seat(self, seat: int) -> int:
        seat = (seat + 1) % self.n
        return (seat + 1) % self.n if seat == self.out else seat

    def after_card(self) -> None:
        playing = self.n - (self.out is not None)
        if len(self.trick) < playing:
            self.turn = self.next_seat(self.trick[-1][0])
            return
        best = self.winner_card()
        winner = next(s for s, c in self.trick if c == best)
        self.won[winner] += sum(PIPS.get(rank(c), 0) + (
            {"J": 18, "9": 14}.get(rank(c), 0) if suit(c) == self.trump else 0)
            for _, c in self.trick)
        self.tricks[winner] += 1
        self.played += 1
        self.trick = []
        self.turn = winner
        if all(not self.hands[s] for s in range(self.n) if s != self.out):
            self.last = winner
            self.phase = "over"
        elif self.stock:
            if self.melds(self.hands[winner], self.melded[winner]):
                self.phase = "declare"
            else:
                self.draw()

    def draw(self) -> None:
        w = self.turn
        self.hands[w].append(self.stock.pop(0))
        self.hands[1 - w].append(self.stock.pop(0))

    def scores(self) -> list[int]:
        out = []
        for s in range(self.n):
            if s == self.out:
                out.append(0)
                continue
            melds = sum(self.value(m) for m in self.melded[s]) if self.tricks[s] else 0
            out.append(self.won[s] + melds + (5 if self.last == s else 0))
        return out
