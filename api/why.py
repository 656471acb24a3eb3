"""Why not (docs/api.md "Why not"): what a picked hand card and table cards make, or the
rule that forbids each kind of move, from the asking seat's view only (R29)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.errors import BODY_ERRORS, about, document_errors
from api.examples import request_example, response_example
from api.games import playing, position
from api.jsonio import Blueprint, respond
from api.rules import rule_url
from api.schemas import WhyRequest, WhyResponse
from api.served import served
from engine.cards import card_name, format_cards, parse_card, parse_cards
from engine.cassino import move_json, why
from engine.errors import IllegalMoveError

blp = Blueprint("why", __name__, url_prefix="/v1",
                description="Why not: the moves a picked hand card and table cards make, or "
                            "the rule each kind of move breaks.")


@blp.route("/why")
class WhyNot(MethodView):
    @blp.arguments(WhyRequest, example=request_example("why"))
    @blp.response(200, WhyResponse, example=response_example("why"))
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
            seat = body.get("player", state.to_move)
        assert seat is not None
        with about("player"):
            if not 0 <= seat < state.rules.players:
                raise IllegalMoveError(f"player must be a seat 0..{state.rules.players - 1} "
                                       "(R3)", rule="R3")
            view = state.view(seat)
        with about("card"):
            card = parse_card(body["card"])
        with about("table"):
            picked = parse_cards(body["table"], field="table")
        with about(""):
            answer = why(view, card, picked, body.get("value"))
        reasons = [{**r.to_dict(), "rule_url": rule_url(r.rule)} for r in answer.reasons]
        out: dict[str, Any] = {
            "player": seat, "card": card_name(card),
            "table": format_cards(picked), "legal": answer.legal,
            "moves": [move_json(view.loose, view.builds, seat, m, view.rules)
                      for m in answer.moves],
            "reasons": reasons,
        }
        if not answer.legal and reasons:
            out.update(rule=reasons[0]["rule"], rule_url=reasons[0]["rule_url"],
                       message=reasons[0]["message"])
        out["captures"] = format_cards(answer.captures)
        out["builds"] = format_cards(answer.builds)
        return respond(out)
