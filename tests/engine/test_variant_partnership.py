"""Partnership Cassino (V6, docs/rules/partnership.md): four seats, teams 0+2 and 1+3,
partner builds (V6.3, decisions V6.5-V6.12)."""

from __future__ import annotations

import random

import pytest

import engine
from engine import State, parse_move_id
from engine.cards import parse_cards
from engine.cassino import VARIANTS, generate_moves, new_game, partner, side_of, teams
from engine.cassino.counting import counting_of
from engine.cassino.scoring import score
from engine.errors import IllegalMoveError, StateError
from tests.engine.nseat import check_state, check_views, ids, play_game, position, position_dict

RULES = VARIANTS["partnership"]
EIGHT = [(8, 0, [["5H", "3C"]])]  # seat 0 has built 8 with 5H on a loose 3C (holding 8D)


def book_example(seat2: list[str], builds: list[tuple[int, int, list[list[str]]]] | None = None,
                 loose: tuple[str, ...] = ("6D",)) -> State:
    """Dealer 3; seats 0 and 1 have played this batch; seat 2 (seat 0's partner) to move."""
    return position("partnership", [["8D", "4C"], ["9H", "10S"], seat2, ["JH", "JS", "7D"]],
                    loose, EIGHT if builds is None else builds, dealer=3, to_move=2)


def refused(state: State, move_id: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        state.apply(parse_move_id(move_id))
    return info.value


# --- V6.1, V6.5: seats, teams, deal and turn order ---------------------------------------

def test_V6_1_teams_sit_opposite() -> None:
    assert teams(RULES) == ((0, 2), (1, 3))
    assert [partner(seat, RULES) for seat in range(4)] == [2, 3, 0, 1]
    assert side_of(RULES) == (0, 1, 0, 1)
    assert engine.get_rules("partnership").playable


def test_V6_5_deal_four_each_and_four_loose_then_three_batches_from_the_dealers_left() -> None:
    state = new_game(5, "partnership", dealer=2)
    assert [h.bit_count() for h in state.hands] == [4, 4, 4, 4]
    assert state.loose.bit_count() == 4 and len(state.stock) == 32
    assert state.to_move == 3 == state.nondealer and state.batch == 1
    deals, order = [], []
    steps = play_game("partnership", 5, checks=False)
    first_round = [(s, m, st) for s, m, st in steps if s.round == 1]
    for before, _move, step in first_round:
        if before.deal == 1:
            order.append(before.to_move)
        deals += [e for e in step.events if e.type == "deal"]
    start = steps[0][0]
    first = (start.dealer + 1) % 4
    assert order[:8] == [(first + i) % 4 for i in range(8)]  # turns go to the left
    batch_deals = [e for e in deals if e.get("round") == 1]
    assert [e.get("batch") for e in batch_deals] == [2, 3]
    assert batch_deals[-1].get("last_batch")
    next_round = next(s for s, _m, _st in steps if s.round == 2)
    assert next_round.dealer == (start.dealer + 1) % 4  # the deal passes to the left
    assert next_round.to_move == (next_round.dealer + 1) % 4


# --- V6.3, V6.6, V6.7: partner builds ----------------------------------------------------

def test_V6_3_the_books_two_eights_without_an_eight() -> None:
    state = book_example(["2S", "KC", "QD"])
    moves = ids(state)
    assert "2S+3C5H6D=8" in moves  # joins the partner's build of 8
    assert "2S+6D=8" not in moves  # a build of 8 of his own needs an 8 (R14)
    step = state.apply(parse_move_id("2S+3C5H6D=8"))
    (build,) = step.state.builds
    assert (build.value, build.owner) == (8, 0)  # V6.7: still the partner's
    assert set(build.groups) == {parse_cards(["3C", "5H"]), parse_cards(["2S", "6D"])}
    event = next(e for e in step.events if e.type == "build")
    assert event.get("kind") == "extend" and event.get("player") == 2
    assert step.state.to_move == 3
    check_state(step.state)


def test_V6_6_a_build_of_ones_own_without_the_value_is_refused() -> None:
    error = refused(book_example(["2S", "KC", "QD"]), "2S+6D=8")
    assert error.rule == "V6.3" and "partner's build of 8" in error.message


def test_V6_6_the_only_card_of_the_value_may_join_the_partners_build() -> None:
    state = book_example(["8H", "KC", "QD"], loose=("6D", "2S"))
    moves = ids(state)
    assert "8H+3C5H=8" in moves and "8H+2S6D=8" not in moves
    after = state.apply(parse_move_id("8H+3C5H=8")).state
    assert [(b.value, b.owner) for b in after.builds] == [(8, 0)]


def test_V6_6_opponents_cannot_use_anothers_build_without_the_value() -> None:
    builds = position("partnership", [["8D", "4C"], ["9H", "10S"], ["2S", "KC", "QD"],
                                      ["JH", "JS", "7D"]], ("6D",), EIGHT, dealer=3,
                      to_move=2).builds
    for opponent in (1, 3):
        moves = generate_moves(parse_cards(["2S", "KC"]), parse_cards(["6D"]), builds,
                               opponent, RULES)
        assert not [m for m in moves if m.type == "build"]
    state = position("partnership", [["8D", "4C"], ["2S", "9H", "10S"], ["KC", "QD", "AC"],
                                     ["JH", "JS", "7D"]], ("6D",), EIGHT, dealer=3, to_move=1)
    assert "2S+3C5H6D=8" not in ids(state)
    assert refused(state, "2S+3C5H6D=8").rule == "V6.3"


def test_V6_7_the_build_stays_the_partners_even_when_the_mover_holds_the_value() -> None:
    state = book_example(["2S", "8H", "KC"])
    after = state.apply(parse_move_id("2S+3C5H6D=8")).state
    assert [(b.value, b.owner) for b in after.builds] == [(8, 0)]


def test_V6_7_merging_ones_own_build_releases_the_mover() -> None:
    builds = [(8, 0, [["5H", "3C"]]), (8, 2, [["4H", "4S"]])]
    state = book_example(["2S", "8H", "KC"], builds)
    assert "KC" not in ids(state)  # seat 2 owns a build: no trail (R21)
    after = state.apply(parse_move_id("2S+3C4H4S5H6D=8")).state
    assert [(b.value, b.owner, len(b.groups)) for b in after.builds] == [(8, 0, 3)]


def test_V6_7_raising_the_partners_build_is_an_ordinary_build() -> None:
    with_ten = book_example(["2S", "10H", "KC"], loose=("6D", "AC"))
    assert "2S+3C5H=10" in ids(with_ten)
    after = with_ten.apply(parse_move_id("2S+3C5H=10")).state
    assert [(b.value, b.owner) for b in after.builds] == [(10, 2)]  # R20: the mover's
    without = book_example(["2S", "9S", "KC"], loose=("6D", "AC"))
    assert "2S+3C5H=10" not in ids(without)
    assert refused(without, "2S+3C5H=10").rule in ("R14", "V6.3")


# --- V6.9: a value declared by a build that is gone ---------------------------------------

def test_V6_9_a_value_the_partner_declared_by_a_build_since_taken_does_not_count() -> None:
    # Seat 0 built 8 and an adversary took it: seat 0 still holds 8D, but seat 2 cannot see
    # that, so a build of 8 without an 8 is refused.
    state = book_example(["2S", "KC", "QD"], builds=[], loose=("6D", "3C"))
    assert "2S+6D=8" not in ids(state)
    error = refused(state, "2S+6D=8")
    assert error.rule == "V6.3" and "V6.9" in error.message


# --- V6.4, V6.10: obligations per player; any build may be captured ----------------------

def test_V6_10_any_player_may_capture_a_partners_build() -> None:
    state = book_example(["8H", "KC", "QD"])
    assert "8Hx3C5H" in ids(state)


def test_V6_10_the_partner_of_an_owner_may_trail_the_owner_may_not() -> None:
    assert "KC" in ids(book_example(["2S", "KC", "QD"]))  # R21 binds the owner only
    state = position("partnership", [["8D", "KH"], ["9H", "10S"], ["2S", "QD"], ["JH", "7D"]],
                     ("6D",), EIGHT, dealer=3, to_move=0)
    assert "KH" not in ids(state)
    assert refused(state, "KH").rule == "R21"


def test_V6_4_R23_holds_for_every_owner_in_a_stored_state() -> None:
    data = position_dict("partnership", [["9D", "4C"], ["9H", "10S"], ["2S", "KC", "QD"],
                                         ["JH", "JS", "7D"]], ("6D",), EIGHT, dealer=3,
                         to_move=2)
    with pytest.raises(StateError) as info:
        State.from_dict(data)
    assert info.value.rule == "R23"


# --- V6.2, V6.11, V6.12: the team scores ---------------------------------------------------

def test_V6_2_partners_piles_score_together() -> None:
    piles = tuple(parse_cards(cards) for cards in (
        ["AS", "AH", "2S", "3S", "4S"], ["5C", "6C"], ["10D", "7S", "8S"], ["9C", "KC"]))
    breakdown = score(piles, (1, 0, 2, 0), RULES)
    assert len(breakdown.players) == 2
    team0, team1 = breakdown.players
    assert (team0.cards, team0.spades, team0.aces, team0.sweeps) == (8, 6, 2, 3)
    assert team0.points.cards == 3 and team0.points.spades == 1
    assert team0.total == 3 + 1 + 2 + 2 + 1 + 3 and team1.total == 0


def test_V6_11_scores_and_winner_are_per_team_on_the_wire() -> None:
    state = new_game(3, "partnership")
    data = state.to_dict()
    assert len(data["hands"]) == len(data["captured"]) == len(data["sweeps"]) == 4
    assert data["scores"] == [0, 0]
    with pytest.raises(StateError):
        State.from_dict({**data, "scores": [0, 0, 0, 0]})


def test_V6_12_a_tied_majority_scores_nothing_and_tied_totals_play_on() -> None:
    suits = tuple(sum(1 << c for c in range(suit, 52, 4)) for suit in range(4))
    breakdown = score(suits, (0, 0, 0, 0), RULES)  # seat s took every card of suit s
    assert [p.cards for p in breakdown.players] == [26, 26]
    assert [p.points.cards for p in breakdown.players] == [0, 0]
    assert [p.points.spades for p in breakdown.players] == [1, 0]
    counting = counting_of(RULES)
    assert not counting.settle((23, 23), 21).over
    assert counting.settle((21, 19), 21).winner == 0


@pytest.mark.parametrize("game_seed", [1, 2, 3])
def test_V6_12_random_games_end_with_the_winning_team(game_seed: int) -> None:
    steps = play_game("partnership", game_seed, checks=False)
    final = steps[-1][2].state
    assert final.status == "game_over" and final.winner is not None
    scores = final.scores
    assert len(scores) == 2 and scores[final.winner] >= 21
    assert scores[final.winner] > scores[1 - final.winner]
    assert final.returns() == tuple(1 if side == final.winner else -1 for side in (0, 1, 0, 1))
    over = steps[-1][2].events[-1]
    assert over.type == "game_over" and over.get("seats") == teams(RULES)[final.winner]
    assert over.to_dict()["description"].startswith("Players ")
    State.from_dict(final.to_dict()).validate()


# --- properties ----------------------------------------------------------------------------

@pytest.mark.parametrize("game_seed", [11, 12])
def test_V6_8_random_play_keeps_states_and_views_consistent(game_seed: int) -> None:
    """Every state: 52 cards, valid, JSON round trip, the reference's moves; every view
    round-trips and hides the other three hands and the stock."""
    for state, _move, _step in play_game("partnership", game_seed, max_moves=120):
        check_views(state)


@pytest.mark.parametrize("game_seed", range(20, 26))
def test_rounds_award_eleven_plus_sweeps_to_the_teams(game_seed: int) -> None:
    """R26 per team (V6.2): 11 points a round less a tied majority, plus every sweep made by
    any of the four seats."""
    rounds, swept = 0, 0
    for _state, _move, step in play_game("partnership", game_seed, checks=False):
        for event in step.events:
            if event.type == "sweep":
                swept += 1
            if event.type == "round_void":
                swept = 0
            if event.type != "round_scored":
                continue
            rounds += 1
            players = event.get("breakdown").players
            assert len(players) == 2 and sum(p.cards for p in players) == 52
            tied = 3 * (players[0].cards == players[1].cards) + \
                (players[0].spades == players[1].spades)
            assert sum(p.total - p.points.sweeps for p in players) == 11 - tied
            assert sum(p.sweeps for p in players) == swept
            swept = 0
    assert rounds >= 1


def test_engine_and_reference_agree_where_partners_build() -> None:
    """Play that favours builds, so that partner builds (V6.3) come up often: at every state
    the engine's moves equal the reference's (tests/engine/reference.py), and some moves
    build on the partner's value without holding it, always using the partner's build."""
    lone = 0
    for game_seed in range(6):
        rng = random.Random(game_seed)
        state = new_game(game_seed, "partnership")
        while state.status == "playing" and state.round == 1:
            check_state(state)
            moves = state.legal_moves()
            values = state.rules.values
            p = state.to_move
            for m in moves:
                kept = state.hands[p] & ~(1 << m.card)
                if m.type == "build" and not any(values[c] == m.value
                                                 for c in range(52) if kept >> c & 1):
                    lone += 1
                    assert any(b.owner == partner(p, RULES) and b.value == m.value
                               and b.cards & m.targets for b in state.builds)
            builds = [m for m in moves if m.type == "build"]
            move = rng.choice(builds if builds and rng.random() < 0.7 else moves)
            state = state.apply(move).state
    assert lone > 0
