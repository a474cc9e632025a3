"""printkit scan's speed on a 12-megapixel photo, on one core.

Run: python bench/bench_scan_speed.py [RUNS]

A played sheet (examples/fox-and-rabbit/hard-won-sheet-only.yaml) is drawn at 300 dpi,
photographed askew on a table (tests/scan/photos.py) and saved as a 12-megapixel JPEG. Then:
- in one process, OpenCV held to one thread, the reader's caches and the fonts emptied before
  each run (as a new process starts): the median CPU and wall seconds of `reader.scan`,
  first with no blank sheet kept on disk (a new cache folder each run: every sheet drawn and
  kept, as by a first reading), then with the sheets it draws kept (`printkit/scan/kept.py`:
  as by every later reading of such a sheet);
- the same in one process for a messaging app's copy (1,280 pixels, JPEG 40) of a toner-save
  print on A4 whose code is scribbled over (tests/scan/photos.py): its markers searched in
  the copy enlarged, its code tried on both papers, the sheet known by its look;
- as a whole process pinned to one core (`taskset -c 0`, where there is one):
  `python -m printkit scan PHOTO --json`, median wall seconds, beside
  `python -m printkit validate RECORD` as the yardstick (a command of the same start-up);
  no sheet kept on disk.
"""

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from printkit.draw import png  # noqa: E402
from printkit.games.fox_rabbit import sheet_fields as sf  # noqa: E402
from printkit.games.fox_rabbit.record import read_record  # noqa: E402
from printkit.scan import layout, reader  # noqa: E402
from printkit.scan.image import ScanError  # noqa: E402
from printkit.scan.layout import layout as sheet_layout  # noqa: E402
from tests.scan.photos import (  # noqa: E402
    home_printed,
    messaging_copy,
    photograph,
    played_sheet,
    scribble,
)

RECORD = ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml"


def photo() -> bytes:
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items() if not k.startswith("score-")}
    return photograph(played_sheet(run.map, run.mode, values, dpi=300), quality=88)


def by_its_look() -> bytes:
    """Return a messaging app's copy of a photo of a toner-save print (50 %) on A4, its code
    scribbled over: a sheet the reader knows by its look."""
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items() if not k.startswith("score-")}
    dpi = 200
    sheet = np.asarray(home_printed(played_sheet(run.map, run.mode, values, "a4", dpi=dpi),
                                    "toner-save", 0.5)).copy()
    x, y, w, h = (round(v * dpi / 72) for v in
                  sheet_layout(run.map.name, run.mode, "a4", "en").anchors["code"])
    scribble(sheet, (x, y, w, h))
    return messaging_copy(photograph(Image.fromarray(sheet), room=1.05))


def in_process(data: bytes, runs: int, kept: str | None = None) -> tuple[float, float, str]:
    """Return the median CPU and wall seconds of `reader.scan` in this process, its caches
    emptied before each run (as a new process starts), and what it said: "read", or its
    refusal. `kept`: the folder the blank sheets are kept in (filled by one read first), else
    a new one each run."""
    cpu, wall, said = [], [], "read"
    if kept is not None:
        os.environ["PRINTKIT_CACHE_DIR"] = kept
        _read(data)
    for _ in range(runs):
        if kept is None:
            os.environ["PRINTKIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-kept-")
        layout.forget()   # the layouts, recordings and pictures drawn
        png._pil_font.cache_clear()   # the fonts and the text they rendered
        c, w = time.process_time(), time.perf_counter()
        try:
            reader.scan(data, "photo")
        except ScanError as err:
            said = str(err)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
        if kept is None:
            shutil.rmtree(os.environ["PRINTKIT_CACHE_DIR"], ignore_errors=True)
    return statistics.median(cpu), statistics.median(wall), said


def _read(data: bytes) -> None:
    try:
        reader.scan(data, "photo")
    except ScanError:
        pass


def whole(cmd: list[str], runs: int) -> tuple[float, float, int]:
    """Return the median wall and CPU (user + system) seconds of a command's process, pinned
    to one core, and its exit status."""
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    walls, cpus, status = [], [], 0
    env = dict(os.environ, PRINTKIT_CACHE_DIR="")   # no sheet kept: every one drawn
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        done = subprocess.run(pin + cmd, cwd=ROOT, capture_output=True, check=False, env=env)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        status = done.returncode
    return statistics.median(walls), statistics.median(cpus), status


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    data = photo()
    shape = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE).shape
    print(f"photo: {shape[1]} x {shape[0]} pixels ({shape[0] * shape[1] / 1e6:.1f} MP), "
          f"{len(data) / 1e6:.1f} MB JPEG")
    cv2.setNumThreads(1)
    look = by_its_look()
    identified = reader.scan(look, "copy.jpg").identified
    with tempfile.TemporaryDirectory() as kept:
        for label, photo_data in (("reader.scan", data),
                                  (f"a messaging app's copy known by its {identified}", look)):
            cold = in_process(photo_data, runs)
            warm = in_process(photo_data, runs, kept)
            print(f"{label} in one process, one thread: median {cold[0]:.2f} s CPU, "
                  f"{cold[1]:.2f} s wall, no sheet kept; {warm[0]:.2f} s CPU, {warm[1]:.2f} s "
                  f"wall, its sheets kept ({runs} runs each)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.jpg"
        path.write_bytes(data)
        scan = whole([sys.executable, "-m", "printkit", "scan", str(path), "--json"], runs)
        yard = whole([sys.executable, "-m", "printkit", "validate", str(RECORD)], runs)
    print(f"whole process on one core, median: printkit scan {scan[0]:.2f} s wall, "
          f"{scan[1]:.2f} s CPU; printkit validate (the yardstick) {yard[0]:.2f} s wall, "
          f"{yard[1]:.2f} s CPU; CPU ratio {scan[1] / yard[1]:.1f}")


if __name__ == "__main__":
    main()
