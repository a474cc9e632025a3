"""The files `printkit serve` sends as they are: the page, its service worker and manifest,
its script and style (`static/`), and its fonts (made from printkit's own, `web/fonts.py`)."""

from __future__ import annotations

from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from printkit.web import fonts

STATIC = Path(__file__).resolve().parent / "static"


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


ROUTES: list[BaseRoute] = [
    Route("/", index),
    Route("/sw.js", service_worker),
    Route("/manifest.webmanifest", manifest),
    Route("/fonts/{name}", font),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]
