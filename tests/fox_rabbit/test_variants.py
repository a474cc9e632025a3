"""Seeded map variants: deterministic, built like the classic map, inside the band, playable."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.draw.paper import LETTER
from printkit.errors import TemplateError
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
from printkit.products.fox_rabbit.gamesheet import gamesheet
from tests.helpers import text

ROOT = Path(__file__).resolve().parent.parent.parent
CLASSIC = load_map("classic")
NUMBER = 3


@pytest.fixture(scope="module")
def variant():
    return load_map(f"variant-{NUMBER}")


def test_a_variant_is_the_same_every_time():
    assert V.candidate_data(NUMBER, 0) == V.candidate_data(NUMBER, 0)
    assert V.candidate_data(NUMBER, 0) != V.candidate_data(NUMBER, 1)
    assert V.candidate_data(NUMBER, 0) != V.candidate_data(NUMBER + 1, 0)
    assert rules_digest(V.candidate(NUMBER, 2)) == rules_digest(V.candidate(NUMBER, 2))


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
    assert rules_digest(chosen) == rules_digest(V.candidate(99, 2))


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
