"""Patience Poker's rules (docs/rules/patience-poker.md): the hands and counts (PP11-PP13,
PPD3), where a card may go (PP6-PP8, PP19), the competition's turns and views (PP15, PPD7-
PPD9), refusals naming their rule, and pinned counts of placement sequences (perft)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine.cards import parse_card
from engine.errors import GameError, IllegalMoveError
from engine.games import engine_of
from engine.patience_poker import BOOK, FIXED, State, category, count
from engine.patience_poker.hands import CATEGORIES

ENGINE = engine_of("patience-poker")


def _hand(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize(("cards", "name"), [
    ("10S JS QS KS AS", "royal flush"), ("AS 2S 3S 4S 5S", "straight flush"),
    ("9H 9D 9S 9C 6S", "four of a kind"), ("7H 7D 7C 8S 8H", "full hand"),
    ("AS 2S 3S 5S 8S", "flush"), ("8D 9H 10S JC QD", "straight"),
    ("10D JH QS KC AD", "straight"), ("AD 2H 3S 4C 5D", "straight"),
    ("QD KH AS 2C 3D", "high card"), ("2H 2S 2C 5D 7H", "triplets"),
    ("3S 3H 4S 4H AD", "two pairs"), ("5S 5H 9D QC AS", "one pair"),
    ("2S 3H 5D 8C QS", "high card")])
def test_hands_the_book_names(cards: str, name: str) -> None:
    """PP11, PP12, PPD3: the ace high or low, never round the corner."""
    assert CATEGORIES[category(_hand(cards))] == name


def test_the_three_counts() -> None:
    """PP13: a full hand counts 25, 12 and 10; a flush 20, 5, 5; a straight 15, 9, 12."""
    full, flush, straight = _hand("7H 7D 7C 8S 8H"), _hand("AS 2S 3S 5S 8S"), \
        _hand("8D 9H 10S JC QD")
    variants = ("patience-poker", "patience-poker-straights", "patience-poker-english")
    assert [count(full, v) for v in variants] == [25, 12, 10]
    assert [count(flush, v) for v in variants] == [20, 5, 5]
    assert [count(straight, v) for v in variants] == [15, 9, 12]
    assert count(full, "poker-squares") == 25


def test_the_books_best_tableau() -> None:
    """The book's example tableau: five fours and five straight flushes, four royal."""
    rows = ["AH AC AD AS 9D", "KH KC KD KS 8D", "QH QC QD QS 7D", "JH JC JD JS 6D",
            "10H 10C 10D 10S 5D"]
    grid = [_hand(r) for r in rows]
    lines = grid + [list(col) for col in zip(*grid, strict=True)]
    names = Counter(CATEGORIES[category(line)] for line in lines)
    assert names == {"four of a kind": 5, "royal flush": 4, "straight flush": 1}
    assert sum(count(line, "patience-poker") for line in lines) == 5 * 50 + 4 * 100 + 75


def test_the_second_card_has_eight_places() -> None:
    """The book: the second card may go in any one of eight places about the first."""
    state = ENGINE.new_game(1, "patience-poker")
    assert state.tableaus == ((BOOK.start,),)
    assert len(state.moves_for(0)) == 8
    square = ENGINE.new_game(1, "poker-squares")
    assert len(square.moves_for(0)) == 25 and square.tableaus == ((),)


def test_a_row_of_five_closes_the_square() -> None:
    """PP7: five cards across, nothing beyond either end of them."""
    g = BOOK
    cells = [g.start + d for d in (0, 1, 2, 3, 4)]  # r4c4 .. r4c8
    legal = {g.name(c) for c in g.legal(cells)}
    assert "r4c3" not in legal and "r5c3" not in legal and "r3c8" in legal
    assert g.problem(cells, g.start - 1) == ("PP7", "r4c3 would leave the cards down wider "
                                                     "than a square of five")
    assert g.problem(cells, g.start + 20)[0] == "PP6"  # type: ignore[index]
    assert g.problem(cells, g.start)[0] == "PP8"  # type: ignore[index]
    assert FIXED.problem([0], 24) is None  # PP19: anywhere on the fixed grid


def test_refusals_name_their_rule() -> None:
    state = ENGINE.new_game(3, "patience-poker", players=2)
    card = state.to_dict()["card"]
    for move, rule in [(f"p0:{card}@r0c0", "PP6"), (f"p0:{card}@r4c4", "PP8"),
                       (f"p0:{'AS' if card != 'AS' else 'KS'}@r4c5", "PP4"),
                       (f"{card}@r4c5", "PPD8")]:
        with pytest.raises(GameError) as caught:
            state.apply(ENGINE.parse_move(move))
        assert caught.value.rule == rule, move
    after, _ = state.apply(ENGINE.parse_move(f"p0:{card}@r4c5"))
    assert after.acting == {1}
    with pytest.raises(IllegalMoveError) as caught:
        after.apply(ENGINE.parse_move(f"p0:{card}@r4c3"))
    assert caught.value.rule == "PPD7"


def test_a_seat_does_not_see_where_the_others_put_the_card_first() -> None:
    """PPD9: until it has placed the card, a seat sees the others' tableaus without it."""
    state = ENGINE.new_game(5, "patience-poker", players=3)
    card = state.to_dict()["card"]
    after, events = state.apply(ENGINE.parse_move(f"p1:{card}@r3c3"))
    assert len(after.view(0).tableaus[1]) == 1 and len(after.view(1).tableaus[1]) == 2
    assert ENGINE.event_json(events[0], 0)["cell"] is None
    assert ENGINE.event_json(events[0], 2)["cell"] is None
    assert ENGINE.event_json(events[0], 1)["cell"] == "r3c3"
    placed, events = after.apply(ENGINE.parse_move(f"p0:{card}@r5c5"))
    assert placed.view(0).tableaus[1] == after.tableaus[1]
    assert ENGINE.event_json(events[0], 1)["cell"] == "r5c5"  # seat 1 had placed it


def test_every_seat_places_the_same_cards() -> None:
    """PP15: the next card is turned when every seat has placed this one."""
    state = ENGINE.new_game(8, "poker-squares", players=3)
    rng = random.Random(8)
    while not state.game_over:
        order = rng.sample(sorted(state.acting), len(state.acting))
        for i, seat in enumerate(order):
            before = len(state.called)
            state, _ = state.apply(rng.choice(state.moves_for(seat)))
            last = i == len(order) - 1
            assert len(state.called) == before + (last and before < 25)
    assert all(len(t) == 25 for t in state.tableaus) and len(state.called) == 25
    assert state.result.over and max(state.scores) in [state.scores[w]
                                                       for w in state.result.winners]


def _reference_legal(cells: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Written apart, from PP6-PP8 alone: relative places touching a card, in a 5x5 box."""
    if not cells:
        return {(0, 0)}
    out = set()
    for r, c in cells:
        for dr, dc in itertools.product((-1, 0, 1), repeat=2):
            spot = (r + dr, c + dc)
            if spot in cells:
                continue
            rows = [x for x, _ in cells] + [spot[0]]
            cols = [y for _, y in cells] + [spot[1]]
            if max(rows) - min(rows) < 5 and max(cols) - min(cols) < 5:
                out.add(spot)
    return out


def _reference_count(grid: dict[tuple[int, int], int], variant: str) -> int:
    """PP11-PP14 written apart: each full row and column of the grid, by brute force."""
    values = {"one pair": 2, "two pairs": 5, "triplets": 10, "straight": 15, "flush": 20,
              "full hand": 25, "four of a kind": 50, "straight flush": 75,
              "royal flush": 100, "high card": 0}
    assert variant == "patience-poker"
    total = 0
    rows = {r for r, _ in grid}
    cols = {c for _, c in grid}
    for line in [[grid[(r, c)] for c in sorted(cols) if (r, c) in grid] for r in rows] + \
            [[grid[(r, c)] for r in sorted(rows) if (r, c) in grid] for c in cols]:
        if len(line) < 5:
            continue
        ranks = sorted(card >> 2 for card in line)
        shape = sorted(Counter(ranks).values())
        suited = len({card & 3 for card in line}) == 1
        seq = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 9, 10, 11, 12])
        if seq and suited:
            name = "royal flush" if ranks == [0, 9, 10, 11, 12] else "straight flush"
        elif shape == [1, 4]:
            name = "four of a kind"
        elif shape == [2, 3]:
            name = "full hand"
        elif suited:
            name = "flush"
        elif seq:
            name = "straight"
        else:
            name = {(1, 1, 3): "triplets", (1, 2, 2): "two pairs",
                    (1, 1, 1, 2): "one pair"}.get(tuple(shape), "high card")
        total += values[name]
    return total


@pytest.mark.parametrize("seed", range(12))
def test_the_engine_agrees_with_a_reference(seed: int) -> None:
    """Random games: the legal places and the counts as the reference finds them."""
    state: State = ENGINE.new_game(seed, "patience-poker")
    rng = random.Random(seed)
    g = BOOK
    while True:
        cells = [divmod(c, 9) for c in state.tableaus[0]]
        rel = [(r - 4, c - 4) for r, c in cells]
        grid = {cell: state.called[i] for i, cell in enumerate(cells)}
        assert state.scores[0] == _reference_count(grid, "patience-poker")
        if state.game_over:
            break
        legal = {(divmod(g.parse(m.cell), 9)) for m in state.moves_for(0)}
        assert {(r - 4, c - 4) for r, c in legal} == _reference_legal(rel)
        state, _ = state.apply(rng.choice(state.moves_for(0)))


def _perft(state: State, depth: int) -> int:
    if depth == 0 or state.game_over:
        return 1
    seat = min(state.acting)
    return sum(_perft(state.apply(m)[0], depth - 1) for m in state.moves_for(seat))


def test_perft() -> None:
    """Pinned counts of placement sequences from seeded deals (a change of PP6-PP8 or
    PP19 changes them)."""
    assert [_perft(ENGINE.new_game(7, "patience-poker"), d) for d in (1, 2, 3)] == \
        [8, 88, 1200]  # the book: eight places, then ten or a dozen (4 * 10 + 4 * 12)
    assert [_perft(ENGINE.new_game(7, "poker-squares"), d) for d in (1, 2)] == [25, 600]
    assert _perft(ENGINE.new_game(7, "patience-poker", players=2), 2) == 64


def test_the_game_is_found_by_its_name() -> None:
    """A game name's ``-`` is its packages' ``_`` (engine.games.package_name)."""
    from engine.games import game_names, module_of

    assert "patience-poker" in game_names()
    assert module_of("patience-poker", "solver") == "solver.patience_poker.entry"
