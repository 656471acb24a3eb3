"""Operations (docs/api.md "Operations"): X-Request-Id on every answer, JSON log lines that
name it, /metrics, strict booleans, and the JSON 413/414/431 answers of the app itself."""

from __future__ import annotations

import json
import logging
import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask, abort, request
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families
from werkzeug.exceptions import RequestHeaderFieldsTooLarge, RequestURITooLarge

from api import create_app
from api.observe import LOGGERS, RATE_LIMITED
from engine import new_game
from tests.live_server import live_server
from tests.workers.conftest import RedisServer, Workers, free_port

NEW_ID = re.compile(r"[0-9a-f]{32}")


@pytest.fixture
def fresh() -> Iterator[Any]:
    """``create_app(config)`` for one test; the log levels (process-wide) put back after."""
    levels = {name: logging.getLogger(name).level for name in LOGGERS}
    yield create_app
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def json_lines(err: str) -> list[dict[str, Any]]:
    """Every line of captured stderr must be one JSON object."""
    return [json.loads(line) for line in err.splitlines() if line.strip()]


def ask(seed: int, **options: Any) -> dict[str, Any]:
    state = new_game(seed, dealer=0)
    return {"state": state.to_dict(), "player": state.to_move, "samples": 2, "seed": seed,
            **options}


# --- X-Request-Id -------------------------------------------------------------------------


@pytest.mark.parametrize("given", ["abc-123", "A.b_c-9", "x" * 128, "0"])
def test_a_sane_request_id_is_echoed(client: FlaskClient, given: str) -> None:
    response = client.get("/health", headers={"X-Request-Id": given})
    assert response.headers["X-Request-Id"] == given


@pytest.mark.parametrize("given", ["", "x" * 129, "two words", "a,b", "<script>", "ids/1",
                                   "café", "a\tb"])
def test_any_other_request_id_is_replaced(client: FlaskClient, given: str) -> None:
    response = client.get("/health", headers={"X-Request-Id": given})
    assert NEW_ID.fullmatch(response.headers["X-Request-Id"])


def test_every_answer_has_its_own_request_id(client: FlaskClient) -> None:
    answers = [
        client.get("/health"),
        client.get("/nowhere"),  # 404
        client.get("/v1/jobs/hnope"),  # 404 of a view
        client.get("/v1/apply"),  # 405
        client.post("/v1/apply", json={}),  # 422
        client.post("/v1/apply", data="x", content_type="text/plain"),  # 415
        client.post("/v1/games", data="{", content_type="application/json"),  # 400
        client.get("/sdk/cassino.js"),  # static file
        client.get("/play/"),
        client.get("/rules/standard"),
        client.get("/docs/assets/swagger-ui-bundle.js"),
        client.get("/"),  # redirect
        client.options("/v1/games", headers={"Origin": "https://a.example",
                                             "Access-Control-Request-Method": "POST"}),
        client.get("/metrics"),
    ]
    statuses = [a.status_code for a in answers]
    assert statuses == [200, 404, 404, 405, 422, 415, 400, 200, 200, 200, 200, 302, 200, 200]
    ids = [a.headers.get("X-Request-Id", "") for a in answers]
    assert all(NEW_ID.fullmatch(i) for i in ids), ids
    assert len(set(ids)) == len(ids)


def test_pages_of_other_origins_may_read_the_request_id(client: FlaskClient) -> None:
    response = client.get("/health", headers={"Origin": "https://a.example"})
    exposed = response.headers["Access-Control-Expose-Headers"].replace(" ", "").split(",")
    assert "X-Request-Id" in exposed


# --- JSON logs ----------------------------------------------------------------------------


def test_the_access_log_is_one_json_line_per_request(client: FlaskClient,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    response = client.post("/v1/games", json={"seed": 5, "dealer": 1},
                           headers={"X-Request-Id": "trace-42"},
                           environ_base={"REMOTE_ADDR": "192.0.2.7"})
    missing = client.get("/no/such/page?secret=1")
    lines = json_lines(capsys.readouterr().err)
    access = [line for line in lines if line["logger"] == "api.access"]
    assert len(access) == 2
    first, second = access
    assert first["request_id"] == "trace-42" == response.headers["X-Request-Id"]
    assert (first["method"], first["path"], first["status"]) == ("POST", "/v1/games", 200)
    assert first["remote_addr"] == "192.0.2.7"
    assert first["bytes"] == len(response.data)
    assert isinstance(first["duration_ms"], float) and 0 <= first["duration_ms"] < 10_000
    assert first["level"] == "INFO" and first["time"].endswith("Z")
    assert (second["status"], second["path"]) == (404, "/no/such/page")  # no query string
    assert second["request_id"] == missing.headers["X-Request-Id"]


def test_an_error_line_names_the_request_and_the_exception_never_the_body(
        fresh: Any, capsys: pytest.CaptureFixture[str]) -> None:
    app: Flask = fresh()

    @app.post("/test-boom")
    def boom() -> Any:
        app.logger.warning("about to fail")
        raise RuntimeError(request.get_data(as_text=True))  # a bug that quotes the body

    capsys.readouterr()
    response = app.test_client().post("/test-boom", data='{"secret": "hunter2"}',
                                      content_type="application/json",
                                      headers={"X-Request-Id": "req-500"})
    assert response.status_code == 500 and response.json["code"] == 500
    err = capsys.readouterr().err
    assert "hunter2" not in err
    lines = json_lines(err)
    warning = next(line for line in lines if line["message"] == "about to fail")
    error = next(line for line in lines if line["level"] == "ERROR")
    assert warning["request_id"] == error["request_id"] == "req-500"
    assert error["exception"] == "RuntimeError" and "boom" in error["traceback"]
    assert error["message"] == "unexpected error"
    access = next(line for line in lines if line["logger"] == "api.access")
    assert (access["status"], access["request_id"]) == (500, "req-500")


def test_log_level_and_access_log_settings(fresh: Any,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    quiet = fresh({"ACCESS_LOG_JSON": False}).test_client()
    capsys.readouterr()
    quiet.get("/health")
    assert capsys.readouterr().err == ""
    warnings_only = fresh({"LOG_LEVEL": "warning"}).test_client()
    warnings_only.get("/health")
    assert capsys.readouterr().err == ""
    fresh({"LOG_LEVEL": "DEBUG"}).test_client().get("/health")
    assert [line["status"] for line in json_lines(capsys.readouterr().err)] == [200]
    with pytest.raises(ValueError, match="LOG_LEVEL"):
        fresh({"LOG_LEVEL": "LOUD"})


# --- /metrics -----------------------------------------------------------------------------


def scrape(client: FlaskClient) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(response.get_data(as_text=True))
            for s in family.samples}


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def test_metrics_count_requests_by_route_not_path(client: FlaskClient) -> None:
    before = scrape(client)
    for job in ("habc", "hdef", "hxyz"):
        assert client.get(f"/v1/jobs/{job}").status_code == 404
    client.get("/health")
    client.get("/no/such/page")
    client.open("/health", method="BREW")  # a method of the client's own: 405
    after = scrape(client)

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    jobs = "/v1/jobs/<string:job_id>"
    assert delta("cassino_http_requests_total", method="GET", endpoint=jobs, status="404") == 3
    assert delta("cassino_http_requests_total", method="GET", endpoint="/health",
                 status="200") == 1
    assert delta("cassino_http_requests_total", method="GET", endpoint="unmatched",
                 status="404") == 1
    assert delta("cassino_http_requests_total", method="other", endpoint="unmatched",
                 status="405") == 1
    assert delta("cassino_http_request_duration_seconds_count", endpoint=jobs,
                 status="404") == 3
    assert not any("habc" in str(key) or "BREW" in str(key) for key in after)
    assert ("cassino_rate_limited_total", frozenset()) in after
    assert not any(name.startswith("cassino_queue") for name, _ in after)  # embedded


def test_metrics_of_hints_and_the_cache(client: FlaskClient) -> None:
    before = scrape(client)
    body = ask(7301)
    assert client.post("/v1/hints", json=body).json["solver"]["cached"] is False
    assert client.post("/v1/hints", json=body).json["solver"]["cached"] is True
    assert client.post("/v1/evaluate", json=body).status_code == 200
    assert client.post("/v1/hints", json=ask(7302, **{"async": True})).status_code == 202
    RATE_LIMITED.inc()
    after = scrape(client)

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert delta("cassino_hint_duration_seconds_count", kind="hints", status="200") == 2
    assert delta("cassino_hint_duration_seconds_count", kind="evaluate", status="200") == 1
    assert delta("cassino_hint_duration_seconds_count", kind="hints", status="202") == 1
    assert delta("cassino_hint_duration_seconds_bucket", kind="hints", status="200",
                 le="+Inf") == 2
    assert delta("cassino_hint_cache_hits_total") == 2  # the second hints, the evaluate
    assert delta("cassino_hint_cache_misses_total") == 2
    assert delta("cassino_rate_limited_total") == 1


@pytest.fixture
def redis_url() -> Iterator[str]:
    server = RedisServer(free_port())
    server.start()
    yield server.url
    server.stop()


def test_queue_gauges_with_redis(redis_url: str) -> None:
    client = create_app({"REDIS_URL": redis_url, "ACCESS_LOG_JSON": False}).test_client()
    samples = scrape(client)
    assert value(samples, "cassino_queue_depth") == 0
    assert value(samples, "cassino_queue_workers") == 0
    assert ("cassino_queue_depth", frozenset()) in samples
    for seed in (1, 2):
        assert client.post("/v1/hints", json=ask(seed, **{"async": True})).status_code == 202
    samples = scrape(client)
    assert value(samples, "cassino_queue_depth") == 2
    assert value(samples, "cassino_queue_workers") == 0
    pool = Workers(redis_url)
    try:
        pool.start(1)
        deadline = time.monotonic() + 60
        while True:
            samples = scrape(client)
            if value(samples, "cassino_queue_depth") == 0:
                break
            assert time.monotonic() < deadline, "the worker never took the jobs"
            time.sleep(0.2)
        assert value(samples, "cassino_queue_workers") == 1
    finally:
        pool.stop()
    redis.Redis.from_url(redis_url).shutdown(nosave=True)  # unreachable: gauges left out
    samples = scrape(client)
    assert not any(name.startswith("cassino_queue") for name, _ in samples)
    assert ("cassino_http_requests_total", frozenset(
        {("method", "GET"), ("endpoint", "/metrics"), ("status", "200")})) in samples


# --- strict booleans ----------------------------------------------------------------------


@pytest.mark.parametrize("given", ["yes", "true", "false", 1, 0, "", [], {}, None])
def test_async_must_be_a_json_boolean(client: FlaskClient, given: Any) -> None:
    response = client.post("/v1/hints", json=ask(1, **{"async": given}))
    assert response.status_code == 422
    assert response.json["field"] == "async"
    assert response.json["message"].startswith("async: ")


def test_async_true_and_false_still_work(client: FlaskClient) -> None:
    assert client.post("/v1/hints", json=ask(7303, **{"async": True})).status_code == 202
    assert client.post("/v1/hints", json=ask(7304, **{"async": False})).status_code == 200


def test_booleans_inside_moves_are_strict_too(client: FlaskClient) -> None:
    state = new_game(3, dealer=0)
    move = {**state.legal_moves()[0].to_dict(), "sweep": "no"}
    response = client.post("/v1/apply", json={"state": state.to_dict(), "move": move})
    assert response.status_code == 422 and response.json["field"] == "move.sweep"
    move["sweep"] = False
    assert client.post("/v1/apply", json={"state": state.to_dict(), "move": move}
                       ).status_code == 200


# --- 413, 414, 431 from the app (werkzeug) ------------------------------------------------


def test_414_and_431_raised_in_the_app_are_json(fresh: Any) -> None:
    app: Flask = fresh({"ACCESS_LOG_JSON": False})

    @app.get("/test-limits/<int:code>")
    def limits(code: int) -> Any:
        raise {414: RequestURITooLarge, 431: RequestHeaderFieldsTooLarge}[code]()

    @app.get("/test-abort/<int:code>")
    def aborted(code: int) -> Any:
        abort(code)

    client = app.test_client()
    for path in ("/test-limits", "/test-abort"):
        for code, status in ((414, "Request URI Too Long"),
                             (431, "Request Header Fields Too Large")):
            response = client.get(f"{path}/{code}")
            assert response.status_code == code
            assert response.mimetype == "application/json"
            assert response.json["code"] == code and response.json["status"] == status
            assert response.json["message"]
            assert NEW_ID.fullmatch(response.headers["X-Request-Id"])


def chunked(body: bytes, size: int = 8192) -> bytes:
    out = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size])
                   for i in range(0, len(body), size))
    return out + b"0\r\n\r\n"


def raw_request(port: int, data: bytes, *, half_close: bool = False
                ) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` on a new connection; the answer's status, headers and body.
    ``half_close``: then say that nothing more comes (werkzeug's server drains the body
    until it is told so)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in header_lines:
        name, _, value_ = line.partition(":")
        headers[name.strip().lower()] = value_.strip()
    return int(status_line.split()[1]), headers, body


def post_chunked(port: int, path: str, body: bytes, *, half_close: bool = False
                 ) -> tuple[int, dict[str, str], bytes]:
    return raw_request(port, b"POST " + path.encode() + b" HTTP/1.1\r\nHost: x\r\n"
                       b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                       b"Connection: close\r\n\r\n" + chunked(body), half_close=half_close)


def test_a_chunked_body_over_the_limit_is_a_413_under_werkzeug() -> None:
    padded = b'{"seed": 1, "dealer": 0}' + b" " * (300 * 1024)  # valid JSON, 300 KiB
    small = b'{"seed": 2, "dealer": 0}' + b" " * (100 * 1024)
    with live_server({"ACCESS_LOG_JSON": False}) as url:
        port = int(url.rsplit(":", 1)[1])
        status, headers, body = post_chunked(port, "/v1/games", padded, half_close=True)
        assert status == 413, body[:200]
        assert headers["content-type"] == "application/json"
        assert json.loads(body)["code"] == 413
        assert NEW_ID.fullmatch(headers["x-request-id"])
        status, _, body = post_chunked(port, "/v1/games", small, half_close=True)  # all read
        assert status == 200 and json.loads(body)["state"]["seed"] == 2
