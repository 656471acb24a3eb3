"""Why not (docs/api.md "Why not"): what the cards a seat picks make, or the rule that
forbids each kind of move, from the asking seat's view only (each game's ``why``,
api.served.ServedGame.why)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.game_responses import ANSWERS
from api.games import playing, position
from api.jsonio import Blueprint, respond
from api.schemas import WhyRequest
from api.served import served
from engine.errors import IllegalMoveError

blp = Blueprint("why", __name__, url_prefix="/v1",
                description="Why not: the moves a picked hand card and table cards make, or "
                            "the rule each kind of move breaks.")


@blp.route("/why")
class WhyNot(MethodView):
    @blp.arguments(WhyRequest, example=request_example("why"))
    @blp.response(200, ANSWERS["why"], example=response_example("why"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """What the picked cards make: their legal moves, and for each kind of move they
        do not make, the rule it breaks, with words and a link.

        Cassino: the picked hand ``card`` with the picked ``table`` cards (a capture,
        builds by value, the trail when nothing is picked), and the table cards the card
        can take or build with (``captures``, ``builds``). A meld game (Conquian, the
        rummy games): the picked hand ``cards`` with the ``table`` cards of a meld (a
        discard, a call, a meld laid out, an addition; Conquian's use, lay, force and
        pass), the warnings of a legal move that costs, and for Poker Rum and Poker Gin
        whether the cards are a meld of the show-down.

        Only the asking seat's view counts: its own hand and the table. Legality is
        judged as on that seat's turn; off its turn the first reason says whose turn it
        is. A card not in the seat's hand, or a table card not on the table, is a 422.
        """
        state, game, seat = position(body, player=body.get("player"))
        entry = served(state.game)
        entry.refuse_unless("why", "state" if game is None else "game", "why")
        playing(entry, state, game)
        if game is None:
            seat = body.get("player", entry.to_move(state))
        assert seat is not None
        seats = entry.seats(state)
        with about("player"):
            if not 0 <= seat < seats:
                rule = entry.engine.seat_rule
                raise IllegalMoveError(f"player must be a seat 0..{seats - 1}"
                                       + (f" ({rule})" if rule else ""), rule=rule)
            view = state.view(seat)
        return respond(entry.why(view, body))
