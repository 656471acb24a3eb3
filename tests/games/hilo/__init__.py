"""Hi-Lo, a one-seat game kept in the tests (docs/solver.md "Values by result kind"): the
solitaire on which the values of a score and of a win are checked (tests/solver/
test_value.py registers it).  An engine and a solver module; no API module (it is not
served)."""
