"""What `printkit serve` lets through to the work a request asks: bodies up to a limit, and
heavy work a few at a time.

Heavy work (reading a photo or a PDF, a body over SMALL_BODY, drawing a sheet not drawn yet,
making a variant's map) runs at most HEAVY_AT_ONCE at a time; a few more wait their turn, and
past that the answer is 503 with `Retry-After` (`Busy`). The rest (judging a sheet or a record
of a game, a play, the page's words, a sheet kept) is answered at once, whatever heavy work is
running: each costs a few milliseconds (measured in docs/serve.md). After a burst, or a photo
read, the memory it took is handed back to the system.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import json
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from printkit.games.fox_rabbit.record import MapLoader
from printkit.games.fox_rabbit.record_yaml import MAX_BYTES
from printkit.web import referee

#: A body over MAX_BYTES but under this is read and dropped before the 413 answer.
DRAIN_BYTES = 16 * MAX_BYTES
#: Heavy work, at once; and how many more may wait for their turn (then 503).
HEAVY_AT_ONCE = 2
HEAVY_WAITING = 6
#: A body up to this is judged at once: a whole game's sheet or record (at most 15 turns) is
#: under 2.5 kB and takes 1-3 ms, the slowest 4 kB found about 20 ms; a larger one (up to 1 MB,
#: the reader's limit) is heavy work.
SMALL_BODY = 4_000
T = TypeVar("T")


class TooLarge(Exception):
    """A request body over the limit: HTTP 413."""


class Busy(Exception):
    """More requests that compute than the server runs or queues: HTTP 503."""


class Heavy:
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


async def heavy(request: Request, work: Callable[[], T]) -> T:
    """Return what `work` gives, run as heavy work: HEAVY_AT_ONCE at a time, a few waiting,
    the rest refused (Busy)."""
    gate: Heavy = request.app.state.heavy
    return await gate.run(work)


async def compute(request: Request, work: Callable[[MapLoader], T], small: bool = True) -> T:
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
    return await heavy(request, lambda: work(referee.load_kept))


async def body(request: Request, limit: int = MAX_BYTES, drain: int = DRAIN_BYTES) -> bytes:
    """Return the request's body, refusing one over `limit` bytes (TooLarge: 413).

    A body over `limit` but not over `drain` is read to its end and dropped, so that the
    client, still sending, gets the answer rather than a closed connection; a larger one is
    cut off at once.
    """
    drain = max(drain, limit)
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > drain:
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():  # a client that hangs up: ClientDisconnect
        size += len(chunk)
        if size > drain:
            raise TooLarge
        if size <= limit:
            chunks.append(chunk)
    if size > limit:
        raise TooLarge
    return b"".join(chunks)


def text(data: bytes) -> str:
    """Return a body as text (UTF-8)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise referee.RequestError(f"the body is not UTF-8 text (byte {err.start})") from None


def json_object(data: bytes, shape: str = '{"map", "mode", ...}') -> dict[str, Any]:
    """Return the JSON object a page request sends; `shape` says what the endpoint wants."""
    try:
        value = json.loads(text(data) or "null")
    except json.JSONDecodeError as err:
        raise referee.RequestError(f"the body is not JSON: {err.msg} at line {err.lineno}, "
                                   f"column {err.colno}") from None
    if not isinstance(value, dict):
        raise referee.RequestError(f"the body is a JSON object: {shape}")
    return value
