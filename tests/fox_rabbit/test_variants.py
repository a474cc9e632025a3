"""Seeded map variants: deterministic, built like the classic map, inside the band, playable;
stored as the maker chose them, and loaded without playing a game."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.draw.paper import LETTER
from printkit.errors import TemplateError
from printkit.games.fox_rabbit import variant_maps as VM
from printkit.games.fox_rabbit import variants as V
from printkit.games.fox_rabbit.difficulty import (
    DIFFICULTY_GAMES,
    DIFFICULTY_SEED,
    difficulty_line,
    goal,
    map_difficulty,
    rules_digest,
)
from printkit.games.fox_rabbit.players import play
from printkit.games.fox_rabbit.record_text import record_yaml
from printkit.games.fox_rabbit.simulate import simulate
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_text
from printkit.games.fox_rabbit.variant_names import (
    MAX_VARIANT,
    STORED_VARIANTS,
    make_unstored_with,
    unstored_maker,
)
from printkit.products.fox_rabbit.gamesheet import gamesheet
from tests.helpers import text

ROOT = Path(__file__).resolve().parent.parent.parent
CLASSIC = load_map("classic")
NUMBER = 3


@pytest.fixture(scope="module")
def variant():
    return load_map(f"variant-{NUMBER}")


def test_a_variant_is_the_same_every_time():
    assert VM.candidate_data(NUMBER, 0) == VM.candidate_data(NUMBER, 0)
    assert VM.candidate_data(NUMBER, 0) != VM.candidate_data(NUMBER, 1)
    assert VM.candidate_data(NUMBER, 0) != VM.candidate_data(NUMBER + 1, 0)
    assert rules_digest(VM.candidate(NUMBER, 2)) == rules_digest(VM.candidate(NUMBER, 2))


def test_a_variant_is_the_same_in_another_process(variant):
    code = ("from printkit.games.fox_rabbit.template import load_map;"
            "from printkit.games.fox_rabbit.difficulty import rules_digest;"
            f"print(rules_digest(load_map('variant-{NUMBER}')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"PYTHONHASHSEED": "123", "PATH": ""})
    assert done.stdout.strip() == rules_digest(variant)


def test_a_variant_has_the_classic_structure(variant):
    assert variant.name == f"variant-{NUMBER}"
    assert variant.food_ids() == CLASSIC.food_ids()
    assert len(variant.locations) == 4
    assert all(len(set(loc.foods)) >= 2 for loc in variant.locations)
    assert {f for loc in variant.locations for f in loc.foods} == set(CLASSIC.food_ids())
    for animal in ("fox", "rabbit"):
        starts, tunnels = variant.start_trails(animal), variant.tunnel_trails(animal)
        assert len(starts) == 2 and len(tunnels) == 2
        assert sorted(t.location for t in starts + tunnels) == sorted(
            loc.id for loc in variant.locations)
        assert [len(t) for t in starts + tunnels] == [5, 5, 3, 3]
    # the rules around the trails are the classic map's
    for name in ("farmer", "escape", "modes", "scoring", "start_dice", "aid_circles"):
        assert getattr(variant, name) == getattr(CLASSIC, name), name


def test_a_variant_is_inside_the_band(variant):
    summary = simulate(variant, "easy", DIFFICULTY_GAMES, DIFFICULTY_SEED, "greedy")
    share = summary.achievements[goal(variant, "easy").id] / DIFFICULTY_GAMES
    assert V.BAND[0] <= share <= V.BAND[1]
    assert dict(map_difficulty(variant).won)["easy"] == summary.achievements["easy-3-one"]


def test_the_generator_turns_down_candidates_outside_the_band(monkeypatch):
    tried = []

    def share(game_map):
        tried.append(rules_digest(game_map))
        return 0.5 if len(tried) < 3 else 0.7

    monkeypatch.setattr(V, "easy_share", share)
    V.variant_map.cache_clear()
    try:
        chosen = V.variant_map(99)
    finally:
        V.variant_map.cache_clear()
    assert len(tried) == 3
    assert rules_digest(chosen) == rules_digest(VM.candidate(99, 2))


def test_no_candidate_in_the_band_is_an_error(monkeypatch):
    monkeypatch.setattr(V, "easy_share", lambda m: None)
    V.variant_map.cache_clear()
    try:
        with pytest.raises(TemplateError, match="no candidate for variant 98"):
            V.variant_map(98)
    finally:
        V.variant_map.cache_clear()


def test_a_variant_sheet_shows_its_id_and_difficulty(variant):
    words = text(gamesheet(variant, "hard", LETTER).pdf_bytes())
    assert f"map: variant-{NUMBER}" in words
    line = difficulty_line(map_difficulty(variant))
    assert "G" + line[1:] in words
    for trail in variant.trails:
        for cell in trail.cells:
            assert str(cell.id) in words


@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_a_run_record_naming_the_variant_validates_against_it(variant, strategy):
    for seed in range(20):
        played = play(variant, ("easy", "hard", "super-hard")[seed % 3], random.Random(seed),
                      strategy)
        record = record_yaml(played.record)
        assert f"map: variant-{NUMBER}\n" in record
        report = validate_text(record)
        assert report.legal, report.text()
        assert report.map == f"variant-{NUMBER}"


def test_a_record_played_on_the_variant_is_not_a_classic_run(variant):
    played = play(variant, "easy", random.Random(1), "greedy")
    as_classic = record_yaml(played.record).replace(f"map: variant-{NUMBER}", "map: classic")
    try:
        report = validate_text(as_classic)
    except TemplateError:
        return
    except Exception as err:   # unreadable against the classic map is fine too
        assert "RecordError" in type(err).__name__
        return
    assert not report.legal


@pytest.mark.parametrize("name", ["variant-0", "variant-x", "variant-007", "variant-"])
def test_bad_variant_names_are_refused(name):
    with pytest.raises(TemplateError, match="a variant is named variant-N"):
        load_map(name)


def test_cli_prints_a_variant_sheet(cli, tmp_path):
    out = tmp_path / "v.pdf"
    result = cli("sheet", "fox-and-rabbit", "--variant", str(NUMBER), "--mode", "super-hard",
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    assert f"map: variant-{NUMBER}" in text(out)


@pytest.mark.parametrize("args, message", [
    (["fox-and-rabbit", "--variant", "0"], "--variant must be between 1 and"),
    (["fox-and-rabbit", "--variant", "2", "--map", "classic"], "give --map or --variant"),
    (["go-nuts", "--variant", "2"], "--variant applies to fox-and-rabbit, not Go Nuts!"),
    (["go-nuts", "--mode", "easy", "--fillable"],
     "--mode and --fillable apply to fox-and-rabbit, not Go Nuts!"),
])
def test_cli_bad_variant_options(cli, args, message):
    result = cli("sheet", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_cli_validates_a_variant_record(cli, variant, tmp_path):
    played = play(variant, "hard", random.Random(4), "greedy")
    path = tmp_path / "run.yaml"
    path.write_text(record_yaml(played.record))
    result = cli("validate", str(path))
    assert result.exit_code == 0, result.output
    assert f"variant-{NUMBER} map" in result.stdout


def test_a_record_may_name_its_variant_by_number(variant):
    """`variant: N` (the number printed on the sheet) is the same map as `map: variant-N`."""
    played = play(variant, "easy", random.Random(3), "greedy")
    record = record_yaml(played.record).replace(f"map: variant-{NUMBER}\n",
                                                f"variant: {NUMBER}\n")
    assert f"variant: {NUMBER}\n" in record and "map:" not in record
    report = validate_text(record)
    assert report.legal, report.text()
    assert report.map == f"variant-{NUMBER}"


def test_a_record_naming_two_maps_is_unreadable(variant):
    from printkit.errors import PrintkitError

    played = play(variant, "easy", random.Random(3), "greedy")
    record = record_yaml(played.record).replace(f"map: variant-{NUMBER}\n",
                                                f"map: classic\nvariant: {NUMBER}\n")
    with pytest.raises(PrintkitError, match="name two different maps"):
        validate_text(record)


# -- the stored choices: what the maker chose, read without playing a game ------------------
@pytest.fixture(scope="module")
def table_text():
    from printkit.resources import template_path
    return template_path("fox-and-rabbit", VM.TABLE).read_text("utf-8")


def test_the_stored_choices_are_the_makers_for_a_sample(variant):
    # the maker plays its games again (about a second a variant): variant NUMBER and the
    # first variant, whose first candidates the band turned down
    stored = VM.stored_choices()
    assert stored[0].attempt > 0
    for number in (NUMBER, 1):
        made = V.make_choice(number)
        assert made.row() == stored[number - 1].row(), "run python bench/make_variants.py"
        assert V.variant_map(number) == load_map(f"variant-{number}")  # names and all
        assert load_map(f"variant-{number}").difficulty == made.difficulty


def test_every_stored_row_draws_the_map_it_was_measured_on():
    # a cheap check of every row: its candidate's rules are the ones its figures were
    # measured on, inside the band, and the figures fall as the modes get harder
    stored = VM.stored_choices()
    assert [c.number for c in stored] == list(range(1, STORED_VARIANTS + 1))
    for choice in stored:
        game_map = VM.choice_map(choice)
        won = dict(choice.difficulty.won)
        assert V.BAND[0] <= won["easy"] / DIFFICULTY_GAMES <= V.BAND[1], choice.number
        assert won["easy"] >= won["hard"] >= won["super-hard"], choice.number
        assert game_map.difficulty == choice.difficulty


def test_the_table_reads_back_as_written(table_text):
    rows = [line for line in table_text.splitlines() if line[:1].isdigit()]
    assert [c.row() for c in VM.parse_table(table_text)] == rows


def test_a_row_measured_on_other_rules_is_refused():
    choice = VM.stored_choices()[NUMBER - 1]
    other = VM.Choice(NUMBER, choice.attempt + 1, choice.difficulty)
    with pytest.raises(TemplateError, match=f"variant-{NUMBER} is not the map its row of "
                                            "variants.csv was made for"):
        VM.choice_map(other)


def _edited(text, line, new):
    lines = text.splitlines()
    (i,) = [i for i, old in enumerate(lines) if old.startswith(line)]
    lines[i:i + 1] = [new] if new is not None else []
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("line, new, message", [
    ("variant,", "variant,attempt,easy,hard,rules", "the first line that is not a comment"),
    ("17,", "17,0,700,200,10", "line 23: expected 6 values"),
    ("17,", "17,0,700,200,10,ABCDEF0123456789", "line 23: expected 6 values"),
    ("17,", None, "line 23: expected variant 17, not 18"),
    ("17,", "17,60,700,200,10,0123456789abcdef", "an attempt is 0-59"),
    ("17,", "17,0,1001,200,10,0123456789abcdef", "a count of won games 0-1000"),
    ("1000,", None, "holds variants 1 to 999; printkit stores 1 to 1000"),
])
def test_the_table_is_read_strictly(table_text, line, new, message):
    with pytest.raises(TemplateError, match=message):
        VM.parse_table(_edited(table_text, line, new))


def test_a_variant_past_those_offered_names_no_map(cli, tmp_path):
    with pytest.raises(TemplateError, match=f"N from 1 to {MAX_VARIANT}"):
        load_map(f"variant-{MAX_VARIANT + 1}")
    result = cli("sheet", "fox-and-rabbit", "--variant", str(MAX_VARIANT + 1),
                 "-o", str(tmp_path / "v.pdf"))
    assert result.exit_code == 2
    assert f"--variant must be between 1 and {MAX_VARIANT} (not {MAX_VARIANT + 1})" \
        in result.stderr
    assert not list(tmp_path.iterdir())


def test_a_variant_past_those_stored_is_made_by_its_maker_and_still_reads(cli, tmp_path):
    """Variants past the stored table were printed by earlier printkits (which offered every
    variant up to 999,999): the command line makes them as the maker does, so a sheet or a
    record of one still reads; without the command line's maker the line says so."""
    number = STORED_VARIANTS + 1
    maker = unstored_maker()
    assert maker is not None   # the command line installs it
    make_unstored_with(None)
    VM.variant_map.cache_clear()
    load_map.cache_clear()
    try:
        with pytest.raises(TemplateError, match=f"variant-{number} is not among the "
                                                f"{STORED_VARIANTS} variants printkit stores"):
            load_map(f"variant-{number}")
    finally:
        make_unstored_with(maker)
        VM.variant_map.cache_clear()
        load_map.cache_clear()
    made = V.make_choice(number)
    assert load_map(f"variant-{number}").difficulty == made.difficulty
    record = tmp_path / "old.yaml"
    record.write_text(f"game: fox-and-rabbit\nmap: variant-{number}\nmode: easy\n"
                      "crossed: []\n", encoding="utf-8")
    result = cli("validate", str(record))
    assert result.exit_code == 1 and "unfinished run" in result.stdout, result.stderr


def test_a_sheet_of_a_variant_past_those_stored_is_found_by_its_digest_no_game_played(tmp_path):
    """A photo's code and a filled form name a variant and its rules' digest: the map is found
    among its candidates by the digest, before anything is made, so reading a sheet of
    variant 1,007 plays no game (the maker is never called) and costs about what a stored
    one does."""
    import subprocess
    import sys

    from printkit.games.fox_rabbit.board import rules_digest
    from tests.scan.photos import photograph, played_sheet

    number = STORED_VARIANTS + 7
    chosen = VM.candidate(number, 2)
    digest = rules_digest(chosen)
    assert VM.variant_by_digest(number, digest[:8]) == chosen
    assert VM.variant_by_digest(number, "00000000") is None
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(photograph(played_sheet(chosen, "easy", {"F-A1": True}, dpi=160)))
    code = (
        "import sys\n"
        "from printkit.games.fox_rabbit.variant_names import make_unstored_with\n"
        "make_unstored_with(lambda n: sys.exit('the maker was called'))\n"
        "from printkit.scan.reader import scan\n"
        f"found = scan(open({str(photo)!r}, 'rb').read(), 'sheet.jpg')\n"
        "print(found.layout.map.name, found.fields['F-A1'].marked,\n"
        "      'printkit.games.fox_rabbit.simulate' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [f"variant-{number}", "True", "False"]
