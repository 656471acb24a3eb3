"""solver.rummy.worlds.played_hands: the others' hands drawn as hands that were played
(RM12, RM14, RM27): each world still has the viewer's view, is fixed by its seed and
index, and holds less deadwood than a uniform deal."""

from engine.rummy import DRAW, TAKE, State, advance, new_game, pip
from solver.rummy import Worlds, make_bot
from solver.rummy.policy import points
from solver.rummy.worlds import thrown_by, turns_played


def careful_positions(variant: str, count: int, moves: int) -> list[State]:
    """Positions ``moves`` moves into hands the careful rule plays for both seats."""
    out = []
    seed = 0
    while len(out) < count:
        state = new_game(seed, variant, players=2)
        seed += 1
        bots = [make_bot("careful", 0), make_bot("careful", 1)]
        for _ in range(moves):
            if state.game_over:
                break
            state, _ = advance(state, bots[state.to_move].choose(state.view(state.to_move)))
        if not state.game_over:
            out.append(state)
    return out


def test_a_played_world_keeps_the_view_and_its_seed() -> None:
    for state in careful_positions("poker-rum", 6, 9):
        view = state.view(state.to_move)
        worlds = Worlds(view, played=True)
        assert worlds.turns  # the other seat has played
        for index in range(8):
            world = worlds.draw(5, index)
            world.validate()
            assert world.view(view.player) == view  # RM27: nothing the viewer sees moves
            assert worlds.draw(5, index) == world
        assert worlds.draw(5, 0) != Worlds(view).draw(5, 0)


def test_played_hands_hold_less_deadwood_than_uniform_ones() -> None:
    uniform = played = truth = 0.0
    states = careful_positions("poker-rum", 10, 12)
    for state in states:
        view = state.view(state.to_move)
        other = 1 - view.player
        flat, lived = Worlds(view), Worlds(view, played=True)
        uniform += sum(points(flat.draw(1, i).hands[other]) for i in range(16)) / 16
        played += sum(points(lived.draw(1, i).hands[other]) for i in range(16)) / 16
        truth += points(state.hands[other])
    n = len(states)
    assert played / n < uniform / n - 10  # about 38 against 61
    assert abs(played - truth) < abs(uniform - truth)


def test_a_card_taken_from_the_pile_sits_in_a_meld() -> None:
    """The careful rule takes a card for a meld (RM7): a played world puts it in one
    (where the unseen cards allow), unlike a uniform one."""
    melded = {True: 0, False: 0}
    checked = 0
    for state in careful_positions("poker-gin", 40, 7):
        view = state.view(state.to_move)
        other = 1 - view.player
        taken = view.known[other]
        if not taken or not any(p.type == TAKE and p.seat == other for p in view.history):
            continue
        for played in (True, False):
            worlds = Worlds(view, played=played)
            for index in range(4):
                hand = worlds.draw(2, index).hands[other]
                assert hand & taken == taken
                for card in range(52):
                    if taken >> card & 1:  # in a meld: not loose (RM12)
                        loose = points(hand & ~(1 << card)) == points(hand) - pip(card)
                        melded[played] += not loose
                        checked += played
    assert checked
    assert melded[True] >= 0.7 * checked  # 75 of 96 (some were taken for a cut, not a meld)
    assert melded[False] <= 0.25 * checked  # 15 of 96


def test_turns_and_discards_are_read_from_the_record() -> None:
    state = careful_positions("poker-rum", 1, 8)[0]
    view = state.view(state.to_move)
    other = 1 - view.player
    discards = [p.card for p in view.history if p.seat == other and p.type != DRAW
                and p.type != TAKE]
    assert turns_played(view) == {other: len(discards)}
    assert thrown_by(view) == {other: sum(1 << c for c in discards if c is not None)}
