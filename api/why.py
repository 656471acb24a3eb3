"""Why not (docs/api.md "Why not"): what the cards a seat picks make, or the rule that
forbids each kind of move, from the asking seat's view only (each game's ``why``,
api.served.ServedGame.why)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.games import playing, position
from api.jsonio import Blueprint, respond
from api.served import served, unnamed_form
from engine.errors import IllegalMoveError

blp = Blueprint("why", __name__, url_prefix="/v1",
                description="Why not: the moves a picked hand card and table cards make, or "
                            "the rule each kind of move breaks.")


@blp.route("/why")
class WhyNot(MethodView):
    @blp.arguments(unnamed_form("WhyRequest"), example=request_example("why"))
    @blp.response(200, unnamed_form("WhyResponse"), example=response_example("why"))
    @document_errors(blp, *BODY_ERRORS, 403, 409, 410, 503)
    def post(self, body: dict[str, Any]) -> Any:
        """What the picked ``card`` makes with the picked ``table`` cards: its legal moves
        (a capture, builds by value, the trail when nothing is picked), and for each kind
        of move it does not make, the rule it breaks, with words and a link.

        Only the asking seat's view counts: its own hand and the table (R28, R29). Also
        names the table cards the card can take or build with (``captures``,
        ``builds``). Legality is judged as on that seat's turn; off its turn the first
        reason says whose turn it is (R4). A card not in the seat's hand, or a table card
        not on the table, is a 422.
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
