"""The HTTP layer of `printkit serve` (Starlette): the API's routes, and the app put together.

The page and its script, style and fonts are files inside printkit; the API answers JSON,
and every error is a JSON object `{"error": ...}` with its status (`web/guard.py`). The API
answers only this server's own page: a request another site's page makes gets 403
(`guard.SameOrigin`), and one that names another host than this server's own gets 400
(`hosts.OwnHosts`). Heavy work runs a few at a time, the rest waits or is refused with 503
(`web/gate.py`).

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

from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.record import MapLoader
from printkit.games.fox_rabbit.record_yaml import RecordError, unreadable
from printkit.language import ENGLISH_CODE, Lang
from printkit.message import quoted
from printkit.web import files, fonts, gate, guard, photo, referee
from printkit.web.hosts import LOOPBACK_HOSTS, OwnHosts
from printkit.web.page_text import request_lang

#: Record types /api/validate reads (JSON is YAML); no type at all, or curl's default for
#: --data-binary, is taken as YAML too.
TEXT_TYPES = ("", "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml",
              "application/json", "text/plain", "application/x-www-form-urlencoded")
#: Generated sheets kept, each drawn once.
SHEETS_KEPT = 16


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

    body = await gate.body(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in TEXT_TYPES:
        raise referee.RequestError(f"send the record as YAML or JSON text (Content-Type "
                                   f"application/yaml or application/json), not "
                                   f"{quoted(kind)}")
    text = gate.text(body)
    lang = request_lang(request)
    try:
        report = await gate.compute(
            request, lambda maps: validate_run(read_run(text, map_loader=maps)),
            small=len(body) <= gate.SMALL_BODY)
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
        svg = await gate.heavy(request, lambda: _sheet_svg(*key))
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
    return JSONResponse(await gate.compute(request, lambda maps: referee.form(
        *_sheet_of(query, maps), lang)))


async def check(request: Request) -> Response:
    body = await gate.body(request)
    data = gate.json_object(body)
    lang = request_lang(request)

    def judge(maps: MapLoader) -> dict[str, Any]:
        game_map, mode, values, turns = _page_sheet(data, maps)
        current = referee.turn_lines([data["turn"]] if data.get("turn") is not None else [])
        photo = referee.photo_reading(game_map, mode, data.get("photo"))
        return referee.check(game_map, mode, values, turns, current[0] if current else None,
                             lang, photo)

    try:
        answer = await gate.compute(request, judge, small=len(body) <= gate.SMALL_BODY)
    except RecordError as err:
        return _unreadable(err, request)
    return JSONResponse(answer)


async def play(request: Request) -> Response:
    body = await gate.body(request)
    data = gate.json_object(body)
    lang = request_lang(request)

    def judge(maps: MapLoader) -> list[str]:
        game_map, mode = _sheet_of(data, maps)
        return referee.play(game_map, mode, referee.turn_lines(data.get("turns")), lang)

    problems = await gate.compute(request, judge, small=len(body) <= gate.SMALL_BODY)
    return JSONResponse({"ok": not problems, "problems": problems})


async def open_record(request: Request) -> Response:
    body = await gate.body(request)
    # a PDF's form is read by pypdf (10-20 ms, more for a damaged one): always heavy work
    small = len(body) <= gate.SMALL_BODY and not body.startswith(b"%PDF-")
    try:
        return JSONResponse(await gate.compute(
            request, lambda maps: referee.open_record(body, maps), small=small))
    except referee.RequestError:
        raise
    except PrintkitError as err:  # a record or PDF that cannot be read, whatever the reason
        return JSONResponse(unreadable(err, request_lang(request)), 422)


async def pdf(request: Request) -> Response:
    data = gate.json_object(await gate.body(request))

    def fill() -> tuple[str, bytes]:
        game_map, mode, values, turns = _page_sheet(data, referee.load_kept)
        return referee.filled_pdf(game_map, mode, values, turns, _word(data, "paper", "letter"))

    try:
        name, pdf_bytes = await gate.heavy(request, fill)  # 50 ms of drawing, and more to read
    except RecordError as err:
        return _unreadable(err, request)
    return Response(pdf_bytes, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def endgame(request: Request) -> Response:
    from printkit.web import endgame as guide

    body = await gate.body(request)
    data = gate.json_object(body)
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
        return JSONResponse(await gate.compute(request, answer, small=len(body) <= gate.SMALL_BODY))
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


def warm() -> None:
    """Do once, before the first page asks, what a first page load would wait for."""
    fonts.warm()
    for mode in MODES:
        _sheet_svg("classic", mode, "letter")
    referee.check(referee.sheet_map("classic"), "easy", {}, [])


def create_app(hosts: list[str] | None = None, token: str | None = None,
               lan_url: str | None = None, lang: str | None = None,
               port: int = 0) -> Starlette:
    """Return the app; `hosts` are the Host names it answers (loopback names by default).

    With a `token` (`--lan`), only requests that carry it are answered (`web/lan.py`), and
    `lan_url` is the address, token included, that the page shows for another device; `port`
    is the server's, which names the token's cookie. `lang` fixes the page's language
    (`--lang`, PRINTKIT_LANG); without it each request's Accept-Language chooses.
    """
    routes = [
        *files.ROUTES,
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
    ]
    middleware = [Middleware(guard.SecurityHeaders),
                  Middleware(OwnHosts, hosts=hosts or list(LOOPBACK_HOSTS)),
                  Middleware(guard.SameOrigin)]
    if token:
        from printkit.web.lan import TokenGate

        middleware.append(Middleware(TokenGate, token=token, port=port, lang=lang))
    app = Starlette(routes=routes, middleware=middleware, exception_handlers=guard.handlers())
    app.state.heavy = gate.Heavy()
    app.state.lan_url = lan_url
    app.state.lang = lang
    return app
