"""The server busy with heavy work (photos, PDFs, large records, sheets not drawn yet): the
page's taps are still answered at once, and what the server has no room for (503) the page
asks again after the `Retry-After` it names, saying so."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from tests.web.page import RefereePage
from tests.web.test_hostile import _run

ROOT = Path(__file__).resolve().parent.parent.parent
RECORD = ROOT / "examples/fox-and-rabbit/hard-won.yaml"
BUSY = {"error": "printkit is busy with other requests; try again in a moment"}


async def _ask(app: Any, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
    """Send one request to an ASGI app on this event loop; return its status and body."""
    target, _, query = path.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": target, "raw_path": target.encode(),
             "query_string": query.encode(), "root_path": "", "server": ("127.0.0.1", 80),
             "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-length", str(len(body)).encode())]}
    sent: list[dict[str, Any]] = []
    given = False

    async def receive() -> dict[str, Any]:
        nonlocal given
        if given:  # nothing more: wait as a client that stays does
            await asyncio.Event().wait()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    return start["status"], b"".join(m.get("body", b"") for m in sent
                                      if m["type"] == "http.response.body")


def test_the_pages_requests_are_answered_while_heavy_work_fills_every_slot():
    from printkit.web import app as web
    from printkit.web import gate, referee

    run = read_record(RECORD.read_text())
    sheet = {"map": "classic", "mode": "hard", "values": sf.form_values(run),
             "turns": [str(t) for t in run.turns]}
    playing = {"map": "classic", "mode": "hard", "turns": sheet["turns"][:3]}
    referee.sheet_map("classic")  # in memory, as the server's start leaves it
    web._sheet_svg("classic", "hard", "letter")
    app = web.create_app()
    release = threading.Event()

    async def while_busy() -> list[tuple[str, int, bytes]]:
        heavy: gate.Heavy = app.state.heavy
        slow = [asyncio.create_task(heavy.run(release.wait))
                for _ in range(gate.HEAVY_AT_ONCE + gate.HEAVY_WAITING)]
        while heavy.running < gate.HEAVY_AT_ONCE or heavy.waiting < gate.HEAVY_WAITING:
            await asyncio.sleep(0.01)
        try:
            answers = []
            for method, path, body in (
                    ("POST", "/api/check", json.dumps(sheet).encode()),
                    ("POST", "/api/play", json.dumps(playing).encode()),
                    ("POST", "/api/endgame", json.dumps(sheet).encode()),
                    ("GET", "/api/form?map=classic&mode=hard", b""),
                    ("GET", "/api/sheet?map=classic&mode=hard", b""),
                    ("GET", "/api/text", b""),
                    ("POST", "/api/validate", RECORD.read_bytes()),
                    # heavy: a sheet not drawn yet, a PDF to fill, a record over 8 kB
                    ("GET", "/api/sheet?map=classic&mode=hard&paper=a4", b""),
                    ("POST", "/api/pdf", json.dumps(sheet).encode()),
                    ("POST", "/api/validate", RECORD.read_bytes() + b"#" * 8_000)):
                answers.append((path, *await _ask(app, method, path, body)))
            return answers
        finally:
            release.set()
            await asyncio.gather(*slow)

    answers = _run(while_busy())
    assert [(path, status) for path, status, _body in answers] == [
        ("/api/check", 200), ("/api/play", 200), ("/api/endgame", 200),
        ("/api/form?map=classic&mode=hard", 200), ("/api/sheet?map=classic&mode=hard", 200),
        ("/api/text", 200), ("/api/validate", 200),
        ("/api/sheet?map=classic&mode=hard&paper=a4", 503), ("/api/pdf", 503),
        ("/api/validate", 503)]
    check = json.loads(answers[0][2])
    assert check["report"]["legal"] is True and check["report"]["computed"]["score"] == 15
    assert json.loads(answers[-1][2]) == BUSY


def test_a_map_not_in_memory_yet_is_heavy_work_then_answered_at_once(monkeypatch):
    from printkit.games.fox_rabbit import template
    from printkit.web import app as web
    from printkit.web import gate, referee

    # a variant is made in a second or more; the classic map stands in for it here
    classic = template.load_map("classic")
    monkeypatch.setattr(template, "load_map", lambda name: classic)
    monkeypatch.setattr(referee, "_MAPS", referee.Kept(8))
    app = web.create_app()
    app.state.heavy.waiting = gate.HEAVY_WAITING  # as if six were waiting already
    body = json.dumps({"map": "variant-4242", "mode": "easy", "values": {}}).encode()

    async def ask() -> tuple[int, bytes]:
        return await _ask(app, "POST", "/api/check", body)

    status, answer = _run(ask())
    assert (status, json.loads(answer)) == (503, BUSY)
    app.state.heavy.waiting = 0
    assert _run(ask())[0] == 200  # made as heavy work, and kept
    app.state.heavy.waiting = gate.HEAVY_WAITING
    assert _run(ask())[0] == 200


def test_the_page_says_it_is_busy_and_asks_again_after_retry_after(browser_tab, server):
    page = RefereePage(browser_tab, server.url)
    asked: list[Any] = []
    held: list[Any] = []

    def busy_once(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.fulfill(status=503, headers={"Retry-After": "1"}, json=BUSY)
        else:
            held.append(route)  # the request sent again: answered once the test has looked

    page.page.route("**/api/check", busy_once)
    try:
        page.tap("F-B1")
        for _ in range(600):  # its Retry-After, one second, is waited out before it asks
            if held:
                break
            page.page.wait_for_timeout(50)
        assert held, "the page never asked again"
        notice = page.page.locator("#retrying")
        assert notice.is_visible() and notice.inner_text() == "The referee is busy: retrying…"
        assert page.page.get_attribute("#verdict", "data-state") == "pending"
        held.pop().continue_()
        assert page.verdict()["head"] == "Entering the sheet: 1 mark so far"
        assert page.pressed("F-B1")
        assert not notice.is_visible()
    finally:
        page.page.unroute("**/api/check")
        for route in held:
            route.continue_()
        page.close()
