"""A check box on a page not read as light pencil, read empty with a share of ink just under
the low mark and a faint stroke's line across its paper: asked, leaning empty. A thin pen's
faint tick across a tinted cell of a black-and-white print (its dot screen raising the
cell's step) leaves 1-2 % of the box over the step, under the ordinary low mark (2 %)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from printkit.scan.field_read import FieldRead
from printkit.scan.ink_params import InkParams


def ask_near_low(fields: dict[str, FieldRead], own: frozenset[str], light: bool,
                 params: InkParams, strokes: Callable[[], Mapping[str, float]]
                 ) -> dict[str, FieldRead]:
    """Return the fields of a page not read as light pencil with each check box read empty,
    not asked, whose share of ink is at the light pencil page's low mark (`light_low`) or
    more and some of whose paper lies on a faint stroke's line (`strokes`: the share of it,
    `faint.stroke_shares`, called only when such a box is found) asked, its reading and
    confidence kept (Enter keeps it empty): a camera's grain beside a print's edge leaves
    scattered pixels, no line. A box with a print of its own (a trap: `own`, read from
    `own_low`) is left as it is, and so is every box of a light pencil page, whose low mark
    is `light_low` already."""
    if light:
        return fields
    near = [name for name, f in fields.items()
            if not f.kind.written and name not in own and not f.marked and not f.uncertain
            and f.ink >= params.light_low[f.kind.ink]]
    if not near:
        return fields
    lined = strokes()
    return fields | {name: replace(fields[name], uncertain=True) for name in near
                     if lined.get(name, 0.0) > 0.0}
