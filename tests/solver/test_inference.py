"""Worlds that read the opponent's moves of this batch (solver.cassino.inference, issue 14)."""

import random
from itertools import combinations
from math import exp

import pytest

import engine
from engine.cards import cards_of
from engine.cassino import BUILD, State, View, advance, batch_requirements, generate_moves
from solver import Options, merge, solve
from solver.cassino import (
    OpponentModel,
    PolicyWorlds,
    SoftWorlds,
    Worlds,
    batch_evidence,
    move_value,
)
from solver.cassino.bots import GreedyBot, HeuristicBot, make_bot
from solver.cassino.core import finish

from .helpers import swap_hidden

INFER = Options(samples=6, min_samples=6, nodes=None, inference=True)


def rounds(seed: int, count: int, players: tuple[object, object]) -> list[list[State]]:
    """The states of the first round of ``count`` games, the seats played by ``players``
    (bots, or ``None`` for a random legal move)."""
    rng = random.Random(seed)
    out = []
    for game in range(seed * 100, seed * 100 + count):
        state = engine.new_game(game)
        deal = state.round
        seen = []
        while state.round == deal and state.status == "playing":
            seen.append(state)
            bot = players[state.to_move]
            view = state.view(state.to_move)
            move = rng.choice(view.legal_moves()) if bot is None else bot.choose(view)  # type: ignore[attr-defined]
            state = advance(state, move)
        out.append(seen)
    return out


def with_evidence(history: list[State]) -> list[tuple[State, list[State]]]:
    """Each state of a round in which the opponent of the player to move has moved in
    this batch, with the states before each move of this batch."""
    out = []
    for i, state in enumerate(history):
        if not state.stock:
            continue
        played = state.rules.hand_size * 2 - state.hands[0].bit_count() - \
            state.hands[1].bit_count()
        before = history[i - played:i]
        if any(s.to_move != state.to_move for s in before):
            out.append((state, before))
    return out


def hands_of(view: View) -> list[int]:
    """Every hand the other player may hold by the rules (R23, the batch's builds)."""
    size = view.hand_sizes[1 - view.player]
    required = batch_requirements(view)
    values = view.rules.values
    out = []
    for cards in combinations(list(cards_of(view.unseen)), size):
        if all(any(values[c] == v for c in cards) for v in required):
            out.append(sum(1 << c for c in cards))
    return out


def greedy_replays(state: State, before: list[State], hand: int) -> bool:
    """Brute force on engine states: the greedy bot, dealt ``hand`` plus the cards it
    played since, makes each of its moves of this batch again."""
    other = 1 - state.to_move
    greedy = GreedyBot()
    for j, s in enumerate(before):
        if s.to_move != other:
            continue
        later = 0
        for k in range(j, len(before)):
            if before[k].to_move == other:
                mover = before[k + 1] if k + 1 < len(before) else state
                later |= s.hands[other] & ~mover.hands[other] if k == j else \
                    before[k].hands[other] & ~mover.hands[other]
        hands = list(s.hands)
        hands[other] = hand | later
        then = s._replace(hands=tuple(hands))
        played = (before[j + 1] if j + 1 < len(before) else state).history[-1].move
        if greedy.choose(then.view(other)) != played:
            return False
    return True


@pytest.mark.parametrize("seed", range(3))
def test_greedy_filter_accepts_exactly_the_replays(seed: int) -> None:
    checked = 0
    for history in rounds(seed, 3, (None, GreedyBot())) + rounds(seed + 50, 3,
                                                                   (GreedyBot(), None)):
        for state, before in with_evidence(history):
            view = state.view(state.to_move)
            if not 0 < view.hand_sizes[1 - view.player] <= 2 or checked >= 4:
                continue  # brute force over every hand: keep it small
            worlds = PolicyWorlds(view, GreedyBot().choose)
            if worlds.exact:
                continue  # one hand is possible: nothing to filter
            assert worlds.evidence
            hands = hands_of(view)
            assert state.hands[1 - view.player] in hands
            accepted = [h for h in hands if worlds.consistent(h)]
            assert accepted == [h for h in hands if greedy_replays(state, before, h)]
            if view.history[-1].player != view.player:  # greedy's true hand replays
                assert state.hands[1 - view.player] in accepted or \
                    any(s.to_move == view.player for s in before)
            checked += 1
    assert checked >= 3


def test_the_true_hand_is_always_consistent_with_greedy() -> None:
    for history in rounds(7, 4, (GreedyBot(), HeuristicBot())):
        for state, _ in with_evidence(history):
            if state.to_move != 1:
                continue
            worlds = PolicyWorlds(state.view(1), GreedyBot().choose)
            assert worlds.consistent(state.hands[0])
            for i in range(8):  # rejection keeps only consistent worlds when some exist
                assert worlds.consistent(worlds.draw(3, i)[0])


def test_soft_likelihood_is_the_softmax_of_every_legal_move() -> None:
    """The per-card decomposition gives the model's probability computed from the full
    move list of each hand (positions where the opponent owns no build: R22 apart)."""
    model = OpponentModel(temperature=0.3, mixture=0.1, candidates=4)
    rng = random.Random(5)
    checked = 0
    for history in rounds(11, 6, (HeuristicBot(), None)):
        for state, _ in with_evidence(history):
            view = state.view(state.to_move)
            evidence = batch_evidence(view)
            if any(b.owner != view.player for ev in evidence for b in ev.builds):
                continue
            worlds = SoftWorlds(view, model)
            if not worlds.terms:
                continue  # one world only (an empty other hand, a forced one)
            other = 1 - view.player
            for _ in range(5):
                hand = worlds.sampler.draw(rng)
                expected = 1.0
                for ev in evidence:
                    moves = generate_moves(hand | ev.later, ev.loose, ev.builds, other,
                                           view.rules)
                    es = [exp(move_value(m, ev.loose, ev.builds, other, view.rules) / 0.3)
                          for m in moves]
                    p = es[moves.index(ev.move)] / sum(es)
                    expected *= 0.9 * p + 0.1 / len(moves)
                assert worlds.likelihood(hand) == pytest.approx(expected)
                checked += 1
    assert checked >= 20


def test_soft_worlds_are_uniform_without_evidence() -> None:
    for history in rounds(3, 2, (None, None)):
        for state in history:
            view = state.view(state.to_move)
            soft, plain = SoftWorlds(view), Worlds(view)
            if batch_evidence(view):
                continue
            assert [soft.draw(9, i) for i in range(4)] == [plain.draw(9, i) for i in range(4)]


def test_a_card_that_could_have_captured_makes_a_trail_less_likely() -> None:
    """After a trail, a hand that also held a card taking something then is less likely
    (without the uniform mixture the softmax must put weight on that capture)."""
    checked = 0
    for history in rounds(13, 8, (GreedyBot(), None)):
        for state, _ in with_evidence(history):
            view = state.view(state.to_move)
            soft = SoftWorlds(view, OpponentModel(temperature=0.3, mixture=0.0))
            if len(soft.terms) != 1 or batch_evidence(view)[0].move.type != "trail":
                continue
            ev = batch_evidence(view)[0]
            hand = state.hands[1 - view.player]
            for c in cards_of(view.unseen & ~hand):
                takes = [m for m in generate_moves(1 << c, ev.loose, ev.builds,
                                                   1 - view.player, view.rules)
                         if m.type == "capture"]
                if takes:
                    assert soft.likelihood(hand | 1 << c) < soft.likelihood(hand)
                    checked += 1
    assert checked >= 10


@pytest.mark.parametrize("seed", range(3))
def test_inference_hint_depends_only_on_the_view(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for history in rounds(20 + seed, 4, (GreedyBot(), None)):
        for state, _ in with_evidence(history):
            if sum(h.bit_count() for h in state.hands) > 5 or checked >= 3:
                continue  # keep it fast
            p = state.to_move
            twin = swap_hidden(state, p, rng)
            if twin is None:
                continue
            assert twin.view(p) == state.view(p)
            one = finish(state.view(p), solve(state.view(p), INFER, seed=3), elapsed_ms=0)
            two = finish(twin.view(p), solve(twin.view(p), INFER, seed=3), elapsed_ms=0)
            assert one == two
            checked += 1
    assert checked >= 2


def test_inference_is_deterministic_and_merges() -> None:
    checked = 0
    for history in rounds(30, 3, (GreedyBot(), None)):
        for state, _ in [c for c in with_evidence(history)
                         if sum(h.bit_count() for h in c[0].hands) <= 6][:3]:
            view = state.view(state.to_move)
            whole = solve(view, INFER, seed=8, early=False)
            again = solve(view, INFER, seed=8, early=False)
            assert whole.worlds == again.worlds and whole.values == again.values
            parts = merge([solve(view, INFER, seed=8, start=a, stop=b, early=False)
                           for a, b in ((0, 2), (2, 6))])
            assert parts.worlds == whole.worlds and parts.values == whole.values
            checked += 1
    assert checked >= 3


def test_bot_names() -> None:
    bot = make_bot("inference:temperature=0.5,mixture=0.2,candidates=8")
    assert bot.options.inference and bot.options.temperature == 0.5  # type: ignore[attr-defined]
    assert bot.options.candidates == 8  # type: ignore[attr-defined]
    assert not make_bot("solver").options.inference  # type: ignore[attr-defined]
    assert make_bot("oracle").name == "oracle"
    with pytest.raises(ValueError):
        make_bot("inference:nope=1")


def test_build_moves_need_a_numeral_of_their_value() -> None:
    """The decomposition's build rule (R14, R17): a build of value v is in a hand's moves
    only when the hand holds another numeral of v."""
    for history in rounds(40, 4, (None, None)):
        for state in history:
            view = state.view(state.to_move)
            moves = generate_moves(view.hand, view.loose, view.builds, view.player,
                                   view.rules)
            values = view.rules.values
            for m in moves:
                if m.type == BUILD:
                    assert any(values[c] == m.value for c in cards_of(view.hand & ~(1 << m.card)))
