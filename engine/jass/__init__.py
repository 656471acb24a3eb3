"""Jass (docs/rules/jass.md, J1-J22): the Swiss trick-taking game of thirty-six cards for
four or three each for himself, and two with a stock; the jack and nine of trumps highest,
melds declared after the first card played (two-hand: after winning a trick)."""

from engine.jass.moves import CALL, EXCHANGE, KEEP, PASS, STAY, Move, parse_move
from engine.jass.state import Event, State, View, new_game

__all__ = ["CALL", "EXCHANGE", "KEEP", "PASS", "STAY", "Event", "Move", "State", "View", "new_game",
           "parse_move"]
