"""The layout file: a card's size, bleed and safe zone, and its named elements, read strictly.

    [card]
    size = "poker"            # poker, bridge, tarot, mini, square, or [63, 88] (mm)
    bleed = "3mm"
    safe = "3mm"
    background = "#f5efe0"    # a colour, or "{column}"
    back = "plain"            # one of [backs], or "{column}" naming one per card

    [elements.title]          # drawn in the order written
    kind = "text"             # text, rect, circle, star, image, icon or arc
    x = "6mm"                 # mm (a bare number), pt, in, or % of the card
    ...

    [backs.plain]
    background = "#203040"
    [backs.plain.elements.logo]
    ...

Every key is checked: an unknown one is named with the keys accepted there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from printkit import strict_toml
from printkit.draw.paper import INCH, MM
from printkit.errors import TemplateError
from printkit.message import quoted
from printkit.products.cards.expr import Condition, parse

Kind = Literal["text", "rect", "circle", "star", "image", "icon", "arc"]
KINDS: tuple[Kind, ...] = ("text", "rect", "circle", "star", "image", "icon", "arc")
ALIGNS = ("left", "center", "right")
VALIGNS = ("top", "middle", "bottom")
FITS = ("none", "shrink")
CASES = ("none", "upper", "lower", "first")
SPACINGS = ("angle", "gaps")
MAX_REPEAT = 1000
#: trim sizes in mm, as the card printers sell them
SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (69.85, 120.65),
    "mini": (44.45, 63.5),
    "square": (63.5, 63.5),
}
_TERM = re.compile(r"\s*([+-])?\s*(\d+(?:\.\d+)?)?\s*(mm|pt|in|%|safe)?\s*")
_UNITS = {"mm": MM, "pt": 1.0, "in": INCH}
_CARD_KEYS = ("title", "size", "bleed", "safe", "background", "back", "font", "color", "name")
_COMMON = ("kind", "when", "mirror", "rotation", "repeat", "step_x", "step_y", "around",
           "each", "rows", "spacing", "places", "below", "centred", "opacity")
_BOX = ("x", "y", "width", "height", "bottom")
_ELEMENT_KEYS: dict[str, tuple[str, ...]] = {
    "text": (*_COMMON, *_BOX, "text", "font", "size", "color", "align", "valign", "fit",
             "min_size", "leading", "wrap", "icon_fill", "case", "size_group"),
    "rect": (*_COMMON, *_BOX, "fill", "stroke", "stroke_width", "radius"),
    "circle": (*_COMMON, "x", "y", "radius", "fill", "stroke", "stroke_width"),
    "star": (*_COMMON, "x", "y", "radius", "points", "inner", "fill", "stroke", "stroke_width"),
    "image": (*_COMMON, *_BOX, "file"),
    "icon": (*_COMMON, *_BOX, "icon", "color", "fill", "accent", "stroke_width"),
    "arc": (*_COMMON, "x", "y", "width", "fill", "stroke", "stroke_width"),
}
MAX_ROWS_BYTES = 1_000_000


@dataclass(frozen=True)
class Length:
    """A length as written: a sum of mm, pt, in, % of the card's side, and the safe margin.

    "6mm", 6 (mm), "12pt", "50%", "safe + 2pt", "50% - 10mm", "100% - 2safe".
    """

    points_: float = 0.0   # the fixed part, in points
    percent: float = 0.0   # of the card's width (x, width, radius) or height (y, height)
    safes: float = 0.0     # how many safe margins

    @property
    def unit(self) -> str:
        """Return '%' for a length that is only a share of the card, else ''."""
        return "%" if self.percent and not self.points_ and not self.safes else ""

    def points(self, side: float, safe: float = 0.0) -> float:
        """Return the length in points; `side` is what 100 % is, `safe` the safe margin."""
        return self.points_ + self.percent / 100 * side + self.safes * safe


ZERO = Length()


@dataclass(frozen=True)
class Element:
    """One named element of a card: what it is, where, its style, and when it is drawn."""

    name: str
    kind: Kind
    where: str = ""      # its key in the file, for messages: elements.title
    x: Length = ZERO
    y: Length = ZERO
    width: Length = Length(percent=100.0)
    height: Length = Length(percent=100.0)
    radius: Length = Length(5.0 * MM)
    text: str = ""
    font: str = ""
    size: float = 10.0
    color: str = ""
    fill: str = ""
    stroke: str = ""
    accent: str = ""
    icon_fill: str = ""  # a text's inline icons' fill (their outline is the text's colour)
    stroke_width: float = 0.75
    align: str = "left"
    valign: str = "top"
    fit: str = "none"
    min_size: float = 6.0
    leading: float = 1.15
    wrap: bool = True
    rotation: float = 0.0
    mirror: bool = False
    file: str = ""
    icon: str = ""
    when: Condition | None = None
    case: str = "none"   # a text's letters as written, or all capitals or small letters
    points: int = 5      # a star's points
    inner: float = 0.45  # a star's inner corners, as a share of its radius
    repeat: int = 1      # how many times the element is drawn
    step_x: Length = ZERO  # each copy moved this much right (and down) from the one before
    step_y: Length = ZERO
    around: Length = ZERO  # or: the copies' centres evenly round a circle of this radius
    spacing: str = "angle"  # round the circle: equal angles, or equal gaps between copies
    each: str = ""       # a copy per item of this comma-separated list ({each} in a copy)
    rows: tuple[tuple[tuple[str, str], ...], ...] = ()  # or a copy per row of a CSV file
    rows_file: str = ""  # that file, as written
    places: str = ""     # draw at the copies' places of this element (round its circle)
    below: str = ""      # y is measured from the bottom of this element as drawn
    bottom: Length | None = None  # the box's bottom edge, instead of its height
    size_group: str = ""  # texts of one group are set at one size, the largest all fit
    centred: bool = False  # the run of stepped copies centred where one copy would be
    opacity: float = 1.0   # seen through: 0 invisible, 1 opaque

    @property
    def copied(self) -> bool:
        """Return whether the element is drawn several times (repeat, each or rows)."""
        return self.repeat > 1 or bool(self.each) or bool(self.rows_file)


@dataclass(frozen=True)
class Face:
    """A side's design: its background and its elements in drawing order."""

    background: str
    elements: tuple[Element, ...]


@dataclass(frozen=True)
class Layout:
    """A checked layout file, and the folder its fonts, images and icons are found in."""

    source: str
    folder: Path
    width_mm: float
    height_mm: float
    bleed_mm: float
    safe_mm: float
    face: Face
    backs: tuple[tuple[str, Face], ...] = ()
    back: str = ""                 # a back's name, or "{column}"
    font: str = "Lato-Regular"     # the text elements' font where they name none
    color: str = "#1d1d1f"         # and their colour
    name: str = ""                 # how a card is called: "{column}" (default: the first column)
    fonts: tuple[tuple[str, str], ...] = field(default=())
    title: str = ""                # the deck's name (default: the layout's folder's name)

    def back_face(self, name: str) -> Face:
        for key, face in self.backs:
            if key == name:
                return face
        raise KeyError(name)

    @property
    def back_names(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.backs)


_SAY_LENGTH = ("a length such as 3 (mm), \"3mm\", \"9pt\", \"0.5in\", \"50%\", "
               "\"safe + 2mm\" or \"100% - 8mm\"")


def length(value: Any, where: str) -> Length:
    """Return a length written as a number (mm) or text: a sum of mm, pt, in, % and safe."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TemplateError(f"{where} must be {_SAY_LENGTH}")
    if isinstance(value, (int, float)):
        return Length(float(value) * MM)
    fixed = percent = safes = 0.0
    pos, first = 0, True
    text = value.strip()
    while pos < len(text):
        m = _TERM.match(text, pos)
        sign, number, unit = (m.group(1), m.group(2), m.group(3)) if m else (None, None, None)
        if (m is None or m.end() == pos or (number is None and unit != "safe")
                or (sign is None and not first)):
            raise TemplateError(f"{where} must be {_SAY_LENGTH} (not {quoted(value)})")
        amount = float(number or 1) * (-1 if sign == "-" else 1)
        if unit == "%":
            percent += amount
        elif unit == "safe":
            safes += amount
        else:
            fixed += amount * _UNITS[unit or "mm"]
        pos, first = m.end(), False
    if first:
        raise TemplateError(f"{where} must be {_SAY_LENGTH} (not {quoted(value)})")
    return Length(fixed, percent, safes)


def _mm(value: Any, where: str, high: float) -> float:
    found = length(value, where)
    if found.percent or found.safes:
        raise TemplateError(f"{where} must be in mm, pt or in")
    mm = found.points(0) / MM
    if not 0 <= mm <= high:
        raise TemplateError(f"{where} must be from 0 to {high:g} mm (not {mm:g} mm)")
    return mm


def _colour(value: Any, where: str) -> str:
    """Return a colour as written: '#rrggbb', 'none', or a '{column}' filled in per card."""
    text = strict_toml.text(value, where, 100)
    if "{" not in text and text != "none" and not re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        raise TemplateError(f"{where} must be a colour '#rrggbb', 'none' or '{{column}}' "
                            f"(not {quoted(text)})")
    return text


def _rows(folder: Path, file: str, where: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """Return the rows of a CSV file beside the layout, each as (column, value) pairs."""
    from printkit.products.cards.data import csv_rows, sheet_from_rows
    from printkit.reading import read_bytes

    path = folder / file
    if not path.is_file():
        raise TemplateError(f"{where}: the file {quoted(file)} does not exist beside the layout")
    try:
        sheet = sheet_from_rows(csv_rows(read_bytes(path, "a rows file",
                                                    max_bytes=MAX_ROWS_BYTES), file), file)
    except TemplateError as err:
        raise TemplateError(f"{where}: {err}") from None
    return tuple(row.values for row in sheet.rows)


def _element(name: str, value: Any, where: str, folder: Path) -> Element:
    data = strict_toml.table(value, where)
    if "kind" not in data:
        raise TemplateError(f"{where}: missing key 'kind' (one of {', '.join(KINDS)})")
    kind = data["kind"]
    if kind not in KINDS:
        raise TemplateError(f"{where}.kind: unknown element kind {quoted(kind)}; the kinds are "
                            f"{', '.join(KINDS)}")
    strict_toml.check_keys(data, _ELEMENT_KEYS[kind], where)
    args: dict[str, Any] = {"name": name, "kind": kind, "where": where}
    for key, raw in data.items():
        at = f"{where}.{key}"
        if key in ("x", "y", "width", "height", "radius", "step_x", "step_y", "around",
                   "bottom"):
            args[key] = length(raw, at)
        elif key in ("text", "font", "file", "icon", "each"):
            args[key] = strict_toml.text(raw, at, 2000)
        elif key in ("places", "below", "size_group"):
            args[key] = strict_toml.text(raw, at, 100)
        elif key == "spacing":
            args[key] = strict_toml.choice(raw, at, SPACINGS)
        elif key == "rows":
            args["rows_file"] = strict_toml.text(raw, at, 200)
            args[key] = _rows(folder, args["rows_file"], at)
        elif key in ("color", "fill", "stroke", "accent", "icon_fill"):
            args[key] = _colour(raw, at)
        elif key in ("size", "min_size"):
            args[key] = strict_toml.number(raw, at, 1, 400)
        elif key == "stroke_width":
            args[key] = strict_toml.number(raw, at, 0, 50)
        elif key == "leading":
            args[key] = strict_toml.number(raw, at, 0.5, 3)
        elif key == "rotation":
            args[key] = strict_toml.number(raw, at, -360, 360)
        elif key == "align":
            args[key] = strict_toml.choice(raw, at, ALIGNS)
        elif key == "valign":
            args[key] = strict_toml.choice(raw, at, VALIGNS)
        elif key == "fit":
            args[key] = strict_toml.choice(raw, at, FITS)
        elif key == "case":
            args[key] = strict_toml.choice(raw, at, CASES)
        elif key == "repeat":
            args[key] = strict_toml.whole_number(raw, at, 1, MAX_REPEAT)
        elif key == "points":
            args[key] = strict_toml.whole_number(raw, at, 3, 100)
        elif key == "inner":
            args[key] = strict_toml.number(raw, at, 0.05, 1)
        elif key == "opacity":
            args[key] = strict_toml.number(raw, at, 0, 1)
        elif key in ("mirror", "wrap", "centred"):
            if not isinstance(raw, bool):
                raise TemplateError(f"{at} must be true or false")
            args[key] = raw
        elif key == "when":
            try:
                args[key] = parse(strict_toml.text(raw, at, 500))
            except TemplateError as err:
                raise TemplateError(f"{at}: {err}") from None
    if kind == "text" and "text" not in data:
        raise TemplateError(f"{where}: missing key 'text'")
    if kind == "image" and "file" not in data:
        raise TemplateError(f"{where}: missing key 'file'")
    if kind == "icon" and "icon" not in data:
        raise TemplateError(f"{where}: missing key 'icon'")
    if "around" in args and ("step_x" in args or "step_y" in args):
        raise TemplateError(f"{where}: 'around' places the copies round a circle; it does not "
                            "go with 'step_x' or 'step_y'")
    copies = [k for k in ("repeat", "each", "rows", "places") if k in data]
    if len(copies) > 1:
        raise TemplateError(f"{where}: {' and '.join(str(quoted(k)) for k in copies)} each say "
                            "which copies are drawn; use one of them")
    if "places" in data and ("step_x" in args or "step_y" in args):
        raise TemplateError(f"{where}: 'places' takes another element's places round its "
                            "circle; it does not go with 'step_x' or 'step_y'")
    if "centred" in data and "around" in data:
        raise TemplateError(f"{where}.centred: copies round a circle are centred on it "
                            "already; 'centred' is for copies moved by 'step_x' and 'step_y'")
    if "spacing" in data and "around" not in data:
        raise TemplateError(f"{where}.spacing: only copies placed 'around' a circle are spaced")
    if kind == "arc" and "places" not in data:
        raise TemplateError(f"{where}: an arc runs along another element's copies round a "
                            "circle: it needs 'places'")
    if "bottom" in data and "height" in data:
        raise TemplateError(f"{where}: 'bottom' and 'height' both say where the box ends; "
                            "use one of them")
    if "min_size" in args and args["min_size"] > args.get("size", 10.0):
        raise TemplateError(f"{where}.min_size must not be above size")
    return Element(**args)


def _face(data: dict[str, Any], where: str, background: str, folder: Path) -> Face:
    strict_toml.check_keys(data, ("background", "elements"), where)
    bg = _colour(data.get("background", background), f"{where}.background")
    elements = strict_toml.table(data.get("elements", {}), f"{where}.elements")
    prefix = f"{where}.elements" if where else "elements"
    face = Face(bg, tuple(_element(n, v, f"{prefix}.{n}", folder)
                          for n, v in elements.items()))
    _check_references(face)
    return face


def _check_references(face: Face) -> None:
    """Check that `below` names an element written before and `places` one round a circle."""
    seen: dict[str, Element] = {}
    every = {el.name: el for el in face.elements}
    for el in face.elements:
        if el.below and el.below not in seen:
            said = ("comes after it" if el.below in every else "is not an element of this side")
            raise TemplateError(f"{el.where}.below: {quoted(el.below)} {said}; an element is "
                                "placed below one drawn before it")
        if el.places:
            leader = every.get(el.places)
            if leader is None or leader is el:
                raise TemplateError(f"{el.where}.places: {quoted(el.places)} is not another "
                                    "element of this side")
            if leader.places or leader.around == ZERO or not leader.copied:
                raise TemplateError(f"{el.where}.places: {quoted(el.places)} must be copied "
                                    "round a circle itself (with 'around' and 'repeat', 'each' or "
                                    "'rows')")
        seen[el.name] = el


def parse_layout(data: dict[str, Any], source: str, folder: Path) -> Layout:
    """Return the layout in parsed TOML `data`, or raise a TemplateError naming file and key."""
    try:
        return _parse(data, source, folder)
    except TemplateError as err:
        raise TemplateError(f"{source}: {err}") from None


def _parse(data: dict[str, Any], source: str, folder: Path) -> Layout:
    strict_toml.check_keys(data, ("card", "elements", "backs", "fonts"), "the file",
                           required=("card", "elements"))
    card = strict_toml.table(data["card"], "[card]")
    strict_toml.check_keys(card, _CARD_KEYS, "[card]")
    size = card.get("size", "poker")
    if isinstance(size, str):
        if size not in SIZES:
            raise TemplateError(f"[card] size must be one of {', '.join(SIZES)} or "
                                f"[width, height] in mm (not {quoted(size)})")
        width, height = SIZES[size]
    elif isinstance(size, list) and len(size) == 2:
        width = _mm(size[0], "[card] size width", 300)
        height = _mm(size[1], "[card] size height", 300)
        if width < 20 or height < 20:
            raise TemplateError("[card] size must be at least 20 × 20 mm")
    else:
        raise TemplateError("[card] size must be a name or [width, height] in mm")
    bleed = _mm(card.get("bleed", "3mm"), "[card] bleed", 10)
    safe = _mm(card.get("safe", "3mm"), "[card] safe", min(width, height) / 3)
    background = _colour(card.get("background", "#ffffff"), "[card] background")
    face = _face({"background": background, "elements": data["elements"]}, "", background,
                 folder)
    backs_table = strict_toml.table(data.get("backs", {}), "[backs]")
    backs = tuple((n, _face(strict_toml.table(v, f"backs.{n}"), f"backs.{n}", "#ffffff",
                            folder))
                  for n, v in backs_table.items())
    back = strict_toml.text(card["back"], "[card] back", 100) if "back" in card else ""
    if back and "{" not in back and back not in dict(backs):
        raise TemplateError(f"[card] back {quoted(back)} is not one of the [backs] "
                            f"({', '.join(dict(backs)) or 'none written'})")
    if not back and backs:
        back = backs[0][0]
    fonts_table = strict_toml.table(data.get("fonts", {}), "[fonts]")
    fonts = tuple((n, strict_toml.text(v, f"[fonts] {n}", 200)) for n, v in fonts_table.items())
    return Layout(source, folder, width, height, bleed, safe, face, backs, back,
                  strict_toml.text(card.get("font", "Lato-Regular"), "[card] font", 100),
                  _colour(card.get("color", "#1d1d1f"), "[card] color"),
                  strict_toml.text(card["name"], "[card] name", 200) if "name" in card else "",
                  fonts,
                  strict_toml.text(card["title"], "[card] title", 60) if "title" in card else "")


def read_layout(path: Path) -> Layout:
    """Return the layout file at `path`, checked; its assets are found beside it."""
    data = strict_toml.read_toml(path, "the layout")
    return parse_layout(data, str(path), path.resolve().parent)
