"""A sheet known by its look (`look.identify`, when its code cannot be read): its map's
name looked for where it lies, and a seeded variant's sheet told by its trail cells."""

from __future__ import annotations

import re

import pytest

from printkit.games.fox_rabbit.template import load_map
from printkit.scan.image import ScanError
from printkit.scan.reader import scan
from tests.scan.photos import code_scribbled, soft

UNREADABLE = "the sheet's code (the square by the date) cannot be read"


@pytest.mark.parametrize(("variant", "lang", "blur"), [("variant-3", "fr", 0.0),
                                                        ("variant-7", "fr", 2.0),
                                                        ("variant-3", "en", 2.0)])
def test_a_variant_sheet_named_as_long_as_the_classic_map_is_refused(variant, lang, blur):
    """In French a seeded variant's sheet names its map `carte : variante 3`, about as long
    as `carte : classique`; softened, in English too. Such a sheet whose code is scribbled
    over was taken for the classic map's, and its run would have been judged against the
    classic trails' numbers. Its numbered cells, which hold other numbers and colours than
    the classic map's, now refuse it."""
    photo = code_scribbled(load_map(variant), "easy", {"F-A1": True, "R-B2": True}, "a4",
                           lang)
    with pytest.raises(ScanError, match=re.escape(UNREADABLE)):
        scan(soft(photo, blur) if blur else photo, "variant.jpg")


def test_a_sheet_curled_at_its_title_is_known_by_its_look():
    """The top of the page curled toward the lens (up to 8 points at its edge): the map's
    name lies a few points from where the boxes nearest it put it, and the sheet, its code
    scribbled over, was refused; the name is now looked for within `label_reach`."""
    photo = code_scribbled(load_map("classic"), "easy", {"F-A1": True, "R-B2": True}, "a4",
                           "es", top_curl=0.01)
    read = scan(photo, "curled.jpg")
    assert read.identified == "look"
    assert (read.code.map, read.code.mode, read.code.paper, read.code.lang) == \
        ("classic", "easy", "a4", "es")
    assert {name for name, f in read.fields.items() if f.marked and not f.uncertain} == \
        {"F-A1", "R-B2"}
