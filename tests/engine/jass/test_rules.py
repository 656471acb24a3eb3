"""Jass's rules (docs/rules/jass.md) as scenarios, each citing its rule; bad input named."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.cards import card_mask, card_name, cards_of, parse_card, suit_of
from engine.errors import IllegalMoveError, MoveFormatError, StateError
from engine.games import engine_of
from engine.jass import EXCHANGE, KEEP, PASS, STAY, Move, State, View, new_game, parse_move
from engine.jass.cards import points, strength
from engine.jass.melds import meld_value, melds_of
from engine.jass.rules import PACK

ENGINE = engine_of("jass")


def cards(*names: str) -> int:
    return card_mask(parse_card(n) for n in names)


def names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


def play(name: str) -> Move:
    return Move("play", parse_card(name))


def position(variant: str, hands: list[str], turned: str, leader: int = 0,
             played: int = 0) -> State:
    """Hands set out by name (space-separated), ``turned`` the trump card, ``leader`` to
    lead; the rest of the pack laid aside (out of the deal)."""
    masks = [cards(*h.split()) for h in hands]
    rest = PACK
    for m in masks:
        rest &= ~m
    state = new_game(1, variant)
    zero = (0,) * state.seats
    return replace(state, hands=tuple(masks), widow=rest, stock=(), trump=suit_of(
        parse_card(turned)), turned=parse_card(turned), phase="play", turn=leader,
        leader=leader, shown=zero, table_shown=0, out=None, exchanger=None, played=played,
        log=())


def moves(state: State) -> list[str]:
    return [m.id for m in state.moves_for(state.turn)]


def run(state: State, *ids: str) -> State:
    for move_id in ids:
        state = state.apply(parse_move(move_id))[0]
    return state


def test_the_pack_ranks_and_points() -> None:  # J1, J2, J16
    assert PACK.bit_count() == 36 and not PACK & cards("5S", "4H", "3D", "2C")
    spades = [parse_card(n) for n in ("6S", "7S", "8S", "10S", "QS", "KS", "AS", "9S", "JS")]
    assert [strength(c, 0) for c in spades] == sorted(strength(c, 0) for c in spades)  # J2
    hearts = [parse_card(n) for n in ("6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH")]
    assert [strength(c, 0) for c in hearts] == list(range(9))  # J1
    assert points(PACK, 0) + 5 == 157
    assert points(cards("JS", "9S", "JH", "9H"), 0) == 20 + 14 + 2 + 0


def test_the_deal_three_at_a_time_and_the_trump() -> None:  # J4, JD1, JD2, J5, J19
    four = new_game(3, "jass")
    assert four.dealer == 3 and [h.bit_count() for h in four.hands] == [9] * 4
    pack = list(cards_of(PACK))
    random.Random(3).shuffle(pack)
    assert four.hands[0] == card_mask(pack[0:3] + pack[12:15] + pack[24:27])
    assert four.turned == pack[-1] and four.hands[3] >> four.turned & 1  # the dealer's last
    assert four.shown[3] == 1 << four.turned and four.phase == "pass" and four.turn == 0
    three = new_game(3, "three-hand-jass")
    random.Random(3).shuffle(pack := list(cards_of(PACK)))
    assert three.turned == pack[27] and three.widow.bit_count() == 9
    assert three.widow >> three.turned & 1 and three.phase == "exchange" and three.turn == 2
    two = new_game(3, "two-hand-jass")
    assert len(two.stock) == 18 and two.stock[-1] == two.turned  # under the stock
    assert two.phase == "play" and two.turn == 0 and new_game(3, "jass", dealer=0).turn == 1
    with pytest.raises(StateError) as refused:
        new_game(3, "jass", dealer=4)
    assert refused.value.field == "dealer"


def test_the_six_of_trumps_takes_the_turned_card() -> None:  # J7, JD3
    for seed in range(30):
        state = new_game(seed, "jass")
        six_card = parse_card("6" + "SHDC"[state.trump])
        if state.log:  # the six's holder took the dealer's card, the dealer has the six
            assert state.log[0].taker == 3 and state.hands[3] >> six_card & 1
            assert state.hands[state.log[0].player] >> state.turned & 1
        else:  # the dealer held the six himself, or the six was turned
            assert state.hands[3] >> six_card & 1
    four = new_game(5, "jass")  # 9S turned to seat 3, the 6S with seat 3 already? see log
    six = four.log[0]
    assert six.type == "six" and six.taker == 3 and four.hands[six.player] >> four.turned & 1
    assert four.hands[3] >> parse_card("6S") & 1 and four.shown[3] == cards("6S")
    assert four.shown[six.player] == 1 << four.turned
    two = new_game(1, "two-hand-jass")  # 10H under the stock, 6H... in a hand: taken
    assert two.log[0].type == "six" and two.stock[-1] == parse_card("6H")
    assert two.table_shown == cards("6H")
    none = new_game(0, "two-hand-jass")
    assert none.log == () and none.stock[-1] == none.turned  # the six in the stock: none


def test_the_three_hand_exchange_asked_once_each() -> None:  # J6, JD13, J7
    state = new_game(0, "three-hand-jass")  # dealer 2; KD turned on the table
    assert moves(state) == ["exchange", "keep"]
    table = state.widow
    state = state.apply(KEEP)[0]
    assert state.turn == 0 and state.phase == "exchange"
    before = state.hands[0]
    state, events = state.apply(EXCHANGE)
    assert state.exchanger == 0 and state.widow == before and state.phase == "play"
    six = next((e for e in events if e.type == "six"), None)
    assert (state.hands[0] | (0 if six is None else 1 << state.turned)) & table
    assert state.turn == 0 and state.view(0).own_widow == before
    assert state.view(1).own_widow == 0  # JD11: his discard, his alone
    kept = run(new_game(0, "three-hand-jass"), "keep", "keep", "keep")
    assert kept.exchanger is None and kept.phase == "play" and kept.turn == 0
    # the 6D with seat 1 takes the KD from the table, the six lying face up there (JD3)
    assert kept.hands[1] >> parse_card("KD") & 1 and kept.table_shown == cards("6D")


def test_passing_out_with_four() -> None:  # J8, JD4, J9
    state = new_game(4, "jass")
    assert moves(state) == ["pass", "stay"]
    state = run(state, "stay", "pass")
    assert state.out == 1 and state.phase == "play" and state.turn == 0
    while not state.game_over:
        assert state.turn != 1
        state = state.apply(state.moves_for(state.turn)[0])[0]
    assert state.result.points[1] == 0 and state.hands[1].bit_count() == 9
    assert state.tricks[1] == 0 and sum(state.tricks) == 9
    assert ENGINE.hidden(state, 0) >= set(names(state.hands[1]))  # his cards unseen
    assert run(new_game(4, "jass"), "pass").turn == 1  # the leader passed: the next leads
    stayed = run(new_game(4, "jass"), "stay", "stay", "stay", "stay")
    assert stayed.out is None and stayed.turn == 0


def test_follow_head_and_trump() -> None:  # J10, JD10, J12
    state = position("jass", ["AH 7C", "KH 6H", "QC 9S", "10H 8S"], "7S")
    state = run(state, "play:7C")
    assert moves(state) == ["play:6H", "play:KH"]  # no club: hearts are no trump, any
    state = position("jass", ["KH 7C", "AH 6H", "QH 9S", "10H 8S"], "7S")
    state = run(state, "play:KH")
    assert moves(state) == ["play:AH"]  # follows and heads
    state = run(state, "play:AH")
    assert moves(state) == ["play:QH"]  # cannot head: any heart
    state = position("jass", ["KH 7C", "8S 6C", "QS 9S", "10H 8C"], "7S")
    state = run(state, "play:KH")
    assert moves(state) == ["play:8S"]  # no heart: a trump
    state = run(state, "play:8S")
    assert set(moves(state)) == {"play:QS", "play:9S"}  # a trump over the trump
    state = position("jass", ["KH 7C", "QS 6C", "8S 9C", "10H 8C"], "7S")
    state = run(state, "play:KH", "play:QS")
    assert moves(state) == ["play:8S"]  # JD10: a trump that cannot head, still a trump
    state = run(state, "play:8S", "play:10H")
    assert state.leader == 1 and state.turn == 1 and state.tricks[1] == 1  # J12, J9


def test_the_jack_of_trumps_may_renege() -> None:  # J11, JD15
    state = position("jass", ["AS 7C", "JS 6H", "QC 9C", "10H 8C"], "7S")
    state = run(state, "play:AS")
    assert set(moves(state)) == {"play:JS", "play:6H"}  # his only trump kept back
    state = position("jass", ["AH 7C", "JS 6H", "QC 9C", "10H 8C"], "7S")
    state = run(state, "play:AH")
    assert set(moves(state)) == {"play:JS", "play:6H"}  # played though he can follow
    two = position("two-hand-jass", ["AS 7C", "JS 6H"], "7S")
    assert set(moves(run(two, "play:AS"))) == {"play:JS"}  # JD15: bound when trumps led
    two = position("two-hand-jass", ["AC 7H", "JS 6H"], "7S")
    assert set(moves(run(two, "play:AC"))) == {"play:JS", "play:6H"}  # free to a plain lead


def test_melds_and_their_values() -> None:  # J13, JD6, JD7, JD8
    found = melds_of(cards("JS", "JH", "JD", "JC", "9H", "10H", "QH", "KH"), 1)
    assert sorted(names(m) for m in found) == [["9H", "10H", "JH", "QH", "KH"],
                                               ["JS", "JH", "JD", "JC"], ["QH", "KH"]]
    assert sorted(meld_value(m, 1) for m in found) == [20, 100, 200]  # JD6: the JH twice
    run6 = melds_of(cards("6C", "7C", "8C", "9C", "10C", "JC"), 0)
    assert len(run6) == 1 and meld_value(run6[0], 0) == 100  # JD8, JD7: one, not split
    assert meld_value(cards("9S", "10S", "JS"), 0) == 20  # JD7: the trumps' plain order
    assert meld_value(cards("6S", "7S", "8S", "9S"), 1) == 50
    assert melds_of(cards("9S", "9H", "9D", "9C"), 0) == []  # no four of nines
    assert melds_of(cards("KH", "QH"), 0) == []  # the king and queen of trumps only
    queen = melds_of(cards("QS", "QH", "QD", "QC", "JS", "KS"), 0)
    assert sorted(meld_value(m, 0) for m in queen) == [20, 20, 100]  # JD6: QS thrice
    used = (0, cards("JS", "QS", "KS"), 0)
    assert melds_of(cards("JS", "QS", "KS", "AS"), 1, used) == []  # not the same kind twice


def test_melds_after_the_first_card() -> None:  # J14, JD5, JD9, J15, JD11
    state = position("jass", ["JS JH JD JC 6S 7S 8S 6H 7H", "AS AH AD AC KS 10H 10D 9C 8C",
                              "QS QH QD QC KH KD KC 10S 8D", "9S 9H 9D 8H 10C 7D 7C 6D 6C"],
                     "6C", leader=0)
    state = run(state, "play:JS")
    assert state.phase == "declare" and state.turn == 0
    ids = moves(state)
    assert ids[0] == "declare:6S,7S,8S+JS,JH,JD,JC" and ids[-1] == "declare:none"
    assert len(ids) == 4  # JD9: any of them, or none
    state = run(state, "declare:JS,JH,JD,JC+6S,7S,8S")  # JD5: the JS played counts
    assert set(state.melds[0]) == {cards("JS", "JH", "JD", "JC"), cards("6S", "7S", "8S")}
    shown = cards("JH", "JD", "JC", "6S", "7S", "8S")
    assert state.shown[0] == shown and state.view(2).shown[0] == shown  # JD11: to all
    assert state.phase == "play" and state.turn == 1
    state = run(state, "play:AS", "declare:AS,AH,AD,AC", "play:QS", "declare:none")
    assert state.melds[2] == () and state.turn == 3
    state = run(state, "play:9S")  # no meld: no declare
    assert state.phase == "play" and state.tricks[1] == 1
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(parse_move("declare:QS,QH,QD,QC"))
    assert refused.value.rule == "J9" and refused.value.field == "move.type"
    while not state.game_over:
        state = state.apply(state.moves_for(state.turn)[-1])[0]
    scores = state.result.points
    won = [points(w, state.trump) for w in state.won]
    for s in range(4):
        melds = sum(meld_value(m, state.trump) for m in state.melds[s])
        assert scores[s] == won[s] + (5 if state.last == s else 0) + (
            melds if state.tricks[s] else 0)  # J15, J16, J17


def test_melds_count_only_with_a_trick() -> None:  # J15
    jacks = cards("JS", "JH", "JD", "JC")
    state = position("jass", ["6S", "7S", "8S", "9S"], "9C", played=8)
    state = replace(state, melds=((jacks,), (), (), ()), tricks=(0, 8, 0, 0))
    assert state.result.points[0] == 0  # no trick: the jacks count nothing
    assert replace(state, tricks=(1, 7, 0, 0)).result.points[0] == 200


def test_the_seats_of_each_variant() -> None:  # J3
    assert [new_game(1, v).seats for v in ("jass", "three-hand-jass", "two-hand-jass")] == [
        4, 3, 2]
    with pytest.raises(StateError) as refused:
        ENGINE.new_game(1, "jass", players=3)
    assert refused.value.rule == "J3"


def test_two_hand_stock_draws_and_melds() -> None:  # J19, J20, J21, JD14, J22
    state = new_game(0, "two-hand-jass")  # trump spades, 10S under the stock
    assert len(moves(state)) == 9  # J21: no need to follow while the stock lasts
    state = run(state, moves(state)[0])
    assert len(moves(state)) == 9
    top = state.stock[:2]
    state, events = state.apply(state.moves_for(state.turn)[0])
    winner = next(e.player for e in events if e.type == "trick")
    if state.phase == "declare":
        assert all(len(m.melds) <= 1 for m in state.moves_for(winner))  # one at a time
        state, events = state.apply(state.moves_for(winner)[0])
    draws = [e for e in events if e.type == "draw"]
    assert [(e.player, e.card) for e in draws] == [(winner, top[0]), (1 - winner, top[1])]
    assert ENGINE.event_json(draws[0], 1 - winner)["card"] is None  # JD11
    while state.stock:
        state = state.apply(state.moves_for(state.turn)[0])[0]
    assert state.hands[0].bit_count() == 9 and state.table_shown == 0
    last = [e for e in state.log if e.type == "draw"][-1]
    assert last.card == state.turned and last.worth == 1  # the turned card, drawn last
    assert ENGINE.event_json(last, 1 - last.player)["card"] == card_name(state.turned)
    while not state.game_over:
        assert state.phase == "play"  # J21: no melds once the stock is gone
        state = state.apply(state.moves_for(state.turn)[0])[0]
    assert sum(state.tricks) == 18


def test_two_hand_after_the_stock_the_second_must_win() -> None:  # J22
    state = position("two-hand-jass", ["KH 7C", "AH 6H 9S"], "7S")
    state = replace(state, hands=(cards("KH", "7C", "8D"), cards("AH", "6H", "9S")))
    assert moves(run(state, "play:KH")) == ["play:AH"]
    state = position("two-hand-jass", ["KH 7C", "6C 9S"], "7S")
    assert moves(run(state, "play:KH")) == ["play:9S"]  # no heart: trump


def test_what_each_seat_sees() -> None:  # JD11, JD12
    state = new_game(7, "jass")
    state = run(state, "stay", "stay", "stay", "stay")
    for seat in range(4):
        hidden = ENGINE.hidden(state, seat)
        for other in range(4):
            if other != seat:
                assert set(names(state.hands[other] & ~state.shown[other])) <= hidden
        assert not set(names(state.hands[seat])) & hidden
    state = position("jass", ["AH 7C", "6S 6H", "QC 9C", "10H 8C"], "7S")
    state = run(state, "play:7C", "play:6S")
    assert state.voids[1] == 0b1000 | 0  # clubs shown lacking (trumping)
    state = position("jass", ["AH 7C", "6D 6H", "QC 9C", "10H 8C"], "7S")
    state = run(state, "play:7C", "play:6D")
    assert state.voids[1] == 0b1000 | 0b0001  # clubs and trumps (but for the jack)
    headed = position("jass", ["KH 7C", "6H 7D", "QC 9C AH", "10H 8C"], "7S")
    headed = run(headed, "play:KH", "play:6H")  # bound to head: seat 1 holds no AH
    assert headed.caps[1][1] == 8 and headed.caps[1][0] == 9
    assert "AH" not in str(headed.view(0).to_dict()["caps"])  # counts, never a card
    assert all(not headed.view(0).resample(random.Random(s)).hands[1] & cards("AH")
               for s in range(10))
    view = state.view(0)
    for seed in range(20):
        world = view.resample(random.Random(seed))
        assert not world.hands[1] & cards("6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC",
                                          "AC", "6S", "7S", "8S", "9S", "10S", "QS", "KS",
                                          "AS")
        assert world.view(0) == view


def test_the_result_is_the_deal() -> None:  # JD16, J17
    state = new_game(11, "three-hand-jass")
    rng = random.Random(11)
    while not state.game_over:
        state = state.apply(rng.choice(state.moves_for(state.turn)))[0]
    result = state.result
    assert result.over and result.winners == tuple(
        s for s, p in enumerate(result.points) if p == max(result.points))
    assert state.log[-1].type == "end" and list(state.log[-1].scores) == list(result.points)
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(PASS)
    assert refused.value.rule == "J17"


def test_refusals_name_the_rule_and_field() -> None:
    state = position("jass", ["KH 7C", "AH 6H", "QH 9S", "10H 8S"], "7S")
    state = run(state, "play:KH")
    view = state.view(1)
    for card in ("QH", "9S", "JD"):  # another's card, a card laid aside: one wording
        refused = view.refusal(play(card))
        assert refused is not None and refused.field == "move.card" and refused.rule == "J9"
        assert "is not in your hand" in str(refused)
    refused = view.refusal(play("6H"))
    assert refused is not None and refused.rule == "J10"
    assert state.view(2).refusal(play("QH")).rule == "J9"  # type: ignore[union-attr]
    assert view.refusal(STAY).field == "move.type"  # type: ignore[union-attr]
    for bad, field in [("play:ZZ", "move.card"), ("play:5S", "move.card"), ("fold", "move"),
                       ({"type": "play"}, "move.card"), ({"type": "hop"}, "move.type"),
                       ({"type": "declare", "melds": "x"}, "move.melds"),
                       ({"type": "play", "card": "7S", "x": 1}, "move.x")]:
        with pytest.raises(MoveFormatError) as error:
            parse_move(bad)
        assert error.value.field == field, bad
    good = new_game(2, "jass").to_dict()
    for key, value, field in [("trump", "X", "trump"), ("hands", [], "hands"),
                              ("variant", "x", "variant"), ("turn", 9, "turn"),
                              ("voids", [1], "voids"), ("extra", 1, "extra")]:
        with pytest.raises(StateError) as broken:
            State.from_dict(good | {key: value})
        assert broken.value.field == field, key
    assert State.from_dict(good) == new_game(2, "jass")
    assert View.from_dict(new_game(2, "jass").view(1).to_dict()) == new_game(2, "jass").view(1)


def test_move_ids_round_trip() -> None:
    for move in (EXCHANGE, KEEP, PASS, STAY, play("10H"), Move("declare"),
                 Move("declare", melds=tuple(sorted((cards("QS", "KS"),
                                                     cards("JS", "JH", "JD", "JC")))))):
        assert parse_move(move.id) == move
        assert parse_move(ENGINE.move_json(new_game(1, "jass"), move)) == move
