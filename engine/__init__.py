"""Pure rules of Cassino (docs/rules/standard.md R1-R29): no I/O, standard library only.

Start with :func:`new_game`, then :meth:`State.legal_moves` and :meth:`State.apply`.
"""

from engine.cards import card_name, format_cards, parse_card, parse_cards
from engine.errors import (
    CardError,
    CassinoError,
    IllegalMoveError,
    MoveFormatError,
    StateError,
    UnsupportedVariantError,
)
from engine.events import Event
from engine.moves import BUILD, CAPTURE, TRAIL, Move, parse_move, parse_move_id
from engine.play import State, Step, advance, build_result, deal_order, new_game
from engine.rules import STANDARD, VARIANTS, Rules, get_rules
from engine.scoring import Breakdown, score
from engine.table import Build

__all__ = [
    "BUILD", "CAPTURE", "STANDARD", "TRAIL", "VARIANTS", "Breakdown", "Build", "CardError",
    "CassinoError", "Event", "IllegalMoveError", "Move", "MoveFormatError", "Rules", "State",
    "StateError", "Step", "UnsupportedVariantError", "advance", "build_result", "card_name",
    "deal_order", "format_cards", "get_rules", "new_game", "parse_card", "parse_cards",
    "parse_move", "parse_move_id", "score",
]
