"""Malformed records: exit status 2 and one message, never a traceback (Hypothesis fuzzing).

A record with several problems gets one message listing each on a line of its own.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from printkit.cli import app

ROOT = Path(__file__).parent.parent.parent
SOURCE = (ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text()
runner = CliRunner()

NASTY = {
    "billion_laughs": "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
                      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c]\n",
    "deep_nesting": "game: " + "[" * 5000 + "]" * 5000 + "\n",
    "deep_block": "game: fox-and-rabbit\n" + "".join(" " * i + f"k{i}:\n" for i in range(60))
                  + " " * 60 + "x\n",
    "binary": "\x00\x01\x02game: fox\n",
    "tabs": "game:\tfox-and-rabbit\n\tmode: easy\n",
    "python_tag": "!!python/object/apply:os.system ['echo hi']\n",
    "huge_int": "game: fox-and-rabbit\nmode: easy\ntraps_crossed: " + "9" * 5000 + "\n",
    "float_die": SOURCE.replace("traps_crossed: 14", "traps_crossed: 13.5"),
    "bool_key": SOURCE.replace("mode: easy", "mode: easy\nyes: 1"),
    "null_record": "~\n",
    "scalar_record": "hello\n",
    "unicode": "game: f\u00f6x\nmode: easy\n",
    "date_value": SOURCE.replace("score: 14", "score: 2024-01-01"),
    "unknown_key": SOURCE.replace("mode: easy", "mode: easy\ncolour: red"),
    "unknown_nested_key": SOURCE.replace("score: 14", "score: 14\n  bonus: 2"),
    "wrong_type_list": SOURCE.replace("mode: easy", "mode: [easy]"),
    "wrong_type_str": SOURCE.replace("traps_crossed: 14", "traps_crossed: many"),
    "out_of_range": SOURCE.replace("traps_crossed: 14", "traps_crossed: 41"),
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
        first, *rest = result.output.splitlines()
        assert first.startswith("printkit: error: ")
        # one problem: one line; several: a count, then a line for each
        assert not rest or (first.endswith("problems:")
                            and all(line.startswith("  - ") for line in rest)), result.output


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


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(min_size=1, max_size=400))
def test_any_bytes_exit_cleanly(tmp_path, data):
    assert_clean(invoke(tmp_path, data))


def test_not_utf8_exits_2(tmp_path):
    result = invoke(tmp_path, b"game: \xff\xfe\n")
    assert_clean(result)
    assert result.exit_code == 2


_ALPHABET = "abcRBY0123456789-:[]{},&*!|>'\"#\n \t?%@`"


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(SOURCE) - 1), st.sampled_from(["set", "del", "ins"]),
                          st.sampled_from(list(_ALPHABET))), min_size=1, max_size=6))
def test_character_edits_never_crash(tmp_path, edits):
    chars = list(SOURCE)
    for i, op, ch in edits:
        i = min(i, len(chars) - 1)
        if op == "set":
            chars[i] = ch
        elif op == "del":
            del chars[i]
        else:
            chars.insert(i, ch)
    assert_clean(invoke(tmp_path, "".join(chars)))


_LINES = SOURCE.splitlines(True)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, len(_LINES) - 1), st.integers(0, len(_LINES) - 1), st.booleans())
def test_lines_dropped_or_swapped_never_crash(tmp_path, i, j, drop):
    mine = list(_LINES)
    if drop:
        del mine[i]
    else:
        mine[i], mine[j] = mine[j], mine[i]
    assert_clean(invoke(tmp_path, "".join(mine)))
