"""``spade`` (docs/rules/spade.md, the book's V4): every spade scores and J♠ one more
(V4.1), points pegged as they are taken (V4.2), game 61 even in the middle of a hand
(V4.3), running totals (V4.4).  Scenarios, perft pins, random play, the bots, the arena and
a hint over HTTP."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

import engine
from engine import VARIANTS, Breakdown, State, StateError, new_game
from engine.cards import FULL_DECK
from engine.cassino import View
from engine.cassino.play import advance
from solver.cassino import arena
from tests.engine.reference import reference_perft
from tests.engine.test_perft import perft
from tests.engine.test_rules import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    mask,
    play,
    position_dict,
    types,
)

SPADE = VARIANTS["spade"]


def position(*args: Any, **kwargs: Any) -> State:
    data = position_dict(*args, **kwargs)
    data["variant"] = "spade"
    return State.from_dict(data)


# --- V4.1 the points ----------------------------------------------------------------------


def test_V4_1_every_spade_scores_and_jack_and_little_cassino_one_more() -> None:
    assert sum(engine.score((FULL_DECK, 0), (0, 0), SPADE).totals) == 24
    only = engine.score((mask("JS", "2S", "3S", "10D", "AH"), mask("4H", "5H")), (0, 1), SPADE)
    p0, p1 = only.players
    assert p0.points._asdict() == {"cards": 3, "spades": 3, "aces": 1, "big_cassino": 2,
                                   "little_cassino": 1, "jack_of_spades": 1, "sweeps": 0}
    assert p0.total == 11 and p1.total == 1  # J♠ 2, 2♠ 2, 3♠ 1, 10♦ 2, A♥ 1, cards 3; a sweep
    data = only.to_dict()["players"][0]
    assert list(data) == ["cards", "spades", "aces", "big_cassino", "little_cassino",
                          "jack_of_spades", "sweeps", "points", "total"]
    assert data["spades"] == 3 and data["jack_of_spades"] == 1
    # a complete round's breakdown reads back (previous_round), standard's has no J♠ key
    whole = engine.score((mask(*SPADES, *HEARTS), mask(*DIAMONDS, *CLUBS)), (2, 0), SPADE)
    assert Breakdown.from_dict(whole.to_dict(), SPADE) == whole
    assert "jack_of_spades" not in engine.score((FULL_DECK, 0), (0, 0),
                                                engine.STANDARD).to_dict()["players"][0]
    with pytest.raises(StateError):  # the J♠ count is part of a spade breakdown
        bad = whole.to_dict()
        del bad["players"][0]["jack_of_spades"]
        Breakdown.from_dict(bad, SPADE)


# --- V4.2 pegging ---------------------------------------------------------------------------


def test_V4_2_points_are_pegged_the_moment_they_are_taken() -> None:
    state = position((["JH", "5D", "9C"], ["JC", "8H", "4C"]),
                     ["JS", "5S", "KH", "9H"], stock=8, scores=(20, 40), dealer=1)
    start = state.score().totals  # seat 1's pile (the other cards) pegged before
    after, events = play(state, "JHxJS")  # J♠: 1 for the spade, 1 more
    assert types(events) == ["capture"]
    assert after.scores == (22, 40)
    after, _ = play(after, "JC")  # a trail pegs nothing
    after, _ = play(after, "5Dx5S")
    assert after.scores == (23, 40)
    after, _ = play(after, "8H")
    after, _ = play(after, "9Cx9H")  # no point card: nothing
    assert after.scores == (23, 40)
    # the state's own breakdown is the points pegged in this hand: no cards majority yet
    pegged = after.score()
    assert pegged.totals == (start[0] + 3, start[1])
    assert [p.points.cards for p in pegged.players] == [0, 0]
    assert after.view(1).score() == pegged
    assert State.from_dict(after.to_dict()) == after


def test_V4_2_a_sweep_is_pegged_at_once() -> None:
    state = position((["7S", "3C"], ["QH", "2C"]), ["2H", "5D"], stock=8, scores=(10, 40))
    after, events = play(state, "7Sx2H5D")
    assert types(events) == ["capture", "sweep"]
    assert after.scores == (12, 40)  # the 7♠ 1, the sweep 1


def _last_card(piles: tuple[list[str], list[str]], scores: tuple[int, int],
               loose: tuple[str, ...] = ()) -> State:
    """Seat 0 (the dealer) trails the round's last card, K♣, seat 1 takes the residue
    (R24).  ``scores`` must already hold what the piles pegged."""
    return position([["KC"], []], list(loose), dealer=0, to_move=0, stock=0, captured=piles,
                    filler=1, last_capturer=1, scores=scores)


# Seat 0 holds the spades and hearts but A♠ and 2♥ (loose): 24 cards that pegged 12 spades,
# J♠ and 2♠ one more each, A♥: 15.  Seat 1 holds the diamonds and clubs but K♣ (in hand):
# 25 cards that pegged A♦, A♣ and 10♦: 4.  The residue A♠ 2♥ K♣ goes to seat 1.
PILES = ([c for c in [*SPADES, *HEARTS] if c not in ("AS", "2H")],
         [c for c in [*DIAMONDS, *CLUBS] if c != "KC"])


def moved(*cards: str) -> tuple[list[str], list[str]]:
    """:data:`PILES` with ``cards`` (no point cards) moved from seat 1's pile to seat 0's."""
    return [*PILES[0], *cards], [c for c in PILES[1] if c not in cards]


def test_V4_2_residue_pegged_then_cards_at_the_end_of_the_hand() -> None:
    state = _last_card(PILES, (20, 13), ("AS", "2H"))
    assert state.score().totals == (15, 4)  # pegged so far; no cards majority yet
    after, events = play(state, "KC")
    assert types(events) == ["trail", "residue", "round_scored", "deal"]
    breakdown = events[2].get("breakdown")
    assert breakdown.totals == (15, 4 + 2 + 3)  # A♠ 2 with the residue; 28 cards to 24: 3
    assert after.scores == (20, 18) == events[2].get("scores")
    assert after.previous_round == breakdown and sum(breakdown.totals) == 24
    # 26 cards each: the tied majority scores nothing
    after, events = play(_last_card(moved("3D", "4D"), (20, 13), ("AS", "2H")), "KC")
    assert events[2].get("breakdown").totals == (15, 6)
    assert after.scores == (20, 15)


# --- V4.3 game 61, even in the middle of a hand --------------------------------------------


def test_V4_3_reaching_61_mid_hand_wins_at_once() -> None:
    state = position((["JH", "5D", "9C"], ["JC", "8H", "4C"]),
                     ["JS", "5S", "KH", "9H"], stock=8, scores=(59, 60), dealer=1)
    after, events = play(state, "JHxJS")
    assert types(events) == ["capture", "game_over"]
    assert after.status == "game_over" and after.winner == 0 and after.scores == (61, 60)
    assert after.game_value == 1 and after.returns() == (1, -1)
    # no residue: hands, stock and table stay as they were
    assert after.hands[1] == mask("JC", "8H", "4C") and len(after.stock) == 8
    assert after.loose == mask("5S", "KH", "9H")
    assert after.to_move == 1  # the seat that would have played next (V4.3a)
    assert after.legal_moves() == [] and after.previous_round is None
    assert State.from_dict(after.to_dict()) == after
    for seat in (0, 1):
        assert View.from_dict(after.view(seat).to_dict()) == after.view(seat)
    assert events[-1].to_dict()["description"] == "Player 0 wins the game, 61 to 60"


def test_V4_3_the_batch_last_card_can_win_too() -> None:
    state = position((["5D"], []), ["5S", "KH"], stock=8, scores=(60, 40), dealer=0,
                     to_move=0)
    after, events = play(state, "5Dx5S")
    assert types(events) == ["capture", "game_over"]  # no deal of the next batch
    assert after.hands == (0, 0) and len(after.stock) == 8
    assert State.from_dict(after.to_dict()) == after


def test_V4_3_the_residue_wins_before_the_cards_are_counted() -> None:
    """Seat 1 reaches 61 with the residue (A♠: 2); the cards majority (seat 0 has 27 cards
    to 25), which would have taken seat 0 to 61 too, is never counted."""
    state = _last_card(moved("3D", "4D", "5D"), (58, 59), ("AS", "2H"))
    after, events = play(state, "KC")
    assert types(events) == ["trail", "residue", "game_over"]
    assert after.winner == 1 and after.scores == (58, 61)
    assert after.previous_round is None  # the hand's count never finished
    assert after.captured[0] | after.captured[1] == FULL_DECK and not after.loose
    assert State.from_dict(after.to_dict()) == after


def test_V4_3_the_cards_can_win_at_the_end_of_the_hand() -> None:
    state = _last_card(moved("3D", "4D", "5D"), (58, 40), ("AS", "2H"))
    after, events = play(state, "KC")
    assert types(events) == ["trail", "residue", "round_scored", "game_over"]
    assert after.winner == 0 and after.scores == (61, 42)
    assert after.previous_round is not None and after.previous_round.totals == (15 + 3, 6)
    assert State.from_dict(after.to_dict()) == after


def test_V4_4_totals_that_cannot_be_are_refused() -> None:
    state = position((["JH"], ["JC"]), ["JS"], stock=8, scores=(10, 40), dealer=1)
    data = state.to_dict()
    data["scores"] = [61, 40]
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert caught.value.rule == "V4.3"
    pegged = state.score().totals
    data["scores"] = [10, pegged[1] - 1]  # less than this hand has pegged
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert caught.value.rule == "V4.4"


# --- V4.4b the solver counts pegged points as the engine does -----------------------------


def test_the_search_scores_a_spade_hand_as_the_engine_does() -> None:
    from solver.cassino.bots import MAJORITY_SHARE, card_worth
    from solver.cassino.evaluation import final_diff, majority_odds, round_total, weights

    w = weights(SPADE)
    assert w.natural == 21 and [points for _, _, points in w.most] == [3]  # no spades majority
    rng = random.Random(4)
    for _ in range(300):
        a = rng.getrandbits(52) & FULL_DECK
        b, sa, sb = FULL_DECK & ~a, rng.randrange(3), rng.randrange(3)
        totals = engine.score((a, b), (sa, sb), SPADE).totals
        assert final_diff(a, b, sa - sb, w) == totals[0] - totals[1]
        won, lost = majority_odds(a.bit_count(), b.bit_count(), 52)
        if won + lost == 1:
            assert round_total((a, b), sa + sb, w) == sum(totals)
    jack = engine.parse_card("JS")
    assert card_worth(1 << jack, SPADE) == pytest.approx(MAJORITY_SHARE + 2)  # 1 + 1 more


# --- perft: captures that reach 61 end the game inside the tree --------------------------

PERFT_SCORES = (60, 60)
PERFT = {1: [5, 27, 86, 292, 765, 1528, 2304], 3: [5, 36, 126, 523, 1144, 2964, 3668]}
"""Verified against the reference at every depth; standard from the same deals:
[5, 27, 106, 452, 1421, 4294, 7660] and [5, 36, 143, 639, 1828, 5828, 9168]."""
REFERENCE_DEPTH = 6


def near_61(game_seed: int) -> State:
    return new_game(game_seed, "spade")._replace(scores=PERFT_SCORES)


@pytest.mark.parametrize("game_seed", list(PERFT))
def test_perft_spade_near_61(game_seed: int) -> None:
    state = near_61(game_seed)
    state.validate()
    got = [perft(state, d) for d in range(1, len(PERFT[game_seed]) + 1)]
    assert got == PERFT[game_seed]
    assert got[:REFERENCE_DEPTH] == [reference_perft(state, d)
                                     for d in range(1, REFERENCE_DEPTH + 1)]
    standard = new_game(game_seed)
    assert got[-1] < perft(standard, len(got))  # games end inside the tree


# --- random play --------------------------------------------------------------------------------


@seed(41)
@settings(max_examples=30, deadline=None, database=None)
@given(st.integers(0, 2**63 - 1))
def test_spade_points_are_conserved_and_totals_run(game_seed: int) -> None:
    rng = random.Random(game_seed)
    state = new_game(game_seed, "spade")
    start = state.scores  # the totals when this hand began
    while state.status == "playing":
        step = state.apply(rng.choice(state.legal_moves()))
        after = step.state
        for event in step.events:
            if event.type == "round_scored":
                breakdown = event.get("breakdown")
                players = breakdown.players
                tied = 3 * (players[0].cards == players[1].cards)
                assert sum(breakdown.totals) == 24 - tied + sum(p.sweeps for p in players)
                assert event.get("scores") == tuple(
                    s + t for s, t in zip(start, breakdown.totals, strict=True))
                start = event.get("scores")
        if after.status == "playing" and "round_scored" not in types(step.events):
            # V4.4: the running totals are the hand's start plus what it pegged so far
            assert after.scores == tuple(s + t for s, t in zip(start, after.score().totals,
                                                               strict=True))
        state = after
    assert state.winner is not None and state.scores[state.winner] >= 61
    assert max(s for seat, s in enumerate(state.scores) if seat != state.winner) < 61
    assert State.from_dict(state.to_dict()) == state


def test_the_arena_and_the_bots_play_spade_to_the_end() -> None:
    summary = arena.run(("heuristic", "greedy"), pairs=2, seed=5, progress=False,
                        variant="spade")
    assert summary.games == 4 and summary.a_wins + summary.b_wins == 4
    pair = arena.play_pair(0, 7, ("solver:samples=2,nodes=2000", "cheater"), max_rounds=1,
                           variant="spade")
    assert len(pair.first.rounds) <= 1


# --- over HTTP -----------------------------------------------------------------------------------


def test_a_spade_hint_and_score_over_http() -> None:
    from api import create_app

    client = create_app({"ACCESS_LOG_JSON": False}).test_client()
    state = new_game(3, "spade")
    rng = random.Random(3)
    for _ in range(7):
        state = advance(state, rng.choice(state.legal_moves()))
    body = {"state": state.to_dict(), "player": state.to_move, "seed": 2, "samples": 4}
    hint = client.post("/v1/hints", json=body)
    assert hint.status_code == 200, hint.json
    assert {m["move"]["id"] for m in hint.json["moves"]} == {m.id for m in state.legal_moves()}
    for m in hint.json["moves"]:  # the point cards a move takes: every spade is one (V4.1)
        move = engine.parse_move_id(m["move"]["id"])
        if move.type == "capture":
            taken = move.targets | 1 << move.card
            assert {engine.parse_card(c) for c in m["move"]["points"]} >= {
                c for c in range(52) if taken >> c & 1 and c & 3 == 0}
    scored = client.post("/v1/score", json={"state": state.to_dict()})
    assert scored.status_code == 200
    assert scored.json == state.score().to_dict()
    assert all(p["points"]["cards"] == 0 for p in scored.json["players"])  # V4.4
    assert "jack_of_spades" in scored.json["players"][0]
