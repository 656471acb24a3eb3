"""Canfield's solver: the greedy rule, the hints over sampled orders, the exact search of
an open deal, the bots (docs/solver.md "Canfield")."""
