"""N-seat searches (V6 partnership, V7 three-hand) against brute force on hand-made worlds."""

import random
from math import comb

import pytest

from engine.cassino import VARIANTS, Rules, generate_moves, play_card, scheme
from solver.cassino import (
    MaxnSearch,
    SeatsPosition,
    SideBatchEnd,
    SideSearch,
    side_majority_odds,
    side_of,
    side_round_total,
    weights,
)
from solver.cassino.seats import order

PARTNERSHIP = VARIANTS["partnership"]
THREE_HAND = VARIANTS["three-hand"]


def world(rng: random.Random, rules: Rules, per: int, stock: int = 0,
          table: int = 4) -> SeatsPosition:
    """Every seat holds ``per`` cards; the table ``table`` loose cards; the rest of the pack
    is in the stock (``stock`` cards) or scattered over the seats' piles."""
    deck = list(range(52))
    rng.shuffle(deck)
    n = rules.players
    hands = tuple(sum(1 << c for c in deck[i * per:(i + 1) * per]) for i in range(n))
    at = n * per
    loose = sum(1 << c for c in deck[at:at + table])
    at += table
    stock_cards = sum(1 << c for c in deck[at:at + stock])
    piles = [0] * n
    for c in deck[at + stock:]:
        piles[rng.randrange(n)] |= 1 << c
    sweeps = tuple(rng.choice((0, 0, 0, 1)) if piles[s] else 0 for s in range(n))
    dealer = rng.randrange(n)
    return SeatsPosition(rng.randrange(n), hands, loose, (), tuple(piles), sweeps,
                         rng.randrange(n), stock_cards, dealer)


def plain_points(rules: Rules, piles: list[int], sweeps: list[int]) -> list[int]:
    """R26 per side straight from the scheme, V7.2: a majority only for a strict leader."""
    out = [s * rules.sweep_points for s in sweeps]
    for category in scheme(rules).categories:
        if category.mask is None:
            continue
        counts = [(p & category.mask).bit_count() for p in piles]
        if category.kind == "most":
            leaders = [i for i, c in enumerate(counts) if c == max(counts)]
            if len(leaders) == 1:
                out[leaders[0]] += category.points
        elif category.kind == "each":
            for i, c in enumerate(counts):
                out[i] += category.points * c
    return out


def equity(points: list[int] | tuple[float, ...], side: int) -> float:
    others = [p for i, p in enumerate(points) if i != side]
    return points[side] - sum(others) / len(others)


class Brute:
    """Plain minimax over every line of the last batch, scored at the round's end."""

    def __init__(self, rules: Rules, pos: SeatsPosition, viewer: int, mode: str) -> None:
        self.rules = rules
        self.sides = side_of(rules)
        self.viewer = viewer
        self.mode = mode  # "team", "paranoid" or "maxn"

    def final(self, hands: list[int], loose: int, builds: tuple, piles: list[int],
              sweeps: list[int], last: int) -> list[float]:
        count = max(self.sides) + 1
        side_piles, side_sweeps = [0] * count, [0] * count
        for seat, side in enumerate(self.sides):
            side_piles[side] |= piles[seat]
            side_sweeps[side] += sweeps[seat]
        residue = loose
        for b in builds:
            residue |= b.cards
        if last >= 0:
            side_piles[self.sides[last]] |= residue
        points = plain_points(self.rules, side_piles, side_sweeps)
        return [equity(points, s) for s in range(count)]

    def value(self, me: int, hands: list[int], loose: int, builds: tuple, piles: list[int],
              sweeps: list[int], last: int) -> list[float]:
        """Every side's equity with perfect play of the given kind."""
        if not any(hands):
            return self.final(hands, loose, builds, piles, sweeps, last)
        best: list[float] | None = None
        kids = generate_moves(hands[me], loose, builds, me, self.rules)
        kids.sort(key=order)
        hero = self.sides[self.viewer]
        for move in kids:
            v = self.after(me, hands, loose, builds, piles, sweeps, last, move)
            if best is None:
                best = v
            elif self.mode == "maxn":
                if v[self.sides[me]] > best[self.sides[me]]:
                    best = v
            elif (self.sides[me] == hero) == (v[hero] > best[hero]) and v[hero] != best[hero]:
                best = v
        assert best is not None
        return best

    def after(self, me: int, hands: list[int], loose: int, builds: tuple, piles: list[int],
              sweeps: list[int], last: int, move) -> list[float]:
        nl, nb, taken, _ = play_card(loose, builds, me, move, self.rules)
        hands = list(hands)
        hands[me] &= ~(1 << move.card)
        piles, sweeps = list(piles), list(sweeps)
        if taken:
            piles[me] |= taken
            last = me
            if not nl and not nb:
                sweeps[me] += 1
        return self.value((me + 1) % len(hands), hands, nl, nb, piles, sweeps, last)


def root_moves(rules: Rules, pos: SeatsPosition) -> list:
    return generate_moves(pos.hands[pos.to_move], pos.loose, pos.builds, pos.to_move, rules)


def brute_root(rules: Rules, pos: SeatsPosition, mode: str) -> list[float]:
    brute = Brute(rules, pos, pos.to_move, mode)
    hero = side_of(rules)[pos.to_move]
    return [brute.after(pos.to_move, list(pos.hands), pos.loose, pos.builds, list(pos.piles),
                        list(pos.sweeps), pos.last, m)[hero] for m in root_moves(rules, pos)]


@pytest.mark.parametrize("seed", range(6))
def test_partnership_last_batch_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    pos = world(rng, PARTNERSHIP, 2)
    search = SideSearch(PARTNERSHIP, 0, pos.dealer, pos.to_move, budget=None)
    values = search.root_values(pos, root_moves(PARTNERSHIP, pos))
    assert search.exact
    assert values == pytest.approx(brute_root(PARTNERSHIP, pos, "team"))


@pytest.mark.parametrize("seed", range(6))
def test_paranoid_last_batch_matches_brute_force(seed: int) -> None:
    rng = random.Random(100 + seed)
    pos = world(rng, THREE_HAND, 3 if seed == 1 else 2)
    search = SideSearch(THREE_HAND, 0, pos.dealer, pos.to_move, budget=None)
    values = search.root_values(pos, root_moves(THREE_HAND, pos))
    assert search.exact
    assert values == pytest.approx(brute_root(THREE_HAND, pos, "paranoid"))


@pytest.mark.parametrize("seed", range(6))
def test_maxn_last_batch_matches_brute_force(seed: int) -> None:
    rng = random.Random(200 + seed)
    pos = world(rng, THREE_HAND, 3 if seed == 1 else 2)
    search = MaxnSearch(THREE_HAND, 0, pos.dealer, pos.to_move, budget=None)
    values = search.root_values(pos, root_moves(THREE_HAND, pos))
    assert search.exact
    assert values == pytest.approx(brute_root(THREE_HAND, pos, "maxn"))


@pytest.mark.parametrize("rules", [PARTNERSHIP, THREE_HAND], ids=["partnership", "three-hand"])
def test_position_value_is_the_best_root_move(rules: Rules) -> None:
    rng = random.Random(7)
    pos = world(rng, rules, 2)
    moves = root_moves(rules, pos)
    values = SideSearch(rules, 0, pos.dealer, pos.to_move, budget=None).root_values(pos, moves)
    assert SideSearch(rules, 0, pos.dealer, pos.to_move, budget=None).value(pos) == \
        pytest.approx(max(values))


def test_a_spent_budget_keeps_the_deepest_complete_iteration() -> None:
    rng = random.Random(3)
    pos = world(rng, THREE_HAND, 4, stock=12)
    moves = root_moves(THREE_HAND, pos)
    for cls in (SideSearch, MaxnSearch):
        small = cls(THREE_HAND, pos.stock, pos.dealer, pos.to_move, budget=300)
        first = small.root_values(pos, moves)
        assert not small.exact
        assert 1 <= small.depth < 12
        again = cls(THREE_HAND, pos.stock, pos.dealer, pos.to_move, budget=300)
        assert again.root_values(pos, moves) == first  # node counts, not time: deterministic
        assert again.depth == small.depth


def test_a_batch_end_is_valued_by_the_side_estimate() -> None:
    """Searched to the batch end (not the last), the leaves are SideBatchEnd's values."""
    rng = random.Random(11)
    pos = world(rng, PARTNERSHIP, 1, stock=16)
    moves = root_moves(PARTNERSHIP, pos)
    search = SideSearch(PARTNERSHIP, pos.stock, pos.dealer, pos.to_move, budget=None)
    values = search.root_values(pos, moves)
    assert search.exact
    end = SideBatchEnd(PARTNERSHIP, pos.stock, (pos.dealer + 1) % 4, side_of(PARTNERSHIP))
    sides = side_of(PARTNERSHIP)
    hero = sides[pos.to_move]

    def line(me: int, hands: tuple[int, ...], loose: int, builds: tuple, piles: list[int],
             sweeps: list[int]) -> float:
        if not any(hands):
            side_piles, side_sweeps = [0, 0], [0, 0]
            for seat, side in enumerate(sides):
                side_piles[side] |= piles[seat]
                side_sweeps[side] += sweeps[seat]
            return equity(end.value(tuple(side_piles), loose, tuple(side_sweeps)), hero)
        found = []
        for m in generate_moves(hands[me], loose, builds, me, PARTNERSHIP):
            found.append(play(me, hands, loose, builds, piles, sweeps, m))
        return max(found) if sides[me] == hero else min(found)

    def play(me: int, hands: tuple[int, ...], loose: int, builds: tuple, piles: list[int],
             sweeps: list[int], m) -> float:
        nl, nb, taken, _ = play_card(loose, builds, me, m, PARTNERSHIP)
        hs = list(hands)
        hs[me] &= ~(1 << m.card)
        ps, ss = list(piles), list(sweeps)
        if taken:
            ps[me] |= taken
            if not nl and not nb:
                ss[me] += 1
        return line((me + 1) % 4, tuple(hs), nl, nb, ps, ss)

    expected = [play(pos.to_move, pos.hands, pos.loose, pos.builds, list(pos.piles),
                     list(pos.sweeps), m) for m in moves]
    assert values == pytest.approx(expected)


def test_three_way_majority_odds_are_exact() -> None:
    for held, total in [((0, 0, 0), 52), ((5, 3, 2), 52), ((3, 3, 0), 13), ((6, 0, 0), 13),
                        ((1, 0, 0), 2)]:
        rest = total - sum(held)
        want = [0.0, 0.0, 0.0]
        for x in range(rest + 1):
            for y in range(rest - x + 1):
                counts = [held[0] + x, held[1] + y, held[2] + rest - x - y]
                top = max(counts)
                if counts.count(top) == 1:
                    want[counts.index(top)] += comb(rest, x) * comb(rest - x, y) / 3 ** rest
        assert side_majority_odds(held, total) == pytest.approx(want)
    even = side_majority_odds((4, 4, 4), 52)
    assert even[0] == pytest.approx(even[1]) == pytest.approx(even[2])
    assert sum(even) < 1  # ties score for nobody (V7.2)
    assert side_majority_odds((27, 0), 52) == (1.0, 0.0)


@pytest.mark.parametrize("rules", [PARTNERSHIP, THREE_HAND], ids=["partnership", "three-hand"])
def test_side_batch_end_is_symmetric_and_adds_up(rules: Rules) -> None:
    sides = side_of(rules)
    count = max(sides) + 1
    w = weights(rules)
    rng = random.Random(5)
    deck = list(range(52))
    rng.shuffle(deck)
    stock = sum(1 << c for c in deck[:24])
    piles = tuple([0] * count)
    for first in range(rules.players):
        end = SideBatchEnd(rules, stock, first, sides)
        v = end.value(piles, 0, tuple([0] * count))
        # an empty table and empty piles: every side alike but for the sweep of the first trail
        edge = end.sweep_odds(0) * rules.sweep_points
        helped = sides[(first + 1) % rules.players]
        for s in range(count):
            assert v[s] == pytest.approx(v[(s + 1) % count] + (edge if s == helped else 0.0)
                                         - (edge if (s + 1) % count == helped else 0.0))
        assert sum(v) == pytest.approx(side_round_total(piles, 0, w) + edge)
    # what the cards score by themselves is all shared out, whatever the piles hold
    piles = tuple(sum(1 << c for c in deck[24 + 3 * i:27 + 3 * i]) for i in range(count))
    end = SideBatchEnd(rules, stock, 0, sides)
    v = end.value(piles, 0, tuple([0] * count))
    assert sum(v) == pytest.approx(side_round_total(piles, 0, w) + end.sweep_odds(0))


def last_batch_state(variant: str, seed: int, cards: int):
    """A state of the last batch with at most ``cards`` cards left in hands."""
    from engine.cassino import advance, new_game

    rng = random.Random(seed)
    state = new_game(seed, variant)
    while state.stock or sum(h.bit_count() for h in state.hands) > cards:
        state = advance(state, rng.choice(state.legal_moves()))
    return state


def engine_values(state, mode: str) -> list[float]:
    """Each root move's equity for the mover's side by brute force over engine states: the
    engine's own residue and per-side scoring (R24, R26, V6.2, V7.2)."""
    from engine.cassino import advance

    sides = side_of(state.rules)
    hero = sides[state.to_move]

    def after(s, move) -> list[float]:
        events: list = []
        nxt = advance(s, move, events)
        scored = [e for e in events if e.type == "round_scored"]
        if scored:
            totals = scored[0].get("breakdown").totals
            return [equity(totals, side) for side in range(len(totals))]
        return best(nxt)

    def best(s) -> list[float]:
        found = None
        kids = s.legal_moves()
        kids.sort(key=order)
        mover = sides[s.to_move]
        for m in kids:
            v = after(s, m)
            if found is None:
                found = v
            elif mode == "maxn":
                if v[mover] > found[mover]:
                    found = v
            elif (v[hero] > found[hero]) if mover == hero else (v[hero] < found[hero]):
                found = v
        assert found is not None
        return found

    return [after(state, m)[hero] for m in state.legal_moves()]


@pytest.mark.parametrize(("variant", "cls", "mode"), [
    ("partnership", SideSearch, "team"), ("three-hand", SideSearch, "paranoid"),
    ("three-hand", MaxnSearch, "maxn")])
def test_last_batch_matches_brute_force_over_engine_states(variant: str, cls, mode) -> None:
    checked = 0
    for seed in range(12):
        state = last_batch_state(variant, 300 + seed, 6)
        if state.status != "playing" or len(state.legal_moves()) < 2:
            continue
        pos = SeatsPosition(state.to_move, state.hands, state.loose, state.builds,
                            state.captured, state.sweeps, state.last_capturer, 0, state.dealer)
        search = cls(state.rules, 0, state.dealer, state.to_move, budget=None)
        values = search.root_values(pos, state.legal_moves())
        assert search.exact
        assert values == pytest.approx(engine_values(state, mode)), state.to_dict()
        checked += 1
    assert checked >= 4
