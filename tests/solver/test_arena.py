"""A short arena run (a smoke test, not a strength assertion)."""

from solver.cassino import arena
from solver.cassino.bots import make_bot


def test_arena_smoke(capsys) -> None:
    assert arena.main(["greedy", "random", "--pairs", "2", "--seed", "5"]) == 0
    out = capsys.readouterr()
    assert "points per mirrored pair of rounds" in out.out
    assert "win rate" in out.out
    assert "pairs" in out.err  # the progress bar


def test_every_bot_plays_a_round() -> None:
    summary = arena.run(("solver:samples=2,nodes=2000", "heuristic"), pairs=1, seed=3,
                        max_rounds=1, progress=False)
    assert summary.round_pairs == 1 and summary.games == 2
    summary = arena.run(("cheater", "random"), pairs=1, seed=4, max_rounds=1, progress=False)
    assert summary.round_pairs == 1
    pair = arena.play_pair(0, 9, ("greedy", "greedy"), max_rounds=1)
    assert pair.round_pairs() == [0]  # the same bot on both sides of a mirrored deal


def test_bot_names() -> None:
    for name in ("random", "greedy", "heuristic", "solver", "solver:nodes=0,samples=4",
                 "cheater"):
        assert make_bot(name).name
