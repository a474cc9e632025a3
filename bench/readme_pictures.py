"""Render the README's two pictures into docs/img/: a gamesheet, and the page of printkit serve.

    python bench/readme_pictures.py [FOLDER]     (default docs/img/)

The sheet is `printkit sheet fox-and-rabbit --mode easy` rendered by poppler's pdftoppm; the
page is `printkit serve` in Debian's Chromium with the legal easy example entered by tapping,
so it shows the verdict. Re-run it after a change that shows on either.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.web.referee import open_record  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from tests.web.page import RefereePage  # noqa: E402

EXAMPLE = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"
PAGE_VIEWPORT = {"width": 1280, "height": 800}


def sheet_picture(out: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "sheet.pdf"
        subprocess.run([sys.executable, "-m", "printkit", "sheet", "fox-and-rabbit", "--mode",
                        "easy", "-o", str(pdf)], check=True, cwd=ROOT, capture_output=True)
        subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(pdf),
                        str(out / "gamesheet")], check=True)
    return out / "gamesheet.png"


def page_picture(out: Path) -> Path:
    from playwright.sync_api import sync_playwright

    server = Server()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = RefereePage(browser, server.url, PAGE_VIEWPORT)
            sheet = open_record(EXAMPLE.read_bytes())
            page.choose(sheet["mode"])
            page.enter(sheet["values"])
            page.page.evaluate("window.scrollTo(0, 0)")
            page.page.screenshot(path=str(out / "serve.png"))
            page.context.close()
            browser.close()
    finally:
        server.stop()
    return out / "serve.png"


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    for png in (sheet_picture(out), page_picture(out)):
        print(png, f"{png.stat().st_size / 1000:.0f} kB")


if __name__ == "__main__":
    main()
