# Everyday commands.  `make test` is what CI runs (see .ci/run).
PYTHON ?= python3

.PHONY: install test lint typecheck bench perft

install:
	$(PYTHON) -m pip install -e '.[dev]'

test: lint typecheck
	$(PYTHON) -m pytest

lint:
	$(PYTHON) -m ruff check engine tests bench

typecheck:
	$(PYTHON) -m mypy engine

bench:
	$(PYTHON) bench/engine_bench.py
