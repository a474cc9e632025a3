"""Blank sheets kept on disk between processes: the pictures a reading compares a photo with.

A blank sheet's picture depends only on what draws it: the map, mode, paper, language, scale
and layout version asked for, and printkit's own code, fonts and templates, Pillow and its
FreeType. A process reading a photo whose code cannot be read draws six of them (0.1 s of
CPU each, nearly all FreeType's text); the next process asking for the same one reads it
back in a few milliseconds.

The file's name is a hash of all of that: a new printkit, Pillow or FreeType, or any change
to the code, fonts or templates, names other files, and the old ones are never read again.
The picture is kept whole (zlib, the pixels themselves), so what is read back is the same,
pixel for pixel, as what was drawn. Anything that goes wrong (no cache folder, a folder that
cannot be written, a file cut short or of another format) is the same as a file not kept:
the sheet is drawn, and nothing is said.

The folder: `PRINTKIT_CACHE_DIR` when set (empty: nothing kept), else `$XDG_CACHE_HOME/printkit`
or `~/.cache/printkit`; the pictures in its `blanks/`.
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import PIL
from PIL import Image, features

from printkit.resources import data_dir

#: Changed when a kept file's format changes.
_FORMAT = b"printkit-blank-1"
#: The most pictures kept (about 0.15 MB each): every sheet of the classic map in its three
#: layouts is 54; the oldest go first, those of an older printkit among them.
_MOST = 256
_PACKAGE = Path(__file__).resolve().parent.parent


def folder() -> Path | None:
    """Return the folder blank sheets are kept in, or None when none is to be kept."""
    chosen = os.environ.get("PRINTKIT_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) / "blanks" if chosen else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg else Path.home() / ".cache"
    except RuntimeError:   # no home to be found: a service's user, a bare container
        return None
    return base / "printkit" / "blanks"


@cache
def _drawn_by() -> bytes:
    """Return a hash of everything that draws a sheet besides what is asked of it: printkit's
    files (code, fonts, templates), Pillow's version and its FreeType's and Raqm's."""
    digest = hashlib.sha256(_FORMAT)
    roots = [_PACKAGE] + [d for d in (data_dir("fonts"), data_dir("templates"))
                          if _PACKAGE not in d.parents]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(str(path.relative_to(root)).encode() + b"\0")
                digest.update(path.read_bytes())
    for part in (PIL.__version__, features.version("freetype2"), features.version("raqm")):
        digest.update(str(part).encode() + b"\0")
    return digest.digest()


def blank(key: tuple[object, ...], draw: Callable[[], Image.Image]) -> Image.Image:
    """Return the grey picture `draw` makes for `key` (what is asked of it: a tuple of
    strings and numbers), read from the cache folder when it was kept there, else drawn and
    kept."""
    where = folder()
    if where is None:
        return draw()
    try:
        name = hashlib.sha256(_drawn_by() + repr(key).encode()).hexdigest()
    except OSError:   # printkit's own files unreadable: nothing to name the picture by
        return draw()
    path = where / f"{name}.blank"
    kept = _read(path)
    if kept is not None:
        return kept
    image = draw()
    if image.mode == "L":
        _write(path, image)
    return image


def _read(path: Path) -> Image.Image | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(_FORMAT) + 8
    if len(data) < head or not data.startswith(_FORMAT):
        return None
    width, height = struct.unpack(">II", data[len(_FORMAT):head])
    try:
        pixels = zlib.decompress(data[head:])
    except zlib.error:
        return None
    if len(pixels) != width * height:
        return None
    return Image.frombytes("L", (width, height), pixels)


def _write(path: Path, image: Image.Image) -> None:
    """Keep the picture at `path`, whole or not at all: written beside it, then renamed (two
    processes keeping the same sheet write the same bytes)."""
    data = _FORMAT + struct.pack(">II", *image.size) + zlib.compress(image.tobytes(), 1)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        _prune(path.parent)
    except OSError:
        pass


def _prune(where: Path) -> None:
    """Remove the oldest pictures past the `_MOST` kept."""
    pictures = list(where.glob("*.blank"))
    if len(pictures) <= _MOST:
        return
    pictures.sort(key=lambda p: p.stat().st_mtime)
    for old in pictures[:len(pictures) - _MOST]:
        old.unlink(missing_ok=True)
