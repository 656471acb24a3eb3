"""The conformance suite (docs/adding-a-game.md "The conformance suite"): every registered
game, and the tests' example game (tests/games/war), runs the same checks, with no test
written for any one of them.  The example game is registered for each test and forgotten
after it, so no other test sees it; the app is made before it is registered, as a game
registered while a service runs is served."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from tests.conformance.common import example_registered

CONFIG = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0, "RATE_LIMIT": "", "HINT_RATE_LIMIT": "",
          "SEALED_RATE_LIMIT": "", "HOUSE_MOVE_MS": 0}


@pytest.fixture(scope="session")
def app() -> Flask:
    return create_app(CONFIG)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(autouse=True)
def example_game(app: Flask) -> Iterator[None]:
    with example_registered():
        yield
