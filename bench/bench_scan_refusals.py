"""How fast `printkit scan` refuses a photo it cannot read, for each kind of refusal.

Run: python bench/bench_scan_refusals.py [RUNS]

Issue 19 asks for bad input to get exit 2 within 3 s. Each kind of bad photo is made at about
12 megapixels from a played sheet (tests/scan/photos.py, 300 dpi, seen askew on a table):
not a gamesheet (a textured surface), a sheet without its corner markers, too blurred, too
dark, not lying flat (a fold moves a quarter of it), another game's code, a seeded variant
whose code is scribbled over (read neither by its code nor by its look), and, for
comparison, the same sheet read. For each: the median CPU seconds of `reader.scan` in one
process, one thread (the reader's caches emptied before each run, as a new process starts),
and the median wall seconds of `python -m printkit scan PHOTO` as a whole process pinned to
one core, with its exit status.
"""

import io
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import segno  # noqa: E402
from PIL import Image  # noqa: E402

from bench.bench_scan_speed import RECORD, in_process, whole  # noqa: E402
from bench.bench_scan_speed import photo as read  # noqa: E402
from printkit.games.fox_rabbit import sheet_fields as sf  # noqa: E402
from printkit.games.fox_rabbit.record import read_record  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.scan import layout  # noqa: E402
from tests.scan.photos import photograph, played_sheet, scribble  # noqa: E402

#: The sheets' resolution, as the speed bench's photo has it.
DPI = 300


def _sheet(map_name: str = "", paper: str = "letter") -> np.ndarray:
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items() if not k.startswith("score-")}
    game_map = load_map(map_name) if map_name else run.map
    if map_name:
        values = {k: v for k, v in values.items() if v is True}
    return np.asarray(played_sheet(game_map, run.mode, values, paper, dpi=DPI)).copy()


def _box(name: str, map_name: str = "classic", paper: str = "letter") -> tuple[int, ...]:
    k = DPI / 72
    lay = layout.layout(map_name, read_record(RECORD.read_text()).mode, paper, "en")
    return tuple(round(v * k) for v in lay.anchors[name])


def _jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 88])
    assert ok
    return bytes(data)


def not_a_gamesheet() -> bytes:
    rng = np.random.default_rng(1)
    grain = cv2.GaussianBlur(rng.normal(128, 60, (3960, 3190)).astype(np.float32), (0, 0), 3)
    wood = np.linspace(0.7, 1.1, 3190, dtype=np.float32)[None, :] * grain
    return _jpeg(np.clip(wood, 0, 255).astype(np.uint8))


def no_markers() -> bytes:
    sheet = _sheet()
    for corner in range(4):
        x, y, w, h = _box(f"marker-{corner}")
        sheet[y - 8:y + h + 8, x - 8:x + w + 8] = 255
    return photograph(Image.fromarray(sheet), quality=88)


def blurred() -> bytes:
    image = cv2.imdecode(np.frombuffer(read(), np.uint8), cv2.IMREAD_COLOR)
    return _jpeg(cv2.GaussianBlur(image, (0, 0), 13))


def dark() -> bytes:
    image = cv2.imdecode(np.frombuffer(read(), np.uint8), cv2.IMREAD_COLOR)
    return _jpeg((image * 0.12).astype(np.uint8))


def not_flat() -> bytes:
    sheet = _sheet()
    h, w = sheet.shape[:2]
    quarter = sheet[h // 2:, w // 2:]
    quarter[:] = np.roll(np.roll(quarter, 36, axis=0), 36, axis=1)
    return photograph(Image.fromarray(sheet), quality=88)


def another_game() -> bytes:
    sheet = _sheet()
    x, y, w, h = _box("code")
    buf = io.BytesIO()
    segno.make_qr("GO-NUTS SCORE PAD LETTER", error="m").save(buf, kind="png", scale=6,
                                                              border=2)
    other = Image.open(io.BytesIO(buf.getvalue())).convert("RGB").resize((w, h))
    sheet[y:y + h, x:x + w] = np.asarray(other)
    return photograph(Image.fromarray(sheet), quality=88)


def dense_code() -> bytes:
    """A dense QR code (version 25, 117 modules) pasted in the code's place: its finder
    patterns are found, its modules too fine to read."""
    sheet = _sheet()
    x, y, w, h = _box("code")
    buf = io.BytesIO()
    segno.make_qr("printkit " * 120, error="h").save(buf, kind="png", scale=4, border=2)
    other = Image.open(io.BytesIO(buf.getvalue())).convert("RGB").resize((w, h))
    sheet[y:y + h, x:x + w] = np.asarray(other)
    return photograph(Image.fromarray(sheet), quality=88)


def variant_code_scribbled() -> bytes:
    sheet = _sheet("variant-7")
    x, y, w, h = _box("code", "variant-7")
    scribble(sheet, (x, y, w, h), width=7)
    return photograph(Image.fromarray(sheet), quality=88)


KINDS: dict[str, Callable[[], bytes]] = {
    "read (for comparison)": read,
    "not a gamesheet": not_a_gamesheet,
    "no markers": no_markers,
    "too blurred": blurred,
    "too dark": dark,
    "not flat": not_flat,
    "another game's code": another_game,
    "variant, code unreadable": variant_code_scribbled,
    "a dense QR code for its code": dense_code,
}


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    cv2.setNumThreads(1)
    print(f"{'kind':<26} {'MP':>5} {'CPU s':>6} {'wall s':>7} exit  message")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, make in KINDS.items():
            data = make()
            shape = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE).shape
            cpu, _wall, said = in_process(data, runs)
            path = Path(tmp) / "photo.jpg"
            path.write_bytes(data)
            wall, _cpu, status = whole([sys.executable, "-m", "printkit", "scan", str(path)],
                                       runs)
            print(f"{kind:<26} {shape[0] * shape[1] / 1e6:5.1f} {cpu:6.2f} {wall:7.2f} "
                  f"{status:>4}  {said[:70]}", flush=True)


if __name__ == "__main__":
    main()
