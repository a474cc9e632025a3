"""Layouts that build on others, as Squib's do: a layout file that extends another, an element
that extends another element or a style, and values written relative to what they extend.

    extends = "../base/card.toml"   # this file: the base's card, fonts, styles, elements and
                                    # backs, with this file's keys over them
    [styles.heading]                # keys for elements to take; a style is never drawn
    font = "Lato-Black"
    size = 14
    [elements.subtitle]
    extends = "title"               # every key of the element `title` (or a style)...
    y = "+= 7mm"                    # ...but 7 mm lower: "+=" and "-=" move what it extends

An element of a file that extends another, named as one of the base's, takes the base's
element's keys with its own over them, in the base's place in the drawing order; a new one
is drawn after the base's. The merged raw tables are then read as any layout is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit import strict_toml
from printkit.errors import TemplateError
from printkit.message import quoted

RELATIVE = re.compile(r"\s*([+-])=\s*(\S.*)")
MAX_DEPTH = 8  # files extending files: more is a mistake, and a circle is refused anyway


@dataclass(frozen=True)
class Relative:
    """A value written "+= 2mm" or "-= 1": the raw value it extends (None: the key's own
    default), moved by `delta` one way or the other."""

    base: Any
    sign: int
    delta: str


def merged(base: dict[str, Any], own: dict[str, Any], where: str,
           relative: frozenset[str]) -> dict[str, Any]:
    """Return `base`'s keys with `own`'s over them; a value of `own` written "+= X" or
    "-= X" (for a key in `relative`) is the base's value moved by X."""
    out = dict(base)
    for key, value in own.items():
        found = RELATIVE.fullmatch(value) if isinstance(value, str) else None
        if found is None:
            out[key] = value
            continue
        if key not in relative:
            raise TemplateError(f"{where}.{key}: \"+=\" and \"-=\" move a length or a number "
                                f"({', '.join(sorted(relative))}), not {quoted(key)}")
        out[key] = Relative(base.get(key), 1 if found.group(1) == "+" else -1, found.group(2))
    return out


def unfold(entries: dict[str, Any], styles: dict[str, Any], prefix: str,
           relative: frozenset[str]) -> dict[str, dict[str, Any]]:
    """Return each entry of a table (`prefix`.NAME) with what it extends merged in: another
    entry of the same table, or a style (`styles.NAME`, which may extend another style)."""
    pool: dict[str, tuple[Any, str]] = {n: (v, f"styles.{n}") for n, v in styles.items()}
    pool.update({n: (v, f"{prefix}.{n}") for n, v in entries.items()})
    done: dict[str, dict[str, Any]] = {}

    def resolve(name: str, raw: Any, where: str, chain: tuple[str, ...]) -> dict[str, Any]:
        data = strict_toml.table(raw, where)
        if "extends" not in data:
            return data
        parent = strict_toml.text(data["extends"], f"{where}.extends", 100)
        if parent in chain or parent == name:
            circle = " -> ".join([*chain, name, parent])
            raise TemplateError(f"{where}.extends: {quoted(parent)} extends it back ({circle})")
        # a style extends styles only; an element, the other elements, then the styles
        own_table = where.startswith("styles.")
        found = (styles.get(parent) if own_table else
                 entries[parent] if parent in entries else styles.get(parent))
        if found is None:
            others = ", ".join(n for n in (styles if own_table else pool) if n != name)
            what = "style" if own_table else "element or style"
            raise TemplateError(f"{where}.extends: no {what} {quoted(parent)} (there are: "
                                f"{others or 'none'})")
        at = (f"styles.{parent}" if own_table or parent not in entries else f"{prefix}.{parent}")
        base = resolve(parent, found, at, (*chain, name))
        return merged(base, {k: v for k, v in data.items() if k != "extends"}, where, relative)

    for name, raw in entries.items():
        done[name] = resolve(name, raw, f"{prefix}.{name}", ())
    return done


def read_with_bases(path: Path, relative: frozenset[str], seen: tuple[Path, ...] = ()
                    ) -> tuple[dict[str, Any], tuple[Path, ...]]:
    """Return a layout file's tables with those of the files it extends merged in, and the
    folders its fonts, images and icons are looked for in: its own, then its bases'."""
    where = path.resolve()
    if where in seen:
        raise TemplateError(f"{path}: extends = ... comes back to this file "
                            f"({' -> '.join(p.name for p in (*seen, where))})")
    if len(seen) >= MAX_DEPTH:
        raise TemplateError(f"{path}: layouts extend each other more than {MAX_DEPTH} deep")
    data = strict_toml.read_toml(path, "the layout")
    if "extends" not in data:
        return data, (where.parent,)
    name = strict_toml.text(data["extends"], f"{path}: extends", 500)
    base_path = where.parent / name
    if not base_path.is_file():
        raise TemplateError(f"{path}: extends: no layout file {quoted(name)} beside it")
    base, folders = read_with_bases(base_path, relative, (*seen, where))
    return merge_files(base, data, str(path), relative), (where.parent, *folders)


def merge_files(base: dict[str, Any], own: dict[str, Any], source: str,
                relative: frozenset[str]) -> dict[str, Any]:
    """Return a layout file's tables over those of the file it extends."""
    out = {k: v for k, v in base.items() if k != "extends"}
    for key, value in own.items():
        if key == "extends":
            continue
        if key in ("card", "fonts", "styles", "inline_icons"):
            out[key] = {**strict_toml.table(base.get(key, {}), f"{source}: [{key}] (base)"),
                        **strict_toml.table(value, f"{source}: [{key}]")}
        elif key == "elements":
            out[key] = _elements(strict_toml.table(base.get(key, {}), "elements"),
                                 strict_toml.table(value, "elements"), "elements", relative)
        elif key == "backs":
            backs = dict(strict_toml.table(base.get(key, {}), "backs"))
            for name, face in strict_toml.table(value, "backs").items():
                theirs = strict_toml.table(backs.get(name, {}), f"backs.{name}")
                mine = strict_toml.table(face, f"backs.{name}")
                both = {**theirs, **mine}
                if "elements" in theirs or "elements" in mine:
                    both["elements"] = _elements(
                        strict_toml.table(theirs.get("elements", {}), f"backs.{name}.elements"),
                        strict_toml.table(mine.get("elements", {}), f"backs.{name}.elements"),
                        f"backs.{name}.elements", relative)
                backs[name] = both
            out[key] = backs
        else:
            out[key] = value
    return out


def _elements(base: dict[str, Any], own: dict[str, Any], prefix: str,
              relative: frozenset[str]) -> dict[str, Any]:
    """Return a side's elements: the base's in their order (each with the own file's keys of
    the same name over it), then the own file's new ones."""
    out: dict[str, Any] = {}
    for name, raw in base.items():
        if name in own:
            out[name] = merged(strict_toml.table(raw, f"{prefix}.{name}"),
                               strict_toml.table(own[name], f"{prefix}.{name}"),
                               f"{prefix}.{name}", relative)
        else:
            out[name] = raw
    out.update({name: raw for name, raw in own.items() if name not in base})
    return out
