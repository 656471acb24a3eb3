"""The worlds of a view (engine.cassino.worlds): every drawn hand is consistent with the view
(R23 and the round's history), draws are uniform, and :meth:`View.resample` deals whole
states that have the view."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import State
from engine.cards import cards_of, parse_cards
from engine.cassino import VARIANTS, HandSampler, View, batch_requirements, stock_order
from engine.cassino.play import advance


def world_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"worlds/{seed}/{index}")


def random_view(game: int, steps: int, seat_choice: int) -> View:
    rng = random.Random(game * 7919 + steps)
    state = engine.new_game(game)
    for _ in range(steps):
        state = advance(state, rng.choice(state.legal_moves()))
    return state.view((state.to_move + seat_choice) % 2)


def consistent(view: View, hand: int) -> bool:
    """Everything public a hidden hand must agree with, checked from first principles."""
    other = 1 - view.player
    values = view.rules.values
    if hand.bit_count() != view.hand_sizes[other] or hand & ~view.unseen:
        return False
    held = {values[c] for c in cards_of(hand)}
    if any(b.value not in held for b in view.builds if b.owner == other):  # R23
        return False
    # the hand at every moment of this batch held the values of the builds owned then
    return all(value in held for value in batch_requirements(view))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.integers(0, 10_000), steps=st.integers(0, 47), seat=st.integers(0, 1),
       seed=st.integers(0, 2**32))
def test_every_world_is_consistent(game: int, steps: int, seat: int, seed: int) -> None:
    view = random_view(game, steps, seat)
    if view.status != "playing":
        return
    sampler = HandSampler(view)
    for i in range(5):
        hand = sampler.draw(world_rng(seed, i))
        assert consistent(view, hand)
        stock = view.unseen & ~hand
        assert stock.bit_count() == view.stock_size
    if view.stock_size == 0:
        assert sampler.exact and sampler.draw(world_rng(seed, 0)) == view.unseen


def constrained_view() -> View:
    """Last-but-one batch; the dealer owns a 9 build, so their 3-card hand holds a 9."""
    hands = [["9H", "KC", "2D"], ["3C", "5S", "QH"]]
    stock = ["AS", "AH", "9D", "4C", "6D", "7H", "JD", "8S"]
    loose, build = ["10C"], [["4D", "5D"]]
    used = parse_cards([*hands[0], *hands[1], *stock, *loose, *build[0]])
    rest = [engine.card_name(c) for c in range(52) if not used >> c & 1]
    state = engine.State.from_dict({
        "variant": "standard", "seed": 1, "round": 1, "deal": 1, "dealer": 0, "to_move": 1,
        "hands": hands, "stock": stock,
        "table": {"loose": loose, "builds": [{"value": 9, "owner": 0, "groups": build}]},
        "captured": [rest[:20], rest[20:]], "sweeps": [0, 0], "last_capturer": 0,
        "scores": [0, 0], "status": "playing", "winner": None, "history": [],
        "previous_round": None,
    })
    return state.view(1)


def test_draws_are_uniform_over_consistent_hands() -> None:
    view = constrained_view()
    other = 1 - view.player
    unseen = list(cards_of(view.unseen))
    allowed = [sum(1 << c for c in combo)
               for combo in combinations(unseen, view.hand_sizes[other])]
    allowed = [h for h in allowed if consistent(view, h)]
    sampler = HandSampler(view)
    assert sampler.count() == len(allowed)
    assert any(not consistent(view, sum(1 << c for c in combo))
               for combo in combinations(unseen, view.hand_sizes[other]))
    draws = 200 * len(allowed)
    counts = Counter(sampler.draw(world_rng(3, i)) for i in range(draws))
    assert set(counts) == set(allowed)
    # chi-square against the uniform law; 99.9% quantile for df <= 120 is below 180
    expected = draws / len(allowed)
    chi2 = sum((counts[h] - expected) ** 2 / expected for h in allowed)
    assert chi2 < 1.5 * len(allowed) + 40


def test_history_constraint() -> None:
    """The opponent built 7 this batch and we took it: they still hold a 7 (unless they
    have played one since)."""
    found = 0
    for game in range(400):
        rng = random.Random(game)
        state = engine.new_game(game)
        deal = state.deal
        while state.deal == deal and state.status == "playing":
            view = state.view(state.to_move)
            other = 1 - view.player
            required = batch_requirements(view)
            now = {b.value for b in view.builds if b.owner == other}
            extra = set(required) - now
            if extra and view.stock_size:
                found += 1
                values = view.rules.values
                held = {values[c] for c in cards_of(state.hands[other])}
                assert extra <= held  # the truth satisfies the inferred constraint
                sampler = HandSampler(view)
                for i in range(20):
                    hand = sampler.draw(world_rng(0, i))
                    assert extra <= {values[c] for c in cards_of(hand)}
            state = advance(state, rng.choice(state.legal_moves()))
        if found >= 5:
            break
    assert found >= 1


# --- draw (docs/rules/draw.md W8): the whole round's history, the stock's order ----------


def game_states(game_seed: int, plies: int = 48, variant: str = "draw") -> list[State]:
    rng = random.Random(game_seed)
    state = engine.new_game(game_seed, variant)
    out = [state]
    while state.status == "playing" and len(out) <= plies:
        state = advance(state, rng.choice(state.legal_moves()))
        out.append(state)
    return out


def test_requirements_are_sound_over_the_whole_round() -> None:
    """What the sampler requires of the other hand, the real other hand always holds, and
    some requirements come from builds owned more than a batch's eight plays ago."""
    old = 0
    for game_seed in range(12):
        for state in game_states(game_seed):
            if state.status != "playing" or state.round > 1:
                continue
            for player in (0, 1):
                view = state.view(player)
                other = state.hands[1 - player]
                held = {state.rules.values[c] for c in cards_of(other)}
                required = batch_requirements(view)
                assert set(required) <= held, (state.to_dict(), required)
                on_table = {b.value for b in view.builds if b.owner == 1 - player}
                if set(required) - on_table and len(view.history) > 8:
                    old += 1
                if view.stock_size:
                    sampler = HandSampler(view)
                    for i in range(3):
                        hand = sampler.draw(world_rng(game_seed, i))
                        assert hand.bit_count() == 4 and not hand & ~view.unseen
                        values = {state.rules.values[c] for c in cards_of(hand)}
                        assert set(required) <= values
    assert old  # the round-long history did add requirements


def test_stock_orders_are_uniform_and_repeatable() -> None:
    stock = (1 << 5) | (1 << 17) | (1 << 40)
    firsts = Counter(stock_order(stock, random.Random(i))[0] for i in range(3000))
    assert set(firsts) == {5, 17, 40}
    assert all(900 < n < 1100 for n in firsts.values())
    assert stock_order(stock, world_rng(3, 1)) == stock_order(stock, world_rng(3, 1))
    assert sorted(stock_order(stock, random.Random(0))) == [5, 17, 40]


def test_a_forced_hand_is_exact_only_when_the_order_cannot_vary() -> None:
    states = game_states(4)
    last_draw = next(s for s in states if len(s.stock) == 1)
    assert HandSampler(last_draw.view(last_draw.to_move)).exact is False  # 5 unseen cards
    empty = next(s for s in states if not s.stock)
    assert HandSampler(empty.view(0)).exact is True


# --- View.resample: a whole state with the view (R29) ------------------------------------

PLAYABLE = [name for name, rules in VARIANTS.items() if rules.playable]


def hidden(state: State, player: int) -> tuple[int, tuple[int, ...]]:
    return state.hands[1 - player], state.stock


@pytest.mark.parametrize("variant", PLAYABLE)
def test_a_resampled_state_is_valid_and_has_the_view(variant: str) -> None:
    """Every resampled state passes the full state's checks (docs/api.md, R23), shows the
    viewer exactly the view (as JSON), holds the required values in the hidden hand, and
    plays on: the viewer's legal moves are the view's."""
    checked = 0
    for game_seed in range(6):
        for state in game_states(game_seed, plies=60, variant=variant)[::3]:
            for player in (0, 1):
                view = state.view(player)
                required = batch_requirements(view) if view.stock_size else []
                for i in range(3):
                    world = view.resample(world_rng(game_seed, i))
                    world.validate()
                    assert world.view(player).to_dict() == view.to_dict()
                    assert world.view(player) == view
                    values = {world.rules.values[c] for c in cards_of(world.hands[1 - player])}
                    assert set(required) <= values  # R23 and the round's history
                    assert world.legal_moves() == state.legal_moves() or \
                        state.to_move != player
                    if world.status == "playing":
                        world.apply(world.legal_moves()[0])  # a state the engine plays on
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", ["standard", "draw"])
def test_the_hidden_cards_vary_with_the_rng_and_repeat_with_it(variant: str) -> None:
    state = game_states(7, plies=5, variant=variant)[-1]
    view = state.view(state.to_move)
    worlds = [view.resample(random.Random(i)) for i in range(30)]
    assert len({hidden(w, view.player) for w in worlds}) > 20  # 10+ unseen cards: they vary
    assert len({w.hands[1 - view.player] for w in worlds}) > 20
    assert len({w.stock[0] for w in worlds}) > 3  # the order too, not only the set
    assert len({w.seed for w in worlds}) == 30  # the real seed is hidden: drawn too
    again = [view.resample(random.Random(i)) for i in range(30)]
    assert again == worlds
    assert all(w.hands[1 - view.player] | sum(1 << c for c in w.stock) == view.unseen
               for w in worlds)  # the hand and the stock share out the unseen cards


def test_resampling_keeps_r23_and_the_batch_history() -> None:
    """The constrained view: the dealer owns a 9 build, so every resampled hand holds a 9;
    and every hand the sampler allows comes up."""
    view = constrained_view()
    other = 1 - view.player
    values = view.rules.values
    hands = Counter(view.resample(world_rng(5, i)).hands[other] for i in range(400))
    assert all(9 in {values[c] for c in cards_of(h)} for h in hands)
    assert len(hands) == HandSampler(view).count()


def test_resampling_an_empty_stock_gives_back_the_hidden_hand() -> None:
    state = next(s for s in game_states(2, plies=48, variant="standard") if not s.stock)
    view = state.view(state.to_move)
    world = view.resample(random.Random(0))
    assert world.hands == state.hands and world.stock == ()
    world.validate()


def test_the_stock_order_follows_the_rng() -> None:
    """The order of the resampled stock is :func:`stock_order`'s draw after the hand's."""
    state = game_states(3, plies=4, variant="draw")[-1]
    view = state.view(0)
    world = view.resample(world_rng(1, 2))
    rng = world_rng(1, 2)
    other = HandSampler(view).draw(rng)
    assert world.hands[1] == other
    assert world.stock == stock_order(view.unseen & ~other, rng)


def test_no_hidden_hand_fits_names_the_rule() -> None:
    view = constrained_view()._replace(history=())
    nines = [c for c in cards_of(view.unseen) if view.rules.values[c] == 9]
    seen = sum(1 << c for c in nines)  # every unseen 9 moved to a capture pile
    impossible = view._replace(captured=(view.captured[0] | seen, view.captured[1]),
                               hand_sizes=view.hand_sizes, stock_size=view.stock_size)
    with pytest.raises(ValueError, match="R23"):
        impossible.resample(random.Random(0))
