"""Jass's solver (docs/solver.md "Jass")."""
