"""A game of Solitaire Cribbage through its rules (SC4-SC24): the deal, laying away, the
level deals of a competition, the last hand, the ends and the settlement, reading states
and views, and pinned counts of move sequences."""

from __future__ import annotations

import random

import pytest

from engine.errors import GameError, IllegalMoveError, StateError
from engine.games import engine_of
from engine.solitaire_cribbage import (
    PARTNERS,
    SOLITAIRE,
    Count,
    Counted,
    Move,
    State,
    Table,
    deal_positions,
)

ENGINE = engine_of("solitaire-cribbage")


def play(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not state.game_over:
        seat = rng.choice(sorted(state.acting))
        state = state.apply(rng.choice(state.moves_for(seat)))[0]
    return state


def test_the_deal_and_the_starter_carried_on() -> None:
    """SC4, SC6, SC8: three to the hand, two to the crib, three more; the starter after
    them is the next deal's first card."""
    state = ENGINE.new_game(7, SOLITAIRE)
    pack = state.packs[0]
    assert state.hand(0) == tuple(sorted(pack[i] for i in (0, 1, 2, 5, 6, 7)))
    assert deal_positions(1) == ((0, 1, 2, 5, 6, 7), (3, 4), 8)
    move = state.moves_for(0)[0]
    after, events = state.apply(move)
    first = after.table.counts[0][0]
    assert first.starter == pack[8] and set(first.crib) == {pack[3], pack[4], *move.cards}
    assert pack[8] in after.hand(0) and after.deal == 2
    assert [e.type for e in events] == ["lay", "count", "deal"]


def test_fifteen_ways_to_lay_away() -> None:
    """SC5: any two of the six."""
    state = ENGINE.new_game(1, SOLITAIRE)
    assert len(state.moves_for(0)) == 15 and len(set(state.moves_for(0))) == 15


def test_the_solitaire_pass_and_the_last_hand() -> None:
    """SC9, SC10: six deals, then the four cards left counted with no starter."""
    state = ENGINE.new_game(5, SOLITAIRE)
    while not state.game_over:  # the first listed discard, which rarely reaches 91
        state = state.apply(state.moves_for(0)[-1])[0]
    counts = state.table.counts[0]
    if state.table.holes[0] < 91:
        assert len(counts) == 7 and counts[-1].starter is None
        assert set(counts[-1].hand) == set(state.packs[0][48:])
        assert counts[5].starter in counts[-1].hand
        assert state.result.winners == ()
    assert state.result.points == state.table.holes


def test_level_deals() -> None:
    """SC12, SCD10: every seat lays away once a deal, in any order; the deal is counted
    when the last has."""
    state = ENGINE.new_game(3, SOLITAIRE, None, 3)
    assert state.acting == {0, 1, 2}
    state = state.apply(state.moves_for(2)[0])[0]
    assert state.acting == {0, 1} and not state.table.counts[2]
    assert state.moves_for(2) == []
    with pytest.raises(IllegalMoveError, match="SC12"):
        state.apply(Move(2, state.laid_now(2)))  # type: ignore[arg-type]
    state = state.apply(state.moves_for(0)[0])[0]
    state = state.apply(state.moves_for(1)[3])[0]
    assert state.deal == 2 and state.acting == {0, 1, 2}
    assert all(len(seat) == 1 for seat in state.table.counts)


def test_a_card_not_held_is_refused() -> None:
    """SC5: the two cards must be in the hand."""
    state = ENGINE.new_game(3, SOLITAIRE)
    held = state.hand(0)
    other = next(c for c in range(52) if c not in held)
    with pytest.raises(IllegalMoveError, match="not in your hand") as error:
        state.apply(Move(0, (min(held[0], other), max(held[0], other))))
    assert error.value.rule == "SC5"
    with pytest.raises(GameError, match="twice"):
        ENGINE.parse_move("0:5H+5H")


def _counted(points: int, deal: int = 1) -> Counted:
    return Counted(deal, (), (), (), 0, Count(points, 0, 0, 0, 0), None, 0)


def _table(variant: str, *seats: list[int], last: bool = False) -> Table:
    return Table(variant, tuple(tuple(_counted(p, i + 1) for i, p in enumerate(seat))
                                + ((_counted(0, 7),) if last else ()) for seat in seats))


def test_the_game_ends_when_91_is_reached() -> None:
    """SC20, SCD5: at the end of the deal of 91; the more holes win."""
    table = _table(SOLITAIRE, [40, 40, 12], [30, 30, 30])
    assert table.over and table.holes == (92, 90) and table.winners() == (0,)
    assert table.games() == [1, -1]
    assert not _table(SOLITAIRE, [40, 40], [30, 30]).over


def test_a_double_game() -> None:
    """SC21, SCD7: the loser had not passed 60 when the winner reached 91."""
    table = _table(SOLITAIRE, [50, 41], [30, 30], [31, 30])
    assert table.winners() == (0,) and table.games() == [3, -2, -1]


def test_nobody_reaches_the_game_and_a_tie() -> None:
    """SC22, SCD6: the nearer wins; a tie at the top is a drawn game."""
    table = _table(SOLITAIRE, [10] * 6, [12] * 6, last=True)
    assert table.over and table.winners() == (1,) and table.games() == [-1, 1]
    tied = _table(SOLITAIRE, [10] * 6, [10] * 6, last=True)
    assert tied.winners() == () and tied.games() == [0, 0]


def test_partners_add_their_holes() -> None:
    """SC23, SCD8: the pack is played out; the partners' holes added."""
    table = _table(PARTNERS, [50, 50], [10, 10], [10, 10], [10, 10])
    assert not table.over  # 100 holes alone end nothing
    done = _table(PARTNERS, [20] * 6, [10] * 6, [5] * 6, [16] * 6, last=True)
    assert done.winners() == (1, 3) and done.result().points == (150, 156, 150, 156)
    assert done.games() == [-1, 1, -1, 1]


def test_the_solitaire_is_won_at_91() -> None:
    """SC11: won within the pass."""
    assert _table(SOLITAIRE, [50, 41]).winners() == (0,)
    assert _table(SOLITAIRE, [10] * 6, last=True).winners() == ()


@pytest.mark.parametrize(("variant", "players"), [(SOLITAIRE, 1), (SOLITAIRE, 2),
                                                  (SOLITAIRE, 4), (PARTNERS, None)])
def test_states_and_views_read_back(variant: str, players: int | None) -> None:
    """Each state and view reads back as it was; a resampled view is the same view."""
    state = ENGINE.new_game(11, variant, None, players)
    rng = random.Random(2)
    while True:
        assert ENGINE.read_state(state.to_dict()) == state
        for seat in range(state.seats):
            view = state.view(seat)
            assert ENGINE.read_view(view.to_dict()) == view
            assert view.resample(rng).view(seat) == view
        if state.game_over:
            break
        seat = rng.choice(sorted(state.acting))
        state = state.apply(rng.choice(state.moves_for(seat)))[0]


def test_bad_states_and_views_name_the_field() -> None:
    """A state or view that the rules cannot give is refused, naming the field."""
    state = play(ENGINE.new_game(2, SOLITAIRE, None, 2), 1)
    data = state.to_dict()
    bad = {**data, "packs": [data["packs"][0][:51] + [data["packs"][0][0]], data["packs"][1]]}
    with pytest.raises(StateError) as error:
        ENGINE.read_state(bad)
    assert error.value.field == "packs[0]"
    with pytest.raises(StateError) as error:
        ENGINE.read_state({**data, "holes": [0, 0]})
    assert error.value.field == "holes"
    moves = data["history"]
    with pytest.raises(StateError) as error:
        ENGINE.read_state({**data, "history": [moves[1], moves[0], *moves[2:]]
                           if moves[0]["player"] == moves[1]["player"] else moves + [moves[0]]})
    assert error.value.field is not None and error.value.field.startswith("history[")
    view = ENGINE.new_game(2, SOLITAIRE).view(0).to_dict()
    with pytest.raises(StateError) as error:
        ENGINE.read_view({**view, "hand": view["hand"][:5]})
    assert error.value.field == "hand"
    done = state.view(0).to_dict()
    forged = [[dict(c) for c in seat] for seat in done["counts"]]
    forged[0][0]["points"] += 1
    with pytest.raises(StateError) as error:
        ENGINE.read_view({**done, "counts": forged})
    assert error.value.field == "counts[0][0].points"


def test_hidden_cards() -> None:
    """SC24, SCD4: the crib's two dealt cards, the pack's rest; never the seat's own hand."""
    state = ENGINE.new_game(9, SOLITAIRE)
    hidden = ENGINE.hidden(state, 0)
    from engine.cards import card_name
    pack = state.packs[0]
    assert {card_name(pack[3]), card_name(pack[4]), card_name(pack[8])} <= hidden
    assert not {card_name(c) for c in state.hand(0)} & hidden
    assert sum(ENGINE.cards(state).values()) == 52


def test_perft() -> None:
    """Pinned counts: the move sequences from seed 1 to depth 2 at two seats, and the
    holes of the first deal summed over the solitaire's fifteen discards."""
    state = ENGINE.new_game(1, SOLITAIRE, None, 2)

    def perft(position: State, depth: int) -> int:
        if depth == 0 or position.game_over:
            return 1
        return sum(perft(position.apply(m)[0], depth - 1) for m in position.legal_moves())

    assert perft(state, 1) == 30
    assert perft(state, 2) == 450
    alone = ENGINE.new_game(1, SOLITAIRE)
    holes = [alone.apply(m)[0].table.holes[0] for m in alone.moves_for(0)]
    assert sum(holes) == PINNED_HOLES and max(holes) == PINNED_BEST


PINNED_HOLES, PINNED_BEST = 96, 10
"""Checked against the reference count (reference.py) when pinned."""


def test_a_name_with_a_dash_is_found() -> None:
    """engine.games: a game's ``-`` is ``_`` in its folders' names, and back."""
    from engine.games import game_name, game_names, module_of, package_name
    assert "solitaire-cribbage" in game_names()
    assert module_of("solitaire-cribbage", "solver") == "solver.solitaire_cribbage.entry"
    assert package_name("solitaire-cribbage") == "solitaire_cribbage"
    assert game_name("solitaire_cribbage") == "solitaire-cribbage"
