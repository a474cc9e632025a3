"""How a seeded variant is named (`variant-17`), without the simulator that makes it.

A record or a sheet names its map; reading that name must not load the simulator and the
automatic players (a variant is only made, and measured, when it is asked for), so the name
lives here and `variants` makes the map.
"""

from __future__ import annotations

from printkit.errors import TemplateError
from printkit.message import quoted

MAX_VARIANT = 999_999


def parse_variant_name(name: str) -> int:
    """Return N for a map named `variant-N` (TemplateError otherwise)."""
    number = name.removeprefix("variant-")
    if not number.isdigit() or number != str(int(number)) or not 1 <= int(number) <= MAX_VARIANT:
        raise TemplateError(f"unknown map {quoted(name)}: a variant is named variant-N, "
                            f"N from 1 to {MAX_VARIANT}")
    return int(number)
