"""`printkit serve` against what a hostile page, file or client sends: cross-site requests,
PDFs that name a file or cannot be read, bursts of heavy bodies, broken HTTP, and being
stopped mid-request. Every answer is JSON with a 4xx (or 503), never a 500 or a traceback.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from bench import hostile
from printkit.draw.paper import LETTER
from printkit.games.fox_rabbit.template import load_map
from printkit.products.fox_rabbit.gamesheet import gamesheet
from tests.web.conftest import ROOT, call

ROUTES = [("api/validate", b"game: fox-and-rabbit\n"), ("api/sheet?map=variant-7", None),
          ("api/form", None), ("api/check", b"{}"), ("api/play", b'{"turns": ["R1 B2 Y3"]}'),
          ("api/open", b"game: fox-and-rabbit\n"), ("api/pdf", b"{}")]


@pytest.fixture(scope="module")
def blank() -> bytes:
    return gamesheet(load_map("classic"), "easy", LETTER, fillable=True).pdf_bytes()


class Served:
    """`printkit serve` in its own process, with any options."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", "--no-browser", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert "http://" in line, line + self.proc.stderr.read()
        self.url = line.split()[2]
        host, port = self.url.removeprefix("http://").rstrip("/").rsplit(":", 1)
        self.address = (host, int(port))

    def raw(self, data: bytes, hang_up_after: float | threading.Event | None = None) -> bytes:
        """Send `data`; read the answer, or hang up after some seconds or once an event is set."""
        with socket.create_connection(self.address, timeout=30) as sock:
            sock.sendall(data)
            if isinstance(hang_up_after, threading.Event):
                assert hang_up_after.wait(30)
                return b""
            if hang_up_after is not None:
                time.sleep(hang_up_after)
                return b""
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
            return b"".join(chunks)

    def stop(self, sig: int) -> tuple[int, str, str]:
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, out, err


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"},
                                     {"Sec-Fetch-Site": "same-site"},
                                     {"Origin": "http://evil.example"}, {"Origin": "null"}])
def test_every_api_route_refuses_another_sites_page(server, headers):
    for route, data in ROUTES:
        answer = call(server.url + route, data, headers)
        assert answer.status == 403, route
        assert answer.json() == {"error": "this API answers only the page printkit serve "
                                          "shows: another site's page may not use it"}


def test_the_servers_own_page_and_tools_are_answered(server):
    own = server.url.rstrip("/")
    for headers in ({"Sec-Fetch-Site": "same-origin", "Origin": own},
                    {"Sec-Fetch-Site": "none"}, {}):
        answer = call(server.url + "api/form", None, headers)
        assert answer.status == 200 and answer.json()["map"] == "classic"


@pytest.mark.parametrize("name", ["/etc/passwd", "../../../../etc/passwd", "no-such-map"])
def test_open_refuses_a_pdf_naming_a_file_as_its_map_with_422(server, blank, name):
    answer = call(server.url + "api/open", hostile.naming_map(blank, name))
    assert answer.status == 422
    report = answer.json()
    assert report["readable"] is False
    assert report["problems"] == [f"field printkit: unknown map {name!r}: a map is named "
                                  "classic or variant-N (N from 1 to 999999)"]


def test_open_answers_a_form_it_cannot_read_with_422_not_500(server, blank):
    answer = call(server.url + "api/open", hostile.with_fields(blank, score="9" * 5000))
    assert answer.status == 422
    assert answer.json()["problems"] == ["field score: the score holds a number of 5000 "
                                         "digits; no box on the sheet takes more than 6"]
    answer = call(server.url + "api/open", hostile.compression_bomb(60_000_000))
    assert answer.status == 422
    assert "is far bigger inside than a gamesheet" in answer.json()["error"]


def test_a_malformed_content_length_is_answered_in_json():
    served = Served()
    try:
        answer = served.raw(b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            b"Content-Length: 12abc\r\n\r\n")
    finally:
        code, _, err = served.stop(signal.SIGINT)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ")
    assert b"content-type: application/json" in head.lower()
    assert b'"error": "a malformed HTTP request (Invalid HTTP request received)' in body
    assert code == 0 and "Traceback" not in err


def test_heavy_requests_run_two_at_once_then_queue_then_are_refused():
    from printkit.web import gate

    release = threading.Event()

    async def burst() -> list[object]:
        heavy = gate.Heavy()
        tasks = [asyncio.create_task(heavy.run(release.wait)) for _ in range(
            gate.HEAVY_AT_ONCE + gate.HEAVY_WAITING + 1)]
        await asyncio.sleep(0.5)
        assert heavy.running == gate.HEAVY_AT_ONCE and heavy.waiting == gate.HEAVY_WAITING
        release.set()
        return await asyncio.gather(*tasks, return_exceptions=True)

    results = _run(burst())
    assert [isinstance(r, gate.Busy) for r in results].count(True) == 1
    assert results.count(True) == gate.HEAVY_AT_ONCE + gate.HEAVY_WAITING


def _run(coro):
    """Run a coroutine to its end in a thread of its own: the browser tests' Playwright keeps
    an event loop running in this one, where asyncio.run is refused."""
    out: list[object] = []
    failed: list[BaseException] = []

    def work() -> None:
        try:
            out.append(asyncio.run(coro))
        except BaseException as err:  # re-raised in the test's own thread
            failed.append(err)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]
    return out[0]


def _asgi_post(app, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
    """POST to an ASGI app in this process; return the status, headers and body."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "server": ("127.0.0.1", 80),
             "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/yaml"),
                         (b"content-length", str(len(body)).encode())]}
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    _run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, b"".join(m.get("body", b"") for m in sent
                                               if m["type"] == "http.response.body")


def test_busy_is_503_with_retry_after_in_json():
    import json

    from printkit.web import app as web
    from printkit.web import gate

    app = web.create_app()
    app.state.heavy.waiting = gate.HEAVY_WAITING  # as if six were waiting already
    large = b"game: fox-and-rabbit\n" + b"#" * gate.SMALL_BODY  # a record that large is heavy
    status, headers, body = _asgi_post(app, "/api/validate", large)
    assert status == 503
    assert headers["retry-after"] == "2"
    assert json.loads(body) == {"error": "printkit is busy with other requests; try again in a "
                                         "moment"}


def test_a_loopback_host_answers_its_own_address_and_sigterm_stops_it_in_one_line():
    served = Served("--host", "127.0.0.2")
    try:
        assert served.url.startswith("http://127.0.0.2:")
        assert call(served.url).status == 200
        assert call(served.url + "api/form").status == 200
    finally:
        code, out, err = served.stop(signal.SIGTERM)
    assert code == 0
    assert out.splitlines()[-1] == "printkit serve: stopped"
    assert err == ""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stopping_with_a_request_in_flight_and_a_client_gone_says_one_line(sig):
    served = Served()
    start = b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
    served.raw(start + b"game: fox" * 100, hang_up_after=0.3)  # a client that hangs up
    stopped = threading.Event()
    holding = threading.Thread(target=served.raw, args=(start + b"game: fox",),
                               kwargs={"hang_up_after": stopped})
    holding.start()  # a request still sending its body when the server is stopped
    time.sleep(0.5)
    try:
        code, out, err = served.stop(sig)
    finally:
        stopped.set()  # its client hangs up only once the server has gone
        holding.join()
    assert code == 0
    assert out.splitlines()[-1] == "printkit serve: stopped"
    assert err == ""


def test_a_photo_or_answers_over_their_limit_get_413_in_json():
    """The photo's routes read their bodies as every route does, each up to its own limit."""
    import json

    pytest.importorskip("cv2")
    from printkit.web import app as web
    from printkit.web import photo

    app = web.create_app()
    status, _headers, body = _asgi_post(app, "/api/scan/values",
                                        b" " * (photo.MAX_ANSWERS_BYTES + 1))
    assert (status, json.loads(body)) == (413, {"error": "the body is larger than 100000 bytes"})
    status, _headers, body = _asgi_post(app, "/api/scan", b"\xff" * (photo.MAX_PHOTO_BYTES + 1))
    assert (status, json.loads(body)) == (413, {"error": "the photo is larger than 30 MB"})
    status, _headers, body = _asgi_post(app, "/api/scan/values", b"[]")
    assert (status, json.loads(body)) == (
        400, {"error": 'the body is a JSON object: {"photo": id, "given": {...}}'})
