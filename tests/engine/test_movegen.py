"""``State.legal_moves()`` against the brute-force reference of docs/rules/standard.md R9-R22."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, seed, settings
from hypothesis import strategies as st

import engine
from engine import Build, Move
from engine.cards import cards_of, parse_cards
from engine.cassino.play import advance
from tests.engine.reference import numeral_value, reference_moves, reference_moves_of


def moves_of(ids: list[str]) -> set[Move]:
    return {engine.parse_move_id(i) for i in ids}


def assert_same_moves(state: engine.State) -> list[Move]:
    """The engine lists each reference move once, and nothing else."""
    got = state.legal_moves()
    assert len(got) == len(set(got)), "duplicate moves: " + " ".join(
        sorted(m.id for m in got if got.count(m) > 1))
    want = reference_moves_of(state)
    missing = sorted(m.id for m in want - set(got))
    extra = sorted(m.id for m in set(got) - want)
    assert not missing and not extra, (
        f"engine misses {missing}, engine adds {extra}\nposition: {state.to_dict()}")
    return got


# --- the reference itself, on the rule card's worked example and hand-made cases ----------


def test_reference_worked_example() -> None:
    """Rule card section 10: 2H on 5C builds 7, 7D extends it, 7S takes it all."""
    hand = parse_cards(["2H", "7D", "7S", "KD"])
    got = reference_moves(hand, parse_cards(["5C", "8D"]), (), 0)
    assert engine.parse_move_id("2H+5C=7") in got
    assert engine.parse_move_id("KD") in got  # R9: trail allowed with no build owned
    assert engine.parse_move_id("2H+5C=9") not in got  # R14 retain: no nine in hand
    build = Build.of(7, 0, [parse_cards(["5C", "2H"])])
    after = reference_moves(parse_cards(["7D", "7S", "KD"]), parse_cards(["8D", "KC"]),
                            (build,), 0)
    assert engine.parse_move_id("7D+2H5C=7") in after  # R14c extend with c alone
    assert engine.parse_move_id("7Sx2H5C") in after
    assert engine.parse_move_id("KD") not in after  # R21: no trail while owning a build
    assert engine.parse_move_id("7D+2H5C8D=15") not in after  # R17
    multiple = Build.of(7, 0, [parse_cards(["5C", "2H"]), parse_cards(["7D"])])
    last = reference_moves(parse_cards(["7S", "KD"]), parse_cards(["8D", "KC", "3C"]),
                           (multiple,), 0)
    # R22: the last seven must take the own build of seven; no build keeps a seven.
    # The king may take the loose king (R10): the seven stays in hand.
    assert last == moves_of(["7Sx2H5C7D", "KDxKC"])


def test_reference_raise_and_court_rules() -> None:
    single = Build.of(5, 1, [parse_cards(["2C", "3C"])])
    hand = parse_cards(["3D", "8H", "QS", "5H"])
    loose = parse_cards(["8S", "QH", "QD", "6C", "2S"])
    got = reference_moves(hand, loose, (single,), 0)
    assert engine.parse_move_id("3D+2C3C=8") in got  # R14b raise of the other's build
    assert engine.parse_move_id("3D+2C3C8S=8") in got  # raise plus a loose group of 8
    assert engine.parse_move_id("3D+2C3C6C2S=8") in got  # raise plus a loose sum of 8
    with_ten = reference_moves(parse_cards(["3D", "10H"]), loose, (single,), 0)
    assert engine.parse_move_id("3D+2C3C2S=10") not in with_ten  # loose cards cannot add
    assert engine.parse_move_id("10Hx2C3C") not in with_ten  # R18: only a five takes it
    assert engine.parse_move_id("QSxQH") in got and engine.parse_move_id("QSxQD") in got
    assert engine.parse_move_id("QSxQDQH") not in got  # R10: exactly one
    assert engine.parse_move_id("5Hx2C3C") in got  # R11: a build of 5 taken by a five
    assert engine.parse_move_id("5Hx2C3C2S") not in got  # 2S alone is not worth 5
    assert engine.parse_move_id("8Hx2S6C8S") in got
    multiple = Build.of(5, 1, [parse_cards(["2C", "3C"]), parse_cards(["5C"])])
    got = reference_moves(hand, loose, (multiple,), 0)
    assert not any(m.type == "build" and m.targets & multiple.cards and m.value != 5
                   for m in got)  # R8, R14b: a multiple build is never raised


def test_reference_raise_own_build_with_last_card_of_old_value() -> None:
    """R22: raising one's own build of 4 with the last 4 is legal when holding the 8."""
    own = Build.of(4, 0, [parse_cards(["AC", "3C"])])
    got = reference_moves(parse_cards(["4H", "8D"]), parse_cards(["9S"]), (own,), 0)
    # Not the trail (R21); the 8 can take nothing and cannot build (the 4 kept, v >= 8).
    assert got == moves_of(["4Hx3CAC", "4H+3CAC=8"])


# --- (a) positions of random play ----------------------------------------------------------


def test_random_play_positions_match_reference() -> None:
    positions = 0
    with_builds = 0
    for game_seed in range(60):
        rng = random.Random(game_seed)
        state = engine.new_game(game_seed)
        deal = state.deal
        while state.deal < deal + 2 and state.status == "playing":
            moves = assert_same_moves(state)
            positions += 1
            with_builds += bool(state.builds)
            # Prefer build moves now and then so that builds stay on the table.
            builds = [m for m in moves if m.type == "build"]
            move = rng.choice(builds if builds and rng.random() < 0.5 else moves)
            state = advance(state, move)
    assert positions >= 5000
    assert with_builds >= 1000


# --- (b) hypothesis positions with builds ---------------------------------------------------

# Ranks weighted towards aces and tens (and small numerals that sum easily).
RANK_WEIGHTS = [1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 11, 12, 13]


@st.composite
def positions(draw: st.DrawFn) -> engine.State:
    pool = set(range(52))

    def take(rank: int) -> int | None:
        free = [c for c in range((rank - 1) * 4, rank * 4) if c in pool]
        if not free:
            return None
        card = draw(st.sampled_from(free))
        pool.discard(card)
        return card

    dealer = draw(st.integers(0, 1))
    to_move = draw(st.integers(0, 1))
    nondealer = 1 - dealer
    n = draw(st.integers(1, 4 if to_move == nondealer else 3))
    sizes = [0, 0]
    sizes[nondealer] = n
    sizes[dealer] = n + (to_move == dealer)
    hands = [0, 0]
    required: list[set[int]] = [set(), set()]

    builds: list[Build] = []
    for _ in range(draw(st.integers(0, 4))):
        value = draw(st.sampled_from([1, 2, 3, 4, 5, 6, 7, 7, 8, 9, 10, 10]))
        owner = draw(st.integers(0, 1))
        # Reachable only: each build move makes one build, and a player has made
        # 4 - (cards in hand) moves in this batch (R5, R23: no build outlives a batch).
        if sum(b.owner == owner for b in builds) >= 4 - sizes[owner]:
            continue
        if value not in required[owner]:
            if len(required[owner]) >= sizes[owner]:
                continue
            keep = take(value)
            if keep is None:
                continue
            hands[owner] |= 1 << keep
            required[owner].add(value)
        groups: list[int] = []
        for _g in range(draw(st.integers(1, 3))):
            if value == 1 or (groups and draw(st.booleans())):
                parts = [value]  # a single card worth the value (multiple builds)
            else:
                parts = [draw(st.integers(1, value - 1))]  # at least two cards
                while sum(parts) < value:
                    parts.append(draw(st.integers(1, value - sum(parts))))
            cards = [take(p) for p in parts]
            if None in cards:
                pool.update(c for c in cards if c is not None)
                continue
            mask = 0
            for c in cards:
                assert c is not None
                mask |= 1 << c
            groups.append(mask)
        if groups and sum(g.bit_count() for g in groups) >= 2:
            builds.append(Build.of(value, owner, groups))
        else:
            for g in groups:
                pool.update(cards_of(g))

    for p in (0, 1):
        while hands[p].bit_count() < sizes[p]:
            wanted = [*RANK_WEIGHTS, *(b.value for b in builds for _ in range(3))]
            card = take(draw(st.sampled_from(wanted)))
            if card is None:
                card = draw(st.sampled_from(sorted(pool)))
                pool.discard(card)
            hands[p] |= 1 << card

    loose = 0
    for _ in range(draw(st.integers(0, 8))):
        card = take(draw(st.sampled_from(RANK_WEIGHTS)))
        if card is not None:
            loose |= 1 << card

    rest = draw(st.permutations(sorted(pool)))
    batches = draw(st.integers(0, min(5, len(rest) // 8)))
    stock = tuple(rest[:8 * batches])
    piles = rest[8 * batches:]
    cut = draw(st.integers(0, len(piles)))
    if cut == 1 or len(piles) - cut == 1:  # no capture takes a single card (R12)
        cut = 0
    assume(len(piles) != 1)
    captured = (sum(1 << c for c in piles[:cut]), sum(1 << c for c in piles[cut:]))
    capturers = [p for p in (0, 1) if captured[p]]
    last = draw(st.sampled_from(capturers)) if capturers else None
    state = engine.new_game(0)._replace(
        dealer=dealer, to_move=to_move, hands=tuple(hands), stock=stock, loose=loose,
        builds=tuple(sorted(builds, key=lambda b: b.cards)), captured=captured,
        last_capturer=last, history=())
    state.validate()
    return state


def _check_applied(state: engine.State, move: Move) -> None:
    """A legal move applies, and a build move keeps the groups of the builds it uses (R8)."""
    step = state.apply(move)
    step.state.validate()
    if move.type != "build":
        return
    made = [b for b in step.state.builds if b.cards >> move.card & 1]
    assert made, f"build move {move.id} left no build"
    build = made[0]
    assert build.owner == state.to_move and build.value == move.value  # R20
    assert build.cards == move.targets | 1 << move.card
    for used in state.builds:
        if used.cards & move.targets:
            if used.value == move.value:
                assert set(used.groups) <= set(build.groups)  # R8: groups kept as they are
            else:  # R14b: the played card joins the raised single build's group
                assert used.cards | 1 << move.card in build.groups
    for group in build.groups:
        assert sum(numeral_value(c) for c in cards_of(group)) == move.value


@seed(20240611)
@settings(max_examples=500, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(positions())
def test_generated_positions_match_reference(state: engine.State) -> None:
    moves = assert_same_moves(state)
    for move in moves:
        _check_applied(state, move)


def test_generator_covers_builds_of_both_players() -> None:
    """The strategy above really produces the positions it is meant to."""
    seen = {"both_owners": 0, "multiple": 0, "several": 0, "ace_or_ten": 0}

    @seed(7)
    @settings(max_examples=200, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(positions())
    def collect(state: engine.State) -> None:
        owners = {b.owner for b in state.builds}
        seen["both_owners"] += owners == {0, 1}
        seen["multiple"] += any(len(b.groups) > 1 for b in state.builds)
        seen["several"] += len(state.builds) >= 2
        table = state.loose | sum(b.cards for b in state.builds)
        seen["ace_or_ten"] += bool(table & (0xF | 0xF << 36))

    collect()
    assert all(count >= 20 for count in seen.values()), seen


# --- fixed positions from the rules ---------------------------------------------------------


def _position(hands: list[list[str]], loose: list[str], builds: list[dict],
              to_move: int = 0, dealer: int = 1) -> engine.State:
    used = parse_cards([c for h in hands for c in h] + loose
                       + [c for b in builds for g in b["groups"] for c in g])
    rest = [c for c in range(52) if not used >> c & 1]
    data = engine.new_game(0, dealer=dealer).to_dict()
    data.update(
        to_move=to_move, dealer=dealer, hands=hands, stock=[],
        table={"loose": loose, "builds": builds},
        captured=[[engine.card_name(c) for c in rest], []], last_capturer=0, history=[])
    return engine.State.from_dict(data)


@pytest.mark.parametrize("case", [
    # R21, R22: owner with one seven left must take the own seven build with it.
    {"hands": [["7S", "KD"], ["3H", "4H"]], "loose": ["8D", "3C"],
     "builds": [{"value": 7, "owner": 0, "groups": [["5C", "2H"], ["7D"]]}]},
    # R14b: raise the opponent's single build; R22 on the own build of 9.
    {"hands": [["3D", "9H", "10S"], ["2S", "7C"]], "loose": ["AH", "9C", "10C"],
     "builds": [{"value": 7, "owner": 1, "groups": [["4C", "3S"]]},
                {"value": 9, "owner": 0, "groups": [["6D", "3H"]]}]},
    # Two builds of one value, aces and tens loose.
    {"hands": [["AS", "10H", "5D"], ["10S", "AD"]], "loose": ["AC", "9S", "4H", "10C"],
     "builds": [{"value": 10, "owner": 1, "groups": [["6C", "4S"]]},
                {"value": 10, "owner": 0, "groups": [["7H", "3S"], ["10D"]]}]},
])
def test_fixed_positions_match_reference(case: dict) -> None:
    hands = case["hands"]
    state = _position(hands, case["loose"], case["builds"],
                      to_move=0, dealer=0 if len(hands[0]) > len(hands[1]) else 1)
    assert_same_moves(state)
