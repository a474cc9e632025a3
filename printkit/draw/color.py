"""Colours, and the palettes printkit uses."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Color:
    """An sRGB colour, each channel 0-255."""

    r: int
    g: int
    b: int

    @classmethod
    def hex(cls, code: str) -> Color:
        """Return the colour written as `#rrggbb`."""
        code = code.lstrip("#")
        return cls(int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))

    @classmethod
    def parse(cls, text: str) -> Color | None:
        """Return the colour written as `#rrggbb`, `#rgb` or a CSS colour name (`crimson`,
        `rebeccapurple`: the 148 of CSS Color 4, in any case), or None if it is none."""
        code = text.strip().lower()
        if re.fullmatch(r"#[0-9a-f]{6}", code):
            return cls.hex(code)
        if re.fullmatch(r"#[0-9a-f]{3}", code):
            return cls.hex("".join(ch * 2 for ch in code[1:]))
        if not code.isalpha():
            return None
        from PIL import ImageColor  # CSS's table of names, which Pillow keeps

        if code not in ImageColor.colormap:
            return None
        r, g, b = ImageColor.getrgb(code)[:3]
        return cls(r, g, b)

    def __str__(self) -> str:
        return f"#{self.r:02x}{self.g:02x}{self.b:02x}"

    @property
    def rgb01(self) -> tuple[float, float, float]:
        return (self.r / 255, self.g / 255, self.b / 255)

    @property
    def cmyk01(self) -> tuple[float, float, float, float]:
        """Return a naive CMYK conversion (no ICC profile), 0-1 per channel."""
        r, g, b = self.rgb01
        k = 1 - max(r, g, b)
        if k >= 1:
            return (0.0, 0.0, 0.0, 1.0)
        return ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k)

    def mix(self, other: Color, t: float) -> Color:
        """Return the colour `t` of the way from this one to `other` (0 = self)."""
        return Color(
            round(self.r + (other.r - self.r) * t),
            round(self.g + (other.g - self.g) * t),
            round(self.b + (other.b - self.b) * t),
        )

    def tint(self, t: float) -> Color:
        """Return this colour lightened toward white by `t` (0-1); light fills save ink."""
        return self.mix(WHITE, t)

    def luminance(self) -> float:
        """Return the WCAG relative luminance."""

        def channel(c: int) -> float:
            v = c / 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(self.r) + 0.7152 * channel(self.g) + 0.0722 * channel(self.b)

    def contrast(self, other: Color) -> float:
        """Return the WCAG contrast ratio between two colours (1-21)."""
        a, b = sorted((self.luminance(), other.luminance()), reverse=True)
        return (a + 0.05) / (b + 0.05)


WHITE = Color(255, 255, 255)
BLACK = Color(0, 0, 0)
INK = Color.hex("#1d1d1f")
GREY = Color.hex("#6b6b6b")
RULE = Color.hex("#9a9a9a")
PAPER_TINT = Color.hex("#f3f3f0")

# Okabe-Ito colour-blind-safe palette, darkened where needed to reach 4.5:1 on white.
OKABE_ORANGE = Color.hex("#b35900")
OKABE_SKY = Color.hex("#0072b2")
OKABE_GREEN = Color.hex("#007a5a")
OKABE_YELLOW = Color.hex("#f0e442")
OKABE_VERMILLION = Color.hex("#c13d00")
OKABE_PURPLE = Color.hex("#a3527e")
