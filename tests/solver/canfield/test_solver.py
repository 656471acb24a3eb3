"""Canfield's solver: the greedy rule, the hints from the view only, the bots, the exact
search (its native kernel answering as the pure-Python reference, each won deal's line
replayed through the engine, both searches against a brute force on small deals, the
kernel's cut of lost positions against its search without it)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.canfield import Move, State, deal, parse_move
from engine.canfield.rules import builds_on
from solver.canfield import exact
from solver.canfield.bots import make_bot
from solver.canfield.hints import DEFAULT, hint
from solver.canfield.policy import greedy_move, playout
from tests.engine.canfield.helpers import position


def test_greedy_puts_a_card_up_first_and_never_stops_while_it_can_play() -> None:
    state = position(stock=["8S"], cols=[["9C"], ["KH"], ["QH"], ["JH"]], waste=["10D"],
                     fill="hand")
    assert greedy_move(state).id == "8S>f"
    end, moves = playout(deal(3, "canfield"))
    assert end.game_over and moves > 5 and end.end != "stopped"


def test_a_hint_reads_the_view_only_and_ranks_legal_moves() -> None:
    state = deal(21, "canfield")
    while len(state.legal_moves()) < 3:
        state = state.apply(greedy_move(state))[0]
    view = state.view(0)
    other = view.resample(random.Random(5))  # another world with the same view
    first, again = hint(view, seed=4), hint(other.view(0), seed=4)
    for answer in (first, again):
        del answer["solver"]["elapsed_ms"]
    assert first == again
    legal = {m.id for m in view.legal_moves()}
    assert {m["move"]["id"] for m in first["moves"]} == legal
    bet, cards = first["solver"]["bet"], first["solver"]["cards"]
    assert set(bet) == legal and all(0 <= p <= 1 for p in bet.values())
    best = first["moves"][0]
    assert best["equity"] == pytest.approx(5 * cards[best["move"]["id"]] - 52, abs=0.02)


def test_the_bots_are_deterministic_and_play_whole_games() -> None:
    for name in ("random", "greedy", "solver:samples=4,nodes=400"):
        ends = []
        for _ in range(2):
            bot, state = make_bot(name, 7), deal(9, "canfield-classic")
            while not state.game_over:
                state = state.apply(bot.choose(state.view(0)))[0]
            ends.append(state.to_dict())
        assert ends[0] == ends[1], name
    assert DEFAULT.nodes


@pytest.mark.skipif(exact.NATIVE is None, reason="the native kernel is not built")
@pytest.mark.parametrize("variant", ["canfield", "canfield-classic"])
def test_the_native_search_answers_as_the_reference(variant: str) -> None:
    """The kernel prunes more than the pure-Python search (its table merges positions a
    position seen dominates); where both settle a deal, they agree."""
    both = 0
    for seed in range(12):
        state = deal(seed, variant)
        for target in (52, 11):
            ours = exact.solve_open(state, 3000, native=False, target=target)
            theirs = exact.solve_open(state, 20_000, native=True, target=target)
            assert theirs.decided or not ours.decided, (seed, target)
            if ours.decided:
                both += 1
                assert ours.won == theirs.won, (seed, target)
                if not ours.won:
                    assert target == 52 or ours.best == theirs.best, (seed, target)
    assert both >= 12


@pytest.mark.skipif(exact.NATIVE is None, reason="the native kernel is not built")
@pytest.mark.parametrize("variant", ["canfield", "canfield-classic"])
def test_the_kernels_cut_of_lost_positions_never_cuts_a_win(variant: str) -> None:
    """The relaxation that cuts a position short of its target is a proof: on positions
    along played games, the search with it answers as the search without it (for 52 and
    for a few cards more than are up, the most cards then too), and it does cut."""
    rng = random.Random(f"cut/{variant}")
    both = cut = won = 0
    for seed in range(500, 512):
        state, states = deal(seed, variant), []
        while not state.game_over:
            states.append(state)
            move = greedy_move(state) if rng.random() < 0.7 else rng.choice(state.legal_moves())
            state = state.apply(move)[0]
        for state in rng.sample(states, min(4, len(states))):
            for target in (52, min(52, state.score + 6)):
                with_cut = exact.solve_open(state, 200_000, target=target)
                without = exact.solve_open(state, 200_000, target=target, relax=False)
                if with_cut.decided and without.decided:
                    both += 1
                    won += without.won
                    cut += with_cut.nodes < without.nodes
                    assert with_cut.won == without.won, (seed, target, state.to_dict())
                    if target < 52 and not without.won:  # below 52 the most cards stays exact
                        assert with_cut.best == without.best, (seed, target)
    assert both >= 60 and cut >= 20 and 6 <= won < both


def _replays(state: State, line: tuple[Move, ...], target: int) -> bool:
    for move in line:
        state = state.apply(move)[0]
    return state.score >= target and (target < 52 or state.end == "won")


@pytest.mark.skipif(exact.NATIVE is None, reason="the native kernel is not built")
@pytest.mark.parametrize("variant", ["canfield", "canfield-classic"])
def test_every_won_deals_line_replays_through_the_engine(variant: str) -> None:
    won = 0
    for seed in range(100_000, 100_012):
        state = deal(seed, variant)
        for target in (52, 11):
            solved = exact.solve_open(state, 10**9, seconds=0.5, target=target)
            if solved.won:
                won += target == 52
                assert _replays(state, solved.line, target), (seed, target)
            else:
                assert not solved.line
    assert won >= 3


def _best(state: State) -> int:
    """The most foundation cards reachable from ``state``, by every engine move in turn
    (the brute force of the tests: no pruning, no table but of the states seen)."""
    seen: set[tuple[object, ...]] = set()
    best = state.score
    stack = [state]
    while stack:
        st = stack.pop()
        best = max(best, st.score)
        if best == 52:
            return best
        for move in st.legal_moves():
            if move.word == "stop":
                continue
            after = st._played(move)[0]  # the move is legal: no check, no record
            key = (after.found, after.stock, after.cols, after.hand, after.waste, after.used,
                   after.idle, after.end)
            if key not in seen:
                seen.add(key)
                stack.append(after)
    return best


def _small(rng: random.Random, variant: str) -> State:
    """A deal near its end: 28 to 34 cards up, the others spread over the stock, the
    columns (runs down in alternate colours) and the hand or the talon."""
    base = rng.randint(1, 13)
    left = rng.randint(18, 24)
    counts = [13, 13, 13, 13]
    for _ in range(left):
        s = rng.choice([s for s in range(4) if counts[s] > 1])
        counts[s] -= 1
    up = {((base - 1 + k) % 13) * 4 + s for s in range(4) for k in range(counts[s])}
    rest = [c for c in range(52) if c not in up]
    rng.shuffle(rest)
    stock = [rest.pop() for _ in range(rng.randint(0, 5))]
    cols: list[list[int]] = []
    for _ in range(4):
        col = [rest.pop()] if rest and (stock or rng.random() < 0.8) else []
        while col and rest and rng.random() < 0.6:
            hosts = [c for c in rest if builds_on(c, col[-1])]
            if not hosts:
                break
            col.append(hosts[0])
            rest.remove(hosts[0])
        cols.append(col)
    stock += rest[7:]
    rest = rest[:7]
    for col in cols:  # CFD1: a space is filled from the stock at once
        if not col and stock:
            col.append(stock.pop(0))
    cut = rng.randint(0, len(rest))
    waste, hand = rest[:cut], rest[cut:]
    seen = 0
    for c in range(52):
        seen |= 1 << c
    return State(variant, base, tuple(counts), tuple(stock),  # type: ignore[arg-type]
                 tuple(tuple(c) for c in cols), tuple(hand), tuple(waste),
                 rng.random() < 0.5, 1, 0, "", 0, seen)


@pytest.mark.parametrize("variant", ["canfield", "canfield-classic"])
def test_the_exact_search_equals_a_brute_force_on_small_deals(variant: str) -> None:
    rng = random.Random(f"small/{variant}")
    played_out = checked = 0
    while checked < 40:
        state = _small(rng, variant)
        if state.end or not state.legal_moves():
            continue
        best = _best(state)
        checked += 1
        played_out += best == 52
        for native in ((False, True) if exact.NATIVE is not None else (False,)):
            for target in (52, min(51, state.score + 4), best, best + 1):
                if target <= state.score or target > 52:
                    continue
                solved = exact.solve_open(state, 10**7, native=native, target=target)
                assert solved.decided and solved.won == (best >= target), \
                    (native, target, best, state.to_dict())
                if solved.won:
                    assert _replays(state, solved.line, target)
                elif target < 52:
                    assert solved.best == best
    assert 3 <= played_out <= 37


def test_the_exact_search_finds_a_won_deal_and_proves_a_lost_one() -> None:
    won = exact.solve_open(deal(3, "canfield"), 20_000, native=False)
    assert won.won and won.decided and won.best == 52
    lost = exact.solve_open(deal(4, "canfield"), 20_000, native=False)
    assert lost.decided and not lost.won and lost.best == 3
    # its win replays through the engine: the greedy order finds it, and a won state
    # counts as won at once
    assert exact.solve_open(position(base=1, found={"S": 13, "H": 13, "D": 13, "C": 12},
                                     cols=[["KC"], [], [], []], fill="hand"), 10).won


def test_the_analysis_tool_reads_a_deal_or_an_open_games_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m solver.canfield.exact``: a seeded deal or the service's wire state in,
    the answer and a line of move ids that plays the deal out through the engine."""
    state = deal(3, "canfield")
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"state": state.to_dict()}))
    assert exact.main(["--state", str(game), "--seconds", "5"]) == 0
    won = json.loads(capsys.readouterr().out)
    assert won["won"] and won["decided"] and won["best"] == 52
    for move_id in won["line"]:
        state = state.apply(parse_move(move_id))[0]
    assert state.score == 52 and state.end == "won"
    assert exact.main(["--seed", "4", "--seconds", "5"]) == 0
    lost = json.loads(capsys.readouterr().out)
    assert lost["decided"] and not lost["won"] and lost["line"] == []
    game.write_text(json.dumps({"game": "canfield", "variant": "canfield"}))
    with pytest.raises(SystemExit) as refused:
        exact.main(["--state", str(game)])
    assert refused.value.code == 2 and "--state" in capsys.readouterr().err
