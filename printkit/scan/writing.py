"""The values written on a photographed sheet, read: for each written field that holds ink,
the readings its handwriting allows, each with its chance.

A field is cut from the flattened photo where its box was found (`Scan.fields[name].box`)
and from the blank sheet where the layout puts it; its ink and pieces are `strokes.py`'s,
its readings `spelling.py`'s, by the glyph model (`glyphs.py`). The date is not read.

What the rules make of the readings (a number out of its trail's order, a die the player
did not own) is the rules core's: `games/fox_rabbit/narrowing.py`, which `suggest.py` asks.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import AIDS
from printkit.games.fox_rabbit.evidence import NO_EVIDENCE, SURE
from printkit.games.fox_rabbit.narrow_attempts import dice_needed, dice_needed_then
from printkit.language import language
from printkit.message import say
from printkit.scan import doubted, strokes
from printkit.scan.faint_values import ink_of
from printkit.scan.glyphs import model
from printkit.scan.layout import blank_image
from printkit.scan.reader import Scan
from printkit.scan.spelling import ENGLISH_AIDS, RULED_BEAM, Guess, Spelled, spell, spelled

#: The kinds of written field whose values are read (the date, a note, is not).
READ = (sf.CIRCLE, sf.SCORE_PART, sf.SCORE_TOTAL, sf.ATTEMPT)


#: The score box's parts and total are written on every finished sheet (a 0 included): one
#: the photo reads empty under this confidence is read as written, its value the rules'
#: (asked: its ink does not say it), unless the photo tells nothing of it (`NO_EVIDENCE`:
#: a page whose pen the reader lost, whose boxes read empty tell the rules no score). On
#: generator 2's tuning photos every score box read empty was written, read empty at
#: 0.5-0.8: a messaging app's copy of a ballpoint, a light pencil (docs/scan-measurement.md,
#: "A score box read empty, and a copy's lost pen").
SCORE_WRITTEN = SURE
SCORES = (sf.SCORE_PART, sf.SCORE_TOTAL)


def written_fields(found: Scan) -> list[str]:
    """Return the written fields of a scan whose value is read: those of a kind in READ that
    hold ink, or may (read uncertain), and the score's boxes read empty short of sure
    (`SCORE_WRITTEN`) where the photo tells something of them."""
    return [name for name, f in found.fields.items()
            if f.kind in READ and (f.marked or f.uncertain or (
                f.kind in SCORES and NO_EVIDENCE < f.confidence < SCORE_WRITTEN))]


def field_ink(found: Scan, name: str, faint: bool = False, join: bool = False
              ) -> strokes.FieldInk:
    """Return the ink of one written field: the photo's crop of it against the blank sheet's,
    on the field's writing lines (an attempt's two); `faint`: as a light pencil's strokes
    (`strokes.field_ink`); `join`: a circle's strokes under the floor kept beside
    (`faint_values.ink_of`)."""
    lay = found.layout
    blank = _blank(lay.map.name, lay.mode, lay.paper, lay.lang, found.scale, lay.version)
    laid = next(fb.box for fb in lay.fields if fb.name == name)
    f = found.fields[name]
    return ink_of(found.flat, blank, laid, f.box, f.kind, found.scale, faint, join)


@lru_cache(maxsize=2)
def _blank(map_name: str, mode: str, paper: str, lang: str, scale: float, version: int
           ) -> NDArray[Any]:
    """Return the blank sheet as `layout.blank_image` renders it, as an array (read only):
    made once for the fields of a scan, not copied from the image again for each."""
    return np.asarray(blank_image(map_name, mode, paper, lang, scale, version))


#: A number is read as glyphs at all when each glyph's chance is this at least, on average
#: (`spelling.Guess.evidence`). On the tuning photos of both generators (layout 3) the one
#: circle sure and wrong was read at 0.005 (a 10 whose two strokes the model called no
#: glyph, as a 9 of 7 % fitting its trail), the 194 sure and right at 0.10 or more.
EVIDENCE = 0.05


#: On a page read in light pencil, a field's faint strokes (`strokes.field_ink`'s `faint`)
#: are taken over its ink as first read where they read another value, each of its glyphs
#: this many times as surely (`spelling.Guess.per_glyph`): a light pencil's strokes lose
#: pixels under the page's least darkness, an 8's lower loop (read 7) or a die's colour
#: letter (an attempt read `Y9` for `R2 Y5 Y3`). Where neither reading is this many times
#: the surer, the value is doubted (asked). On generator 2's light pencil tuning photos
#: g2-tune-hard and g2-dev-hard (docs/scan-measurement.md, "A light pencil's values read
#: twice"; 383 values, 190 right on main), 1 to 5 read 197-199 right, 3 the most and with
#: the fewest keys; 10, 194.
FAINT_BETTER = 3.0


def read_field(found: Scan, name: str, room: tuple[int, int, int] | None = None,
               beam: int = RULED_BEAM) -> list[Guess]:
    """Return the readings of one written field, most likely first (none when its ink
    spells nothing its kind holds); an attempt's, given the most dice of each colour it may
    roll (`room`), is read as far as the rules allow too (`narrow_attempts.fits_so_far`),
    `beam` partial readings kept at each step (`spelling.spell`).
    On a page read in light pencil, a field is read again as a light pencil's faint
    strokes, and those readings are taken where its ink reads as no glyphs (`EVIDENCE`), or
    not at all, or as another value the model takes for glyphs `FAINT_BETTER` times less
    surely: readings so are `faint`, never sure unless the rules decide them. Where the
    faint strokes read another value neither so much more nor so much less surely, the
    ink's readings stand, `doubted`: two readings of one pencil disagree, and the player
    is asked. What is kept of the scan, when it is the last one read, is used and kept (see
    `Known`)."""
    known = _last[0] if _last and _last[0].found is found else Known(found)
    f = found.fields[name]
    fits = None if room is None else known.fits(room)
    guesses = _spell(known, name, False, fits, beam)
    if not f.light:
        return _weak_circle(known, name, guesses, None, fits, beam)
    again = _spell(known, name, True, fits, beam)
    if not again or (guesses and again[0].text == guesses[0].text
                     and guesses[0].evidence >= EVIDENCE):
        return guesses
    if not guesses or guesses[0].evidence < EVIDENCE or \
            again[0].per_glyph > FAINT_BETTER * guesses[0].per_glyph:
        return [replace(g, faint=True) for g in again]
    if FAINT_BETTER * again[0].per_glyph >= guesses[0].per_glyph:
        # a number's faint strokes' readings kept after its ink's (`doubted.both`)
        return doubted.both(guesses, again) if f.kind in doubted.KINDS else \
            [replace(g, doubted=True) for g in guesses]
    return _weak_circle(known, name, guesses, again, fits, beam)


#: A circle's number read as glyphs less surely than this (`spelling.Guess.evidence`, each
#: glyph's chance on average) is read again from its faint strokes, on any page, and doubted
#: (asked, never sure) where they read another number first: held-out hard-seen-3070050's
#: light `10` (its 1 left too little ink to read, its 0 read `6` at 0.546 as a glyph, 0.90
#: among the readings, a number its trail allows) was taken surely; its faint strokes read
#: `4`. On the tuning photos of both generators (docs/scan-measurement.md, "A circle's
#: glyphs read weakly"), 11 of the 588 circles read surely (all right) were read under 0.6
#: (0.08-0.57), and their faint strokes read each the same number.
CIRCLE_GLYPHS = 0.6


def _weak_circle(known: Known, name: str, guesses: list[Guess], again: list[Guess] | None,
                 fits: Callable[[str], bool] | None, beam: int) -> list[Guess]:
    """Return a field's readings, doubted where it is a circle read as glyphs under
    `CIRCLE_GLYPHS` whose faint strokes (`again`, read here where not given) read another
    number first, or nothing (`doubted.both`). A light page's circle whose faint strokes
    read nothing is returned by `read_field` before this, as its ink reads it."""
    found = known.found
    if found.fields[name].kind is not sf.CIRCLE or not guesses or \
            guesses[0].evidence >= CIRCLE_GLYPHS:
        return guesses
    faint = _spell(known, name, True, fits, beam) if again is None else again
    if faint and faint[0].text == guesses[0].text:
        return guesses
    return doubted.both(guesses, faint)


def _spell(known: Known, name: str, faint: bool, fits: Callable[[str], bool] | None = None,
           beam: int = RULED_BEAM) -> list[Guess]:
    """Return a field's readings from its ink (`faint`: as a light pencil's faint strokes),
    as far as `fits` allows; the ink and its spelling are the rules', whatever the room:
    kept for the next (`Known.spelled`)."""
    found = known.found
    kind, lang = found.fields[name].kind.name, found.layout.lang
    if (name, faint) not in known.spelled:
        ink = field_ink(found, name, faint)
        known.spelled[name, faint] = None if ink.empty else \
            spelled(ink, model(), kind, aid_words(lang))
        if not faint and kind == sf.CIRCLE.name and not ink.empty:
            known.spelled[name, faint] = _joined(found, name, ink, known.spelled[name, faint])
    ink_read = known.spelled[name, faint]
    return [] if ink_read is None else \
        spell(ink_read, model(), kind, aid_words(lang), fits, beam)


#: A circle's ink as first read, its strokes under the floor kept beside one over it
#: (`ink_join.INK_JOIN`: a 10's 0 a little fainter than its 1), is read so where its first
#: reading is this many times as sure a reading of glyphs (`spelling.Guess.evidence`) as the
#: ink's without them (`FAINT_BETTER`'s measure, not measured again), or reads the same
#: digits with one after, as surely: specks brought in read as glyphs no more surely.
#: docs/scan-measurement.md, "A circle's digit under the ink's floor".
JOIN_BETTER = FAINT_BETTER


def _joined(found: Scan, name: str, ink: strokes.FieldInk, read: Spelled | None
            ) -> Spelled | None:
    """Return a circle's ink spelled with its strokes under the floor (`field_ink`'s `join`)
    where that reading is the better (`joined_better`) of it and `read`, its ink's (`ink`)
    without, else `read`. An ink whose step is over the floor (the noise's or the darkest
    ink's share) has none under it: not read again."""
    if read is None or ink.threshold > strokes.LEAST_INK:
        return read
    joined = field_ink(found, name, False, join=True)
    if np.array_equal(joined.labels > 0, ink.labels > 0):
        return read
    again = spelled(joined, model(), sf.CIRCLE.name)
    return again if joined_better(read, again) else read


def joined_better(read: Spelled, again: Spelled) -> bool:
    """Return whether a circle's ink read with its strokes under the floor (`again`) reads
    as glyphs `JOIN_BETTER` times as surely as without them (`read`), or as surely as it
    and as its reading with a digit after (a `1` read `10`: the digit kept read alike)."""
    first, second = spell(read, model(), sf.CIRCLE.name), spell(again, model(), sf.CIRCLE.name)
    if not second:
        return False
    if not first:
        return True
    longer = len(second[0].text) > len(first[0].text) and \
        second[0].text.startswith(first[0].text)
    return second[0].evidence >= (1.0 if longer else JOIN_BETTER) * first[0].evidence


def read_faint(found: Scan, name: str, room: tuple[int, int, int] | None = None
               ) -> list[Guess]:
    """Return a field's readings as a light pencil's faint strokes, each `faint` (never
    sure), whichever `read_field` kept; an attempt's as far as its dice fit `room` (as
    `read_field`); none where its box is not read as light pencil (`FieldRead.light`).
    Kept with `read_values`' readings."""
    if not found.fields[name].light:
        return []
    known = _kept(found)
    fits = None if room is None else known.fits(room)
    return [replace(g, faint=True) for g in _spell(known, name, True, fits)]


#: How likely the player of a sheet that prints the aids in its language is to write them in
#: English's words instead (the notation records keep, and the rules' page shows)
ENGLISH_ON_ANOTHER_SHEET = 0.1


@cache
def aid_words(lang: str) -> tuple[tuple[str, str, float], ...]:
    """Return the aids' words a player of a sheet in `lang` may write, each with its aid and
    its weight (`spelling.attempt_grammar`): the words the sheet prints (`girar`,
    `relancer`), and English's, less likely where the sheet prints others."""
    printed = {say(terms.aid(AIDS.index(aid)), language(lang)).lower(): aid
               for aid in ("flip", "re-roll")}
    english = tuple((w, aid, 1.0 if w in printed else ENGLISH_ON_ANOTHER_SHEET)
                    for w, aid, _weight in ENGLISH_AIDS)
    return english + tuple((w, aid, 1.0) for w, aid in printed.items()
                           if w not in {e[0] for e in ENGLISH_AIDS})


#: The most dice of each colour each endgame attempt may roll (`narrowing.attempt_rooms`).
Rooms = Mapping[str, tuple[int, int, int]]


@dataclass
class Known:
    """What is kept of a scan whose values were read: the values are narrowed again once
    the player has typed some (a score that waits on them) or answered a box (the dice
    owned may change), from the same ink. Its readings (an attempt's by the room its dice
    were read in, and the beam), each field's ink spelled (`spelling.spelled`: the same in
    any room, an attempt read again in another room spells it no more), and whether a
    partial reading of an attempt fits a room (`narrow_attempts.fits_so_far`: the dice it
    needs, asked once of each whatever the room, `dice_needed`; the attempts of a sheet, and
    the same attempt in the rooms it is read in, share most; the beam keeps each answer of
    its own, `spelling.read_runs`)."""

    found: Scan
    guesses: dict[tuple[str, tuple[int, int, int] | None, int], list[Guess]] = \
        field(default_factory=dict)
    spelled: dict[tuple[str, bool], Spelled | None] = field(default_factory=dict)
    needed: dict[str, tuple[int, int, int] | None] = field(default_factory=dict)

    def fits(self, room: tuple[int, int, int]) -> Callable[[str], bool]:
        """Return `fits_so_far` in a room, from the dice each reading needs (kept for every
        room)."""
        needed = self.needed
        red, blue, yellow = room

        def fits(text: str) -> bool:
            if text in needed:
                need = needed[text]
            else:
                # a reading of dice alone, one die on from a reading already asked: that
                # reading's dice, and the die (the beam asks each reading as it grows)
                cut = text.rfind(" ")
                if cut > 0 and ";" not in text and text[cut + 1:].isalnum() and \
                        text[:cut] in needed:
                    need = dice_needed_then(needed[text[:cut]], text[cut + 1:])
                else:
                    need = dice_needed(text)
                needed[text] = need
            return need is not None and need[0] <= red and need[1] <= blue and \
                need[2] <= yellow
        return fits

    def read(self, name: str, room: tuple[int, int, int] | None = None,
             beam: int = RULED_BEAM) -> list[Guess]:
        """Return a field's readings (`read_field`), read once in each room and beam."""
        key = (name, room, beam)
        if key not in self.guesses:
            self.guesses[key] = read_field(self.found, name, room, beam)
        return self.guesses[key]


#: The last scan whose values were read (see `Known`).
_last: list[Known] = []


def _kept(found: Scan) -> Known:
    """Return what is kept of the scan, kept from now on in place of another scan's."""
    if not _last or _last[0].found is not found:
        _last[:] = [Known(found)]
    return _last[0]


def read_values(found: Scan, rooms: Rooms | None = None) -> dict[str, list[Guess]]:
    """Return the readings of every written field of a scan that holds ink (see `READ`), an
    endgame attempt's as far as its dice fit `rooms` too (see `read_field`)."""
    rooms = rooms or {}
    known = _kept(found)
    return {name: known.read(name, rooms.get(name)) for name in written_fields(found)}


def read_in_rooms(found: Scan, rooms: Rooms, beam: int = RULED_BEAM
                  ) -> dict[str, list[Guess]]:
    """Return the readings of the endgame attempts named in `rooms`, each as far as its
    dice fit its room (an attempt read again in a wider room: `dice_unsure.DICE_UNSURE`), kept
    with `read_values`' readings."""
    known = _kept(found)
    return {name: known.read(name, room, beam) for name, room in rooms.items()}


def read_named(found: Scan, names: Collection[str]) -> dict[str, list[Guess]]:
    """Return the readings of the written fields named, whether or not their box was read
    holding ink (a circle read empty that the trail says is written:
    `narrow_sheet.skipped_circles`), kept with `read_values`' readings."""
    known = _kept(found)
    return {name: known.read(name) for name in names}
