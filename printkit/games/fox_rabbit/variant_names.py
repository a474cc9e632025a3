"""How a seeded variant is named (`variant-17`), and how many printkit offers.

Variants 1 to STORED_VARIANTS have their maker's choice stored (`variant_maps`, one row of
`templates/fox-and-rabbit/variants.csv` each) and load without playing a game; the rest, up
to MAX_VARIANT, are made by the maker where printkit's command line runs (a second or two of
simulated games), as every variant was before the table: a sheet or a record of one still
reads.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.errors import TemplateError
from printkit.message import quoted

MAX_VARIANT = 999_999
STORED_VARIANTS = 1000

#: Makes the maker's choice of a variant past those stored (`variants.make_choice`, which
#: plays games); the command line installs it (it may load the simulator, the page's server
#: and the photo reader may not), and only data of such a variant ever calls it.
_maker: Callable[[int], object] | None = None


def make_unstored_with(maker: Callable[[int], object] | None) -> None:
    """Have variants past those stored made by `maker` (None: refused)."""
    global _maker
    _maker = maker


def unstored_maker() -> Callable[[int], object] | None:
    """Return what makes a variant past those stored, if anything was installed."""
    return _maker


def parse_variant_name(name: str) -> int:
    """Return N for a map named `variant-N` (TemplateError otherwise)."""
    number = name.removeprefix("variant-")
    if not number.isdigit() or number != str(int(number)) or not 1 <= int(number) <= MAX_VARIANT:
        raise TemplateError(f"unknown map {quoted(name)}: a variant is named variant-N, "
                            f"N from 1 to {MAX_VARIANT}")
    return int(number)
