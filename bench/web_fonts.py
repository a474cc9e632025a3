"""Make the cut Lato faces the web page loads, into fonts/web/ (see printkit/web/fonts.py).

    python bench/web_fonts.py           # cut the four faces again and write their INPUTS
    python bench/web_fonts.py --check   # exit 1 when fonts/web/ is not what the faces make

Run it after changing a bundled face or `printkit.web.fonts.CHARACTERS`; a test checks that
fonts/web/INPUTS names the faces and characters of the day.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.draw.fonts import font_path
from printkit.web import fonts


def main(argv: list[str]) -> int:
    folder = font_path(fonts.FOLDER)
    stamp = folder / fonts.STAMP
    if "--check" in argv:
        current = fonts.shipped_current()
        print("fonts/web is current" if current else "fonts/web is stale: run bench/web_fonts.py")
        return 0 if current else 1
    folder.mkdir(exist_ok=True)
    for filename in sorted(fonts.FILES):
        data = fonts.cut(filename)
        (folder / filename).write_bytes(data)
        print(f"wrote {folder / filename} ({len(data):,} bytes)")
    stamp.write_text(fonts.inputs_digest() + "\n", encoding="ascii")
    print(f"wrote {stamp}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
