"""The two ways of reading a record agree: the quick way (plain_yaml + quick_form) reads the
same data and gives the same verdict as the thorough way (PyYAML's node tree + the pydantic
model), or leaves the record to it. Seeded, so every run checks the same texts."""

import copy
import random
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import plain_yaml
from printkit.games.fox_rabbit.players import play
from printkit.games.fox_rabbit.record import (
    LIMITS, RecordError, blank_record, parse_yaml, quick_form, read_record, to_run)
from printkit.games.fox_rabbit.record_model import Animal, Mode, Reward, RunRecord
from printkit.games.fox_rabbit.template import load_map

ROOT = Path(__file__).parent.parent.parent
FILES = sorted((ROOT / "tests/fixtures/fox_rabbit").glob("*.yaml")) + sorted(
    (ROOT / "examples/fox-and-rabbit").glob("*.yaml"))
MAP = load_map("classic")


def _played(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    return [play(MAP, ("easy", "hard", "super-hard")[i % 3], rng,
                 "greedy" if i % 2 else "random").record for i in range(n)]


PLAYED = _played(30, 11)
# the styles people and tools write: yaml.safe_dump's default, block style, narrow lines
DUMPS = [yaml.safe_dump(r, sort_keys=False, default_flow_style=None, width=200) for r in PLAYED] \
    + [yaml.safe_dump(r, sort_keys=False, default_flow_style=False) for r in PLAYED[:10]] \
    + [yaml.safe_dump(r, sort_keys=False, default_flow_style=None, width=40) for r in PLAYED[:10]]
TEXTS = [p.read_text() for p in FILES] + DUMPS + [blank_record(m) for m in ("easy", "hard")]


def _pyyaml(text: str):
    try:
        return parse_yaml(text)[0]
    except RecordError:
        return RecordError


def _agrees(text: str) -> bool:
    """Assert that the quick reader reads what PyYAML reads; return whether it read it."""
    quick = plain_yaml.read(text)
    if quick is None:
        return False
    assert quick == _pyyaml(text), text
    return True


def test_plain_yaml_reads_records_as_pyyaml_does():
    for text in TEXTS:
        _agrees(text)


def test_plain_yaml_reads_the_usual_records_itself():
    # The quick way is only quick if it is taken: every example, every readable fixture,
    # every played game in each style and the blank record.
    for path in FILES:
        text = path.read_text()
        if not path.stem.startswith("bad_"):
            assert plain_yaml.read(text) is not None, path.name
    for text in DUMPS + [blank_record("easy")]:
        assert plain_yaml.read(text) is not None, text


ALPHABET = "abcRBY0123456789-:[]{},&*!|>'\"#\n \t?%@`~.+=;_/\\"


def test_plain_yaml_never_reads_a_changed_text_differently():
    rng = random.Random(2026)
    sources = [p.read_text() for p in FILES if not p.stem.startswith("bad_")] + DUMPS
    read = 0
    for _ in range(3000):
        chars = list(rng.choice(sources))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice(ALPHABET)
            elif op < 0.7:
                del chars[i]
            else:
                chars.insert(i, rng.choice(ALPHABET))
        read += _agrees("".join(chars))
    assert read > 600  # many changed texts are still read the quick way (and agree)


def test_plain_yaml_never_reads_changed_lines_differently():
    rng = random.Random(7)
    words = ["yes", "no", "on", "Off", "~", "null", "NULL", "true", "1_000", "012", "0x1f",
             "1.5", "2024-01-01", "-1", "+3", "'R6'", "'it''s'", "R6 # note", "<<", "=",
             "[a, b]", "{a: 1}", "[]", "{}", "- x", "a: b", "&x", "*x", "!!str 5", "|", ">"]
    for text in DUMPS + [p.read_text() for p in FILES[:20]]:
        lines = text.splitlines(True)
        for _ in range(20):
            mine = list(lines)
            i = rng.randrange(len(mine))
            op = rng.random()
            if op < 0.3:
                head, _, _ = mine[i].partition(":")
                mine[i] = f"{head}: {rng.choice(words)}\n"
            elif op < 0.5:
                mine[i] = " " * rng.randint(1, 3) + mine[i]
            elif op < 0.7:
                mine[i] = mine[i].lstrip(" ")
            elif op < 0.85:
                mine.insert(i, mine[i])
            else:
                j = rng.randrange(len(mine))
                mine[i], mine[j] = mine[j], mine[i]
            _agrees("".join(mine))


@pytest.mark.parametrize("word", [
    "R6", "F-A1", "fox-and-rabbit", "yes", "Yes", "NO", "on", "off", "y", "n", "true", "False",
    "null", "Null", "~", "", "0", "7", "-1", "+1 B4", "012", "0o7", "0x1F", "1_000", "1.5",
    ".inf", "-.Inf", ".nan", "1e3", "2024-01-01", "2024-01-01 10:00:00", "<<", "=", "190:20:30",
])
def test_plain_words_are_typed_as_the_safe_loader_types_them(word):
    text = f"a: {word}\n"
    try:
        expected = {"a": yaml.safe_load(text)["a"]}
    except yaml.YAMLError:
        expected = RecordError
    assert _pyyaml(text) == expected
    quick = plain_yaml.read(text)
    if quick is not None:
        assert quick == expected and type(quick["a"]) is type(expected["a"])


# --- the form: quick_form and the pydantic model ----------------------------------------
def test_the_quick_check_knows_the_models_words():
    from typing import get_args
    from printkit.games.fox_rabbit.board import MODES
    from printkit.games.fox_rabbit.cells import ANIMALS
    from printkit.games.fox_rabbit.engine import NO_REWARD, REWARDS
    assert get_args(Mode) == MODES
    assert get_args(Animal) == ANIMALS
    assert set(get_args(Reward)) == set(REWARDS) | {NO_REWARD}


def _model_accepts(data) -> bool:
    try:
        RunRecord.model_validate(data)
    except ValidationError:
        return False
    return True


def _check_form(data) -> bool:
    """Assert the quick check accepts only what the model accepts, reading it the same."""
    if not quick_form(data):
        return False
    assert _model_accepts(data), data
    dumped = RunRecord.model_validate(data).model_dump(by_alias=True)
    assert _outcome(data) == _outcome(dumped)
    return True


def _outcome(data):
    try:
        return to_run(data)
    except PrintkitError as err:  # an id not on the map, an unknown map
        return str(err)


def test_quick_form_accepts_the_readable_records():
    for path in FILES:
        if not path.stem.startswith("bad_"):
            data = parse_yaml(path.read_text())[0]
            assert _check_form(data), path.name
    for rec in PLAYED:
        assert _check_form(rec)


_VALUES = [None, True, False, 0, 1, -1, 2, 6, 7, 8, 9, 12, 13, 36, 37, 40, 41, 200, 201, 999,
           1000, 1.0, "", "R6", "R7", "F-A1", "F-Z99", "fox", "cat", "apple", "red die",
           "nothing", "easy", "medium", "+1 B4", "flip Y5", "re-roll R1 -> R2", "x" * 201,
           "x" * 401, [], ["R6"], ["F-A1", "F-A1"], {}, {"plus_minus": 1}, {"x": 1}]


def _leaves(data, path=()):
    if isinstance(data, dict):
        yield path, data
        for k, v in data.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list):
        yield path, data
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))
    else:
        yield path, data


def _at(data, path):
    for part in path:
        data = data[part]
    return data


def test_quick_form_never_accepts_what_the_model_refuses():
    rng = random.Random(3)
    sources = [parse_yaml(p.read_text())[0] for p in FILES if not p.stem.startswith("bad_")]
    sources += PLAYED
    accepted = 0
    for _ in range(4000):
        data = copy.deepcopy(rng.choice(sources))
        places = list(_leaves(data))
        path, value = rng.choice(places)
        op = rng.random()
        if not path:
            data[rng.choice(["colour", "turn", "plus_minus"])] = 1
        elif op < 0.6:  # replace a value
            _at(data, path[:-1])[path[-1]] = copy.deepcopy(rng.choice(_VALUES))
        elif op < 0.75 and isinstance(_at(data, path[:-1]), dict):  # drop a key
            del _at(data, path[:-1])[path[-1]]
        elif op < 0.85 and isinstance(value, list):  # grow a list past its limit
            value.extend([value[0] if value else "R6"] * rng.choice([1, 5, 200, 501]))
        elif isinstance(value, dict):  # an unknown key, or a field name for an alias
            value[rng.choice(["extra", "plus_minus", "re_roll", "round"])] = 1
        accepted += _check_form(data)
        assert quick_form(data) <= _model_accepts(data)
    assert accepted > 500


def test_limits_are_the_models():
    schema = RunRecord.model_json_schema(by_alias=True)
    props = schema["properties"]
    assert props["crossed"]["maxItems"] == LIMITS["crossed"]
    assert props["turns"]["anyOf"][0]["maxItems"] == LIMITS["turns"]
    assert props["traps_crossed"]["maximum"] == LIMITS["traps"]


# --- the whole reading: same run, same message ------------------------------------------
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_both_ways_read_the_same_run_or_the_same_message(path):
    text = path.read_text()
    outcomes = []
    for quick in (True, False):
        try:
            outcomes.append(read_record(text, quick=quick))
        except RecordError as err:
            outcomes.append(str(err))
    assert outcomes[0] == outcomes[1]


# --- the thorough way's composer ---------------------------------------------------------
def _shape(node):
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        return (node.tag, node.value)
    if isinstance(node, yaml.SequenceNode):
        return (node.tag, [_shape(x) for x in node.value])
    return (node.tag, [(_shape(k), _shape(v)) for k, v in node.value])


def test_the_composer_tags_nodes_as_the_safe_loader_does():
    from printkit.games.fox_rabbit import record_yaml
    words = ["yes", "No", "~", "null", "", "0", "012", "0x1F", "1_000", "-1", "+1 B4", "1.5",
             ".inf", "2024-01-01", "<<", "=", "R6", "F-A1", "'yes'", '"7"', "!!str 7", "190:20"]
    texts = TEXTS + [f"a: {w}\nb: [{w}]\n{w or 'c'}: {{k: {w}}}\n" for w in words]
    for text in texts:
        try:
            want = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            continue
        assert _shape(record_yaml._compose(text)) == _shape(want), text


@pytest.mark.parametrize("text", [
    "a: ['\n  abc']\n", "a: ['abc\n  ']\n", "a: ['ab  \n   cd']\n", "a: [x,\n  y]\n",
    "a: [x\n  y]\n", "a: [x,\n\n  y]\n", "a: {k: v,\n  m: w}\n", "a: ['it''s', b]\n",
    "a: [x, 'y'\n  , z]\n", "a: ['x' , y]\n", "a:\n- [a, b]\n- c\n", "a: - b\n",
    "a:  \n  b: 1\n", "a:\n  - b\n  -  c\n", "a: b\nc:\n", "a: [b]   \n", "a: -1\n",
    "a: +1 B4\n", "a: 1 B4\n", "a: 00\n", "a: [1, -2, +3]\n", "a: True\n", "a: [y, n, Y]\n",
    "a:\n  - b: 1\n    c: 2\n  - d\n", "a:\n  -   b: 1\n      c: 2\n", "a: b # c: d\n",
    "a: b #c\nd: e\n", "a: b#c\n", "a: [b, c] # [d\n", "a: [b, # c\n  d]\n",
    "title: The quick\n  brown fox\n", "a:\n  - R1 B2\n    Y3; F-A1 Y3\n", "a: x\n  - y\n",
])
def test_edge_cases_read_as_pyyaml_does(text):
    _agrees(text)
