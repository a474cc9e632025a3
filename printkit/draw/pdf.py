"""The PDF backend (reportlab): fonts embedded and subset, deterministic bytes."""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas as _RLCanvas

from printkit.draw import fonts, vector_art
from printkit.draw.canvas import Canvas, Field, Point
from printkit.draw.color import Color
from printkit.draw.fonts import Font
from printkit.draw.page import Page
from printkit.draw.pdf_form import Form, FormWriter

if TYPE_CHECKING:
    from printkit.draw.flatten import Call, Keeper

#: a CMYK document's pictures, each made once and kept as a form: a flattened one by what lies
#: below, what is laid over it, its box and its resolution; an opaque one by its file and size
Flattened = dict[tuple[Any, ...], str]


class PdfCanvas(Canvas):
    """Paints on one reportlab page; y is flipped once so products keep y pointing down."""

    def __init__(self, rl: _RLCanvas, width: float, height: float, cmyk: bool = False,
                 forms: dict[Hashable, str] | None = None,
                 fields: FormWriter | None = None,
                 flattened: Flattened | None = None) -> None:
        super().__init__(width, height)
        self._rl = rl
        self._cmyk = cmyk
        # a CMYK page holds no RGB and nothing seen through: every call is kept, so that
        # art that needs transparency is painted as one opaque picture of it and what lies
        # below (printkit.draw.flatten)
        self._kept: Keeper | None = None
        self._flattened = flattened if flattened is not None else {}
        if cmyk:
            from printkit.draw.flatten import Keeper

            self._kept = Keeper(width, height)
        self._forms = {} if forms is None else forms  # reused drawings, by key, for the document
        self._fields = fields  # the fillable form's widgets, when the document is one
        # the fill and stroke last set in this content stream (None: not known), and those
        # of the graphics states saved round them: a colour is written only when it changes
        self._fill_now: Color | None = None
        self._stroke_now: tuple[Color, float, tuple[float, ...] | None] | None = None
        self._saved: list[tuple[Color | None,
                                tuple[Color, float, tuple[float, ...] | None] | None]] = []

    def reuse(self, key: Hashable, bounds: tuple[float, float, float, float],
              draw: Callable[[Canvas], None]) -> None:
        """Paint the drawing once as a form XObject, then refer to it wherever the key returns."""
        if self._kept is not None:
            from printkit.draw.flatten import Keeper, any_see_through

            probe = Keeper(self.width, self.height, self.matrix)
            draw(probe)
            if self._kept.in_layer or any_see_through(probe.calls):
                # its flattened pictures hold what lies below it here: painted in place
                draw(self)
                return
            self._kept.calls.extend(probe.calls)
        name = self._forms.get(key)
        if name is None:
            name = f"printkit{len(self._forms)}"
            self._rl.beginForm(name, *bounds)
            # a reused drawing is painted once, so it cannot hold a field: none is passed on
            draw(PdfCanvas(self._rl, self.width, self.height, self._cmyk, self._forms,
                           flattened=self._flattened))
            self._rl.endForm()
            self._forms[key] = name
        self._rl.doForm(name)

    def _push(self, dx: float, dy: float, rotate: float) -> None:
        self._saved.append((self._fill_now, self._stroke_now))
        self._rl.saveState()
        self._rl.translate(dx, dy)
        if rotate:
            self._rl.rotate(rotate)

    def _pop(self) -> None:
        self._rl.restoreState()
        self._fill_now, self._stroke_now = self._saved.pop()

    def _deferred(self, hook: str, *args: Any) -> bool:
        """Keep a call of a CMYK page; return whether it waits for its translucent layer to
        end, to be painted with it as one flattened picture."""
        kept = self._kept
        if kept is None:
            return False
        kept.matrix = self.matrix
        getattr(kept, hook)(*args)
        return kept.in_layer

    def _begin_clip(self, x: float, y: float, w: float, h: float, radius: float) -> None:
        self._saved.append((self._fill_now, self._stroke_now))
        self._rl.saveState()
        path = self._rl.beginPath()
        if radius:
            path.roundRect(x, y, w, h, radius)
        else:
            path.rect(x, y, w, h)
        self._rl.clipPath(path, stroke=0, fill=0)

    def _end_clip(self) -> None:
        self._pop()

    def _begin_translucent(self, opacity: float) -> None:
        if self._kept is not None:
            self._kept._begin_translucent(opacity)
            return
        self._saved.append((self._fill_now, self._stroke_now))
        self._rl.saveState()
        self._rl.setFillAlpha(opacity)
        self._rl.setStrokeAlpha(opacity)

    def _end_translucent(self) -> None:
        if self._kept is not None:
            self._kept._end_translucent()
            if not self._kept.in_layer:
                self._paint_flattened(self._kept.calls[-1])
            return
        self._pop()

    def _paint_flattened(self, call: Call) -> None:
        """Paint a call that needs transparency as one opaque CMYK picture of its box, with
        what the page holds below it there, upright in the page's own space."""
        from reportlab.lib.utils import ImageReader

        from printkit.draw.flatten import bounds, flattened, overlaps, resolution

        assert self._kept is not None
        left, top, right, bottom = bounds(call)
        box = (max(0.0, left), max(0.0, top), min(self.width, right), min(self.height, bottom))
        if box[2] - box[0] <= 0 or box[3] - box[1] <= 0:
            return
        below = tuple(c for c in self._kept.calls[:-1] if overlaps(c, box))
        dpi = resolution(call)
        key = (below, call, box, dpi)
        width, height = box[2] - box[0], box[3] - box[1]
        name = self._flattened.get(key)
        if name is None:
            name = self._flattened[key] = self._picture_form(
                ImageReader(flattened(below, call, box, dpi)), width, height)
        back = self.matrix.inverse()
        self._rl.saveState()
        self._rl.transform(back.a, back.b, back.c, back.d, back.e, back.f)
        self._rl.translate(box[0], box[3])
        self._rl.scale(1, -1)
        self._rl.doForm(name)
        self._rl.restoreState()

    def _picture_form(self, picture: Any, width: float, height: float) -> str:
        """Return the name of a form that draws a picture in (0, 0, width, height): a picture
        placed again is the form named again, not its pixels digested again."""
        name = f"printkitpicture{len(self._flattened)}"
        self._rl.beginForm(name, 0, 0, width, height)
        self._rl.drawImage(picture, 0, 0, width, height)
        self._rl.endForm()
        return name

    def _stroke(self, color: Color | None, width: float, dash: tuple[float, ...] | None) -> bool:
        if color is None:
            return False
        if self._stroke_now == (color, width, dash):
            return True
        self._stroke_now = (color, width, dash)
        if self._cmyk:
            self._rl.setStrokeColorCMYK(*color.cmyk01)
        else:
            self._rl.setStrokeColorRGB(*color.rgb01)
        self._rl.setLineWidth(width)
        self._rl.setDash(list(dash) if dash else [])
        return True

    def _fill(self, color: Color | None) -> bool:
        if color is None:
            return False
        if color == self._fill_now:
            return True
        self._fill_now = color
        if self._cmyk:
            self._rl.setFillColorCMYK(*color.cmyk01)
        else:
            self._rl.setFillColorRGB(*color.rgb01)
        return True

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        if self._deferred("_line", x1, y1, x2, y2, stroke, width, dash):
            return
        self._stroke(stroke, width, dash)
        self._rl.line(x1, y1, x2, y2)

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        if self._deferred("_rect", x, y, w, h, stroke, fill, width, radius, dash):
            return
        s, f = self._stroke(stroke, width, dash), self._fill(fill)
        if radius:
            self._rl.roundRect(x, y, w, h, radius, stroke=int(s), fill=int(f))
        else:
            self._rl.rect(x, y, w, h, stroke=int(s), fill=int(f))

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        if self._deferred("_circle", cx, cy, r, stroke, fill, width, dash):
            return
        s, f = self._stroke(stroke, width, dash), self._fill(fill)
        self._rl.circle(cx, cy, r, stroke=int(s), fill=int(f))

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        if self._deferred("_polygon", points, stroke, fill, width, closed):
            return
        s, f = self._stroke(stroke, width, None), self._fill(fill if closed else None)
        path = self._rl.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        if closed:
            path.close()
        self._rl.drawPath(path, stroke=int(s), fill=int(f))

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        if self._deferred("_image", x, y, w, h, path):
            return
        if self._kept is not None:
            self._cmyk_image(x, y, w, h, path)
            return
        source: object = str(path)
        if vector_art.is_svg(path):
            from reportlab.lib.utils import ImageReader

            scale = vector_art.PRINT_DPI / 72
            source = ImageReader(io.BytesIO(vector_art.to_png(str(path), round(w * scale),
                                                              round(h * scale))))
        self._rl.saveState()
        self._rl.translate(x, y + h)
        self._rl.scale(1, -1)
        self._rl.drawImage(source, 0, 0, w, h, mask="auto")
        self._rl.restoreState()

    def _cmyk_image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        """Paint a picture on a CMYK page: flattened over what lies below if it is seen
        through anywhere, else turned CMYK at its own pixels."""
        from reportlab.lib.utils import ImageReader

        from printkit.draw.flatten import needs_flattening, opaque_cmyk

        assert self._kept is not None
        call = self._kept.calls[-1]
        if needs_flattening(call):
            self._paint_flattened(call)
            return
        key = ("opaque", path, round(w, 3), round(h, 3))
        name = self._flattened.get(key)
        if name is None:
            name = self._flattened[key] = self._picture_form(ImageReader(opaque_cmyk(path)), w,
                                                             h)
        self._rl.saveState()
        self._rl.translate(x, y + h)
        self._rl.scale(1, -1)
        self._rl.doForm(name)
        self._rl.restoreState()

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        if self._deferred("_text", left, baseline, text, font, size, color, advance):
            return
        # one text object, its matrix turned upright at the baseline: no state to save, which
        # keeps a ten-thousand-page pad's pages small
        self._fill(color)
        run = self._rl.beginText()
        run.setTextTransform(1, 0, 0, -1, left, baseline)
        run.setFont(fonts.register(font), size)
        run.textOut(text)
        self._rl.drawText(run)

    def _field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        if self._fields is None:
            return
        if self.matrix.rotation % 360:
            raise ValueError(f"form field {field.name} is drawn turned; fields stay upright")
        (x0, y0), (x1, y1) = self.matrix.apply(x, y), self.matrix.apply(x + w, y + h)
        # widgets live in the page's own space, y up, outside the flip every page is drawn in
        self._fields.add(field, (min(x0, x1), self.height - max(y0, y1),
                                 max(x0, x1), self.height - min(y0, y1)))




@dataclass(frozen=True)
class OutputIntent:
    """A PDF/X-1a file's printing condition: a CMYK characterisation registered with the ICC.

    A registered condition is named, not embedded: the printer knows its profile.
    """

    identifier: str   # the registry's name for it, e.g. "CGATS TR 001"
    condition: str    # what a person calls it
    registry: str = "http://www.color.org"


# the registered conditions a printer profile may name (ICC characterization data registry)
REGISTERED = {
    "CGATS TR 001": "U.S. Web Coated (SWOP) v2: SWOP publication printing, grade 5 paper",
    "FOGRA39": "Coated FOGRA39 (ISO 12647-2:2004): offset, paper types 1 and 2",
    "FOGRA51": "PSO Coated v3 (ISO 12647-2:2013): offset, premium coated paper",
    "CGATS21-2-CRPC6": "GRACoL 2013 (CGATS 21-2, CRPC6): commercial offset, coated paper",
}


class _PdfXInfo(pdfdoc.PDFInfo):  # type: ignore[misc]  # reportlab has no type hints
    """The document information, with the PDF/X-1a:2001 version and conformance keys."""

    def format(self, document: Any) -> bytes:
        date = pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        formatted: bytes = pdfdoc.PDFDictionary({
            "Title": pdfdoc.PDFString(self.title),
            "Author": pdfdoc.PDFString(self.author),
            "Subject": pdfdoc.PDFString(self.subject),
            "Creator": pdfdoc.PDFString(self.creator),
            "Producer": pdfdoc.PDFString(self.producer),
            "CreationDate": date,
            "ModDate": date,
            "Trapped": pdfdoc.PDFName("False"),
            "GTS_PDFXVersion": pdfdoc.PDFString("PDF/X-1:2001"),
            "GTS_PDFXConformance": pdfdoc.PDFString("PDF/X-1a:2001"),
        }).format(document)
        return formatted


class _PdfXCatalog(pdfdoc.PDFCatalog):  # type: ignore[misc]  # reportlab has no type hints
    """The document catalogue, with its output intents."""

    # reportlab reads this class attribute by its name: it cannot be a ClassVar of ours
    __NoDefault__ = [*pdfdoc.PDFCatalog.__NoDefault__, "OutputIntents"]  # noqa: RUF012


def _make_pdfx(rl: _RLCanvas, intent: OutputIntent) -> None:
    """Turn the document into PDF/X-1a:2001: its version keys and its output intent.

    The pages are CMYK, embed their fonts and have no transparency; their TrimBox and
    BleedBox come from each page's `trim`. reportlab writes PDF 1.3, as PDF/X-1a:2001 asks.
    """
    doc = rl._doc
    info = _PdfXInfo()
    info.__dict__.update(doc.info.__dict__)
    doc.info = info
    catalog = _PdfXCatalog()
    catalog.__dict__.update(doc.Catalog.__dict__)
    catalog.OutputIntents = pdfdoc.PDFArray([pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"),
        "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(intent.identifier),
        "OutputCondition": pdfdoc.PDFString(intent.condition),
        "RegistryName": pdfdoc.PDFString(intent.registry),
        "Info": pdfdoc.PDFString(intent.condition),
    })])
    doc.Catalog = doc._catalog = catalog


def render(pages: Iterable[Page], title: str, cmyk: bool = False,
           form: Form | None = None, intent: OutputIntent | None = None) -> bytes:
    """Return the PDF bytes of `pages`, with every used font embedded as a subset.

    With `form`, the fields the pages mark become a fillable form holding its values. With
    an output intent the file is PDF/X-1a:2001 (which needs `cmyk`). A CMYK file holds no
    RGB and nothing seen through: its pictures are turned CMYK, and those that are seen
    through, like a translucent layer, are flattened over what lies below them
    (`printkit.draw.flatten`).
    """
    if intent is not None and not cmyk:
        raise ValueError("a PDF/X-1a file is CMYK")
    for font in fonts.ALL_FONTS:
        fonts.register(font)
    buf = io.BytesIO()
    rl = _RLCanvas(
        buf,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.REGULAR.name,
        initialFontSize=10,
    )
    rl.setTitle(title)
    rl.setAuthor("printkit")
    rl.setCreator("printkit")
    rl.setSubject(title)
    if intent is not None:
        _make_pdfx(rl, intent)
    count = 0
    forms: dict[Hashable, str] = {}
    made: Flattened = {}
    fields = None if form is None else FormWriter(rl, form)
    for page in pages:
        rl.setPageSize((page.width, page.height))
        if page.trim is not None:
            left, top, right, bottom = page.trim
            rl.setTrimBox((left, bottom, page.width - right, page.height - top))
            rl.setBleedBox((0, 0, page.width, page.height))
        else:
            rl.setTrimBox(None)
            rl.setBleedBox(None)
        rl.saveState()
        rl.transform(1, 0, 0, -1, 0, page.height)
        rl.setLineJoin(1)
        page.draw(PdfCanvas(rl, page.width, page.height, cmyk, forms, fields, made))
        rl.restoreState()
        rl.showPage()
        count += 1
    if count == 0:
        raise ValueError("a PDF needs at least one page")
    if fields is not None:
        fields.finish()
    rl.save()
    return buf.getvalue()
