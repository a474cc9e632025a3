"""Reading a person's files: one way to say why a file cannot be read, and how big it may be.

Every file a person gives printkit (a deck, a map, a printer profile, a rule template, a run
record) is read here: at most `MAX_BYTES`, from a regular file (or `-`, standard input), so
`--deck /dev/zero` or a FIFO is refused at once instead of growing until memory runs out.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path

from printkit.errors import TemplateError
from printkit.message import Said, quoted, shown_path, tr

#: The most printkit reads of any one file a person gives it: the bundled templates are a
#: few kilobytes, a run record a few more.
MAX_BYTES = 1_000_000
_PLAIN = re.compile(r"^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$")
MAX_NAME_LENGTH = 40


def read_text(path: Path, what: str, shown: str | None = None,
              max_bytes: int = MAX_BYTES) -> str:
    """Return the UTF-8 text of `path` (called `what`, shown as `shown`), or raise saying why not.

    `-` reads standard input. A file longer than `max_bytes` is refused before it is read
    whole; so is anything that is not a regular file (a device, a FIFO, a socket).
    """
    name = shown_path(shown or path)
    data = read_bytes(path, what, shown, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TemplateError(f"{what} {name} is not UTF-8 text (byte {err.start})") from None


def read_bytes(path: Path, what: Said, shown: str | None = None,
               max_bytes: int = MAX_BYTES) -> bytes:
    """Return the bytes of `path` (called `what`, shown as `shown`), or raise saying why not
    (in any language, `errors.PrintkitError.say`): at most `max_bytes`, of a regular file
    (or `-`, standard input)."""
    name = shown_path(shown or path)
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            data = _read_regular(path, what, name, max_bytes + 1)
    except FileNotFoundError:
        raise TemplateError(tr("{what} {name} does not exist", what=what, name=name)) from None
    except IsADirectoryError:
        raise TemplateError(tr("{what} {name} is a folder, not a file", what=what,
                               name=name)) from None
    except PermissionError:
        raise TemplateError(tr("cannot read {what} {name}: permission denied", what=what,
                               name=name)) from None
    except OSError as err:
        raise TemplateError(tr("cannot read {what} {name}: {why}", what=what, name=name,
                               why=err.strerror or "")) from None
    if len(data) > max_bytes:
        raise TemplateError(tr("{what} {name} is larger than {size}; is it the right file?",
                               what=what, name=name, size=_size(max_bytes)))
    return data


def _read_regular(path: Path, what: Said, name: Said, limit: int) -> bytes:
    # opened without blocking (a FIFO with no writer would wait for ever), then looked at
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as handle:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError
        if not stat.S_ISREG(mode):
            raise TemplateError(tr("{what} {name} is not a regular file (a device, a pipe or a "
                                   "socket); give the path of a file", what=what, name=name))
        return handle.read(limit)


def first_bytes(path: Path, count: int) -> bytes:
    """Return the first `count` bytes of a regular file, to tell what it is before it is read
    whole; nothing for standard input, or for what is no regular file or cannot be opened
    (`read_bytes` then says why)."""
    if str(path) == "-":
        return b""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return b""
    try:
        return os.read(fd, count) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return b""
    finally:
        os.close(fd)


def looks_like_file(name: str) -> bool:
    """Return whether a name given for a template (`--map`, `--printer`) is a file's path."""
    return name.endswith(".toml") or "/" in name or "\\" in name


def is_plain_word(name: str) -> bool:
    """Return whether `name` is a plain word (see `plain_name`)."""
    return len(name) <= MAX_NAME_LENGTH and _PLAIN.match(name) is not None


def plain_name(name: str, what: str) -> str:
    """Return `name` if it is a plain word that may become part of a file name, else raise.

    A plain word is ASCII letters and digits, joined by single hyphens or underscores, at
    most 40 characters: no slash, no dot, nothing that could lead outside the output folder.
    """
    if not is_plain_word(name):
        raise TemplateError(f"{what} {quoted(name)} is not a plain word: it becomes part of a file "
                            f"name, so use letters, digits and hyphens only "
                            f"(at most {MAX_NAME_LENGTH})")
    return name


def _size(n: int) -> str:
    """Return a byte count as a person says it: 1 MB, 64 kB, 512 bytes."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:g} MB"
    if n >= 1_000:
        return f"{n / 1_000:g} kB"
    return f"{n} bytes"
