"""A light pencil's fill or hatching measured against the page's own empty boxes of its kind.

On a light pencil page that does not show its pen (`fields.read_fields`, fewer than
`least_marks` boxes read marked), `faint.ask_darker_than_their_kind` asks a box whose paper
reads darker than its fill's boxes by 3 times the page's spread of that, the spread taken
over every box of the page. Where the pencil fills or hatches many boxes, the filled ones
are that spread: on generator 2's hard tuning photo 2985733 (a pencil 0.117 dark, most
boxes filled) the spread over all boxes is 0.0088, and two filled white boxes standing
0.026 over their kind were left read empty at 0.8, not asked.

Here the yardstick is the page's empty boxes of one kind: the boxes on white paper of one
fill and one size (one printed outline). A box stands over its kind's `kind_rank` quantile
as before; the page's spread is measured on the lower half of each kind only (the values at
or under its median, less the median: on a played sheet mostly empty boxes), pooled over the
kinds. A box read empty that stands `kind_steps` times that spread, and `kind_least`, over
its kind is asked, as the other faint asks are (docs/scan-measurement.md, "A light
pencil's fill measured against the page's empty boxes of its kind"). No new parameter: the
bounds are the other ask's. Such a box is not counted as the pen seen (`faint_seen`): the
page's other boxes keep their confidences. A trap (`own`), a tinted box and a trail cell are
left to their own asks (a trap's number, `faint.ask_traps_darker`; a cell's order, the
rules' ask): a big cell's tone, tinted or white, moves with the lamp's falloff across it.
`fields.read_fields` does not ask so on a coarse copy (a messaging app's): its JPEG blocks
are as big as a small box's paper.
"""

from __future__ import annotations

from collections.abc import Container, Mapping

import numpy as np

from printkit.scan import ink
from printkit.scan.faint import above_their_group
from printkit.scan.ink import Tone
from printkit.scan.layout import Layout
from printkit.scan.params import ReaderParams
from printkit.scan.seen_ink import robust_spread


def above_their_like(tones: Mapping[str, Tone], lay: Layout, own: Container[str],
                     params: ReaderParams) -> tuple[dict[str, float], float]:
    """Return how much darker than the paper around it each white check box's paper reads,
    less the `kind_rank` quantile of the same over its kind (one fill, one size; when
    `tone_boxes` or more share it), and the page's spread of that over the lower half of
    each kind (0 when no kind is measured)."""
    p = params.ink
    kinds: dict[tuple[int, float, float], list[str]] = {}
    cells = lay.map.cells.keys()
    for fb in lay.fields:
        tone = tones.get(fb.name)
        if tone is None or fb.name in own or tone.fill < p.tinted or fb.name in cells:
            continue
        _x, _y, w, h = fb.box
        kinds.setdefault((ink.fill_key(tone.fill, p), round(w, 1), round(h, 1)),
                         []).append(fb.name)
    above = above_their_group(tones, kinds.values(), p)
    lower: list[float] = []
    for names in kinds.values():
        if names[0] not in above:
            continue
        # the same over its median as over its quantile: the median taken off is a shift
        kind = np.array([above[name] for name in names])
        middle = float(np.median(kind))
        lower.extend((kind[kind <= middle] - middle).tolist())
    if not lower:
        return {}, 0.0
    # the lower half's deviations from the median, mirrored, are a normal spread's
    spread = robust_spread(np.concatenate([np.array(lower), -np.array(lower)]))
    return above, spread


def ask_darker_than_their_like(tones: Mapping[str, Tone], lay: Layout, own: Container[str],
                               shares: dict[str, float], params: ReaderParams
                               ) -> dict[str, float]:
    """Return the shares with a white check box read under the ask band brought to it
    (`ask_share`: asked, leaning empty until `fields.read_fields` leans it marked as the
    other faint asks) when its paper stands over its kind by `kind_least` and `kind_steps`
    times the page's spread of its empty boxes (`above_their_like`)."""
    p = params.ink
    above, spread = above_their_like(tones, lay, own, params)
    if spread <= 0:
        return shares
    bound = max(p.kind_least, p.kind_steps * spread)
    asked = dict(shares)
    for name, value in above.items():
        if value >= bound and shares[name] < p.ask_share:
            asked[name] = p.ask_share
    return asked
