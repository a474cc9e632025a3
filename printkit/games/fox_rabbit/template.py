"""Maps by name: a template of `templates/fox-and-rabbit/`, a template file, a seeded variant."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.map_reader import read_map_file, read_template
from printkit.games.fox_rabbit.variants import MAX_VARIANT, parse_variant_name, variant_map
from printkit.reading import is_plain_word, looks_like_file


@lru_cache(maxsize=16)
def load_map(name: str = "classic") -> GameMap:
    """Return a map by name: `classic`, a seeded variant (`variant-17`), or a .toml file."""
    if looks_like_file(name):
        return read_map_file(Path(name))
    if name.startswith("variant-"):
        return variant_map(parse_variant_name(name))
    if not is_plain_word(name):
        raise TemplateError(f"unknown map {name!r}: give classic, variant-N or the path of "
                            "a .toml file")
    return read_template(name)


def choose_map(name: str | None = None, variant: int | None = None) -> GameMap:
    """Return the map a command asks for: by name or file (`--map`), or a variant number."""
    if name is not None and variant is not None:
        raise TemplateError("give --map or --variant, not both")
    if variant is not None:
        if not 1 <= variant <= MAX_VARIANT:
            raise TemplateError(f"--variant must be between 1 and {MAX_VARIANT} (not {variant})")
        return load_map(f"variant-{variant}")
    return load_map(name or "classic")
