"""What `printkit serve` answers before and after a route: its security headers, requests
from another site's page refused, and every error as a JSON object `{"error": ...}` with its
status, never a traceback page.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.record_yaml import MAX_BYTES
from printkit.message import safe_line
from printkit.web.gate import Busy, TooLarge
from printkit.web.page_text import request_lang

#: The page loads only what this server sends: nothing from the internet.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                               "style-src 'self'; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
log = logging.getLogger("printkit.serve")


def error(status: int, message: str) -> JSONResponse:
    """Return the answer to a request that failed: `{"error": message}` with its status."""
    # the last guard: whatever a message echoes, the page shows one line of it, safe
    return JSONResponse({"error": safe_line(message)}, status)


async def _on_request_error(request: Request, exc: Exception) -> Response:
    # said in the page's language where the error was built as a message
    said = exc.say(request_lang(request)) if isinstance(exc, PrintkitError) else str(exc)
    return error(400, said)


async def _on_too_large(request: Request, exc: Exception) -> Response:
    return error(413, f"the body is larger than {MAX_BYTES // 1_000_000} MB; a run record is "
                      f"a few kilobytes")


async def _on_busy(request: Request, exc: Exception) -> Response:
    answer = error(503, "printkit is busy with other requests; try again in a moment")
    answer.headers["Retry-After"] = "2"
    return answer


async def _on_gone(request: Request, exc: Exception) -> Response:
    return Response(status_code=400)  # the client hung up: nobody reads this, nothing to log


async def _on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return error(exc.status_code, exc.detail)


async def _on_crash(request: Request, exc: Exception) -> Response:
    log.exception("printkit serve: %s %s failed", request.method, request.url.path)
    return error(500, "printkit failed to answer this request; the server's window says why")


Handler = Callable[[Request, Exception], Awaitable[Response]]


def handlers() -> dict[Any, Handler]:
    """Return the app's error handlers, by the exception each answers."""
    return {PrintkitError: _on_request_error, TooLarge: _on_too_large, Busy: _on_busy,
            ClientDisconnect: _on_gone, HTTPException: _on_http, Exception: _on_crash}


class SecurityHeaders:
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


class SameOrigin:
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
                answer = error(403, "this API answers only the page printkit serve shows: "
                                    "another site's page may not use it")
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)
