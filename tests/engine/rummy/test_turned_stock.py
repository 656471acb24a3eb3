"""Double-Pack Rum's end of the stock (docs/rules/rummy.md DP11-DP13): the pile turned face
down as it lies, as often as the stock runs out; the turned stock and its draws public;
a hand that stalls ends drawn, so that every hand ends."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.errors import StateError
from engine.rummy import (
    DRAWN,
    ENGINE,
    PLAYING,
    Laid,
    Move,
    State,
    View,
    advance,
    get_rules,
    new_game,
    pack,
    parse_card,
    rank_of,
)

DP = "double-pack-rum"


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def short_stock(hands: list[str], pile: str, stock: str) -> State:
    """Seat 0 to draw from ``stock``, ``pile`` bottom first, the hands as given, and every
    other card laid out on the table in sets, one a rank (so that a pass is short)."""
    held = [cards(h) for h in hands]
    used = {c for h in held for c in h} | set(cards(pile)) | set(cards(stock))
    rest = [c for c in pack(2, 2) if c not in used]
    by_rank: dict[int, list[int]] = {}
    for card in rest:
        by_rank.setdefault(1 if card >= 104 else rank_of(card), []).append(card)
    table = tuple(Laid(0, "set", rank, 0, tuple(sorted(group, key=lambda c: (c >= 104, c))))
                  for rank, group in sorted(by_rank.items()))
    masks = tuple(sum(1 << c for c in h) for h in held)
    state = State(get_rules(DP), 0, len(hands), len(hands) - 1, masks, cards(stock),
                  cards(pile), table, 0, "draw", (), False, PLAYING, None, (0,) * len(hands))
    state.validate()
    return state


def play(state: State, *moves: str) -> tuple[State, list[str]]:
    kinds = []
    for move in moves:
        state, events = state.apply(move)
        kinds += [e.type for e in events]
    return state, kinds


def meld_of_rank(state: State, rank: str) -> int:
    return next(i for i, m in enumerate(state.table) if m.kind == "set"
                and m.key == rank_of(parse_card(rank + "S")))


def test_dp11_the_pile_is_turned_as_it_lies_and_public_from_then_on() -> None:
    state = short_stock(["2S 3D 5H 9S JD", "4C 6H 8D 10S QC"], pile="KS KH KD", stock="AS")
    state, _ = state.apply("draw")
    before = state.pile
    state, events = state.apply("2S")
    assert [e.type for e in events] == ["discard", "reshuffle"]
    assert events[1].get("shuffled") is False and "turned face down" in events[1].to_dict()[
        "description"]
    assert state.stock == before == cards("KS KH KD")  # the first card laid there on top
    assert state.pile == cards("2S") and state.reshuffled and state.turned_at == 2
    view = state.view(1)
    assert view.stock == state.stock and view.to_dict()["stock"] == ["KS", "KH", "KD"]
    assert View.from_dict(view.to_dict()) == view
    assert State.from_dict(state.to_dict()) == state
    assert view.resample(random.Random(3)).stock == state.stock
    assert not ENGINE.hidden(state, 1) & set(view.to_dict()["stock"])  # no secret now
    state, events = state.apply("draw")  # DP12: a draw from a turned stock is public
    told = events[0].to_dict(viewer=0)
    assert told["card"] == "KS" and told["description"] == (
        "Player 1 draws K♠ from the turned stock (DP12)")
    assert state.history[-1].to_dict() == {"seat": 1, "type": "draw", "card": "KS"}
    assert state.view(0).known[1] == 1 << parse_card("KS")
    world = state.view(0).resample(random.Random(4))
    assert world.hands[1] >> parse_card("KS") & 1 and world.view(0) == state.view(0)


def test_dp11_dp13_turned_again_after_a_lay_out_and_drawn_after_a_pass_with_none() -> None:
    state = short_stock(["2S 3D 5H 9S JD", "4C 6H 8D 10S QC"], pile="KS KH KD", stock="AS")
    state, _ = play(state, "draw", "2S")
    state, _ = play(state, "draw", f"{meld_of_rank(state, 'K')}:KS", "4C")  # a lay-out
    state, _ = play(state, "draw", "3D")
    state, kinds = play(state, "draw", "6H")
    assert kinds[-1] == "reshuffle"  # turned a second time: the book sets no limit
    assert state.stock == cards("2S 4C 3D") and state.pile == cards("6H")
    assert state.turned_at == len(state.history)
    state, _ = play(state, "draw", "5H", "draw", "8D", "draw")
    assert not state.game_over
    state, events = state.apply("9S")  # a whole turned stock drawn, nothing laid out
    assert [e.type for e in events] == ["discard", "hand_drawn"]
    assert events[-1].get("reason") == "stalled" and "(DP13)" in events[-1].to_dict()[
        "description"]
    assert state.status == DRAWN and state.returns() == (0, 0) and state.legal_moves() == []
    assert State.from_dict(state.to_dict()) == state


def test_dp13_rounds_of_takes_with_nothing_laid_out_end_the_hand() -> None:
    rounds = get_rules(DP).stall_rounds
    state = new_game(5, DP, 2)
    for turn in range(2 * rounds):
        state, _ = state.apply("take")
        discard = next(m for m in state.legal_moves() if m.type == "discard")
        state, events = state.apply(discard)
        assert state.game_over == (turn == 2 * rounds - 1), turn
    assert events[-1].type == "hand_drawn" and events[-1].get("reason") == "takes"
    assert state.status == DRAWN and state.returns() == (0, 0)


def test_dp13_a_draw_or_a_lay_out_starts_the_count_again() -> None:
    rounds = get_rules(DP).stall_rounds
    state = short_stock(["2S 3D 5H 9S JD 7C", "4C 6H 8D 10S QC 7D"], pile="KS", stock="AS")
    state, _ = play(state, "draw", "2S")
    sevens = {parse_card("7C"), parse_card("7D")}
    for _ in range(2 * rounds - 2):  # turns that take, keeping the sevens
        state, _ = state.apply("take")
        state, _ = state.apply(next(m for m in state.legal_moves() if m.type == "discard"
                                    and m.card not in sevens))
    state, _ = state.apply("take")
    state, _ = state.apply(f"{meld_of_rank(state, '7')}:7C" if state.to_move == 0 else
                           f"{meld_of_rank(state, '7')}:7D")
    state, _ = state.apply(next(m for m in state.legal_moves() if m.type == "discard"))
    state, _ = state.apply("take")
    state, events = state.apply(next(m for m in state.legal_moves() if m.type == "discard"))
    assert not state.game_over, events  # the lay-out counts the takes from zero again


def test_a_wrong_turned_record_is_refused_naming_the_field() -> None:
    state = short_stock(["2S 3D 5H 9S JD", "4C 6H 8D 10S QC"], pile="KS KH KD", stock="AS")
    turned, _ = play(state, "draw", "2S", "draw")
    data = turned.to_dict()
    data["history"][-1].pop("card")
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert (caught.value.field, caught.value.rule) == ("history[2].card", "DP12")
    data = state.to_dict() | {"turned_at": 0}
    with pytest.raises(StateError) as caught:
        State.from_dict(data)
    assert caught.value.field == "turned_at"
    view = turned.view(0).to_dict()
    for wrong in ({"stock": None}, {"stock": [*view["stock"][:-1], view["hand"][0]]},
                  {"stock": view["stock"][1:]}):
        with pytest.raises(StateError) as caught:
            View.from_dict(view | wrong)
        assert caught.value.field == "stock", wrong
    poker_view = new_game(3, "poker-rum").view(0).to_dict()
    with pytest.raises(StateError) as caught:
        View.from_dict(poker_view | {"turned_at": 0, "stock": []})
    assert caught.value.field == "turned_at"
    poker = new_game(3, "poker-rum").to_dict()
    with pytest.raises(StateError) as caught:
        State.from_dict(poker | {"history": [{"seat": 1, "type": "draw", "card": "KS"}]})
    assert caught.value.rule == "RM27"


def test_a_state_from_before_turned_at_reads_and_turns_its_pile_when_the_stock_is_out(
) -> None:
    state = short_stock(["2S 3D 5H 9S JD", "4C 6H 8D 10S QC"], pile="KS KH KD", stock="AS")
    old = state._replace(reshuffled=True)  # shuffled once, as DP11 read before
    assert "turned_at" not in old.to_dict() and State.from_dict(old.to_dict()) == old
    assert old.view(1).stock is None
    turned, kinds = play(old, "draw", "2S")
    assert kinds[-1] == "reshuffle" and turned.stock == cards("KS KH KD")


def bot(rng: random.Random, take: float, lay: float) -> Callable[[State], Move]:
    """A random player who takes from the pile with odds ``take`` and lays out, when he
    can, with odds ``lay``."""
    def choose(state: State) -> Move:
        moves = state.legal_moves()
        if state.phase == "draw":
            return moves[-1] if len(moves) > 1 and rng.random() < take else moves[0]
        lays = [m for m in moves if m.type != "discard"]
        if lays and rng.random() < lay:
            return rng.choice(lays)
        return rng.choice([m for m in moves if m.type == "discard"])
    return choose


MAX_PLIES = 5000
"""More moves than any of these hands lasts: a guard, the hand must end well before."""


def test_random_players_always_finish_their_hands() -> None:
    ends: set[str] = set()
    most_turned = 0
    for game in range(24):
        rng = random.Random(game)
        take, lay = [(0.5, 0.6), (0.0, 0.01), (0.6, 0.01), (1.0, 0.0)][game % 4]
        choose = bot(rng, take, lay)
        state = new_game(game, DP, 2 + game % 3)
        turned = 0
        for _ in range(MAX_PLIES):
            if state.game_over:
                break
            move = choose(state)
            after, events = advance(state, move)
            if any(e.type == "reshuffle" for e in events):  # DP11: the pile as it lay
                turned += 1
                assert after.stock == state.pile and after.pile == (move.card,)
            state = after
        assert state.game_over, game
        assert sum(state.returns()) == 0
        most_turned = max(most_turned, turned)
        ends.add(state.status if state.status != DRAWN else next(
            e.get("reason") for e in events if e.type == "hand_drawn"))
    assert ends == {"out", "stalled", "takes"}
    assert most_turned >= 2  # no limit on the turns of the pile
