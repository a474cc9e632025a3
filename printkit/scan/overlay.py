"""The overlay of a scan: the photo flattened to the sheet, every field outlined as read.

Green: read marked; grey: read empty; orange, thick: uncertain (to confirm); blue: marked,
its value to type. A player, or a test, sees at a glance what was read.
"""

from __future__ import annotations

import cv2
import numpy as np

from printkit.scan.reader import Scan

MARKED = (40, 160, 40)      # BGR
EMPTY = (170, 170, 170)
UNCERTAIN = (0, 140, 255)
TO_TYPE = (220, 110, 30)


def colour(scan: Scan, name: str) -> tuple[int, int, int]:
    """Return the outline colour of a field (BGR), as the overlay draws it."""
    f = scan.fields[name]
    if f.uncertain:
        return UNCERTAIN
    if name in scan.to_type:
        return TO_TYPE
    return MARKED if f.marked else EMPTY


def overlay_png(scan: Scan) -> bytes:
    """Return the overlay as PNG bytes."""
    image = cv2.cvtColor(scan.flat, cv2.COLOR_GRAY2BGR)
    image = (image.astype(np.float32) * 0.8 + 51).astype(np.uint8)  # a lighter photo
    for name, f in scan.fields.items():
        x, y, w, h = (v * scan.scale for v in f.box)
        thick = 3 if f.uncertain else (2 if f.marked else 1)
        cv2.rectangle(image, (int(x) - 2, int(y) - 2), (int(x + w) + 2, int(y + h) + 2),
                      colour(scan, name), thick)
    legend = (("marked", MARKED), ("empty", EMPTY), ("uncertain: confirm", UNCERTAIN),
              ("written: type its value", TO_TYPE))
    x, y = int(40 * scan.scale), image.shape[0] - int(8 * scan.scale)
    for text, bgr in legend:
        cv2.rectangle(image, (x, y - 14), (x + 14, y), bgr, 3)
        cv2.putText(image, text, (x + 20, y - 1), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (40, 40, 40),
                    1, cv2.LINE_AA)
        x += 40 + cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)[0][0]
    ok, data = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit image
        raise RuntimeError("the overlay could not be encoded")
    return bytes(data)


#: The paper shown around a box in its crop, in points: enough to see its neighbours.
CROP_MARGIN = 14.0


def crop_png(scan: Scan, name: str) -> bytes:
    """Return the photo around one field as PNG bytes, the field outlined as read: what the
    player looks at to say what the box holds."""
    f = scan.fields[name]
    x, y, w, h = (v * scan.scale for v in f.box)
    m = CROP_MARGIN * scan.scale
    height, width = scan.flat.shape[:2]
    x0, y0 = max(0, int(x - m)), max(0, int(y - m))
    x1, y1 = min(width, int(x + w + m)), min(height, int(y + h + m))
    image = cv2.cvtColor(scan.flat[y0:y1, x0:x1], cv2.COLOR_GRAY2BGR)
    cv2.rectangle(image, (int(x) - x0 - 2, int(y) - y0 - 2),
                  (int(x + w) - x0 + 2, int(y + h) - y0 + 2), colour(scan, name), 2)
    image = cv2.resize(image, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    ok, data = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit image
        raise RuntimeError("the crop could not be encoded")
    return bytes(data)
