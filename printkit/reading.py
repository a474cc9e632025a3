"""Reading a person's text files: one way to say why a file cannot be read."""

from __future__ import annotations

import sys
from pathlib import Path

from printkit.errors import TemplateError


def read_text(path: Path, what: str, shown: str | None = None,
              max_bytes: int | None = None) -> str:
    """Return the UTF-8 text of `path` (called `what`, shown as `shown`), or raise saying why not.

    `-` reads standard input. With `max_bytes`, a longer file is refused before it is read whole.
    """
    name = shown or str(path)
    data = read_bytes(path, what, shown, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TemplateError(f"{what} {name} is not UTF-8 text (byte {err.start})") from None


def read_bytes(path: Path, what: str, shown: str | None = None,
               max_bytes: int | None = None) -> bytes:
    """Return the bytes of `path` (called `what`, shown as `shown`), or raise saying why not."""
    name = shown or str(path)
    limit = -1 if max_bytes is None else max_bytes + 1
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(limit)
        else:
            with path.open("rb") as handle:
                data = handle.read(limit)
    except FileNotFoundError:
        raise TemplateError(f"{what} {name} does not exist") from None
    except IsADirectoryError:
        raise TemplateError(f"{what} {name} is a folder, not a file") from None
    except PermissionError:
        raise TemplateError(f"cannot read {what} {name}: permission denied") from None
    except OSError as err:
        raise TemplateError(f"cannot read {what} {name}: {err.strerror}") from None
    if max_bytes is not None and len(data) > max_bytes:
        raise TemplateError(f"{what} {name} is larger than {_size(max_bytes)}; "
                            "is it the right file?")
    return data


def _size(n: int) -> str:
    """Return a byte count as a person says it: 1 MB, 64 kB, 512 bytes."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:g} MB"
    if n >= 1_000:
        return f"{n / 1_000:g} kB"
    return f"{n} bytes"
