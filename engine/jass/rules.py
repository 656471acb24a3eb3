"""Jass's constants, each written once (docs/rules/jass.md)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import make_card
from engine.games import GameType, VariantInfo

__all__ = [
    "DEAL_ROUND",
    "FOUR_VALUES",
    "GAME",
    "HAND",
    "JACK",
    "LAST_TRICK",
    "MARRIAGE",
    "MATCHES",
    "MAX_SEED",
    "NAME",
    "NINE",
    "PACK",
    "PLAIN_ORDER",
    "PLAIN_PIPS",
    "RUN_VALUES",
    "SEATS",
    "SETTINGS",
    "SIX",
    "THREE",
    "THREE_TURNED",
    "TRUMP_ORDER",
    "TRUMP_PIPS",
    "TWO",
    "Settings",
]

NAME = "jass"
THREE, TWO = "three-hand-jass", "two-hand-jass"
MATCHES = ("deal", "points", "marks")
"""JD16, JD17: a game of one deal; a match to 1,000 points with a call-out (JD19-JD21);
a match of a number of deals on marks (JD22)."""


@dataclass(frozen=True)
class Settings:
    """A variant's settings (JD16, JD17): the deal it plays (``form``: the rules of four,
    three or two, J3) and the game its deals make (``match``, one of :data:`MATCHES`)."""

    form: str
    seats: int
    match: str = "deal"
    target: int = 0
    """JD19-JD21: the total a call-out must reach (1,000)."""
    raise_by: int = 0
    """JD21: the target's rise when two totals or more reach it at a deal's end."""
    deals: int = 1
    """JD22: the deals of a match on marks (divisible by four, J18)."""
    marks: int = 0
    """JD22: the marks each player starts with."""
    rub: int = 0
    """JD22: the highest scores of a deal that rub off a mark (J18: two)."""
    setback: int = 0
    """JD22: a player scoring less than this in melds and play is set back a mark."""


def _points(form: str, seats: int) -> Settings:
    return Settings(form, seats, "points", target=1000, raise_by=250)


def _marks(form: str, seats: int) -> Settings:
    return Settings(form, seats, "marks", deals=12, marks=12, rub=2, setback=21)


SETTINGS = {
    NAME: Settings(NAME, 4), THREE: Settings(THREE, 3), TWO: Settings(TWO, 2),
    f"{NAME}-1000": _points(NAME, 4), f"{THREE}-1000": _points(THREE, 3),
    f"{TWO}-1000": _points(TWO, 2),
    f"{NAME}-marks": _marks(NAME, 4), f"{THREE}-marks": _marks(THREE, 3)}
"""Every variant's settings, found by its name (JD17; two-hand has no marks, J18)."""
SEATS = {name: s.seats for name, s in SETTINGS.items()}
"""J3: four each for himself (the default), three, or two with a stock (J19)."""
JACK, NINE, SIX = 11, 9, 6
"""The ranks of the jack and nine of trumps (J2) and of the six that takes the trump (J7)."""
PLAIN_ORDER = (6, 7, 8, 9, 10, 11, 12, 13, 1)
"""J1: the ranks of a plain suit from lowest to highest (6 .. 10, J, Q, K, A); also the
order of a sequence in every suit, trumps included (JD7)."""
TRUMP_ORDER = (6, 7, 8, 10, 12, 13, 1, NINE, JACK)
"""J2: the trumps from lowest to highest: the nine ("Nell") second, the jack highest."""
PLAIN_PIPS = {1: 11, 10: 10, 13: 4, 12: 3, 11: 2}
"""J1: the pips of the cards won (the others none)."""
TRUMP_PIPS = PLAIN_PIPS | {JACK: 20, NINE: 14}
"""J2: the jack and the nine of trumps."""
LAST_TRICK = 5
"""J16: the winner of the last trick."""
FOUR_VALUES = {JACK: 200, 1: 100, 13: 100, 12: 100, 10: 100}
"""J13: four jacks; four aces, kings, queens or tens (no other four is a meld)."""
RUN_VALUES = {3: 20, 4: 50, 5: 100}
"""J13, JD8: a sequence of three, four, five or more in a suit."""
MARRIAGE = 20
"""J13: the king and queen of trumps."""
HAND, DEAL_ROUND = 9, 3
"""J4: nine cards each, dealt three at a time."""
THREE_TURNED = 28
"""J5: with three, the twenty-eighth card dealt is turned for trump."""
PACK = sum(1 << make_card(r, s) for r in PLAIN_ORDER for s in range(4))
"""J1: the thirty-six cards (the 5, 4, 3 and 2 of each suit out)."""
MAX_SEED = 2**53 - 1

GAME = GameType(
    name=NAME, title="Jass", information="imperfect", chance="sampled",
    default_variant=NAME, rules_page=f"/rules/{NAME}", result="points",
    variants=(
        VariantInfo(NAME, "Four each for himself, nine cards each and the last card turned "
                    "for trump; one may pass out; melds after the first card played, the "
                    "jack of trumps highest and free to renege (J1-J18).", 4,
                    tuple((s,) for s in range(4)), True),
        VariantInfo(THREE, "Three each for himself, the twenty-eighth card turned for trump "
                    "and nine left on the table, which the dealer, or each in turn, may "
                    "take for his own nine (J1-J18).", 3, tuple((s,) for s in range(3)),
                    True),
        VariantInfo(TWO, "Two with a stock: the winner of each trick draws first, melds one "
                    "at a time after winning a trick, no need to follow until the stock "
                    "is gone (J19-J22).", 2, ((0,), (1,)), True),
        *(VariantInfo(f"{base}-1000", f"{title}: a match to 1,000 points, the first to "
                      "call out his total winning if he is right and losing if not (J18, "
                      "JD17-JD21).", seats, tuple((s,) for s in range(seats)), True)
          for base, title, seats in ((NAME, "Jass (four)", 4),
                                     (THREE, "Three-hand Jass", 3),
                                     (TWO, "Two-hand Jass", 2))),
        *(VariantInfo(f"{base}-marks", f"{title}: a match of twelve deals on marks, the "
                      "two highest scores of each deal rubbing off a mark and less than 21 "
                      "setting a player back one; the fewest marks left win (J18, JD22).",
                      seats, tuple((s,) for s in range(seats)), True)
          for base, title, seats in ((NAME, "Jass (four)", 4),
                                     (THREE, "Three-hand Jass", 3)))))
