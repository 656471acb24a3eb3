"""I Doubt It's rules (docs/rules/i-doubt-it.md): the book's points as scenarios, the lazy
claims against a listing, a reference implementation on random games, pinned perft."""

from __future__ import annotations

import random
from dataclasses import replace
from math import comb

import pytest

from engine.cards import card_mask, card_name, cards_of, parse_card
from engine.errors import GameError, IllegalMoveError, MoveFormatError, StateError
from engine.games import engine_of
from engine.i_doubt_it import DOUBT, PASS, Claims, Move, State, new_game, parse_move
from tests.engine.i_doubt_it.reference import Reference

ENGINE = engine_of("i-doubt-it")


def cards(*names: str) -> int:
    return card_mask(parse_card(n) for n in names)


def names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


def claim(*spec: str) -> Move:
    *laid, rank = spec
    return parse_move(f"claim:{','.join(laid)}:{rank}")


def table(hands: list[list[str]], centre: list[str] = ()) -> State:  # type: ignore[assignment]
    """A hand set out by name; the rest of the pack in the last hand, seat 0 to lay."""
    used = {n for h in hands for n in h} | set(centre)
    rest = [card_name(c) for c in range(52) if card_name(c) not in used]
    masks = [cards(*h) for h in hands]
    masks[-1] |= cards(*rest)
    state = new_game(1, players=len(hands))
    return replace(state, hands=tuple(masks), centre=tuple(parse_card(c) for c in centre))


def test_the_deal_goes_round_as_far_as_it_goes_equally() -> None:
    for seats, each, left in [(2, 26, 0), (3, 17, 1), (4, 13, 0), (5, 10, 2), (10, 5, 2)]:
        state = new_game(7, players=seats)
        assert state.sizes == (each,) * seats and len(state.centre) == left  # ID2
        assert state.acting == {0} and state.claimer == 0  # ID3, IDD1: the last seat deals
    assert new_game(7, dealer=1, players=3).acting == {2}
    with pytest.raises(StateError) as refused:
        new_game(7, players=11)
    assert refused.value.field == "players" and refused.value.rule == "IDD1"


def test_a_false_claim_doubted_goes_back_with_the_centre() -> None:
    state = table([["2S", "3S", "4S", "KH"], ["JS", "JH", "JD", "5C"], ["9S"]], ["AS"])
    state = replace(state, centre=(parse_card("AS"),))
    state, events = state.apply(claim("2S", "3S", "4S", "J"))  # ID4: any rank, truly or not
    assert state.acting == {1} and state.laid == 3 and events[0].type == "claim"
    assert ENGINE.event_json(events[0], 1).get("cards") is None  # IDD9: unseen by the others
    state, events = state.apply(DOUBT)  # ID5, IDD3: the first doubt ends the speaking
    reveal = events[-1]
    assert reveal.type == "reveal" and reveal.true is False and reveal.taker == 0  # ID6
    assert names(state.hands[0]) == sorted(["2S", "3S", "4S", "KH", "AS"], key=parse_card)
    assert not state.centre and state.acting == {1}  # ID8, IDD4: the claimer's left lays
    assert state.known[2][0] == cards("2S", "3S", "4S")  # IDD9: seen going back


def test_a_true_claim_doubted_goes_to_the_doubter() -> None:
    state = table([["JS", "JH", "JD", "5C"], ["2S"], ["9S"]])
    state = state.apply(claim("JS", "JH", "JD", "J"))[0]
    state = state.apply(PASS)[0]  # seat 1 passes, seat 2 doubts (IDD3: in turn order)
    state, events = state.apply(DOUBT)
    reveal = next(e for e in events if e.type == "reveal")
    assert reveal.true is True and reveal.taker == 2  # ID6, IDD7
    assert state.hands[2] & cards("JS", "JH", "JD") == cards("JS", "JH", "JD")
    # ID8, ID9: seat 1 lays next, but is short with the centre empty: the turn passes on
    assert [e.type for e in events][-1] == "skip" and state.claimer == 2


def test_a_claim_that_stands_goes_to_the_centre_unseen() -> None:
    state = table([["2S", "3S", "4S", "KH"], ["5C", "6C", "7C"], ["9S"]])
    state = state.apply(claim("2S", "3S", "4S", "Q"))[0]
    state, events = state.apply(PASS)
    assert state.acting == {2}  # IDD3: the next speaker
    state, events = state.apply(PASS)
    assert [e.type for e in events] == ["pass", "centre"]  # ID7
    assert state.centre[-3:] == tuple(parse_card(c) for c in ("2S", "3S", "4S"))  # IDD6
    assert state.centre_known[0] == cards("2S", "3S", "4S") and not state.centre_known[1]
    assert state.acting == {1} and state.rank == 0


def test_a_short_hand_draws_from_the_top_and_skips_on_an_empty_centre() -> None:
    state = table([["2S", "3S", "4S", "KH"], ["5C"], ["9S"]])
    state = state.apply(claim("2S", "3S", "4S", "Q"))[0]
    state, events = state.apply(PASS)
    state, events = state.apply(PASS)
    assert events[-1].type == "draw" and events[-1].size == 2  # ID9: enough to make three
    assert state.hands[1] == cards("5C", "3S", "4S")  # IDD6: the top of the centre
    assert ENGINE.event_json(events[-1], 0).get("cards") is None  # IDD9
    assert state.known[0][1] == cards("3S", "4S")  # seat 0 laid them: it knows
    empty = table([["2S", "3S", "4S", "KH"], ["5C"], ["9S"]])
    empty = empty.apply(claim("2S", "3S", "4S", "2"))[0]
    empty, events = empty.apply(DOUBT)  # false: the centre goes back to seat 0, empty now
    assert [e.type for e in events][-1] == "skip" and empty.claimer == 2  # ID9


def test_going_out_and_the_chips() -> None:
    state = table([["JS", "JH", "JD"], ["2S", "3S"], ["9S"]])
    state = state.apply(claim("JS", "JH", "JD", "J"))[0]
    state = state.apply(PASS)[0]
    state, events = state.apply(PASS)
    assert state.game_over and events[-1].type == "out"  # ID10
    assert state.result.winners == (0,)
    assert state.result.points == (2 + 47, -2, -47)  # ID11, IDD11: zero-sum chips
    doubted = table([["JS", "JH", "JD"], ["2S", "3S"], ["9S"]])
    doubted = doubted.apply(claim("JS", "JH", "JD", "J"))[0]
    doubted = doubted.apply(DOUBT)[0]  # IDD5: true, seat 1 takes and pays for them too
    assert doubted.game_over and doubted.result.points == (5 + 47, -5, -47)
    bluff = table([["JS", "JH", "2D"], ["2S", "3S"], ["9S"]])
    bluff = bluff.apply(claim("JS", "JH", "2D", "J"))[0].apply(DOUBT)[0]
    assert not bluff.game_over and bluff.sizes[0] == 3


def test_the_claims_limit_ends_the_game_for_the_fewest_cards() -> None:
    state = replace(table([["2S", "3S", "4S", "KH"], ["5C", "6C", "7C"], ["9S"]]), claims=99)
    state = state.apply(claim("2S", "3S", "4S", "Q"))[0].apply(DOUBT)[0]
    # IDD10: seat 0 took its claim back (4 cards), seat 1 holds 3, seat 2 the other 45
    assert state.game_over and state.sizes == (4, 3, 45) and state.result.winners == (1,)
    assert state.result.points == (-1, 43, -42)


def test_refusals_name_the_rule() -> None:
    state = table([["2S", "3S", "4S", "KH"], ["5C", "6C", "7C"], ["9S"]])
    for move, field, rule in [(claim("2S", "3S", "5C", "Q"), "move.cards", "ID4"),
                              (claim("2S", "3S", "Q"), "move.cards", "ID4"),
                              (DOUBT, "move.type", "ID4")]:
        refused = state.view(0).refusal(move)
        assert isinstance(refused, IllegalMoveError)
        assert (refused.field, refused.rule) == (field, rule)
    # a card not held is refused in the same words wherever it lies (IDD9)
    held = state.view(0).refusal(claim("2S", "3S", "5C", "Q"))
    nowhere = state.view(0).refusal(claim("2S", "3S", "AH", "Q"))
    assert str(held).replace("5C", "X") == str(nowhere).replace("AH", "X")
    assert state.view(1).refusal(PASS).rule == "ID13"  # type: ignore[union-attr]
    speaking = state.apply(claim("2S", "3S", "4S", "Q"))[0]
    assert speaking.view(1).refusal(claim("5C", "6C", "7C", "5")).rule == "ID5"  # type: ignore
    with pytest.raises(GameError):
        speaking.apply(claim("5C", "6C", "7C", "5"))
    for bad, field in [("claim:2S,2S,3S:4", "move.cards[1]"), ("claim:2S,3S,4S:Z", "move.rank"),
                       ({"type": "shout"}, "move.type"), ({"type": "pass", "x": 1}, "move.x"),
                       ("hello", "move")]:
        with pytest.raises(MoveFormatError) as error:
            parse_move(bad)
        assert error.value.field == field


def test_claims_are_listed_lazily_as_a_listing_would() -> None:
    hand = cards("2S", "3S", "4S", "KH", "AD", "9C")
    lazy = Claims(hand, 3)
    listed = list(lazy)
    assert len(lazy) == len(listed) == comb(6, 3) * 13
    assert [lazy[i] for i in range(len(lazy))] == listed and lazy[-1] == listed[-1]
    assert all(m in lazy for m in listed[::7]) and claim("2S", "3S", "5C", "Q") not in lazy
    assert len(set(listed)) == len(listed)
    assert parse_move(listed[100].id) == listed[100]


def test_the_engine_plays_as_the_reference_on_random_games() -> None:
    for seed in range(9):
        seats = 10 - seed % 9
        rng = random.Random(seed)
        state, ref = new_game(seed, players=seats), Reference(seed, seats)
        while not state.game_over:
            seat = min(state.acting)
            moves = state.moves_for(seat)
            listed = ref.moves()
            assert len(moves) == len(listed)
            if len(listed) <= 300:  # the short lists in full, the long by a sample
                assert sorted(m.id for m in moves) == sorted(listed)
            else:
                assert all(parse_move(listed[i]) in moves for i in range(0, len(listed), 97))
            move = moves[rng.randrange(len(moves))] if state.speaker is None else (
                DOUBT if rng.random() < 0.3 else PASS)
            state = state.apply(move)[0]
            ref.play(move.id)
            assert [names(h) for h in state.hands] == [
                sorted(h, key=parse_card) for h in ref.hands]
            assert [card_name(c) for c in state.centre] == ref.centre
            assert state.claimer == ref.claimer and state.game_over == ref.over


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.game_over:
        return 1
    return sum(perft(state.apply(m)[0], depth - 1) for m in state.moves_for(min(state.acting)))


def test_perft_is_pinned() -> None:
    ten = new_game(5, players=10)
    assert [perft(ten, d) for d in (1, 2, 3)] == [130, 260, 17160]
    assert perft(new_game(5, players=2), 1) == comb(26, 3) * 13


def test_states_and_views_read_back() -> None:
    state = new_game(3)
    state = state.apply(state.moves_for(0)[5])[0]
    assert ENGINE.read_state(state.to_dict()) == state
    view = state.view(2)
    assert ENGINE.read_view(view.to_dict()) == view
    with pytest.raises(StateError) as error:
        ENGINE.read_state({**state.to_dict(), "claim": []})
    assert error.value.field in ("hands", "claim")


def test_the_brief_view_is_the_view_without_its_log() -> None:
    state = new_game(4, players=4)
    for _ in range(9):
        seat = min(state.acting)
        state = state.apply(state.moves_for(seat)[0])[0]
    for seat in range(4):
        assert state.brief_view(seat) == replace(state.view(seat), log=())
        assert state.view(seat).log  # the full view tells what happened
