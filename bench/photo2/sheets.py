"""The sheets, their fields and the runs, all from printkit's command line, cached on disk.

Everything printkit is asked for goes through `run_printkit` (a whole process, as a user
types it; the tests put CliRunner in its place). The sheet is the plain PDF rendered by
pdftoppm; every field's rectangle and kind come from the widgets of the fillable PDF (pypdf);
a run's values from the widgets of `printkit sheet --from RECORD`. Files are kept in
$PRINTKIT_SYNTH2_CACHE (default /tmp/printkit-synth2-cache) under a digest of printkit's
sources, so a changed sheet is made again.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples" / "fox-and-rabbit"
PAGE_POINTS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}


def run_printkit(args: Sequence[str]) -> tuple[int, str]:
    """Runs `printkit ARGS` as a user does; answers its exit status and standard error."""
    done = subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True,
                          text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr


def printkit_command() -> list[str]:
    """The command line that starts printkit (for the harness's own runs)."""
    return [sys.executable, "-m", "printkit"]


@functools.cache
def _sources_digest() -> str:
    digest = hashlib.sha256()
    for top in ("printkit", "templates"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix != ".pyc":
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    base = Path(os.environ.get("PRINTKIT_SYNTH2_CACHE", "/tmp/printkit-synth2-cache"))
    folder = base / _sources_digest()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _printkit_file(args: Sequence[str], name: str) -> Path:
    """The file `printkit ARGS -o FILE` writes, made once per printkit version."""
    path = cache_dir() / name
    if not path.exists():
        part = path.with_name(f".{os.getpid()}-{path.name}")
        code, err = run_printkit([*args, "-o", str(part)])
        if code != 0 or not part.exists():
            raise RuntimeError(f"printkit {' '.join(args)} failed ({code}): {err.strip()}")
        part.replace(path)
    return path


@dataclass(frozen=True)
class Sheet:
    """Which printed sheet: what the command line's options say."""

    mode: str
    paper: str
    lang: str
    variant: int | None = None

    @property
    def map(self) -> str:
        return "classic" if self.variant is None else f"variant-{self.variant}"

    def options(self) -> list[str]:
        extra = [] if self.variant is None else ["--variant", str(self.variant)]
        return ["sheet", "fox-and-rabbit", "--mode", self.mode, "--paper", self.paper,
                "--lang", self.lang, *extra]

    @property
    def stem(self) -> str:
        return f"{self.mode}-{self.paper}-{self.lang}-{self.map}"

    @property
    def points(self) -> tuple[float, float]:
        return PAGE_POINTS[self.paper]


def plain_pdf(sheet: Sheet) -> Path:
    return _printkit_file(sheet.options(), f"plain-{sheet.stem}.pdf")


def fillable_pdf(sheet: Sheet) -> Path:
    return _printkit_file([*sheet.options(), "--fillable"], f"fillable-{sheet.stem}.pdf")


def filled_pdf(record: Path, paper: str, lang: str) -> Path:
    """`printkit sheet fox-and-rabbit --from RECORD`: the record's filled form (--force for
    a run broken on purpose)."""
    key = hashlib.sha256(record.read_bytes()).hexdigest()[:12]
    force = ["--force"] if record.name.startswith("broken-") else []
    return _printkit_file(["sheet", "fox-and-rabbit", "--from", str(record), "--paper", paper,
                           "--lang", lang, *force], f"filled-{key}-{paper}-{lang}.pdf")


def render(pdf: Path, dpi: int) -> Path:
    """The PDF's first page as pdftoppm renders it (RGB PNG)."""
    out = pdf.with_name(f"{pdf.stem}-{dpi}.png")
    if not out.exists():
        part = pdf.with_name(f".{os.getpid()}-{pdf.stem}-{dpi}")
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", "1", "-l",
                        "1", str(pdf), str(part)], check=True, capture_output=True)
        part.with_suffix(".png").replace(out)
    return out


@dataclass(frozen=True)
class Field:
    """A form field: its name, kind ("check" or "text") and rectangle in page points, y down."""

    name: str
    kind: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def _widgets(pdf: Path) -> list[tuple[str, str, list[float], object]]:
    page = PdfReader(pdf).pages[0]
    out = []
    for ref in page.get("/Annots", []):
        annot = ref.get_object()
        if annot.get("/Subtype") != "/Widget":
            continue
        parent = annot.get("/Parent")
        holder = parent.get_object() if parent is not None and "/T" not in annot else annot
        name = str(holder.get("/T"))
        kind = str(annot.get("/FT") or holder.get("/FT"))
        value = annot.get("/V", holder.get("/V"))
        out.append((name, kind, [float(v) for v in annot["/Rect"]], value))
    return out


@functools.cache
def form_fields(pdf: Path) -> dict[str, Field]:
    """Every visible field of a fillable PDF (the hidden identity field left out)."""
    height = float(PdfReader(pdf).pages[0].mediabox.height)
    fields = {}
    for name, kind, (x0, y0, x1, y1), _ in _widgets(pdf):
        if x1 - x0 <= 0 or y1 - y0 <= 0:
            continue
        fields[name] = Field(name, "check" if kind == "/Btn" else "text",
                             min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1))
    return fields


def filled_values(pdf: Path) -> dict[str, str | bool]:
    """A filled form's values: True for a ticked box, the text of a written field."""
    values: dict[str, str | bool] = {}
    for name, kind, rect, value in _widgets(pdf):
        if rect[2] - rect[0] <= 0:
            continue
        if kind == "/Btn":
            values[name] = str(value) not in ("None", "/Off", "")
        else:
            text = "" if value is None else str(value).strip()
            values[name] = text
    return values


def example_records() -> list[Path]:
    """The example records whose endgame fits the front of today's sheet (two rounds)."""
    return [p for p in sorted(EXAMPLES.glob("*.yaml")) if _rounds(p) <= 2]


def _rounds(record: Path) -> int:
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    attempts = [*data.get("escape_attempts", []), *data.get("trigger_attempts", [])]
    return max((int(a.get("round", 1)) for a in attempts), default=0)


def simulated_record(mode: str, seed: int, variant: int | None, game: int) -> Path:
    """Game `game` (or the next one whose endgame fits two rounds) of
    `printkit simulate --mode MODE --seed SEED --games 8 --dump DIR`."""
    name = f"sim-{mode}-{seed}-{variant or 'classic'}"
    folder = cache_dir() / name
    if not folder.exists():
        part = cache_dir() / f".{os.getpid()}-{name}"
        extra = [] if variant is None else ["--variant", str(variant)]
        code, err = run_printkit(["simulate", "--mode", mode, "--games", "8", "--seed",
                                  str(seed), *extra, "--dump", str(part)])
        if code != 0:
            raise RuntimeError(f"printkit simulate failed ({code}): {err.strip()}")
        try:
            part.replace(folder)
        except OSError:
            # another process made the same games meanwhile (a set made beside another):
            # theirs stand, this copy goes (a seed's games are the same in either)
            if not folder.exists():
                raise
            shutil.rmtree(part)
    games = sorted(folder.glob("game-*.yaml"))
    for k in range(len(games)):
        record = games[(game + k) % len(games)]
        if _rounds(record) <= 2:
            return record
    raise RuntimeError(f"no game of {folder} fits two endgame rounds")


def record_sheet(record: Path, paper: str, lang: str) -> Sheet:
    """The sheet a record is played on."""
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    name = str(data.get("map", "classic"))
    variant = int(name.split("-", 1)[1]) if name.startswith("variant-") else None
    return Sheet(str(data["mode"]), paper, lang, variant)


# -- runs that break a rule ------------------------------------------------------------------

#: The ways a broken run is made from a legal one: each one mistake a player makes on paper.
BREAKS = ("food", "reward", "score", "achievement", "circle", "aid")


def broken_record(base: Path, how: str) -> Path:
    """A copy of the legal record `base` with one mistake (`how`, one of BREAKS), cached;
    printkit's own `validate` must call it illegal, or RuntimeError."""
    path = cache_dir() / f"broken-{how}-{hashlib.sha256(str(base).encode()).hexdigest()[:12]}.yaml"
    if path.exists():
        return path
    data = yaml.safe_load(base.read_text(encoding="utf-8"))
    _break(data, how)
    part = path.with_name(f".{os.getpid()}-{path.name}")
    part.write_text(f"# {how} broken on purpose, from {base.name}\n"
                    + yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, err = run_printkit(["validate", str(part)])
    if code != 1:
        part.unlink()
        raise RuntimeError(f"{base.name} broken by {how} is not judged illegal ({code}): "
                           f"{err.strip()}")
    part.replace(path)
    return path


def _break(data: dict, how: str) -> None:
    """One mistake, made in place on a record's data."""
    eaten = data.setdefault("eaten", {"fox": [], "rabbit": []})
    if how == "food":
        # a food ticked that no finished trail leads to
        foods = ("strawberry", "blueberry", "apple", "sweetcorn", "carrot", "lettuce")
        animal = "fox" if len(eaten.get("fox") or []) <= len(eaten.get("rabbit") or []) \
            else "rabbit"
        have = list(eaten.get(animal) or [])
        eaten[animal] = [*have, next(f for f in foods if f not in have)]
    elif how == "reward":
        # one reward more than foods eaten pay for
        rewards = list(data.get("rewards") or [])
        extra = [r for r in ("red die", "blue die", "yellow die", "plus-minus circle",
                             "flip circle", "re-roll circle") if r not in rewards]
        if not extra:
            raise RuntimeError("every reward is taken")
        data["rewards"] = [*rewards, extra[0]]
    elif how == "score":
        claimed = data.setdefault("claimed", {})
        claimed["score"] = int(claimed.get("score") or 0) + 3
    elif how == "achievement":
        claimed = data.setdefault("claimed", {})
        options = {"easy": ("easy-3-one", "easy-3-both", "easy-all-one"),
                   "hard": ("hard-4-one", "hard-4-both", "hard-all-one"),
                   "super-hard": ("superhard-all-both",)}[str(data["mode"])]
        have = list(claimed.get("achievements") or [])
        missing = [a for a in options if a not in have]
        if not missing:
            raise RuntimeError("every achievement of the mode is claimed")
        claimed["achievements"] = [*have, missing[0]]
    elif how == "circle":
        # a circle's number lower than the one before it on its trail
        written = data.get("written") or {}
        if not written:
            raise RuntimeError("no circle written to break")
        name = sorted(written)[-1]
        written[name] = 1
    elif how == "aid":
        spent = data.setdefault("aids_spent", {})
        spent["re-roll"] = int(spent.get("re-roll") or 0) + 3
    else:
        raise ValueError(f"break {how!r}: expected one of {', '.join(BREAKS)}")
