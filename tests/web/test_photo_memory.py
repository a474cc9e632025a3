"""`POST /api/scan` against decompression bombs and large photos, in a `printkit serve` of its
own: each bomb is refused from its header, and the memory that a burst of large photos took
is given back to the system once they are answered."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import cv2
import numpy as np

from bench.hostile_images import gif_header, jpeg_header, png_bomb, tiff_bomb, webp_header
from tests.web.conftest import Answer, Server, call

#: The most memory (resident, bytes) a server may hold once a burst is answered; it starts
#: at about 150 MB.
HELD = 300_000_000


def _resident(pid: int) -> int:
    """Return the process's resident memory in bytes (VmRSS)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def _burst(url: str, photos: list[bytes]) -> list[Answer]:
    """Send every photo at once, as many clients do."""
    with ThreadPoolExecutor(len(photos)) as pool:
        return list(pool.map(lambda data: call(f"{url}api/scan", data,
                                               {"Content-Type": "image/png"}), photos))


def _settled(pid: int) -> int:
    """Return the server's resident memory once it has given back what it will (it does so
    half a second after its last request): the least of a few readings."""
    import time

    least = _resident(pid)
    for _ in range(20):
        time.sleep(0.25)
        least = min(least, _resident(pid))
    return least


def test_a_server_that_read_bombs_and_large_photos_holds_little_memory_after():
    bombs = [png_bomb(), png_bomb(20000, 20000, "grey", whole=False),
             png_bomb(12000, 12000, "rgb16", whole=False),
             png_bomb(20000, 20000, "palette", whole=False), jpeg_header(), gif_header(),
             webp_header(), tiff_bomb(whole=False)]
    # two large photos a server must still read, at once: 60 megapixels of a bare wall
    wall = np.full((6000, 10000), 180, np.uint8)
    large = bytes(cv2.imencode(".jpg", wall, [cv2.IMWRITE_JPEG_QUALITY, 90])[1])
    server = Server()
    try:
        pid = server.proc.pid
        answers = _burst(server.url, bombs)
        assert [a.status for a in answers] == [422] * len(bombs)
        assert all("too large to read" in a.json()["error"] for a in answers)
        assert _settled(pid) < HELD
        answers = _burst(server.url, [large, large])
        assert [a.json()["error"] for a in answers] == [
            "the photo shows no sheet, only an even surface: photograph the gamesheet, its "
            "four corners in view"] * 2
        assert _settled(pid) < HELD
    finally:
        server.stop()
