"""Jass's deals played out fast, on bare hands (docs/solver.md "Jass"): the rule bot's
choice of a card (:func:`rule_card`), a whole deal's rest by it (:func:`play_out`), and the
exact rest once few cards remain (:func:`exact`): every seat maximising its own margin
(max^n), each for himself (J3), over the same rules as the engine (engine.jass)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import cards_of, suit_of
from engine.jass import State
from engine.jass.cards import beats, best_of, legal_plays, pips, points, strength
from engine.jass.melds import KINDS, kind_of, meld_value, melds_of
from engine.jass.rules import LAST_TRICK, TWO

__all__ = ["Deal", "best_meld", "exact", "margin", "play_out", "rule_card", "rule_play"]


@dataclass
class Deal:
    """A deal in play, mutable: hands, the trick, the points won, the melds pending."""

    variant: str
    """The deal's rules (the state's ``form``: four's, three's or two's)."""
    trump: int
    seats: int
    out: int | None
    hands: list[int]
    trick: list[tuple[int, int]]
    turn: int
    played: int
    tricks: list[int]
    pips: list[int]
    melds: list[int]
    """Meld points declared, counted at the end if the seat won a trick (J15)."""
    used: list[tuple[int, int, int]]
    stock: list[int]
    declare: int | None
    """A seat whose melds are due now (the engine's declare phase)."""
    last: int | None = None

    @classmethod
    def of(cls, state: State) -> Deal:
        return cls(state.form, state.trump, state.seats, state.out, list(state.hands),
                   list(state.trick), state.turn, state.played, list(state.tricks),
                   [points(w, state.trump) for w in state.won],
                   [sum(meld_value(m, state.trump) for m in ms) for ms in state.melds],
                   [state.used(s) for s in range(state.seats)], list(state.stock),
                   state.turn if state.phase == "declare" else None)

    @property
    def active(self) -> int:
        return self.seats - (self.out is not None)

    def after(self, seat: int) -> int:
        nxt = (seat + 1) % self.seats
        return (nxt + 1) % self.seats if nxt == self.out else nxt

    def copy(self) -> Deal:
        return Deal(self.variant, self.trump, self.seats, self.out, self.hands[:],
                    self.trick[:], self.turn, self.played, self.tricks[:], self.pips[:],
                    self.melds[:], self.used[:], self.stock[:], self.declare, self.last)

    def legal(self) -> int:
        must = self.variant != TWO or not self.stock
        return legal_plays(self.hands[self.turn], [c for _, c in self.trick], self.trump,
                           must=must, free_jack=self.variant != TWO)

    def scores(self) -> list[int]:
        """J15-J17 (JD4: nothing to a seat out)."""
        return [0 if s == self.out else self.pips[s] + (LAST_TRICK if self.last == s else 0)
                + (self.melds[s] if self.tricks[s] else 0) for s in range(self.seats)]

    def meld_all(self, seat: int, card: int) -> None:
        """J14: the rule bot's melds after its first card: all of them (its hand with the
        card played, JD5)."""
        self.melds[seat] += sum(meld_value(m, self.trump) for m in
                                melds_of(self.hands[seat] | 1 << card, self.trump))

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (its melds with it, by the rule bot, J14); the
        trick taken when full (J12), the stock drawn in two-hand with the winner's best
        meld first (J20, J21)."""
        seat = self.turn
        if self.played == 0 and self.variant != TWO:
            self.meld_all(seat, card)
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        self.advance()

    def advance(self) -> None:
        seat = self.trick[-1][0]
        if len(self.trick) < self.active:
            self.turn = self.after(seat)
            return
        cards = [c for _, c in self.trick]
        winner = self.trick[best_of(cards, self.trump)][0]
        self.pips[winner] += sum(pips(c, self.trump) for c in cards)
        self.tricks[winner] += 1
        self.played += 1
        self.trick = []
        self.turn = winner
        if self.stock:
            self.declare = winner
            self.settle()
        elif not self.hands[winner]:
            self.last = winner

    def add_meld(self, seat: int, meld: int) -> None:
        self.melds[seat] += meld_value(meld, self.trump)
        kind = kind_of(meld, self.trump)
        if kind is not None:
            used = list(self.used[seat])
            used[KINDS.index(kind)] |= meld
            self.used[seat] = (used[0], used[1], used[2])

    def draw(self, winner: int) -> None:
        self.hands[winner] |= 1 << self.stock[0]
        self.hands[1 - winner] |= 1 << self.stock[1]
        del self.stock[:2]

    def settle(self) -> None:
        """A seat's melds due now, by the rule bot: all after its first card (J14), the
        best one and the draw after a trick in two-hand (J21)."""
        seat = self.declare
        if seat is None:
            return
        self.declare = None
        if self.variant == TWO:
            meld = best_meld(self.hands[seat], self.trump, self.used[seat])
            if meld:
                self.add_meld(seat, meld)
            self.draw(seat)
            return
        card = next(c for s, c in self.trick if s == seat)
        self.meld_all(seat, card)
        self.advance()

    @property
    def over(self) -> bool:
        return self.last is not None


def best_meld(hand: int, trump: int, used: tuple[int, int, int]) -> int:
    """J21: the meld worth most of those the hand may declare (0: none)."""
    found = melds_of(hand, trump, used)
    return max(found, key=lambda m: meld_value(m, trump), default=0)


def _low(mask: int, trump: int) -> int:
    """The card of least worth: fewest pips, then weakest, a trump kept before a plain."""
    return min(cards_of(mask), key=lambda c: (pips(c, trump), suit_of(c) == trump,
                                              strength(c, trump)))


def rule_card(deal: Deal) -> int:
    """The rule bot's card at the deal's turn (:func:`rule_play`)."""
    return rule_play(deal.legal(), [c for _, c in deal.trick], deal.trump, deal.active)


def rule_play(allowed: int, trick: list[int], trump: int, active: int) -> int:
    """The rule bot's card of those ``allowed``: leading, a plain ace, else its least card;
    following, the cheapest card that heads the trick when the trick holds points, a
    heading card would be worth ten or more, or it plays last; else its least card."""
    if not trick:
        aces = [c for c in cards_of(allowed) if suit_of(c) != trump and strength(c, trump) == 8]
        return aces[0] if aces else _low(allowed, trump)
    best = trick[best_of(trick, trump)]
    heading = [c for c in cards_of(allowed) if beats(c, best, trump)]
    at_stake = sum(pips(c, trump) for c in trick)
    last = len(trick) == active - 1
    if heading and (last or at_stake >= 10 or any(pips(c, trump) >= 10 for c in heading)):
        return min(heading, key=lambda c: (suit_of(c) == trump, strength(c, trump)))
    return _low(allowed, trump)


def play_out(deal: Deal) -> list[int]:
    """The deal's rest by the rule bot at every seat; the scores (J17)."""
    deal.settle()
    while not deal.over:
        deal.play(rule_card(deal))
    return deal.scores()


def margin(scores: list[int], seat: int, out: int | None = None) -> float:
    """A seat's points less the mean of the others' (solver.value's ``points``)."""
    del out
    n = len(scores)
    return scores[seat] - (sum(scores) - scores[seat]) / (n - 1)


def exact(deal: Deal, memo: dict[tuple[object, ...], list[int]] | None = None,
          counter: list[int] | None = None) -> list[int]:
    """The deal's rest played out with every hand known, each seat choosing the card best
    for its own margin (max^n, ties to the lower card): the scores (J17)."""
    memo = {} if memo is None else memo
    if deal.over:
        return deal.scores()
    key = (tuple(deal.hands), tuple(deal.trick), deal.turn, tuple(deal.stock),
           tuple(t > 0 for t in deal.tricks))
    found = memo.get(key)
    if found is not None:
        return [a + b for a, b in zip(found, _base(deal), strict=True)]
    if counter is not None:
        counter[0] += 1
    seat = deal.turn
    best: list[int] | None = None
    best_value = 0.0
    for card in cards_of(deal.legal()):
        child = deal.copy()
        child.play(card)
        scores = exact(child, memo, counter)
        value = margin(scores, seat, deal.out)
        if best is None or value > best_value:
            best, best_value = scores, value
    assert best is not None
    memo[key] = [a - b for a, b in zip(best, _base(deal), strict=True)]
    return best


def _base(deal: Deal) -> list[int]:
    """The pips won so far: the rest's worth is the scores less these (the memo's key holds
    who has won a trick, on which the melds count, J15)."""
    return deal.pips
