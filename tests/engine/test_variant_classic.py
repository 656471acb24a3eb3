"""``classic`` and ``classic-deal`` (docs/rules/classic.md, the book's V1): pairing takes
every loose card of the rank (V1.1), 11 up with a lurch (V1.2), every round a game
(V1.3), the game's value (V1.4).  Scenarios, the reference move generator, perft pins,
random play and a hint over HTTP."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

import engine
from engine import IllegalMoveError, State, StateError, new_game, parse_move_id
from engine.cassino import View
from engine.cassino.play import advance
from engine.cassino.referee import game_over
from tests.engine.reference import reference_moves_of, reference_perft
from tests.engine.test_perft import perft
from tests.engine.test_rules import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    ids,
    mask,
    play,
    position_dict,
    refused,
    types,
)


def position(*args: Any, variant: str = "classic", **kwargs: Any) -> State:
    data = position_dict(*args, **kwargs)
    data["variant"] = variant
    return State.from_dict(data)


def last_card(variant: str, piles: tuple[list[str], list[str]], *,
              scores: tuple[int, int] = (0, 0), round_: int = 1) -> State:
    """Seat 0 (the dealer) about to trail the round's last card, K♣; seat 1 captured last
    and takes it as the residue (R24)."""
    return position([["KC"], []], [], dealer=0, to_move=0, stock=0, captured=piles,
                    filler=1, last_capturer=1, scores=scores, round_=round_, deal=round_,
                    variant=variant)


def canon(*move_ids: str) -> set[str]:
    """Move ids as the engine writes them (table cards in card order)."""
    return {parse_move_id(i).id for i in move_ids}


TIED = ([*SPADES, *HEARTS], [c for c in [*DIAMONDS, *CLUBS] if c != "KC"])
"""A round scored 4 to 4: cards tie 26-26; seat 0 spades, two aces and 2♠; seat 1 two aces
and 10♦."""
NINE_TWO = ([*SPADES, *HEARTS, "10D"], [c for c in [*DIAMONDS, *CLUBS] if c not in ("KC", "10D")])
"""A round scored 9 to 2: seat 0 27 cards 3, spades 1, two aces, 10♦ 2 and 2♠ 1."""


# --- V1.1 pairing takes every loose card of the rank --------------------------------------


def test_V1_1_a_court_card_takes_every_loose_card_of_its_rank() -> None:
    state = position((["KH", "2C"], ["3C", "5H"]), ["KS", "KD", "QH", "4D"], stock=8)
    assert {i for i in ids(state) if i.startswith("KH")} == canon("KH", "KHxKDKS")
    after, _ = play(state, "KHxKDKS")
    assert after.captured[0] & mask("KH", "KS", "KD") == mask("KH", "KS", "KD")
    assert after.loose == mask("QH", "4D")
    err = refused(state, "KHxKS")
    assert isinstance(err, IllegalMoveError) and err.rule == "V1.1"
    assert "KD" in err.message and "every loose card of its rank" in err.message
    # standard keeps R10: exactly one, either of them
    standard = position((["KH", "2C"], ["3C", "5H"]), ["KS", "KD", "QH", "4D"], stock=8,
                        variant="standard")
    assert {i for i in ids(standard) if i.startswith("KH")} == canon("KH", "KHxKS", "KHxKD")


def test_V1_1_the_books_example_an_eight_gathers_in_all_the_eights() -> None:
    """The book: "He holds an Eight, and there are one or two Eights on the table. He plays
    the Eight from his hand, and then gathers in all of them." """
    state = position((["8S", "KC"], ["3C", "5H"]), ["8H", "8D", "QH"], stock=8)
    assert {m.id for m in state.legal_moves() if m.type == "capture"} == canon("8Sx8H8D")
    one = position((["8S", "KC"], ["3C", "5H"]), ["8H", "QH"], stock=8)
    assert {m.id for m in one.legal_moves() if m.type == "capture"} == canon("8Sx8H")


def test_V1_1_a_numeral_pairing_takes_all_loose_cards_of_its_rank() -> None:
    state = position((["7S", "9C"], ["3C", "5H"]), ["7D", "7H", "3D", "4C", "KS"], stock=8)
    captures = {i for i in ids(state) if i.startswith("7Sx")}
    # combinations stay optional; a pair takes both sevens, with or without the sum
    assert captures == canon("7Sx7D7H", "7Sx3D4C", "7Sx3D4C7D7H")
    err = refused(state, "7Sx7D")
    assert err.rule == "V1.1" and "7H" in err.message
    assert refused(state, "7Sx3D4C7H").rule == "V1.1"
    standard = position((["7S", "9C"], ["3C", "5H"]), ["7D", "7H", "3D", "4C", "KS"], stock=8,
                        variant="standard")
    assert canon("7Sx7D", "7Sx7H", "7Sx3D4C7D") <= ids(standard)


def test_V1_1_taking_a_build_is_not_pairing() -> None:
    """A build of 7 holding a seven may be taken alone, leaving a loose seven."""
    build = (7, 1, [["7C"], ["3H", "4H"]])
    state = position((["7S", "9C"], ["7H", "5H"]), ["7D", "KS"], [build], stock=8,
                     dealer=0, to_move=1)
    moves = {m.id for m in state.legal_moves() if m.card == engine.parse_card("7H")}
    assert canon("7Hx3H4H7C") <= moves  # the build alone: the loose 7♦ may stay
    assert canon("7Hx3H4H7C7D") <= moves
    assert "7Hx7D" not in moves  # R22: the owner's last seven must take the build


def test_V1_1a_the_owners_last_card_takes_its_build_and_pairs_all_or_none() -> None:
    build = (7, 0, [["3H", "4H"]])
    state = position((["7S", "9C"], ["2D", "5H"]), ["7D", "7C", "KS"], [build], stock=8,
                     dealer=1, to_move=0)
    sevens = {m.id for m in state.legal_moves() if m.card == engine.parse_card("7S")}
    assert sevens == canon("7Sx3H4H", "7Sx3H4H7D7C")  # R22, V1.1
    assert refused(state, "7Sx3H4H7D").rule == "V1.1"


def test_V1_1_reference_agrees_on_random_classic_positions() -> None:
    positions = 0
    for game_seed in range(40):
        rng = random.Random(game_seed)
        state = new_game(game_seed, "classic")
        while state.status == "playing" and positions < 1500:
            got = state.legal_moves()
            assert len(got) == len(set(got))
            assert set(got) == reference_moves_of(state), state.to_dict()
            positions += 1
            state = advance(state, rng.choice(got))
    assert positions > 1000


# --- perft ------------------------------------------------------------------------------

# new_game(seed, "classic"): 8 has J♠ J♥ loose and J♣ in hand; 9 has 4♠ 4♥ loose and 4♦ in
# hand; 47 has 3♠ 3♣ loose, 3♦ in hand.  Verified against the reference at every depth.
PERFT = {
    8: [6, 64, 272, 1755, 4793, 18004, 25860, 47906],
    9: [6, 53, 440, 2985, 18910, 78860],
    47: [11, 145, 620, 4231, 11286, 45881, 62665],
}
REFERENCE_DEPTH = 5


@pytest.mark.parametrize("game_seed", list(PERFT))
def test_perft_classic(game_seed: int) -> None:
    state = new_game(game_seed, "classic")
    assert [perft(state, d) for d in range(1, len(PERFT[game_seed]) + 1)] == PERFT[game_seed]
    assert [reference_perft(state, d) for d in range(1, REFERENCE_DEPTH + 1)] == \
        PERFT[game_seed][:REFERENCE_DEPTH]


# --- V1.2 eleven up, V1.4 the lurch -------------------------------------------------------


def test_V1_2_the_difference_goes_to_the_higher_side() -> None:
    after, events = play(last_card("classic", NINE_TWO, scores=(1, 3)), "KC")
    assert types(events) == ["trail", "residue", "round_scored", "deal"]
    scored = events[2]
    assert scored.get("breakdown").totals == (9, 2)
    assert after.scores == scored.get("scores") == (8, 3)  # 1 + (9 - 2); 3 unchanged
    assert after.status == "playing" and after.round == 2
    assert after.previous_round is not None and after.previous_round.totals == (9, 2)
    State.from_dict(after.to_dict())


def test_V1_2_equal_round_scores_add_nothing() -> None:
    after, _ = play(last_card("classic", TIED, scores=(4, 7)), "KC")
    assert after.previous_round is not None and after.previous_round.totals == (4, 4)
    assert after.scores == (4, 7) and after.status == "playing"


@pytest.mark.parametrize(("before", "scores", "value"), [
    ((4, 5), (11, 5), 2),   # the loser below 6: a lurch
    ((4, 6), (11, 6), 1),   # 6 is not below 6
    ((9, 0), (16, 0), 2),   # past 11 in one round
])
def test_V1_2_first_to_11_wins_a_lurch_is_worth_2(before: tuple[int, int],
                                                   scores: tuple[int, int], value: int) -> None:
    after, events = play(last_card("classic", NINE_TWO, scores=before), "KC")
    assert types(events)[-2:] == ["round_scored", "game_over"]
    assert after.status == "game_over" and after.winner == 0 and after.scores == scores
    assert after.game_value == value
    assert after.returns() == (value, -value)  # V1.4
    data = after.to_dict()
    assert data.get("game_value", 1) == value  # written only when it is not 1
    assert State.from_dict(data) == after
    over = events[-1].to_dict()
    assert over["winner"] == 0 and over.get("game_value", 1) == value
    assert ("worth 2" in over["description"]) == (value == 2)
    assert after.view(1).to_dict().get("game_value", 1) == value
    assert View.from_dict(after.view(1).to_dict()).game_value == value


def test_V1_2_states_that_cannot_be_are_refused() -> None:
    state = last_card("classic", TIED, scores=(4, 7))
    data = state.to_dict()
    data["scores"] = [11, 3]  # should have ended the game
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert caught.value.rule == "V1.2"
    over, _ = play(last_card("classic", NINE_TWO, scores=(4, 5)), "KC")
    wrong = over.to_dict()
    wrong.pop("game_value")  # absent: 1, but 11 to 5 is a lurch
    with pytest.raises(StateError) as caught:
        State.from_dict(wrong)
    assert caught.value.rule == "V1.4" and caught.value.field == "game_value"
    both = over.to_dict()
    both["scores"] = [11, 12]
    with pytest.raises(StateError) as caught:
        State.from_dict(both)
    assert caught.value.rule == "V1.2"


# --- V1.3 classic-deal ----------------------------------------------------------------------


def test_V1_3_every_round_is_a_game_worth_the_difference() -> None:
    after, events = play(last_card("classic-deal", NINE_TWO), "KC")
    assert types(events) == ["trail", "residue", "round_scored", "game_over"]
    assert after.status == "game_over" and after.winner == 0
    assert after.scores == (9, 2) and after.game_value == 7
    assert after.returns() == (7, -7)
    assert after.to_dict()["game_value"] == 7
    assert State.from_dict(after.to_dict()) == after
    assert events[-1].to_dict()["game_value"] == 7


def test_V1_3_equal_round_scores_are_a_drawn_game() -> None:
    after, events = play(last_card("classic-deal", TIED), "KC")
    assert after.status == "game_over" and after.winner is None
    assert after.scores == (4, 4) and after.game_value == 0
    assert after.returns() == (0, 0)
    data = after.to_dict()
    assert data["game_value"] == 0 and data["winner"] is None
    assert State.from_dict(data) == after
    assert events[-1].to_dict() == {"type": "game_over", "winner": None, "scores": [4, 4],
                                    "game_value": 0, "description": "The game is drawn, 4 to 4"}
    err = game_over(after)
    assert "drawn at 4 to 4" in err.message
    assert after.legal_moves() == []


def test_V1_3_states_that_cannot_be_are_refused() -> None:
    playing = last_card("classic-deal", TIED).to_dict()
    playing["scores"] = [3, 0]
    with pytest.raises(StateError) as caught:
        State.from_dict(playing)
    assert caught.value.rule == "V1.3"
    over, _ = play(last_card("classic-deal", NINE_TWO), "KC")
    for key, value in (("winner", 1), ("game_value", 3), ("scores", [10, 2])):
        data = over.to_dict()
        data[key] = value
        with pytest.raises(StateError) as caught:
            State.from_dict(data)
        assert caught.value.rule in ("V1.3", "V1.4"), key


# --- random play ------------------------------------------------------------------------------


def _play(variant: str, game_seed: int) -> list[tuple[State, engine.Step]]:
    rng = random.Random(game_seed)
    state = new_game(game_seed, variant)
    steps = []
    while state.status == "playing":
        step = state.apply(rng.choice(state.legal_moves()))
        steps.append((state, step))
        state = step.state
    return steps


@seed(21)
@settings(max_examples=40, deadline=None, database=None)
@given(st.integers(0, 2**63 - 1))
def test_classic_rounds_score_eleven_plus_sweeps_and_only_the_difference_counts(
        game_seed: int) -> None:
    steps = _play("classic", game_seed)
    for before, step in steps:
        after = step.state
        State.from_dict(after.to_dict())
        for event in step.events:
            if event.type != "round_scored":
                continue
            players = event.get("breakdown").players
            tied = 3 * (players[0].cards == players[1].cards) + \
                (players[0].spades == players[1].spades)
            sweeps = sum(p.sweeps for p in players)
            totals = event.get("breakdown").totals
            assert sum(totals) == 11 - tied + sweeps  # R26: points conserved
            gained = [a - b for a, b in zip(event.get("scores"), before.scores, strict=True)]
            assert sorted(gained) == [0, max(totals) - min(totals)]  # V1.2
    final = steps[-1][1].state
    assert final.status == "game_over" and final.winner is not None
    loser = final.scores[1 - final.winner]
    assert final.scores[final.winner] >= 11 > loser
    assert final.game_value == (2 if loser < 6 else 1)


@seed(22)
@settings(max_examples=40, deadline=None, database=None)
@given(st.integers(0, 2**63 - 1))
def test_classic_deal_is_one_round(game_seed: int) -> None:
    steps = _play("classic-deal", game_seed)
    final = steps[-1][1].state
    assert final.round == 1 and final.previous_round is not None
    assert final.scores == final.previous_round.totals
    a, b = final.scores
    assert final.game_value == abs(a - b)
    assert final.winner == (None if a == b else 0 if a > b else 1)
    for state, _ in steps:
        assert state.scores == (0, 0)
    assert State.from_dict(final.to_dict()) == final


def test_pairs_are_gathered_in_random_classic_play() -> None:
    """V1.1 in play: a capture that takes a loose card of the played card's rank leaves
    none of that rank on the table."""
    checked = 0
    for game_seed in range(30):
        for before, step in _play("classic", game_seed):
            if "round_scored" in types(step.events) or "round_void" in types(step.events):
                continue
            for event in step.events:
                if event.type == "capture":
                    rank = before.loose & (0xF << (event.get("card") & ~3))
                    if event.get("targets") & rank:
                        assert not step.state.loose & rank
                        checked += 1
    assert checked > 100


# --- over HTTP --------------------------------------------------------------------------------


def test_a_classic_game_over_http_with_a_hint() -> None:
    from api import create_app

    client = create_app({"ACCESS_LOG_JSON": False}).test_client()
    answer = client.post("/v1/games", json={"variant": "classic", "seed": 8})
    assert answer.status_code == 200, answer.json
    state = answer.json["state"]
    assert state["variant"] == "classic"
    moves = client.post("/v1/legal-moves", json={"state": state}).json["moves"]
    assert {m["id"] for m in moves} == {m.id for m in State.from_dict(state).legal_moves()}
    hint = client.post("/v1/hints", json={"state": state, "player": state["to_move"],
                                          "seed": 1, "samples": 4})
    assert hint.status_code == 200, hint.json
    assert {m["move"]["id"] for m in hint.json["moves"]} == {m["id"] for m in moves}
    # the pair of jacks goes together (V1.1)
    assert canon("JCxJHJS") <= {m["id"] for m in moves}
    assert "JCxJS" not in {m["id"] for m in moves}
    refused_ = client.post("/v1/apply", json={"state": state, "move": "JCxJS"})
    assert refused_.status_code == 422 and refused_.json["rule"] == "V1.1"
    applied = client.post("/v1/apply", json={"state": state, "move": "JCxJHJS"})
    assert applied.status_code == 200
    assert parse_move_id("JCxJHJS").targets == mask("JH", "JS")
