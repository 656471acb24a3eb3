"""The solver of every game: ranked hints and position values from one seat's view.

It imports only the standard library and :mod:`engine`.  What every game shares is here
(:mod:`solver.hints`, :mod:`solver.ranking`, the registry :mod:`solver.games`); each game's
own search is its folder (``solver/<game>/``).  The package's root keeps Cassino's entry
points (:mod:`solver.cassino.core`) under the names they had when it was the only game:

* :func:`hint` (docs/api.md "Hints") and :func:`evaluate` take a
  :class:`engine.cassino.View`, never a full state (R29);
* :class:`Options` sets the budget and the stopping rule;
* :func:`solve`, :func:`merge` and :func:`finish` split a big budget into ranges of
  worlds searched apart and merged into the same answer;
* :mod:`solver.cassino.bots` and :mod:`solver.cassino.arena` play bots against each other.

See docs/solver.md for the design and the measured figures.
"""

from solver.cassino.core import (
    ALGORITHM,
    DEFAULT,
    Options,
    claim_is_right,
    evaluate,
    finish,
    hint,
    hint_moves,
    solve,
)
from solver.ranking import Tally, merge

__all__ = ["ALGORITHM", "DEFAULT", "Options", "Tally", "claim_is_right", "evaluate", "finish",
           "hint", "hint_moves", "merge", "solve"]
