"""Bot moves (docs/api.md "Bot moves"): the move a bot of a skill level plays, from a view.

The view is the request's own, or the server builds it from a state and a player, or
from a sealed game and a credential (that seat's), exactly as for hints; the bot
(:mod:`solver.cassino.levels`) sees nothing else (R29).  It runs in the request: a search at the
solver's levels counts against ``HINT_RATE_LIMIT`` like a house seat's move.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import abort

from api.costs import BOT_SEARCH
from api.errors import BODY_ERRORS, document_errors
from api.examples import request_example, response_example
from api.hints import read_request
from api.jsonio import Blueprint, respond
from api.limits import charge_search
from api.schemas import BotMoveRequest, BotMoveResponse
from api.served import served
from engine.cassino import claim, claims_allowed, move_json
from engine.errors import IllegalMoveError
from solver.cassino.levels import ANCHORS, DEFAULT_LEVEL, LEVELS, DialBot

blp = Blueprint("bots", __name__, url_prefix="/v1",
                description="The move a bot of a skill level (beginner to master, or a dial "
                            "0..100) plays, from one player's view only.")

SEARCHING = 50.0
"""Dial values above this may run the solver (the light solver's anchor is 75)."""


@blp.route("/bot-move")
class BotMove(MethodView):
    @blp.arguments(BotMoveRequest, example=request_example("botMove"))
    @blp.response(200, BotMoveResponse, example=response_example("botMove"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 429, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """The move a bot of ``level`` (or ``dial``) plays in this seat (docs/ladder.md).

        The bot decides from the seat's view only: a state is first reduced to the view of
        ``player``, a sealed game to the credential's seat's.  The same view, level and
        ``seed`` give the same move.  A seat that is not to move gets a 422 (R4), unless a
        bot at that level claims the game (twenty-one-claims, T5).
        """
        if "level" in body and "dial" in body:
            abort(422, message="send level or dial, not both", field="dial")
        level = body.get("level", DEFAULT_LEVEL if "dial" not in body else None)
        dial = LEVELS[level] if level is not None else float(body["dial"])
        request = read_request("hints", body)
        view = request.view
        served(view.game).refuse_unless(
            "bot_move", next(k for k in ("game", "state", "view") if k in body), "bot-move")
        if dial > SEARCHING:
            charge_search(BOT_SEARCH, f"a bot above dial {SEARCHING:g} counts {BOT_SEARCH}")
        bot = DialBot(dial, body["seed"], name=level or "")
        where = "credential" if "game" in body else "player" if "state" in body else "view"
        if claims_allowed(view.rules) and bot.claims(view):
            move = claim(view.player)
        elif view.to_move != view.player:
            raise IllegalMoveError(f"it is player {view.to_move}'s turn, not player "
                                   f"{view.player}'s: a bot moves for the seat to move (R4)",
                                   field=where, rule="R4")
        else:
            move = bot.choose(view)
        out: dict[str, Any] = {"player": view.player, "dial": dial,
                               "bot": ANCHORS[bot.anchor(view)][1],
                               "move": move_json(view.loose, view.builds, view.to_move, move,
                                                 view.rules)}
        if level is not None:
            out["level"] = level
        return respond(out)
