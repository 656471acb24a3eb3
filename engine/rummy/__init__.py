"""Rummy (docs/rules/rummy.md RM1-RM27: Poker Rum and Poker Gin): the game's public face.

Modules outside ``engine/rummy/`` import what they need from here, never from the modules
inside (tests/test_layers.py checks it).
"""

from engine.protocols import GameState, GameView
from engine.rummy.cards import (
    PIPS,
    card_name,
    format_cards,
    parse_card,
    parse_cards,
    pip,
    rank_of,
    suit_of,
)
from engine.rummy.events import Event
from engine.rummy.game import RUMMY
from engine.rummy.melds import (
    Arrangement,
    arrange,
    candidate_melds,
    deadwood_after_discards,
    deadwood_points,
    is_run,
    is_set,
    layoff_groups,
    pips,
)
from engine.rummy.moves import DISCARD, DRAW, TAKE, Move, parse_move
from engine.rummy.play import (
    GAME_NAME,
    MAX_SEED,
    State,
    View,
    advance,
    deal_order,
    first_dealer,
    new_game,
    refuse,
)
from engine.rummy.rules import POKER_GIN, POKER_RUM, VARIANTS, Rules, get_rules
from engine.rummy.scoring import false_call, settle, show_down
from engine.rummy.state import DRAWN, PLAYING, SHOWDOWN, Played, known_cards

GAME = RUMMY
"""This package's entry in the registry of games (engine.games)."""


def _implements(state: State, view: View) -> tuple[GameState, GameView]:
    """Never called: mypy checks here that rummy's states and views are the engine's
    protocols (engine.protocols), ``View.resample`` included."""
    return state, view


__all__ = [
    "DISCARD", "DRAW", "DRAWN", "GAME", "GAME_NAME", "MAX_SEED", "PIPS", "PLAYING",
    "POKER_GIN", "POKER_RUM", "RUMMY", "SHOWDOWN", "TAKE", "VARIANTS", "Arrangement",
    "Event", "Move", "Played", "Rules", "State", "View", "advance", "arrange",
    "candidate_melds", "card_name", "deadwood_after_discards", "deadwood_points", "deal_order",
    "false_call", "first_dealer", "format_cards", "get_rules", "is_run", "is_set",
    "known_cards", "layoff_groups", "new_game", "parse_card", "parse_cards", "parse_move",
    "pip", "pips", "rank_of", "refuse", "settle", "show_down", "suit_of",
]
