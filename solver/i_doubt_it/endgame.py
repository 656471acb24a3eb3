"""I Doubt It near the claims' limit (docs/solver.md "I Doubt It", IDD10): between players
who doubt well nearly every game ends at the 100th claim, won by the seat holding fewest
cards, so the last rounds are played out to the end instead of valued in cards.

In a world resampled from the seat's view each move is played, then every seat (the
seat's own included) plays on as the counting bot does (:func:`counting_move`) to the
limit or to a seat going out; the move's value is the seat's chips in that end
(IDD11), and :data:`WIN_BONUS` more when it is the winner.  A doubt is weighed in two
worlds of each sample, one where the claim lying face down is true and one where it is
false (:func:`forced`), mixed by the chance the model gives (solver.i_doubt_it.model).
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import cards_of
from engine.i_doubt_it import DOUBT, PASS, Move, State, View
from engine.i_doubt_it.state import rank_mask_of, truthful
from solver.i_doubt_it.claims import plain_claim
from solver.i_doubt_it.model import HORIZON_CLAIMS, HORIZON_ROUNDS, counting_doubts, late

__all__ = ["HORIZON_CLAIMS", "HORIZON_ROUNDS", "WIN_BONUS", "claim_row", "counting_move", "forced",
           "near_limit", "play_out", "speak_row"]

WIN_BONUS = 20.0
"""A win's worth besides its chips.  Chips alone (the settlement) win fewer games: over
400 games at four seats against counting bots, 42% and +6.5 chips a game played out for
chips alone, 51% and +4.4 for wins alone, 44% and +6.9 with this bonus."""


def near_limit(view: View) -> bool:
    """Whether the claims left before the limit are within the rounds played out
    (solver.i_doubt_it.model.HORIZON_ROUNDS: a play-out's cost grows with its claims and
    with the seats)."""
    return bool(late(view.claims, view.seats))


def counting_move(view: View, rng: random.Random) -> Move:
    """The counting bot's move (solver.i_doubt_it.bots.Counting plays it): the honest
    claim, the doubt of what counting makes impossible or unlikely."""
    if view.speaker is None:
        return plain_claim(view, rng)
    return DOUBT if counting_doubts(view) else PASS


def play_out(state: State, seat: int, rng: random.Random) -> float:
    """``seat``'s value of ``state`` played to its end by counting bots in every seat."""
    while not state.game_over:
        acting = state.claimer if state.speaker is None else state.speaker
        state = state.apply(counting_move(state.brief_view(acting), rng))[0]
    bonus = WIN_BONUS if state.winner == seat else 0.0
    return state.result.points[seat] + bonus


def claim_row(world: State, seat: int, moves: list[Move], rng: random.Random) -> list[float]:
    """Each claim's value in ``world``: laid, then played out (the same draws for all)."""
    draws = rng.random()
    return [play_out(world.apply(m)[0], seat, random.Random(draws)) for m in moves]


def speak_row(view: View, world: State, p: float, rng: random.Random) -> list[float]:
    """The doubt's and the pass's values in ``world`` made true (chance ``p``) and made
    false (:func:`forced`), each played out; one side alone when the other cannot be."""
    rows = []
    for true in (True, False):
        made = forced(view, world, true, rng)
        if made is None:
            continue
        draws = rng.random()
        rows.append((p if true else 1 - p, [
            play_out(made.apply(m)[0], view.player, random.Random(draws)) for m in (DOUBT, PASS)]))
    if len(rows) == 1:
        return rows[0][1]
    return [sum(w * row[i] for w, row in rows) for i in range(2)]


def forced(view: View, world: State, true: bool, rng: random.Random) -> State | None:
    """``world`` with the claim lying face down made true (or false) by exchanging its
    cards with cards the seat cannot place, or that it saw go to the claimer (they may be
    in his hand or his claim alike); ``None`` when no exchange can."""
    if truthful(world.claim, world.rank) == true:
        return world
    mask = rank_mask_of(world.rank)
    free = view.unseen() | view.known[view.claimer]
    hands, centre, claim = list(world.hands), list(world.centre), world.claim

    def places(of_rank: bool) -> list[tuple[int, int, int]]:
        """(hand seat or -1 for the centre, index in the centre, card) of the cards that
        may trade places with the claim's."""
        out = [(s, 0, c) for s, h in enumerate(hands) if s != view.player
               for c in cards_of(h & free) if bool(mask >> c & 1) == of_rank]
        out += [(-1, i, c) for i, c in enumerate(centre)
                if free >> c & 1 and bool(mask >> c & 1) == of_rank]
        return out

    inside = [c for c in cards_of(claim) if bool(mask >> c & 1) != true]
    if true:
        swaps = inside  # every card of another rank must go
    else:
        swaps = [rng.choice(inside)] if inside else []  # one card of the rank out suffices
    outside = places(of_rank=true)
    rng.shuffle(outside)
    if not swaps:
        return None
    for card in swaps:
        seen = view.known[view.claimer] >> card & 1  # stays with the claimer
        at = next((i for i, (where, _, _) in enumerate(outside)
                   if not seen or where == view.claimer), None)
        if not free >> card & 1 or at is None:
            return None
        where, index, other = outside.pop(at)
        claim = claim & ~(1 << card) | (1 << other)
        if where < 0:
            centre[index] = card
        else:
            hands[where] = hands[where] & ~(1 << other) | (1 << card)
    return replace(world, hands=tuple(hands), centre=tuple(centre), claim=claim)
