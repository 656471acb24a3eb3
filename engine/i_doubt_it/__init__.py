"""I Doubt It (docs/rules/i-doubt-it.md, ID1-ID13): a round game of bluffing for two to ten
seats, each laying three cards face down as three of a kind, truly or not, each other seat
in turn doubting or passing."""

from engine.i_doubt_it.moves import DOUBT, PASS, Claims, Move, parse_move
from engine.i_doubt_it.state import Event, State, View, new_game

__all__ = ["DOUBT", "PASS", "Claims", "Event", "Move", "State", "View", "new_game",
           "parse_move"]
