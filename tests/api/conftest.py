import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app

UNLIMITED = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0}
"""Every test client is one address: the shared app does not count its hints against it
(tests/api/test_limits.py tests the limits with apps of their own)."""


@pytest.fixture(scope="session")
def app() -> Flask:
    return create_app(UNLIMITED)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
