"""Game endpoints: new games, legal moves, moves, views and scores (docs/api.md)."""

from __future__ import annotations

import secrets
from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import abort

from api import other_games
from api.costs import house_moves
from api.dispatch import CASSINO, game_of, served
from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.game_responses import ANSWERS
from api.jsonio import Blueprint, respond
from api.limits import charge_sealed, charge_search
from api.rules import note_variant
from api.schemas import (
    DEFAULT_GAME,
    ApplyRequest,
    LegalMovesRequest,
    NewGameRequest,
    OtherMove,
    ScoreRequest,
    ViewRequest,
)
from api.sealed import SealedGame, Sealer, house_bot
from engine import Move, State, new_game, parse_move
from engine.cassino import (
    CLAIM,
    MAX_SAFE_SEED,
    PLAYING,
    View,
    claim,
    game_over,
    get_rules,
    move_json,
)
from engine.errors import CassinoError, IllegalMoveError
from engine.games import game_of_variant, get_game
from solver.cassino import sweep_risks

blp = Blueprint("games", __name__, url_prefix="/v1",
                description="Play: new games, legal moves, moves, views and scores. The server "
                            "stores no game: every request carries the full state (open "
                            "games) or a sealed game's token and a seat's credential.")


def playing(state: State) -> State:
    """``state``, refused with a 409 once the game is over (R27)."""
    if state.status != PLAYING:
        raise game_over(state)
    return state


def read_state(data: dict[str, Any]) -> State:
    """The state of a request, refused (422) when it is inconsistent."""
    with about("state"):
        name = game_of(data)
        if name != CASSINO:  # another game's (api/other_games.py)
            return served(name).read_state(data)  # type: ignore[no-any-return]
        return State.from_dict(data)


def sealer() -> Sealer:
    return current_app.extensions["cassino_sealer"]  # type: ignore[no-any-return]


def position(body: dict[str, Any], *, player: int | None = None,
             ) -> tuple[State, SealedGame | None, int | None]:
    """The request's state, and for a sealed game the game and the credential's seat
    (which must be ``player`` when given)."""
    if ("state" in body) == ("game" in body):
        abort(422, message="send a state, or a sealed game's game and credential",
              field="state")
    if "state" in body:
        if "credential" in body:
            abort(422, message="credential goes with game, not with state", field="credential")
        return read_state(body["state"]), None, None
    if "credential" not in body:
        abort(422, message="credential: required with game", field="credential")
    game, seat = sealer().seat(body["game"], body["credential"], player)
    note_variant(game.state.variant)
    return game.state, game, seat


def claim_in(data: Any) -> Move | None:
    """The claim a request's move is (T5), or ``None`` for any other move, well-formed or
    not (its errors are told where it is played)."""
    try:
        move = parse_move(data)
    except CassinoError:
        return None
    return move if move.type == CLAIM else None


def claim_of(move: Move, seat: int | None, field: str = "player") -> Move:
    """A claim (T5) made by ``seat`` when the request names one: the move may leave its
    player out, or must name the same seat (422 naming ``field`` otherwise)."""
    if seat is None or move.player == seat:
        return move
    if move.player is None:
        return claim(seat)
    raise IllegalMoveError(f"move.player is {move.player} but the claim is made by player "
                           f"{seat} ({field})", field=field, rule="T5")


def move_out(state: State, move: Move) -> dict[str, Any]:
    """A move as the server returns it: with ``id``, and ``kind`` and ``groups`` for builds."""
    return move_json(state.loose, state.builds, state.to_move, move, state.rules)


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(NewGameRequest, required=False, example=request_example("newGame"))
    @blp.response(200, ANSWERS["newGame"], example=response_example("newGame"))
    @document_errors(blp, *BODY_ERRORS, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Start a new game with round 1 dealt (R3, R4).

        The seed fixes every deal of the game (R5); without one the server draws one.
        """
        if "game" not in body:  # the variant's game, or the default one
            named = game_of_variant(body["variant"]) if "variant" in body else None
            body["game"] = DEFAULT_GAME if named is None else named.name
        body.setdefault("variant", get_game(body["game"]).default_variant)
        if body["game"] != CASSINO:
            return other_games.start(body, sealer())
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(MAX_SAFE_SEED + 1)  # exact in JavaScript
        with about("variant"):
            get_game(body["game"]).variant(body["variant"])  # the game's own variant
            get_rules(body["variant"])  # and a playable one
        state = new_game(seed, body["variant"], body.get("dealer"))  # names `dealer`
        if body.get("players", len(state.hands)) != len(state.hands):
            abort(422, message=f"players: {body['variant']} is for {len(state.hands)} "
                               "players", field="players")
        for i, seat in enumerate(body.get("house", ())):
            if seat["player"] >= len(state.hands):
                abort(422, message=f"house[{i}].player: {body['variant']} has seats 0.."
                                   f"{len(state.hands) - 1}", field=f"house[{i}].player")
        house = {seat["player"]: house_bot(seat) for seat in body.get("house", ())}
        if not body["sealed"]:
            if house:
                abort(422, message="house: only sealed games have house seats", field="house")
            return respond({"state": state.to_dict()})
        if len(house) == len(state.hands):
            abort(422, message="house: at least one seat must be a player's", field="house")
        charge_sealed()
        if house:  # the house may lead: the searches of the house seats to move first
            charge_search(*house_moves(state.game, state.variant, house, len(state.hands),
                                       state.to_move))
        game = sealer().start(state, house)
        return respond({"game": sealer().seal(game),
                        "credentials": [game.credential(seat)
                                        for seat in range(len(state.hands))]})


@blp.route("/legal-moves")
class LegalMoves(MethodView):
    @blp.arguments(LegalMovesRequest, example=request_example("legalMoves"))
    @blp.response(200, ANSWERS["legalMoves"], example=response_example("legalMoves"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Every legal move of the player to move, each once (R9-R22).

        Every move has an ``id``, a ``description`` in words, whether it sweeps and the
        point cards it takes; builds carry their kind and resulting groups.  A game that
        is over answers 409.  A sealed game tells them to the seat to move only, and
        ``player`` asks for another seat's: in twenty-one-claims every seat may claim the
        game at any moment, so its claim is listed (T5); elsewhere that is a 422 (R4).
        """
        state, game, seat = position(body, player=body.get("player"))
        if state.game != CASSINO:
            return other_games.legal_moves(body, state, game, seat)
        state = playing(state)
        if game is None:
            seat = body.get("player", state.to_move)
        assert seat is not None
        if seat not in state.acting:
            raise IllegalMoveError(f"it is player {state.to_move}'s turn, not player "
                                   f"{seat}'s: legal moves are the mover's (R4)",
                                   field="credential" if game is not None else "player",
                                   rule="R4")
        legal = state.moves_for(seat)
        moves = [move_out(state, m) for m in legal]
        answer: dict[str, Any] = {"player": seat, "moves": moves}
        families = state.move_families() if seat == state.to_move else []
        if families:  # D16: families listed in part, whose other moves are accepted too
            answer["families"] = [f.to_dict() for f in families]
        if body.get("risks"):  # sweep warnings, from the seat's view only (R29)
            plays = [m for m in legal if m.type != CLAIM]  # a claim plays no card (T5)
            risks = dict(zip(plays, sweep_risks(state.view(seat), plays), strict=True))
            answer["risks"] = [
                {"move": m.id, **(risks[m].to_dict() if m in risks else
                                  {"player": None, "probability": 0.0, "ranks": [],
                                   "method": "exact"})} for m in legal]
        return respond(answer)


@blp.route("/apply")
class Apply(MethodView):
    @blp.arguments(ApplyRequest, example=request_example("apply"))
    @blp.response(200, ANSWERS["apply"], example=response_example("apply"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Play a move and return the next state with what happened.

        The round's last card also collects the residue (R24), scores the round (R26)
        and ends the game (R27) or deals the next round.  An illegal move is a 422 that
        names the rule it breaks (out of turn: whose turn it is), and changes nothing; a
        game that is over answers 409.  With ``player``, the move must be that seat's
        and the events are told as that seat may see them (a deal shows its hand only).
        A sealed game answers the next token, the mover's view and its events (the
        house's answers included) instead of the state.
        """
        state, game, seat = position(body, player=body.get("player"))
        if state.game != CASSINO:
            return other_games.apply(body, state, game, seat, sealer())
        if isinstance(body["move"], OtherMove):  # not a Cassino move after all
            abort(422, messages={"json": {"move": body["move"].messages}})
        state = playing(state)
        if game is not None:
            assert seat is not None
            if game.house:  # the house answers: the searches of its seats in a row
                charge_search(*house_moves(state.game, state.variant, game.house,
                                           len(state.hands), (seat + 1) % len(state.hands)))
            with about("move"):
                move = parse_move(body["move"])
                after, moved = sealer().play(game, seat, move)
            answer = {"game": sealer().seal(after), "view": after.state.view(seat).to_dict(),
                      "events": after.events[seat]}
            if moved is not after.state:  # the house answered: the table it answered
                answer["view_before_house"] = moved.view(seat).to_dict()
            return respond(answer)
        seat = body.get("player")
        claimed = claim_in(body["move"])
        if claimed is not None:  # any seat may claim (T5)
            claimed = claim_of(claimed, seat)
        elif seat is not None and seat != state.to_move:
            raise IllegalMoveError(f"it is player {state.to_move}'s turn, not player {seat}'s "
                                   "(R4)", field="player", rule="R4")
        with about("move"):
            step = state.apply(parse_move(body["move"]) if claimed is None else claimed)
        return respond({"state": step.state.to_dict(),
                        "events": [event.to_dict(seat) for event in step.events]})


@blp.route("/view")
class ViewOf(MethodView):
    @blp.arguments(ViewRequest, example=request_example("view"))
    @blp.response(200, ANSWERS["view"], example=response_example("view"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """What one player may see (R28, R29): never another hand, the stock or the seed.

        A sealed game shows the credential's seat, with the events of the last apply.
        """
        state, game, seat = position(body, player=body.get("player"))
        if state.game != CASSINO:
            return other_games.view(body, state, game, seat)
        if game is not None:
            assert seat is not None
            return respond({"view": state.view(seat).to_dict(), "events": game.events[seat]})
        if "player" not in body:
            abort(422, message="player: required with state", field="player")
        return respond({"view": state.view(body["player"]).to_dict()})


@blp.route("/score")
class Score(MethodView):
    @blp.arguments(ScoreRequest, example=request_example("score"))
    @blp.response(200, ANSWERS["score"], example=response_example("score"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """The score breakdown of the capture piles as they stand (R26).

        Send a ``state``, a ``view`` (capture piles are public, R28), or a sealed game.
        Conquian and rummy answer their points per seat instead (``GameScore``).
        """
        if ("state" in body) + ("view" in body) + ("game" in body) != 1:
            abort(422, message="send exactly one of state, view or game", field="state")
        if "view" not in body:
            state = position(body)[0]
            if state.game != CASSINO:
                return other_games.score(state)
            breakdown = state.score()
        else:
            with about("view"):
                name = game_of(body["view"], "view")
                if name != CASSINO:
                    return other_games.score(served(name).read_view(body["view"]))
                breakdown = View.from_dict(body["view"]).score()
        return respond(breakdown.to_dict())
