"""Rules engines of the games of the book: no I/O, standard library only.

The core is the cards and their notation (:mod:`engine.cards`), the errors
(:mod:`engine.errors`), the protocols every game implements (:mod:`engine.protocols`) and
the registry of games (:mod:`engine.games`); each game is a sub-package (``engine.cassino``).
Cassino's public names are re-exported here: start with :func:`new_game`, then
:meth:`State.legal_moves` and :meth:`State.apply`.
"""

from engine.cards import card_name, format_cards, parse_card, parse_cards
from engine.cassino import (
    BUILD,
    CAPTURE,
    STANDARD,
    TRAIL,
    VARIANTS,
    Breakdown,
    Build,
    Event,
    Move,
    Rules,
    State,
    Step,
    advance,
    build_result,
    deal_order,
    get_rules,
    new_game,
    parse_move,
    parse_move_id,
    score,
)
from engine.errors import (
    CardError,
    GameError,
    IllegalMoveError,
    MoveFormatError,
    StateError,
    UnsupportedVariantError,
)
from engine.games import GameType, game_types, get_game

__all__ = [
    "BUILD",
    "CAPTURE",
    "STANDARD",
    "TRAIL",
    "VARIANTS",
    "Breakdown",
    "Build",
    "CardError",
    "Event",
    "GameError",
    "GameType",
    "IllegalMoveError",
    "Move",
    "MoveFormatError",
    "Rules",
    "State",
    "StateError",
    "Step",
    "UnsupportedVariantError",
    "advance",
    "build_result",
    "card_name",
    "deal_order",
    "format_cards",
    "game_types",
    "get_game",
    "get_rules",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "parse_move_id",
    "score",
]
