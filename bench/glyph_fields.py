"""The glyph model's training fields (bench/train_glyphs.py): a hand's glyphs written into the
written fields of the blank sheets printkit prints, photographed, and cut into the runs of
pieces the reader tries, each labelled with the glyph it holds or "no glyph".

The hands: ours (`bench/glyph_hand.py`), the first photo generator's (`bench/photo/synth.py`)
and the second's (`bench/photo2/glyphs.py`); the real digits are `bench/glyph_digits.py`'s.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import glyph_digits, glyph_hand  # noqa: E402
from printkit.scan import seen_ink, spelling, strokes  # noqa: E402
from printkit.scan.glyphs import CLASSES, NONE  # noqa: E402
from printkit.scan.layout import blank_image, layout  # noqa: E402

SCALE = 2.0       # the flattened page's pixels a point (scan.params.DEFAULT.scale)
SUPER = 4         # strokes drawn this many times finer, then shrunk
#: The sheets whose fields the glyphs are written into (map, mode, paper, language, layout).
SHEETS = (("classic", "easy", "letter", "en", 2), ("classic", "hard", "a4", "fr", 2),
          ("classic", "super-hard", "letter", "es", 2), ("classic", "easy", "letter", "en", 1),
          ("classic", "hard", "letter", "es", 3), ("classic", "super-hard", "a4", "en", 3))
#: The aids' words a value may be written with: English's, and the words Spanish and French
#: sheets print (layout 3), each with its aid.
AID_WORDS = (("flip", "flip", 1.0), ("re-roll", "re-roll", 1.0), ("girar", "flip", 1.0),
             ("relanzar", "re-roll", 1.0), ("retourner", "flip", 1.0),
             ("relancer", "re-roll", 1.0))

Hand = Callable[[str, np.random.Generator], tuple[float, list[np.ndarray]]]


# --- the hands ------------------------------------------------------------------------------
def our_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    return glyph_hand.glyph(char, rng)


def photo_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    """The first generator's hand (bench/photo/synth.py): its stroke font, slanted, wobbled."""
    from bench.photo import synth

    polys = synth.GLYPHS.get(char)
    if polys is None:
        raise KeyError(char)
    slant = 0.1 + float(rng.normal(0, 0.03))
    out = []
    for poly in polys:
        pts = np.asarray([(x * 0.62 + (1 - y) * slant, y) for x, y in poly], np.float32)
        out.append(synth._wobble(pts * 40, rng, 0.8).astype(np.float64) / 40)
    return 0.78, out


def photo2_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    """The second generator's hand (bench/photo2/glyphs.py), one glyph of `write`."""
    from bench.photo2 import glyphs as g2

    if char not in g2.GLYPHS:
        raise KeyError(char)
    strokes_ = g2.write(char, 0.0, 1.0, 1.0, rng, slant=float(rng.uniform(0, 0.25)))
    return g2.GLYPHS[char][0] + 0.08, [np.asarray(s, np.float64) for s in strokes_]


HANDS: dict[str, Hand] = {"ours": our_hand, "photo": photo_hand, "photo2": photo2_hand}


# --- the fields ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """A written field of a blank sheet: its kind, and the blank around it (pixels)."""

    kind: str
    blank: np.ndarray
    box: tuple[float, float, float, float]   # the field in the crop, pixels: x, y, w, h
    split: int | None                         # its writing line's row


@cache
def places() -> dict[str, list[Place]]:
    """The written fields of the sheets in SHEETS, by kind, cut from their blank images."""
    out: dict[str, list[Place]] = {}
    for name, mode, paper, lang, version in SHEETS:
        lay = layout(name, mode, paper, lang, version)
        blank = np.asarray(blank_image(name, mode, paper, lang, SCALE, version))
        for f in lay.fields:
            kind = f.kind.name
            if not f.kind.written or kind == "note":
                continue
            crop = strokes.crop(blank, f.box, SCALE, strokes.MARGIN)
            m = strokes.MARGIN * SCALE
            split = strokes.writing_line(crop) if kind == "attempt" else None
            out.setdefault(kind, []).append(
                Place(kind, crop, (m, m, f.box.w * SCALE, f.box.h * SCALE), split))
    return out


@dataclass(frozen=True)
class Written:
    """A field written and photographed: the photo's crop, the blank's, the lines it is
    read on, and each glyph's own ink (its class, and its coverage of the crop's pixels)."""

    photo: np.ndarray
    blank: np.ndarray
    lines: int
    glyphs: list[tuple[str, np.ndarray]]


def value_lines(kind: str, rng: np.random.Generator) -> list[str]:
    """A value to write in a field of a kind, as its lines of text."""
    if rng.random() < 0.35 and kind != "attempt":   # every digit as often as the others
        return ["".join(str(int(d)) for d in rng.integers(0, 10, int(rng.integers(1, 3))))]
    if kind == "circle":
        n = int(rng.integers(1, 37)) if rng.random() < 0.8 else int(rng.integers(0, 100))
        return [str(n)]
    if kind in ("score-part", "score-total"):
        n = int(rng.integers(0, 40)) if rng.random() < 0.8 else int(rng.integers(0, 200))
        return [str(n)]
    colours = "RBY" * 6 + "GOPK"

    def die() -> str:
        face = int(rng.integers(1, 7)) if rng.random() < 0.9 else int(rng.integers(0, 10))
        return f"{colours[int(rng.integers(len(colours)))]}{face}"

    dice = [die() for _ in range(int(rng.integers(1, 7)))]
    aids = []
    language = int(rng.integers(3))   # the aids' words of an English, Spanish, French sheet
    flip, reroll = AID_WORDS[2 * language][0], AID_WORDS[2 * language + 1][0]
    for _ in range(int(rng.choice([0, 0, 1, 1, 1, 2]))):
        kind_ = int(rng.integers(4))
        if kind_ < 2:
            aids.append(f"{'+-'[kind_]}1 {rng.choice(dice)}")
        elif kind_ == 2:
            aids.append(f"{flip} {rng.choice(dice)}")
        else:
            some = [die() for _ in range(int(rng.integers(1, 3)))]
            aids.append(f"{reroll} {' '.join(some)} -> {' '.join(die() for _ in some)}")
    semi = rng.random() < 0.5
    first = " ".join(dice) + (";" if semi and aids else "")
    if not aids:
        return [first]
    rest = [a + (";" if semi and k < len(aids) - 1 else "") for k, a in enumerate(aids)]
    if rng.random() < 0.75:
        return [first, " ".join(rest)]
    return [first, *rest]


def _layout_lines(place: Place, lines: list[str], hand: Hand, rng: np.random.Generator
                  ) -> list[tuple[str, float, float, float, float, list[np.ndarray]]]:
    """Where each glyph goes: (char, x, baseline, height, advance, strokes), pixels."""
    x0, y0, w, h = place.box
    written = [[(c, *hand(c, rng)) if c != " " else (c, 0.35, []) for c in text]
               for text in lines]
    widths = [sum(a for _c, a, _s in line) + 0.3 * len(line) for line in written]
    out = []
    if place.kind == "attempt":
        two = place.split is not None and len(lines) <= 2 and rng.random() < 0.7
        size = h * (rng.uniform(0.28, 0.42) if two else rng.uniform(0.55, 0.85) / len(lines))
        size = min(size, min((w * 0.95) / max(wd, 0.1) for wd in widths))
        for k, line in enumerate(written):
            if two:
                base = (place.split if k == 0 else y0 + h) - rng.uniform(0.5, 3.5)
            else:
                step = h / len(lines)
                base = y0 + step * (k + 0.5) + size / 2 + rng.normal(0, 1)
            x = x0 + rng.uniform(1, 8)
            out += _place_line(line, x, base, size, rng)
    else:
        size = h * rng.uniform(0.42, 0.75)
        size = min(size, w * 0.9 / max(widths[0], 0.1))
        x = x0 + (w - widths[0] * size) / 2 + rng.normal(0, w * 0.05)
        base = y0 + (h + size) / 2 + rng.normal(0, h * 0.05)
        out += _place_line(written[0], x, base, size, rng)
    return out


def _place_line(line: list[tuple[str, float, list[np.ndarray]]], x: float, base: float,
                size: float, rng: np.random.Generator
                ) -> list[tuple[str, float, float, float, float, list[np.ndarray]]]:
    out = []
    drift = rng.normal(0, 0.02)
    for i, (c, advance, strokes_) in enumerate(line):
        s = size * rng.uniform(0.92, 1.08)
        out.append((c, x, base + size * drift * i + rng.normal(0, 0.03 * size), s, advance,
                    strokes_))
        x += s * (advance + (rng.uniform(0.1, 0.35) if rng.random() < 0.8 else
                             rng.uniform(-0.05, 0.1)))
    return out


def write_field(place: Place, lines: list[str], hand: Hand, rng: np.random.Generator,
                digits: list[np.ndarray] | None = None, vary: bool = False) -> Written:
    """A field written in a hand (or its digits stamped from real ones) and photographed;
    `vary`: the pen pressed harder or lighter from glyph to glyph and along each stroke, and
    the real digits distorted (the training's; the measures write as the hands write)."""
    hh, ww = place.blank.shape
    width = float(rng.uniform(0.7, 2.4)) * SUPER     # the pen, in fine pixels
    owned: list[tuple[str, np.ndarray]] = []
    for c, x, base, size, _adv, strokes_ in _layout_lines(place, lines, hand, rng):
        if c == " ":
            continue
        layer = np.zeros((hh * SUPER, ww * SUPER), np.float32)
        if digits is not None and c.isdigit():
            bitmap = digits[int(c)]
            glyph_digits.stamp(layer, glyph_digits.distorted(bitmap, rng) if vary else bitmap,
                               x, base, size, rng)
        else:
            pressed = width * float(rng.uniform(0.7, 1.35)) if vary else width
            gaps = float(rng.uniform(0.04, 0.2)) if vary and rng.random() < 0.3 else 0.0
            for s in strokes_:
                pts = np.column_stack([x + s[:, 0] * size, base - (1 - s[:, 1]) * size])
                if vary:
                    _pressed(layer, pts * SUPER, pressed, rng, gaps)
                else:
                    cv2.polylines(layer, [np.round(pts * SUPER).astype(np.int32)], False,
                                  1.0, max(1, round(width)), cv2.LINE_AA)
        owned.append((c, cv2.resize(layer, (ww, hh), interpolation=cv2.INTER_AREA)))
    if rng.random() < 0.25:   # a stray mark
        layer = np.zeros((hh * SUPER, ww * SUPER), np.float32)
        px, py = rng.uniform(0, ww), rng.uniform(0, hh)
        dx, dy = rng.normal(0, 3, 2)
        cv2.line(layer, (round(px * SUPER), round(py * SUPER)),
                 (round((px + dx) * SUPER), round((py + dy) * SUPER)), 1.0,
                 max(1, round(width)), cv2.LINE_AA)
        owned.append((NONE, cv2.resize(layer, (ww, hh), interpolation=cv2.INTER_AREA)))
    return Written(_photograph(place.blank, owned, rng), place.blank,
                   2 if place.kind == "attempt" else 1, [o for o in owned if o[0] != NONE])


def _pressed(layer: np.ndarray, pts: np.ndarray, width: float, rng: np.random.Generator,
             gaps: float = 0.0) -> None:
    """A stroke drawn segment by segment, its width swelling and thinning along it, a share
    `gaps` of its segments left out (a light pencil's stroke the paper's grain breaks)."""
    phase, waves, depth = rng.uniform(0, 2 * np.pi), rng.uniform(0.5, 2.5), rng.uniform(0, 0.4)
    if len(pts) == 1:
        pts = np.vstack([pts, pts])
    at = np.round(pts).astype(np.int32)
    for k in range(len(at) - 1):
        if gaps and rng.random() < gaps:
            continue
        w = width * (1 + depth * np.sin(phase + 2 * np.pi * waves * k / len(at)))
        cv2.line(layer, (int(at[k, 0]), int(at[k, 1])), (int(at[k + 1, 0]), int(at[k + 1, 1])),
                 1.0, max(1, round(w)), cv2.LINE_AA)


def _photograph(blank: np.ndarray, owned: list[tuple[str, np.ndarray]],
                rng: np.random.Generator) -> np.ndarray:
    """The field as a phone's photo flattened to the page shows it."""
    hh, ww = blank.shape
    page = 1.0 - (1.0 - blank.astype(np.float32) / 255.0) * rng.uniform(0.55, 1.0)
    dark = float(rng.uniform(0.12, 0.9))
    cover = np.zeros((hh, ww), np.float32)
    for _c, layer in owned:
        cover = np.maximum(cover, layer)
    seen = page * (1.0 - dark * np.clip(cover, 0, 1))
    ys, xs = np.mgrid[0:hh, 0:ww].astype(np.float32)
    light = rng.uniform(0.7, 1.0) * (1 + rng.normal(0, 0.03) * xs / ww + rng.normal(0, 0.03)
                                     * ys / hh)
    seen = seen * light
    shift = np.float32([[1, 0, rng.uniform(-1, 1)], [0, 1, rng.uniform(-1, 1)]])
    seen = cv2.warpAffine(seen, shift, (ww, hh), borderMode=cv2.BORDER_REPLICATE)
    seen = cv2.GaussianBlur(seen, (0, 0), float(rng.uniform(0.3, 1.2)))
    seen = seen + rng.normal(0, rng.uniform(0.004, 0.03), seen.shape).astype(np.float32)
    photo = np.clip(seen * 255, 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        _ok, jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY,
                                                int(rng.integers(55, 95))])
        photo = cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)
    return photo


# --- the samples a field gives ---------------------------------------------------------------
def samples(written: Written) -> Iterator[tuple[np.ndarray, int]]:
    """Every run of pieces the reader tries in the field, labelled: the glyph it holds
    (most of that glyph's ink, and little else), else "no glyph"."""
    found = strokes.field_ink(written.photo, written.blank, written.lines, SCALE)
    inked = found.labels > 0
    near = np.ones((5, 5), np.uint8)   # a glyph's ink, blurred by the camera
    owners = [(c, cv2.dilate((layer > 0.05).astype(np.uint8), near) > 0)
              for c, layer in written.glyphs]
    sizes = [int((m & inked).sum()) for _c, m in owners]
    none = CLASSES.index(NONE)
    for run in spelling.tried(found):
        x0, y0, mask = strokes.run_mask(found, found.lines[run.line], run.first, run.last)
        h, w = mask.shape
        label = none
        total = int(mask.sum())
        for (c, m), size in zip(owners, sizes):
            if size == 0:
                continue
            both = int((mask & m[y0:y0 + h, x0:x0 + w]).sum())
            if both >= 0.75 * size and total - both <= 0.2 * total:
                label = CLASSES.index(c if c != "O" else "0")
                break
        yield run.shape.features(), label


def field_samples(count: int, seed: int, hand: Hand | Sequence[Hand],
                  digits: list[list[np.ndarray]] | None = None, vary: bool = False
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The samples of `count` fields written in a hand, or in turn in each of several (a
    third of the circles' digits stamped from UCI bitmaps when `digits` are given), from
    one seed."""
    with seen_ink.against_white():
        return _field_samples(count, seed, hand, digits, vary)


def _field_samples(count: int, seed: int, hand: Hand | Sequence[Hand],
                   digits: list[list[np.ndarray]] | None, vary: bool
                   ) -> tuple[np.ndarray, np.ndarray]:
    """`field_samples`, its fields read as the shipped model's were (`seen_ink.against_white`:
    a score total's strokes against white, not its tint)."""
    hands = [hand] if callable(hand) else list(hand)
    rng = np.random.default_rng(seed)
    kinds = ("circle",) * 4 + ("score-part", "score-total") + ("attempt",) * 5
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for k in range(count):
        kind = kinds[int(rng.integers(len(kinds)))]
        options = places()[kind]
        place = options[int(rng.integers(len(options)))]
        lines = value_lines(kind, rng)
        stamp = None
        if digits is not None and kind != "attempt" and rng.random() < 0.35:
            stamp = [d[int(rng.integers(len(d)))] for d in digits]
        try:
            written = write_field(place, lines, hands[k % len(hands)], rng, stamp, vary)
        except KeyError:
            continue
        for x, y in samples(written):
            xs.append(x)
            ys.append(y)
    return np.array(xs, np.float32), np.array(ys, np.int64)


def coarsened(x: np.ndarray, rng: np.random.Generator, share: float) -> np.ndarray:
    """The samples with a share of them given only their coarse grid's detail (the fine
    grid made from it), as the UCI digits are: the model learns to read both."""
    out = x.copy()
    coarse, fine = strokes.GRID ** 2, strokes.FINE ** 2
    for k in np.flatnonzero(rng.random(len(x)) < share):
        grid = x[k, :coarse].reshape(strokes.GRID, strokes.GRID)
        out[k, coarse:coarse + fine] = glyph_digits.finer(grid).ravel()
    return out
