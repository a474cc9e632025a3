"""Drawing a card from its layout and its row: resolved first, then painted.

`resolve` turns a layout and a row into the card's drawing as plain values: every
`{column}` filled in, every colour, font, image and icon found and checked, every text
set in lines at the size that fits. Any problem is raised there, naming the data file,
the row and the element's key, before anything is painted or written. `paint` then
draws those values on any canvas. The resolved card is small, picklable and hashable:
it is the key of the render cache and of the PDF's reuse of a repeated card.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import NamedTuple

from printkit.characters import characters_named
from printkit.draw import fonts, vector_art
from printkit.draw.canvas import Canvas
from printkit.draw.color import Color
from printkit.draw.fonts import Font
from printkit.draw.paper import MM
from printkit.errors import PrintkitError, TemplateError
from printkit.message import Shown, quoted
from printkit.products import ring
from printkit.products.cards import builtin_icons, icons
from printkit.products.cards.layout import ZERO, Element, Face, Layout

MAX_ASSET_BYTES = 20_000_000
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".svg")
ICON_TYPES = (".png", ".jpg", ".jpeg", ".svg")
_FIELD = re.compile(r"\{([^{}]*)\}")
_ICON = re.compile(r":([A-Za-z0-9_-]+):")
_WORDS = re.compile(r"(\{[^{}]*\}|:[A-Za-z0-9_-]+:)")
_BUILTIN_FONTS = {f.name: f for f in fonts.ALL_FONTS}
_BUILTIN_FONTS.update({"regular": fonts.REGULAR, "bold": fonts.BOLD, "italic": fonts.ITALIC,
                       "black": fonts.BLACK})

Translate = Callable[[str], str]


def same(text: str) -> str:
    """Return the text as it is: the words of a deck of one's own are not translated."""
    return text


def by_phrase(translate: Translate) -> Translate:
    """Return a translation that looks up a text whole ("{game} · help card {number} of
    {count}", its fields kept), else each phrase of it on its own, leaving its `{column}`
    fields and `:icon:` names as they are: ":vowel: and any vowel" is translated as "and
    any vowel"."""
    def each(text: str) -> str:
        whole = translate(text)
        if whole != text:
            return whole
        parts = _WORDS.split(text)
        for i in range(0, len(parts), 2):
            words = parts[i].strip()
            if any(ch.isalpha() for ch in words):
                parts[i] = parts[i].replace(words, translate(words))
        return "".join(parts)
    return each


# -- the resolved drawing -------------------------------------------------------------

class Piece(NamedTuple):
    """A stretch of a line: text, or an inline icon (its name and file, if not built in).
    Text in a font of the element's list but its first has that font."""

    text: str = ""
    icon: str = ""
    path: str = ""
    width: float = 0.0
    font: Font | None = None


class Op(NamedTuple):
    """One element as it is drawn: its kind, its box in points, and what paints it."""

    kind: str
    x: float
    y: float
    w: float
    h: float
    rotation: float = 0.0
    mirror: bool = False
    fill: Color | None = None
    stroke: Color | None = None
    accent: Color | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    path: str = ""                  # an image's or an icon's file
    icon: str = ""                  # a built-in icon's name
    font: Font = fonts.REGULAR
    size: float = 10.0
    leading: float = 1.15
    align: str = "left"
    lines: tuple[tuple[Piece, ...], ...] = ()
    first_baseline: float = 0.0
    points: int = 0                 # a star's points
    inner: float = 0.0              # and its inner corners, as a share of its radius
    widths: tuple[float, ...] = ()  # a text's lines' widths
    start: float = 0.0              # an arc's ends, radians clockwise from twelve o'clock
    end: float = 0.0
    across: float = 0.0             # and its thickness
    opacity: float = 1.0            # seen through: drawn as one layer at this opacity


@dataclass(frozen=True, slots=True)
class Drawing:
    """A resolved side of a card: its size (trim, points), background, and elements."""

    width: float
    height: float
    background: Color | None
    ops: tuple[Op, ...]

    @property
    def key(self) -> str:
        """Return a digest of everything drawn, asset files' contents included."""
        # pickled, not repr'd: the same values give the same bytes, ten times faster
        digest = hashlib.sha256(pickle.dumps(self, protocol=5))
        for op in self.ops:
            if op.path:
                digest.update(_file_digest(op.path).encode("ascii"))
            if op.kind == "text" and op.font not in fonts.ALL_FONTS:  # a font of one's own
                digest.update(_file_digest(op.font.filename).encode("ascii"))
            for line in op.lines:
                for piece in line:
                    if piece.path:
                        digest.update(_file_digest(piece.path).encode("ascii"))
                    if piece.font is not None and piece.font not in fonts.ALL_FONTS:
                        digest.update(_file_digest(piece.font.filename).encode("ascii"))
        return digest.hexdigest()[:32]


@cache
def _file_digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# -- resolving ------------------------------------------------------------------------

@dataclass(frozen=True)
class Where:
    """Where a value comes from, for messages: the data file and row, the layout file."""

    data: str
    row: int
    layout: str

    def say(self, key: str, message: str) -> TemplateError:
        row = f"row {self.row}, " if self.row else ""
        return TemplateError(f"{self.data}: {row}{key} (in {self.layout}): {message}")


def fill_in(template: str, row: Mapping[str, str], where: Where, key: str) -> str:
    """Return `template` with each `{column}` replaced by the row's value ({{ and }}: braces)."""
    if "{" not in template and "}" not in template:
        return template
    parts = _template(template)
    if parts is None:
        raise where.say(key, f"a brace without its pair in {quoted(template)} (write {{{{ or }}}} "
                             "for a brace itself)")
    out: list[str] = []
    for text, name in parts:
        out.append(text)
        if name is None:
            continue
        if name not in row:
            known = _columns([k for k in row if not k.startswith("_")])
            raise where.say(key, f"no column {quoted(name)} in the data (its columns: {known})")
        out.append(row[name])
    return "".join(out)


def _columns(names: list[str]) -> str:
    """Return a data's columns as an error lists them: each shown safe, as many as fit in
    about 100 characters, then how many more."""
    shown: list[str] = []
    for name in names:
        said = str(Shown(name, quote=False))
        if shown and sum(len(s) + 2 for s in shown) + len(said) > 100:
            return ", ".join(shown) + f" and {len(names) - len(shown)} more"
        shown.append(said)
    return ", ".join(shown) or "none"


@lru_cache(maxsize=1024)
def _template(template: str) -> tuple[tuple[str, str | None], ...] | None:
    """Return a template as its pieces of text, each followed by the column that comes
    after it (None after the last), or None if a brace has no pair."""
    parts: list[tuple[str, str | None]] = []
    pos = 0
    text = template.replace("{{", "\x00").replace("}}", "\x01")
    for m in _FIELD.finditer(text):
        parts.append((text[pos:m.start()], m.group(1).strip()))
        pos = m.end()
    parts.append((text[pos:], None))
    literal = "".join(piece for piece, _ in parts)
    if "{" in literal or "}" in literal:
        return None
    return tuple((piece.replace("\x00", "{").replace("\x01", "}"), name)
                 for piece, name in parts)


def colour(value: str, where: Where, key: str) -> Color | None:
    if value in ("", "none"):
        return None
    found = _colour(value)
    if found is None:
        raise where.say(key, f"{quoted(value)} is not a colour '#rrggbb', '#rgb', a CSS colour "
                             "name or 'none'")
    return found


@lru_cache(maxsize=4096)
def _colour(value: str) -> Color | None:
    """Return the colour '#rrggbb', '#rgb' or 'crimson', one object for each (a deck repeats
    a few colours)."""
    return Color.parse(value)


@cache
def _custom_font(path: str) -> Font:
    """Return the font in a TTF or OTF file (TrueType or PostScript outlines), checked to be
    one a PDF can embed."""
    file = Path(path)
    if file.stat().st_size > MAX_ASSET_BYTES:
        raise TemplateError(f"the font {path} is over 20 MB")
    font = Font(f"{file.stem}", str(file))
    try:
        fonts.register(font)  # reads every table a PDF needs and the embedding permission
    except PrintkitError as err:
        raise TemplateError(f"the font {path} cannot be embedded: {err}") from None
    return font


def find_font(layout: Layout, name: str, where: Where, key: str) -> Font:
    """Return a font by name: a bundled Lato face, a [fonts] entry, or fonts/NAME.ttf|.otf."""
    if name in _BUILTIN_FONTS:
        return _BUILTIN_FONTS[name]
    declared = dict(layout.fonts)
    candidates = ([layout.find(declared[name])] if name in declared else
                  [layout.find(Path("fonts") / f"{name}{ext}") for ext in (".ttf", ".otf")])
    for path in candidates:
        if path.is_file():
            try:
                return _custom_font(str(path))
            except TemplateError as err:
                raise where.say(key, str(err)) from None
    bundled = ", ".join(f.name for f in fonts.ALL_FONTS)
    shown = declared.get(name, f"fonts/{name}.ttf")
    raise where.say(key, f"no font {quoted(name)}: not one of {bundled}, "
                         f"and no {shown} beside the layout")


def find_fonts(layout: Layout, names: str, where: Where, key: str) -> tuple[Font, ...]:
    """Return the fonts of a list ("Display, Lato-Bold"): each takes the characters the ones
    before it lack."""
    return tuple(find_font(layout, name.strip(), where, key) for name in names.split(",")
                 if name.strip())


@cache
def _check_image(path: str) -> tuple[int, int]:
    """Return an image file's pixel size, or raise saying why it cannot be printed."""
    from PIL import Image, UnidentifiedImageError

    file = Path(path)
    if not file.is_file():
        raise TemplateError(f"the image {path} does not exist")
    if file.stat().st_size > MAX_ASSET_BYTES:
        raise TemplateError(f"the image {path} is over 20 MB; make it smaller")
    if vector_art.is_svg(file):
        if not vector_art.available():
            raise TemplateError(f"the image {path} is SVG, which needs resvg-py (pip install "
                                "resvg-py), or save it as PNG")
        try:
            return vector_art.natural_size(path)
        except ValueError as err:
            raise TemplateError(f"the image {path} is not an SVG image printkit can draw "
                                f"({err})") from None
    try:
        with Image.open(file) as picture:
            picture.verify()
        with Image.open(file) as picture:
            if picture.format not in ("PNG", "JPEG"):
                raise TemplateError(f"the image {path} is {picture.format}, not PNG or JPEG")
            size: tuple[int, int] = picture.size
            return size
    except (UnidentifiedImageError, OSError, SyntaxError) as err:
        raise TemplateError(f"the image {path} is not a PNG or JPEG image ({err})") from None


def picture_size(path: str) -> tuple[int, int]:
    """Return a checked picture file's size in pixels (an SVG's, the size it gives itself)."""
    return _check_image(path)


def _asset(layout: Layout, file: str, where: Where, key: str, types: tuple[str, ...]) -> str:
    path = layout.find(file).resolve()
    if path.suffix.lower() not in types:
        raise where.say(key, f"{quoted(file)}: images are PNG, JPEG or SVG files")
    try:
        _check_image(str(path))
    except TemplateError as err:
        raise where.say(key, str(err)) from None
    return str(path)


def _icon_file(layout: Layout, name: str) -> Path | None:
    for ext in ICON_TYPES:
        path = layout.find(Path("icons") / f"{name}{ext}")
        if path.is_file():
            return path
    return None


def _icon(layout: Layout, name: str, where: Where, key: str) -> tuple[str, str]:
    """Return (built-in name, file) for an icon: a file in icons/ first, then a built-in."""
    path = _icon_file(layout, name)
    if path is not None:
        return "", _asset(layout, str(path), where, key, ICON_TYPES)
    if name in builtin_icons.ICONS:
        return name, ""
    raise where.say(key, f"no icon {quoted(name)}: no icons/{name}.png (.jpg, .svg) beside the "
                         f"layout, and no built-in icon of that name "
                         f"({', '.join(builtin_icons.ICONS)})")


def _pieces(layout: Layout, text: str, where: Where, key: str) -> list[list[Piece]]:
    """Return the words of a paragraph, each as pieces of text and inline icons."""
    words: list[list[Piece]] = []
    for word in text.split(" "):
        if not word:
            continue
        if ":" not in word:
            words.append([Piece(word)])
            continue
        pieces: list[Piece] = []
        pos = 0
        for m in _ICON.finditer(word):
            if m.start() > pos:
                pieces.append(Piece(word[pos:m.start()]))
            builtin, path = _icon(layout, m.group(1), where, key)
            pieces.append(Piece(icon=builtin, path=path))
            pos = m.end()
        if pos < len(word):
            pieces.append(Piece(word[pos:]))
        words.append(pieces)
    return words


ICON_SCALE = 0.9  # an inline icon's side, in ems
_ICON_ADVANCE = ICON_SCALE + 0.1

Word = tuple[list[Piece], float]  # a word's pieces, and its width at 1 pt


@lru_cache(maxsize=65536)
def _unit_width(word: str, font: Font) -> float:
    """Return a word's width at 1 pt (a deck's words come back card after card)."""
    return fonts.width(word, font, 1.0)


def _unit_words(paragraph: list[list[Piece]], faces: tuple[Font, ...]) -> list[Word]:
    """Return each word, its pieces measured at 1 pt, with its width at 1 pt: widths grow
    in step with the size. A word's letters that the first font lacks are pieces in the
    first font of the list that has them."""
    words: list[Word] = []
    for word in paragraph:
        measured: list[Piece] = []
        for p in word:
            if p.icon or p.path:
                measured.append(Piece(p.text, p.icon, p.path, _ICON_ADVANCE))
                continue
            for run, face in _runs(p.text, faces):
                measured.append(Piece(run, width=_unit_width(run, face),
                                      font=None if face == faces[0] else face))
        words.append((measured, sum(p.width for p in measured)))
    return words


def _runs(text: str, faces: tuple[Font, ...]) -> list[tuple[str, Font]]:
    """Return a text's runs, each in the first font of `faces` that has its letters."""
    if len(faces) == 1 or not fonts.missing_characters(text, faces[0]):
        return [(text, faces[0])]
    out: list[tuple[str, Font]] = []
    for ch in text:
        face = next((f for f in faces if not fonts.missing_characters(ch, f)), faces[0])
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + ch, face)
        else:
            out.append((ch, face))
    return out


def _breaks(paragraphs: list[list[Word]], space: float, size: float, width: float,
            wrap: bool) -> tuple[list[list[list[Word]]], float]:
    """Return each paragraph's lines (as words) at `size`, and the widest line's width."""
    limit = width / size
    out: list[list[list[Word]]] = []
    widest = 0.0
    for words in paragraphs:
        lines: list[list[Word]] = [[]]
        used = 0.0
        for word in words:
            if lines[-1] and wrap and used + space + word[1] > limit:
                widest = max(widest, used)
                lines.append([])
                used = 0.0
            used += word[1] + (space if len(lines[-1]) else 0.0)
            lines[-1].append(word)
        widest = max(widest, used)
        out.append(lines)
    return out, widest * size


def _set_lines(paragraphs: list[list[list[Word]]], font: Font, size: float
               ) -> list[tuple[Piece, ...]]:
    """Return the lines as pieces: runs of text in one font (spaces inside them, in the
    element's first font) and icons, measured."""
    space = Piece(" ", width=fonts.width(" ", font, size))
    lines: list[tuple[Piece, ...]] = []
    for paragraph in paragraphs:
        for words in paragraph:
            line: list[Piece] = []
            for i, (pieces, _) in enumerate(words):
                for piece in ([space] if i else []) + pieces:
                    if piece.icon or piece.path:
                        line.append(Piece(icon=piece.icon, path=piece.path,
                                          width=size * _ICON_ADVANCE))
                        continue
                    width = piece.width if piece is space else piece.width * size
                    last = line[-1] if line else None
                    if last is not None and not (last.icon or last.path) and (
                            last.font == piece.font):
                        line[-1] = last._replace(text=last.text + piece.text,
                                                 width=last.width + width)
                    else:
                        line.append(Piece(piece.text, width=width, font=piece.font))
            lines.append(tuple(line))
    return lines


def _line_width(line: tuple[Piece, ...]) -> float:
    return sum(p.width for p in line)


def _text_op(layout: Layout, el: Element, row: Mapping[str, str], where: Where,
             box: tuple[float, float, float, float], translate: Translate,
             words: Mapping[str, str] | None = None) -> Op | None:
    """Return a text element's op; its text is filled in from `words` (the row, with the
    words of a layout's own rows file in the deck's language) where given."""
    x, y, w, h = box
    text = fill_in(translate(el.text), row if words is None else words, where,
                   f"{el.where}.text")
    text = text.replace("\\n", "\n").strip()
    if not text:
        return None
    if el.case == "first":
        text = text[:1].upper() + text[1:]
    elif el.case != "none":
        text = text.upper() if el.case == "upper" else text.lower()
    if el.inline_icons:
        text = _icon_words(text, layout.inline_icons)
    faces = find_fonts(layout, fill_in(el.font or layout.font, row, where, f"{el.where}.font"),
                       where, f"{el.where}.font")
    font = faces[0]
    color = colour(fill_in(el.color or layout.color, row, where, f"{el.where}.color"), where,
                   f"{el.where}.color")
    icon_fill = colour(fill_in(el.icon_fill, row, where, f"{el.where}.icon_fill"), where,
                       f"{el.where}.icon_fill")
    # a deck's texts come back card after card (a type line, a keyword's rules): each
    # distinct text is checked, measured and set once, its lines shared by the cards
    key = (text, tuple(f.filename for f in faces), el.size, el.min_size, el.fit, el.leading,
           el.wrap, el.valign, w, h, layout.source)
    found = _SET_TEXTS.get(key)
    if found is None:
        found = _set_text(layout, el, text, faces, w, h, where)
        if len(_SET_TEXTS) >= SET_TEXTS_KEPT:
            del _SET_TEXTS[next(iter(_SET_TEXTS))]
        _SET_TEXTS[key] = found
    size, lines, widths, first = found
    return Op("text", x, y, w, h, el.rotation, el.mirror, font=font, size=size,
              leading=el.leading, align=el.align, lines=lines, first_baseline=y + first,
              fill=color, accent=icon_fill, widths=widths)


def _icon_words(text: str, words: tuple[tuple[str, str], ...]) -> str:
    """Return a text with each word of the layout's [inline_icons] as its icon, `:name:`
    ("Gain 2 Wood." with Wood = "wood": "Gain 2 :wood:.")."""
    if not words:
        return text
    pattern, icons = _icon_word_pattern(words)
    return pattern.sub(lambda m: f":{icons[m.group(0)]}:", text)


@lru_cache(maxsize=64)
def _icon_word_pattern(words: tuple[tuple[str, str], ...]
                       ) -> tuple[re.Pattern[str], dict[str, str]]:
    # the longest first, so that "Wood Pile" is taken before "Wood"; a whole word only, and
    # never one inside an icon's own :name:
    names = sorted((w for w, _ in words), key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in names)
    return (re.compile(rf"(?<![\w:])(?:{alternatives})(?!\w)"), dict(words))


SAME_OPS_KEPT = 65536  # the distinct elements shared between cards (then begun afresh)
_SAME_OPS: dict[Op, Op] = {}
SET_TEXTS_KEPT = 4096  # the distinct texts whose setting is kept (oldest dropped first)
SetText = tuple[float, tuple[tuple[Piece, ...], ...], tuple[float, ...], float]
_SET_TEXTS: dict[tuple[object, ...], SetText] = {}


def _set_text(layout: Layout, el: Element, text: str, faces: tuple[Font, ...], w: float,
              h: float, where: Where) -> SetText:
    """Return a text's size, its lines, their widths and its first baseline below the box's
    top: the largest size from the element's down to its floor at which it fits the box."""
    font = faces[0]
    plain = _ICON.sub("", text)
    missing = [ch for ch in fonts.missing_characters(plain, font)
               if all(fonts.missing_characters(ch, f) for f in faces[1:])]
    if missing:
        shown = characters_named(missing)
        named = (f"the font {font.name}" if len(faces) == 1 else
                 f"none of the fonts {', '.join(f.name for f in faces)}")
        raise where.say(f"{el.where}.text", f"{named} has no {shown}, in {quoted(text)}")
    paragraphs = [_unit_words(_pieces(layout, p, where, f"{el.where}.text"),
                              faces) for p in text.split("\n")]
    space = fonts.width(" ", font, 1.0)
    floor = el.min_size if el.fit == "shrink" else el.size
    cap1, descent1 = fonts.cap_height(font, 1.0), fonts.descent(font, 1.0)

    def fits(size: float) -> list[list[list[Word]]] | None:
        broken, widest = _breaks(paragraphs, space, size, w, el.wrap)
        count = sum(len(p) for p in broken)
        extent = size * (cap1 + (count - 1) * el.leading + descent1)
        return broken if widest <= w + 0.01 and extent <= h + 0.01 else None

    # the largest size on the 0.25 pt steps from `size` down to the floor that fits
    steps = max(0, int((el.size - floor) / 0.25 + 1e-9))
    sizes = [el.size - 0.25 * k for k in range(steps + 1)]
    if sizes[-1] > floor:
        sizes.append(floor)
    broken = fits(sizes[0])
    size = sizes[0]
    if broken is None:
        if fits(sizes[-1]) is None:
            at = "even at its floor" if el.fit == "shrink" else "at its size"
            raise where.say(el.where, f"the text {quoted(text)} does not fit its "
                                      f"{w / MM:.1f} × {h / MM:.1f} mm box {at}, "
                                      f"{floor:g} pt" + ("" if el.fit == "shrink" else
                                                         " (fit = \"shrink\" lets it shrink)"))
        low, high = 1, len(sizes) - 1  # sizes[high] fits, sizes[low - 1] does not
        while low < high:
            mid = (low + high) // 2
            if fits(sizes[mid]) is None:
                low = mid + 1
            else:
                high = mid
        size = sizes[high]
        broken = fits(size)
        assert broken is not None
    lines = _set_lines(broken, font, size)
    cap = cap1 * size
    block = cap + (len(lines) - 1) * size * el.leading
    if el.valign == "top":
        first = cap
    elif el.valign == "middle":
        first = (h - block) / 2 + cap
    else:
        first = h - descent1 * size - (len(lines) - 1) * size * el.leading
    return size, tuple(lines), tuple(_line_width(line) for line in lines), first


def face_fields(face: Face) -> set[str]:
    """Return the columns a side's layout reads: the `{column}` fields of its values and the
    names its conditions read (`each` and `each_index` are a copy's own)."""
    found: set[str] = set()
    for text in [face.background] + [
            value for el in face.elements for value in (
                el.text, el.font, el.color, el.fill, el.stroke, el.accent, el.icon_fill,
                el.file, el.icon, el.each)]:
        parts = _template(text) if "{" in text else None
        found.update(name for _piece, name in parts or () if name is not None)
    for el in face.elements:
        if el.when is not None:
            found.update(el.when.columns)
        for values in el.rows:
            found.difference_update(column for column, _ in values)
    return found - {"each", "each_index"}


def resolve_face(layout: Layout, face: Face, row: Mapping[str, str], where: Where,
                 translate: Translate = same,
                 card: tuple[float, float, float] | None = None) -> Drawing:
    """Return one side of a card as it is drawn, or raise naming the row and the element.

    `card` (width, height, safe margin, in points) draws it at another size than the
    layout's: a printer's card a little bigger, or one with a wider safe zone.
    """
    size = card or (layout.width_mm * MM, layout.height_mm * MM, layout.safe_mm * MM)
    chosen: dict[str, float] = {}
    for group in _facts(face).groups:
        chosen[group] = _group_size(layout, face, row, where, translate, size, chosen, group)
    ops = _Side(layout, face, row, where, translate, size, chosen).ops()
    if len(_SAME_OPS) > SAME_OPS_KEPT:
        _SAME_OPS.clear()
    bg = colour(fill_in(face.background, row, where, "background"), where, "background")
    return Drawing(size[0], size[1], bg, ops)


def _group_size(layout: Layout, face: Face, row: Mapping[str, str], where: Where,
                translate: Translate, size: tuple[float, float, float],
                chosen: dict[str, float], group: str) -> float:
    """Return the size a group of texts is set at: the largest, on 0.25 pt steps from the
    largest member's size down to the highest member's floor, at which every member fits
    its box where it lands (a text placed below another moves with it)."""
    members = [el for el in face.elements if el.size_group == group]
    top = max(el.size for el in members)
    floor = max(el.min_size if el.fit == "shrink" else el.size for el in members)
    steps = max(0, int((top - floor) / 0.25 + 1e-9))
    sizes = [top - 0.25 * k for k in range(steps + 1)]
    if sizes[-1] > floor:
        sizes.append(floor)
    for candidate in sizes:
        try:
            _Side(layout, face, row, where, translate, size, {**chosen, group: candidate}).ops()
        except TemplateError:
            continue
        return candidate
    # none fits: resolving at the floor raises the error naming the text that does not fit
    return floor


class _Ring(NamedTuple):
    """Where an element's copies sit round its circle: each one's angle (radians clockwise
    from twelve o'clock), the room it takes (radians), the gap between, and the radius."""

    angles: tuple[float, ...]
    extents: tuple[float, ...]
    gap: float
    radius: float


def _extent(op: Op, angle: float) -> float:
    """Return how much of a ring an element's copy takes along it at `angle`."""
    if op.kind in ("circle", "star"):
        return 2 * op.radius
    if op.kind == "text":
        w = max(op.widths, default=0.0)
        h = fonts.cap_height(op.font, op.size) + (len(op.lines) - 1) * op.size * op.leading
    else:
        w, h = op.w, op.h
    return w * abs(math.cos(angle)) + h * abs(math.sin(angle))


def _widest(ops: list[Op], angle: float) -> float:
    return max((_extent(op, angle) for op in ops), default=0.0)


def _moved(op: Op, dx: float, dy: float) -> Op:
    return op._replace(x=op.x + dx, y=op.y + dy, first_baseline=op.first_baseline + dy)


class _Facts(NamedTuple):
    """What a side's layout says once for every card: its elements by name, the names of
    those another is placed below, and its size groups."""

    face: Face
    named: dict[str, Element]
    ends: frozenset[str]
    groups: tuple[str, ...]


_FACTS: dict[int, _Facts] = {}


def _facts(face: Face) -> _Facts:
    found = _FACTS.get(id(face))
    if found is None or found.face is not face:
        found = _Facts(face, {el.name: el for el in face.elements},
                       frozenset(el.below for el in face.elements if el.below),
                       tuple(dict.fromkeys(el.size_group for el in face.elements
                                           if el.size_group)))
        _FACTS[id(face)] = found
    return found


class _Side:
    """One side of a card being resolved: its elements in order, where each one ends (for
    `below`), and the places of copies round a circle (for `places`)."""

    def __init__(self, layout: Layout, face: Face, row: Mapping[str, str], where: Where,
                 translate: Translate, size: tuple[float, float, float],
                 group_sizes: Mapping[str, float]) -> None:
        self.layout, self.face, self.row, self.where = layout, face, row, where
        self.translate = translate
        self.width, self.height, self.safe = size
        self.group_sizes = group_sizes
        facts = _facts(face)
        self.named, self.ends = facts.named, facts.ends
        self.bottoms: dict[str, float] = {}
        self.rings: dict[str, _Ring] = {}
        self.rows: dict[str, list[tuple[Mapping[str, str], Mapping[str, str]]]] = {}
        self.placed: dict[tuple[str, int], Op | None] = {}

    def ops(self) -> tuple[Op, ...]:
        out: list[Op] = []
        for el in self.face.elements:
            drawn = self.element(el)
            if el.name in self.ends:  # another element is placed below it
                self.bottoms[el.name] = max((self.bottom(op) for op in drawn),
                                            default=self.box(el)[1])
            for each in drawn:
                # most of a card is drawn the same on many cards (a frame, a type line): one
                # object each, so a deck's memory grows by what differs from card to card
                out.append(_SAME_OPS.setdefault(each, each))
        return tuple(out)

    @staticmethod
    def bottom(op: Op) -> float:
        if op.kind == "text":
            return (op.first_baseline + (len(op.lines) - 1) * op.size * op.leading
                    + fonts.descent(op.font, op.size))
        return op.y + op.h

    def box(self, el: Element) -> tuple[float, float, float, float]:
        w, h, s = self.width, self.height, self.safe
        y = el.y.points(h, s) + (self.bottoms[el.below] if el.below else 0.0)
        tall = (el.height.points(h, s) if el.bottom is None
                else max(0.0, el.bottom.points(h, s) - y))
        return el.x.points(w, s), y, el.width.points(w, s), tall

    def copy_rows(self, el: Element) -> list[tuple[Mapping[str, str], Mapping[str, str]]]:
        """Return each copy's fields (the row's, its item's) and the same for its text,
        where the words of a layout's own rows file are in the deck's language."""
        if el.places:
            return self.copy_rows(self.named[el.places])
        found = self.rows.get(el.name)
        if found is not None:
            return found
        if el.each:
            listed = fill_in(el.each, self.row, self.where, f"{el.where}.each")
            items = [item.strip() for item in listed.split(",") if item.strip()]
            fields = [{**self.row, "each": item, "each_index": str(i)}
                      for i, item in enumerate(items, start=1)]
            found = [(f, f) for f in fields]
        elif el.rows:
            found = []
            for i, values in enumerate(el.rows, start=1):
                own = dict(values)
                found.append(({**self.row, **own, "each_index": str(i)},
                              {**self.row, **{k: self.translate(v) if v else v
                                              for k, v in own.items()},
                               "each_index": str(i)}))
        else:
            found = [(self.row, self.row)] * el.repeat
        self.rows[el.name] = found
        return found

    def at_home(self, el: Element, index: int) -> Op | None:
        """Return copy `index` of an element where the element itself is written (None
        where its condition does not hold for that copy)."""
        key = (el.name, index)
        if key in self.placed:
            return self.placed[key]
        fields, words = self.copy_rows(el)[index]
        op = None
        if self.holds(el, fields):
            try:
                op = self.op(el, fields, words)
            except TemplateError:
                # said again naming the copy: elements.prices[3], the third row's price
                self.op(replace(el, where=f"{el.where}[{index + 1}]"), fields, words)
                raise
        self.placed[key] = op
        return op

    def holds(self, el: Element, fields: Mapping[str, str]) -> bool:
        if el.when is None:
            return True
        for name in el.when.columns:
            if name not in fields:
                raise self.where.say(f"{el.where}.when", f"the condition {quoted(el.when.text)} "
                                     f"reads the column {quoted(name)}, which the data does not "
                                     "have")
        return el.when(fields)

    def op(self, el: Element, fields: Mapping[str, str], words: Mapping[str, str]) -> Op | None:
        box = self.box(el)
        if el.kind == "text":
            if el.size_group in self.group_sizes:
                set_at = min(el.size, self.group_sizes[el.size_group])
                el = replace(el, size=set_at, min_size=set_at)
            op = _text_op(self.layout, el, fields, self.where, box, self.translate, words)
        else:
            op = _element_op(self.layout, el, fields, self.where, box, self.width, self.safe)
        if op is None or el.opacity == 1:
            return op
        return op._replace(opacity=el.opacity)

    def element(self, el: Element) -> list[Op]:
        if el.places:
            return self.follow(el)
        if not el.copied or (not el.each and not el.rows and el.spacing != "gaps"):
            # drawn once, or `repeat` times alike
            if not self.holds(el, self.row):
                return []
            op = self.op(el, self.row, self.row)
            if op is None:
                return []
            if el.repeat == 1:
                return [op]
            return [_moved(op, dx, dy) for dx, dy in self.moves(el, el.repeat)]
        count = len(self.copy_rows(el))
        if el.spacing == "gaps":
            ring = self.ring(el.name)
            moves = [ring_move(ring.radius, a) for a in ring.angles]
        else:
            moves = self.moves(el, count)
        out = []
        for i, (dx, dy) in enumerate(moves):
            op = self.at_home(el, i)
            if op is not None:
                out.append(_moved(op, dx, dy))
        return out

    def moves(self, el: Element, count: int) -> list[tuple[float, float]]:
        """Return how far each copy is moved: by the step from the one before, or its centre
        evenly round a circle (from 12 o'clock, clockwise) about the element's own."""
        if count == 1:
            return [(0.0, 0.0)]
        if el.around != ZERO:
            r = el.around.points(self.width, self.safe)
            return [(r * math.cos(a), r * math.sin(a))
                    for a in (math.radians(-90 + 360 * i / count) for i in range(count))]
        dx = el.step_x.points(self.width, self.safe)
        dy = el.step_y.points(self.height, self.safe)
        first = -(count - 1) / 2 if el.centred else 0.0  # the run centred where one would be
        return [(dx * (first + i), dy * (first + i)) for i in range(count)]

    def radius(self, el: Element, leader: Element) -> float:
        return (el.around if el.around != ZERO else leader.around).points(self.width, self.safe)

    def ring(self, name: str) -> _Ring:
        """Return where the copies of element `name` sit round its circle. With `spacing =
        "gaps"` each copy takes the room of the widest thing drawn there on the circle (its
        own copy, or a copy of an element that takes its places at the same radius), and
        the gaps between neighbours are equal."""
        found = self.rings.get(name)
        if found is not None:
            return found
        leader = self.named[name]
        radius = leader.around.points(self.width, self.safe)
        count = len(self.copy_rows(leader))
        if count == 0:
            found = _Ring((), (), 0.0, radius)
        elif leader.spacing != "gaps":
            found = _Ring(tuple(2 * math.pi * i / count for i in range(count)),
                          (0.0,) * count, 2 * math.pi / count, radius)
        else:
            sharing = [leader] + [el for el in self.face.elements if el.places == name
                                  and el.kind != "arc" and self.radius(el, leader) == radius]
            copies = [[op for el in sharing if (op := self.at_home(el, i)) is not None]
                      for i in range(count)]
            found = _Ring(*ring.even_gaps([partial(_widest, ops) for ops in copies], radius),
                          radius)
        self.rings[name] = found
        return found

    def follow(self, el: Element) -> list[Op]:
        """Return an element drawn at the places of another's copies round its circle."""
        leader = self.named[el.places]
        placed = self.ring(leader.name)
        radius = self.radius(el, leader)
        if el.kind == "arc":
            return self.arcs(el, placed, radius)
        out = []
        for i, angle in enumerate(placed.angles):
            op = self.at_home(el, i)
            if op is not None:
                out.append(_moved(op, *ring_move(radius, angle)))
        return out

    def arcs(self, el: Element, placed: _Ring, radius: float) -> list[Op]:
        """Return an arc along each run of neighbouring copies where its condition holds,
        from the middle of the gap before the first to the middle of the gap after the last."""
        rows = self.copy_rows(el)
        count = len(rows)
        marked = [self.holds(el, rows[i][0]) for i in range(count)]
        if not any(marked):
            return []
        cx, cy = el.x.points(self.width, self.safe), el.y.points(self.height, self.safe)
        across = el.width.points(self.width, self.safe)
        fill = colour(fill_in(el.fill, self.row, self.where, f"{el.where}.fill"), self.where,
                      f"{el.where}.fill")
        stroke = colour(fill_in(el.stroke, self.row, self.where, f"{el.where}.stroke"),
                        self.where, f"{el.where}.stroke")
        runs: list[tuple[int, int]] = []
        if all(marked):
            runs.append((0, count - 1))
        else:
            first = next(i for i in range(count) if not marked[i])  # a run starts after it
            i = first + 1
            for step in range(count):
                j = (first + 1 + step) % count
                if marked[j] and not marked[(j - 1) % count]:
                    i = j
                if marked[j] and not marked[(j + 1) % count]:
                    runs.append((i, j))
        out = []
        for a, b in runs:
            start = placed.angles[a] - (placed.extents[a] + placed.gap) / 2
            end = placed.angles[b] + (placed.extents[b] + placed.gap) / 2
            if end <= start:
                end += 2 * math.pi
            outer = radius + across / 2
            out.append(Op("arc", cx - outer, cy - outer, 2 * outer, 2 * outer, fill=fill,
                          stroke=stroke, stroke_width=el.stroke_width, radius=radius,
                          start=start, end=end, across=across, opacity=el.opacity))
        return out


def ring_move(radius: float, angle: float) -> tuple[float, float]:
    """Return the move from a circle's centre to the point at `angle` on it."""
    return radius * math.sin(angle), -radius * math.cos(angle)


def _element_op(layout: Layout, el: Element, row: Mapping[str, str], where: Where,
                box: tuple[float, float, float, float], width: float, safe: float
                ) -> Op | None:
    """Return the op of an element but a text or an arc, in its box."""
    def col(value: str, key: str) -> Color | None:
        return colour(fill_in(value, row, where, f"{el.where}.{key}"), where, f"{el.where}.{key}")

    if el.kind == "rect":
        return Op("rect", *box, el.rotation, el.mirror, fill=col(el.fill, "fill"),
                  stroke=col(el.stroke, "stroke"), stroke_width=el.stroke_width,
                  radius=el.radius.points(width, safe) if el.radius != Element.radius else 0.0)
    if el.kind in ("circle", "star"):
        r = el.radius.points(width, safe)
        return Op(el.kind, box[0] - r, box[1] - r, 2 * r, 2 * r, el.rotation, el.mirror,
                  fill=col(el.fill, "fill"), stroke=col(el.stroke, "stroke"),
                  stroke_width=el.stroke_width, radius=r,
                  points=el.points if el.kind == "star" else 0,
                  inner=el.inner if el.kind == "star" else 0.0)
    if el.kind == "image":
        file = fill_in(el.file, row, where, f"{el.where}.file").strip()
        if not file:
            return None  # a card without art in this column
        path = _asset(layout, file, where, f"{el.where}.file", IMAGE_TYPES)
        return Op("image", *box, el.rotation, el.mirror, path=path)
    name = fill_in(el.icon, row, where, f"{el.where}.icon").strip()
    if not name:
        return None
    builtin, path = _icon(layout, name, where, f"{el.where}.icon")
    return Op("icon", *box, el.rotation, el.mirror, fill=col(el.fill or "none", "fill"),
              stroke=col(el.color or layout.color, "color"), accent=col(el.accent, "accent"),
              stroke_width=el.stroke_width if el.stroke_width != Element.stroke_width else 0.0,
              icon=builtin, path=path)


# -- painting -------------------------------------------------------------------------

def paint(canvas: Canvas, drawing: Drawing) -> None:
    """Draw a resolved side but its background, trim top-left at (0, 0)."""
    for op in drawing.ops:
        _paint_turned(canvas, op, drawing)
        if op.mirror:
            with canvas.translated(drawing.width, drawing.height, 180):
                _paint_turned(canvas, op, drawing)


def _paint_turned(canvas: Canvas, op: Op, drawing: Drawing) -> None:
    if op.opacity < 1:
        with canvas.translucent(op.opacity):
            _paint_upright(canvas, op)
        return
    _paint_upright(canvas, op)


def _paint_upright(canvas: Canvas, op: Op) -> None:
    """Paint an op turned by its own rotation, about its box's centre."""
    if not op.rotation:
        _paint(canvas, op)
        return
    cx, cy = op.x + op.w / 2, op.y + op.h / 2
    with canvas.translated(cx, cy, op.rotation), canvas.translated(-cx, -cy):
        _paint(canvas, op)


def _paint(canvas: Canvas, op: Op) -> None:
    if op.kind == "rect":
        canvas.rect(op.x, op.y, op.w, op.h, stroke=op.stroke, fill=op.fill,
                    width=op.stroke_width, radius=op.radius)
    elif op.kind == "circle":
        canvas.circle(op.x + op.radius, op.y + op.radius, op.radius, stroke=op.stroke,
                      fill=op.fill, width=op.stroke_width)
    elif op.kind == "star":
        canvas.polygon(icons.star_points(op.x + op.radius, op.y + op.radius, op.radius,
                                         op.inner, op.points),
                       stroke=op.stroke, fill=op.fill, width=op.stroke_width)
    elif op.kind == "arc":
        cx, cy = op.x + op.w / 2, op.y + op.h / 2
        canvas.polygon(ring.band(cx, cy, op.radius - op.across / 2, op.radius + op.across / 2,
                                 op.start, op.end),
                       stroke=op.stroke, fill=op.fill, width=op.stroke_width)
    elif op.kind == "image":
        _image(canvas, op.path, op.x, op.y, op.w, op.h)
    elif op.kind == "icon":
        _paint_icon(canvas, op.icon, op.path, op.x, op.y, op.w, op.h, op.stroke, op.fill,
                    op.accent, op.stroke_width)
    else:
        _paint_text(canvas, op)


def _image(canvas: Canvas, path: str, x: float, y: float, w: float, h: float) -> None:
    """Draw an image as large as fits the box, its proportions kept, centred."""
    pw, ph = _check_image(path)
    scale = min(w / pw, h / ph)
    dw, dh = pw * scale, ph * scale
    canvas.image(x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, Path(path))


def _paint_icon(canvas: Canvas, builtin: str, path: str, x: float, y: float, w: float,
                h: float, ink: Color | None, fill: Color | None, accent: Color | None,
                width: float = 0.0) -> None:
    if path:
        _image(canvas, path, x, y, w, h)
    else:
        builtin_icons.draw(canvas, builtin, x + w / 2, y + h / 2, min(w, h), ink, fill, accent,
                           width)


def _paint_text(canvas: Canvas, op: Op) -> None:
    color = op.fill
    if color is None:
        return
    baseline = op.first_baseline
    side = op.size * ICON_SCALE
    for line, lw in zip(op.lines, op.widths):
        left = (op.x if op.align == "left" else op.x + (op.w - lw) / 2 if op.align == "center"
                else op.x + op.w - lw)
        # each run of text is drawn whole, so a PDF reader gets phrases back
        for piece in line:
            if piece.icon or piece.path:
                iy = baseline - side + op.size * 0.12
                _paint_icon(canvas, piece.icon, piece.path, left + op.size * 0.05, iy, side,
                            side, color, op.accent, None)
            else:
                _run(canvas, op, left, baseline, piece.text, color, piece.font or op.font)
            left += piece.width
        baseline += op.size * op.leading


def _run(canvas: Canvas, op: Op, left: float, baseline: float, run: str, color: Color,
         font: Font) -> None:
    """Draw a run of text without its end spaces (an SVG viewer would drop them), in place."""
    text = run.strip(" ")
    if not text:
        return
    lead = fonts.width(run[:len(run) - len(run.lstrip(" "))], op.font, op.size) if (
        run[0] == " ") else 0.0
    canvas.text(left + lead, baseline, text, font=font, size=op.size, color=color,
                align="left")
