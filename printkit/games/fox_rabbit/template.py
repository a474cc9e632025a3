"""Maps by name (a template of `templates/fox-and-rabbit/`, a seeded variant) and, on the
command line only, a template file."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.board import GameMap, rules_digest
from printkit.games.fox_rabbit.map_reader import read_map_file, read_template
from printkit.games.fox_rabbit.variant_maps import variant_by_digest, variant_map
from printkit.games.fox_rabbit.variant_names import (
    MAX_VARIANT,
    STORED_VARIANTS,
    parse_variant_name,
)
from printkit.message import quoted
from printkit.reading import looks_like_file
from printkit.resources import template_path


def bundled_maps() -> list[str]:
    """Return the names of the maps printkit comes with (`classic`), sorted."""
    folder = template_path("fox-and-rabbit")
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


@lru_cache(maxsize=16)
def load_map(name: str = "classic") -> GameMap:
    """Return a map by the name a sheet, a record or a page gives it: a bundled map
    (`classic`) or a seeded variant (`variant-17`). Never a file: a name that came from a file
    a player gave cannot make printkit open another one, and its error names no path."""
    if name.startswith("variant-"):
        return variant_map(parse_variant_name(name))
    bundled = bundled_maps()
    if name not in bundled:
        raise TemplateError(f"unknown map {quoted(name)}: a map is named "
                            f"{', '.join(bundled)} or variant-N (N from 1 to {MAX_VARIANT})")
    return read_template(name)




def load_map_with_digest(name: str, digest: str) -> GameMap | None:
    """Return the map a sheet names, if its rules' digest starts with `digest`, else None:
    a sheet (its code, its form) says both, and a seeded variant is then found by its digest
    before anything else is made of it, so no game is played to read it."""
    if name.startswith("variant-"):
        number = parse_variant_name(name)
        game_map = variant_by_digest(number, digest)
        if game_map is not None and number > STORED_VARIANTS:
            load_map.cache_clear()   # variant-N is known by this map from now on
        return game_map
    game_map = load_map(name)
    return game_map if rules_digest(game_map).lower().startswith(digest.lower()) else None


def choose_map(name: str | None = None, variant: int | None = None) -> GameMap:
    """Return the map a command line asks for: by name, by file (`--map FILE.toml`, the only
    place a map may be a file), or by variant number (`--variant N`)."""
    if name is not None and variant is not None:
        raise TemplateError("give --map or --variant, not both")
    if variant is not None:
        if not 1 <= variant <= MAX_VARIANT:
            raise TemplateError(f"--variant must be between 1 and {MAX_VARIANT} (not {variant})")
        return load_map(f"variant-{variant}")
    if name is not None and looks_like_file(name):
        return read_map_file(Path(name))
    if name is not None and not name.startswith("variant-") and name not in bundled_maps():
        raise TemplateError(f"unknown map {quoted(name)}: give "
                            f"{', '.join(bundled_maps())}, variant-N or the path of a .toml "
                            "file")
    return load_map(name or "classic")
