"""What `printkit scan` spends on hostile images: each decompression bomb of
`bench/hostile_images.py`, two damaged images, for comparison two photos it reads, and an
even image of each kind at the most pixels the reader decodes of it.

Run: python bench/bench_image_bombs.py [--source DIR] [--only NAME]

Each case is one `python -m printkit scan FILE` process started in DIR (this checkout by
default; a tree of another commit's printkit measures it: `git archive` it somewhere and give
that folder), and its CPU seconds (user and system) and peak resident memory are its own, as
GNU time (/usr/bin/time) measures them. Also printed: its exit status, how many lines it
printed on standard error (printkit's one, and any of the libraries'), and the first of them.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "bench_image_bombs:"
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench import hostile_images as hostile  # noqa: E402
from bench.bench_scan_speed import photo  # noqa: E402


def _photo_60mp() -> bytes:
    """The speed bench's 12.6-megapixel photo of a played sheet, enlarged to 61 megapixels."""
    image = cv2.imdecode(np.frombuffer(photo(), np.uint8), cv2.IMREAD_COLOR)
    large = cv2.resize(image, None, fx=2.2, fy=2.2, interpolation=cv2.INTER_CUBIC)
    return bytes(cv2.imencode(".jpg", large, [cv2.IMWRITE_JPEG_QUALITY, 90])[1])


def _even(width: int, height: int, kind: str, **options: object) -> bytes:
    """An image of width × height pixels of a smooth gradient (quick to make, small to store),
    saved by Pillow as `kind`."""
    from PIL import Image

    x = np.linspace(60, 230, width, dtype=np.float32)[None, :]
    y = np.linspace(0.8, 1.0, height, dtype=np.float32)[:, None]
    image = Image.fromarray((x * y).astype(np.uint8)).convert(
        "CMYK" if options.pop("cmyk", False) else "RGB")
    buf = io.BytesIO()
    image.save(buf, kind, **options)
    return buf.getvalue()


#: Legal images at the most of their kind the reader decodes (`printkit.scan.image`).
AT_THE_BUDGET: dict[str, tuple[str, Callable[[], bytes]]] = {
    "JPEG 89 MP": ("jpg", lambda: _even(10900, 8160, "JPEG", quality=90)),
    "JPEG progressive 4:4:4 50 MP": ("jpg", lambda: _even(8160, 6120, "JPEG", quality=90,
                                                          progressive=True, subsampling=0)),
    "JPEG CMYK 57 MP": ("jpg", lambda: _even(8700, 6550, "JPEG", quality=90, cmyk=True)),
    "PNG colour 66 MP": ("png", lambda: _even(9000, 7300, "PNG")),
    "TIFF colour 66 MP": ("tif", lambda: _even(9000, 7300, "TIFF", compression="tiff_deflate")),
    "WebP 25 MP": ("webp", lambda: _even(5000, 5000, "WEBP", lossless=True, quality=0)),
}

CASES: dict[str, tuple[str, Callable[[], bytes]]] = {
    **{name: (name.split()[0].lower().replace("jpeg", "jpg").replace("tiff", "tif"), make)
       for name, make in hostile.BOMBS.items()},
    "PNG header, then garbage": ("png", hostile.png_garbage),
    "JPEG, garbage before its end": ("jpg", hostile.jpeg_corrupt),
    "photo, 12.6 MP (read)": ("jpg", photo),
    "photo, 61 MP (read)": ("jpg", _photo_60mp),
    **AT_THE_BUDGET,
}


def run(source: Path, path: Path) -> tuple[int, float, float, list[str]]:
    """Return the exit status, CPU seconds, peak memory (MB) and standard error's lines of
    `printkit scan PATH` run from `source`.

    GNU time starts it and measures it: a child forked from this process would count this
    process's memory, which made the large photos, as its own peak."""
    done = subprocess.run(["/usr/bin/time", "-f", f"{MARK} %x %U %S %M", sys.executable, "-m",
                           "printkit", "scan", str(path)],
                          cwd=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, errors="replace")
    lines = done.stderr.splitlines()
    status, user, system, peak = lines.pop().split()[1:]
    lines = [line for line in lines if not line.startswith("Command exited with")]
    return int(status), float(user) + float(system), int(peak) / 1024, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the folder whose printkit runs (default: this checkout)")
    parser.add_argument("--only", help="the cases whose name holds this")
    args = parser.parse_args()
    print(f"{'case':<32} {'bytes':>9} exit {'CPU s':>6} {'peak MB':>8} lines  first line")
    with tempfile.TemporaryDirectory() as tmp:
        for name, (suffix, make) in CASES.items():
            if args.only and args.only not in name:
                continue
            path = Path(tmp) / f"image.{suffix}"
            path.write_bytes(make())
            status, cpu, peak, lines = run(args.source.resolve(), path)
            first = lines[0].replace(str(path), "FILE") if lines else ""
            print(f"{name:<32} {path.stat().st_size:>9} {status:>4} {cpu:6.2f} {peak:8.0f} "
                  f"{len(lines):>5}  {first[:110]}", flush=True)


if __name__ == "__main__":
    main()
