"""Solitaire Cribbage (docs/rules/solitaire-cribbage.md SC1-SC24, SCD1-SCD12): the game's
public face; modules outside import from here."""

from engine.protocols import GameState, GameView
from engine.solitaire_cribbage.counting import JACK, Count, count, heels, pips
from engine.solitaire_cribbage.entry import ENGINE, GAME
from engine.solitaire_cribbage.moves import Move, parse_move
from engine.solitaire_cribbage.rules import (
    DEALS,
    DOUBLE,
    GAME_HOLE,
    MAX_SEED,
    NAME,
    PARTNERS,
    SOLITAIRE,
    TEAMS,
    deal_positions,
)
from engine.solitaire_cribbage.state import State, View, new_packs, pack_of
from engine.solitaire_cribbage.table import Counted, Table, counted, last_counted


def _implements(state: State, view: View) -> tuple[GameState, GameView]:
    """Never called: mypy checks that the states and views are the engine's protocols."""
    return state, view


__all__ = ["DEALS", "DOUBLE", "ENGINE", "GAME", "GAME_HOLE", "JACK", "MAX_SEED", "NAME",
           "PARTNERS", "SOLITAIRE", "TEAMS", "Count", "Counted", "Move", "State", "Table",
           "View", "count", "counted", "deal_positions", "heels", "last_counted",
           "new_packs", "pack_of", "parse_move", "pips"]
