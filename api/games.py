"""Game endpoints: new games, legal moves, moves, views and scores (docs/api.md), for every
game through its entry in the registry (:mod:`api.served`)."""

from __future__ import annotations

import secrets
from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import abort

from api.costs import house_moves
from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.game_responses import ANSWERS
from api.jsonio import Blueprint, respond
from api.limits import charge_sealed, charge_search
from api.rules import note_variant
from api.schemas import (
    ApplyRequest,
    LegalMovesRequest,
    NewGameRequest,
    ScoreRequest,
    ViewRequest,
)
from api.sealed import MAX_SAFE_SEED, SealedGame, Sealer, check_from_view
from api.served import ServedGame, game_of, served
from engine.errors import UnsupportedVariantError
from engine.games import game_of_variant, get_game, unnamed_game

blp = Blueprint("games", __name__, url_prefix="/v1",
                description="Play: new games, legal moves, moves, views and scores. The server "
                            "stores no game: every request carries the full state (open "
                            "games) or a sealed game's token and a seat's credential.")


def read_state(data: dict[str, Any]) -> Any:
    """The state of a request, refused (422) when it is inconsistent."""
    with about("state"):
        return served(game_of(data)).read_state(data)


def sealer() -> Sealer:
    return current_app.extensions["cardgames_sealer"]  # type: ignore[no-any-return]


def position(body: dict[str, Any], *, player: int | None = None,
             ) -> tuple[Any, SealedGame | None, int | None]:
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


def playing(entry: ServedGame, state: Any, sealed: SealedGame | None) -> None:
    """A 409 once the game is over (its over rule: R27, Q18, RM26)."""
    if entry.over(state):
        raise entry.over_error(state, "game" if sealed is not None else "state.phase")


def _house(body: dict[str, Any], entry: ServedGame, variant: str, seats: int) -> dict[int, str]:
    """The house seats of ``POST /v1/games``, each as its bot's name (checked)."""
    house: dict[int, str] = {}
    for i, seat in enumerate(body.get("house", ())):
        if seat["player"] >= seats:
            abort(422, message=f"house[{i}].player: {variant} has seats 0..{seats - 1}",
                  field=f"house[{i}].player")
        house[seat["player"]] = entry.house_spec(seat, i, variant)
    return house


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(NewGameRequest, required=False, example=request_example("newGame"))
    @blp.response(200, ANSWERS["newGame"], example=response_example("newGame"))
    @document_errors(blp, *BODY_ERRORS, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """Start a new game with round 1 dealt (R3, R4).

        The seed fixes every deal of the game (R5); without one the server draws one.
        """
        if "game" not in body:  # the variant's game, or the unnamed one
            named = game_of_variant(body["variant"]) if "variant" in body else None
            body["game"] = (named or unnamed_game()).name
        body.setdefault("variant", get_game(body["game"]).default_variant)
        entry = served(body["game"])
        seed = body.get("seed")
        if seed is None:  # exact in JavaScript
            seed = secrets.randbelow(min(MAX_SAFE_SEED, entry.engine.max_seed) + 1)
        with about("variant"):
            if not get_game(entry.name).variant(body["variant"]).playable:
                raise UnsupportedVariantError(f"variant {body['variant']!r} is declared but "
                                              "not playable yet", field="variant")
        state = entry.new_game(seed, body["variant"], body.get("dealer"), body.get("players"))
        seats = entry.seats(state)
        house = _house(body, entry, body["variant"], seats)
        if not body["sealed"]:
            if house:
                abort(422, message="house: only sealed games have house seats", field="house")
            return respond({"state": state.to_dict()})
        if len(house) == seats:
            abort(422, message="house: at least one seat must be a player's", field="house")
        entry.refuse_unless("sealed", "sealed", "a sealed game")
        charge_sealed()
        if house:  # the house may lead: the searches of the house seats to move first
            charge_search(*house_moves(entry, state, house))
        game = sealer().start(state, house)
        return respond({"game": sealer().seal(game),
                        "credentials": [game.credential(seat) for seat in range(seats)]})


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
        entry = served(state.game)
        playing(entry, state, game)
        if game is None:
            seat = body.get("player", entry.to_move(state))
        assert seat is not None
        if seat not in state.acting:
            raise entry.turn_error(state, seat,
                                   "credential" if game is not None else "player")
        return respond(entry.moves_answer(state, seat, body))


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
        entry = served(state.game)
        playing(entry, state, game)
        if game is not None:
            assert seat is not None
            move = entry.sealed_move(state, seat, entry.read_move(body["move"]))
            with about("move"):
                if game.house:  # the house answers: the searches of its seats in a row
                    # after the seat's own view accepts the move: the house's cost is
                    # told from the move played on the whole state (its public turn
                    # order), whose refusal would be the state's, not the view's (D17,
                    # QD13, RM27)
                    check_from_view(state, seat, move)
                    charge_search(*house_moves(entry, state.apply(move)[0], game.house))
                after, moved = sealer().play(game, seat, move)
            answer = {"game": sealer().seal(after), "view": after.state.view(seat).to_dict(),
                      "events": after.events[seat]}
            if moved is not after.state:  # the house answered: the table it answered
                answer["view_before_house"] = moved.view(seat).to_dict()
            return respond(answer)
        seat = body.get("player")
        move = entry.open_move(state, body["move"], seat)
        with about("move"):
            after_state, events = state.apply(move)
        return respond({"state": after_state.to_dict(),
                        "events": [entry.engine.event_json(event, seat) for event in events]})


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
        if game is not None:
            assert seat is not None
            return respond({"view": state.view(seat).to_dict(), "events": game.events[seat]})
        if "player" not in body:
            abort(422, message="player: required with state", field="player")
        with about("player"):
            seen = state.view(body["player"])
        return respond({"view": seen.to_dict()})


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
            return respond(served(state.game).score_answer(state))
        with about("view"):
            entry = served(game_of(body["view"], "view"))
            seen = entry.read_view(body["view"])
        return respond(entry.score_answer(seen))
