"""Canfield, the book's patience and the common game (docs/rules/canfield.md)."""

from engine.canfield.rules import BET, BOOK, CLASSIC, get_rules
from engine.canfield.state import HIDDEN, Move, State, View, deal, parse_move

__all__ = ["BET", "BOOK", "CLASSIC", "HIDDEN", "Move", "State", "View", "deal", "get_rules",
           "parse_move"]
