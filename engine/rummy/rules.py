"""The variants as settings (docs/rules/rummy.md): every option a variant changes is a
field of :class:`Rules`, and :data:`VARIANTS` holds the presets."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import UnsupportedVariantError

__all__ = ["DOUBLE_PACK_RUM", "POKER_GIN", "POKER_GIN_CALLER", "POKER_RUM", "VARIANTS", "Rules",
           "get_rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """One variant of rummy."""

    name: str
    description: str
    call_limit: int
    """The most deadwood a show-down may be called with (RM14: 15; RM22: 10)."""
    layoffs: bool
    """Whether the other players may lay odd cards off on the caller's melds (RM21)."""
    false_call_penalty: int | None
    """Points a caller over the limit pays each other player, play going on (RM24);
    ``None``: such a call is refused (RM14)."""
    forfeit: int
    """Extra points the caller pays when beaten (RM23): to the lowest hand (shared by the
    tied, RM20), or with ``low_wins_all`` off to each player who beats him; 0 in Poker
    Rum."""
    low_wins_all: bool
    """Poker Rum's settlement (RM19): the lowest hand below the caller's collects from
    everybody; otherwise each player settles with the caller alone (RM23's
    ``poker-gin-caller``)."""
    caller_times: int = 1
    """How many times over the caller pays his difference to the lowest hand that beats
    him (RM19: twice in Poker Rum; RM23: once, and the forfeit, in Poker Gin)."""
    hand_size: int = 10
    """Cards dealt to each player (RM6)."""
    min_players: int = 2
    max_players: int = 6
    single_pack_players: int = 3
    """The most players one pack serves; more play with two packs (RM2)."""
    jokers: int = 0
    default_players: int = 2
    lay_out: bool = False
    """Double-pack rum (DP3-DP8): melds are laid out and added to during play, there is no
    show-down, the first player out of cards wins."""
    splash: bool = False
    """A player who goes out laying out his whole hand in one turn wins double (DP9)."""
    turn_over: bool = False
    """When the stock runs out the pile is turned face down into a new stock as it lies,
    as often as need be, and is public from then on (DP11, DP12); otherwise it is shuffled
    into a new stock once (RM25)."""
    stall_rounds: int = 0
    """With ``turn_over``: a hand stalls, and ends drawn, after this many whole rounds of
    turns each opened by a take with nothing laid out (DP13)."""
    playable: bool = True
    """Served by the API (docs/api.md "Other games")."""

    def packs(self, players: int) -> int:
        """How many packs a table of ``players`` uses (RM2)."""
        return 1 if players <= self.single_pack_players else 2


POKER_RUM = Rules(
    name="poker-rum", description="Draw and discard until your deadwood is 15 or less, then "
    "call a show-down: everybody settles on the difference, a lower hand than the caller's "
    "takes all, the caller paying double.",
    call_limit=15, layoffs=False, false_call_penalty=None, forfeit=0, low_wins_all=True,
    caller_times=2)

POKER_GIN = Rules(
    name="poker-gin", description="Poker rum with a call at 10 or less: the others may lay "
    "off on the caller's melds; a lower hand than the caller's takes all, the caller paying "
    "the difference and 10 more; a call over 10 costs 5 to each player and play goes on.",
    call_limit=10, layoffs=True, false_call_penalty=5, forfeit=10, low_wins_all=True)

POKER_GIN_CALLER = Rules(
    name="poker-gin-caller", description="Poker gin in which each player settles with the "
    "caller alone: more deadwood pays him the difference, less wins it and 10 more from "
    "him.",
    call_limit=10, layoffs=True, false_call_penalty=5, forfeit=10, low_wins_all=False)

DOUBLE_PACK_RUM = Rules(
    name="double-pack-rum", description="Two packs and two wild jokers: lay out and add to "
    "any meld in your turn; the first player out of cards collects the pips left in every "
    "other hand.",
    call_limit=0, layoffs=False, false_call_penalty=None, forfeit=0, low_wins_all=False,
    single_pack_players=0, jokers=2, lay_out=True, splash=True, turn_over=True,
    stall_rounds=5)

VARIANTS: dict[str, Rules] = {r.name: r for r in (POKER_RUM, POKER_GIN, DOUBLE_PACK_RUM,
                                                  POKER_GIN_CALLER)}


def get_rules(name: str) -> Rules:
    """The preset of variant ``name``; :class:`UnsupportedVariantError` naming ``variant``."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        known = ", ".join(VARIANTS)
        raise UnsupportedVariantError(f"unknown rummy variant {name!r}; known: {known}",
                                      field="variant") from None
