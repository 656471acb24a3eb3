"""The API served as ``make run`` serves it (real gunicorn, api/gunicorn_conf.py, several
processes): what gunicorn itself refuses (414, 431, 400) is JSON like the app's errors, a
chunked body over 256 KiB is a 413, and /metrics counts the requests of every process."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.api.test_observe import post_chunked, raw_request
from tests.workers.conftest import free_port
from workers.settings import env_names

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
NEW_ID = re.compile(r"[0-9a-f]{32}")


class Gunicorn:
    def __init__(self, port: int, process: subprocess.Popen[bytes], tmp: Path) -> None:
        self.port = port
        self.process = process
        self.tmp = tmp  # gunicorn's TMPDIR: the store and metrics directories it makes
        self.log = tmp / "stderr"

    def get(self, path: str, headers: str = "") -> tuple[int, dict[str, str], bytes]:
        return raw_request(self.port, f"GET {path} HTTP/1.1\r\nHost: x\r\n{headers}"
                                      "Connection: close\r\n\r\n".encode("latin-1"))

    def workers(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                             text=True, check=False).stdout
        return [int(pid) for pid in out.split()]

    def metrics_dir(self) -> Path:
        found = list(self.tmp.glob("cassino-metrics-*"))
        assert len(found) == 1, found
        return found[0]

    def log_lines(self) -> list[dict[str, object]]:
        """The JSON lines of gunicorn's stderr (its own plain lines left out)."""
        return [json.loads(line) for line in self.log.read_text().splitlines()
                if line.startswith("{")]

    def requests_total(self, **labels: str) -> float:
        status, _, body = self.get("/metrics")
        assert status == 200
        return sum(sample.value
                   for family in text_string_to_metric_families(body.decode())
                   for sample in family.samples
                   if sample.name == "cassino_http_requests_total"
                   and labels.items() <= sample.labels.items())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


def start_gunicorn(tmp: Path, processes: int = PROCESSES, **settings: str) -> Gunicorn:
    """``make run``'s gunicorn on a free port with ``processes`` processes; ``settings``
    are more environment variables (``CARDGAMES_READ_TIMEOUT="2"``)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("REDIS_URL", "PROMETHEUS_MULTIPROC_DIR",
                        *env_names("REDIS_URL", "STORE", "WORKER_CLASS"))}
    env.update(CARDGAMES_BIND=f"127.0.0.1:{port}", CARDGAMES_WORKERS=str(processes),
               TMPDIR=str(tmp), **settings)
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "api/gunicorn_conf.py", "api:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=(tmp / "stderr").open("wb"))
    server = Gunicorn(port, process, tmp)
    deadline = time.monotonic() + 30
    while True:
        try:
            if server.get("/health")[0] == 200 and len(server.workers()) == processes:
                return server
        except OSError:
            pass
        assert process.poll() is None, server.log.read_text()
        assert time.monotonic() < deadline, "gunicorn did not start"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    started = start_gunicorn(tmp_path_factory.mktemp("gunicorn"))
    try:
        yield started
    finally:
        started.stop()


def assert_json_error(status: int, headers: dict[str, str], body: bytes, code: int) -> None:
    assert status == code, body[:300]
    assert headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(body)
    error = json.loads(body)
    assert set(error) == {"code", "status", "message"}
    assert error["code"] == code and error["status"] and error["message"]
    assert NEW_ID.fullmatch(headers["x-request-id"])


def test_a_url_over_the_request_line_limit_is_a_json_414(server: Gunicorn) -> None:
    before = server.requests_total(endpoint="unmatched", status="414")
    status, headers, body = server.get("/v1/" + "a" * 10_000)
    assert_json_error(status, headers, body, 414)
    assert json.loads(body)["status"] == "URI Too Long"
    assert "4094" in json.loads(body)["message"]
    assert server.requests_total(endpoint="unmatched", status="414") == before + 1
    line = next(line for line in server.log_lines()
                if line.get("request_id") == headers["x-request-id"])
    assert line["logger"] == "api.access" and line["status"] == 414


def test_a_header_over_the_field_size_limit_is_a_json_431(server: Gunicorn) -> None:
    status, headers, body = server.get("/health", f"X-Big: {'b' * 20_000}\r\n")
    assert_json_error(status, headers, body, 431)
    assert json.loads(body)["status"] == "Request Header Fields Too Large"
    too_many = "".join(f"X-H{i}: 1\r\n" for i in range(150))
    assert_json_error(*server.get("/health", too_many), 431)


def test_a_malformed_request_line_is_a_json_400(server: Gunicorn) -> None:
    assert_json_error(*raw_request(server.port, b"NOT HTTP AT ALL\r\n\r\n"), 400)


def test_a_chunked_body_over_256_kib_is_a_json_413(server: Gunicorn) -> None:
    padded = b'{"seed": 1, "dealer": 0}' + b" " * (300 * 1024)  # valid JSON, 300 KiB
    status, headers, body = post_chunked(server.port, "/v1/games", padded)
    assert status == 413, body[:300]
    assert headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == 413
    assert NEW_ID.fullmatch(headers["x-request-id"])
    within = b'{"seed": 2, "dealer": 0}' + b" " * (200 * 1024)
    status, _, body = post_chunked(server.port, "/v1/games", within)
    assert status == 200 and json.loads(body)["state"]["seed"] == 2


def test_requests_carry_their_id_into_the_json_access_log(server: Gunicorn) -> None:
    status, headers, _ = server.get("/v1/variants", "X-Request-Id: gunicorn-trace-1\r\n")
    assert status == 200 and headers["x-request-id"] == "gunicorn-trace-1"
    deadline = time.monotonic() + 5
    while not (found := [line for line in server.log_lines()
                         if line.get("request_id") == "gunicorn-trace-1"]):
        assert time.monotonic() < deadline, "no access-log line"
        time.sleep(0.05)
    (line,) = found
    assert (line["method"], line["path"], line["status"]) == ("GET", "/v1/variants", 200)
    assert line["bytes"] == int(headers["content-length"])


def test_metrics_count_the_requests_of_every_process(server: Gunicorn) -> None:
    before = server.requests_total(endpoint="/health", status="200")
    count = 90
    with ThreadPoolExecutor(max_workers=12) as pool:  # new connections, no keep-alive
        statuses = list(pool.map(lambda _: server.get("/health")[0], range(count)))
    assert statuses == [200] * count
    # Whichever process answers the scrape, it counts the requests of all of them.
    totals = {server.requests_total(endpoint="/health", status="200") for _ in range(10)}
    assert totals == {before + count}
    served = {int(m.group(1)) for f in server.metrics_dir().glob("*.db")
              if (m := re.fullmatch(r"(?:counter|histogram)_(\d+)\.db", f.name))}
    assert len(served - {server.process.pid}) >= 2, served  # by more than one process


def test_the_counts_of_a_killed_process_remain_and_the_directory_goes(
        tmp_path: Path) -> None:
    server = start_gunicorn(tmp_path)
    try:
        for _ in range(20):
            assert server.get("/health")[0] == 200
        total = server.requests_total(endpoint="/health", status="200")
        for pid in server.workers():
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while True:  # gunicorn replaces them (child_exit marks them dead)
            try:
                after = server.requests_total(endpoint="/health", status="200")
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert after == total  # what the dead processes counted is still there
        directory = server.metrics_dir()
    finally:
        server.stop()
    assert server.process.returncode == 0
    assert not directory.exists()  # on_exit removed what the master made
    assert "Traceback" not in server.log.read_text()


def _kept(connection: http.client.HTTPConnection, path: str = "/health") -> tuple[
        object, str | None]:
    """One GET on ``connection``: the socket it went out on, and the answer's
    ``Connection`` header."""
    connection.request("GET", path)
    sock = connection.sock
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 200
    return sock, answer.getheader("Connection")


def test_connections_are_kept_alive_for_a_bounded_number_of_requests(
        server: Gunicorn, tmp_path: Path) -> None:
    # make run's settings: a second request rides the first one's connection
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    first, said = _kept(connection)
    assert said == "keep-alive" and first is not None
    assert _kept(connection)[0] is first
    connection.close()
    # KEEPALIVE_REQUESTS=3: the third answer closes, the next request opens a new one
    capped = start_gunicorn(tmp_path, processes=1, CARDGAMES_KEEPALIVE_REQUESTS="3")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", capped.port, timeout=10)
        sockets = [_kept(connection) for _ in range(4)]
        assert [said for _, said in sockets] == ["keep-alive", "keep-alive", "close",
                                                 "keep-alive"]
        assert sockets[0][0] is sockets[1][0] is sockets[2][0]
        assert sockets[3][0] is not sockets[0][0]
        connection.close()
    finally:
        capped.stop()
    # KEEPALIVE=0: every answer closes its connection, as before
    (tmp_path / "off").mkdir()
    off = start_gunicorn(tmp_path / "off", processes=1, CARDGAMES_KEEPALIVE="0")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", off.port, timeout=10)
        assert _kept(connection)[1] == "close"
        connection.close()
    finally:
        off.stop()


def test_a_direct_hint_is_cached_once_its_answer_has_left(tmp_path: Path) -> None:
    """make run's worker runs what the app leaves for after its answer (api/after.py): a
    direct hint's tally reaches the cache then, and the identical request that follows on
    the same connection is answered from it, with the same moves."""
    from bench.api_bench import mid_game_states

    served = start_gunicorn(tmp_path, processes=1, CARDGAMES_HINT_DIRECT_MS="1000",
                            CARDGAMES_RATE_LIMIT="", CARDGAMES_HINT_RATE_LIMIT="",
                            CARDGAMES_HINT_PER_CLIENT="0")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=60)

        def hint(body: bytes) -> dict[str, object]:
            connection.request("POST", "/v1/hints", body, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            found: dict[str, object] = json.loads(answer.read())
            assert answer.status == 200, found
            return found

        for seed, state in enumerate(mid_game_states(12, seed=4)):
            body = json.dumps({"state": state, "player": state["to_move"], "seed": seed})
            first, again = hint(body.encode()), hint(body.encode())
            assert first["solver"]["cached"] is False  # type: ignore[index]
            assert again["solver"]["cached"] is True, seed  # type: ignore[index]
            assert again["moves"] == first["moves"]
        _, _, text = served.get("/metrics")
        direct = re.search(rb"^cassino_hint_direct_total (\S+)$", text, re.MULTILINE)
        assert direct is not None and float(direct.group(1)) >= 10  # the first is a job
    finally:
        served.stop()
