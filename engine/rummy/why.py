"""Why not in the rummy games (docs/api.md "Why not"): what the cards a player picks make
(a discard, a call, a meld laid out, cards added to a meld), or the first rule each kind
of move breaks (RM7, RM8, RM14, RM15, DP3-DP5), and what a call over the limit costs
(RM24), read from the player's view alone (RM27)."""

from __future__ import annotations

from engine.rummy.cards import card_name, is_joker, rank_of, suit_of
from engine.rummy.melds import deadwood_points, is_run, is_set
from engine.rummy.moves import ADD, DISCARD, MELD, Move
from engine.rummy.play import View
from engine.why import Answer, Kind, ask

__all__ = ["meld_problem", "why"]


def why(view: View, cards: tuple[int, ...], meld: int | None = None) -> Answer:
    """The legal moves of exactly ``cards`` (card ids, as picked) and, for each kind of
    move they make none of, the rule it breaks; ``meld`` is the table's meld they are
    meant for (by default any)."""
    picked = frozenset(cards)
    rules = view.rules
    kinds: list[Kind] = []
    if len(cards) == 1:
        card = cards[0]
        kinds.append(Kind("discard", lambda m: m.type == DISCARD and m.card == card
                          and not m.call, Move(DISCARD, card)))
        if not rules.lay_out:
            kinds.append(Kind("call", lambda m: m.type == DISCARD and m.card == card
                              and m.call, Move(DISCARD, card, call=True),
                              lambda m: _over_limit(view, m)))
    kinds.append(Kind("meld", lambda m: m.type == MELD and frozenset(m.cards) == picked,
                      Move(MELD, cards=tuple(cards))))
    if rules.lay_out or meld is not None:
        kinds.append(Kind("add", lambda m: m.type == ADD and frozenset(m.cards) == picked
                          and (meld is None or m.target == meld),
                          Move(ADD, cards=tuple(cards), target=0 if meld is None else meld)))
    return ask(view, view.legal_moves(), kinds)


def _over_limit(view: View, move: Move) -> tuple[str, str] | None:
    """A call whose deadwood is over the limit: legal where a false call is paid (RM24)."""
    rules = view.rules
    assert move.card is not None
    points = deadwood_points(view.hand & ~(1 << move.card))
    if rules.false_call_penalty is None or points <= rules.call_limit:
        return None
    return ("RM24", f"the deadwood left would be {points}, over the limit of "
                    f"{rules.call_limit}: a false call pays {rules.false_call_penalty} to "
                    "each other player and the hand goes on")




def meld_problem(cards: tuple[int, ...]) -> tuple[str, str] | None:
    """Why ``cards`` are no meld of a show-down (RM9-RM11), as ``(rule, words)``, or
    ``None`` when they are one: a set or a run of three or more."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    if len(cards) < 3:
        return "RM9", "a meld has three cards or more"
    if is_set(mask) or is_run(mask):
        return None
    if any(is_joker(c) for c in cards):
        return "RM2", "jokers are played in double-pack rum only"
    ranks = {rank_of(c) for c in cards}
    if len({suit_of(c) for c in cards}) > 1:
        if len(ranks) > 1:
            return "RM10", "a set holds cards of one rank, a run cards of one suit"
        return "RM10", "a set holds cards of one rank"  # pragma: no cover - is_set above
    if len(ranks) < len(cards):
        return "RM11", "a run holds each rank once"
    if 1 in ranks and 13 in ranks:
        return "RM11", ("the ace is low (A 2 3) or high (Q K A), never both: a run "
                        "does not go round the corner")
    names = " ".join(card_name(c) for c in sorted(cards, key=rank_of))
    return "RM11", f"{names} are not in sequence"
