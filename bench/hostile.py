"""Hostile inputs a player could hand printkit: filled PDFs, records and CSV files.

`bench/harden.py` probes printkit with them, and the tests use the same builders, so a probe
that fails here fails a test too. Each builder returns bytes (or text); nothing is written.
"""

from __future__ import annotations

import io
import zlib

#: A filled gamesheet's hidden field: the game, the map, the mode and the map's digest.
IDENTITY_FIELD = "printkit"


def with_fields(pdf: bytes, **values: str) -> bytes:
    """Return a fillable gamesheet with some fields' values replaced (`printkit=...`)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    root = writer.root_object
    for ref in root["/AcroForm"]["/Fields"]:
        field = ref.get_object()
        name = str(field.get("/T"))
        if name in values:
            field[NameObject("/V")] = TextStringObject(values[name])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def identity(pdf: bytes) -> str:
    """Return the hidden field's value in a fillable gamesheet."""
    from pypdf import PdfReader

    return str(PdfReader(io.BytesIO(pdf)).get_fields()[IDENTITY_FIELD].get("/V"))


def naming_map(pdf: bytes, map_name: str) -> bytes:
    """Return a fillable gamesheet whose hidden field names `map_name` instead of its map."""
    game, _, mode, digest = identity(pdf).split()
    return with_fields(pdf, **{IDENTITY_FIELD: f"{game} {map_name} {mode} {digest}"})


def raw_pdf(objects: list[bytes], trailer: bytes = b"") -> bytes:
    """Return a PDF of the given objects (object 1 is the catalog) with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % at for at in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, trailer, xref)
    return bytes(out)


_PAGES = b"<< /Type /Pages /Kids [] /Count 0 >>"


def many_fields(count: int = 100_000) -> bytes:
    """Return a PDF form with `count` text fields (written inside the field array)."""
    fields = b" ".join(b"<</FT/Tx/T(f%d)/V(1)>>" % i for i in range(count))
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [" + fields
                    + b"] >> >>", _PAGES])


def many_kids(count: int = 100_000) -> bytes:
    """Return a PDF form with one field that has `count` kids."""
    kids = b" ".join(b"<</T(k%d)/V(1)>>" % i for i in range(count))
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [3 0 R] >> >>",
                    _PAGES, b"<< /FT /Tx /T (printkit) /Kids [" + kids + b"] >>"])


def compression_bomb(inflated: int = 300_000_000) -> bytes:
    """Return a PDF form whose fields sit in an object stream that inflates to `inflated` bytes."""
    field = b"<< /FT /Tx /T (printkit) /V (fox-and-rabbit classic easy 0) >>"
    header = b"3 0 "
    body = header + field
    compressor = zlib.compressobj(9)
    chunks = [compressor.compress(body)]
    block = b" " * 1_000_000
    for _ in range(inflated // len(block)):
        chunks.append(compressor.compress(block))
    chunks.append(compressor.flush())
    data = b"".join(chunks)
    stream = (b"<< /Type /ObjStm /N 1 /First %d /Filter /FlateDecode /Length %d >>\nstream\n"
              % (len(header), len(data)) + data + b"\nendstream")
    # object 3 lives in object stream 4; the xref table cannot say so, so an xref stream does
    catalog = b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [3 0 R] >> >>"
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, obj in enumerate([catalog, _PAGES], start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    stream_at = len(out)
    out += b"4 0 obj\n" + stream + b"\nendobj\n"
    xref_at = len(out)
    rows = [b"\x00" + (0).to_bytes(4, "big") + b"\xff\xff"]
    rows += [b"\x01" + at.to_bytes(4, "big") + b"\x00\x00" for at in offsets]
    rows += [b"\x02" + (4).to_bytes(4, "big") + b"\x00\x00"]
    rows += [b"\x01" + stream_at.to_bytes(4, "big") + b"\x00\x00"]
    rows += [b"\x01" + xref_at.to_bytes(4, "big") + b"\x00\x00"]
    table = b"".join(rows)
    out += (b"5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length %d >>\nstream\n"
            % len(table) + table + b"\nendstream\nendobj\n")
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def unknown_security_handler(pdf: bytes) -> bytes:
    """Return an encrypted PDF (from `qpdf --encrypt`) with its handler renamed."""
    return pdf.replace(b"/Filter /Standard", b"/Filter /Strange1", 1) \
        .replace(b"/Filter/Standard", b"/Filter/Strange1", 1)


def unknown_keys_record(count: int = 100_000) -> str:
    """Return a run record of just under 1 MB: a legal start, then `count` unknown keys."""
    lines = ["game: fox-and-rabbit", "map: classic", "mode: easy"]
    lines += [f"k{i:x}: 1" for i in range(count)]
    return "\n".join(lines) + "\n"


#: CSV files as spreadsheets write them, and as a careless hand might.
CSV_BOM = "\ufeffAna,Ben\r\nCy,Di\r\n"
CSV_SEMICOLON = "Ana;Ben;Zoë\nCy;Di\n"
CSV_UNTERMINATED = 'Ana,"Ben\nCy,Di\n'
CSV_SEPARATORS = {f"U+{ord(c):04X}": f"Ana,Be{c}n\nCy,Di\n"
                  for c in ("\u2028", "\x85", "\x0c", "\x0b", "\x1e")}
