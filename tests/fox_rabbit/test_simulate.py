"""The simulator: reproducible numbers, honest statistics, and dumped games that validate."""

import json
import random
import statistics
from pathlib import Path

import pytest

from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.players import STRATEGIES, compiled, play, play_game
from printkit.games.fox_rabbit.record_text import record_yaml
from printkit.games.fox_rabbit.simulate import CHUNK, Summary, _play_range, game_seed, simulate
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_text
from printkit.products.fox_rabbit.record_dump import RecordWriter

MAP = load_map("classic")


def test_the_same_seed_gives_the_same_numbers():
    a = simulate(MAP, "easy", 400, seed=7)
    b = simulate(MAP, "easy", 400, seed=7)
    assert a.as_dict() == b.as_dict()
    assert a.text() == b.text()
    assert simulate(MAP, "easy", 400, seed=8).as_dict() != a.as_dict()


@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_jobs_do_not_change_the_numbers(strategy):
    games = 2 * CHUNK + 37  # several chunks, shared out between two worker processes
    one = simulate(MAP, "hard", games, seed=3, strategy=strategy, jobs=1)
    two = simulate(MAP, "hard", games, seed=3, strategy=strategy, jobs=2)
    assert one.as_dict() == two.as_dict()
    assert one.games == games


def test_each_game_depends_only_on_the_seed_and_its_index():
    cm = compiled(MAP)
    alone = play_game(cm, "easy", random.Random(game_seed(5, 42)), "greedy")[0]
    # the same game played after others (warm caches, another order) comes out the same
    rng = random.Random()
    for i in (3, 99, 42):
        rng.seed(game_seed(5, i))
        outcome = play_game(cm, "easy", rng, "greedy")[0]
    assert outcome == alone


def test_statistics_match_the_games_played():
    cm = compiled(MAP)
    outcomes = [play_game(cm, "easy", random.Random(game_seed(11, i)), "greedy")[0]
                for i in range(300)]
    s = simulate(MAP, "easy", 300, seed=11)
    scores = sorted(o.score for o in outcomes)
    assert s.fox == sum(o.fox_escaped for o in outcomes)
    assert s.rabbit == sum(o.rabbit_escaped for o in outcomes)
    assert s.both == sum(o.fox_escaped and o.rabbit_escaped for o in outcomes)
    assert s.neither == sum(not (o.fox_escaped or o.rabbit_escaped) for o in outcomes)
    assert s.fox + s.rabbit - s.both + s.neither == s.games
    assert s.score_mean() == pytest.approx(statistics.mean(scores))
    assert s.score_median() == statistics.median(scores)
    assert s.score_percentile(10) == scores[29]   # nearest rank: the 30th of 300
    assert s.score_percentile(90) == scores[269]
    assert s.traps_left == sum(o.traps_left for o in outcomes)
    assert sum(s.titles.values()) == s.games
    assert list(s.achievements) == ["easy-3-one", "easy-3-both", "easy-all-one"]
    assert s.achievements["easy-3-one"] == sum("easy-3-one" in o.achievements for o in outcomes)


def test_parts_of_a_run_add_up_to_the_whole():
    whole = simulate(MAP, "super-hard", 300, seed=2)
    merged = Summary.empty(MAP, "super-hard", "greedy", 2)
    for start, stop in ((200, 300), (0, 120), (120, 200)):
        merged.merge(_play_range(MAP, "super-hard", "greedy", 2, start, stop, None))
    assert merged.as_dict() == whole.as_dict()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_dumped_game_validates(mode, strategy, tmp_path):
    games = 100 if strategy == "careful" else 300
    writer = RecordWriter(tmp_path, 4, strategy)
    summary = simulate(MAP, mode, games, seed=4, strategy=strategy, dump=writer)
    files = sorted(tmp_path.glob("game-*.yaml"))
    assert len(files) == games
    total = 0
    for path in files:
        report = validate_text(path.read_text())
        assert report.legal, f"{path.name}\n{report.text()}"
        assert report.replayed
        total += report.score
    assert total == sum(score * n for score, n in summary.scores.items())


def test_dumped_records_read_like_the_documented_format(tmp_path):
    played = play(MAP, "easy", random.Random(1), "greedy")
    text = record_yaml(played.record)
    assert text.startswith("game: fox-and-rabbit\nversion: 2\nmap: classic\nmode: easy\ncrossed: [")
    assert "\nturns:\n  - " in text
    assert validate_text(text).legal


def test_the_played_record_claims_what_the_validator_computes():
    for i in range(60):
        played = play(MAP, MODES[i % 3], random.Random(i), STRATEGIES[i % 3])
        report = validate_text(record_yaml(played.record))
        assert report.legal, report.text()
        assert (report.score, report.achievements) == (played.score, played.achievements)
        assert [a in report.escaped for a in ("fox", "rabbit")] == list(played.escaped)


# --- the command ----------------------------------------------------------------------------
def test_cli_reports_shares_and_statistics(cli):
    result = cli("simulate", "--games", "300", "--seed", "9")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "300 games, map classic, easy mode, greedy player, seed 9" in out
    for words in ("escaped      fox", "rabbit", "both", "neither", "easy-3-one",
                  "median", "10th percentile", "90th percentile", "Twice as clever",
                  "traps left"):
        assert words in out
    again = cli("simulate", "--games", "300", "--seed", "9", "--jobs", "2")
    assert again.stdout == out


def test_cli_json_is_the_summary(cli):
    result = cli("simulate", "--games", "300", "--mode", "hard", "--strategy", "random",
                 "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["games"] == 300 and data["mode"] == "hard" and data["strategy"] == "random"
    assert set(data["escaped"]) == {"fox", "rabbit", "both", "neither"}
    assert set(data["achievements"]) == {"hard-4-one", "hard-4-both", "hard-all-one"}
    assert sum(data["score"]["histogram"].values()) == 300
    assert data == simulate(MAP, "hard", 300, 1, "random").as_dict()


def test_cli_plot_and_dump(cli, tmp_path):
    plot = tmp_path / "run.png"
    dump = tmp_path / "games"
    result = cli("simulate", "--games", "40", "--mode", "super-hard", "--plot", str(plot),
                 "--dump", str(dump))
    assert result.exit_code == 0, result.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image
    with Image.open(plot) as image:
        assert image.size == (1583, 1125)
    files = sorted(dump.iterdir())
    assert len(files) == 40 and files[0].name == "game-0000000.yaml"
    assert all(validate_text(f.read_text()).legal for f in files)
    assert f"wrote {plot}" in result.stdout


def test_the_plot_labels_everything_it_shows():
    from printkit.draw.recording import record
    from printkit.products.fox_rabbit.simulation_plot import plot_page
    s = simulate(MAP, "easy", 300, seed=1)
    texts = " ".join(c.text for c in record(plot_page(s)).calls if c.kind == "text")
    for words in ("simulated games", "300 games on the classic map, easy mode",
                  "score at the end of the game", "Who escaped", "Achievements",
                  "easy-3-one", "mean", "median", "Mere scavenger rodents", "0 %"):
        assert words in texts, words


@pytest.mark.parametrize("args, message", [
    (["--mode", "medium"], "Invalid value for '--mode': 'medium' is not one of 'easy', "
                           "'hard', 'super-hard'"),
    (["--games", "0"], "--games must be between 1 and"),
    (["--jobs", "0"], "--jobs must be between 1 and 64"),
    (["--seed", "-1"], "--seed must be between 0 and"),
    (["--strategy", "clever"], "Invalid value for '--strategy': 'clever' is not one of "
                                "'random', 'greedy', 'careful'"),
    (["--plot", "out.jpg"], "give a file name ending in .png"),
    (["--map", "classic", "--variant", "2"], "give --map or --variant, not both"),
    (["--variant", "0"], "--variant must be between 1 and"),
    (["--map", "no-such-map"], "unknown map 'no-such-map'"),
    (["--map", "missing.toml"], "missing.toml does not exist"),
])
def test_cli_bad_options_exit_2_with_one_line(cli, args, message):
    result = cli("simulate", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_cli_dump_into_a_file_is_refused(cli, tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = cli("simulate", "--games", "5", "--dump", str(target))
    assert result.exit_code == 2
    assert "it is a file, not a folder" in result.stderr


def test_record_writer_names_files_by_game(tmp_path):
    RecordWriter(tmp_path, 1, "greedy")(12, play(MAP, "easy", random.Random(0)).record)
    (path,) = tmp_path.iterdir()
    assert path == Path(tmp_path / "game-0000012.yaml")
    assert path.read_text().startswith("# printkit simulate: game 12 of a run seeded 1")


def test_dumped_records_do_not_depend_on_jobs(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    simulate(MAP, "easy", CHUNK + 20, 6, dump=RecordWriter(one, 6, "greedy"))
    simulate(MAP, "easy", CHUNK + 20, 6, jobs=2, dump=RecordWriter(two, 6, "greedy"))
    names = sorted(p.name for p in one.iterdir())
    assert names == sorted(p.name for p in two.iterdir())
    assert all((one / n).read_bytes() == (two / n).read_bytes() for n in names)


def test_the_progress_bar_shows_only_after_a_second(capsys):
    from printkit.cli import simulate as command
    clock = [100.0]
    with command.progress_bar(clock=lambda: clock[0]) as progress:
        progress(250, 1000)
        assert not progress.shown            # quick so far: nothing shown
        clock[0] += 1.5
        progress(500, 1000)
        assert progress.shown
        progress(1000, 1000)
    assert "simulating" in capsys.readouterr().err
