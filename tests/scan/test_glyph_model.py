"""The glyph model the photo reader reads handwriting with: small, run with numpy, made by
the training script in bench/ (a small training of it is made again here), and reading the
written values of a hand it never saw."""

from __future__ import annotations

import numpy as np
import pytest

from bench import train_glyphs
from printkit.scan import glyphs, spelling, strokes

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_the_model_shipped_is_at_most_2_mb_and_gives_a_chance_to_each_glyph():
    assert glyphs.MODEL.stat().st_size <= 2_000_000
    model = glyphs.model()
    features = np.zeros((3, model.mean.shape[0]), np.float32)
    chances = model.chances(features)
    assert chances.shape == (3, len(glyphs.CLASSES))
    assert np.allclose(chances.sum(axis=1), 1.0)


def test_the_training_script_makes_again_the_small_training_the_model_file_holds():
    with np.load(glyphs.MODEL) as shipped:
        held = {k.removeprefix("slice_"): shipped[k] for k in shipped.files
                if k.startswith("slice_")}
        assert list(shipped["classes"]) == list(glyphs.CLASSES)
    made = train_glyphs.slice_weights()
    assert sorted(made) == sorted(held)
    for name, weights in made.items():
        assert np.allclose(weights, held[name], atol=1e-5), name


def _read(hand: str, kind: str, lines: list[str], seed: int) -> str | None:
    rng = np.random.default_rng(seed)
    place = train_glyphs.places()[kind][3]
    written = train_glyphs.write_field(place, lines, train_glyphs.HANDS[hand], rng)
    found = strokes.field_ink(written.photo, written.blank, written.lines, 2.0)
    read = spelling.spell(found, glyphs.model(), kind)
    return read[0].text if read else None


@pytest.mark.parametrize(("kind", "lines", "value"), [
    ("circle", ["12"], "12"),
    ("score-total", ["7"], "7"),
    ("attempt", ["R2 Y5 B3", "-1 R2"], "R2 Y5 B3; -1 R2"),
])
def test_a_value_in_a_hand_the_model_never_saw_reads_as_written(kind, lines, value):
    assert _read("photo2", kind, lines, 7) == value
