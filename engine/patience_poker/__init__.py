"""Patience Poker (docs/rules/patience-poker.md, PP1-PP19, PPD1-PPD14): twenty-five cards
laid one by one into a square of five by five whose rows and columns are poker hands,
alone or as a competition in which every seat places the same card called."""

from engine.patience_poker.grid import BOOK, CARDS, FIXED, Geometry, geometry, lines
from engine.patience_poker.hands import CATEGORIES, SYSTEMS, category, count
from engine.patience_poker.state import (
    MAX_PLAYERS,
    MAX_SEED,
    NAME,
    VARIANTS,
    Event,
    Move,
    State,
    View,
    deal,
    parse_move,
)

__all__ = ["BOOK", "CARDS", "CATEGORIES", "FIXED", "MAX_PLAYERS", "MAX_SEED", "NAME",
           "SYSTEMS", "VARIANTS", "Event", "Geometry", "Move", "State", "View", "category",
           "count", "deal", "geometry", "lines", "parse_move"]
