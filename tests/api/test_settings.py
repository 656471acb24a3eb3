"""The deployment's settings are ``CARDGAMES_<NAME>``, the old ``CASSINO_<NAME>`` still read,
the new name winning when both are set (docs/api.md "Settings"), for every reader: the
API's configuration, gunicorn's config, the RQ workers' cache budget, the CLI's in-process
app; and the app's shared objects are under ``cardgames_<name>`` and the old keys."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet

from api import create_app
from client.api import InProcessTransport
from workers.cache import configured_bytes
from workers.settings import env_names, setting

ROOT = Path(__file__).resolve().parent.parent.parent
NAMES = ("BIND", "STORE", "LEDGER", "REDIS_URL", "SEAL_KEYS", "SEALED_TTL", "CACHE_BYTES")


@pytest.fixture(autouse=True)
def clean(monkeypatch: pytest.MonkeyPatch) -> None:
    """None of the settings tested comes from the environment the tests run in."""
    for key in ("REDIS_URL", *env_names(*NAMES)):
        monkeypatch.delenv(key, raising=False)


@pytest.mark.parametrize(("env", "expected"), [
    ({}, "default"),
    ({"CARDGAMES_BIND": "new"}, "new"),
    ({"CASSINO_BIND": "old"}, "old"),
    ({"CASSINO_BIND": "old", "CARDGAMES_BIND": "new"}, "new"),
    ({"CASSINO_BIND": "old", "CARDGAMES_BIND": ""}, ""),  # set, even empty: it wins
])
def test_the_new_name_the_old_one_and_the_new_wins(env: dict[str, str], expected: str) -> None:
    assert setting("BIND", "default", env) == expected


def test_the_api_configuration_reads_both_prefixes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_SEALED_TTL", "111")
    assert create_app().config["SEALED_TTL"] == 111
    monkeypatch.setenv("CARDGAMES_SEALED_TTL", "222")
    assert create_app().config["SEALED_TTL"] == 222
    monkeypatch.delenv("CASSINO_SEALED_TTL")
    assert create_app().config["SEALED_TTL"] == 222


def gunicorn_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                      **env: str) -> dict[str, Any]:
    """api/gunicorn_conf.py run as gunicorn runs it, with ``env`` (its metrics directory
    given, so that it makes none); the job store it makes is removed."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    found = runpy.run_path(str(ROOT / "api" / "gunicorn_conf.py"))
    found["on_exit"](None)
    return found


def test_gunicorn_reads_both_prefixes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    old = gunicorn_settings(monkeypatch, tmp_path, CASSINO_BIND="127.0.0.1:1",
                            CASSINO_THREADS="3", CASSINO_STORE=store)
    assert (old["bind"], old["threads"], old["_made_store"]) == ("127.0.0.1:1", 3, None)
    new = gunicorn_settings(monkeypatch, tmp_path, CARDGAMES_BIND="127.0.0.1:2")
    assert (new["bind"], new["threads"]) == ("127.0.0.1:2", 3)


def test_gunicorn_hands_its_store_on_under_the_new_name(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    """A store it makes (none is named: the new name is set empty) is the one the app
    reads."""
    found = gunicorn_settings(monkeypatch, tmp_path, CARDGAMES_STORE="", CASSINO_STORE="")
    assert found["_made_store"] and setting("STORE") == found["_made_store"]


def test_the_workers_cache_budget_reads_both_prefixes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASSINO_CACHE_BYTES", "1000")
    assert configured_bytes() == 1000
    monkeypatch.setenv("CARDGAMES_CACHE_BYTES", "2000")
    assert configured_bytes() == 2000


def test_the_cli_keeps_a_configured_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's in-process app makes a key of its own only when none is configured."""
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()

    def key() -> str:
        return str(InProcessTransport().client.application.config["SEAL_KEYS"])

    assert key() not in (old, new)
    monkeypatch.setenv("CASSINO_SEAL_KEYS", old)
    assert key() == old
    monkeypatch.setenv("CARDGAMES_SEAL_KEYS", new)
    assert key() == new


def test_the_old_extension_keys_name_the_same_objects() -> None:
    app = create_app({"RATE_LIMIT": "5 per second"})
    for name in ("api", "hints", "reviews", "sealer", "waits", "rate_limits"):
        assert app.extensions[f"cardgames_{name}"] is app.extensions[f"cassino_{name}"], name
