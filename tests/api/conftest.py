import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app

UNLIMITED = {"HINT_PER_CLIENT": 0, "HINT_BACKLOG": 0, "RATE_LIMIT": "", "HINT_RATE_LIMIT": ""}
"""Every test client is one address: the shared app counts neither its hints nor its
requests against it (tests/api/test_limits.py and test_rate_limits.py test the limits with
apps of their own)."""


@pytest.fixture(scope="session")
def app() -> Flask:
    return create_app(UNLIMITED)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
