"""How a seeded variant is named (`variant-17`), and how many printkit offers.

The variants offered are those whose maker's choice is stored (`variant_maps`, one row of
`templates/fox-and-rabbit/variants.csv` each); a number past them names no map.
"""

from __future__ import annotations

from printkit.errors import TemplateError
from printkit.message import quoted

MAX_VARIANT = 1000


def parse_variant_name(name: str) -> int:
    """Return N for a map named `variant-N` (TemplateError otherwise)."""
    number = name.removeprefix("variant-")
    if not number.isdigit() or number != str(int(number)) or not 1 <= int(number) <= MAX_VARIANT:
        raise TemplateError(f"unknown map {quoted(name)}: a variant is named variant-N, "
                            f"N from 1 to {MAX_VARIANT}")
    return int(number)
