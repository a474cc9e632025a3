"""The HTTP layer of `printkit serve` (Starlette): routes, limits, and errors as JSON.

The page and its script, style and fonts are files inside printkit; the API answers JSON,
and every error is a JSON object `{"error": ...}` with its status, never a traceback page.
The API answers only this server's own page: a request another site's page makes (its
`Sec-Fetch-Site` or `Origin` says so) gets 403, and one that names another host than this
server's own gets 400 (`hosts.OwnHosts`). Heavy work (reading a photo or a PDF, a body over
SMALL_BODY, drawing a sheet not drawn yet, making a variant's map) runs at most HEAVY_AT_ONCE
at a time; a few more wait their turn, and past that the answer is 503 with `Retry-After`.
The rest (judging a sheet or a record of a game, a play, the page's words, a sheet kept) is
answered at once, whatever heavy work is running: each costs a few milliseconds (measured in
docs/serve.md). After a burst, or a photo read, the memory it took is handed back to the
system.

    POST /api/validate   a record (YAML or JSON) -> the report of `printkit validate --json`
    GET  /api/sheet      the gamesheet as SVG (?mode=easy&map=classic&paper=letter)
    GET  /api/form       the sheet's fields and how its boxes connect, for the page
    POST /api/check      the page's sheet {map, mode, values, turns, turn} -> {report, record,
                         progress}; `turn` is the turn being played, if any
    POST /api/play       {map, mode, turns} -> why the last turn's new mark is refused
    POST /api/open       a record (YAML, JSON) or a filled PDF -> {map, mode, values, turns}
    POST /api/pdf        the page's sheet -> the filled PDF gamesheet
    POST /api/endgame    the page's sheet [+ escape {roll, aids} | farmer {rolls}] -> the next
                         attempt of the guided endgame, or what an attempt does
    GET  /api/text       {lang, text}: the page's words in the request's language
    GET  /api/lan        {url}: the address another device opens (--lan), or null
    GET  /api/lan.svg    that address as a QR code
    POST /api/scan       a photo of a played sheet -> what /api/open answers, and the
                         fields to confirm and to type (printkit.web.photo)
    POST /api/scan/values  {photo, given} -> the photo's values read again against the
                         player's answers: {suggested, rested, leans}
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.record import MapLoader
from printkit.games.fox_rabbit.record_yaml import MAX_BYTES, RecordError, unreadable
from printkit.language import ENGLISH_CODE, Lang
from printkit.message import quoted, safe_line
from printkit.web import fonts, photo, referee
from printkit.web.hosts import LOOPBACK_HOSTS, OwnHosts
from printkit.web.page_text import request_lang

STATIC = Path(__file__).resolve().parent / "static"
#: Record types /api/validate reads (JSON is YAML); no type at all, or curl's default for
#: --data-binary, is taken as YAML too.
TEXT_TYPES = ("", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml",
              "application/json", "text/plain", "application/x-www-form-urlencoded")
#: A body over MAX_BYTES but under this is read and dropped before the 413 answer.
DRAIN_BYTES = 16 * MAX_BYTES
#: The page loads only what this server sends: nothing from the internet.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                               "style-src 'self'; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: Heavy work, at once; and how many more may wait for their turn (then 503).
HEAVY_AT_ONCE = 2
HEAVY_WAITING = 6
#: A body up to this is judged at once: a whole game's sheet or record (at most 15 turns) is
#: under 2.5 kB and takes 1-3 ms, the slowest 4 kB found about 20 ms; a larger one (up to 1 MB,
#: the reader's limit) is heavy work.
SMALL_BODY = 4_000
#: Generated sheets kept, each drawn once.
SHEETS_KEPT = 16
log = logging.getLogger("printkit.serve")
T = TypeVar("T")


class TooLarge(Exception):
    """A request body over the limit: HTTP 413."""


class Busy(Exception):
    """More requests that compute than the server runs or queues: HTTP 503."""


class _Heavy:
    """Runs the requests that compute in threads, HEAVY_AT_ONCE at a time, queueing a few."""

    def __init__(self) -> None:
        self.slots = asyncio.Semaphore(HEAVY_AT_ONCE)
        self.waiting = 0
        self.running = 0
        # several at once, or one that decoded a photo, since the server was last idle
        self.burst = False
        self.trim: asyncio.Task[None] | None = None

    async def run(self, work: Callable[[], T], large: bool = False) -> T:
        """Return what `work` gives, run in a thread; `large`: it takes a lot of memory (a
        photo), given back once the server is idle, as after a burst."""
        if self.waiting >= HEAVY_WAITING:
            raise Busy
        self.waiting += 1
        try:
            await self.slots.acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        self.burst = self.burst or large or self.running > 1 or self.waiting > 0
        try:
            return await run_in_threadpool(work)
        finally:
            self.running -= 1
            self.slots.release()
            if self.burst and self.running == 0 and self.waiting == 0:
                self.burst = False
                # a moment later: the answers (and an error's traceback, which holds what a
                # request read) must be gone before their memory can be given back
                self.trim = asyncio.create_task(self._give_back_when_idle())

    async def _give_back_when_idle(self) -> None:
        await asyncio.sleep(0.5)
        if self.running == 0 and self.waiting == 0:
            await run_in_threadpool(_give_back)


def _give_back() -> None:
    """Return the memory a burst freed to the system (glibc keeps it otherwise).

    An error raised in a worker thread and answered leaves a cycle (its traceback, the
    frames, the futures that carried it) that holds what the request decoded, a photo's
    pixels among them, until the garbage collector runs: it is run first."""
    gc.collect()
    name = ctypes.util.find_library("c")
    if name is None:
        return
    try:
        ctypes.CDLL(name).malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: its allocator gives memory back itself
        pass


async def _heavy(request: Request, work: Callable[[], T]) -> T:
    """Return what `work` gives, run as heavy work: HEAVY_AT_ONCE at a time, a few waiting,
    the rest refused (Busy)."""
    heavy: _Heavy = request.app.state.heavy
    return await heavy.run(work)


async def _compute(request: Request, work: Callable[[MapLoader], T],
                   small: bool = True) -> T:
    """Return what `work` gives, given a loader of maps: at once when the request is small
    and every map it needs is in memory, else as heavy work.

    `work` is first run with `referee.kept_map`, which raises NotKept for a map not in
    memory yet; it is then run again as heavy work, with a loader that makes the map.
    """
    if small:
        try:
            return await run_in_threadpool(work, referee.kept_map)
        except referee.NotKept:
            pass
    return await _heavy(request, lambda: work(referee.load_kept))


# --- reading requests -------------------------------------------------------------------------
async def _body(request: Request) -> bytes:
    """Return the request's body, refusing one over 1 MB (413).

    A body a little over is read to its end and dropped, so that the client, still sending,
    gets the answer rather than a closed connection; a huge one is cut off at once.
    """
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > DRAIN_BYTES:
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():  # a client that hangs up: ClientDisconnect
        size += len(chunk)
        if size > DRAIN_BYTES:
            raise TooLarge
        if size <= MAX_BYTES:
            chunks.append(chunk)
    if size > MAX_BYTES:
        raise TooLarge
    return b"".join(chunks)


def _text(body: bytes) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as err:
        raise referee.RequestError(f"the body is not UTF-8 text (byte {err.start})") from None


def _json(body: bytes) -> dict[str, Any]:
    """Return the JSON object a page request sends."""
    try:
        data = json.loads(_text(body) or "null")
    except json.JSONDecodeError as err:
        raise referee.RequestError(f"the body is not JSON: {err.msg} at line {err.lineno}, "
                                   f"column {err.colno}") from None
    if not isinstance(data, dict):
        raise referee.RequestError("the body is a JSON object: {\"map\", \"mode\", ...}")
    return data


def _sheet_of(data: dict[str, Any], loader: MapLoader) -> tuple[Any, str]:
    """Return (map, mode) a request names, from its JSON body or its query."""
    game_map = referee.sheet_map(_word(data, "map", "classic"), loader)
    return game_map, referee.sheet_mode(_word(data, "mode", "easy"))


def _page_sheet(data: dict[str, Any], loader: MapLoader
                ) -> tuple[Any, str, dict[str, str | bool], list[str]]:
    """Return (map, mode, values, turns) of the sheet the page sends in a JSON body."""
    game_map, mode = _sheet_of(data, loader)
    values = referee.sheet_values(game_map, mode, data.get("values", {}))
    return game_map, mode, values, referee.turn_lines(data.get("turns"))


def _word(data: Any, key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise referee.RequestError(f"{key} is a word, e.g. {default}")
    return value


def _unreadable(err: RecordError, request: Request) -> JSONResponse:
    """Answer a record that cannot be read as `printkit validate --json` prints it, said in
    the request's language too (`error_said`, which the page shows)."""
    return JSONResponse(err.as_dict(request_lang(request)), 422)


# --- the API ----------------------------------------------------------------------------------
async def validate(request: Request) -> Response:
    from printkit.games.fox_rabbit.reader import read_run
    from printkit.games.fox_rabbit.validate import validate_run

    body = await _body(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in TEXT_TYPES:
        raise referee.RequestError(f"send the record as YAML or JSON text (Content-Type "
                                   f"application/yaml or application/json), not "
                                   f"{quoted(kind)}")
    text = _text(body)
    lang = request_lang(request)
    try:
        report = await _compute(request, lambda maps: validate_run(read_run(text, map_loader=maps)),
                                small=len(body) <= SMALL_BODY)
    except RecordError as err:
        return _unreadable(err, request)
    return JSONResponse(report.as_dict(lang))


#: The sheets drawn, by (map, mode, paper, language) as the query names them.
_SHEETS: referee.Kept[tuple[str, str, str, str], bytes] = referee.Kept(SHEETS_KEPT)


async def sheet(request: Request) -> Response:
    query = dict(request.query_params)
    key = (query.get("map", "classic"), query.get("mode", "easy"), query.get("paper", "letter"),
           request_lang(request).code)
    svg = _SHEETS.get(key)
    if svg is None:
        svg = await _heavy(request, lambda: _sheet_svg(*key))
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


def _sheet_svg(map_name: str, mode: str, paper: str, lang: str = ENGLISH_CODE) -> bytes:
    """Return the gamesheet drawn by the PDF's own drawing code, on the SVG backend (kept)."""
    from printkit.draw import svg
    from printkit.draw.paper import paper as parse_paper
    from printkit.products.fox_rabbit.gamesheet import gamesheet

    def draw() -> bytes:
        game_map, mode_id = _sheet_of({"map": map_name, "mode": mode}, referee.load_kept)
        try:
            sheet_paper = parse_paper(paper)
        except PrintkitError as err:
            raise referee.RequestError(str(err)) from None
        doc = gamesheet(game_map, mode_id, sheet_paper, lang=Lang(lang))
        return svg.render(doc.pages[0])

    return _SHEETS.make((map_name, mode, paper, lang), draw)


async def form(request: Request) -> Response:
    query = dict(request.query_params)
    lang = request_lang(request)
    return JSONResponse(await _compute(request, lambda maps: referee.form(
        *_sheet_of(query, maps), lang)))


async def check(request: Request) -> Response:
    body = await _body(request)
    data = _json(body)
    lang = request_lang(request)

    def judge(maps: MapLoader) -> dict[str, Any]:
        game_map, mode, values, turns = _page_sheet(data, maps)
        current = referee.turn_lines([data["turn"]] if data.get("turn") is not None else [])
        photo = referee.photo_reading(game_map, mode, data.get("photo"))
        return referee.check(game_map, mode, values, turns, current[0] if current else None,
                             lang, photo)

    try:
        answer = await _compute(request, judge, small=len(body) <= SMALL_BODY)
    except RecordError as err:
        return _unreadable(err, request)
    return JSONResponse(answer)


async def play(request: Request) -> Response:
    body = await _body(request)
    data = _json(body)
    lang = request_lang(request)

    def judge(maps: MapLoader) -> list[str]:
        game_map, mode = _sheet_of(data, maps)
        return referee.play(game_map, mode, referee.turn_lines(data.get("turns")), lang)

    problems = await _compute(request, judge, small=len(body) <= SMALL_BODY)
    return JSONResponse({"ok": not problems, "problems": problems})


async def open_record(request: Request) -> Response:
    body = await _body(request)
    # a PDF's form is read by pypdf (10-20 ms, more for a damaged one): always heavy work
    small = len(body) <= SMALL_BODY and not body.startswith(b"%PDF-")
    try:
        return JSONResponse(await _compute(
            request, lambda maps: referee.open_record(body, maps), small=small))
    except referee.RequestError:
        raise
    except PrintkitError as err:  # a record or PDF that cannot be read, whatever the reason
        return JSONResponse(unreadable(err, request_lang(request)), 422)


async def pdf(request: Request) -> Response:
    data = _json(await _body(request))

    def fill() -> tuple[str, bytes]:
        game_map, mode, values, turns = _page_sheet(data, referee.load_kept)
        return referee.filled_pdf(game_map, mode, values, turns, _word(data, "paper", "letter"))

    try:
        name, pdf_bytes = await _heavy(request, fill)  # 50 ms of drawing, and more to read
    except RecordError as err:
        return _unreadable(err, request)
    return Response(pdf_bytes, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def endgame(request: Request) -> Response:
    from printkit.web import endgame as guide

    body = await _body(request)
    data = _json(body)
    lang = request_lang(request)

    def answer(maps: MapLoader) -> dict[str, Any]:
        game_map, mode, values, turns = _page_sheet(data, maps)
        if isinstance(data.get("escape"), dict):
            attempt = data["escape"]
            return guide.escape(game_map, mode, values, turns, _word(attempt, "roll", ""),
                                attempt.get("aids", []), lang)
        if isinstance(data.get("farmer"), dict):
            return guide.farmer(game_map, mode, values, turns, data["farmer"].get("rolls"),
                                lang)
        return guide.step(game_map, mode, values, turns, lang)

    try:
        return JSONResponse(await _compute(request, answer, small=len(body) <= SMALL_BODY))
    except RecordError as err:
        return _unreadable(err, request)


async def text(request: Request) -> Response:
    from printkit.web.page_text import page_text

    lang = request_lang(request)
    return JSONResponse({"lang": lang.code, "text": page_text(lang)})


#: The address another device opens holds the token: no copy of it is kept anywhere.
NO_STORE = {"Cache-Control": "no-store"}


async def lan_info(request: Request) -> Response:
    return JSONResponse({"url": request.app.state.lan_url}, headers=NO_STORE)


async def lan_qr(request: Request) -> Response:
    from printkit.web.lan import qr_svg

    if not request.app.state.lan_url:
        raise HTTPException(404, "the page is served on this machine only (no --lan)")
    return Response(qr_svg(request.app.state.lan_url), media_type="image/svg+xml",
                    headers=NO_STORE)


# --- files ------------------------------------------------------------------------------------
async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def service_worker(request: Request) -> Response:
    """The service worker that keeps the page for offline use; served at the root, so that
    it may serve the whole page."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})


async def manifest(request: Request) -> Response:
    return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json",
                        headers={"Cache-Control": "no-cache"})


async def font(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in fonts.FILES:
        raise HTTPException(404)
    data = await run_in_threadpool(fonts.web_font, name)
    return Response(data, media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})


def warm() -> None:
    """Do once, before the first page asks, what a first page load would wait for."""
    fonts.warm()
    for mode in MODES:
        _sheet_svg("classic", mode, "letter")
    referee.check(referee.sheet_map("classic"), "easy", {}, [])


# --- errors -----------------------------------------------------------------------------------
def _error(status: int, message: str) -> JSONResponse:
    # the last guard: whatever a message echoes, the page shows one line of it, safe
    return JSONResponse({"error": safe_line(message)}, status)


async def _on_request_error(request: Request, exc: Exception) -> Response:
    # said in the page's language where the error was built as a message
    said = exc.say(request_lang(request)) if isinstance(exc, PrintkitError) else str(exc)
    return _error(400, said)


async def _on_too_large(request: Request, exc: Exception) -> Response:
    return _error(413, f"the body is larger than {MAX_BYTES // 1_000_000} MB; a run record is "
                       f"a few kilobytes")


async def _on_busy(request: Request, exc: Exception) -> Response:
    answer = _error(503, "printkit is busy with other requests; try again in a moment")
    answer.headers["Retry-After"] = "2"
    return answer


async def _on_gone(request: Request, exc: Exception) -> Response:
    return Response(status_code=400)  # the client hung up: nobody reads this, nothing to log


async def _on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, exc.detail)


async def _on_crash(request: Request, exc: Exception) -> Response:
    log.exception("printkit serve: %s %s failed", request.method, request.url.path)
    return _error(500, "printkit failed to answer this request; the server's window says why")


Handler = Callable[[Request, Exception], Awaitable[Response]]


class _Headers:
    """Adds the page's security headers to every answer (a tiny ASGI middleware)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + [
                    (k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
            await send(message)

        await self.app(scope, receive, with_headers)


class _SameOrigin:
    """Refuses API requests that another site's page makes: any web page the player has open
    could otherwise send them (an image tag is enough), and each costs the server work.

    Browsers say where a request comes from: `Sec-Fetch-Site` (only `same-origin`, and `none`
    for an address typed in, are this page's) and, for most requests, `Origin`, which must be
    this server's own. Tools such as curl send neither, and are answered.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            headers = Headers(scope=scope)
            site = headers.get("sec-fetch-site")
            origin = headers.get("origin")
            own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
            if (site is not None and site not in ("same-origin", "none")) or \
                    (origin is not None and origin != own):
                answer = _error(403, "this API answers only the page printkit serve shows: "
                                     "another site's page may not use it")
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(hosts: list[str] | None = None, token: str | None = None,
               lan_url: str | None = None, lang: str | None = None,
               port: int = 0) -> Starlette:
    """Return the app; `hosts` are the Host names it answers (loopback names by default).

    With a `token` (`--lan`), only requests that carry it are answered (`web/lan.py`), and
    `lan_url` is the address, token included, that the page shows for another device; `port`
    is the server's, which names the token's cookie. `lang` fixes the page's language
    (`--lang`, PRINTKIT_LANG); without it each request's Accept-Language chooses.
    """
    handlers: dict[Any, Handler] = {
        PrintkitError: _on_request_error, TooLarge: _on_too_large, Busy: _on_busy,
        ClientDisconnect: _on_gone, HTTPException: _on_http, Exception: _on_crash}
    routes = [
        Route("/", index),
        Route("/sw.js", service_worker),
        Route("/manifest.webmanifest", manifest),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/sheet", sheet),
        Route("/api/form", form),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/play", play, methods=["POST"]),
        Route("/api/open", open_record, methods=["POST"]),
        Route("/api/pdf", pdf, methods=["POST"]),
        Route("/api/endgame", endgame, methods=["POST"]),
        Route("/api/text", text),
        Route("/api/lan", lan_info),
        Route("/api/lan.svg", lan_qr),
        Route("/api/scan", photo.scan, methods=["POST"]),
        Route("/api/scan/values", photo.values, methods=["POST"]),
        Route("/fonts/{name}", font),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(_Headers),
                  Middleware(OwnHosts, hosts=hosts or list(LOOPBACK_HOSTS)),
                  Middleware(_SameOrigin)]
    if token:
        from printkit.web.lan import TokenGate

        middleware.append(Middleware(TokenGate, token=token, port=port, lang=lang))
    app = Starlette(routes=routes, middleware=middleware, exception_handlers=handlers)
    app.state.heavy = _Heavy()
    app.state.lan_url = lan_url
    app.state.lang = lang
    return app
