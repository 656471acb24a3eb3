"""Slow clients under ``make run``'s gunicorn (``api/gunicorn_worker.py``): connections that
send their headers or their body a byte at a time hold no thread; the service answers
meanwhile; each is answered 408 (JSON) and closed after ``CARDGAMES_READ_TIMEOUT``.  And the
rules by which the event loop decides that a request is in (``RequestBuffer``)."""

from __future__ import annotations

import json
import re
import select
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import pytest

from api.gunicorn_worker import RequestBuffer
from engine import new_game
from tests.api.test_gunicorn_limits import NEW_ID, Gunicorn, start_gunicorn
from tests.api.test_observe import chunked

READ_TIMEOUT = 2.0
THREADS = 2
PROCESSES = 2  # 4 threads in all: far fewer than the slow connections
LEGAL_MOVES = json.dumps({"state": new_game(7).to_dict()}).encode()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    started = start_gunicorn(tmp_path_factory.mktemp("slow"), PROCESSES,
                             CARDGAMES_READ_TIMEOUT=str(READ_TIMEOUT),
                             CARDGAMES_THREADS=str(THREADS))
    try:
        yield started
    finally:
        started.stop()


def head(length: int | None = None, extra: str = "") -> bytes:
    framing = f"Content-Length: {length}\r\n" if length is not None else ""
    return (f"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"{framing}{extra}Connection: close\r\n\r\n").encode("latin-1")


def read_answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    while answer.startswith(b"HTTP/1.1 100 "):  # interim answers
        answer = answer.partition(b"\r\n\r\n")[2]
    top, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = top.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip()
               for k, _, v in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


def legal_moves(port: int, timeout: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """A normal request on a new connection: answered within ``timeout`` or an error."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head(len(LEGAL_MOVES)) + LEGAL_MOVES)
        return read_answer(sock)


@dataclass
class Slow:
    sock: socket.socket
    data: bytes  # what is left to send, a few bytes at a time
    step: int
    opened: float = field(default_factory=time.monotonic)
    answer: bytes = b""
    closed: float | None = None  # when the server closed it


class SlowClients:
    """``count`` connections driven by one thread: every ``interval`` each sends ``step``
    more bytes of its request; what the server answers, and when it closes, is kept."""

    def __init__(self, port: int, requests: list[tuple[bytes, int]],
                 interval: float = 0.25, first: int = 0) -> None:
        """``requests``: (the request, bytes sent at each step); a request of more than
        ``first`` bytes (its head) sends that many at once first."""
        self.interval = interval
        self.slow: list[Slow] = []
        for data, step in requests:
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            start = first if len(data) > first + step else 0
            sock.sendall(data[:start])
            sock.setblocking(False)
            self.slow.append(Slow(sock, data[start:], step))
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            open_ = [s for s in self.slow if s.closed is None]
            if not open_:
                return
            for s in open_:
                if s.data:
                    try:
                        s.sock.send(s.data[:s.step])
                        s.data = s.data[s.step:]
                    except BlockingIOError:
                        pass
                    except OSError:  # reset: the server is gone from it
                        s.closed = time.monotonic()
            readable, _, _ = select.select([s.sock for s in open_ if s.closed is None], [], [],
                                           self.interval)
            for s in open_:
                if s.sock in readable:
                    try:
                        data = s.sock.recv(65536)
                    except OSError:
                        data = b""
                    s.answer += data
                    if not data:
                        s.closed = time.monotonic()

    def wait_closed(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(s.closed is not None for s in self.slow):
                return True
            time.sleep(0.1)
        return False

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for s in self.slow:
            s.sock.close()


def slowloris(port: int, count: int) -> SlowClients:
    """Half send their headers a byte at a time, half their whole head at once and then
    their body (announced: 200,000 bytes, within the 256 KiB limit) two bytes at a time."""
    endless = "".join(f"X-Slow-{i}: {i}\r\n" for i in range(2000)).encode()
    return SlowClients(port, [(head()[:-2] + endless, 1) if i % 2 == 0
                              else (head(200_000) + b" " * 200_000, 2)
                              for i in range(count)], first=len(head(200_000)))


def test_slow_clients_hold_no_thread_and_get_a_408(server: Gunicorn) -> None:
    before = server.requests_total(endpoint="unmatched", status="408")
    slow = slowloris(server.port, 60)
    try:
        time.sleep(0.5)  # every slow connection is accepted and has sent its first bytes
        status, _, body = legal_moves(server.port)  # with the threads held: a timeout
        assert status == 200 and json.loads(body)["moves"]
        assert slow.wait_closed(READ_TIMEOUT + 10), "the server kept slow connections open"
    finally:
        slow.close()
    for s in slow.slow:
        assert s.closed is not None
        assert s.closed - s.opened < READ_TIMEOUT + 3  # checked about once a second
        status, headers, body = read_answer_bytes(s.answer)
        assert status == 408, s.answer[:200]
        assert headers["content-type"] == "application/json"
        error = json.loads(body)
        assert error["code"] == 408 and error["status"] == "Request Timeout"
        assert f"{READ_TIMEOUT:g} s" in error["message"]
        assert NEW_ID.fullmatch(headers["x-request-id"])
    assert server.requests_total(endpoint="unmatched", status="408") == before + 60
    lines = [line for line in server.log_lines() if line.get("status") == 408]
    assert any(line["method"] == "POST" and line["path"] == "/v1/legal-moves"
               for line in lines)


def read_answer_bytes(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    top, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = top.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip()
               for k, _, v in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


def test_a_connection_that_sends_nothing_is_closed_without_an_answer(
        server: Gunicorn) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=READ_TIMEOUT + 10) as sock:
        started = time.monotonic()
        assert sock.recv(1024) == b""
        assert time.monotonic() - started < READ_TIMEOUT + 3


def test_a_request_sent_in_pieces_within_the_timeout_is_answered(server: Gunicorn) -> None:
    request = head(len(LEGAL_MOVES)) + LEGAL_MOVES
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        for i in range(0, len(request), len(request) // 8 + 1):
            sock.sendall(request[i:i + len(request) // 8 + 1])
            time.sleep(READ_TIMEOUT / 20)
        status, _, body = read_answer(sock)
    assert status == 200 and json.loads(body)["moves"]


def test_expect_100_continue_gets_one_interim_answer(server: Gunicorn) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head(len(LEGAL_MOVES), "Expect: 100-continue\r\n"))
        assert sock.recv(1024) == b"HTTP/1.1 100 Continue\r\n\r\n"  # before the body
        sock.sendall(LEGAL_MOVES)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200 ")  # no second "100 Continue"
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["moves"]


def test_a_slow_chunked_body_is_read_in_the_event_loop_too(server: Gunicorn) -> None:
    request = (b"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
               b"\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
               + chunked(LEGAL_MOVES))
    slow = SlowClients(server.port, [(request, 1 + len(request) // 4)] * 3)
    try:
        assert slow.wait_closed(10)
    finally:
        slow.close()
    for s in slow.slow:
        status, _, body = read_answer_bytes(s.answer)
        assert status == 200 and json.loads(body)["moves"]


def test_a_body_announced_over_the_limit_is_refused_at_once(server: Gunicorn) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=READ_TIMEOUT) as sock:
        sock.sendall(head(1_000_000) + b"{")  # and nothing more: no need to wait for it
        status, headers, body = read_answer(sock)
    assert status == 413 and json.loads(body)["code"] == 413
    assert headers["connection"] == "close"


def test_kept_alive_connections_are_read_whole_too(tmp_path: Path) -> None:
    server = start_gunicorn(tmp_path, 1, CARDGAMES_READ_TIMEOUT=str(READ_TIMEOUT),
                            CARDGAMES_THREADS="2", CARDGAMES_KEEPALIVE="30")
    try:
        request = head(len(LEGAL_MOVES)).replace(b"Connection: close\r\n", b"") + LEGAL_MOVES
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock, \
                sock.makefile("rb") as answers:
            for _ in range(2):
                sock.sendall(request)
                assert read_one(answers)[0] == 200
            sock.sendall(request + request)  # pipelined
            assert [read_one(answers)[0], read_one(answers)[0]] == [200, 200]
            sock.sendall(request[:20])  # then slowly: the next request has a deadline too
            started = time.monotonic()
            status, headers, _ = read_one(answers)
            assert status == 408 and headers["connection"] == "close"
            assert time.monotonic() - started < READ_TIMEOUT + 3
        # Refused before their bodies came, they are closed: nothing is read of the rest
        # (kept alive, a thread would read up to 64 KiB of each for up to 5 s).
        refused = SlowClients(server.port, [(head(1_000_000).replace(
            b"Connection: close\r\n", b"") + b" " * 100_000, 1)] * 20, first=200)
        try:
            time.sleep(0.5)
            started = time.monotonic()
            assert legal_moves(server.port)[0] == 200
            assert time.monotonic() - started < 1.5
            assert refused.wait_closed(10)
        finally:
            refused.close()
        assert all(read_answer_bytes(s.answer)[0] == 413 for s in refused.slow)
    finally:
        server.stop()


def read_one(answers: BinaryIO) -> tuple[int, dict[str, str], bytes]:
    """The next answer on a kept-alive connection (``sock.makefile("rb")``)."""
    status_line = answers.readline().decode("latin-1")
    headers = {}
    while (line := answers.readline().decode("latin-1").strip()):
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, answers.read(int(headers["content-length"]))


# --- when a request is in -------------------------------------------------------------


def buffer(data: bytes, body_limit: int = 1000) -> RequestBuffer:
    return RequestBuffer(data, line_limit=100, head_limit=1000, field_limit=50,
                         body_limit=body_limit)


def test_a_request_is_in_with_its_head_and_its_announced_body() -> None:
    assert buffer(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").ready()
    assert not buffer(b"GET / HTTP/1.1\r\nHost: x\r\n").ready()
    request = b"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789"
    for cut in range(len(request)):
        assert not buffer(request[:cut]).ready(), cut
    assert buffer(request).ready()
    one_by_one = buffer(b"")
    assert [one_by_one.feed(request[i:i + 1]) for i in range(len(request))] \
        == [False] * (len(request) - 1) + [True]


def test_a_chunked_body_is_in_with_its_last_chunk_and_trailers() -> None:
    head_ = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    body = b"5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\n\r\n"
    for cut in range(len(body)):
        assert not buffer(head_ + body[:cut]).ready(), cut
    assert buffer(head_ + body).ready()
    with_trailer = b"5\r\nhello\r\n0\r\nX-T: 1\r\n\r\n"
    assert not buffer(head_ + with_trailer[:-2]).ready()
    assert buffer(head_ + with_trailer).ready()


@pytest.mark.parametrize("data", [
    b"GET /" + b"a" * 200,  # a request line over the limit, not ended: 414
    b"GET / HTTP/1.1\r\nX-A: " + b"b" * 2000,  # a head over the limit: 431
    b"GET / HTTP/1.1\nHost: x\n",  # bare LF: 400
    b"POST / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n",  # over the body limit: the app's 413
    b"POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n",  # 400
    b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n",  # 400
    b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",  # 501
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",  # 400
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",  # a bad chunk size
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX",  # no CRLF after
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + b"1" * 60,  # size line
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n7d0\r\n" + b"x" * 1001,  # 413
    b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    + b"1f4\r\n" + b"x" * 500 + b"\r\n" + b"1f4\r\n" + b"x" * 500 + b"\r\n1\r\nx",  # 413
])
def test_a_refusable_request_is_handed_over_without_waiting(data: bytes) -> None:
    assert buffer(data).ready()


def test_expect_100_continue_is_noticed_for_http_1_1_only() -> None:
    waiting = buffer(b"POST / HTTP/1.1\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n\r\n")
    assert not waiting.ready() and waiting.waits_for_body and waiting.expects_continue
    old = buffer(b"POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
    assert not old.ready() and not old.expects_continue
    assert re.fullmatch(rb"POST / HTTP/1\.1", waiting.request_line)


def test_a_head_that_comes_in_pieces_is_in_at_its_empty_line() -> None:
    head_ = b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 100
    big = RequestBuffer(b"", line_limit=4094, head_limit=900_000)
    for i in range(0, len(head_), 7):
        assert not big.feed(head_[i:i + 7])
    assert big.feed(b"\r\n")
