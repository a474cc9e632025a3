"""Writing results: folders checked first, every file written whole or not at all.

Two ways to write, one for each kind of output:

- `write_files`: loose files (a PDF, a preview picture), each written to a hidden temporary
  name beside it and renamed into place, so a reader sees the old file or the new one.
- `write_folder`: a set of files that belong together (a printer's upload folder). The set is
  written into a hidden staging folder beside its target and swapped in with one rename, so
  a reader sees the old set or the new one, never a mix; two runs at once: the last one wins
  whole.

Temporary names carry the writer's process id (`.NAME.PID.XXXXXXXX.part`,
`.FOLDER.PID.XXXXXXXX.staging`): a later run removes those whose process is gone (killed
mid-write) and leaves a running one's alone.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Collection, Mapping
from pathlib import Path

from printkit.errors import PrintkitError

# .NAME.PID.RANDOM.part or .FOLDER.PID.RANDOM.staging (RANDOM: tempfile's 8 characters)
_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[a-z0-9_]{8}\.(?P<kind>part|staging)$")
# what printkit 0.1 left: .NAME.RANDOM.part, with no process id to ask about
_OLD_PART = re.compile(r"^\..+\.[a-z0-9_]{8}\.part$")


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


def check_writable_dir(folder: Path) -> None:
    """Raise a PrintkitError if `folder` could not be written into; create nothing.

    A command checks every place it will write before it does its work, so a mistake in
    `-o` costs no time and leaves no folder behind.
    """
    probe = folder
    while not probe.exists():
        if probe.is_symlink():  # a dangling link
            raise PrintkitError(f"cannot create folder {folder}: {probe} is a broken link")
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        if probe == folder:
            raise PrintkitError(f"cannot write to {folder}: it is a file, not a folder")
        raise PrintkitError(f"cannot create folder {folder}: {probe} is a file")
    if not os.access(probe, os.W_OK | os.X_OK):
        if probe == folder:
            raise PrintkitError(f"cannot write to folder {folder}: permission denied")
        raise PrintkitError(f"cannot create folder {folder}: {probe} is not writable")


def check_writable_file(path: Path) -> None:
    """Raise a PrintkitError if the file `path` could not be written; create nothing."""
    if path.is_dir():
        raise PrintkitError(f"cannot write {path}: it is a folder")
    check_writable_dir(path.parent)


def check_set_folder(folder: Path) -> None:
    """Raise a PrintkitError if `write_folder` could not replace `folder`; create nothing."""
    if folder.is_symlink():
        raise PrintkitError(f"{folder} is a symbolic link: printkit does not write through a "
                            "link it did not make; remove the link or write elsewhere with -o")
    if folder.exists() and not folder.is_dir():
        raise PrintkitError(f"cannot write into {folder}: it is a file, not a folder")
    check_writable_dir(folder.parent)


def write_files(files: Mapping[Path, bytes]) -> None:
    """Write every file, or none: each goes to a temporary name and is renamed into place."""
    staged: list[tuple[Path, Path]] = []
    try:
        for folder in dict.fromkeys(path.parent for path in files):
            ensure_writable_dir(folder)
            clear_stale(folder)
        for path, data in files.items():
            if path.is_dir():
                raise PrintkitError(f"cannot write {path}: it is a folder")
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".part",
                                        dir=path.parent)
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


def write_folder(folder: Path, files: Mapping[str, bytes],
                 earlier: Collection[str] = ()) -> list[str]:
    """Replace `folder` with one holding `files` (by name), in one rename; return what it dropped.

    `earlier` names the files an earlier set written there had (its own list of them): those
    the new set does not have (cards of a bigger deck) are dropped, and their names
    returned; anything else in the old folder (a person's notes) is carried into the new
    one. A symbolic link at `folder` is refused: printkit does not write through a link it
    did not make.
    """
    check_set_folder(folder)
    parent = ensure_writable_dir(folder.parent)
    clear_stale(parent)
    dropped: list[str] = []
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.{os.getpid()}.",
                                        suffix=".staging", dir=parent))
    except OSError as err:
        raise PrintkitError(f"cannot write to folder {parent}: {err.strerror}") from None
    try:
        os.chmod(staging, 0o755)
        for name, data in files.items():
            if "/" in name or name.startswith("."):
                raise ValueError(f"not a plain file name: {name!r}")
            with open(staging / name, "xb") as handle:
                handle.write(data)
            os.chmod(staging / name, 0o644)
        if folder.is_dir():
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name in files or _temporary(entry.name):
                        continue  # replaced, or what a killed run of printkit 0.1 left
                    if entry.name in earlier and entry.is_file(follow_symlinks=False):
                        dropped.append(entry.name)
                        continue
                    _carry(Path(entry.path), staging / entry.name)
        _swap(staging, folder)
    except OSError as err:
        raise PrintkitError(f"cannot write {err.filename or folder}: {err.strerror}") from None
    finally:
        # after the swap the staging folder holds the old set
        shutil.rmtree(staging, ignore_errors=True)
    return sorted(dropped)


def clear_stale(folder: Path) -> int:
    """Remove what killed printkit runs left in `folder` (temporary files and staging
    folders of our naming whose process is gone); return how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(".") or not _temporary(entry.name, live_too=False):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
            removed += 1
        except FileNotFoundError:  # another run cleared it first
            pass
        except OSError:
            pass  # not ours to force: left for its owner
    return removed


def _temporary(name: str, live_too: bool = True) -> bool:
    """Return whether `name` is a temporary file or folder of printkit's naming (with
    `live_too=False`: only one whose process is gone, or that names no process)."""
    found = _TEMPORARY.match(name)
    if found:
        return live_too or not _alive(int(found["pid"]))
    return _OLD_PART.match(name) is not None


def _alive(pid: int) -> bool:
    """Return whether process `pid` is still running (a zombie is not)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True


def _carry(source: Path, target: Path) -> None:
    """Put a person's file (or folder) into the new set: a hard link, else a copy."""
    if source.is_dir() and not source.is_symlink():
        shutil.copytree(source, target, symlinks=True, copy_function=_link_or_copy)
    else:
        _link_or_copy(str(source), str(target))


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def _swap(staging: Path, folder: Path) -> None:
    """Put `staging` at `folder` in one rename; the old folder, if any, ends up at `staging`."""
    for _ in range(10):
        if not os.path.lexists(folder):
            try:
                os.rename(staging, folder)
                return
            except OSError as err:
                if err.errno in (errno.ENOTEMPTY, errno.EEXIST):
                    continue  # another run put its set there first: swap with it
                raise
        result = _exchange(staging, folder)
        if result is None:
            break
        if result:
            return
    # no atomic exchange here (not Linux, or a file system without it): two renames
    aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}.{os.getpid()}.", suffix=".staging",
                                  dir=folder.parent))
    os.rename(folder, aside / "old")
    os.rename(staging, folder)
    os.rename(aside, staging)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool | None:
    """Swap two paths atomically (Linux renameat2); False if `b` vanished, None if unsupported."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here: only a write that replaces a folder needs it

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return None
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code == errno.ENOENT:
        return False
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return None
    raise OSError(code, os.strerror(code), str(b))
