"""A page of fields as the reader might have read it, for the tests of the asks that follow
the reading (`light_asks`, `trail_ends`): the classic map's easy sheet, every field read as
the test says, else surely empty."""

from functools import cache

from printkit.scan.field_read import FieldRead
from printkit.scan.layout import Layout, layout


@cache
def classic_layout() -> Layout:
    """Return the classic map's easy sheet on Letter paper, in English."""
    return layout("classic", "easy", "letter", "en")


def read_page(reads: dict[str, tuple[bool, float]], light: bool = True) -> dict[str, FieldRead]:
    """Return every field of a page read as `reads` says (marked, confidence), and read
    surely as it is printed, empty, where it says nothing; `light`: a light pencil page."""
    out = {}
    for fb in classic_layout().fields:
        marked, confidence = reads.get(fb.name, (False, 0.97))
        out[fb.name] = FieldRead(fb.name, fb.kind, marked, confidence, False, 0.0, fb.box,
                                 light=light)
    return out
