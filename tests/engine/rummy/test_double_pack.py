"""Double-Pack Rum (docs/rules/rummy.md DP1-DP12): scenarios from the book's joker example,
the moves against the reference, random hands to the end."""

from __future__ import annotations

import random

import pytest

from engine.errors import GameOverError, IllegalMoveError
from engine.rummy import (
    OUT,
    Laid,
    Move,
    Played,
    State,
    View,
    advance,
    card_name,
    format_cards,
    new_game,
    parse_card,
    parse_move,
)
from tests.engine.rummy.positions import laid, position
from tests.engine.rummy.reference import lay_out_ids, valid_run, valid_set
from tests.engine.rummy.test_properties import check_view

NAMES = {c: card_name(c) for c in range(106)}
DP = "double-pack-rum"


def ids(state: State) -> set[str]:
    return {m.id for m in state.legal_moves()}


def test_dp1_dp2_two_packs_and_two_jokers_ten_each_and_an_upcard() -> None:
    state = new_game(2, DP, 2)
    assert len(state.stock) == 106 - 20 - 1 and len(state.pile) == 1
    every = sorted([*state.stock, *state.pile, *(c for h in state.hands for c in range(106)
                                                 if h >> c & 1)])
    assert every == list(range(106))


def joker_example(hand: str) -> State:
    """The book's DP7 example: seat 0 has laid out 6 7 and a joker of clubs."""
    state = position(DP, ["2S 3D 5H 9S JD", hand], pile="KH", stock="QS", to_move=1,
                     table=(laid(0, "6C+7C+JK1@6"),))
    return state.apply("draw")[0]


def test_dp7_the_holder_of_the_eight_moves_the_joker_to_the_five() -> None:
    state = joker_example("8C 4C 9H 9D 2C")
    assert {"JK1~=8C", "JK1~+4C", "JK1~=8C+4C"} <= ids(state)
    moved, events = state.apply("JK1~=8C")
    assert moved.table[0].text() == "JK1+6C+7C+8C@5" and events[0].type == "shift"
    assert moved.table[0].moved == 1 << parse_card("JK1")
    assert not {i for i in ids(moved) if i.startswith("JK1~")}  # moved once: never again
    with pytest.raises(IllegalMoveError) as caught:
        moved.apply("JK1~+4C")
    assert caught.value.rule == "DP7"
    assert state.apply("JK1~+4C")[0].table[0].text() == "4C+JK1+6C+7C@4"
    assert state.apply("JK1~=8C+4C")[0].table[0].text() == "4C+JK1+6C+7C+8C@4"


def test_dp7_a_joker_is_moved_only_for_a_card_of_the_run() -> None:
    state = joker_example("9C 4H 9H 9D 2C")
    assert not {i for i in ids(state) if i.startswith("JK1~")}
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("JK1~=9C")
    assert caught.value.rule == "DP7"


def test_dp6_a_joker_inside_a_run_stays() -> None:
    state = position(DP, ["2S 3D 5H 9S JD", "5C 8C 4H 9D 2C"], pile="KH", stock="QS",
                     to_move=1, table=(laid(0, "6C+JK1+8C'@6"),)).apply("draw")[0]
    assert not {i for i in ids(state) if "~" in i}
    assert {"0:5C@5", "0:9D"} & ids(state) == {"0:5C@5"}


def test_dp4_melds_any_suits_copies_and_jokers() -> None:
    state = position(DP, ["2S 3D 5H 9S JD", "7H 7H' 7S 7D JK1 JK2 KH AH 2H 4C"], pile="KD",
                     stock="QS", to_move=1).apply("draw")[0]
    legal = ids(state)
    assert {"7S+7H+7H'+7D", "7H+7H'+JK1", "7S+7H+7D+JK1+JK2", "JK1+KH+AH@12",
            "AH+2H+JK2@1", "7H+JK1+JK2"} <= legal
    assert "JK1+AH+2H@13" not in legal and "KH+AH+2H@13" not in legal  # not round the corner
    for bad, rule in [("7H+7S+KH", "DP4"), ("KH+AH+2H@13", "DP4"), ("2H+7H+JK1@2", "DP4"),
                      ("JK1+JK2+7H@6", "DP4")]:
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(bad)
        assert caught.value.rule == rule, bad
    after, events = state.apply("7S+7H+7H'+7D")
    assert after.table[0] == Laid(1, "set", 7, 0, tuple(
        parse_card(c) for c in ("7S", "7H", "7H'", "7D")))
    assert after.to_move == 1 and after.phase == "discard" and events[0].type == "meld"


def test_dp4_one_natural_and_both_jokers_make_a_meld() -> None:
    """"A joker may be called anything the holder pleases": the move names what each
    joker stands for, a set's by the natural's rank, a run's by its place (DP4)."""
    state = position(DP, ["2S 3D 5H 9S JD", "7C JK1 JK2 4H 9D KS"], pile="KD", stock="QS",
                     to_move=1).apply("draw")[0]
    legal = ids(state)
    runs = {"7C+JK1+JK2@7", "JK1+7C+JK2@6", "JK1+JK2+7C@5", "JK2+JK1+7C@5"}
    assert runs | {"7C+JK1+JK2", "4H+JK1+JK2", "KS+JK1+JK2"} <= legal
    assert "JK1+JK2+7C@6" not in legal and "JK1+JK2+QS@12" not in legal
    after, events = state.apply("JK1+7C+JK2@6")
    assert after.table[0] == Laid(1, "run", 3, 6, tuple(parse_card(c) for c in
                                                        ("JK1", "7C", "JK2")))
    assert events[0].to_dict()["description"] == (
        "Player 1 lays out meld 0: JK1 (as 6♣), 7♣ and JK2 (as 8♣)")
    assert State.from_dict(after.to_dict()) == after
    as_set, _ = state.apply("7C+JK1+JK2")
    assert as_set.table[0].kind == "set" and as_set.table[0].key == 7
    with pytest.raises(IllegalMoveError) as caught:  # the joker is no seven of clubs' place
        state.apply("JK1+JK2+7C@6")
    assert caught.value.rule == "DP4"


def test_dp6_dp7_jokers_of_a_one_natural_run_stay_inside_and_move_from_an_end() -> None:
    """On JK1 7C JK2 (the 6, the 8 of clubs) the holder of the 8 moves JK2 to the 5's place
    and puts his 8 in its place; JK1 is inside the run then and stays (DP6, DP7)."""
    state = position(DP, ["2S 3D 5H 9S JD", "8C 6C 4C 9H 9D"], pile="KH", stock="QS",
                     to_move=1, table=(laid(0, "JK1+7C+JK2@6"),)).apply("draw")[0]
    assert {"JK2~=8C", "JK1~=6C", "JK2~+4C"} <= ids(state)
    moved, _ = state.apply("JK2~=8C")
    assert moved.table[0].text() == "JK2+JK1+7C+8C@5"
    assert not {i for i in ids(moved) if i.startswith("JK1~") or i.startswith("JK2~")}
    assert moved.apply("0:4C@4")[0].table[0].text() == "4C+JK2+JK1+7C+8C@4"
    for meld in moved.table:
        assert valid_run(meld.cards, meld.low)


def test_dp5_adding_to_another_players_meld_at_either_end() -> None:
    state = position(DP, ["2S 3D 5H 9S JD", "5C 9C 10C 7D JK2 4H"], pile="KH", stock="QS",
                     to_move=1, table=(laid(0, "6C+7C+8C@6"), laid(0, "7S+7H+7C'"))
                     ).apply("draw")[0]
    legal = ids(state)
    assert {"0:5C@5", "0:9C@9", "0:9C+10C@9", "0:9C+JK2@9", "0:JK2+5C@4", "1:7D", "1:JK2",
            "1:7D+JK2"} <= legal
    assert "0:10C@10" not in legal
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("0:10C@10")
    assert caught.value.rule == "DP5"
    after, _ = state.apply("0:9C+10C@9")
    assert after.table[0].text() == "6C+7C+8C+9C+10C@6" and after.table[0].owner == 0


def test_dp3_lay_out_only_after_the_draw_and_never_in_the_poker_games() -> None:
    state = position(DP, ["2S 3D 5H 9S JD", "7H 7S 7D 4C"], pile="KH", stock="QS", to_move=1)
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("7H+7S+7D")
    assert caught.value.rule == "RM7"
    poker = position("poker-rum", ["2S 3D 5H 9S JD 8H 8D 10S 10D QC",
                                   "7H 7S 7D 4C 4H 6S 6H 6D KS KD"], pile="KH", to_move=1)
    poker = poker.apply("draw")[0]
    assert not {i for i in ids(poker) if "+" in i}
    with pytest.raises(IllegalMoveError) as caught:
        poker.apply("7H+7S+7D")
    assert caught.value.rule == "RM15"


def test_dp9_going_out_by_discarding_the_last_card() -> None:
    state = position(DP, ["2S 3D JK1 9S", "7H 7S 7D"], pile="KH", stock="QS", to_move=1,
                     history=_earlier_meld(1), table=(laid(1, "5S'+5H'+5D'"),))
    state, _ = state.apply("draw")
    state, _ = state.apply("7S+7H+7D")
    state, events = state.apply("QS")
    assert events[-1].get("splash") is False
    assert state.status == OUT and state.caller == 1 and state.game_over
    assert state.returns() == (-(2 + 3 + 15 + 9), 29)  # a joker in hand counts 15
    assert state.view(0).shown == state.hands
    assert State.from_dict(state.to_dict()) == state


def _earlier_meld(seat: int) -> tuple:  # type: ignore[type-arg]
    """A record where ``seat`` laid out in an earlier turn (no splash then)."""
    from engine.rummy import Played
    return (Played(seat, "draw"), Played(seat, "meld", cards=tuple(
        parse_card(c) for c in ("5S'", "5H'", "5D'"))), Played(seat, "discard", parse_card(
            "KC'")))


def test_dp9_a_splash_is_paid_double() -> None:
    state = position(DP, ["2S 3D JK1 9S", "7H 7S 7D 4C 5C 6C 8D 8S 8H"], pile="KH",
                     stock="QS", to_move=1).apply("draw")[0]
    for move in ("7H+7S+7D", "4C+5C+6C@4", "8D+8S+8H"):
        state, events = state.apply(move)
    state, events = state.apply("QS")
    assert events[-1].type == "out" and events[-1].get("splash") is True
    assert state.returns() == (-58, 58)


def test_rm8_the_card_taken_stays_in_hand_through_lay_outs() -> None:
    state = position(DP, ["2S 3D 5H 9S", "7H 7S 7D 4C"], pile="KH", to_move=1)
    state, _ = state.apply("take")
    state, _ = state.apply("7H+7S+7D")
    assert state.taken == parse_card("KH") and ids(state) >= {"4C"}
    assert "KH" not in ids(state)
    with pytest.raises(IllegalMoveError) as caught:
        state.apply("KH")
    assert caught.value.rule == "RM8"


def test_dp10_the_last_card_may_be_the_one_taken() -> None:
    state = position(DP, ["2S 3D 5H 9S", "7H 7S 7D"], pile="KH", to_move=1)
    state, _ = state.apply("take")
    state, _ = state.apply("7H+7S+7D")
    assert ids(state) == {"KH"}
    state, _ = state.apply("KH")
    assert state.status == OUT


def test_dp12_cards_laid_out_are_no_longer_known_in_hand() -> None:
    state = position(DP, ["2S 3D 5H 9S JD", "7H 7S 4C 9D"], pile="7D", to_move=1)
    state, _ = state.apply("take")
    assert state.view(0).known[1] == 1 << parse_card("7D")
    state, _ = state.apply("7H+7S+7D")
    assert state.view(0).known[1] == 0
    view = state.view(0)
    assert View.from_dict(view.to_dict()) == view and view.table == state.table
    world = view.resample(random.Random(1))
    assert world.view(0) == view and world.table == state.table


def test_a_wrong_table_is_refused_naming_it() -> None:
    data = position(DP, ["2S 3D 5H 9S JD", "5C 9D"], pile="KH", to_move=1,
                    table=(laid(0, "6C+7C+8C@6"),)).to_dict()
    data["table"][0]["low"] = 7
    from engine.errors import StateError
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert caught.value.field == "table[0]" and caught.value.rule == "DP4"
    data["table"][0].update(low=6, owner=2)
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert caught.value.field == "table[0].owner"
    poker = position("poker-rum", ["2S 3D 5H 9S JD 8H 8D 10S 10D QC",
                                   "7H 7S 7D 4C 4H 6S 6H 6D KS KD"], pile="KH").to_dict()
    with pytest.raises(StateError) as caught:
        State.from_dict({**poker, "table": data["table"]})
    assert caught.value.field == "table" and caught.value.rule == "RM15"


def test_lay_out_moves_read_and_write_their_ids() -> None:
    for text in ("7H+7H'+JK1", "6C+7C+JK1@6", "3:8C+JK2@8", "0:7D", "JK1~=8C+4C", "JK2~+4C",
                 "JK1~=8C"):
        move = parse_move(text)
        assert move.id == text and parse_move(move.to_dict()) == move


# --- against the reference, on random positions -------------------------------------------


def playout_positions(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    game = seed * 1000
    while len(out) < count:
        state = new_game(game, DP, 2 + game % 3)
        game += 1
        while not state.game_over and len(out) < count:
            moves = state.legal_moves()
            if state.phase == "discard" and rng.random() < 0.3:
                out.append(state)
            lay = [m for m in moves if m.type != "discard"]
            state = advance(state, rng.choice(lay) if lay and rng.random() < 0.6
                            else rng.choice(moves))[0]
    return out


def joker_positions(count: int, seed: int) -> list[State]:
    """Runs with jokers at their ends on the table, hands of nearby cards of their suits."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        suit = rng.randrange(4)
        low = rng.randrange(1, 11)
        run = [(low + i - 1) % 13 * 4 + suit + 52 * rng.randrange(2) for i in range(3)]
        run[rng.choice((0, 2))] = 104
        table = [Laid(0, "run", suit, low, tuple(run), rng.choice((0, 1 << 104)))]
        if rng.random() < 0.5:
            rank = rng.randrange(13)
            meld = (rank * 4, rank * 4 + 1, 105)
            if set(meld) & set(run):
                continue
            table.append(Laid(0, "set", rank + 1, 0, meld))
        used = {c for m in table for c in m.cards}
        reserved = {parse_card("2S'"), parse_card("KH'")}
        if used & reserved:
            continue
        near = [c for c in range(104) if c not in used | reserved
                and (c % 4 == suit or rng.random() < 0.1)
                and abs((c % 52) // 4 + 1 - low - 1) <= 4]
        hand = rng.sample(near, min(len(near), 7))
        if 105 not in used and rng.random() < 0.5:
            hand.append(105)
        names = " ".join(card_name(c) for c in hand)
        state = position(DP, ["2S'", names], pile="KH'", to_move=1, phase="discard",
                         history=(Played(1, "draw"),), table=tuple(table))
        out.append(state)
    return out


def both_jokers_positions(count: int, seed: int) -> list[State]:
    """Hands holding both jokers and a few naturals, beside a run of naturals on the table:
    new melds of one natural and two jokers (DP4), additions of jokers (DP5)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        suit, low = rng.randrange(4), rng.randrange(1, 12)
        run = tuple((low + i - 1) % 13 * 4 + suit for i in range(3))
        free = [c for c in range(104) if c not in run and c not in (
            parse_card("2S'"), parse_card("KH'"))]
        names = " ".join(card_name(c) for c in (*rng.sample(free, rng.randrange(1, 6)),
                                                104, 105))
        out.append(position(DP, ["2S'", names], pile="KH'", to_move=1, phase="discard",
                            history=(Played(1, "draw"),),
                            table=(Laid(0, "run", suit, low, run),)))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_lay_out_moves_agree_with_the_reference(seed: int) -> None:
    kinds: set[str] = set()
    one_natural = 0
    for state in (playout_positions(30, seed) + joker_positions(30, seed)
                  + both_jokers_positions(12, seed)):
        one_natural += sum(1 for m in state.legal_moves() if m.type == "meld"
                           and sum(1 for c in m.cards if c < 104) == 1)
        kinds |= {m.type for m in state.legal_moves()}
        hand = frozenset(c for c in range(106) if state.hands[state.to_move] >> c & 1)
        table = [(m.kind, m.low, m.cards, m.moved) for m in state.table]
        engine = {m.id for m in state.legal_moves() if m.type != "discard"}
        assert engine == lay_out_ids(hand, table, NAMES), format_cards(state.hands[
            state.to_move])
        for meld in state.table:
            assert valid_set(meld.cards) if meld.kind == "set" else valid_run(meld.cards,
                                                                               meld.low)
    assert kinds == {"discard", "meld", "add", "shift"}
    assert one_natural  # DP4: one natural and both jokers


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_hands_to_the_end(players: int) -> None:
    rng = random.Random(players)
    for game in range(6):
        state = new_game(game, DP, players)
        while not state.game_over:
            state.validate()
            assert State.from_dict(state.to_dict()) == state
            check_view(state, rng.randrange(players), rng)
            moves = state.legal_moves()
            lay = [m for m in moves if m.type != "discard"]
            move = rng.choice(lay) if lay and rng.random() < 0.6 else rng.choice(moves)
            state, _ = state.apply(move)
        assert sum(state.returns()) == 0
        assert State.from_dict(state.to_dict()) == state
        if state.status == OUT:
            assert state.caller is not None and state.hands[state.caller] == 0
        with pytest.raises(GameOverError):
            state.apply(Move("draw"))
