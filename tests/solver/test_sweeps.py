"""Sweep warnings (solver/cassino/sweeps.py): the exact probability that a move leaves the
next player a sweep (R13), checked against brute-force enumeration of every hidden deal the
view allows (R23), in every playable variant of 2, 3 and 4 seats."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from engine import State, parse_move_id
from engine.cards import cards_of
from engine.cassino import (
    CAPTURE,
    VARIANTS,
    HandSampler,
    View,
    generate_moves,
    new_game,
    play_card,
)
from solver.cassino.sweeps import hidden_ways, sweep_risk
from tests.engine.nseat import position as nseat_position
from tests.engine.test_rules import position

PLAYABLE = [name for name, rules in VARIANTS.items() if rules.playable]


def deals(view: View) -> Iterator[tuple[int, ...]]:
    """Every assignment of the unseen cards to the hidden hands (sizes of the view) that
    gives each hidden seat a numeral of each value the sampler requires of it."""
    sampler = HandSampler(view)
    values = view.rules.values
    hidden = [s for s in range(view.rules.players) if s != view.player]

    def fill(i: int, left: int, hands: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(hidden):
            yield hands
            return
        seat = hidden[i]
        for cards in combinations(list(cards_of(left)), view.hand_sizes[seat]):
            hand = sum(1 << c for c in cards)
            held = {values[c] for c in cards}
            if all(v in held for v in sampler.requirements.get(seat, [])):
                yield from fill(i + 1, left & ~hand, (*hands, hand))

    yield from fill(0, view.unseen, ())


def can_sweep(hand: int, view: View, move_id: str, seat: int) -> bool:
    """Whether ``seat`` holding ``hand`` has a capture that clears the table ``move_id``
    leaves (the whole hand asked of the move generator)."""
    loose, builds, _, _ = play_card(view.loose, view.builds, view.player,
                                    parse_move_id(move_id), view.rules)
    table = loose
    for b in builds:
        table |= b.cards
    return bool(table) and any(m.type == CAPTURE and m.targets == table
                               for m in generate_moves(hand, loose, builds, seat, view.rules))


def brute_force(view: View, move_id: str) -> Fraction:
    rules = view.rules
    sizes = list(view.hand_sizes)
    sizes[view.player] -= 1
    if not any(sizes) and not view.stock_size:
        return Fraction(0)  # the round ends: the residue is no sweep (R24)
    if not any(sizes):  # a new batch: the first player's four cards from the stock
        seat = (view.dealer + 1) % rules.players
        hands = list(combinations(list(cards_of(view.unseen)), rules.hand_size))
        hits = sum(can_sweep(sum(1 << c for c in h), view, move_id, seat) for h in hands)
        return Fraction(hits, len(hands))
    seat = (view.player + 1) % rules.players
    hidden = [s for s in range(rules.players) if s != view.player]
    hits = total = 0
    for hands in deals(view):
        total += 1
        hits += can_sweep(hands[hidden.index(seat)], view, move_id, seat)
    return Fraction(hits, total)


def small_positions(variant: str, seed: int, most_unseen: int) -> list[State]:
    """Positions of one seeded random game whose unseen cards are few enough to enumerate
    every hidden deal; the players capture when they can, so that tables stay small."""
    rng = random.Random(seed)
    state = new_game(seed, variant)
    out = []
    while state.status == "playing" and state.round == 1:
        view = state.view(state.to_move)
        if view.unseen.bit_count() <= most_unseen and state.history:
            out.append(state)
        moves = state.legal_moves()
        captures = [m for m in moves if m.type == CAPTURE]
        state = state.apply(rng.choice(captures or moves)).state
    return out


@pytest.mark.parametrize("variant", PLAYABLE)
def test_exact_probabilities_match_brute_force_enumeration(variant: str) -> None:
    nonzero = 0
    seats = VARIANTS[variant].players
    most = {2: 12, 3: 9, 4: 9}[seats]
    for seed in (1, 2, 3):
        for state in small_positions(variant, seed, most)[:12]:
            view = state.view(state.to_move)
            sampler = HandSampler(view)
            assert hidden_ways(view, sampler.requirements, (view.player + 1) % seats, 0) \
                == sampler.count()
            for move in view.legal_moves():
                if move.type == "claim":
                    continue
                risk = sweep_risk(view, move)
                assert risk.probability == brute_force(view, move.id), (variant, move.id)
                nonzero += risk.probability > 0
    assert nonzero, f"no position of {variant} tested a sweep"


def test_a_lone_card_left_behind_is_a_hypergeometric_risk() -> None:
    state = position((["3H", "9S"], ["AH", "KD"]), ["3D", "5C"], dealer=1, stock=40,
                     captured=([], []))
    view = state.view(0)
    risk = sweep_risk(view, parse_move_id("3Hx3D"))
    unseen = view.unseen.bit_count()  # the other two cards and the stock: three 5s in it
    assert risk.probability == 1 - Fraction(comb(unseen - 3, 2), comb(unseen, 2))
    assert (risk.player, risk.ranks) == (1, ("5",))
    assert risk.to_dict() == {"player": 1, "probability": round(float(risk.probability), 4),
                              "ranks": ["5"], "method": "exact"}
    assert sweep_risk(view, parse_move_id("3H")).probability == 0  # 3, 3, 5 make no sum


def test_R23_a_build_owner_holds_its_value_so_the_sweep_is_certain() -> None:
    # seat 1 owns a build of 7 and so holds a 7: taking the loose 2 leaves it a sweep
    state = position((["2H", "9S"], ["7D", "KD"]), ["2C"], [(7, 1, [["4S", "3C"]])],
                     dealer=1, to_move=0, stock=40, captured=([], []))
    risk = sweep_risk(state.view(0), parse_move_id("2Hx2C"))
    assert risk.probability == 1 and risk.ranks == ("7",)


def test_a_sweep_leaves_nothing_to_sweep() -> None:
    state = position((["5H", "9S"], ["5D", "KD"]), ["5C"], dealer=1, stock=40,
                     captured=([], []))
    risk = sweep_risk(state.view(0), parse_move_id("5Hx5C"))
    assert risk.probability == 0 and risk.ranks == ()


def test_the_last_card_of_a_batch_hands_the_risk_to_the_next_batchs_first_player() -> None:
    state = position((["5H"], []), ["3C", "2D"], dealer=0, to_move=0, stock=8)
    view = state.view(0)
    risk = sweep_risk(view, parse_move_id("5H"))
    assert risk.player == 1
    assert risk.probability == brute_force(view, "5H")


def test_the_round_s_last_card_leaves_no_next_player() -> None:
    state = position((["5H"], []), ["3C", "2D"], dealer=0, to_move=0)
    assert sweep_risk(state.view(0), parse_move_id("5H")).player is None


def test_only_the_view_counts() -> None:
    one = position((["3H", "9S"], ["AH", "KD"]), ["3D", "5C"], dealer=1, stock=40,
                   captured=([], []))
    other = one._replace(hands=(one.hands[0], sum(1 << c for c in one.stock[:2])),
                         stock=(*one.stock[2:], *cards_of(one.hands[1])))
    assert one.view(0) == other.view(0) and one.hands[1] != other.hands[1]
    for move in one.view(0).legal_moves():
        assert sweep_risk(one.view(0), move) == sweep_risk(other.view(0), move)


def test_partnership_next_seat_is_an_opponent() -> None:
    state = nseat_position("partnership", [["8D", "4C"], ["9H", "10S"], ["2S", "KC", "6H"],
                                           ["JH", "JS", "7D"]], ("6D", "3S"), (),
                           dealer=3, to_move=2, stock=0)
    view = state.view(2)
    risk = sweep_risk(view, parse_move_id("6Hx6D"))
    assert risk.player == 3 and risk.probability == brute_force(view, "6Hx6D")


def test_R23_the_card_an_owner_must_hold_leaves_less_room_for_a_sweeper() -> None:
    # seat 1 owns a build of 7, so one of its two cards is a 7; taking the build leaves
    # the loose 5: seat 1 sweeps only if its other card is a 5
    state = position((["7H", "9S"], ["7D", "KD"]), ["5C"], [(7, 1, [["4S", "3C"]])],
                     dealer=1, to_move=0, stock=40, captured=([], []))
    view = state.view(0)
    risk = sweep_risk(view, parse_move_id("7Hx3C4S"))
    assert risk.ranks == ("5",)
    assert risk.probability == brute_force(view, "7Hx3C4S")
    free = Fraction(comb(view.unseen.bit_count() - 3, 2), comb(view.unseen.bit_count(), 2))
    assert risk.probability != 1 - free  # the plain hypergeometric draw is not the answer
