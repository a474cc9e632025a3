"""Reading printkit's outputs back the way a print shop or a player would."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf

# the 14 fonts every PDF reader has; a print-shop PDF must not lean on any of them
BASE14 = {
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica",
    "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold",
    "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats",
}


def reader(pdf: bytes | Path) -> pypdf.PdfReader:
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    return pypdf.PdfReader(io.BytesIO(data))


def page_sizes(pdf: bytes | Path) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader(pdf).pages]


def text(pdf: bytes | Path) -> str:
    return "\n".join(p.extract_text() or "" for p in reader(pdf).pages)


def fonts(pdf: bytes | Path) -> dict[str, bool]:
    """Return every font the PDF references, by base name, and whether its file is embedded."""
    found: dict[str, bool] = {}
    for page in reader(pdf).pages:
        resources = page.get("/Resources") or {}
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            base = re.sub(r"^[A-Z]{6}\+", "", str(font.get("/BaseFont", "")).lstrip("/"))
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[base] = embedded
    return found
