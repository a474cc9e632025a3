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

A file may extend another (`extends = "base.toml"`), an element another element or a
`[styles.NAME]` (`extends = "NAME"`, with `y = "+= 7mm"`): see `inherit`. `[inline_icons]`
names words drawn as icons. Every key is checked: an unknown one is named with the keys
accepted there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from printkit import strict_toml
from printkit.draw.color import Color
from printkit.draw.paper import INCH, MM
from printkit.errors import TemplateError
from printkit.message import quoted
from printkit.products.cards import inherit
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
_TERM = re.compile(r"\s*([+-])?\s*(\d+(?:\.\d+)?)?\s*(mm|pt|in|%|safe|bleed)?\s*")
_UNITS = {"mm": MM, "pt": 1.0, "in": INCH}
_CARD_KEYS = ("title", "size", "bleed", "safe", "background", "back", "font", "color", "name")
_FILE_KEYS = ("card", "elements", "backs", "fonts", "styles", "inline_icons", "extends")
_COMMON = ("kind", "when", "mirror", "rotation", "repeat", "step_x", "step_y", "around",
           "each", "rows", "spacing", "places", "below", "centred", "opacity")
_BOX = ("x", "y", "width", "height", "bottom")
_ELEMENT_KEYS: dict[str, tuple[str, ...]] = {
    "text": (*_COMMON, *_BOX, "text", "font", "size", "color", "align", "valign", "fit",
             "min_size", "leading", "wrap", "icon_fill", "case", "size_group", "inline_icons"),
    "rect": (*_COMMON, *_BOX, "fill", "stroke", "stroke_width", "radius"),
    "circle": (*_COMMON, "x", "y", "radius", "fill", "stroke", "stroke_width"),
    "star": (*_COMMON, "x", "y", "radius", "points", "inner", "fill", "stroke", "stroke_width"),
    "image": (*_COMMON, *_BOX, "file"),
    "icon": (*_COMMON, *_BOX, "icon", "color", "fill", "accent", "stroke_width"),
    "arc": (*_COMMON, "x", "y", "width", "fill", "stroke", "stroke_width"),
}
MAX_ROWS_BYTES = 1_000_000
BLEED_REACH = 0.125 * INCH  # the bleed The Game Crafter, MakePlayingCards and DriveThruCards ask
_LENGTH_KEYS = ("x", "y", "width", "height", "radius", "step_x", "step_y", "around", "bottom")
_NUMBER_KEYS = {"size": (1.0, 400.0), "min_size": (1.0, 400.0), "stroke_width": (0.0, 50.0),
                "leading": (0.5, 3.0), "rotation": (-360.0, 360.0), "opacity": (0.0, 1.0)}
#: the keys a value written "+= X" or "-= X" moves from what it extends
RELATIVE_KEYS = frozenset((*_LENGTH_KEYS, *_NUMBER_KEYS))
_ANY_KEY = tuple(dict.fromkeys(k for keys in _ELEMENT_KEYS.values() for k in keys))


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

    def moved(self, other: Length, sign: int) -> Length:
        """Return this length with `other` added (sign 1) or taken away (sign -1)."""
        return Length(self.points_ + sign * other.points_, self.percent + sign * other.percent,
                      self.safes + sign * other.safes)


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
    inline_icons: bool = True  # a text's words of the layout's [inline_icons] drawn as icons

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
    inline_icons: tuple[tuple[str, str], ...] = ()  # words a text draws as icons
    folders: tuple[Path, ...] = ()  # where its files are looked for: its own folder first,
                                    # then those of the layouts it extends

    def find(self, relative: str | Path) -> Path:
        """Return a file of the layout's: beside it, or beside a layout it extends (where it
        is in none, the path beside it, which does not exist)."""
        for folder in self.folders or (self.folder,):
            path = folder / relative
            if path.exists():
                return path
        return self.folder / relative

    def back_face(self, name: str) -> Face:
        for key, face in self.backs:
            if key == name:
                return face
        raise KeyError(name)

    @property
    def back_names(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.backs)


_SAY_LENGTH = ("a length such as 3 (mm), \"3mm\", \"9pt\", \"0.5in\", \"50%\", "
               "\"safe + 2mm\", \"100% - 8mm\" or, on a card, \"-bleed\"")


def length(value: Any, where: str, bleed: float | None = None) -> Length:
    """Return a length written as a number (mm) or text: a sum of mm, pt, in, %, safe and
    (where the card's bleed is known, `bleed` points) bleed."""
    if isinstance(value, Length):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TemplateError(f"{where} must be {_SAY_LENGTH}")
    if isinstance(value, (int, float)):
        return Length(float(value) * MM)
    if inherit.RELATIVE.fullmatch(value):
        raise TemplateError(f"{where}: {quoted(value)} moves the value this element extends, "
                            "but it extends nothing (extends = \"NAME\")")
    fixed = percent = safes = 0.0
    pos, first = 0, True
    text = value.strip()
    while pos < len(text):
        m = _TERM.match(text, pos)
        sign, number, unit = (m.group(1), m.group(2), m.group(3)) if m else (None, None, None)
        if (m is None or m.end() == pos or (number is None and unit not in ("safe", "bleed"))
                or (sign is None and not first) or (unit == "bleed" and bleed is None)):
            raise TemplateError(f"{where} must be {_SAY_LENGTH} (not {quoted(value)})")
        amount = float(number or 1) * (-1 if sign == "-" else 1)
        if unit == "%":
            percent += amount
        elif unit == "safe":
            safes += amount
        elif unit == "bleed":
            fixed += amount * (bleed or 0.0)
        else:
            fixed += amount * _UNITS[unit or "mm"]
        pos, first = m.end(), False
    if first:
        raise TemplateError(f"{where} must be {_SAY_LENGTH} (not {quoted(value)})")
    return Length(fixed, percent, safes)


def _value(key: str, raw: Any, at: str, bleed: float) -> Any:
    """Return a length or number key's value; one written "+= X" is what it extends moved
    by X (the key's default where that says nothing)."""
    if not isinstance(raw, inherit.Relative):
        if key in _LENGTH_KEYS:
            return length(raw, at, bleed)
        low, high = _NUMBER_KEYS[key]
        if isinstance(raw, str) and inherit.RELATIVE.fullmatch(raw):
            raise TemplateError(f"{at}: {quoted(raw)} moves the value this element extends, "
                                "but it extends nothing (extends = \"NAME\")")
        return strict_toml.number(raw, at, low, high)
    base = (raw.base if raw.base is not None
            else Element.__dataclass_fields__[key].default)
    if key in _LENGTH_KEYS:
        return _value(key, base, at, bleed).moved(length(raw.delta, at, bleed), raw.sign)
    low, high = _NUMBER_KEYS[key]
    delta = raw.delta.strip()
    try:
        step = float(delta)
    except ValueError:
        raise TemplateError(f"{at}: after \"+=\" or \"-=\" comes a number (not "
                            f"{quoted(delta)})") from None
    moved = float(_value(key, base, at, bleed)) + raw.sign * step
    return strict_toml.number(moved, at, low, high)


def _mm(value: Any, where: str, high: float) -> float:
    found = length(value, where)
    if found.percent or found.safes:
        raise TemplateError(f"{where} must be in mm, pt or in")
    mm = found.points(0) / MM
    if not 0 <= mm <= high:
        raise TemplateError(f"{where} must be from 0 to {high:g} mm (not {mm:g} mm)")
    return mm


def _colour(value: Any, where: str) -> str:
    """Return a colour as written: '#rrggbb', '#rgb', a CSS name ('crimson'), 'none', or a
    '{column}' filled in per card."""
    text = strict_toml.text(value, where, 100)
    if "{" not in text and text != "none" and Color.parse(text) is None:
        raise TemplateError(f"{where} must be a colour '#rrggbb', '#rgb', a CSS colour name "
                            f"such as 'crimson', 'none' or '{{column}}' (not {quoted(text)})")
    return text


def _fonts(value: Any, where: str) -> str:
    """Return a font, or a list of fonts each taking the characters the ones before it lack,
    as the names joined by commas: "Display, Lato-Bold"."""
    names = value if isinstance(value, list) else [value]
    if not names:
        raise TemplateError(f"{where} must name a font, or a list of fonts")
    said = [strict_toml.text(n, where, 100).strip() for n in names]
    if any("," in n for n in said) and len(said) > 1:
        raise TemplateError(f"{where}: a font's name has no comma")
    return ", ".join(said)


def _rows(folders: tuple[Path, ...], file: str, where: str
          ) -> tuple[tuple[tuple[str, str], ...], ...]:
    """Return the rows of a CSV file beside the layout, each as (column, value) pairs."""
    from printkit.products.cards.data import csv_rows, sheet_from_rows
    from printkit.reading import read_bytes

    path = next((f / file for f in folders if (f / file).is_file()), folders[0] / file)
    if not path.is_file():
        raise TemplateError(f"{where}: the file {quoted(file)} does not exist beside the layout")
    try:
        sheet = sheet_from_rows(csv_rows(read_bytes(path, "a rows file",
                                                    max_bytes=MAX_ROWS_BYTES), file), file)
    except TemplateError as err:
        raise TemplateError(f"{where}: {err}") from None
    return tuple(row.values for row in sheet.rows)


def _element(name: str, value: Any, where: str, folders: tuple[Path, ...],
             bleed: float) -> Element:
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
        if key in RELATIVE_KEYS:
            args[key] = _value(key, raw, at, bleed)
        elif key == "font":
            args[key] = _fonts(raw, at)
        elif key in ("text", "file", "icon", "each"):
            args[key] = strict_toml.text(raw, at, 2000)
        elif key in ("places", "below", "size_group"):
            args[key] = strict_toml.text(raw, at, 100)
        elif key == "spacing":
            args[key] = strict_toml.choice(raw, at, SPACINGS)
        elif key == "rows":
            args["rows_file"] = strict_toml.text(raw, at, 200)
            args[key] = _rows(folders, args["rows_file"], at)
        elif key in ("color", "fill", "stroke", "accent", "icon_fill"):
            args[key] = _colour(raw, at)
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
        elif key in ("mirror", "wrap", "centred", "inline_icons"):
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


def _face(data: dict[str, Any], where: str, background: str, folders: tuple[Path, ...],
          styles: dict[str, Any], bleed: float) -> Face:
    strict_toml.check_keys(data, ("background", "elements"), where)
    bg = _colour(data.get("background", background), f"{where}.background")
    elements = strict_toml.table(data.get("elements", {}), f"{where}.elements")
    prefix = f"{where}.elements" if where else "elements"
    unfolded = inherit.unfold(elements, styles, prefix, RELATIVE_KEYS)
    face = Face(bg, tuple(_element(n, v, f"{prefix}.{n}", folders, bleed)
                          for n, v in unfolded.items()))
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


def parse_layout(data: dict[str, Any], source: str, folder: Path,
                 folders: tuple[Path, ...] = ()) -> Layout:
    """Return the layout in parsed TOML `data`, or raise a TemplateError naming file and key.
    Its fonts, images and icons are looked for in `folder`, then in `folders`."""
    try:
        return _parse(data, source, (folder, *(f for f in folders if f != folder)))
    except TemplateError as err:
        raise TemplateError(f"{source}: {err}") from None


def _parse(data: dict[str, Any], source: str, folders: tuple[Path, ...]) -> Layout:
    strict_toml.check_keys(data, _FILE_KEYS, "the file", required=("card", "elements"))
    if "extends" in data:
        raise TemplateError("extends: a layout read from its file extends another "
                            "(printkit reads the file it names)")
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
    styles = strict_toml.table(data.get("styles", {}), "[styles]")
    for name, style in styles.items():
        strict_toml.check_keys(strict_toml.table(style, f"styles.{name}"),
                               (*_ANY_KEY, "extends"), f"styles.{name}")
    # "-bleed" reaches the layout's bleed, or the eighth of an inch printers ask for if that
    # is more: each file's own bleed clips what runs past it
    reach = max(bleed * MM, BLEED_REACH)
    face = _face({"background": background, "elements": data["elements"]}, "", background,
                 folders, styles, reach)
    backs_table = strict_toml.table(data.get("backs", {}), "[backs]")
    backs = tuple((n, _face(strict_toml.table(v, f"backs.{n}"), f"backs.{n}", "#ffffff",
                            folders, styles, reach))
                  for n, v in backs_table.items())
    back = strict_toml.text(card["back"], "[card] back", 100) if "back" in card else ""
    if back and "{" not in back and back not in dict(backs):
        raise TemplateError(f"[card] back {quoted(back)} is not one of the [backs] "
                            f"({', '.join(dict(backs)) or 'none written'})")
    if not back and backs:
        back = backs[0][0]
    fonts_table = strict_toml.table(data.get("fonts", {}), "[fonts]")
    fonts = tuple((n, strict_toml.text(v, f"[fonts] {n}", 200)) for n, v in fonts_table.items())
    return Layout(source, folders[0], width, height, bleed, safe, face, backs, back,
                  _fonts(card.get("font", "Lato-Regular"), "[card] font"),
                  _colour(card.get("color", "#1d1d1f"), "[card] color"),
                  strict_toml.text(card["name"], "[card] name", 200) if "name" in card else "",
                  fonts,
                  strict_toml.text(card["title"], "[card] title", 60) if "title" in card else "",
                  _inline_icons(data.get("inline_icons", {})), folders)


_WORD = re.compile(r"[^\W_][\w'’-]*", re.UNICODE)
_ICON_NAME = re.compile(r"[A-Za-z0-9_-]+")


def _inline_icons(value: Any) -> tuple[tuple[str, str], ...]:
    """Return the words drawn as inline icons: [inline_icons] Wood = "wood"."""
    table = strict_toml.table(value, "[inline_icons]")
    out = []
    for word, icon in table.items():
        if not _WORD.fullmatch(word):
            raise TemplateError(f"[inline_icons] {quoted(word)}: a word drawn as an icon is "
                                "letters and digits (with ' or - inside)")
        name = strict_toml.text(icon, f"[inline_icons] {word}", 100)
        if not _ICON_NAME.fullmatch(name):
            raise TemplateError(f"[inline_icons] {word} must name an icon: letters, digits, "
                                f"_ and - (not {quoted(name)})")
        out.append((word, name))
    return tuple(out)


def read_layout(path: Path) -> Layout:
    """Return the layout file at `path`, checked, with the files it extends; its assets are
    found beside it, then beside the files it extends."""
    try:
        data, folders = inherit.read_with_bases(path, RELATIVE_KEYS)
    except TemplateError as err:
        message = str(err)
        raise TemplateError(message if message.startswith(f"{path}:") else
                            f"{path}: {message}") from None
    return parse_layout(data, str(path), folders[0], folders[1:])
