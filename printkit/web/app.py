"""The HTTP layer of `printkit serve` (Starlette): routes, limits, and errors as JSON.

The page and its script, style and fonts are files inside printkit; the API answers JSON,
and every error is a JSON object `{"error": ...}` with its status, never a traceback page.

    POST /api/validate   a record (YAML or JSON) -> the report of `printkit validate --json`
    GET  /api/sheet      the gamesheet as SVG (?mode=easy&map=classic&paper=letter)
    GET  /api/form       the sheet's fields and how its boxes connect, for the page
    POST /api/check      the page's sheet {map, mode, values, turns} -> {report, record}
    POST /api/play       {map, mode, turns} -> why the last turn's new mark is refused
    POST /api/open       a record (YAML, JSON) or a filled PDF -> {map, mode, values, turns}
    POST /api/pdf        the page's sheet -> the filled PDF gamesheet
    POST /api/scan       a photo of a played sheet -> what /api/open answers, and the
                         fields to confirm and to type (printkit.web.photo)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.record_yaml import MAX_BYTES, RecordError
from printkit.web import fonts, photo, referee

STATIC = Path(__file__).resolve().parent / "static"
#: Record types /api/validate reads (JSON is YAML); no type at all, or curl's default for
#: --data-binary, is taken as YAML too.
TEXT_TYPES = ("", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml",
              "application/json", "text/plain", "application/x-www-form-urlencoded")
#: A body over MAX_BYTES but under this is read and dropped before the 413 answer.
DRAIN_BYTES = 16 * MAX_BYTES
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]", "::1"]
#: The page loads only what this server sends: nothing from the internet.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                               "style-src 'self'; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
log = logging.getLogger("printkit.serve")


class TooLarge(Exception):
    """A request body over the limit: HTTP 413."""


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
    async for chunk in request.stream():
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


async def _json(request: Request) -> dict[str, Any]:
    """Return the JSON object a page request sends."""
    try:
        data = json.loads(_text(await _body(request)) or "null")
    except json.JSONDecodeError as err:
        raise referee.RequestError(f"the body is not JSON: {err.msg} at line {err.lineno}, "
                                   f"column {err.colno}") from None
    if not isinstance(data, dict):
        raise referee.RequestError("the body is a JSON object: {\"map\", \"mode\", ...}")
    return data


def _sheet_of(data: dict[str, Any]) -> tuple[Any, str]:
    """Return (map, mode) a request names, from its JSON body or its query."""
    game_map = referee.sheet_map(_word(data, "map", "classic"))
    return game_map, referee.sheet_mode(_word(data, "mode", "easy"))


def _word(data: Any, key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise referee.RequestError(f"{key} is a word, e.g. {default}")
    return value


def _unreadable(err: RecordError) -> JSONResponse:
    """Answer a record that cannot be read as `printkit validate --json` prints it."""
    return JSONResponse(err.as_dict(), 422)


# --- the API ----------------------------------------------------------------------------------
async def validate(request: Request) -> Response:
    from printkit.games.fox_rabbit.validate import validate_text

    body = await _body(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in TEXT_TYPES:
        raise referee.RequestError(f"send the record as YAML or JSON text (Content-Type "
                                   f"application/yaml or application/json), not {kind}")
    text = _text(body)
    try:
        report = await run_in_threadpool(validate_text, text)
    except RecordError as err:
        return _unreadable(err)
    return JSONResponse(report.as_dict())


async def sheet(request: Request) -> Response:
    game_map, mode = _sheet_of(dict(request.query_params))
    paper = request.query_params.get("paper", "letter")
    svg = await run_in_threadpool(_sheet_svg, game_map.name, mode, paper)
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


@lru_cache(maxsize=32)
def _sheet_svg(map_name: str, mode: str, paper: str) -> bytes:
    """Return the gamesheet drawn by the PDF's own drawing code, on the SVG backend."""
    from printkit.draw import svg
    from printkit.draw.paper import paper as parse_paper
    from printkit.products.fox_rabbit.gamesheet import gamesheet

    try:
        sheet_paper = parse_paper(paper)
    except PrintkitError as err:
        raise referee.RequestError(str(err)) from None
    doc = gamesheet(referee.sheet_map(map_name), mode, sheet_paper)
    return svg.render(doc.pages[0])


async def form(request: Request) -> Response:
    game_map, mode = _sheet_of(dict(request.query_params))
    return JSONResponse(referee.form(game_map, mode))


async def check(request: Request) -> Response:
    data = await _json(request)
    game_map, mode = _sheet_of(data)
    values = referee.sheet_values(game_map, mode, data.get("values", {}))
    turns = referee.turn_lines(data.get("turns"))
    try:
        answer = await run_in_threadpool(referee.check, game_map, mode, values, turns)
    except RecordError as err:
        return _unreadable(err)
    return JSONResponse(answer)


async def play(request: Request) -> Response:
    data = await _json(request)
    game_map, mode = _sheet_of(data)
    turns = referee.turn_lines(data.get("turns"))
    problems = await run_in_threadpool(referee.play, game_map, mode, turns)
    return JSONResponse({"ok": not problems, "problems": problems})


async def open_record(request: Request) -> Response:
    body = await _body(request)
    try:
        return JSONResponse(await run_in_threadpool(referee.open_record, body))
    except RecordError as err:
        return _unreadable(err)


async def pdf(request: Request) -> Response:
    data = await _json(request)
    game_map, mode = _sheet_of(data)
    values = referee.sheet_values(game_map, mode, data.get("values", {}))
    turns = referee.turn_lines(data.get("turns"))
    paper = _word(data, "paper", "letter")
    try:
        name, pdf_bytes = await run_in_threadpool(referee.filled_pdf, game_map, mode, values,
                                                  turns, paper)
    except RecordError as err:
        return _unreadable(err)
    return Response(pdf_bytes, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


# --- files ------------------------------------------------------------------------------------
async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


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
    return JSONResponse({"error": message}, status)


async def _on_request_error(request: Request, exc: Exception) -> Response:
    return _error(400, str(exc))


async def _on_too_large(request: Request, exc: Exception) -> Response:
    return _error(413, f"the body is larger than {MAX_BYTES // 1_000_000} MB; a run record is "
                       f"a few kilobytes")


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


def create_app(hosts: list[str] | None = None) -> Starlette:
    """Return the app; `hosts` are the Host names it answers (loopback names by default)."""
    handlers: dict[Any, Handler] = {
        PrintkitError: _on_request_error, TooLarge: _on_too_large,
HTTPException: _on_http, Exception: _on_crash}
    routes = [
        Route("/", index),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/sheet", sheet),
        Route("/api/form", form),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/play", play, methods=["POST"]),
        Route("/api/open", open_record, methods=["POST"]),
        Route("/api/pdf", pdf, methods=["POST"]),
        Route("/api/scan", photo.scan, methods=["POST"]),
        Route("/fonts/{name}", font),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(_Headers),
                  Middleware(TrustedHostMiddleware, allowed_hosts=hosts or LOOPBACK_HOSTS)]
    return Starlette(routes=routes, middleware=middleware, exception_handlers=handlers)
