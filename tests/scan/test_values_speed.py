"""The written values read as fast as they may without reading otherwise (issue 31, the
values' CPU): the beam's partial readings made without an object the garbage collector
counts (`spelling._masses`), read as the beam read them move by move; the blank sheet made
an array once for a scan's fields (`writing._blank`)."""

from __future__ import annotations

import gc
import random

import numpy as np
import pytest

from printkit.games.fox_rabbit.narrow_attempts import fits_so_far
from printkit.scan import spelling
from printkit.scan.glyphs import CLASSES, NONE


def _runs(seed: int, pieces: int) -> list[spelling.Run]:
    # every run of one to three pieces a glyph, each class's chance drawn at random: many
    # readings, more than the beam keeps at each piece
    rng = random.Random(seed)
    out = []
    for start in range(pieces):
        for end in range(start + 1, min(pieces, start + 3) + 1):
            chances = np.array([rng.random() ** 3 for _ in CLASSES])
            out.append(spelling.Run(start, end, chances / chances.sum()))
    return out


def _move_by_move(runs, pieces, grammar, big, starts, fits, beam):
    """The beam as it read a field before: move by move, each partial reading a tuple
    (state, text, a glyph-sized piece left out), the most likely `beam` kept at each piece."""
    none = CLASSES.index(NONE)
    at: list[dict[tuple[int, str, bool], float]] = [{} for _ in range(pieces + 1)]
    at[0][(0, "", False)] = 1.0
    for p in range(pieces):
        here = at[p]
        if p in starts:
            here = {k: c for k, c in here.items() if k[0] not in grammar.unbroken}
        if len(here) > beam:
            here = dict(sorted(here.items(), key=lambda kv: kv[1], reverse=True)[:beam])
        stray = next((r for r in runs if r.start == p and r.end == p + 1), None)
        tall = p in big
        for (state, text, left_out), chance in here.items():
            if stray is not None:
                key = (state, text, left_out or tall)
                at[p + 1][key] = at[p + 1].get(key, 0.0) + chance * float(
                    stray.chances[none]) * (spelling.SKIP_GLYPH if tall else spelling.SKIP)
            for run in (r for r in runs if r.start == p):
                for symbol, to, before in grammar.moves.get(state, ()):
                    for glyph, written in symbol.glyphs:
                        c = (float(run.chances[spelling._ANY_CLASSES].sum())
                             + spelling.NONE_AS_LETTER * float(run.chances[none])
                             if glyph == spelling.ANY else float(run.chances[glyph])) \
                            * symbol.weight
                        wrote = before + written
                        if c < spelling.LEAST or (wrote and fits is not None
                                                  and not fits(text + wrote)):
                            continue
                        key = (to, text + wrote, left_out)
                        at[run.end][key] = at[run.end].get(key, 0.0) + chance * c
    totals: dict[str, float] = {}
    partial: dict[str, float] = {}
    for (state, text, left_out), chance in at[pieces].items():
        if state in grammar.ends:
            totals[text] = totals.get(text, 0.0) + chance
            if left_out:
                partial[text] = partial.get(text, 0.0) + chance
    return {text: (chance, partial.get(text, 0.0)) for text, chance in totals.items()}


CASES = [("attempt", 7, 14, None), ("attempt", 8, 14, (1, 2, 1)), ("attempt", 11, 14, (2, 2, 2)),
         ("score-part", 9, 9, None)]


@pytest.mark.parametrize(("kind", "seed", "pieces", "room"), CASES)
def test_the_beam_reads_as_it_read_move_by_move(kind, seed, pieces, room):
    # two lines, glyph-sized pieces, the beam cut at each piece, and (an attempt in a room)
    # the rules dropping partial readings: the same readings, chances to the last digit,
    # in the same order
    runs = [r for r in _runs(seed, pieces) if not r.start < pieces // 2 < r.end]
    grammar = spelling.GRAMMARS[kind]
    big, starts = [1, 4, 9], [pieces // 2]
    fits = None if room is None else (lambda text: fits_so_far(room, text))
    beam = spelling.BEAM if room is None else spelling.RULED_BEAM
    read = spelling._masses(runs, pieces, grammar, big, starts, fits, beam)
    assert len(read) > 10
    assert list(read.items()) == list(_move_by_move(runs, pieces, grammar, set(big),
                                                    set(starts), fits, beam).items())


def test_the_rules_are_not_asked_of_a_reading_a_die_s_colour_letter_ends():
    # `fits_so_far` reads a die once its face is: a reading that opens a die with its colour
    # letter fits as the reading before it did, and is not asked (a third of what the beam
    # asked); the readings are those the beam read asking every one
    # (`test_the_beam_reads_as_it_read_move_by_move`)
    asked: list[str] = []

    def fits(text: str) -> bool:
        asked.append(text)
        return fits_so_far((1, 1, 1), text)

    read = spelling._masses(_runs(11, 14), 14, spelling.GRAMMARS["attempt"], [1, 4], [7], fits,
                            spelling.RULED_BEAM)
    assert len(read) > 10 and asked
    assert not [t for t in asked if t.split(";")[-1].split()[-1:] in (["R"], ["B"], ["Y"])]
    assert any(t.split()[-1:] in (["R2"], ["B2"], ["Y2"]) for t in asked)


def test_the_beams_partial_readings_leave_the_garbage_collector_nothing_to_do():
    # hundreds of thousands of partial readings a photo, each a tuple, had the collector
    # run through the whole process's objects (a seeded map's games among them) dozens of
    # times during a photo's values (36 times on this attempt's beam); made as strings, the
    # beam has it run not once
    runs = _runs(7, 14)
    collections: list[int] = []

    def noted(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(noted)
    try:
        read = spelling._masses(runs, 14, spelling.GRAMMARS["attempt"], [1, 4], [7],
                                lambda text: fits_so_far((1, 2, 1), text), spelling.RULED_BEAM)
    finally:
        gc.callbacks.remove(noted)
    assert len(read) > 10 and collections == []


def test_a_scans_fields_are_cut_from_one_blank_sheet_array_as_from_their_own(monkeypatch):
    # each field's ink is its crop of the photo against the blank sheet's: the blank made
    # an array once for the scan's fields (`writing._blank`), not copied from the image for
    # each, reads each field's ink as a blank of its own does
    from pathlib import Path

    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.games.fox_rabbit.record import read_record
    from printkit.scan import writing
    from printkit.scan.reader import scan
    from tests.scan.photos import photograph, played_sheet
    from tests.spies import spied

    path = Path(__file__).resolve().parents[2] / "examples" / "fox-and-rabbit" / "easy-won.yaml"
    run = read_record(path.read_text())
    image = played_sheet(run.map, run.mode, sf.form_values(run), dpi=160, hand=True)
    found = scan(photograph(image), "easy-won.jpg")
    names = writing.written_fields(found)[:3]
    writing._blank.cache_clear()
    blanks = spied(monkeypatch, writing, "blank_image")
    inks = [writing.field_ink(found, name) for name in names]
    assert len(names) == 3 and len(blanks) == 1
    for name, ink in zip(names, inks, strict=True):
        writing._blank.cache_clear()
        alone = writing.field_ink(found, name)
        assert alone.lines == ink.lines and alone.threshold == ink.threshold
        assert np.array_equal(alone.ink, ink.ink) and np.array_equal(alone.labels, ink.labels)


def test_a_runs_strokes_are_taken_by_their_labels_as_np_isin_takes_them(monkeypatch):
    # each run of pieces tried as a glyph takes the pixels of its strokes
    # (`strokes.run_mask`), and a wide stroke's cuts its own (`cuts.wide_cuts`): np.isin
    # sorted them for each, a few hundred times a photo at 40-70 us; compared with each
    # stroke's label (`edge.holding`), the same pixels at a few us
    from pathlib import Path

    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.games.fox_rabbit.record import read_record
    from printkit.scan import edge, strokes, writing
    from printkit.scan.reader import scan
    from tests.scan.photos import photograph, played_sheet
    from tests.spies import spied

    path = Path(__file__).resolve().parents[2] / "examples" / "fox-and-rabbit" / "easy-won.yaml"
    run = read_record(path.read_text())
    image = played_sheet(run.map, run.mode, sf.form_values(run), dpi=160, hand=True)
    found = scan(photograph(image), "easy-won.jpg")
    isin = spied(monkeypatch, np, "isin")
    inks = [writing.field_ink(found, name) for name in writing.written_fields(found)]
    tried = [(ink, spelling.tried(ink)) for ink in inks]
    assert isin == [] and sum(len(runs) for _ink, runs in tried) > 10
    monkeypatch.undo()
    for ink, runs in tried:
        for t in runs:
            line = ink.lines[t.line]
            x0, y0, mask = strokes.run_mask(ink, line, t.first, t.last)
            pieces = line.pieces[t.first:t.last + 1]
            ids = tuple(sorted({label for p in pieces for label in p.labels}))
            crop = ink.labels[y0:y0 + mask.shape[0], x0:x0 + mask.shape[1]]
            assert np.array_equal(mask, np.isin(crop, ids))
    labels = np.random.default_rng(3).integers(0, 9, (40, 60)).astype(np.int32)
    for ids in [(), (4,), (0, 8), (1, 2, 5, 7), (9, 10)]:
        assert np.array_equal(edge.holding(labels, ids), np.isin(labels, ids))


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_sheets_own_words_are_read_by_the_beam_as_move_by_move(lang):
    # the beam numbers a reading's text by the text it grows and what a move writes: a
    # Spanish or French sheet's words (`relanzar`, `retourner`) read as the beam read them
    # move by move, chances to the last digit, in the same order
    from printkit.scan.writing import aid_words

    runs = [r for r in _runs(7, 14) if not r.start < 7 < r.end]
    grammar = spelling.attempt_grammar(aid_words(lang))
    read = spelling._masses(runs, 14, grammar, [1, 4, 9], [7], None, spelling.BEAM)
    assert len(read) > 10
    assert list(read.items()) == list(_move_by_move(runs, 14, grammar, {1, 4, 9}, {7}, None,
                                                    spelling.BEAM).items())


def test_a_grammar_whose_writes_read_a_text_two_ways_is_refused():
    # `B` then `4`, or ` B4` at once: the same text `" B4"` made by two last moves, which
    # the beam's numbered texts would count as two readings; such a grammar is refused
    # where it is made, never read wrong
    from printkit.scan.spelling import DIGIT, Grammar, _literal

    moves = {0: [(_literal("B", writes=" B"), 1, ""), (_literal("4", writes=" B4"), 2, "")],
             1: [(DIGIT, 2, "")]}
    with pytest.raises(ValueError, match="may be read as"):
        Grammar(moves, frozenset({2}))
    assert Grammar({0: [(DIGIT, 1, "")]}, frozenset({1})).table.writes[1:] == list("0123456789")
