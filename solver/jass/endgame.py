"""Two-hand Jass once the stock is gone (J22): every card is known to a seat that counts
(the other hand is the cards unseen), and the rest of the deal is a zero-sum game of the
two seats' points, searched exactly by alpha-beta with a transposition table, like a
Schnapsen engine's.  The value is the seat to move's points less the other's over the
tricks left (their melds are settled: each seat that melded won a trick, J15, JD14)."""

from __future__ import annotations

from engine.cards import cards_of
from engine.jass.cards import beats, legal_plays, pips, strength
from engine.jass.rules import LAST_TRICK, PACK

__all__ = ["Endgame"]

EXACT, LOWER, UPPER = 0, 1, 2


class Endgame:
    """The exact rest of a two-hand deal with trumps ``trump`` (one table per deal)."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.table: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.nodes = 0
        self._pips = {c: pips(c, trump) for c in cards_of(PACK)}
        order = {c: strength(c, trump) + (9 if c & 3 == trump else 0) for c in cards_of(PACK)}
        self._rank = sorted(cards_of(PACK), key=lambda c: -order[c])
        self._beats = {(c, d): beats(c, d, trump) for c in cards_of(PACK)
                       for d in cards_of(PACK)}
        self._lists: dict[tuple[int, int], list[int]] = {}
        """The cards a hand may play to a lead (-1: leading), strongest first."""

    def _cards(self, mine: int, led: int) -> list[int]:
        key = (mine, led)
        found = self._lists.get(key)
        if found is None:
            allowed = mine if led < 0 else legal_plays(mine, [led], self.trump,
                                                        free_jack=False)
            found = self._lists[key] = [c for c in self._rank if allowed >> c & 1]
        return found

    def value(self, mine: int, theirs: int, led: int = -1) -> int:
        """The rest's points of the seat to move less the other's: it holds ``mine``, the
        other ``theirs``; ``led`` the card the other led to this trick (-1: it leads)."""
        return self._search(mine, theirs, led, -1000, 1000)

    def _search(self, mine: int, theirs: int, led: int, alpha: int, beta: int) -> int:
        if not mine:
            return 0
        key = (mine, theirs, led)
        found = self.table.get(key)
        if found is not None:
            value, flag = found
            if flag == EXACT or (flag == LOWER and value >= beta) or (
                    flag == UPPER and value <= alpha):
                return value
        self.nodes += 1
        start = alpha
        best = -1000
        if led < 0:
            for card in self._cards(mine, led):
                value = -self._search(theirs, mine & ~(1 << card), card, -beta, -alpha)
                best = max(best, value)
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            for card in self._cards(mine, led):
                won = self._pips[card] + self._pips[led]
                rest = mine & ~(1 << card)
                if not rest:
                    won += LAST_TRICK
                if self._beats[card, led]:
                    value = won + self._search(rest, theirs, -1, alpha - won, beta - won)
                else:
                    value = -won - self._search(theirs, rest, -1, -beta - won, -alpha - won)
                best = max(best, value)
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        flag = UPPER if best <= start else LOWER if best >= beta else EXACT
        self.table[key] = (best, flag)
        return best
