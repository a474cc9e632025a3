"""Malformed records: exit status 2 and one message, never a traceback (seeded fuzzing)."""

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

ROOT = Path(__file__).parent.parent.parent
SOURCE = (ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text()
runner = CliRunner()

NASTY = {
    "billion_laughs": "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
                      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c]\n",
    "deep_nesting": "game: " + "[" * 5000 + "]" * 5000 + "\n",
    "deep_block": "".join(" " * i + f"k{i}:\n" for i in range(60)) + " " * 60 + "x\n",
    "binary": "\x00\x01\x02game: fox\n",
    "tabs": "game:\tfox-and-rabbit\n\tmode: easy\n",
    "python_tag": "!!python/object/apply:os.system ['echo hi']\n",
    "huge_int": "game: fox-and-rabbit\nmode: easy\ntraps_crossed: " + "9" * 5000 + "\n",
    "float_die": SOURCE.replace("traps_crossed: 13", "traps_crossed: 13.5"),
    "bool_key": SOURCE.replace("mode: easy", "mode: easy\nyes: 1"),
    "null_record": "~\n",
    "scalar_record": "hello\n",
    "unicode": "game: f\u00f6x\n",
    "date_value": SOURCE.replace("score: 15", "score: 2024-01-01"),
    "unknown_key": SOURCE.replace("mode: easy", "mode: easy\ncolour: red"),
    "unknown_nested_key": SOURCE.replace("score: 15", "score: 15\n  bonus: 2"),
    "wrong_type_list": SOURCE.replace("mode: easy", "mode: [easy]"),
    "wrong_type_str": SOURCE.replace("traps_crossed: 13", "traps_crossed: many"),
    "out_of_range": SOURCE.replace("traps_crossed: 13", "traps_crossed: 41"),
    "huge_file": SOURCE + "# " + "x" * 1_000_001 + "\n",
    "huge_list": SOURCE.replace("crossed: [", "crossed: [" + "F-A1, " * 100_000),
    "deep_flow_map": "game: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
    "deep_mixed": "game: " + "[{a: " * 1000 + "1" + "}]" * 1000 + "\n",
    "alias_keys": SOURCE.replace("game: fox-and-rabbit", "game: &g fox-and-rabbit\n*g : 1"),
    "yaml_merge": SOURCE.replace("claimed:", "base: &b {score: 1}\nclaimed:\n  <<: *b"),
    "two_documents": SOURCE + "---\ngame: fox-and-rabbit\n",
    "crlf": SOURCE.replace("\n", "\r\n") + "\r\nmode: x",
}


def invoke(tmp_path, text: str | bytes):
    path = tmp_path / "run.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    return runner.invoke(app, ["validate", str(path)])


def assert_clean(result):
    assert result.exit_code in (0, 1, 2), result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert result.output.startswith("printkit: error: ")
        assert result.output.count("\n") == 1


@pytest.mark.parametrize("name", sorted(NASTY))
def test_nasty_records_exit_2(tmp_path, name):
    result = invoke(tmp_path, NASTY[name])
    assert_clean(result)
    assert result.exit_code == 2


def test_syntax_errors_say_line_and_column(tmp_path):
    for text in ("game: fox-and-rabbit\nmode: [easy\n", "game: {a\n", "a: b: c\n",
                 "game: fox\n  mode: easy\n", "crossed: [F-A1,, F-A2]\n"):
        result = invoke(tmp_path, text)
        assert_clean(result)
        assert result.exit_code == 2
        assert "line " in result.output and "column " in result.output, result.output


def test_random_binary_exits_2(tmp_path):
    rng = random.Random(11)
    for _ in range(50):
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
        result = invoke(tmp_path, data)
        assert_clean(result)
        assert result.exit_code == 2


def test_not_utf8_exits_2(tmp_path):
    result = invoke(tmp_path, b"game: \xff\xfe\n")
    assert_clean(result)
    assert result.exit_code == 2


def test_random_mutations_never_crash(tmp_path):
    rng = random.Random(2024)
    alphabet = "abcRBY0123456789-:[]{},&*!|>'\"#\n \t?%@`"
    for _ in range(250):
        chars = list(SOURCE)
        for _ in range(rng.randint(1, 6)):
            op = rng.random()
            i = rng.randrange(len(chars))
            if op < 0.4:
                chars[i] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        assert_clean(invoke(tmp_path, "".join(chars)))


def test_random_lines_dropped_or_swapped_never_crash(tmp_path):
    rng = random.Random(7)
    lines = SOURCE.splitlines(True)
    for _ in range(100):
        mine = list(lines)
        i, j = rng.randrange(len(mine)), rng.randrange(len(mine))
        if rng.random() < 0.5:
            del mine[i]
        else:
            mine[i], mine[j] = mine[j], mine[i]
        assert_clean(invoke(tmp_path, "".join(mine)))
