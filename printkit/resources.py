"""Where printkit's data folders are: inside the wheel, or at the top of a checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.errors import PrintkitError

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """Return the folder `templates` or `fonts`, wherever printkit was installed from."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise PrintkitError(f"printkit's {name}/ folder is missing from this installation")


def template_path(*parts: str) -> Path:
    """Return the path of a bundled template file (it may not exist)."""
    return data_dir("templates").joinpath(*parts)


def font_path(filename: str) -> Path:
    """Return the path of a bundled font file."""
    return data_dir("fonts") / filename
