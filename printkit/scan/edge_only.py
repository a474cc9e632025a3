"""A light pencil page's trail cell whose only ink is what the smoothed pass sees along its
print, and which that pass asks itself for a shade or its print's edge: read as the
unsmoothed pass reads it (`fields.read_fields`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from printkit.scan.ink_params import InkParams


def print_edge_only(cells: Iterable[str], shares: Mapping[str, float],
                    soft: Mapping[str, float], soft_inner: Mapping[str, float],
                    soft_asked: frozenset[str], params: InkParams) -> dict[str, float]:
    """Return, for each trail cell (`cells`) that the smoothed pass of a light pencil page
    brings to `ask_share` itself (`soft_asked`: asked for the shade around it,
    `_ask_shaded`, or for its print's edge, `_ask_print_edges`), its unsmoothed share, where
    that share is under the light page's low mark (`light_low`: not a hundredth of its
    pixels read as ink without the smoothing) and the smoothed pass finds under as much ink
    away from any print (`soft_inner`, the ink a blurred or shifted print cannot explain).

    The smoothing spreads a printed outline's edge (a trail's last cell prints a thick one
    and a badge) into the cell, a little over the fainter step, all of it along the print:
    the smoothed pass reads that as ink and then, taking it for a shade's edge or the print's
    own, asks the cell, leaning either way. A light pencil's mark in a cell leaves ink away
    from its outline, where the smoothing finds it: on the tuning photos traced (docs/scan-
    measurement.md, "A trail cell's outline spread by the smoothing"), every cell so asked
    with no smoothed ink away from the print is empty, and every mark so asked holds some."""
    p = params
    out: dict[str, float] = {}
    for name in cells:
        if name not in soft_asked or soft.get(name) != p.ask_share:
            continue
        if shares[name] < p.light_low["tick"] and soft_inner[name] < p.light_low["tick"]:
            out[name] = shares[name]
    return out
