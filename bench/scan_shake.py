"""How `printkit scan` takes a shaken photo: a motion blur the reader does not model yet.

Run: python bench/scan_shake.py

A played sheet (three marks) is photographed as the tests photograph it (tests/scan/photos.py)
at 160 and 250 dpi, then smeared along one direction (a line kernel `length` pixels long, at
0, 35 and 90 degrees), as a phone moved during the photo smears it. Each is read by
`reader.scan` and the line printed says what came of it: read right, read with boxes ticked
that the player left empty (the worst: silent), or refused (and why). The reader's blur model
is round (a Gaussian): a smear along one direction is where it is weakest.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.scan import reader  # noqa: E402
from printkit.scan.image import ScanError  # noqa: E402
from tests.scan.photos import photograph, played_sheet  # noqa: E402

VALUES: dict[str, str | bool] = {"F-A1": True, "R-B2": True, "trap-3": True}


def smeared(page: np.ndarray, length: int, angle: float) -> bytes:
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), angle, 1.0)
    kernel = cv2.warpAffine(kernel, turn, (length, length))
    image = cv2.filter2D(page, -1, kernel / kernel.sum())
    return bytes(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1])


def main() -> int:
    print(f"{'dpi':>4} {'length':>6} {'angle':>5}  result")
    for dpi in (160, 250):
        sheet = played_sheet(load_map("classic"), "easy", VALUES, "letter", "en", dpi=dpi)
        page = cv2.imdecode(np.frombuffer(photograph(sheet), np.uint8), cv2.IMREAD_COLOR)
        for length in (3, 5, 7, 9):
            for angle in (0, 35, 90):
                try:
                    read = reader.scan(smeared(page, length, angle), "shaken.jpg")
                except ScanError as err:
                    print(f"{dpi:>4} {length:>6} {angle:>5}  refused: {str(err)[:80]}")
                    continue
                false = sorted(n for n, f in read.fields.items()
                               if f.marked and not f.uncertain and n not in VALUES)
                missed = sorted(n for n in VALUES if not read.fields[n].marked)
                asked = sum(f.uncertain for f in read.fields.values())
                state = "read right" if not false and not missed else "READ WRONG"
                print(f"{dpi:>4} {length:>6} {angle:>5}  {state}: {len(false)} false "
                      f"{false[:3]}, {len(missed)} missed, {asked} asked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
