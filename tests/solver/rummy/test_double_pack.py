"""The Double-Pack Rum solver (docs/rules/rummy.md DP1-DP12): worlds drawn uniformly from a
seat's view (RM27, DP12), the greedy rule's moves legal, playouts settled by the engine
(DP9), hints through the same entry points as the poker games, with 2 to 6 seats."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.rummy import (
    DISCARD,
    DRAW,
    MELD,
    PLAYING,
    TAKE,
    Move,
    Played,
    State,
    advance,
    get_rules,
    new_game,
    pack,
    parse_card,
    parse_move,
)
from solver.rummy import GreedyBot, Options, Worlds, evaluate, hint, make_bot
from solver.rummy.arena import main, play_hand, play_pair
from solver.rummy.double_pack_playout import _next_draw, estimate, play_out, seat_queues
from solver.rummy.double_pack_policy import (
    greedy_choice,
    greedy_move,
    lay_out_moves,
    left_after_lay_outs,
    splash_move,
)
from solver.rummy.double_pack_worlds import twin_key, values
from tests.engine.rummy.positions import laid, position

DP = "double-pack-rum"
QUICK = Options(samples=6, min_samples=6, nodes=None)


def same(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer without its timing."""
    out = dict(answer)
    out["solver"] = {k: v for k, v in answer["solver"].items() if k != "elapsed_ms"}
    return out


def greedy_positions(seed: int, count: int, players: int = 2) -> list[State]:
    """``count`` states of hands still being played, each after a random number of the
    greedy rule's moves from the deal of a seed derived from ``seed``."""
    rng = random.Random(f"dp-positions/{seed}/{players}")
    out: list[State] = []
    game = 0
    while len(out) < count:
        state = new_game(seed * 1000 + game, DP, players)
        game += 1
        for _ in range(rng.randrange(0, 30)):
            if state.game_over:
                break
            state, _ = advance(state, GreedyBot().choose(state.view(state.to_move)))
        if not state.game_over:
            out.append(state)
    return out


def tiny() -> State:
    """Seat 0 holds one card and is to draw; seat 1 holds 7H, taken from the pile (so known
    to all, RM27), and one card unseen by seat 0; the stock holds three cards; every
    other card is on the pile.  Seat 0 sees every card but four: 7H', 7S, 8D, JK2."""
    rules = get_rules(DP)
    hands = [1 << parse_card("2C"), 1 << parse_card("7H") | 1 << parse_card("7H'")]
    stock = (parse_card("7S"), parse_card("8D"), parse_card("JK2"))
    used = set(stock) | {c for h in hands for c in range(106) if h >> c & 1}
    history = (Played(1, TAKE, parse_card("7H")), Played(1, DISCARD, parse_card("9C")))
    pile = tuple(c for c in pack(2, 2) if c not in used and c != parse_card("9C"))
    pile = (*pile, parse_card("9C"))
    state = State(rules, 0, 2, 1, tuple(hands), stock, pile, (), 0, DRAW, history,
                  False, PLAYING, None, (0, 0))
    state.validate()
    return state


# --- worlds ------------------------------------------------------------------------------


def test_worlds_are_uniform_over_the_hidden_deals() -> None:
    """Seat 1's unseen card and the stock's order: 4 x 3! = 24 deals, each as likely
    (chi-square with 23 degrees of freedom under 49.7, p = 0.001); the known 7H always in
    seat 1's hand; both copies of the seven of hearts told apart (DP1)."""
    state = tiny()
    view = state.view(0)
    worlds = Worlds(view)
    counts: Counter[tuple[int, tuple[int, ...]]] = Counter()
    draws = 4_800
    for index in range(draws):
        world = worlds.draw(0, index)
        assert world.view(0) == view
        assert world.hands[1] >> parse_card("7H") & 1  # known to all (RM27)
        counts[world.hands[1] & ~(1 << parse_card("7H")), world.stock] += 1
    assert len(counts) == 24
    expected = draws / 24
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 49.7
    unseen = {parse_card(c) for c in ("7H'", "7S", "8D", "JK2")}
    assert {c for (mask, _) in counts for c in unseen if mask >> c & 1} == unseen


@pytest.mark.parametrize("players", [2, 3, 6])
def test_worlds_agree_with_the_view_and_never_use_a_hidden_card(players: int) -> None:
    for state in greedy_positions(3, 3, players):
        seat = (state.to_move + 1) % players  # a seat not to move sees as much as any
        view = state.view(seat)
        for index in range(5):
            world = Worlds(view).draw(7, index)
            world.validate()
            assert world.view(seat) == view
        other = view.resample(random.Random(11))
        assert other.view(seat) == view
        if other.hands != state.hands or other.stock != state.stock:
            assert same(evaluate(other.view(seat), options=QUICK)) == same(
                evaluate(view, options=QUICK))


def test_a_hint_depends_on_the_view_alone_and_on_its_seed() -> None:
    """Two whole states with one view (different hidden hands and stock) give one hint;
    the same view and seed give the same hint (RM27)."""
    state = greedy_positions(5, 1)[0]
    seat = state.to_move
    view = state.view(seat)
    other = view.resample(random.Random(3))
    assert other.view(seat) == view
    assert other.hands != state.hands or other.stock != state.stock
    first = hint(view, seed=4, options=QUICK)
    assert same(hint(other.view(seat), seed=4, options=QUICK)) == same(first)
    assert same(hint(view, seed=4, options=QUICK)) == same(first)


# --- the greedy rule ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_greedy_rule_plays_only_legal_moves_to_the_end(players: int) -> None:
    for seed in range(6):
        state = new_game(seed, DP, players)
        while not state.game_over:
            move = greedy_choice(state.phase, state.hands[state.to_move], state.table,
                                 state.pile, state.taken)
            state, _ = state.apply(move)  # the engine checks every move
            if state.phase == DISCARD:
                legal = state.legal_moves()
                assert set(lay_out_moves(state.hands[state.to_move], state.table)) <= set(legal)
        assert state.status == "out"
        assert sum(state.returns()) == 0


def test_the_greedy_rule_takes_what_it_lays_then_discards_a_loose_high_card() -> None:
    table = (laid(1, "6C+7C+8C@6"),)
    hands = ["2D 5S KH QS JK1 4D 10H 3S 2H", "2S 3D 5H 9S JD"]
    state = position(DP, hands, pile="KD 9C'", stock="QH", table=table)
    bot = GreedyBot()
    assert bot.choose(state.view(0)) == Move(TAKE)  # the 9 goes onto the clubs (DP5)
    state, _ = state.apply("take")
    laid_out = []
    while (move := bot.choose(state.view(0))).type != DISCARD:
        laid_out.append(move.id)
        state, _ = state.apply(move)
    assert sorted(laid_out) == ["0:9C'@9", "3S+JK1+5S@3"]  # 5 and 3 outweigh the 2s
    assert move == Move(DISCARD, parse_card("KH"))  # loose and high; of equals the highest
    useless = position(DP, hands, pile="KD 9D", stock="QH", table=table)
    assert bot.choose(useless.view(0)) == Move(DRAW)


def test_the_greedy_rule_lays_a_pair_with_its_joker() -> None:
    state = position(DP, ["5H 5D JK1 2C 9S KD 3H 8C 10D QS AS", "2S 3D 5S 9H JD"],
                     pile="4C", phase=DISCARD, history=(Played(0, DRAW),))
    move = GreedyBot().choose(state.view(0))
    assert move.type == MELD and parse_card("JK1") in move.cards
    assert move in state.legal_moves()


# --- playouts and values ------------------------------------------------------------------


def test_a_playout_to_the_end_is_the_engines_result() -> None:
    for state in greedy_positions(8, 4):
        result, turns = play_out(state)
        end = state
        while not end.game_over:
            end, _ = end.apply(GreedyBot().choose(end.view(end.to_move)))
        assert result == tuple(float(p) for p in end.returns())
        assert turns >= 1
        assert sum(result) == 0  # DP9: what the losers pay the winner


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_estimate_adds_up_to_the_points_already_won(players: int) -> None:
    state = greedy_positions(9, 1, players)[0]
    values_now = estimate(state.hands, state.scores, state.to_move)
    assert len(values_now) == players
    assert sum(values_now) == pytest.approx(sum(state.scores))
    mover, other = state.to_move, (state.to_move + 1) % players
    assert values_now[mover] > estimate(state.hands, state.scores, other)[mover]  # tempo
    fewer = list(state.hands)
    fewer[mover] &= fewer[mover] - 1  # a card less in the mover's hand is worth more
    assert estimate(fewer, state.scores, mover)[mover] > values_now[mover]


def test_the_splash_rule_holds_back_a_hand_two_cards_from_going_out() -> None:
    """Nothing laid out yet and two cards left after the lay-outs: the rule lays nothing
    and discards, to go out later at once and be paid double (DP9); the greedy rule lays
    out."""
    state = position(DP, ["9S 9C 9C' 4H 5H 6H KS 2D", "2S 3D 5S 9H JD"],
                     pile="4C", phase=DISCARD, history=(Played(0, DRAW),))
    view = state.view(0)
    assert left_after_lay_outs(view.hand, view.table) == 2
    assert greedy_move(view).type == MELD
    assert splash_move(view) == Move(DISCARD, parse_card("KS"))
    assert splash_move(view) in view.legal_moves()


def test_the_splash_rule_lays_out_when_far_from_going_out_or_already_laid() -> None:
    """Four cards left after the lay-outs, or a meld laid in an earlier turn (no splash
    left to win): the greedy rule's move."""
    far = position(DP, ["9S 9C 9C' 4H 5H 6H KS 2D QC 7D", "2S 3D 5S 9H JD"],
                   pile="4C", phase=DISCARD, history=(Played(0, DRAW),))
    assert left_after_lay_outs(far.hands[0], far.table) == 4
    assert splash_move(far.view(0)) == greedy_move(far.view(0))
    meld = (parse_card("8D"), parse_card("8S"), parse_card("8H"))
    history = (Played(0, DRAW), Played(0, MELD, cards=meld), Played(0, DISCARD, parse_card("3C")),
               Played(1, DRAW), Played(1, DISCARD, parse_card("4C")), Played(0, DRAW))
    laid_before = position(DP, ["9S 9C 9C' 4H 5H 6H KS 2D", "2S 3D 5S 9H JD"],
                           pile="3C 4C", phase=DISCARD, history=history,
                           table=(laid(0, "8D+8S+8H"),))
    assert splash_move(laid_before.view(0)) == greedy_move(laid_before.view(0))


def test_the_solver_ranks_the_splash_hold_first_unless_beaten() -> None:
    """The ranking's prior in Double-Pack Rum is the splash rule's move (DP9)."""
    state = position(DP, ["9S 9C 9C' 4H 5H 6H KS 2D", "2S 3D 5S 9H JD"],
                     pile="4C", phase=DISCARD, history=(Played(0, DRAW),))
    answer = hint(state.view(0), seed=0, options=Options(samples=3, min_samples=3, nodes=None,
                                                         prior_z=1e9))
    assert answer["moves"][0]["move"]["id"] == "KS"


@pytest.mark.parametrize("players", [2, 3])
def test_the_stock_is_dealt_out_to_the_seats_in_turn(players: int) -> None:
    """Each card of the stock goes to one seat's queue, the next seat to draw first."""
    for state in greedy_positions(21, 4, players):
        queues = seat_queues(state)
        first = state.to_move if state.phase == DRAW else (state.to_move + 1) % players
        assert queues[first][:1] == state.stock[:1]
        assert sorted(c for q in queues for c in q) == sorted(state.stock)
        assert all(len(queues[(first + i) % players]) == len(state.stock[i::players])
                   for i in range(players))


def test_a_take_does_not_shift_the_others_draws() -> None:
    """With the seats' queues, the next seat draws the same card whether the viewer drew
    or took (common random numbers across root moves, RM7); the viewer's own card waits
    for his next draw."""
    state = next(s for s in greedy_positions(23, 40) if s.phase == DRAW and s.pile)
    queues = seat_queues(state)
    mover, other = state.to_move, 1 - state.to_move
    firsts = []
    for root in (Move(DRAW), Move(TAKE)):
        after, _ = advance(state, root)
        discard = greedy_choice(after.phase, after.hands[mover], after.table, after.pile,
                                after.taken)
        while discard.type != DISCARD:
            after, _ = advance(after, discard)
            discard = greedy_choice(after.phase, after.hands[mover], after.table,
                                    after.pile, after.taken)
        after, _ = advance(after, discard)
        if after.game_over:
            continue
        ready, _ = _next_draw(after, queues[other], 0)
        firsts.append(ready.stock[0])
        drawn, _ = advance(ready, Move(DRAW))
        assert drawn.hands[other] == after.hands[other] | 1 << queues[other][0]
    assert firsts == [queues[other][0]] * len(firsts)
    taken, _ = advance(state, Move(TAKE))
    assert queues[mover][0] in taken.stock  # kept for the viewer's next draw


def test_the_queues_keep_the_playout_exact() -> None:
    """Played out with the queues, a hand still ends by the engine's rules: the points add
    up to zero, and the same world and queues give the same playout (no other chance)."""
    for state in greedy_positions(25, 6):
        queues = seat_queues(state)
        result, turns = play_out(state, None, queues)
        assert sum(result) == 0 and turns > 0
        assert play_out(state, None, queues) == (result, turns)


def test_a_turned_stock_is_drawn_as_it_lies_whoever_takes() -> None:
    """Once the pile is turned into the stock its order is public (DP11, DP12): the queues
    do not deal it out, every seat draws the next card as it lies."""
    for state in greedy_positions(27, 6):
        turned = state._replace(reshuffled=True, turned_at=len(state.history))
        assert play_out(turned, None, seat_queues(turned)) == play_out(turned, None)


def test_moves_with_twin_cards_share_their_value() -> None:
    """Discarding 7H or 7H' is the same move but for a name (DP1): valued once."""
    state = position(DP, ["7H 7H' 2C 9S KD 3H 8C 10D QS 4D AS", "2S 3D 5S 9H JD"],
                     pile="4C", phase=DISCARD, history=(Played(0, DRAW),))
    moves = state.legal_moves()
    a, b = Move(DISCARD, parse_card("7H")), Move(DISCARD, parse_card("7H'"))
    assert twin_key(a) == twin_key(b) != twin_key(Move(DISCARD, parse_card("KD")))
    world = Worlds(state.view(0)).draw(0, 0)
    row, nodes = values(world, moves, 0, 6)
    assert row[moves.index(a)] == row[moves.index(b)]
    assert nodes >= 1


# --- hints, bots, arena ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 6])
def test_hints_rank_every_legal_move_of_each_seat_count(players: int) -> None:
    for state in greedy_positions(12, 2, players):
        view = state.view(state.to_move)
        answer = hint(view, seed=1, options=QUICK)
        legal = {m.id for m in view.legal_moves()}
        listed = [m["move"]["id"] for m in answer["moves"]]
        assert sorted(listed) == sorted(legal)
        assert all(parse_move(i) in view.legal_moves() for i in listed)
        best = max(m["equity"] for m in answer["moves"])  # the best, whatever ranks first
        assert answer["evaluation"]["equity"] == best
        first = answer["moves"][0]
        assert first["equity"] == best or first["prior"] is True
        assert len(answer["evaluation"]["expected_points"]) == players
        waiting = (state.to_move + 1) % players
        alone = evaluate(state.view(waiting), seed=1, options=QUICK)
        assert "moves" not in alone and alone["solver"]["samples"] == 6


def test_the_solver_lays_out_the_winning_meld() -> None:
    """Two cards left after a set is laid: laying out the run 4-5-6 of hearts empties
    the hand but for one card, which goes out at once (DP9, DP10); greedy or not, the
    search sees the hand won."""
    state = position(DP, ["4H 5H 6H KS", "2S 3D 5S 9H JD QC KC 2D 3C"],
                     pile="4C", phase=DISCARD, history=(Played(0, DRAW),))
    answer = hint(state.view(0), seed=0, options=QUICK)
    assert answer["moves"][0]["move"]["id"] == "4H+5H+6H@4"
    assert answer["moves"][0]["equity"] > 0


@pytest.mark.parametrize("spec", ["random", "greedy", "solver:samples=3,nodes=0"])
def test_bots_finish_whole_hands(spec: str) -> None:
    record = play_hand(1, (make_bot(spec, 1), make_bot("greedy", 1)), DP)
    assert record.status == "out"
    assert sum(record.points) == 0


def test_three_bots_finish_a_three_seat_hand() -> None:
    bots = (make_bot("solver:samples=2,nodes=0", 2), make_bot("greedy"), make_bot("random", 2))
    record = play_hand(2, bots, DP)
    assert record.status == "out" and len(record.points) == 3 and sum(record.points) == 0


def test_a_mirrored_greedy_pair_is_even() -> None:
    pair = play_pair(4, ("greedy", "greedy"), 0, DP)
    assert pair.first.points == pair.second.points
    assert pair.margin() == 0


def test_the_arena_gives_the_same_summary_in_parallel(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Each pair depends on its index only: ``--jobs 2`` changes nothing but the speed;
    every hand is won by going out (DP9)."""
    args = ["greedy", "random", "--variant", DP, "--pairs", "2", "--quiet", "--json"]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "2"]) == 0
    parallel = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in parallel.items() if k != "think_ms"} == {
        k: v for k, v in alone.items() if k != "think_ms"}
    assert alone["outs"] == 4 and alone["margin"] > 0
