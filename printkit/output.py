"""Writing results: folders checked first, every file written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from printkit.errors import PrintkitError


def ensure_writable_dir(folder: Path) -> Path:
    """Create `folder` if needed and return it, or raise a PrintkitError saying why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise PrintkitError(f"cannot write to {folder}: it is a file, not a folder") from None
    except OSError as err:
        raise PrintkitError(f"cannot create folder {folder}: {err.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PrintkitError(f"cannot write to folder {folder}: permission denied")
    return folder


def write_files(files: Mapping[Path, bytes]) -> None:
    """Write every file, or none: each goes to a temporary name and is renamed into place."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            ensure_writable_dir(path.parent)
            if path.is_dir():
                raise PrintkitError(f"cannot write {path}: it is a folder")
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
            staged.append((Path(name), path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(name, 0o644)
        for tmp, path in staged:
            os.replace(tmp, path)
    except OSError as err:
        raise PrintkitError(f"cannot write {err.filename or 'output'}: {err.strerror}") from None
    finally:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)


def write_file(path: Path, data: bytes) -> None:
    """Write one file atomically."""
    write_files({path: data})
