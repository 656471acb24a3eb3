"""Cassino (docs/rules/standard.md R1-R29 and the book's variants): the game's public face.

Modules outside ``engine/cassino/`` import what they need from here, never from the
modules inside (tests/test_layers.py checks it): the rules of the game may be reorganised
without touching the solver, the workers or the API.
"""

from engine.cassino.alike import alike_moves, card_class
from engine.cassino.count_out import claims_allowed, secured
from engine.cassino.entry import ENGINE
from engine.cassino.events import Event
from engine.cassino.families import LISTED, Family
from engine.cassino.game import CASSINO, partner, side_of, sides, teams
from engine.cassino.movegen import legal_moves as generate_moves
from engine.cassino.movegen import moves_and_families
from engine.cassino.moves import (
    BUILD,
    CAPTURE,
    CLAIM,
    TRAIL,
    Move,
    claim,
    parse_move,
    parse_move_id,
)
from engine.cassino.play import (
    State,
    Step,
    View,
    advance,
    build_result,
    deal_order,
    first_dealer,
    is_legal,
    move_json,
    new_game,
    round_dealt,
)
from engine.cassino.record import (
    RECORD_FORMAT,
    RECORD_VERSION,
    DealRecord,
    Position,
    Record,
    RecordError,
    first_dealer_of,
    record_of,
    replay,
)
from engine.cassino.referee import game_over
from engine.cassino.rules import STANDARD, VARIANTS, Rules, get_rules
from engine.cassino.scoring import (
    SCHEMES,
    Breakdown,
    Category,
    Scheme,
    card_points,
    least_points,
    scheme,
    score,
)
from engine.cassino.state import GAME_OVER, MAX_COUNT, MAX_SAFE_SEED, MAX_SEED, PLAYING, Played
from engine.cassino.sums import MAX_FAMILY, splits, unions
from engine.cassino.table import Build, play_card
from engine.cassino.why import Reason, Why, why
from engine.cassino.words import move_text
from engine.cassino.worlds import HandSampler, batch_requirements, stock_order
from engine.protocols import GameState, GameView

GAME = CASSINO
"""This package's entry in the registry of games (engine.games)."""


def _implements(state: State, view: View) -> tuple[GameState, GameView]:
    """Never called: mypy checks here that Cassino's states and views are the engine's
    protocols (engine.protocols), ``View.resample`` included."""
    return state, view

__all__ = [
    "BUILD",
    "CAPTURE",
    "CASSINO",
    "CLAIM",
    "ENGINE",
    "GAME",
    "GAME_OVER",
    "LISTED",
    "MAX_COUNT",
    "MAX_FAMILY",
    "MAX_SAFE_SEED",
    "MAX_SEED",
    "PLAYING",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SCHEMES",
    "STANDARD",
    "TRAIL",
    "VARIANTS",
    "Breakdown",
    "Build",
    "Category",
    "DealRecord",
    "Event",
    "Family",
    "HandSampler",
    "Move",
    "Played",
    "Position",
    "Reason",
    "Record",
    "RecordError",
    "Rules",
    "Scheme",
    "State",
    "Step",
    "View",
    "Why",
    "advance",
    "alike_moves",
    "batch_requirements",
    "build_result",
    "card_class",
    "card_points",
    "claim",
    "claims_allowed",
    "deal_order",
    "first_dealer",
    "first_dealer_of",
    "game_over",
    "generate_moves",
    "get_rules",
    "is_legal",
    "least_points",
    "move_json",
    "move_text",
    "moves_and_families",
    "new_game",
    "parse_move",
    "parse_move_id",
    "partner",
    "play_card",
    "record_of",
    "replay",
    "round_dealt",
    "scheme",
    "score",
    "secured",
    "side_of",
    "sides",
    "splits",
    "stock_order",
    "teams",
    "unions",
    "why",
]
