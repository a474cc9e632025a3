"""Screenshots of `printkit serve`, each mode on a desktop and a phone, to look at.

    python bench/screens_serve.py [FOLDER]     (default output/serve-screens/)

Starts the server on a free loopback port, fills a sheet from an example record and plays
three turns along and a refused mark, in Debian's Chromium, and writes one PNG per (mode, screen).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.web.referee import open_record  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from tests.web.page import DESKTOP, PHONE, RefereePage, play_three_turns  # noqa: E402

ILLEGAL = ROOT / "tests/fixtures/fox_rabbit/fail_sheet_c3_written_too_low.yaml"


def main() -> None:
    from playwright.sync_api import sync_playwright

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "output" / "serve-screens"
    out.mkdir(parents=True, exist_ok=True)
    server = Server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for screen, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                page = RefereePage(browser, server.url, viewport)
                sheet = open_record(ILLEGAL.read_bytes())
                page.choose(sheet["mode"])
                page.enter(sheet["values"])
                page.page.screenshot(path=str(out / f"enter-{screen}.png"))
                page.page.screenshot(path=str(out / f"enter-{screen}-full.png"), full_page=True)
                page.page.once("dialog", lambda d: d.accept())
                page.page.click("#clear")
                page.settled()
                play_three_turns(page)
                page.roll("R2 B3 Y3")
                page.cross("F-A1", "B3")  # refused: F-A1 is yellow
                page.pick("R2")
                page.page.screenshot(path=str(out / f"play-{screen}.png"))
                page.context.close()
            browser.close()
    finally:
        server.stop()
    for png in sorted(out.glob("*.png")):
        print(png)


if __name__ == "__main__":
    main()
