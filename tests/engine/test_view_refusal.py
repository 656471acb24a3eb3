"""``View.refusal`` of every game (engine/protocols.py): a move judged from the mover's view
alone (D17, QD13, RM27), as a sealed game judges every move before it is played."""

from __future__ import annotations

import random

import pytest

from engine import conquian, rummy
from engine.cards import card_name, cards_of
from engine.cassino import claim, new_game, parse_move_id
from engine.errors import IllegalMoveError
from engine.rummy.cards import cards_of as rummy_cards_of


def test_D17_a_card_of_the_opponent_and_a_card_of_the_stock_get_one_answer() -> None:
    state = new_game(12345, "standard", dealer=1)  # seat 0 leads (R4)
    view = state.view(0)
    theirs, stocked = card_name(next(cards_of(state.hands[1]))), card_name(state.stock[0])
    answers = []
    for name in (theirs, stocked):
        refused = view.refusal(parse_move_id(name))
        assert refused is not None and refused.rule == "R6"
        answers.append(refused.message.replace(name, "?"))
    assert answers[0] == answers[1] == "card ? is not in player 0's hand (R6)"
    # an open state, seen whole, still says whose hand a misplayed card is in (R4)
    with pytest.raises(IllegalMoveError, match="is in player 1's hand"):
        state.apply(parse_move_id(theirs))


def test_D17_a_target_off_the_table_is_refused_alike_wherever_it_lies() -> None:
    state = new_game(7, "partnership", dealer=3)  # seat 0 leads
    view = state.view(0)
    own = card_name(next(cards_of(state.hands[0])))
    words = set()
    for hidden in (next(cards_of(state.hands[2])), next(cards_of(state.hands[1])),
                   state.stock[-1]):  # the partner's hand (V6.8), an opponent's, the stock
        name = card_name(hidden)
        refused = view.refusal(parse_move_id(f"{own}x{name}"))
        assert refused is not None
        words.add((refused.message.replace(name, "?"), refused.rule, refused.field))
    assert words == {("? not on the table (R11, R15)", "R11, R15", "move.targets")}


def test_D17_a_legal_move_passes_and_the_turn_comes_first() -> None:
    state = new_game(3, "standard", dealer=1)
    for move in state.legal_moves():
        assert state.view(0).refusal(move) is None
    refused = state.view(1).refusal(state.legal_moves()[0])
    assert refused is not None and refused.rule == "R4"


def test_T5_a_claim_is_judged_from_the_view_and_made_for_oneself() -> None:
    state = new_game(3, "twenty-one-claims", dealer=1)
    assert state.view(1).refusal(claim(1)) is None
    refused = state.view(1).refusal(claim(0))
    assert refused is not None and refused.rule == "T5"
    refused = new_game(3, "standard", dealer=1).view(0).refusal(claim(0))
    assert refused is not None and refused.rule == "R27"


def test_QD13_conquian_judges_a_move_from_the_view_as_the_state_does() -> None:
    state = conquian.new_game(5)
    rng = random.Random(5)
    checked = 0
    for _ in range(30):
        if state.game_over:
            break
        seat = state.to_move
        view = state.view(seat)
        hidden = [c for c in range(52) if c in state.stock or (c != state.up and any(
            hand >> c & 1 for other, hand in enumerate(state.hands) if other != seat))]
        for card in rng.sample(hidden, 3):
            move = conquian.parse_move(f"discard:{card_name(card)}")
            refused = view.refusal(move)
            assert refused is not None
            with pytest.raises(IllegalMoveError) as raised:
                state.apply(move)
            assert (refused.message, refused.rule) == (str(raised.value.message),
                                                       raised.value.rule)
            checked += 1
        assert all(view.refusal(m) is None for m in state.legal_moves())
        state = state.apply(rng.choice(state.legal_moves())).state
    assert checked


@pytest.mark.parametrize("variant", ["poker-rum", "poker-gin", "double-pack-rum"])
def test_RM27_rummy_judges_a_move_from_the_view_as_the_state_does(variant: str) -> None:
    state = rummy.new_game(9, variant, players=3)
    rng = random.Random(9)
    checked = 0
    for _ in range(24):
        if state.game_over:
            break
        view = state.view(state.to_move)
        assert all(view.refusal(m) is None for m in state.legal_moves())
        others = [state.hands[s] for s in range(state.players) if s != state.to_move]
        hidden = [c for hand in others for c in rummy_cards_of(hand)][:2] + list(state.stock[:2])
        for card in hidden:
            move = rummy.parse_move(rummy.card_name(card))
            refused = view.refusal(move)
            assert refused is not None
            with pytest.raises(IllegalMoveError) as raised:
                state.apply(move)
            assert (refused.message, refused.rule) == (raised.value.message, raised.value.rule)
            checked += 1
        state = state.apply(rng.choice(state.legal_moves()))[0]
    assert checked
    # another seat's view refuses any move off its turn, naming the turn rule
    refused = state.view((state.to_move + 1) % state.players).refusal(state.legal_moves()[0])
    assert refused is not None and refused.rule == "RM7"

