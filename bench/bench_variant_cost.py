"""What a seeded variant costs against the classic map, whole processes, in turn.

Run: python bench/bench_variant_cost.py [RUNS] [--variant N] [--no-photo]

Plays one hard game on the classic map and one on variant N (default 17), same seed and
player (`printkit simulate --dump`), makes each run's filled PDF form (`sheet --from`) and,
with OpenCV installed, a 12.6-megapixel photo of each played sheet (tests/scan/photos.py, as
bench_scan_speed.py does). Then runs, RUNS times each (default 7), the variant's command and
the classic one in turn: `printkit validate RECORD`, `printkit validate FORM.pdf` and
`printkit scan PHOTO`, and prints each one's median CPU (user + system of the whole process)
and the median of the pairs' ratios, variant over classic.
"""

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PRINTKIT = [sys.executable, "-m", "printkit"]


def cpu_of(cmd: list[str]) -> float:
    """Return the CPU seconds (user + system) of one run of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit {done.returncode}\n{done.stderr.decode()}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def paired(variant: list[str], classic: list[str], runs: int) -> tuple[float, float, float]:
    """Return the median CPU of each command and the median of the pairs' ratios."""
    cpu_of(variant), cpu_of(classic)   # warm the file cache and the .pyc files
    pairs = [(cpu_of(variant), cpu_of(classic)) for _ in range(runs)]
    return (statistics.median(v for v, _ in pairs), statistics.median(c for _, c in pairs),
            statistics.median(v / c for v, c in pairs))


def make_inputs(folder: Path, variant: int, photo: bool) -> dict[str, dict[str, Path]]:
    """Return, for "classic" and "variant", the record, the filled form and the photo."""
    files: dict[str, dict[str, Path]] = {}
    for name, args in (("classic", []), ("variant", ["--variant", str(variant)])):
        dump = folder / name
        subprocess.run([*PRINTKIT, "simulate", "--mode", "hard", "--games", "1", "--seed", "5",
                        "--dump", str(dump), *args], cwd=ROOT, check=True, capture_output=True)
        record = dump / "game-0000000.yaml"
        form = folder / f"{name}.pdf"
        subprocess.run([*PRINTKIT, "sheet", "fox-and-rabbit", "--from", str(record), "-o",
                        str(form)], cwd=ROOT, check=True, capture_output=True)
        files[name] = {"record": record, "form": form}
        if photo:
            from printkit.games.fox_rabbit import sheet_fields as sf
            from printkit.games.fox_rabbit.record import read_record
            from tests.scan.photos import photograph, played_sheet

            run = read_record(record.read_text())
            values = {k: v for k, v in sf.form_values(run).items() if not k.startswith("score-")}
            jpeg = folder / f"{name}.jpg"
            jpeg.write_bytes(photograph(played_sheet(run.map, run.mode, values, dpi=300),
                                        quality=88))
            files[name]["photo"] = jpeg
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", type=int, nargs="?", default=7)
    parser.add_argument("--variant", type=int, default=17)
    parser.add_argument("--no-photo", action="store_true")
    options = parser.parse_args()
    try:
        import cv2  # noqa: F401
        photo = not options.no_photo
    except ImportError:
        photo = False
    with tempfile.TemporaryDirectory() as tmp:
        files = make_inputs(Path(tmp), options.variant, photo)
        jobs = [("validate RECORD", ["validate"], "record"), ("validate FORM.pdf", ["validate"],
                                                              "form")]
        if photo:
            jobs.append(("scan PHOTO", ["scan"], "photo"))
        for label, command, key in jobs:
            v, c, ratio = paired([*PRINTKIT, *command, str(files["variant"][key])],
                                 [*PRINTKIT, *command, str(files["classic"][key])],
                                 options.runs)
            print(f"{label:18} variant-{options.variant} {v:.3f} s, classic {c:.3f} s CPU: "
                  f"{ratio:.2f}x (median of {options.runs} pairs)")


if __name__ == "__main__":
    main()
