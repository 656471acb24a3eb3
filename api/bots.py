"""Bot moves (docs/api.md "Bot moves"): the move a bot of a skill level plays, from a view.

The view is the request's own, or the server builds it from a state and a player, or
from a sealed game and a credential (that seat's), exactly as for hints; the bot (its
game's, api.served.ServedGame.bot_move) sees nothing else.  It runs in the request: a
search at the solver's levels counts against ``HINT_RATE_LIMIT`` like a house seat's move.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import abort

from api.errors import BODY_ERRORS, document_errors
from api.examples import request_example, response_example
from api.hints import read_request
from api.jsonio import Blueprint, respond
from api.schemas import BotMoveRequest
from api.served import served, unnamed_form

blp = Blueprint("bots", __name__, url_prefix="/v1",
                description="The move a bot of a skill level (beginner to master, or a dial "
                            "0..100) plays, from one player's view only.")


@blp.route("/bot-move")
class BotMove(MethodView):
    @blp.arguments(BotMoveRequest, example=request_example("botMove"))
    @blp.response(200, unnamed_form("BotMoveResponse"), example=response_example("botMove"))
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
        request = read_request("hints", body)
        view = request.view
        entry = served(view.game)
        entry.refuse_unless(
            "bot_move", next(k for k in ("game", "state", "view") if k in body), "bot-move")
        assert entry.solver is not None
        levels = entry.solver.house.levels
        level = body.get("level", [*levels][-1] if "dial" not in body else None)
        if level is not None and level not in levels:
            abort(422, message=f"level: {entry.name} has the levels {', '.join(levels)}",
                  field="level")
        dial = levels[level] if level is not None else float(body["dial"])
        where = "credential" if "game" in body else "player" if "state" in body else "view"
        return respond(entry.bot_move(view, level, dial, body["seed"], where))
