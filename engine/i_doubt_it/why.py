"""Why not in I Doubt It (docs/api.md "Why not"): what the cards a seat picks make (a claim
of them naming the rank asked, or any rank), or the rule each kind of move breaks: a claim
of the wrong number of cards (ID4, IDD6), out of turn (ID13), while a claim lies face down
(ID5); a doubt or a pass with no claim to speak on (ID4).  From the seat's view alone, so
a card it does not hold is refused in one wording wherever it lies (IDD9)."""

from __future__ import annotations

from engine.i_doubt_it.moves import DOUBT, PASS, Move
from engine.i_doubt_it.state import View
from engine.why import Answer, Kind, ask

__all__ = ["why"]


def why(view: View, cards: int, rank: int = 0) -> Answer:
    """The legal moves of the picked ``cards`` (a claim naming ``rank``, or each rank when
    0), or of none picked (a doubt, a pass), and each other kind's broken rule."""
    ranks = [rank] if rank else list(range(1, 14))
    claims = [Move("claim", cards, r) for r in ranks]
    legal = [m for m in claims if view.refusal(m) is None] if cards else []
    kinds = [Kind("claim", lambda m: m.kind == "claim", claims[0])]
    if not cards:
        legal = [m for m in (DOUBT, PASS) if view.refusal(m) is None]
        kinds += [Kind("doubt", lambda m: m.kind == "doubt", DOUBT),
                  Kind("pass", lambda m: m.kind == "pass", PASS)]
    return ask(view, legal, kinds)
