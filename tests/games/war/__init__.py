"""War, the example game of docs/adding-a-game.md: one module per layer (engine, solver,
api), registered by the conformance suite only (tests/conformance/conftest.py)."""
