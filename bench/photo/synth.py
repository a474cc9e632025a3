"""Synthetic photos of played Fox and the Rabbit gamesheets, with their truth.

The generator knows nothing of the reader. It takes the sheet from `printkit sheet` (the
plain PDF, rendered by pdftoppm) and every field's rectangle from the widgets of the
*fillable* PDF of the same sheet, read with pypdf: two outputs of the CLI, no coordinate
copied by hand and no import of printkit's drawing code.

A sample is made in three steps, all drawn from one seed:

1. **play**: which fields hold ink. From a run record (`examples/fox-and-rabbit/*.yaml` or a
   game of `printkit simulate --dump`), filled into the fillable form by
   `printkit sheet --fillable --from`, whose field values pypdf reads back; or a random set
   of fields.
2. **mark**: pencil (grey, grainy; light for the hard set) or ballpoint (blue or black);
   crosses, single diagonals, ticks, scribbles, filled boxes, strokes past the box; an erased
   mark (a faint smudge, which reads as empty); handwritten digits and dice in the circles,
   the endgame and score boxes, drawn as strokes.
3. **photograph**: a phone photo (tilt up to 5°, any rotation, a table around the page,
   lighting gradient, a shadow, blur, noise, JPEG 60-90, 8-12 MP); the hard profile adds
   paper curl, lens (barrel) distortion, light pencil and erased marks; the scan profile is a
   flatbed scan (straight, slightly skewed, white lid, 300 dpi).

The truth JSON: `{"sheet": {...}, "fields": {NAME: marked}, "values": {NAME: text},
"profile": ...}` plus what a failure is debugged with (the marks drawn, the erased fields,
the page's corners in the photo).

    python -m bench.photo.synth --set dev --out /tmp/scan-sets          # a whole set
    python -m bench.photo.synth --seed 7 --profile hard --out /tmp/one  # one photo
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import yaml
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples" / "fox-and-rabbit"
PROFILES = ("photo", "scan", "hard")
MODES = ("easy", "hard", "super-hard")
PT = 72.0  # PDF points per inch

Image = np.ndarray[Any, Any]  # uint8, BGR
Floats = np.ndarray[Any, Any]  # float32


# ---------------------------------------------------------------- the sheet and its fields


@dataclass(frozen=True)
class Sheet:
    """Which sheet is printed: what `printkit sheet fox-and-rabbit` is asked for."""

    mode: str = "easy"
    paper: str = "letter"
    lang: str = "en"
    variant: int | None = None

    def args(self) -> list[str]:
        out = ["--mode", self.mode, "--paper", self.paper, "--lang", self.lang]
        if self.variant is not None:
            out += ["--variant", str(self.variant)]
        return out

    def truth(self) -> dict[str, Any]:
        return {"game": "fox-and-rabbit",
                "map": "classic" if self.variant is None else f"variant-{self.variant}",
                "mode": self.mode, "variant": self.variant, "paper": self.paper,
                "lang": self.lang}


@dataclass(frozen=True)
class Box:
    """A field's rectangle in the flat render, pixels, y down; kind "check" or "text"."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: str

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def _cache_dir() -> Path:
    path = Path(os.environ.get("PRINTKIT_SYNTH_CACHE",
                               Path(tempfile.gettempdir()) / "printkit-synth-cache"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _printkit() -> list[str]:
    exe = Path(sys.executable).parent / "printkit"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("printkit")
    if found is None:
        raise RuntimeError("printkit is not installed (pip install -e .)")
    return [found]


def _source_stamp() -> str:
    """Sizes and times of printkit's sources: a cached PDF is remade when they change."""
    digest = hashlib.sha256()
    for folder in ("printkit", "templates", "fonts"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:16]


def run_printkit(args: Sequence[str]) -> tuple[int, str]:
    """Run `printkit ARGS` from the repository's folder; return its exit status and what it
    wrote on stderr. (The tests run it in their own process instead, as their CliRunner
    does: a printkit started costs them a second of CPU, twelve times on a clean clone.)"""
    done = subprocess.run([*_printkit(), *args], capture_output=True, text=True, cwd=ROOT)
    return done.returncode, done.stderr


_STAMP: list[str] = []


def _sheet_pdf(args: Sequence[str], inputs: Sequence[Path] = ()) -> Path:
    """The PDF `printkit sheet fox-and-rabbit ARGS` writes, kept in the cache."""
    if not _STAMP:
        _STAMP.append(_source_stamp())
    key = hashlib.sha256(json.dumps([_STAMP[0], *args]).encode())
    for path in inputs:
        key.update(path.read_bytes())
    out = _cache_dir() / f"sheet-{key.hexdigest()[:20]}.pdf"
    if not out.exists():
        tmp = out.with_suffix(f".{os.getpid()}.tmp.pdf")
        status, said = run_printkit(["sheet", "fox-and-rabbit", *args, "-o", str(tmp)])
        if status != 0:
            raise RuntimeError(f"printkit sheet {' '.join(args)}: {said.strip()}")
        tmp.replace(out)
    return out


def render(pdf: Path, dpi: int) -> Image:
    """The PDF's first page rendered by pdftoppm, as a BGR image (cached)."""
    key = hashlib.sha256(pdf.read_bytes()).hexdigest()[:20]
    png = _cache_dir() / f"render-{key}-{dpi}.png"
    if not png.exists():
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(pdf),
                            f"{tmp}/page"], check=True, capture_output=True)
            shutil.move(f"{tmp}/page.png", png)
    image = cv2.imread(str(png), cv2.IMREAD_COLOR)
    if image is None:
        raise RuntimeError(f"cannot read the render {png}")
    return image


def form_fields(pdf: Path, dpi: float) -> tuple[dict[str, Box], dict[str, str], str]:
    """The widgets of a fillable sheet: field -> pixel box, field -> value, the id field.

    A check box's value is "/Yes" when ticked; a text field's is its text. The hidden
    `printkit` field is returned apart (its value names game, map, mode and digest).
    """
    reader = PdfReader(pdf)
    page = reader.pages[0]
    height = float(page.mediabox.height)
    scale = dpi / PT
    boxes: dict[str, Box] = {}
    values: dict[str, str] = {}
    ident = ""
    for ref in page.get("/Annots", []):
        annot = ref.get_object()
        if annot.get("/Subtype") != "/Widget":
            continue
        name = annot.get("/T")
        kind = annot.get("/FT")
        value = annot.get("/V")
        if name is None and "/Parent" in annot:
            parent = annot["/Parent"].get_object()
            name, kind, value = parent.get("/T"), parent.get("/FT"), parent.get("/V")
        if name is None:
            continue
        if str(name) == "printkit":
            ident = str(value or "")
            continue
        x0, y0, x1, y1 = (float(v) for v in annot["/Rect"])
        boxes[str(name)] = Box(x0 * scale, (height - y1) * scale, x1 * scale,
                               (height - y0) * scale, "check" if kind == "/Btn" else "text")
        values[str(name)] = "" if value is None else str(value)
    return boxes, values, ident


# ---------------------------------------------------------------- playing the sheet


@dataclass
class Play:
    """What the player wrote: the truth of a sample, before it is drawn."""

    sheet: Sheet
    marked: dict[str, bool]
    values: dict[str, str]
    source: str


def _record_mode(record: Path) -> tuple[str, int | None]:
    mode, variant = "easy", None
    for line in record.read_text(encoding="utf-8").splitlines():
        if line.startswith("mode:"):
            mode = line.split(":", 1)[1].strip()
        if line.startswith("map:") and "variant-" in line:
            variant = int(line.split("variant-", 1)[1].strip())
    return mode, variant


def simulated_record(mode: str, variant: int | None, seed: int, strategy: str) -> Path:
    """One game of `printkit simulate --dump`, kept in the cache."""
    name = f"sim-{mode}-{variant}-{seed}-{strategy}.yaml"
    out = _cache_dir() / name
    if not out.exists():
        with tempfile.TemporaryDirectory() as tmp:
            args = ["simulate", "--games", "1", "--seed", str(seed), "--mode", mode,
                    "--strategy", strategy, "--dump", tmp]
            if variant is not None:
                args += ["--variant", str(variant)]
            status, said = run_printkit(args)
            if status != 0:
                raise RuntimeError(f"printkit {' '.join(args)}: {said.strip()}")
            shutil.move(str(next(Path(tmp).glob("*.yaml"))), out)
    return out


def record_of(source: str) -> Path | None:
    """The run record a photo's truth names as its source (made again if need be), or None
    for a random play."""
    if source.startswith("examples/"):
        return ROOT / source
    sim = re.fullmatch(r"sim-(easy|hard|super-hard)-(None|\d+)-(\d+)-(\w+)\.yaml", source)
    if sim is None:
        return None
    mode, variant, seed, strategy = sim.groups()
    return simulated_record(mode, None if variant == "None" else int(variant), int(seed),
                            strategy)


def filled_form(record: Path, paper: str, lang: str) -> Path:
    """The fillable sheet filled from a record: what the photo's sheet says, as a PDF.

    An endgame longer than the sheet's log goes on on the back of the paper: the front shows
    its first rounds, so the form is filled from the record cut to them (`--force`: cut, the
    record is unfinished)."""
    args = ["--fillable", "--from", str(record), "--paper", paper, "--lang", lang]
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    mode, variant = _record_mode(record)
    rounds = _log_rounds(Sheet(mode, paper, lang, variant))
    attempts = [a for key in ("escape_attempts", "trigger_attempts")
                for a in data.get(key) or []]
    if all(a["round"] <= rounds for a in attempts):
        # `sheet --from` of a longer run draws an older layout with a longer log, which
        # is not the sheet a player plays on: such a run is cut below
        try:
            return _sheet_pdf(args, [record])
        except RuntimeError as err:
            held = re.search(r"the sheet's log holds (\d+) rounds", str(err))
            if held is None:
                raise
            rounds = int(held.group(1))
    for key in ("escape_attempts", "trigger_attempts"):
        data[key] = [a for a in data.get(key) or [] if a["round"] <= rounds]
    front = _cache_dir() / f"front-{rounds}-{record.name}"
    front.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return _sheet_pdf(["--fillable", "--from", str(front), "--force", "--paper", paper,
                       "--lang", lang], [front])


def _log_rounds(sheet: Sheet) -> int:
    """The rounds the endgame log of the blank sheet (today's layout) holds."""
    boxes, _, _ = form_fields(_sheet_pdf(["--fillable", *sheet.args()]), PT)
    return max((int(m.group(1)) for name in boxes
                if (m := re.match(r"round-(\d+)-", name))), default=0)


def play_record(record: Path, paper: str, lang: str, dpi: int) -> tuple[Play, dict[str, Box]]:
    """The fields a run record fills, read back from `printkit sheet --fillable --from`."""
    mode, variant = _record_mode(record)
    sheet = Sheet(mode, paper, lang, variant)
    boxes, values, _ = form_fields(filled_form(record, paper, lang), dpi)
    marked = {name: (values[name] == "/Yes" if box.kind == "check" else bool(values[name]))
              for name, box in boxes.items()}
    texts = {name: _aids_in(lang, values[name]) if name.startswith("round-") else values[name]
             for name, box in boxes.items() if box.kind == "text" and values[name]}
    try:
        source = str(record.relative_to(ROOT))
    except ValueError:
        source = record.name
    return Play(sheet, marked, texts, source), boxes


#: The aid words a Spanish or French sheet prints (layout 3), which its player writes; the
#: filled form keeps the record's English notation.
AID_WORDS = {"es": {"flip": "girar", "re-roll": "relanzar"},
             "fr": {"flip": "retourner", "re-roll": "relancer"}}


def _aids_in(lang: str, text: str) -> str:
    """An endgame attempt as a player of a sheet in `lang` writes it: `R2 Y5; girar Y5`."""
    words = AID_WORDS.get(lang, {})
    return " ".join(words.get(w, w) for w in text.split(" "))


def _random_dice(rng: np.random.Generator) -> str:
    dice = [f"{rng.choice(list('RBY'))}{rng.integers(1, 7)}" for _ in range(rng.integers(2, 5))]
    text = " ".join(dice)
    if rng.random() < 0.3:
        text += f"; {rng.choice(['-1', '+1'])} {dice[0]}"
    return text


def play_random(sheet: Sheet, rng: np.random.Generator, dpi: int) -> tuple[Play, dict[str, Box]]:
    """A random set of fields marked (no game's rules): each box has an even chance."""
    boxes, _, _ = form_fields(_sheet_pdf(["--fillable", *sheet.args()]), dpi)
    share = float(rng.uniform(0.15, 0.6))
    marked: dict[str, bool] = {}
    values: dict[str, str] = {}
    for name, box in boxes.items():
        marked[name] = bool(rng.random() < share)
        if marked[name] and box.kind == "text":
            if name.startswith("round-"):
                values[name] = _random_dice(rng)
            elif name == "date":
                values[name] = f"{rng.integers(1, 29)}/{rng.integers(1, 13)}"
            else:
                values[name] = str(rng.integers(0, 31))
    return Play(sheet, marked, values, "random"), boxes


# ---------------------------------------------------------------- strokes and ink

# A stroke font: each glyph a list of polylines in a box 0..1 (x right, y down).
_ZERO = [[(0.5, 0), (0.12, 0.18), (0.05, 0.5), (0.15, 0.85), (0.5, 1), (0.85, 0.82),
          (0.95, 0.5), (0.86, 0.16), (0.5, 0)]]
GLYPHS: dict[str, list[list[tuple[float, float]]]] = {
    "0": _ZERO,
    "O": _ZERO,
    "1": [[(0.25, 0.22), (0.6, 0), (0.6, 1)]],
    "2": [[(0.1, 0.25), (0.3, 0.02), (0.7, 0.02), (0.9, 0.25), (0.8, 0.5), (0.1, 1),
           (0.95, 1)]],
    "3": [[(0.1, 0.1), (0.5, 0), (0.85, 0.2), (0.5, 0.48), (0.9, 0.7), (0.6, 1), (0.1, 0.9)]],
    "4": [[(0.7, 1), (0.7, 0), (0.05, 0.7), (0.95, 0.7)]],
    "5": [[(0.9, 0), (0.2, 0), (0.15, 0.45), (0.6, 0.4), (0.9, 0.65), (0.7, 0.95),
           (0.1, 0.9)]],
    "6": [[(0.8, 0.05), (0.3, 0.2), (0.1, 0.6), (0.3, 1), (0.75, 0.95), (0.85, 0.65),
           (0.5, 0.5), (0.15, 0.65)]],
    "7": [[(0.05, 0), (0.95, 0), (0.4, 1)]],
    "8": [[(0.5, 0.48), (0.15, 0.25), (0.5, 0), (0.85, 0.25), (0.5, 0.48), (0.1, 0.75),
           (0.5, 1), (0.9, 0.75), (0.5, 0.48)]],
    "9": [[(0.85, 0.35), (0.5, 0.5), (0.15, 0.3), (0.4, 0), (0.8, 0.1), (0.85, 0.35),
           (0.7, 1)]],
    "R": [[(0.1, 1), (0.1, 0), (0.7, 0), (0.9, 0.25), (0.7, 0.5), (0.1, 0.5)],
          [(0.5, 0.5), (0.9, 1)]],
    "Y": [[(0.05, 0), (0.5, 0.5), (0.95, 0)], [(0.5, 0.5), (0.5, 1)]],
    "B": [[(0.1, 1), (0.1, 0), (0.65, 0), (0.85, 0.22), (0.65, 0.48), (0.1, 0.48)],
          [(0.65, 0.48), (0.9, 0.72), (0.7, 1), (0.1, 1)]],
    "G": [[(0.9, 0.15), (0.5, 0), (0.1, 0.3), (0.1, 0.7), (0.5, 1), (0.9, 0.8), (0.9, 0.55),
           (0.55, 0.55)]],
    "P": [[(0.1, 1), (0.1, 0), (0.7, 0), (0.9, 0.25), (0.7, 0.5), (0.1, 0.5)]],
    "K": [[(0.1, 0), (0.1, 1)], [(0.9, 0), (0.1, 0.6)], [(0.35, 0.45), (0.9, 1)]],
    "f": [[(0.8, 0.05), (0.5, 0), (0.35, 0.2), (0.35, 1)], [(0.1, 0.4), (0.7, 0.4)]],
    "l": [[(0.5, 0), (0.5, 1)]],
    "i": [[(0.5, 0.4), (0.5, 1)], [(0.5, 0.12), (0.5, 0.17)]],
    "p": [[(0.15, 0.4), (0.15, 1.25)], [(0.15, 0.5), (0.5, 0.38), (0.85, 0.6), (0.5, 0.95),
                                        (0.15, 0.85)]],
    "r": [[(0.2, 0.4), (0.2, 1)], [(0.2, 0.6), (0.5, 0.4), (0.85, 0.42)]],
    "e": [[(0.15, 0.7), (0.85, 0.65), (0.6, 0.4), (0.2, 0.5), (0.2, 0.9), (0.85, 0.95)]],
    "o": [[(0.5, 0.4), (0.15, 0.6), (0.3, 1), (0.75, 0.95), (0.85, 0.6), (0.5, 0.4)]],
    "-": [[(0.15, 0.55), (0.85, 0.55)]],
    "+": [[(0.1, 0.55), (0.9, 0.55)], [(0.5, 0.2), (0.5, 0.9)]],
    ";": [[(0.5, 0.3), (0.5, 0.36)], [(0.5, 0.75), (0.35, 1.1)]],
    ",": [[(0.5, 0.8), (0.35, 1.1)]],
    "/": [[(0.8, 0), (0.2, 1)]],
    ".": [[(0.5, 0.94), (0.5, 1)]],
    ">": [[(0.2, 0.2), (0.8, 0.6), (0.2, 1)]],
    # the letters of a Spanish or French sheet's aid words (girar, relanzar, retourner, relancer)
    "a": [[(0.8, 0.5), (0.5, 0.4), (0.15, 0.6), (0.25, 0.98), (0.6, 0.95), (0.8, 0.7)],
          [(0.8, 0.4), (0.8, 1)]],
    "c": [[(0.85, 0.48), (0.5, 0.4), (0.15, 0.65), (0.35, 1), (0.85, 0.92)]],
    "g": [[(0.8, 0.5), (0.5, 0.4), (0.15, 0.6), (0.3, 0.9), (0.8, 0.75)],
          [(0.8, 0.4), (0.8, 1.1), (0.5, 1.25), (0.15, 1.15)]],
    "n": [[(0.15, 0.4), (0.15, 1)], [(0.15, 0.6), (0.45, 0.4), (0.8, 0.5), (0.8, 1)]],
    "t": [[(0.45, 0.1), (0.45, 0.9), (0.7, 1)], [(0.15, 0.42), (0.8, 0.42)]],
    "u": [[(0.15, 0.4), (0.15, 0.85), (0.45, 1), (0.8, 0.85)], [(0.8, 0.4), (0.8, 1)]],
    "z": [[(0.15, 0.42), (0.85, 0.42), (0.15, 1), (0.85, 1)]],
}


def _squiggle(rng: np.random.Generator) -> list[list[tuple[float, float]]]:
    """A glyph for a letter the stroke font does not have: a hand's small loop."""
    n = int(rng.integers(4, 7))
    return [[(float(x), float(y)) for x, y in zip(np.linspace(0.1, 0.9, n),
                                                   rng.uniform(0.3, 1.0, n))]]


@dataclass
class Pen:
    """An instrument: its ink colour (BGR), stroke width (pixels) and texture."""

    name: str
    color: tuple[int, int, int]
    width: float
    opacity: float
    grain: float  # 0 for a ballpoint's even line, up to ~0.6 for soft pencil on paper


def _wobble(points: Floats, rng: np.random.Generator, amount: float) -> Floats:
    """A hand's line: resampled finely, with a smooth random sideways drift."""
    dense: list[Floats] = []
    for a, b in itertools.pairwise(points):
        steps = max(2, int(np.hypot(*(b - a)) / 3))
        t = np.linspace(0, 1, steps, endpoint=False, dtype=np.float32)[:, None]
        dense.append(a + (b - a) * t)
    dense.append(points[-1:])
    line = np.concatenate(dense).astype(np.float32)
    if amount > 0 and len(line) > 3:
        drift = rng.normal(0, amount, (4, 2))
        t = np.linspace(0, 1, len(line))
        knots = np.linspace(0, 1, 4)
        offset = np.stack([np.interp(t, knots, drift[:, 0]), np.interp(t, knots, drift[:, 1])],
                          axis=1)
        line = line + offset.astype(np.float32)
    return line


class Ink:
    """The marks drawn on one sheet: a coverage layer per pen, composited at the end."""

    SUB = 4  # sub-pixel bits of cv2's anti-aliased lines

    def __init__(self, shape: tuple[int, int], rng: np.random.Generator) -> None:
        self.shape = shape
        self.rng = rng
        self.layers: list[tuple[Pen, Floats]] = []

    def _layer(self, pen: Pen) -> Floats:
        for known, layer in self.layers:
            if known is pen:
                return layer
        layer = np.zeros(self.shape, np.float32)
        self.layers.append((pen, layer))
        return layer

    def stroke(self, pen: Pen, points: Sequence[tuple[float, float]], *,
               wobble: float = 0.6, strength: float = 1.0) -> None:
        line = _wobble(np.array(points, np.float32), self.rng, wobble)
        width = max(1, round(pen.width * float(self.rng.uniform(0.85, 1.15))))
        layer = self._layer(pen)
        # drawn in the stroke's own window of the page, not the whole page
        pad = width + 3
        x0 = max(0, int(line[:, 0].min()) - pad)
        y0 = max(0, int(line[:, 1].min()) - pad)
        x1 = min(self.shape[1], int(line[:, 0].max()) + pad + 1)
        y1 = min(self.shape[0], int(line[:, 1].max()) + pad + 1)
        if x1 <= x0 or y1 <= y0:
            return
        window = layer[y0:y1, x0:x1]
        pts = np.round((line - [x0, y0]) * (1 << self.SUB)).astype(np.int32).reshape(-1, 1, 2)
        # a pencil's pressure changes along a stroke: drawn in pieces, each its own strength
        pieces = int(self.rng.integers(2, 5)) if pen.grain > 0.1 and len(pts) > 8 else 1
        bounds = np.linspace(0, len(pts), pieces + 1).astype(int)
        for a, b in itertools.pairwise(bounds):
            part = pts[max(0, a - 1):b]
            if len(part) < 2:
                continue
            press = strength * (float(self.rng.uniform(0.7, 1.0)) if pieces > 1 else 1.0)
            mask = np.zeros(window.shape, np.uint8)
            cv2.polylines(mask, [part], False, 255, width, cv2.LINE_AA, self.SUB)
            np.maximum(window, mask.astype(np.float32) * (press / 255.0), out=window)

    def smudge(self, pen: Pen, box: Box, strength: float) -> None:
        """What an eraser leaves of a cross: a faint, spread-out cloud of graphite and, in
        it, the cross's ghost; nowhere darker than `strength` of the pen."""
        pad = int(box.w)
        x0, y0 = max(0, int(box.x0) - pad), max(0, int(box.y0) - pad)
        x1, y1 = min(self.shape[1], int(box.x1) + pad), min(self.shape[0], int(box.y1) + pad)
        tmp = np.zeros((y1 - y0, x1 - x0), np.uint8)
        bx0, by0, bx1, by1 = (int(box.x0) - x0 + 2, int(box.y0) - y0 + 2,
                              int(box.x1) - x0 - 2, int(box.y1) - y0 - 2)
        thick = max(2, int(pen.width * 2))
        cv2.line(tmp, (bx0, by0), (bx1, by1), 255, thick)
        cv2.line(tmp, (bx0, by1), (bx1, by0), 255, thick)
        sigma = max(2.0, box.w / 6)
        cloud = cv2.GaussianBlur(tmp.astype(np.float32) / 255.0, (0, 0), sigma)
        cloud *= strength / (float(cloud.max()) or 1.0)
        ghost = cv2.GaussianBlur(tmp.astype(np.float32) / 255.0, (0, 0), 1.0)
        ghost *= strength * float(self.rng.uniform(0.5, 1.0))
        window = self._layer(pen)[y0:y1, x0:x1]
        np.maximum(window, np.maximum(cloud, ghost), out=window)

    def apply(self, image: Image) -> Image:
        out = image.astype(np.float32)
        for pen, layer in self.layers:
            cover = layer * pen.opacity
            if pen.grain > 0:
                small = self.rng.uniform(1 - pen.grain, 1.0,
                                         (self.shape[0] // 2 + 1, self.shape[1] // 2 + 1))
                grain = cv2.resize(small.astype(np.float32), (self.shape[1], self.shape[0]),
                                   interpolation=cv2.INTER_LINEAR)
                cover = cover * grain
            color = np.array(pen.color, np.float32)
            # ink darkens the paper under it (multiply), as graphite and dye do
            out *= 1 - cover[..., None] * (1 - color / 255.0)
        return np.clip(out, 0, 255).astype(np.uint8)


def _pens(profile: str, rng: np.random.Generator, dpi: int) -> Pen:
    mm = dpi / 25.4
    if profile == "hard" or rng.random() < 0.45:
        # the hard set's light pencil darkens the paper by 10-30 %
        dark = float(rng.uniform(0.10, 0.30) if profile == "hard" else rng.uniform(0.35, 0.7))
        grey = max(0, min(255, round(255 * (1 - dark / 0.85))))
        return Pen("pencil", (grey, grey, grey), 0.5 * mm, 0.85,
                   float(rng.uniform(0.25, 0.55)))
    if rng.random() < 0.5:
        return Pen("ballpoint-blue", (150, 60, 25), 0.4 * mm, 0.92, 0.05)
    return Pen("ballpoint-black", (40, 35, 30), 0.4 * mm, 0.92, 0.05)


CHECK_STYLES = ("cross", "diagonal", "tick", "scribble", "filled", "overshoot")


def draw_check(ink: Ink, pen: Pen, box: Box, style: str) -> None:
    """A tick of a check box, in one of the ways players tick."""
    rng = ink.rng
    m = float(rng.uniform(0.08, 0.2))  # inset from the box's edge
    x0, y0 = box.x0 + box.w * m, box.y0 + box.h * m
    x1, y1 = box.x1 - box.w * m, box.y1 - box.h * m
    jit = box.w * 0.05
    w = box.w * 0.02

    def j() -> float:
        return float(rng.normal(0, jit))

    if style == "cross":
        ink.stroke(pen, [(x0 + j(), y0 + j()), (x1 + j(), y1 + j())], wobble=w)
        ink.stroke(pen, [(x1 + j(), y0 + j()), (x0 + j(), y1 + j())], wobble=w)
    elif style == "overshoot":
        # past the box's edge by up to a fifth of its size: into the gap, not the next box
        o = m + float(rng.uniform(0.05, 0.2))
        ox, oy = box.w * o, box.h * o
        ink.stroke(pen, [(x0 - ox, y0 - oy), (x1 + ox * 0.6, y1 + oy * 0.8)], wobble=w)
        ink.stroke(pen, [(x1 + ox * 0.8, y0 - oy * 0.5), (x0 - ox * 0.4, y1 + oy)], wobble=w)
    elif style == "diagonal":
        if rng.random() < 0.5:
            ink.stroke(pen, [(x0 + j(), y1 + j()), (x1 + j(), y0 + j())], wobble=w)
        else:
            ink.stroke(pen, [(x0 + j(), y0 + j()), (x1 + j(), y1 + j())], wobble=w)
    elif style == "tick":
        ink.stroke(pen, [(x0 + j(), y0 + box.h * 0.55), (x0 + box.w * 0.38, y1 + j()),
                         (x1 + j(), y0 + j())], wobble=w)
    elif style == "scribble":
        n = int(rng.integers(4, 8))
        pts = []
        for i in range(n):
            y = y0 + (y1 - y0) * i / (n - 1)
            pts.append((x0 + j(), y + j()) if i % 2 == 0 else (x1 + j(), y + j()))
        ink.stroke(pen, pts, wobble=w)
    elif style == "filled":
        step = max(1.0, pen.width * 0.8)
        n = max(3, int((y1 - y0) / step))
        pts = []
        for i in range(n + 1):
            y = y0 + (y1 - y0) * i / n
            pts += [(x0, y), (x1, y + step / 2)]
        ink.stroke(pen, pts, wobble=w * 0.5)
    else:
        raise ValueError(f"unknown style {style}")


def draw_text(ink: Ink, pen: Pen, box: Box, text: str, slant: float = 0.1) -> None:
    """Handwriting in a box: the stroke font, slanted and jittered, one line per `;`."""
    rng = ink.rng
    lines = [part.strip() for part in text.replace(";", ";\n").split("\n") if part.strip()]
    n_lines = len(lines)
    longest = max(len(line) for line in lines)
    advance = 0.78  # a glyph's advance, in glyph heights
    height = min(box.h * 0.72 / n_lines, box.w * 0.92 / (longest * advance + 0.2))
    height *= float(rng.uniform(0.85, 1.05))
    slant += float(rng.normal(0, 0.03))
    width = height * 0.62
    total_h = height * n_lines * 1.15
    top = box.y0 + (box.h - total_h) / 2 + height * 0.07
    for row, line in enumerate(lines):
        line_w = len(line) * height * advance
        left = box.x0 + max(box.w * 0.04, (box.w - line_w) / 2 + float(rng.normal(0, 0.03))
                            * box.w)
        baseline_tilt = float(rng.normal(0, 0.03))
        y_line = top + row * height * 1.15
        for i, char in enumerate(line):
            if char == " ":
                continue
            glyph = GLYPHS.get(char) or _squiggle(rng)
            gx = left + i * height * advance + float(rng.normal(0, height * 0.03))
            gy = y_line + i * height * advance * baseline_tilt + float(rng.normal(0, height * 0.04))
            scale = float(rng.uniform(0.9, 1.1))
            for poly in glyph:
                pts = [(gx + (x * width + (1 - y) * height * slant) * scale,
                        gy + y * height * scale) for x, y in poly]
                if len(pts) == 2 and math.dist(pts[0], pts[1]) < pen.width:
                    pts[1] = (pts[1][0] + pen.width * 0.5, pts[1][1] + pen.width * 0.5)
                ink.stroke(pen, pts, wobble=height * 0.02)


def ring_food(ink: Ink, pen: Pen, f_box: Box, r_box: Box, crossed: bool) -> None:
    """A ring round a food's name (above its F and R boxes), a line through it when eaten
    twice: ink near the fields, but in none of them."""
    rng = ink.rng
    cx = (f_box.x0 + r_box.x1) / 2 + float(rng.normal(0, f_box.w * 0.2))
    cy = f_box.y0 - 0.95 * f_box.h
    ax, ay = (r_box.x1 - f_box.x0) * 0.42, f_box.h * 0.5
    start = float(rng.uniform(0, 2 * math.pi))
    turn = np.linspace(start, start + 2 * math.pi * float(rng.uniform(1.02, 1.12)), 40)
    ink.stroke(pen, [(cx + ax * math.cos(t), cy + ay * math.sin(t)) for t in turn],
               wobble=f_box.h * 0.04)
    if crossed:
        ink.stroke(pen, [(cx - ax * 0.9, cy + ay * 0.3), (cx + ax * 0.9, cy - ay * 0.3)],
                   wobble=f_box.h * 0.04)


@dataclass
class Played:
    """A sheet marked by hand, flat: the image and what was drawn where."""

    image: Image
    boxes: dict[str, Box]
    marks: dict[str, str]
    erased: list[str]
    pen: str
    #: how much the marking pen darkens the paper under a full stroke (0-1)
    darkness: float = 0.0


def mark_sheet(blank: Image, play: Play, boxes: dict[str, Box], profile: str,
               rng: np.random.Generator, dpi: int) -> Played:
    """Draws the play on the blank sheet with one pen, as one player would."""
    pen = _pens(profile, rng, dpi)
    # some players cross with one pen and write the numbers with another
    writer = _pens(profile, rng, dpi) if rng.random() < 0.2 else pen
    ink = Ink(blank.shape[:2], rng)
    slant = float(rng.uniform(-0.05, 0.25))
    habit = str(rng.choice(["cross", "cross", "diagonal", "tick", "overshoot", "scribble"]))
    marks: dict[str, str] = {}
    for name in sorted(boxes):
        box = boxes[name]
        if not play.marked.get(name):
            continue
        if box.kind == "text":
            text = play.values.get(name) or str(rng.integers(1, 13))
            draw_text(ink, writer, box, text, slant)
            marks[name] = "text"
        else:
            style = habit if rng.random() < 0.75 else str(rng.choice(CHECK_STYLES))
            draw_check(ink, pen, box, style)
            marks[name] = style
    for food in sorted({n[2:] for n in boxes if n.startswith("F-") and n[2:].isalpha()}):
        eaten = [play.marked.get(f"{side}-{food}") for side in "FR"]
        if any(eaten) and rng.random() < 0.6:
            # the rule: circle a food the first time it is eaten, cross it the second
            ring_food(ink, pen, boxes[f"F-{food}"], boxes[f"R-{food}"], all(eaten))
            marks[f"food-{food}"] = "ring"
    erased: list[str] = []
    empty = [name for name in sorted(boxes) if not play.marked.get(name)
             and boxes[name].kind == "check"]
    n_erased = {"hard": int(rng.integers(2, 6)), "photo": int(rng.integers(0, 2)),
                "scan": int(rng.integers(0, 2))}[profile]
    if empty and n_erased:
        graphite = Pen("eraser", (90, 90, 90), pen.width, 1.0, 0.3)
        for index in rng.choice(len(empty), size=min(n_erased, len(empty)), replace=False):
            name = empty[int(index)]
            ink.smudge(graphite, boxes[name], float(rng.uniform(0.03, 0.07)))
            erased.append(name)
    pens = pen.name if writer is pen else f"{pen.name}, {writer.name} for writing"
    darkness = round(pen.opacity * (1 - min(pen.color) / 255.0), 3)
    return Played(ink.apply(blank), boxes, marks, sorted(erased), pens, darkness)


# ---------------------------------------------------------------- the printer


def print_sheet(blank: Image, boxes: dict[str, Box], rng: np.random.Generator
                ) -> tuple[Image, dict[str, Box], dict[str, Any]]:
    """The sheet as a printer puts it on paper: in colour, in grey (a black-and-white
    laser) or faded (low ink), sometimes shrunk to fit the printable area."""
    kind = str(rng.choice(["colour", "colour", "colour", "colour", "grey", "grey", "faded"]))
    out = blank.astype(np.float32)
    if kind == "grey":
        grey = out @ np.array([0.11, 0.59, 0.30], np.float32)  # BGR
        gamma = float(rng.uniform(0.8, 1.2))
        grey = 255 * (grey / 255) ** gamma
        out = np.repeat(grey[..., None], 3, axis=2)
    else:
        gamma = rng.uniform(0.85, 1.15, 3).astype(np.float32)
        out = 255 * (out / 255) ** gamma
        if kind == "faded":
            out = 255 - (255 - out) * float(rng.uniform(0.6, 0.8))
    h, w = blank.shape[:2]
    scale = float(rng.uniform(0.94, 0.985)) if rng.random() < 0.3 else 1.0
    info: dict[str, Any] = {"print": kind, "scale": scale}
    if scale != 1.0:
        dx = float(rng.normal(0, w * 0.004))
        dy = float(rng.normal(0, h * 0.004))
        matrix = np.array([[scale, 0, (1 - scale) * w / 2 + dx],
                           [0, scale, (1 - scale) * h / 2 + dy]], np.float32)
        out = cv2.warpAffine(out, matrix, (w, h), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))
        tx, ty = (1 - scale) * w / 2 + dx, (1 - scale) * h / 2 + dy
        boxes = {name: Box(b.x0 * scale + tx, b.y0 * scale + ty, b.x1 * scale + tx,
                           b.y1 * scale + ty, b.kind)
                 for name, b in boxes.items()}
    return np.clip(out, 0, 255).astype(np.uint8), boxes, info


def fold(page: Floats, rng: np.random.Generator) -> tuple[Floats, float]:
    """A crease across the page, where it was folded in halves or thirds: one side of the
    fold catches the light, the other is in its shade."""
    h = page.shape[0]
    at = float(rng.choice([1 / 3, 1 / 2, 2 / 3])) + float(rng.normal(0, 0.01))
    y = np.arange(h, dtype=np.float32)[:, None] - at * h
    width = h * float(rng.uniform(0.004, 0.012))
    shade = 1 - float(rng.uniform(0.05, 0.15)) * np.exp(-((y / width) ** 2)) * np.sign(y + 1e-3)
    shade = shade - 0.04 * np.exp(-((y / (width * 0.3)) ** 2))
    return page * shade[..., None], at


# ---------------------------------------------------------------- the camera


@dataclass
class Shot:
    """The photo and where the page's corners landed in it (TL, TR, BR, BL as printed)."""

    image: Image
    corners: list[list[float]]
    settings: dict[str, Any] = field(default_factory=dict)


def _lowres_noise(rng: np.random.Generator, size: tuple[int, int], cells: int) -> Floats:
    small = rng.normal(0, 1, (cells, max(2, int(cells * size[0] / size[1])))).astype(np.float32)
    return cv2.resize(small, size, interpolation=cv2.INTER_CUBIC)


def _table(rng: np.random.Generator, size: tuple[int, int]) -> Image:
    """A surface under the page: wood, a painted or cloth-covered table."""
    w, h = size
    kind = str(rng.choice(["wood", "wood", "plain", "cloth", "dark"]))
    base = {"wood": rng.uniform([40, 80, 120], [90, 130, 190]),
            "plain": rng.uniform([120, 120, 120], [200, 200, 200]),
            "cloth": rng.uniform([40, 60, 40], [140, 140, 120]),
            "dark": rng.uniform([20, 20, 20], [60, 60, 60])}[kind]
    tone = _lowres_noise(rng, (w, h), 6) * 0.08 + 1
    if kind == "wood":
        rows = max(8, h // 8)
        grain = cv2.resize(rng.normal(0, 1, (rows, 4)).astype(np.float32), (w, h),
                           interpolation=cv2.INTER_CUBIC)
        angle = float(rng.uniform(-20, 20))
        rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.2)
        grain = cv2.warpAffine(grain, rot, (w, h), borderMode=cv2.BORDER_REFLECT)
        tone = tone + grain * 0.07
    out = base[None, None, :].astype(np.float32) * tone[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _page_homography(rng: np.random.Generator, page: tuple[int, int], out: tuple[int, int],
                     rotation: float, tilt: float, fill: float) -> np.ndarray[Any, Any]:
    """Page pixels -> photo pixels for a camera tilted `tilt`° and turned `rotation`°."""
    pw, ph = page
    w, h = out
    corners = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float64)
    pts3 = np.column_stack([corners - [pw / 2, ph / 2], np.zeros(4)])
    direction = float(rng.uniform(0, 2 * math.pi))
    ax, ay = math.radians(tilt) * math.cos(direction), math.radians(tilt) * math.sin(direction)
    rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)], [0, math.sin(ax), math.cos(ax)]])
    ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0], [-math.sin(ay), 0, math.cos(ay)]])
    rz_a = math.radians(rotation)
    rz = np.array([[math.cos(rz_a), -math.sin(rz_a), 0], [math.sin(rz_a), math.cos(rz_a), 0],
                   [0, 0, 1]])
    turned = pts3 @ (rx @ ry @ rz).T
    distance = max(pw, ph) * 1.6  # a phone's field of view: about 1.6 page heights away
    proj = turned[:, :2] * (distance / (distance + turned[:, 2:3]))
    span = proj.max(axis=0) - proj.min(axis=0)
    scale = fill * min(w / span[0], h / span[1])
    proj = (proj - proj.min(axis=0)) * scale
    span = span * scale
    offset = [rng.uniform(0, w - span[0]), rng.uniform(0, h - span[1])]
    dst = (proj + offset).astype(np.float32)
    return cv2.getPerspectiveTransform(corners.astype(np.float32), dst)


def _light(rng: np.random.Generator, size: tuple[int, int], shadow: tuple[float, float]
           ) -> Floats:
    """Light falling on the scene: a gradient, a vignette and a soft shadow (low-res)."""
    w, h = size
    sw, sh = w // 8, h // 8
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xx /= sw
    yy /= sh
    angle = float(rng.uniform(0, 2 * math.pi))
    ramp = (xx - 0.5) * math.cos(angle) + (yy - 0.5) * math.sin(angle)
    light = 1 + ramp * float(rng.uniform(0.1, 0.35))
    light *= 1 - float(rng.uniform(0.05, 0.2)) * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2) * 2
    darkness = float(rng.uniform(*shadow))
    if darkness > 0:
        mask = np.zeros((sh, sw), np.float32)
        # a blob reaching in from one edge: a hand, a phone, a head
        edge = int(rng.integers(4))
        cx = [rng.uniform(0, 1), 1.0, rng.uniform(0, 1), 0.0][edge] * sw
        cy = [0.0, rng.uniform(0, 1), 1.0, rng.uniform(0, 1)][edge] * sh
        axes = (int(sw * rng.uniform(0.2, 0.5)), int(sh * rng.uniform(0.2, 0.5)))
        cv2.ellipse(mask, (int(cx), int(cy)), axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        soft = max(1.0, sw * float(rng.uniform(0.01, 0.06)))
        mask = cv2.GaussianBlur(mask, (0, 0), soft)
        light *= 1 - darkness * mask
    light *= float(rng.uniform(0.85, 1.05))
    return cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)


def _finish(rng: np.random.Generator, image: Floats, blur: float, noise: float,
            sharpen: bool = False) -> Image:
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    if rng.random() < 0.25:
        length = int(rng.integers(3, 8))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5),
                                      float(rng.uniform(0, 180)), 1)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        kernel /= max(float(kernel.sum()), 1e-6)
        image = cv2.filter2D(image, -1, kernel)
    if sharpen and rng.random() < 0.5:
        # a phone's sharpening: an unsharp mask, with its halos
        soft = cv2.GaussianBlur(image, (0, 0), float(rng.uniform(1.5, 3)))
        amount = float(rng.uniform(0.3, 0.8))
        image = image * (1 + amount) - soft * amount
    if noise > 0:
        image = image + rng.standard_normal(image.shape, dtype=np.float32) * noise
    return np.clip(image, 0, 255).astype(np.uint8)


def photograph(flat: Image, profile: str, rng: np.random.Generator,
               size: tuple[int, int] | None = None) -> Shot:
    """A phone photo of the flat sheet (profiles "photo" and "hard"), 8-12 MP by default."""
    hard = profile == "hard"
    sizes = [(4032, 3024), (4000, 3000), (3264, 2448), (3648, 2736)]
    chosen = sizes[int(rng.integers(len(sizes)))]
    framed = rng.random() < 0.85
    r = rng.random()
    if r < 0.45:
        rotation = float(rng.normal(0, 6))
    elif r < 0.8:
        rotation = float(rng.choice([90, 180, 270]) + rng.normal(0, 6))
    else:
        rotation = float(rng.uniform(0, 360))
    # a player mostly holds the phone the way the sheet lies: upright for a sheet seen
    # upright or upside down, sideways for one seen turned a quarter
    ph, pw = flat.shape[:2]
    tall = abs(math.cos(math.radians(rotation))) >= abs(math.sin(math.radians(rotation)))
    tall = tall == (ph >= pw)
    if tall == framed:
        chosen = (chosen[1], chosen[0])
    size = size or chosen
    w, h = size
    tilt = float(rng.uniform(0, 5))
    fill = float(rng.uniform(0.72, 0.95))
    # paper: a slight tint, and its fibres
    tint = rng.uniform([0.93, 0.95, 0.96], [1.0, 1.0, 1.0]).astype(np.float32)
    page = flat.astype(np.float32) * tint
    crease = None
    if hard and rng.random() < 0.5:
        page, crease = fold(page, rng)
    hom = _page_homography(rng, (pw, ph), (w, h), rotation, tilt, fill)
    table = _table(rng, (w, h)).astype(np.float32)
    # a curl lifting the last fifth to half of the page: its edge moves up to about 8 pt;
    # a phone lens left 1-3.5 % barrel: up to about 5 pt where four markers do not see it
    curl = float(rng.uniform(0.005, 0.02)) if hard else 0.0
    barrel = float(rng.uniform(0.01, 0.035)) if hard else 0.0
    if curl or barrel:
        warped, alpha = _warp_distorted(page, hom, (w, h), curl, barrel, rng)
    else:
        warped = cv2.warpPerspective(page, hom, (w, h), flags=cv2.INTER_LINEAR)
        alpha = cv2.warpPerspective(np.ones((ph, pw), np.float32), hom, (w, h),
                                    flags=cv2.INTER_LINEAR)
    # the page's own shadow on the table
    drop = cv2.GaussianBlur(alpha[::8, ::8], (0, 0), float(rng.uniform(1, 4)))
    drop = cv2.resize(drop, (w, h))
    table *= (1 - 0.35 * drop)[..., None]
    scene = warped * alpha[..., None] + table * (1 - alpha[..., None])
    shadow = (0.15, 0.45) if hard else (0.0, 0.3)
    scene *= _light(rng, (w, h), shadow)[..., None]
    scene *= rng.uniform([0.9, 0.95, 0.92], [1.05, 1.0, 1.08]).astype(np.float32)
    # blurrier than a plain photo, yet a photo a player keeps: past 2 px the QR code and
    # the light pencil are gone for any reader, and a player takes the photo again
    blur = float(rng.uniform(0.8, 1.8)) if hard else float(rng.uniform(0.4, 1.4))
    noise = float(rng.uniform(3, 7)) if hard else float(rng.uniform(1.5, 4.5))
    image = _finish(rng, scene, blur, noise, sharpen=True)
    corners = cv2.perspectiveTransform(
        np.array([[[0, 0], [pw, 0], [pw, ph], [0, ph]]], np.float32), hom)[0]
    return Shot(image, corners.round(1).tolist(),
                {"rotation": round(rotation % 360, 2), "tilt": round(tilt, 2),
                 "fill": round(fill, 3), "curl": round(curl, 4), "barrel": round(barrel, 4),
                 "blur": round(blur, 2), "noise": round(noise, 2), "size": [w, h],
                 "crease": None if crease is None else round(crease, 3)})


def _warp_distorted(page: Floats, hom: np.ndarray[Any, Any], size: tuple[int, int],
                    curl: float, barrel: float, rng: np.random.Generator
                    ) -> tuple[Floats, Floats]:
    """The page through a lens with barrel distortion, one edge of the paper curled up."""
    w, h = size
    ph, pw = page.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = w / 2, h / 2
    r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / (cx * cx + cy * cy)
    factor = 1 + barrel * r2
    ux = cx + (xx - cx) * factor
    uy = cy + (yy - cy) * factor
    del r2, factor, xx, yy
    inv = np.linalg.inv(hom).astype(np.float32)
    den = inv[2, 0] * ux + inv[2, 1] * uy + inv[2, 2]
    sx = (inv[0, 0] * ux + inv[0, 1] * uy + inv[0, 2]) / den
    sy = (inv[1, 0] * ux + inv[1, 1] * uy + inv[1, 2]) / den
    del ux, uy, den
    # the curl: past a line across the page the paper rises; raised paper looks bigger,
    # so the photo samples it closer to the page's middle
    edge = int(rng.integers(4))
    start = float(rng.uniform(0.55, 0.8))
    along = [sy / ph, sx / pw, 1 - sy / ph, 1 - sx / pw][edge]
    lift = np.clip(along - start, 0, None) / (1 - start)
    lift = (lift * lift) * curl
    sx = sx - (sx - pw / 2) * lift
    sy = sy - (sy - ph / 2) * lift
    warped = cv2.remap(page, sx, sy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    alpha = cv2.remap(np.ones((ph, pw), np.float32), sx, sy, cv2.INTER_LINEAR,
                      borderMode=cv2.BORDER_CONSTANT)
    # a curled edge turns away from the light
    shade = 1 - lift * float(rng.uniform(3, 8))
    return warped * np.clip(shade, 0.6, 1)[..., None], alpha


def scan(flat: Image, rng: np.random.Generator, dpi: int) -> Shot:
    """A flatbed scan: the page on the glass, slightly skewed, under a white lid."""
    ph, pw = flat.shape[:2]
    bed_w, bed_h = int(8.5 * dpi), int(11.69 * dpi)
    bed_w, bed_h = max(bed_w, pw + dpi // 10), max(bed_h, ph + dpi // 10)
    skew = float(rng.uniform(-1.5, 1.5))
    turn = 180.0 if rng.random() < 0.2 else 0.0
    angle = skew + turn
    ox = float(rng.uniform(0, max(1, bed_w - pw)))
    oy = float(rng.uniform(0, max(1, bed_h - ph)))
    rot = cv2.getRotationMatrix2D((pw / 2, ph / 2), angle, 1.0)
    rot[0, 2] += ox
    rot[1, 2] += oy
    lid = float(rng.uniform(238, 252))
    page = cv2.warpAffine(flat.astype(np.float32), rot, (bed_w, bed_h), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(lid, lid, lid))
    # the scanner's lamp: a faint streak along the bed
    lamp = 1 - _lowres_noise(rng, (bed_w, bed_h), 3)[..., None] * 0.01
    image = _finish(rng, page * lamp, float(rng.uniform(0.3, 0.7)), float(rng.uniform(0.8, 2)))
    corners = cv2.transform(np.array([[[0, 0], [pw, 0], [pw, ph], [0, ph]]], np.float32),
                            rot)[0]
    return Shot(image, corners.round(1).tolist(),
                {"rotation": round(angle % 360, 2), "size": [bed_w, bed_h], "dpi": dpi})


# ---------------------------------------------------------------- one sample, and sets


@dataclass
class Sample:
    """A synthetic photo, the flat played sheet it was taken of, and the truth."""

    photo: bytes  # JPEG
    flat: Played
    truth: dict[str, Any]


def choose_play(seed: int, rng: np.random.Generator, dpi: int) -> tuple[Play, dict[str, Box]]:
    """The sheet and the game on it, drawn from the seed."""
    paper = "letter" if rng.random() < 0.6 else "a4"
    lang = str(rng.choice(["en", "en", "en", "es", "fr"]))
    source = rng.random()
    if source < 0.35:
        records = sorted(EXAMPLES.glob("*.yaml"))
        record = records[int(rng.integers(len(records)))]
        return play_record(record, paper, lang, dpi)
    mode = str(rng.choice(MODES))
    variant = int(rng.integers(1, 1000)) if rng.random() < 0.3 else None
    if source < 0.85:
        strategy = str(rng.choice(["greedy", "greedy", "careful", "random"]))
        record = simulated_record(mode, variant, seed, strategy)
        return play_record(record, paper, lang, dpi)
    return play_random(Sheet(mode, paper, lang, variant), rng, dpi)


def make_sample(seed: int, profile: str, *, record: Path | None = None,
                sheet: Sheet | None = None, dpi: int | None = None,
                size: tuple[int, int] | None = None) -> Sample:
    """The photo drawn from `seed` in `profile`; a record or sheet given fixes the game.

    `dpi` (the flat render's) and `size` (the photo's) are for quick tests; the sets leave
    them to the seed.
    """
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}: one of {', '.join(PROFILES)}")
    rng = np.random.default_rng([seed, PROFILES.index(profile)])
    if dpi is None:
        dpi = 300 if profile == "scan" else int(rng.choice([200, 250]))
    if record is not None:
        play, boxes = play_record(record, sheet.paper if sheet else "letter",
                                  sheet.lang if sheet else "en", dpi)
    elif sheet is not None:
        play, boxes = play_random(sheet, rng, dpi)
    else:
        play, boxes = choose_play(seed, rng, dpi)
    if rng.random() < 0.5 and not play.marked.get("date"):
        play.marked["date"] = True
        play.values["date"] = f"{rng.integers(1, 29)}/{rng.integers(1, 13)}"
    blank = render(_sheet_pdf(play.sheet.args()), dpi)
    printed, boxes, printer = print_sheet(blank, boxes, rng)
    played = mark_sheet(printed, play, boxes, profile, rng, dpi)
    shot = scan(played.image, rng, dpi) if profile == "scan" else \
        photograph(played.image, profile, rng, size)
    quality = int(rng.integers(85, 96)) if profile == "scan" else int(rng.integers(60, 91))
    ok, jpeg = cv2.imencode(".jpg", shot.image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    truth = {
        "sheet": play.sheet.truth(),
        "fields": {name: bool(play.marked.get(name)) for name in sorted(boxes)},
        "values": {name: play.values[name] for name in sorted(play.values)
                   if play.marked.get(name)},
        "to_type": to_type(boxes, play),
        "profile": profile,
        "seed": seed,
        "source": play.source,
        "pen": played.pen,
        "pen_darkness": played.darkness,
        "marks": played.marks,
        "erased": played.erased,
        "page_corners": shot.corners,
        "camera": {**shot.settings, "jpeg_quality": quality, "render_dpi": dpi},
        "printer": printer,
    }
    return Sample(jpeg.tobytes(), played, truth)


def to_type(boxes: dict[str, Box], play: Play) -> list[str]:
    """The written fields whose value a player types: number circles and endgame attempts."""
    return sorted(name for name, box in boxes.items()
                  if box.kind == "text" and play.marked.get(name)
                  and (re.fullmatch(r"[FR]-[A-Z]+\d+", name)
                       or re.fullmatch(r"round-\d+-(fox|rabbit)(-trap)?", name)))


@dataclass(frozen=True)
class PhotoSet:
    """A named set: its profile and seeds. Dev is for tuning; the others are held out."""

    name: str
    profile: str
    first_seed: int
    count: int
    held_out: bool

    def seeds(self, count: int | None = None) -> range:
        return range(self.first_seed, self.first_seed + (count or self.count))


SETS = {s.name: s for s in (
    PhotoSet("dev-photos", "photo", 100, 12, False),
    PhotoSet("dev-scans", "scan", 200, 6, False),
    PhotoSet("dev-hard", "hard", 300, 12, False),
    # more tuning photos, for the calibration fitted on this generator
    PhotoSet("tune-photos", "photo", 510_000, 30, False),
    PhotoSet("tune-scans", "scan", 520_000, 10, False),
    PhotoSet("tune-hard", "hard", 500_000, 30, False),
    PhotoSet("photos", "photo", 910_000, 30, True),
    PhotoSet("scans", "scan", 920_000, 20, True),
    PhotoSet("hard", "hard", 930_000, 30, True),
    # a second held-out group, made when the first had been read many times: never looked at
    # before its one measurement
    PhotoSet("photos-2", "photo", 960_000, 30, True),
    PhotoSet("hard-2", "hard", 950_000, 30, True),
)}
GROUPS = {"dev": ["dev-photos", "dev-scans", "dev-hard"],
          "tune": ["dev-photos", "dev-scans", "dev-hard", "tune-photos", "tune-scans",
                   "tune-hard"],
          "held-out": ["photos", "scans", "hard"],
          "held-out-2": ["photos-2", "hard-2"]}


def write_sample(sample: Sample, out: Path, stem: str) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    photo, truth = out / f"{stem}.jpg", out / f"{stem}.json"
    photo.write_bytes(sample.photo)
    truth.write_text(json.dumps(sample.truth, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return photo, truth


def make_set(name: str, out: Path, count: int | None = None) -> Iterator[tuple[Path, Path]]:
    """Writes a set's photos and truths into out/NAME (kept when already there)."""
    spec = SETS[name]
    folder = out / name
    for seed in spec.seeds(count):
        stem = f"{name}-{seed}"
        photo, truth = folder / f"{stem}.jpg", folder / f"{stem}.json"
        if not (photo.exists() and truth.exists()):
            photo, truth = write_sample(make_sample(seed, spec.profile), folder, stem)
        yield photo, truth


def outline_truth(sample: Sample) -> Image:
    """The flat played sheet with every field outlined as the truth has it: green marked,
    grey empty, orange erased (empty, a smudge left)."""
    image = sample.flat.image.copy()
    erased = set(sample.flat.erased)
    for name, box in sample.flat.boxes.items():
        color = (0, 160, 0) if sample.truth["fields"][name] else (
            (0, 140, 255) if name in erased else (170, 170, 170))
        cv2.rectangle(image, (round(box.x0), round(box.y0)), (round(box.x1), round(box.y1)),
                      color, 2)
    return image


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.photo.synth", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", default=[],
                        help=f"a set ({', '.join(SETS)}) or group ({', '.join(GROUPS)})")
    parser.add_argument("--count", type=int, help="photos per set (default: the set's size)")
    parser.add_argument("--seed", type=int, help="one photo from this seed")
    parser.add_argument("--profile", choices=PROFILES, default="photo")
    parser.add_argument("--record", type=Path, help="play this run record (with --seed)")
    parser.add_argument("--flat", action="store_true",
                        help="also write the flat played sheet, and it with the truth outlined")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.seed is not None:
        sample = make_sample(args.seed, args.profile, record=args.record)
        photo, _ = write_sample(sample, args.out, f"{args.profile}-{args.seed}")
        if args.flat:
            cv2.imwrite(str(args.out / f"{args.profile}-{args.seed}-flat.png"),
                        sample.flat.image)
            cv2.imwrite(str(args.out / f"{args.profile}-{args.seed}-truth.png"),
                        outline_truth(sample))
        print(photo)
        return 0
    names = [n for s in args.set for n in GROUPS.get(s, [s])]
    unknown = [n for n in names if n not in SETS]
    if unknown or not names:
        parser.error(f"give --seed or --set among {', '.join([*SETS, *GROUPS])}")
    for name in names:
        for photo, _ in make_set(name, args.out, args.count):
            print(photo, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
