"""Rummy (docs/rules/rummy.md: Poker Rum and Poker Gin, RM1-RM28; Double-Pack Rum,
DP1-DP13): the game's public face.

Modules outside ``engine/rummy/`` import what they need from here, never from the modules
inside (tests/test_layers.py checks it).
"""

from engine.protocols import GameState, GameView
from engine.rummy.cards import (
    PIPS,
    card_name,
    format_cards,
    pack,
    parse_card,
    parse_cards,
    pip,
    rank_of,
    suit_of,
)
from engine.rummy.deal import reshuffle
from engine.rummy.entry import ENGINE
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
from engine.rummy.moves import ADD, DISCARD, DRAW, MELD, SHIFT, TAKE, Move, parse_move
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
from engine.rummy.rules import (
    DOUBLE_PACK_RUM,
    POKER_GIN,
    POKER_GIN_CALLER,
    POKER_RUM,
    VARIANTS,
    Rules,
    get_rules,
)
from engine.rummy.scoring import false_call, hand_pips, settle, settle_out, show_down
from engine.rummy.state import DRAWN, OUT, PLAYING, SHOWDOWN, Played, known_cards
from engine.rummy.stock import DRAWN_REASONS
from engine.rummy.table import Laid, laid_problem
from engine.rummy.words import event_text, move_json, move_text

GAME = RUMMY
"""This package's entry in the registry of games (engine.games)."""


def _implements(state: State, view: View) -> tuple[GameState, GameView]:
    """Never called: mypy checks here that rummy's states and views are the engine's
    protocols (engine.protocols), ``View.resample`` included."""
    return state, view


__all__ = [
    "ADD",
    "DISCARD",
    "DOUBLE_PACK_RUM",
    "DRAW",
    "DRAWN",
    "DRAWN_REASONS",
    "ENGINE",
    "GAME",
    "GAME_NAME",
    "MAX_SEED",
    "MELD",
    "OUT",
    "PIPS",
    "PLAYING",
    "POKER_GIN",
    "POKER_GIN_CALLER",
    "POKER_RUM",
    "RUMMY",
    "SHIFT",
    "SHOWDOWN",
    "TAKE",
    "VARIANTS",
    "Arrangement",
    "Event",
    "Laid",
    "Move",
    "Played",
    "Rules",
    "State",
    "View",
    "advance",
    "arrange",
    "candidate_melds",
    "card_name",
    "deadwood_after_discards",
    "deadwood_points",
    "deal_order",
    "event_text",
    "false_call",
    "first_dealer",
    "format_cards",
    "get_rules",
    "hand_pips",
    "is_run",
    "is_set",
    "known_cards",
    "laid_problem",
    "layoff_groups",
    "move_json",
    "move_text",
    "new_game",
    "pack",
    "parse_card",
    "parse_cards",
    "parse_move",
    "pip",
    "pips",
    "rank_of",
    "refuse",
    "reshuffle",
    "settle",
    "settle_out",
    "show_down",
    "suit_of",
]
