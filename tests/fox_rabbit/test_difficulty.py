"""The measured difficulty: computed, not typed; stored with the classic map; on every sheet."""

import copy
import tomllib
from pathlib import Path

import pytest

from printkit.draw.paper import A4, LETTER
from printkit.errors import TemplateError
from printkit.games.fox_rabbit import difficulty as D
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.map_reader import parse_map
from printkit.games.fox_rabbit.simulate import simulate
from printkit.games.fox_rabbit.template import load_map
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.resources import template_path
from tests.helpers import text

MAP = load_map("classic")


@pytest.fixture(scope="module")
def classic_data():
    return tomllib.loads(template_path("fox-and-rabbit", "classic.toml").read_text())


def test_the_classic_maps_stored_difficulty_is_computed_not_typed():
    stored = MAP.difficulty
    assert stored is not None
    assert stored.rules == D.rules_digest(MAP), "the map's rules changed: run " \
        "python bench/measure_difficulty.py"
    assert (stored.strategy, stored.games, stored.seed) == (
        D.DIFFICULTY_STRATEGY, D.DIFFICULTY_GAMES, D.DIFFICULTY_SEED)
    for mode, won in stored.won:
        summary = simulate(MAP, mode, stored.games, stored.seed, stored.strategy)
        assert summary.achievements[D.goal(MAP, mode).id] == won, mode


def test_classic_difficulty_is_the_stored_share_of_wins():
    shares = D.classic_difficulty()
    assert list(shares) == list(MODES)
    assert shares == {mode: n / MAP.difficulty.games for mode, n in MAP.difficulty.won}
    assert shares["easy"] > shares["hard"] > shares["super-hard"]


def test_a_win_is_the_modes_first_achievement():
    assert [D.goal(MAP, m).id for m in MODES] == ["easy-3-one", "hard-4-one",
                                                  "superhard-all-both"]


def test_figures_measured_on_other_rules_are_not_printed(classic_data, monkeypatch):
    data = copy.deepcopy(classic_data)
    data["trails"][0]["cells"][0] = "Y3"          # one cell changed, figures kept
    changed = parse_map(data, "changed.toml")
    assert changed.difficulty == MAP.difficulty
    assert D.rules_digest(changed) != D.rules_digest(MAP)
    calls = []
    monkeypatch.setattr(D, "won_games", lambda m, mode, *a: calls.append(mode) or 500)
    measured = D.map_difficulty(changed)
    assert calls == list(MODES)
    assert dict(measured.won) == dict.fromkeys(MODES, 500)


def test_renaming_things_keeps_the_digest(classic_data):
    data = copy.deepcopy(classic_data)
    data["name"] = "renamed"
    data["foods"][0]["name"] = "Parsnip"
    data["score"]["titles"][0]["title"] = "Beginners"
    assert D.rules_digest(parse_map(data, "x.toml")) == D.rules_digest(MAP)


def test_printing_the_classic_sheet_simulates_nothing(monkeypatch):
    import printkit.games.fox_rabbit.simulate as sim
    monkeypatch.setattr(sim, "simulate", lambda *a, **k: pytest.fail("simulated"))
    from printkit.products.kit import plan_kit
    documents = [recipe() for recipe in plan_kit(LETTER, None, 4).recipes]
    assert sum(1 for d in documents if d.filename.startswith("fox-and-rabbit")) == 3


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_every_gamesheet_prints_its_measured_difficulty(mode, paper):
    words = text(gamesheet(MAP, mode, paper).pdf_bytes())
    line = D.difficulty_line(MAP.difficulty)
    assert line == "greedy player wins: " + " · ".join(
        f"{m} {D.percent(s)}" for m, s in D.classic_difficulty().items())
    assert "G" + line[1:] in words
    assert "1,000 simulated games a mode; a win earns the mode's first achievement" in words
    assert "map: classic" in words


@pytest.mark.parametrize("paper", [LETTER, A4])
def test_the_note_fits_its_corner(paper):
    from printkit.draw import fonts
    from printkit.draw.impose import cell_size
    from printkit.draw.recording import RecordingCanvas
    from printkit.products.fox_rabbit.sheet import draw
    w, h = cell_size(paper, 1)
    canvas = RecordingCanvas(w, h)
    note = D.difficulty_note(MAP.difficulty)
    draw(canvas, w, h, MAP, MAP.modes["easy"], note)
    headline, meaning = note.split("\n")
    (head,) = [c for c in canvas.calls if c.kind == "text" and c.text == headline]
    (rest,) = [c for c in canvas.calls if c.kind == "text" and c.text == meaning]
    assert head.size >= 8 and rest.size >= 8
    assert rest.bottom <= h and max(head.right, rest.right) <= w
    assert fonts.width(meaning, fonts.REGULAR, 8) == pytest.approx(rest.w, abs=0.01)


def test_a_sheet_may_print_no_note_or_another():
    assert "Greedy player" not in text(gamesheet(MAP, "easy", LETTER, difficulty="").pdf_bytes())
    assert "Custom note" in text(gamesheet(MAP, "easy", LETTER,
                                           difficulty="Custom note").pdf_bytes())


@pytest.mark.parametrize("share, shown", [(0.0, "0 %"), (0.003, "<1 %"), (0.006, "1 %"),
                                          (0.745, "74 %"), (0.755, "76 %"), (1.0, "100 %")])
def test_percentages(share, shown):
    assert D.percent(share) == shown


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["difficulty"].update(colour="red"), "unknown key 'colour'"),
    (lambda d: d["difficulty"]["won"].pop("hard"), "missing key 'hard'"),
    (lambda d: d["difficulty"]["won"].update(easy=5000), "expected 0-1000"),
    (lambda d: d["difficulty"].update(games=0), "games must be 1 or more"),
    (lambda d: d["difficulty"].update(seed="one"), "seed must be a whole number"),
])
def test_the_stored_table_is_checked_strictly(classic_data, edit, message):
    data = copy.deepcopy(classic_data)
    edit(data)
    with pytest.raises(TemplateError, match=message):
        parse_map(data, "classic.toml")


def test_a_map_without_the_table_is_measured_when_printed(classic_data, monkeypatch):
    data = copy.deepcopy(classic_data)
    del data["difficulty"]
    bare = parse_map(data, "bare.toml")
    assert bare.difficulty is None
    monkeypatch.setattr(D, "won_games", lambda m, mode, *a: dict(MAP.difficulty.won)[mode])
    assert D.map_difficulty(bare).won == MAP.difficulty.won


def test_a_map_file_without_the_table_is_measured_when_its_sheet_is_printed(
        classic_data, monkeypatch, cli, tmp_path):
    data = copy.deepcopy(classic_data)
    del data["difficulty"]
    bare = parse_map(data, "bare.toml")
    # the product prints only figures stored with the map: it never simulates
    with pytest.raises(TemplateError, match="the classic map has no difficulty measured on"):
        gamesheet(bare, "easy", LETTER)
    # the command line measures a map file of one's own first
    toml = (template_path("fox-and-rabbit", "classic.toml").read_text()
            .split("# --- measured difficulty")[0])
    (tmp_path / "bare.toml").write_text(toml)
    monkeypatch.setattr(D, "won_games", lambda m, mode, *a: {"easy": 500, "hard": 250,
                                                             "super-hard": 10}[mode])
    out = tmp_path / "bare.pdf"
    result = cli("sheet", "fox-and-rabbit", "--map", str(tmp_path / "bare.toml"),
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Greedy player wins: easy 50 % · hard 25 % · super-hard 1 %" in text(out)


def test_the_docs_quote_the_stored_figures():
    docs = (Path(__file__).resolve().parent.parent.parent / "docs/commands.md").read_text()
    line = D.difficulty_line(MAP.difficulty)
    assert f'"G{line[1:]}"' in docs
    shares = D.classic_difficulty()
    assert "`{" + ", ".join(f'"{m}": {s:g}' for m, s in shares.items()) + "}`" in docs
