"""A field's ink read as fast as it may without reading otherwise (issue 31, `suggest`'s
CPU outside the beams): a light pencil's field read as it is, then as faint strokes, sees
the paper and the print once (`seen_ink`); the strokes numbered and boxed as they were."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from printkit.scan import seen_ink, strokes


def _scan():
    """Return a played sheet's photo, read."""
    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.games.fox_rabbit.record import read_record
    from printkit.scan.reader import scan
    from tests.scan.photos import photograph, played_sheet

    path = Path(__file__).resolve().parents[2] / "examples" / "fox-and-rabbit" / "easy-won.yaml"
    run = read_record(path.read_text())
    image = played_sheet(run.map, run.mode, sf.form_values(run), dpi=160, hand=True)
    return scan(photograph(image), "easy-won.jpg")


def test_a_field_read_again_as_faint_strokes_sees_its_paper_and_print_once(monkeypatch):
    # on a light pencil's page each field is read as it is, then as faint strokes
    # (`writing.read_field`): the paper's light and the print drawn out of the ink are the
    # same both times, seen once; each reading is what it is read alone
    from printkit.scan import writing
    from tests.spies import spied

    found = _scan()
    names = writing.written_fields(found)[:3]
    seen_ink._LAST.clear()
    drawn = spied(monkeypatch, cv2, "inpaint")
    both = [(writing.field_ink(found, name), writing.field_ink(found, name, faint=True))
            for name in names]
    assert len(names) == 3 and len(drawn) == 3
    monkeypatch.undo()
    for name, pair in zip(names, both, strict=True):
        for faint, ink in zip((False, True), pair, strict=True):
            seen_ink._LAST.clear()
            alone = writing.field_ink(found, name, faint=faint)
            assert alone.lines == ink.lines and alone.threshold == ink.threshold
            assert np.array_equal(alone.ink, ink.ink)
            assert np.array_equal(alone.labels, ink.labels)


def test_the_strokes_are_numbered_and_boxed_as_np_unique_and_each_label_did():
    # the strokes numbered again in their labels' order (as np.unique's inverse numbered
    # them, sorting every pixel), and each stroke's box from its pixels sorted once (where
    # each label took a pass over them all)
    rng = np.random.default_rng(7)
    for trial in range(40):
        ink = rng.random((30, 50)).astype(np.float32) ** (1 + trial % 5)
        threshold = float(rng.uniform(0.2, 0.9)) if trial else 0.0   # every pixel ink
        count, parts, stats, _ = cv2.connectedComponentsWithStats(
            (ink > threshold / 2).astype(np.uint8), connectivity=8)
        keep = np.zeros(count, bool)
        hits = np.bincount(parts[ink > threshold], minlength=count)
        keep[1:] = (hits[1:] > 0) & (stats[1:, cv2.CC_STAT_AREA] >= 3)
        _, numbered = np.unique(np.where(keep[parts], parts, 0), return_inverse=True)
        labels = strokes._strokes(ink, threshold)
        assert np.array_equal(labels, numbered.reshape(parts.shape))
        assert labels.dtype == np.int32
        boxes = []
        for label in range(1, int(labels.max()) + 1):
            ys, xs = np.nonzero(labels == label)
            if xs.size:
                boxes.append((label, int(xs.min()), int(xs.max()) + 1, int(ys.min()),
                              int(ys.max()) + 1))
        found = [(s.label, s.x0, s.x1, s.y0, s.y1) for s in strokes.strokes_of(labels)]
        assert found == boxes
        assert all(type(v) is int for box in found for v in box)
    assert strokes.strokes_of(np.zeros((4, 4), np.int32)) == []
