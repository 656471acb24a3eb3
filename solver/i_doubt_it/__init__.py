"""I Doubt It's solver (docs/solver.md "I Doubt It")."""
