"""Print-on-demand printer profiles, kept as data in `templates/printers/*.toml`.

A profile says what a printer wants: one PNG per card at an exact pixel size, or one PDF
with a page per card side in a given order; the card's trim, bleed and safe zone; and
the colour model. A user adds a printer by writing a profile and passing its path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from printkit import strict_toml
from printkit.draw.paper import INCH
from printkit.draw.pdf import REGISTERED, OutputIntent
from printkit.errors import PrintkitError, TemplateError
from printkit.message import quoted
from printkit.products.cards.geometry import CardBox
from printkit.reading import looks_like_file, plain_name
from printkit.resources import template_path

Output = Literal["png", "pdf"]
Colors = Literal["rgb", "cmyk"]
_KEYS = ("name", "output", "trim_in", "bleed_in", "safe_in", "dpi", "pixels", "colors",
         "page_order", "output_condition")
_SIDES = ("front", "back")


@dataclass(frozen=True)
class PrinterProfile:
    """What one print-on-demand printer wants, in inches and pixels as its guide says."""

    id: str
    name: str
    output: Output
    trim_in: tuple[float, float]
    bleed_in: float
    safe_in: float
    dpi: int = 300
    pixels: tuple[int, int] | None = None
    colors: Colors = "rgb"
    page_order: tuple[str, ...] = ("front", "back")
    output_condition: str | None = None  # a registered CMYK condition: the PDF is PDF/X-1a

    @property
    def intent(self) -> OutputIntent | None:
        """Return the PDF/X-1a output intent this printer asks for, if any."""
        if self.output_condition is None:
            return None
        return OutputIntent(self.output_condition, REGISTERED[self.output_condition])

    @property
    def card(self) -> CardBox:
        """Return the card as this printer cuts it, with its bleed on every side, in points."""
        return CardBox.with_uniform_bleed(self.trim_in[0] * INCH, self.trim_in[1] * INCH,
                                          self.bleed_in * INCH, self.safe_in * INCH)


def _bundled_dir() -> Path:
    return template_path("printers")


def bundled_printers() -> list[str]:
    """Return the ids of the printer profiles printkit comes with."""
    return sorted(p.stem for p in _bundled_dir().glob("*.toml"))


def load_printer(name: str) -> PrinterProfile:
    """Return the profile called `name` (a bundled id) or kept at the path `name`."""
    if looks_like_file(name):
        path = Path(name)
        data = strict_toml.read_toml(path, "the printer profile")
        # the id names the output folder (crazy8ix-ID): a plain word made from the file name
        slug = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "printer"
        return parse_printer(data, plain_name(slug, "the printer profile's name"), str(path))
    path = _bundled_dir() / f"{name.strip().lower()}.toml"
    if not path.is_file():
        raise PrintkitError(f"unknown printer {quoted(name)}: expected one of "
                            f"{', '.join(bundled_printers())}, or the path of a .toml profile")
    return parse_printer(strict_toml.read_toml(path, "the printer profile"), path.stem, str(path))


def parse_printer(data: dict[str, Any], printer_id: str, source: str) -> PrinterProfile:
    """Return the profile in parsed TOML `data`, or raise a TemplateError naming the problem."""
    try:
        return _parse(data, printer_id)
    except TemplateError as err:
        raise TemplateError(f"{source}: {err}") from None


def _trim(value: Any) -> tuple[float, float]:
    """Return the trim size: the cards are laid out for poker size, so about 2.5 × 3.5 in."""
    if not isinstance(value, list) or len(value) != 2:
        raise TemplateError("trim_in must be a pair [width, height]")
    return (strict_toml.number(value[0], "trim_in width (poker size)", 2.4, 2.75),
            strict_toml.number(value[1], "trim_in height (poker size)", 3.4, 3.75))


def _parse(data: dict[str, Any], printer_id: str) -> PrinterProfile:
    strict_toml.check_keys(data, _KEYS, "the profile",
                           required=("name", "output", "trim_in", "bleed_in", "safe_in"))
    name = strict_toml.text(data["name"], "name", 60)
    output = cast(Output, strict_toml.choice(data["output"], "output", ("png", "pdf")))
    trim = _trim(data["trim_in"])
    bleed = strict_toml.number(data["bleed_in"], "bleed_in", 0.0, 0.5)
    # the card layout keeps its corners clear of the middle for a safe zone up to 3/16 in
    safe = strict_toml.number(data["safe_in"], "safe_in", 0.0, 0.1875)
    if output == "png":
        for key in ("dpi", "pixels"):
            if key not in data:
                raise TemplateError(f"missing key {key!r} (a png printer needs dpi and pixels)")
        for key in ("page_order", "output_condition"):
            if key in data:
                raise TemplateError(f"{key} applies to pdf output only")
        dpi = strict_toml.whole_number(data["dpi"], "dpi", 72, 1200)
        if not isinstance(data["pixels"], list) or len(data["pixels"]) != 2:
            raise TemplateError("pixels must be a pair [width, height]")
        pixels = (strict_toml.whole_number(data["pixels"][0], "pixels width", 16, 20000),
                  strict_toml.whole_number(data["pixels"][1], "pixels height", 16, 20000))
        expected = (round((trim[0] + 2 * bleed) * dpi), round((trim[1] + 2 * bleed) * dpi))
        if pixels != expected:
            raise TemplateError(f"pixels {pixels[0]} × {pixels[1]} do not match trim_in + 2 × "
                                f"bleed_in at {dpi} dpi, which gives {expected[0]} × "
                                f"{expected[1]}")
        strict_toml.choice(data.get("colors", "rgb"), "colors", ("rgb",))
        return PrinterProfile(printer_id, name, output, trim, bleed, safe, dpi, pixels, "rgb")
    for key in ("dpi", "pixels"):
        if key in data:
            raise TemplateError(f"{key} applies to png output only")
    colors = cast(Colors, strict_toml.choice(data.get("colors", "rgb"), "colors",
                                             ("rgb", "cmyk")))
    order = data.get("page_order", ["front", "back"])
    if (not isinstance(order, list) or sorted(order) != sorted(_SIDES)):
        raise TemplateError(f"page_order must list front and back once each, in the order "
                            f"the printer wants (not {quoted(order)})")
    condition = None
    if "output_condition" in data:
        condition = strict_toml.choice(data["output_condition"], "output_condition",
                                       tuple(REGISTERED))
        if colors != "cmyk":
            raise TemplateError("output_condition (PDF/X-1a) needs colors = \"cmyk\"")
    return PrinterProfile(printer_id, name, output, trim, bleed, safe, colors=colors,
                          page_order=tuple(order), output_condition=condition)
