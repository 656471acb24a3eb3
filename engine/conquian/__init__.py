"""Conquian (docs/rules/conquian.md Q1-Q24, QD1-QD17): the game's public face.

Modules outside ``engine/conquian/`` import from here, never from the modules inside
(tests/test_layers.py checks it).
"""

from engine.conquian.deal import MAX_SEED, deal, first_dealer
from engine.conquian.entry import ENGINE
from engine.conquian.events import Event
from engine.conquian.game import CONQUIAN_GAME
from engine.conquian.melds import Layout, layout
from engine.conquian.movegen import DISCARDED, PASSED, TURNED, meld_moves, offer_moves
from engine.conquian.moves import (
    DISCARD,
    FORCE,
    LAY,
    MOVE_TYPES,
    PASS,
    TAKE,
    Move,
    parse_move,
    parse_move_id,
)
from engine.conquian.play import State, Step, View, advance, new_game
from engine.conquian.referee import explain
from engine.conquian.rules import AMERICAN, CONQUIAN, VARIANTS, Rules, get_rules
from engine.conquian.state import MELD, OFFER, OVER, all_cards, seats_of
from engine.conquian.words import event_text, move_json, move_text
from engine.conquian.worlds import unseen
from engine.protocols import GameState, GameView

GAME = CONQUIAN_GAME
"""This package's entry in the registry of games (engine.games)."""


def _implements(state: State, view: View) -> tuple[GameState, GameView]:
    """Never called: mypy checks here that Conquian's states and views are the engine's
    protocols (engine.protocols)."""
    return state, view


__all__ = [
    "AMERICAN",
    "CONQUIAN",
    "CONQUIAN_GAME",
    "DISCARD",
    "DISCARDED",
    "ENGINE",
    "FORCE",
    "GAME",
    "LAY",
    "MAX_SEED",
    "MELD",
    "MOVE_TYPES",
    "OFFER",
    "OVER",
    "PASS",
    "PASSED",
    "TAKE",
    "TURNED",
    "VARIANTS",
    "Event",
    "Layout",
    "Move",
    "Rules",
    "State",
    "Step",
    "View",
    "advance",
    "all_cards",
    "deal",
    "event_text",
    "explain",
    "first_dealer",
    "get_rules",
    "layout",
    "meld_moves",
    "move_json",
    "move_text",
    "new_game",
    "offer_moves",
    "parse_move",
    "parse_move_id",
    "seats_of",
    "unseen",
]
