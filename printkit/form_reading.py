"""Reading a filled PDF form: every field's value, whatever reader filled it in.

pypdf reads the form (the one library in printkit that reads PDFs). A file that is not a
readable PDF with form fields is refused with one message saying which: an encrypted one
(unless only an owner password is set), one with a security handler pypdf does not know, a
damaged one, and one far bigger than any gamesheet: its fields and their kids are counted
before they are read, and pypdf's own limits (array and dictionary sizes, how much a stream
may inflate to) are set far below its defaults, so a hostile file costs a fraction of a second
and a few megabytes, never a traceback.
"""

from __future__ import annotations

import io
import logging
from typing import Any

from printkit.errors import PrintkitError
from printkit.message import Said, quoted, said_of, tr

#: A filled gamesheet is about 200 kB; anything much larger is not one.
MAX_BYTES = 5_000_000
#: A gamesheet has about 130 fields, each with one widget; a form with more than this many
#: fields, or kids of one field, or fields and kids in all, is not a gamesheet.
MAX_FIELDS = 1_000
#: How deep fields may nest (a gamesheet's do not nest at all).
MAX_DEPTH = 8
#: pypdf's limits while reading a form: no array or dictionary a gamesheet has comes near
#: these, and no stream of one inflates to more than a megabyte or two.
LIMITS: dict[str, int] = {
    "array_maximum_element_count": 2 * MAX_FIELDS,
    "dictionary_maximum_element_count": MAX_FIELDS,
    "maximum_declared_stream_length": MAX_BYTES,
    "zlib_maximum_output_length": 20_000_000,
    "lzw_maximum_output_length": 20_000_000,
    "run_length_maximum_output_length": 20_000_000,
    "array_based_stream_maximum_output_length": 20_000_000,
    "stream_decoding_work_maximum_length": 40_000_000,
    "form_fields_maximum_entries": MAX_FIELDS,
    "form_fields_maximum_depth": MAX_DEPTH,
}


def read_fields(data: bytes, name: str) -> dict[str, str | bool]:
    """Return each field of a PDF form: its text, True for a ticked box, False for an empty one."""
    if not data.startswith(b"%PDF-"):
        raise PrintkitError(tr("{file} is not a PDF file", file=name))
    if len(data) > MAX_BYTES:
        raise PrintkitError(tr("{file} is larger than {size} MB; a filled gamesheet is about "
                               "200 kB", file=name, size=MAX_BYTES // 1_000_000))
    fields = _read(data, name)
    if not isinstance(fields, dict):
        # raised here, not where pypdf failed: the error then holds none of what pypdf read
        # (a server thread keeps its last error until its next request)
        raise PrintkitError(fields)
    if not fields:
        raise PrintkitError(tr("{file} has no form fields: it is not a fillable printkit "
                               "gamesheet (print one with printkit sheet fox-and-rabbit "
                               "--fillable)", file=name))
    return fields


def _read(data: bytes, name: str) -> dict[str, str | bool] | Said:
    """Return the form's fields, or why they cannot be read."""
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import DependencyError, LimitReachedError, PyPdfError

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings are not the player's
    try:
        with apply_configuration(None, **LIMITS):
            reader = PdfReader(io.BytesIO(data), strict=False)
            # a form saved with an owner password only opens with the empty user password
            if reader.is_encrypted and not reader.decrypt(""):
                return tr("{file} is encrypted; save it again without a password", file=name)
            return _fields(reader, name)
    except PrintkitError as err:
        return said_of(err)
    except LimitReachedError as err:
        return tr("{file} is far bigger inside than a gamesheet, which it cannot be ({why})",
                  file=name, why=_short(err))
    except DependencyError:
        return tr("{file} is encrypted with AES, which needs pypdf's crypto extra (pip install "
                  "'pypdf[crypto]'); or save it again without a password", file=name)
    except NotImplementedError:
        return tr("{file} is encrypted in a way printkit cannot read (an unknown security "
                  "handler); save it again without a password", file=name)
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError,
            OSError, IndexError, ArithmeticError, MemoryError) as err:
        return tr("{file} is a damaged PDF that cannot be read ({why})", file=name,
                  why=_short(err))


def _fields(reader: Any, name: str) -> dict[str, str | bool]:
    """Return the form's fields by full name (`parent.child`), each counted before it is read.

    A node with a name (/T) is a field; its type (/FT) and value (/V) may be inherited from
    its parent; kids without a name are its widgets.
    """
    from pypdf.generic import ArrayObject, DictionaryObject

    root = reader.trailer["/Root"].get_object()
    form = root.get("/AcroForm") if isinstance(root, DictionaryObject) else None
    form = form.get_object() if form is not None else None
    top = form.get("/Fields") if isinstance(form, DictionaryObject) else None
    top = top.get_object() if top is not None else None
    if not isinstance(top, ArrayObject):
        return {}
    out: dict[str, str | bool] = {}
    seen = 0
    # (node, its parent's full name, inherited /FT, inherited /V, depth)
    todo: list[tuple[Any, str, Any, Any, int]] = [(ref, "", None, None, 0)
                                                  for ref in _counted(top, name, "fields")]
    while todo:
        ref, parent, kind, value, depth = todo.pop()
        seen += 1
        if seen > 2 * MAX_FIELDS:
            raise PrintkitError(tr("{file} has more than {most} form fields and widgets; a "
                                   "gamesheet has about 130", file=name, most=2 * MAX_FIELDS))
        if depth > MAX_DEPTH:
            raise PrintkitError(tr("{file} nests form fields more than {most} deep; a "
                                   "gamesheet's do not nest", file=name, most=MAX_DEPTH))
        node = ref.get_object()
        if not isinstance(node, DictionaryObject):
            continue
        title = node.get("/T")
        full = parent if title is None else (f"{parent}.{title}" if parent else str(title))
        kind = node.get("/FT", kind)
        value = node.get("/V", value)
        kids = node.get("/Kids")
        kids = kids.get_object() if kids is not None else None
        if isinstance(kids, ArrayObject):
            todo.extend((kid, full, kind, value, depth + 1)
                        for kid in reversed(_counted(kids, name, f"kids of field {quoted(full)}")))
        if title is not None:
            if kind == "/Btn":
                out[full] = value is not None and str(value) not in ("/Off", "Off", "")
            else:
                out[full] = "" if value is None else str(value)
    return out


def _counted(items: Any, name: str, what: str) -> Any:
    """Return a form's array of fields or kids, refusing it unread if it is far too long."""
    if len(items) > MAX_FIELDS:
        raise PrintkitError(tr("{file} has {n} {what}; a gamesheet has about 130 fields: this "
                               "is not one", file=name, n=len(items), what=what))
    return items


def _short(err: BaseException) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return text if len(text) <= 120 else text[:117] + "..."
