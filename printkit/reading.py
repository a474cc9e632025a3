"""Reading a person's text files: one way to say why a file cannot be read."""

from __future__ import annotations

from pathlib import Path

from printkit.errors import TemplateError


def read_text(path: Path, what: str, shown: str | None = None) -> str:
    """Return the UTF-8 text of `path` (called `what`, shown as `shown`), or raise saying why not."""
    name = shown or str(path)
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise TemplateError(f"{what} {name} does not exist") from None
    except IsADirectoryError:
        raise TemplateError(f"{what} {name} is a folder, not a file") from None
    except PermissionError:
        raise TemplateError(f"cannot read {what} {name}: permission denied") from None
    except UnicodeDecodeError:
        raise TemplateError(f"{what} {name} is not UTF-8 text") from None
    except OSError as err:
        raise TemplateError(f"cannot read {what} {name}: {err.strerror}") from None
