"""`read_run`: the one door every run comes in by, whatever it was written on.

A run comes as a file's bytes (a record in YAML or JSON, or a filled PDF gamesheet), as a
record's text, or as the fields of a sheet (`SheetFields`: the boxes of the fillable form,
named as `sheet_fields` names them, whether a PDF form, the web page or a photo of the paper
sheet filled them). The command line, the web page and the form all read through here, so
they accept the same words: a food written as the Spanish sheet prints it (`Zanahoria`) reads
the same everywhere, and so does a record in a format an earlier printkit wrote.

Whatever cannot be read raises `RecordError` (exit 2), each problem saying where.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.record import MapLoader, read_record, read_sheet
from printkit.games.fox_rabbit.record_yaml import MAX_BYTES, RecordError
from printkit.games.fox_rabbit.run import Run
from printkit.message import said_of, tr

PDF_MAGIC = b"%PDF-"


@dataclass(frozen=True)
class SheetFields:
    """The boxes of a filled gamesheet, by field name: text, or True for a ticked box.

    The names are the fillable form's (docs/gamesheet-form.md), with its hidden identity
    field saying the map, the mode and the rules it was printed from.
    """

    values: Mapping[str, str | bool]
    name: str = "the sheet"


def read_run(source: bytes | str | SheetFields, name: str = "the run record",
             map_loader: MapLoader | None = None) -> Run:
    """Return the run a source holds, or raise RecordError saying what and where.

    `source` is a file's bytes (a PDF gamesheet if they start as one, else a record's UTF-8
    text), a record's text, or a sheet's fields. `name` names the source in messages
    (`run.yaml`, `standard input`).
    """
    if isinstance(source, SheetFields):
        return read_sheet(dict(source.values), source.name, map_loader)
    if isinstance(source, bytes):
        if source.startswith(PDF_MAGIC) or name.lower().endswith(".pdf"):
            return read_sheet(_pdf_fields(source, name), name, map_loader)
        if len(source) > MAX_BYTES:
            raise RecordError(tr("{file} is larger than {size} MB; is it the right file?",
                                 file=name, size=MAX_BYTES // 1_000_000))
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(tr("{file} is neither a PDF nor UTF-8 text (byte {byte})",
                                 file=name, byte=err.start)) from None
    return read_record(source, map_loader)


def _pdf_fields(data: bytes, name: str) -> dict[str, str | bool]:
    """Return the fields of a PDF form; a PDF printkit cannot read as a form is unreadable."""
    from printkit.form_reading import read_fields

    try:
        return read_fields(data, name)
    except RecordError:
        raise
    except PrintkitError as err:
        raise RecordError(said_of(err)) from None
