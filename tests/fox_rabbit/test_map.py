"""The map model and its strict template loader."""

import copy
import subprocess
import sys
import tomllib

import pytest

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.cells import CellId, CellSpec, TrailId
from printkit.games.fox_rabbit.dice import Requirement, code_text, parse_dice
from printkit.games.fox_rabbit.map_reader import parse_map
from printkit.games.fox_rabbit.template import load_map
from printkit.resources import template_path


@pytest.fixture(scope="module")
def classic_data():
    return tomllib.loads(template_path("fox-and-rabbit", "classic.toml").read_text())


def changed(data, edit):
    d = copy.deepcopy(data)
    edit(d)
    return d


def test_classic_loads_with_its_structure():
    m = load_map("classic")
    assert len(m.foods) == 6
    assert all(len(loc.foods) > 1 for loc in m.locations)
    for animal in ("fox", "rabbit"):
        assert m.start_trails(animal) and m.tunnel_trails(animal)
        trails = m.trails_of(animal)
        assert [str(t.id)[0] for t in trails] == [animal[0].upper()] * len(trails)
    assert str(m.cell("F-A1").id) == "F-A1"
    assert m.farmer.traps >= 10


@pytest.mark.parametrize("text, cls", [
    ("F-B3", CellId), ("R-A12", CellId), ("F-C", TrailId),
    ("R3", CellSpec), ("G8", CellSpec), ("K11", CellSpec), ("(O)", CellSpec),
    ("orange 10/11 total at most 13", Requirement),
])
def test_values_read_and_print_the_same_text(text, cls):
    value = cls.parse(text)
    assert str(value) == text
    assert eval(repr(value)) == value


@pytest.mark.parametrize("text", ["F-3", "X-A1", "F-A0", "f-a1", ""])
def test_bad_cell_ids_are_refused(text):
    with pytest.raises(ValueError):
        CellId.parse(text)


@pytest.mark.parametrize("text", ["R6", "B1", "Y5", "R6 B4 Y5"])
def test_dice_read_and_print_the_same_text(text):
    assert " ".join(code_text(code) for code in parse_dice(text)) == text


def test_requirement_is_met_by_some_dice():
    req = Requirement.parse("orange 10/11 total at most 13")
    assert req.met_by(parse_dice("R6 Y5"))                # R6 + Y5 = 11
    assert not req.met_by(parse_dice("R6 B4"))            # blue is not part of orange
    assert not req.met_by((6, 25, 14))                    # with B4 the total is 15
    assert req.met_by((6, 24, 1))                         # R6 + Y4 = 10, all = 11
    assert not req.met_by((6, 5))                         # no yellow
    assert req.explain((6, 25, 14)) == "all dice rolled total 15, more than 13"


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(colour="red"), "unknown key 'colour'; the accepted keys are name, title"),
    (lambda d: d["trails"][0].update(colours=1), "unknown key 'colours'"),
    (lambda d: d["trails"][0].update(cells=["G1"]), "green 1 cannot be made"),
    (lambda d: d["trails"][0].update(cells=["K2"]), "black 2 cannot be made"),
    (lambda d: d["trails"][0].update(cells=["O25"]), "orange 25 cannot be made"),
    (lambda d: d["trails"][0].update(cells=["R7"]), "red 7 cannot be made"),
    (lambda d: d["trails"][0].update(cells=["R6", "(Y)"]),
     "a yellow circle after 6 cannot be filled"),
    (lambda d: d["trails"][0].update(cells=["Q3"]), "is not a cell"),
    (lambda d: d["trails"][1].update(id="F-A"), "the id 'F-A' is used twice"),
    (lambda d: d["foods"][1].update(id="carrot"), "the id 'carrot' is used twice"),
    (lambda d: d["locations"][0].update(foods=["carrot"]), "more than one food"),
    (lambda d: d["locations"][0].update(foods=["carrot", "kale"]), "unknown food 'kale'"),
    (lambda d: d["trails"][0].update(to="moon"), "unknown food location 'moon'"),
    (lambda d: [t.update({"from": "tunnel"}) for t in d["trails"] if t["id"].startswith("F")],
     "the fox has no trail from its starting position"),
    (lambda d: d["foods"].pop(), "there are 6 foods"),
    (lambda d: d["farmer"]["fox_trap"].update(requirement="green 13/14 max 18"),
     "is not a requirement"),
    (lambda d: d["modes"]["easy"].update(active_circles=9), "active_circles: expected 0-4"),
    (lambda d: d.update(name=3), "name must be text in quotes (not 3)"),
])
def test_template_problems_are_named(classic_data, edit, message):
    with pytest.raises(TemplateError) as err:
        parse_map(changed(classic_data, edit), "classic.toml")
    assert message in str(err.value)


def test_unknown_map_is_an_error():
    with pytest.raises(TemplateError, match="unknown map"):
        load_map("nowhere")


def test_rules_import_no_drawing_library():
    # Every module under printkit.games, imported in a fresh interpreter.
    code = ("import sys, pkgutil, importlib, printkit.games as g\n"
            "for m in pkgutil.walk_packages(g.__path__, 'printkit.games.'):\n"
            "    importlib.import_module(m.name)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('reportlab', 'svgwrite', 'PIL')"
            " or m.startswith('printkit.draw')]\n"
            "assert 'printkit.games.fox_rabbit.template' in sys.modules\n"
            "assert not bad, bad\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
