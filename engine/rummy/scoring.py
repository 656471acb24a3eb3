"""The show-down and the settlement (RM16-RM25): who lays out what, and who pays whom.
Every payment is a transfer between two seats, so a settlement sums to zero."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rummy.cards import cards_of, pip
from engine.rummy.melds import Arrangement, arrange
from engine.rummy.rules import Rules

__all__ = ["false_call", "hand_pips", "settle", "settle_out", "show_down"]


def show_down(rules: Rules, hands: Sequence[int], caller: int) -> tuple[Arrangement, ...]:
    """Every seat's hand laid out (RM16, RM17): the caller's least-deadwood arrangement,
    then each other player's, laying off on the caller's melds in Poker Gin (RM21)."""
    mine = arrange(hands[caller])
    onto = mine.melds if rules.layoffs else ()
    return tuple(mine if seat == caller else arrange(hand, onto)
                 for seat, hand in enumerate(hands))


def settle(rules: Rules, points: Sequence[int], caller: int) -> tuple[int, ...]:
    """The points each seat wins (+) or pays (-) after a show-down (RM18-RM20, RM23): the
    others pay a caller who is low; else the lowest hand takes from everybody, the caller
    paying ``caller_times`` his difference and the ``forfeit``; or, with ``low_wins_all``
    off, each player settles with the caller alone."""
    n = len(points)
    pay = [0] * n
    mine = points[caller]
    others = [(caller + i) % n for i in range(1, n)]  # in turn to the caller's left (RM17)

    def transfer(payer: int, payee: int, amount: int) -> None:
        pay[payer] -= amount
        pay[payee] += amount

    if not rules.low_wins_all:  # poker-gin-caller (RM23): each settles with him alone
        for seat in others:
            if points[seat] > mine:
                transfer(seat, caller, points[seat] - mine)
            elif points[seat] < mine:
                transfer(caller, seat, mine - points[seat] + rules.forfeit)
        return tuple(pay)
    low = min(points[seat] for seat in others)
    if low >= mine:  # the caller is low (RM18): the others pay the difference
        for seat in others:
            transfer(seat, caller, points[seat] - mine)
        return tuple(pay)
    winners = [seat for seat in others if points[seat] == low]  # RM19, RM20, RM23
    pool = 0
    for seat in range(n):
        if seat not in winners:
            owed = points[seat] - low
            if seat == caller:  # Poker Rum: twice over; Poker Gin: once, and the forfeit
                owed = owed * rules.caller_times + rules.forfeit
            pay[seat] -= owed
            pool += owed
    share, extra = divmod(pool, len(winners))
    for i, seat in enumerate(winners):
        pay[seat] += share + (1 if i < extra else 0)
    return tuple(pay)


def false_call(rules: Rules, players: int, caller: int) -> tuple[int, ...]:
    """What a call over the limit costs (RM24): the penalty to each other player."""
    penalty = rules.false_call_penalty or 0
    return tuple(-penalty * (players - 1) if seat == caller else penalty
                 for seat in range(players))


def hand_pips(hand: int) -> int:
    """The pip total of the cards in a hand, jokers included (DP9)."""
    return sum(pip(card) for card in cards_of(hand))


def settle_out(rules: Rules, hands: Sequence[int], winner: int, splash: bool
               ) -> tuple[int, ...]:
    """Double-pack rum (DP9): each other player pays the player who went out the pips left
    in his hand, twice over after a splash."""
    times = 2 if splash and rules.splash else 1
    pay = [-hand_pips(hand) * times for hand in hands]
    pay[winner] = 0
    pay[winner] = -sum(pay)
    return tuple(pay)
