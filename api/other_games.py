"""The play endpoints for the games besides Cassino (docs/api.md "Other games"): the same
requests as Cassino's, answered in the engine's own wire forms (:mod:`api.dispatch`).

:mod:`api.games` reads a request, sees that its state (or its sealed game's) is of another
game, and hands it here; Cassino's answers never pass through this module.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Response
from flask_smorest import abort

from api.dispatch import Served, served
from api.errors import about
from api.jsonio import respond
from api.limits import charge_search
from api.schemas import OtherMove
from api.sealed import SealedGame, Sealer, house_run
from engine.errors import GameOverError, IllegalMoveError, UnsupportedVariantError
from engine.games import get_game

__all__ = ["apply", "legal_moves", "score", "start", "view"]

MAX_SAFE_SEED = 2**53 - 1
"""The largest seed the server draws: exact in JavaScript (as for Cassino)."""


def start(body: dict[str, Any], sealer: Sealer) -> Response:
    """``POST /v1/games`` of another game: its first hand dealt, open or sealed, the
    house playing the seats it is given (each bot from its seat's view)."""
    entry = served(body["game"])
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(min(MAX_SAFE_SEED, entry.max_seed) + 1)
    with about("variant"):
        entry.players(body["variant"])  # a variant of this game
        if not get_game(entry.name).variant(body["variant"]).playable:
            raise UnsupportedVariantError(f"variant {body['variant']!r} is declared but not "
                                          "playable yet", field="variant")
    state = entry.new_game(seed, body["variant"], body.get("dealer"), body.get("players"))
    seats = state.seats
    house: dict[int, str] = {}
    for i, seat in enumerate(body.get("house", ())):
        if seat["player"] >= seats:
            abort(422, message=f"house[{i}].player: this {body['variant']} game has seats 0.."
                               f"{seats - 1}", field=f"house[{i}].player")
        if "dial" in seat:
            abort(422, message=f"house[{i}].dial: a dial plays Cassino only; "
                               f"{body['variant']} is played by a bot", field=f"house[{i}].dial")
        bots = entry.bots(body["variant"])
        if seat["bot"] not in bots:
            abort(422, message=f"house[{i}].bot: {body['variant']} is played by "
                               f"{', '.join(bots)}", field=f"house[{i}].bot")
        house[seat["player"]] = seat["bot"]
    if not body["sealed"]:
        if house:
            abort(422, message="house: only sealed games have house seats", field="house")
        return respond({"state": state.to_dict()})
    if len(house) == seats:
        abort(422, message="house: at least one seat must be a player's", field="house")
    if house:  # the house may lead: one search per house seat to move first
        charge_search(max(1, house_run(house, seats, state.to_move)))
    game = sealer.start(state, house)
    return respond({"game": sealer.seal(game),
                    "credentials": [game.credential(seat) for seat in range(seats)]})


def _playing(entry: Served, state: Any, field: str) -> None:
    """409 once the hand is over (Conquian Q18, Q20; rummy RM26)."""
    if state.game_over:
        raise GameOverError("the hand is over: no move can follow", field=field,
                            rule=entry.over_rule)


def _may_act(entry: Served, state: Any, seat: int, field: str) -> None:
    if seat not in state.acting:
        raise IllegalMoveError(f"it is player {state.to_move}'s turn, not player {seat}'s: "
                               f"legal moves are the mover's ({entry.turn_rule})",
                               field=field, rule=entry.turn_rule)


def legal_moves(body: dict[str, Any], state: Any, sealed: SealedGame | None,
                seat: int | None) -> Response:
    """Every legal move of the seat to act, each with its ``id`` and ``description``."""
    entry = served(state.game)
    _playing(entry, state, "game" if sealed is not None else "state.phase")
    if sealed is None:
        seat = body.get("player", state.to_move)
    assert seat is not None
    _may_act(entry, state, seat, "credential" if sealed is not None else "player")
    return respond({"player": seat,
                    "moves": [entry.move_json(m, state) for m in state.moves_for(seat)]})


def apply(body: dict[str, Any], state: Any, sealed: SealedGame | None, seat: int | None,
          sealer: Sealer) -> Response:
    """Play a move: the next state and the events (open games, told as ``player`` may see
    them when named), or the next token, the mover's view and its events (sealed games)."""
    entry = served(state.game)
    _playing(entry, state, "game" if sealed is not None else "state.phase")
    if sealed is not None:
        assert seat is not None
        _may_act(entry, state, seat, "credential")
        if sealed.house:  # the house answers: one search per house seat in a row
            charge_search(max(1, sealed.house_run((seat + 1) % state.seats)))
        with about("move"):
            move = entry.parse_move(_move_of(body))
            after, moved = sealer.play(sealed, seat, move)
        answer = {"game": sealer.seal(after), "view": after.state.view(seat).to_dict(),
                  "events": after.events[seat]}
        if moved is not after.state:  # the house answered: the table it answered
            answer["view_before_house"] = moved.view(seat).to_dict()
        return respond(answer)
    seat = body.get("player")
    if seat is not None:
        _may_act(entry, state, seat, "player")
    with about("move"):
        after_state, events = state.apply(entry.parse_move(_move_of(body)))
    return respond({"state": after_state.to_dict(),
                    "events": [entry.event_json(event, seat) for event in events]})


def _move_of(body: dict[str, Any]) -> Any:
    """The request's move as it was sent (a sealed request's is wrapped, api/schemas.py)."""
    move = body["move"]
    return move.value if isinstance(move, OtherMove) else move


def view(body: dict[str, Any], state: Any, sealed: SealedGame | None,
         seat: int | None) -> Response:
    """What one seat may see; a sealed game's with the events of the last apply."""
    if sealed is not None:
        assert seat is not None
        return respond({"view": state.view(seat).to_dict(), "events": sealed.events[seat]})
    if "player" not in body:
        abort(422, message="player: required with state", field="player")
    with about("player"):
        seen = state.view(body["player"])
    return respond({"view": seen.to_dict()})


def score(position: Any) -> Response:
    """The points per seat as they stand, of a state or a view (both say the same)."""
    entry = served(position.game)
    return respond({"game": entry.name, "variant": position.variant,
                    "game_over": position.game_over, "scores": entry.scores(position)})
