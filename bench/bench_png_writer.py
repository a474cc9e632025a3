"""PNG encoders for print-on-demand cards: printkit's unfiltered writer against Pillow's.

Run: python bench/bench_png_writer.py [ROUNDS]

Every distinct Crazy8ix face is rendered once at The Game Crafter's 300 DPI (825 x 1125 px);
then each encoder writes all of them, ROUNDS times in turn, and the median CPU time per card
and the mean file size are printed:
- printkit's writer (`png.to_png_bytes(fast=True)`): rows unfiltered, zlib level 1;
- Pillow, compress_level=1 (its filtered rows, light compression);
- Pillow's default (compress_level=6), what `fast=False` writes.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from printkit.draw import png  # noqa: E402
from printkit.products.deck import crazy8ix  # noqa: E402
from printkit.products.deck.formats import make_options  # noqa: E402
from printkit.products.deck.printers import load_printer  # noqa: E402


def pillow(level: int):  # type: ignore[no-untyped-def]
    def encode(image: Image.Image, dpi: float) -> bytes:
        buf = io.BytesIO()
        image.save(buf, format="PNG", dpi=(dpi, dpi), compress_level=level)
        return buf.getvalue()
    return encode


ENCODERS = {
    "printkit unfiltered, zlib 1": lambda image, dpi: png.to_png_bytes(image, dpi, fast=True),
    "Pillow compress_level=1": pillow(1),
    "Pillow default (level 6)": pillow(6),
}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    printer = load_printer("tgc")
    dpi = printer.dpi
    arts = crazy8ix.load(options=make_options("pod", printer="tgc")).designs()
    images = [png.render_image(art.page(printer.card), dpi, 2) for art in arts]
    width, height = images[0].size
    print(f"{len(images)} distinct faces at {dpi:g} DPI, {width}x{height} px")
    per_card: dict[str, list[float]] = {name: [] for name in ENCODERS}
    sizes: dict[str, float] = {}
    for _ in range(rounds):
        for name, encode in ENCODERS.items():
            start = time.process_time()
            out = [encode(image, dpi) for image in images]
            per_card[name].append((time.process_time() - start) / len(images))
            sizes[name] = sum(map(len, out)) / len(out)
    base = statistics.median(per_card["printkit unfiltered, zlib 1"])
    for name, values in per_card.items():
        median = statistics.median(values)
        print(f"{name:30} {median * 1000:6.1f} ms a card  ({median / base:4.2f}x)  "
              f"{sizes[name] / 1024:6.0f} KiB a card")


if __name__ == "__main__":
    main()
