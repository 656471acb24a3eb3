"""What the solver knows of Cassino (docs/solver.md): the game's own search and evaluation.

The generic solver (:mod:`solver.cassino.core`, :mod:`solver.ranking`, :mod:`solver.cassino.bots`,
:mod:`solver.cassino.arena`) imports Cassino's part from here, never from the modules inside
(tests/test_layers.py checks it), as it imports the game itself from :mod:`engine.cassino`:

* :mod:`solver.cassino.bounds`: the views a hint searches (D16);
* :mod:`solver.cassino.worlds`: world ``i`` of a seed (its random source, the hidden cards
  the engine's sampler draws from it) and the values of the moves in it;
* :mod:`solver.cassino.search`: alpha-beta to the end of the batch (:class:`Search`), a
  horizon in plies in ``draw`` (:class:`DrawSearch`, W8), on a lean :class:`Position`;
* :mod:`solver.cassino.inference`: worlds that read the opponent's moves of this batch
  (a deterministic policy's, :class:`PolicyWorlds`; a soft model's, :class:`SoftWorlds`);
* :mod:`solver.cassino.modelled`: a world's search in which the opponent's replies mix its
  best with a one-ply policy blind to the viewer's hand (:class:`ModelSearch`, on by default);
* :mod:`solver.cassino.evaluation`: exact scoring at the round's end and the closed-form
  estimate at a batch end, with weights from the variant's scoring scheme (R26, V4), for
  two seats and per side for N (V6, V7);
* :mod:`solver.cassino.sweeps`: the exact probability that a move leaves the next player
  a sweep (R13, R23), for sweep warnings;
* :mod:`solver.cassino.seats`: an N-seat world's position, leaves and iterative deepening;
  :mod:`solver.cassino.sides` (alpha-beta over two camps: partnership, three-hand's paranoid
  search) and :mod:`solver.cassino.maxn` (three-hand's max-n) search it;
  :mod:`solver.cassino.exact` searches its last batch to the round's end natively.
"""

from solver.cassino.bounds import check_searchable, searchable
from solver.cassino.evaluation import (
    BatchEnd,
    SideBatchEnd,
    Weights,
    final_diff,
    majority_odds,
    round_total,
    side_majority_odds,
    side_points,
    side_round_total,
    weights,
)
from solver.cassino.exact import EXACT_NODES
from solver.cassino.inference import (
    Evidence,
    OpponentModel,
    Policy,
    PolicyWorlds,
    SoftWorlds,
    batch_evidence,
    move_value,
)
from solver.cassino.maxn import MaxnSearch
from solver.cassino.modelled import ModelSearch, card_worths, policy_score
from solver.cassino.search import DRAW_PLIES, DrawSearch, Position, Search
from solver.cassino.seats import WORLD_NODES, SeatsPosition, side_of
from solver.cassino.sides import SideSearch
from solver.cassino.sweeps import SweepRisk, sweep_risk, sweep_risks
from solver.cassino.worlds import (
    MAXN,
    PARANOID,
    SEARCHES,
    SEATS,
    THREE_HAND_SEARCH,
    SeatSettings,
    SeatWorlds,
    World,
    Worlds,
    WorldsOf,
    model_weight,
    rules_weight,
    seat_settings,
    world_rng,
    worlds_of,
)
from solver.value import margin

side_equity = margin
"""A side's points less the mean of the other sides' (the old name of
:func:`solver.value.margin`, every game's value of points by side)."""

__all__ = [
    "DRAW_PLIES",
    "EXACT_NODES",
    "MAXN",
    "PARANOID",
    "SEARCHES",
    "SEATS",
    "THREE_HAND_SEARCH",
    "WORLD_NODES",
    "BatchEnd",
    "DrawSearch",
    "Evidence",
    "MaxnSearch",
    "ModelSearch",
    "OpponentModel",
    "Policy",
    "PolicyWorlds",
    "Position",
    "Search",
    "SeatSettings",
    "SeatWorlds",
    "SeatsPosition",
    "SideBatchEnd",
    "SideSearch",
    "SoftWorlds",
    "SweepRisk",
    "Weights",
    "World",
    "Worlds",
    "WorldsOf",
    "batch_evidence",
    "card_worths",
    "check_searchable",
    "final_diff",
    "majority_odds",
    "model_weight",
    "move_value",
    "policy_score",
    "round_total",
    "rules_weight",
    "searchable",
    "seat_settings",
    "side_equity",
    "side_majority_odds",
    "side_of",
    "side_points",
    "side_round_total",
    "sweep_risk",
    "sweep_risks",
    "weights",
    "world_rng",
    "worlds_of",
]
