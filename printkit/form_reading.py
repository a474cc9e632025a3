"""Reading a filled PDF form: every field's value, whatever reader filled it in.

pypdf reads the form (the one library in printkit that reads PDFs). A file that is not a
readable, unencrypted PDF with form fields is refused with one message saying which.
"""

from __future__ import annotations

import io
import logging

from printkit.errors import PrintkitError

#: A filled gamesheet is about 200 kB; anything much larger is not one.
MAX_BYTES = 5_000_000


def read_fields(data: bytes, name: str) -> dict[str, str | bool]:
    """Return each field of a PDF form: its text, True for a ticked box, False for an empty one."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    if not data.startswith(b"%PDF-"):
        raise PrintkitError(f"{name} is not a PDF file")
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # its warnings are not the player's
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        # a form saved with an owner password only opens with the empty user password
        if reader.is_encrypted and not reader.decrypt(""):
            raise PrintkitError(f"{name} is encrypted; save it again without a password")
        fields = reader.get_fields() or {}
    except PrintkitError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, RecursionError,
            OSError) as err:
        raise PrintkitError(f"{name} is a damaged PDF that cannot be read ({err})") from None
    if not fields:
        raise PrintkitError(f"{name} has no form fields: it is not a fillable printkit "
                            f"gamesheet (print one with printkit sheet fox-and-rabbit "
                            f"--fillable)")
    out: dict[str, str | bool] = {}
    for field_name, found in fields.items():
        value = found.get("/V")
        if found.get("/FT") == "/Btn":
            out[field_name] = value is not None and str(value) not in ("/Off", "Off", "")
        else:
            out[field_name] = "" if value is None else str(value)
    return out
