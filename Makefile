# Everyday commands.  `make test` is what CI runs (see .ci/run); it installs what it needs.
PYTHON ?= python3

.PHONY: install test lint typecheck bench

# pip install once per change of pyproject.toml (the stamp file records it).
.installed: pyproject.toml
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch .installed

install: .installed

test: .installed lint typecheck
	$(PYTHON) -m pytest

lint: .installed
	$(PYTHON) -m ruff check .

typecheck: .installed
	$(PYTHON) -m mypy $(wildcard engine solver)

bench: .installed
	$(PYTHON) bench/engine_bench.py
