"""Jass's solver in the registry (solver.games): none yet."""
