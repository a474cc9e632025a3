"""Fillable PDF forms: the fields a product marks (`Canvas.field`) as AcroForm widgets.

A fillable page prints exactly like the plain one: a widget has no border or background and
an empty appearance until it holds a value. Filled in, a check box shows a pencil cross and
a text field its text, each from an appearance stream written here, so every reader (and
poppler) shows the values without regenerating them.

reportlab's own AcroForm support writes its text in a standard-14 font that is not embedded,
which print shops and our own rule (every font embedded) refuse. So text fields here use Lato
Regular, subset to the Windows-1252 characters (what a reader can type into a field with a
simple font) by fontTools and embedded once per document; the same font is the form's
default resource, so a reader that rewrites an appearance after the player types uses it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFStreamFilterZCompress,
    PDFString,
)
from reportlab.pdfgen.canvas import Canvas as _RLCanvas

from printkit.draw import fonts
from printkit.draw.canvas import Field
from printkit.draw.richtext import Run, wrap

FONT_KEY = "PKForm"            # the form font's name in the form's resources
FONT_NAME = "PKFORM+Lato-Regular"  # a subset's name: six capitals, '+', the font
ON = "Yes"                     # a ticked box's state name (what pypdf and readers set)
MARK_GREY = 0.13               # the pencil: near-black, as a player's cross on paper
_ENCODING = "cp1252"           # the form font's encoding, WinAnsiEncoding
_CODES = [c for c in range(32, 256) if c not in (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D)]


@dataclass(frozen=True)
class Form:
    """What makes a PDF fillable: the values filled in, and the hidden field naming the sheet.

    `values` maps a field's name to its text (a text field) or True (a ticked box).
    `identity` is (name, value) of a hidden, read-only field that says what the form is,
    so a reader of the filled file can tell a printkit sheet from any other PDF.
    """

    values: Mapping[str, str | bool] = field(default_factory=dict)
    identity: tuple[str, str] | None = None


@cache
def _font_program() -> tuple[bytes, tuple[int, ...], dict[str, Any]]:
    """Return the subset font file, the widths of codes 32-255 and its descriptor values."""
    chars = {c: bytes([c]).decode(_ENCODING) for c in _CODES}
    font = fonts.subset(fonts.REGULAR, [ord(ch) for ch in chars.values()], layout=False)
    program = fonts.font_bytes(font)  # saving works out the subset's bounding box, read below
    upm = font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    widths = tuple(
        round(hmtx[cmap[ord(chars[c])]][0] * 1000 / upm) if c in chars and ord(chars[c]) in cmap
        else 0 for c in range(32, 256))
    head, os2, hhea = font["head"], font["OS/2"], font["hhea"]

    def scaled(v: int) -> int:
        return round(v * 1000 / int(upm))

    descriptor = {
        "bbox": [scaled(head.xMin), scaled(head.yMin), scaled(head.xMax), scaled(head.yMax)],
        "ascent": scaled(hhea.ascent), "descent": scaled(hhea.descent),
        "cap": scaled(getattr(os2, "sCapHeight", hhea.ascent)),
    }
    return program, widths, descriptor


def encode(text: str) -> bytes:
    """Return text in the form font's encoding; a character it cannot show becomes '?'."""
    return text.encode(_ENCODING, errors="replace")


def _literal(data: bytes) -> str:
    """Return bytes as a PDF literal string body, every byte outside printable ASCII escaped."""
    out = []
    for b in data:
        ch = chr(b)
        if ch in "()\\":
            out.append("\\" + ch)
        elif 32 <= b < 127:
            out.append(ch)
        else:
            out.append(f"\\{b:03o}")
    return "".join(out)


def _n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _wrap(text: str, size: float, width: float, most: int) -> list[str] | None:
    """Return the text in at most `most` lines no wider than `width`, or None if it cannot.

    On several lines, an aid after a `;` (`R2 B6; flip B6`) starts a line of its own.
    """
    parts = text.replace("; ", ";\n").split("\n") if most > 1 else [text]
    lines = ["".join(run.text for run in line)
             for part in parts
             for line in wrap([Run(part, fonts.REGULAR)], size, width, min_last=1)]
    return lines if len(lines) <= most else None


class FormWriter:
    """Collects one document's widgets and writes its AcroForm when the document is saved."""

    def __init__(self, rl: _RLCanvas, form: Form) -> None:
        self._rl = rl
        self._form = form
        self._fields: list[Any] = []
        self._names: set[str] = set()
        self._font_ref: Any = None
        self._appearances: dict[str, Any] = {}
        self._identity_done = form.identity is None

    # --- resources, made once per document ------------------------------------------------
    def _stream(self, content: str, bbox: tuple[float, float], resources: bool) -> Any:
        w, h = bbox
        d = {"Type": PDFName("XObject"), "Subtype": PDFName("Form"),
             "BBox": PDFArray([0, 0, _n(w), _n(h)])}
        if resources:
            d["Resources"] = PDFDictionary({"Font": PDFDictionary({FONT_KEY: self._font()})})
        stream = PDFStream(PDFDictionary(d), content, filters=[PDFStreamFilterZCompress()])
        return self._rl._doc.Reference(stream)

    def _font(self) -> Any:
        if self._font_ref is None:
            program, widths, desc = _font_program()
            doc = self._rl._doc
            file_ref = doc.Reference(PDFStream(
                PDFDictionary({"Length1": len(program)}), program,
                filters=[PDFStreamFilterZCompress()]))
            descriptor = doc.Reference(PDFDictionary({
                "Type": PDFName("FontDescriptor"), "FontName": PDFName(FONT_NAME),
                "Flags": 32, "FontBBox": PDFArray(desc["bbox"]), "ItalicAngle": 0,
                "Ascent": desc["ascent"], "Descent": desc["descent"],
                "CapHeight": desc["cap"], "StemV": 80, "FontFile2": file_ref}))
            self._font_ref = doc.Reference(PDFDictionary({
                "Type": PDFName("Font"), "Subtype": PDFName("TrueType"),
                "BaseFont": PDFName(FONT_NAME), "FirstChar": 32, "LastChar": 255,
                "Widths": PDFArray(list(widths)), "Encoding": PDFName("WinAnsiEncoding"),
                "FontDescriptor": descriptor}))
        return self._font_ref

    def _shared(self, key: str, content: str, bbox: tuple[float, float]) -> Any:
        """Return one appearance stream shared by every widget with the same drawing."""
        full = f"{key}:{_n(bbox[0])}x{_n(bbox[1])}"
        ref = self._appearances.get(full)
        if ref is None:
            ref = self._appearances[full] = self._stream(content, bbox, resources=False)
        return ref

    # --- appearances --------------------------------------------------------------------------
    @staticmethod
    def _cross(w: float, h: float, shape: str) -> str:
        """Return the drawing of a pencil cross over a w × h box (within a circle's square)."""
        inset = 0.16 * min(w, h) if shape == "rect" else 0.24 * min(w, h)
        width = max(1.0, min(2.2, 0.07 * min(w, h)))
        x0, y0, x1, y1 = inset, inset, w - inset, h - inset
        if shape == "circle" or min(w, h) < 14:
            side = min(w, h) - 2 * inset
            x0, y0 = (w - side) / 2, (h - side) / 2
            x1, y1 = x0 + side, y0 + side
        g = _n(MARK_GREY)
        return (f"q {g} {g} {g} RG {_n(width)} w 1 J "
                f"{_n(x0)} {_n(y0)} m {_n(x1)} {_n(y1)} l S "
                f"{_n(x0)} {_n(y1)} m {_n(x1)} {_n(y0)} l S Q")

    def _text_appearance(self, fld: Field, text: str, w: float, h: float) -> str:
        """Return the drawing of a written value: on its lines, shrunk until it fits."""
        if not text:
            return "/Tx BMC EMC"
        size = fld.size
        lines = _wrap(text, size, w - 4, fld.lines)
        while lines is None or (len(lines) * size * 1.1 > h and size > 4):
            size -= 0.5          # shrink to fit, as a reader's auto size does
            lines = _wrap(text, size, w - 4, fld.lines)
            if size <= 4:
                lines = lines or [text]
                break
        g = _n(MARK_GREY)
        leading = size * 1.1
        top = (h + leading * len(lines)) / 2 - size * 0.82   # the first baseline, centred
        out = [f"/Tx BMC q BT /{FONT_KEY} {_n(size)} Tf {g} {g} {g} rg"]
        for i, line in enumerate(lines):
            advance = fonts.width(line, fonts.REGULAR, size)
            left = {"left": 2.0, "center": (w - advance) / 2, "right": w - 2 - advance}[fld.align]
            out.append(f"1 0 0 1 {_n(left)} {_n(top - i * leading)} Tm "
                       f"({_literal(encode(line))}) Tj")
        return " ".join(out) + " ET Q EMC"

    # --- widgets ---------------------------------------------------------------------------
    def add(self, fld: Field, rect: tuple[float, float, float, float]) -> None:
        """Add a widget for `fld` on the current page at `rect` (PDF user space, y up)."""
        if fld.name in self._names:
            raise ValueError(f"two form fields are named {fld.name!r}")
        self._names.add(fld.name)
        x0, y0, x1, y1 = rect
        w, h = x1 - x0, y1 - y0
        value = self._form.values.get(fld.name)
        d: dict[str, Any] = {
            "Type": PDFName("Annot"), "Subtype": PDFName("Widget"),
            "Rect": PDFArray([_n(x0), _n(y0), _n(x1), _n(y1)]),
            "F": 4,  # printed
            "T": PDFString(fld.name), "TU": PDFString(fld.label),
            "P": self._rl._doc.thisPageRef(),
            "MK": PDFDictionary({}),
        }
        if fld.kind == "check":
            state = ON if value is True else "Off"
            on = self._shared(f"cross-{fld.shape}", self._cross(w, h, fld.shape), (w, h))
            off = self._shared("empty", "", (w, h))
            d.update({"FT": PDFName("Btn"), "V": PDFName(state), "AS": PDFName(state),
                      "AP": PDFDictionary({"N": PDFDictionary({ON: on, "Off": off})})})
            d["MK"] = PDFDictionary({"CA": PDFString("8")})
        else:
            text = value if isinstance(value, str) else ""
            g = _n(MARK_GREY)
            # a box of several lines asks the reader to size its text to fit (0 Tf), so a
            # reader that redraws what is typed shrinks it rather than cut its last line
            size = 0 if fld.lines > 1 else fld.size
            d.update({"FT": PDFName("Tx"), "V": PDFString(text),
                      "DA": PDFString(f"/{FONT_KEY} {_n(size)} Tf {g} {g} {g} rg"),
                      "Q": {"left": 0, "center": 1, "right": 2}[fld.align],
                      "AP": PDFDictionary({"N": self._stream(
                          self._text_appearance(fld, text, w, h), (w, h), resources=True)})})
            if fld.max_length:
                d["MaxLen"] = fld.max_length
            if fld.lines > 1:
                d["Ff"] = 1 << 12  # multiline
        self._widget(d)
        if not self._identity_done:
            self._identity_done = True
            name, value = self._form.identity  # type: ignore[misc]
            self._widget({
                "Type": PDFName("Annot"), "Subtype": PDFName("Widget"), "FT": PDFName("Tx"),
                "Rect": PDFArray([0, 0, 0, 0]), "F": 2 | 4,  # hidden, printed (never shown)
                "Ff": 1,  # read-only
                "T": PDFString(name), "V": PDFString(value),
                "DA": PDFString(f"/{FONT_KEY} 8 Tf 0 g"), "P": self._rl._doc.thisPageRef()})

    def _widget(self, d: dict[str, Any]) -> None:
        widget = PDFDictionary(d)
        self._rl._addAnnotation(widget)
        self._fields.append(self._rl._doc.Reference(widget))

    def finish(self) -> None:
        """Write the document's AcroForm (its fields, default font and appearance)."""
        unknown = sorted(set(self._form.values) - self._names)
        if unknown:
            raise ValueError(f"values for fields the form does not have: {', '.join(unknown)}")
        self._rl._doc._catalog.AcroForm = PDFDictionary({
            "Fields": PDFArray(self._fields),
            "DA": PDFString(f"/{FONT_KEY} 0 Tf 0 g"),
            "DR": PDFDictionary({"Font": PDFDictionary({FONT_KEY: self._font()})}),
        })
