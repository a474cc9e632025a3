"""The referee in the player's language: `printkit validate --lang es|fr` and PRINTKIT_LANG.

Every message the referee can say (a violation, a consequence, a read error, the report's own
lines) is a template in the catalogues, translated in each language with the same named
placeholders; a Spanish record is judged in Spanish, in the words of the Spanish sheet and
rule summary; the JSON report keeps its English keys, rule ids and texts and adds the
translated ones.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.fox_rabbit.validate import validate_text
from printkit.language import Lang
from printkit.message import Listing, say, tr

ROOT = Path(__file__).parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "fox_rabbit"
SPANISH_RECORD = FIXTURES / "fail_c6_food_not_offered_es.yaml"
runner = CliRunner()
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w+)\}(?!\})")


def validate(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, ["validate", *args], env=env)


# --- every template, in every catalogue ---------------------------------------------------
def _said_later() -> list[tuple[str, int, str | None, tuple[str, ...], set[str]]]:
    """Return each message the code says later (`tr`, `ntr`, `nctr`): where, its msgctxt, its
    templates (singular, plural) and the names of the values it is given."""
    found = []
    for path in sorted((ROOT / "printkit").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("tr", "ntr", "nctr")):
                continue
            args = node.args[1:] if node.func.id == "nctr" else node.args
            context = node.args[0].value if node.func.id == "nctr" else None
            texts = args[:1] if node.func.id == "tr" else args[:2]
            assert all(isinstance(t, ast.Constant) for t in texts), (path, node.lineno)
            found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.lineno, context,
                          tuple(t.value for t in texts), {k.arg for k in node.keywords}))
    return found


SAID_LATER = _said_later()


def _catalogue(code: str):
    path = ROOT / "printkit" / "locale" / code / "LC_MESSAGES" / "printkit.po"
    with path.open("rb") as f:
        return read_po(f, locale=code)


def test_the_referee_says_hundreds_of_messages_later():
    # the referee's parts, the engine, the record reader and the form reader all do
    files = {where.split(":")[0] for where, *_ in SAID_LATER}
    for part in ("referee/replay.py", "referee/paper.py", "referee/endgame.py",
                 "referee/aid_totals.py", "referee/score_box.py", "referee/report.py",
                 "fox_rabbit/engine.py", "fox_rabbit/record.py", "fox_rabbit/record_yaml.py",
                 "fox_rabbit/sheet_fields.py", "printkit/form_reading.py"):
        assert any(f.endswith(part) for f in files), part
    assert len(SAID_LATER) > 250


@pytest.mark.parametrize("where, line, context, texts, given", SAID_LATER,
                         ids=[x[0] for x in SAID_LATER])
def test_every_template_is_filled_by_its_values(where, line, context, texts, given):
    # a value named in the template and not given would fail in every language
    wanted = set().union(*(PLACEHOLDER.findall(t) for t in texts))
    plural = len(texts) == 2
    assert wanted - {"n"} <= given or wanted <= given | ({"n"} if plural else set()), where
    assert given <= wanted, (where, given - wanted)


@pytest.mark.parametrize("code", ["es", "fr"])
def test_every_template_is_translated_in_each_catalogue_with_the_same_placeholders(code):
    catalogue = _catalogue(code)
    for where, _line, context, texts, _given in SAID_LATER:
        message = catalogue.get(texts[0], context=context)
        assert message is not None, (code, where, texts[0])
        assert not message.fuzzy, (code, where)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == len(texts) and all(strings), (code, where)
        wanted = set(PLACEHOLDER.findall(texts[-1]))
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == wanted, (code, where, s)
        # a sentence is translated, not copied (notation such as "{cell} at {id}" may stay)
        if len(re.sub(r"\{\w+\}", "", texts[0]).split()) > 3:
            assert strings[0] != texts[0], (code, where)


# --- the report in Spanish and French --------------------------------------------------------
def test_a_spanish_record_is_judged_in_spanish_through_the_cli():
    result = validate(str(SPANISH_RECORD), "--lang", "es")
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("The Fox and the Rabbit (El zorro y el conejo), mapa classic, modo fácil "
                        "(registro de turnos comprobado turno a turno)")
    assert lines[1] == "partida ilegal: 1 infracción"
    # the sheet's own words: Zorro, the place and the foods as the Spanish sheet prints them,
    # and the clarification number of the Spanish rule summary
    assert lines[2] == ("  - turno 7: el zorro llega al lugar de comida Frutales en F-B5, que "
                        "ofrece manzana y fresa, no zanahoria (aclaración 6)")
    assert lines[3] == ("huidos: zorro y conejo; alimentos comidos: 3; trampas que quedaban al "
                        "empezar el final: 1")
    score = lines.index(next(line for line in lines if line.startswith("puntuación")))
    assert lines[score].split() == ["puntuación", "14", "14"]
    assert lines[score + 1].split()[0] == "título" and "El doble de astutos" in lines[score + 1]
    # the achievements as the Spanish sheet prints them, never their ids
    assert lines[score + 2] == "logros"
    assert lines[score + 3].startswith("  Fácil: 3 alimentos comidos y un animal huido  ")
    assert "easy-3" not in result.output
    # the title written in Spanish is the title the score earns: no violation for it
    for english in ("illegal run", "clarification", "the fox", "escaped", "computed",
                    "claimed", "Orchard", "carrot"):
        assert english not in result.output, english


def test_printkit_lang_chooses_the_report_language_and_lang_wins_over_it():
    env = {"PRINTKIT_LANG": "fr", "LC_ALL": "", "LANG": ""}
    french = validate(str(FIXTURES / "fail_c2_wrong_colour.yaml"), env=env)
    assert french.exit_code == 1
    assert ("  - tour 8\u00a0: jaune 2 en F-A1 demande un dé jaune\u00a0; dés utilisés\u00a0: "
            "R2 (précision 2)") in french.output.splitlines()
    english = validate(str(FIXTURES / "fail_c2_wrong_colour.yaml"), "--lang", "en", env=env)
    assert ("turn 8: yellow 2 at F-A1 needs one yellow die; R2 was used (clarification 2)"
            in english.output)
    spanish = validate(str(FIXTURES / "fail_c2_wrong_colour.yaml"), env={"LANG": "es_ES.UTF-8",
                                                                         "PRINTKIT_LANG": ""})
    assert "amarillo 2 en F-A1 necesita un dado amarillo" in spanish.output


def test_a_french_illegal_run_names_each_problem_and_what_follows_in_french():
    result = validate(str(FIXTURES / "fail_c12_escape_over_cap.yaml"), "--lang", "fr")
    assert result.exit_code == 1
    out = result.output.splitlines()
    assert out[1] == "partie illégale\u00a0: 1 infraction"
    assert out[2] == (
        "  - manche 1, tentative d’évasion du renard\u00a0: le renard doit obtenir orange "
        "(rouge + jaune) 10 ou 11, tous les dés lancés totalisant au plus 13 (moins de 4 "
        "aliments mangés), mais avec R5 Y5 Y6, tous les dés lancés font 16, plus de 13\u00a0; "
        "il ne s’évade pas (précision 12)")
    assert out[3] == "ce qui en découle\u00a0:"
    assert out[4] == ("  - le renard ne s’est pas évadé, donc le score est de 9, pas 14, et le "
                      "titre est «\u00a0Le vif renard brun saute par-dessus le chien "
                      "paresseux\u202f!\u00a0»")
    assert out[5] == ("  - «\u00a0Facile\u00a0: 3 aliments mangés et les deux animaux "
                      "évadés\u00a0» n’est pas obtenu")
    assert out[-3:] == ["exploits",
                        "  Facile\u00a0: 3 aliments mangés et un animal évadé          calculé, "
                        "noté",
                        "  Facile\u00a0: 3 aliments mangés et les deux animaux évadés  noté"]


def test_the_json_report_keeps_english_keys_ids_and_texts_and_adds_the_translation():
    english = json.loads(validate(str(FIXTURES / "fail_c12_escape_over_cap.yaml"),
                                  "--json", "--lang", "en").output)
    spanish = json.loads(validate(str(FIXTURES / "fail_c12_escape_over_cap.yaml"),
                                  "--json", "--lang", "es").output)
    assert spanish["lang"] == "es" and english["lang"] == "en"
    assert set(spanish) == set(english)
    (v,), (e,) = spanish["violations"], english["violations"]
    # what a tool reads is the same in every language
    for key in ("rule", "number", "title", "place", "text", "fields"):
        assert v[key] == e[key], key
    assert v["rule"] == "clarification 12" and v["place"] == "round 1, fox's escape attempt"
    assert v["text"].startswith("the fox needs orange (red + yellow) 10 or 11")
    assert spanish["consequences"] == english["consequences"]
    # and the player's language beside it
    assert v["said"] == {
        "place": "ronda 1, intento de huida del zorro",
        "text": "el zorro necesita naranja (rojo + amarillo) 10 u 11, con todos los dados "
                "tirados sumando como mucho 13 (menos de 4 alimentos comidos), pero con R5 Y5 "
                "Y6 todos los dados tirados suman 16, más de 13; no huye",
        "rule": "aclaración 12",
        "line": "ronda 1, intento de huida del zorro: el zorro necesita naranja (rojo + "
                "amarillo) 10 u 11, con todos los dados tirados sumando como mucho 13 (menos "
                "de 4 alimentos comidos), pero con R5 Y5 Y6 todos los dados tirados suman 16, "
                "más de 13; no huye (aclaración 12)"}
    assert spanish["consequences_said"] == [
        "el zorro no huyó, así que la puntuación es 9, no 14, y el título es «¡El veloz zorro "
        "pardo salta sobre el perro perezoso!»",
        "no se obtiene «Fácil: 3 alimentos comidos y los dos animales huidos»"]
    assert e["said"]["line"] == f"{e['place']}: {e['text']} ({e['rule']})"
    assert {k: e["said"][k] for k in ("place", "text", "rule")} == {
        k: e[k] for k in ("place", "text", "rule")}
    assert spanish["computed"]["title_said"] == (
        "¡El veloz zorro pardo salta sobre el perro perezoso!")


@pytest.mark.parametrize("code", ["es", "fr"])
def test_every_fixture_mistake_is_said_whole_in_each_language(code):
    lang = Lang(code)
    said = 0
    for path in sorted(FIXTURES.glob("fail_*.yaml")):
        report = validate_text(path.read_text(encoding="utf-8"))
        for v in report.violations:
            line = v.line(lang)
            assert "{" not in line and "}" not in line, line
            assert v.text not in line, line   # the English text is not left in it
            said += 1
        text = report.text(path.name, lang)
        assert "illegal run" not in text and "what follows" not in text
    assert said >= 30


# --- read errors and the command's own messages -------------------------------------------
def test_read_errors_are_said_in_the_language_with_their_places():
    result = validate(str(FIXTURES / "bad_many_problems.yaml"), "--lang", "es")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "printkit: error: 3 problemas:",
        "  - línea 5, columna 7: mode: se esperaba easy, hard o super-hard (hay 'medium')",
        "  - línea 11, columna 16: traps_crossed: se esperaba al menos 0 (hay -1)",
        "  - línea 17, columna 10: claimed.score: se esperaba un número entero (hay 'many')"]
    french = json.loads(validate(str(FIXTURES / "bad_unknown_food.yaml"), "--json", "--lang",
                                 "fr").output)
    assert french["problems"][0].startswith("line ") and "unknown food 'kale'" in \
        french["problems"][0]
    assert french["problems_said"][0].startswith("ligne ")
    assert "aliment inconnu 'kale'" in french["problems_said"][0]
    assert french["lang"] == "fr" and french["error"] == french["problems"][0]


def test_the_commands_own_errors_are_in_the_language():
    result = validate("--blank", "--schema", "--lang", "es")
    assert result.exit_code == 2
    assert result.output == ("printkit: error: indique una sola de estas opciones, no varias: "
                             "--blank, --schema\n")
    result = validate("--lang", "fr")
    assert result.output.startswith("printkit: error: donnez un relevé de partie")


def test_an_unknown_language_is_one_line_and_exit_2():
    result = validate(str(SPANISH_RECORD), "--lang", "de")
    assert result.exit_code == 2
    assert result.output == ("printkit: error: Invalid value for '--lang': 'de' is not one of "
                             "'en', 'es', 'fr'.\n")
    result = validate(str(SPANISH_RECORD), env={"PRINTKIT_LANG": "de"})
    assert result.exit_code == 2
    assert result.output == ("printkit: error: PRINTKIT_LANG: unknown language 'de': expected "
                             "one of en, es, fr\n")


# --- how values are said ---------------------------------------------------------------------
def test_lists_and_numbers_follow_each_language():
    fox, rabbit = tr("fox"), tr("rabbit")
    assert say(Listing((fox, rabbit)), Lang("es")) == "zorro y conejo"
    assert say(Listing((fox, rabbit)), Lang("fr")) == "renard et lapin"
    assert say(Listing(("a", "b", "c"))) == "a, b and c"   # no serial comma, as before
    assert say(Listing(("7", "8"), "or"), Lang("es")) == "7 u 8"
    assert say(Listing(("madre", "hija"), "and"), Lang("es")) == "madre e hija"
    assert say(Listing(("agua", "hielo"), "and"), Lang("es")) == "agua y hielo"


@pytest.mark.parametrize(("code", "line"), [
    ("en", "  - score box: 'Easy: every food eaten and one animal escaped' is not earned: this "
           "easy-mode run ate 3 foods (3 of the 6 kinds) with both animals escaped "
           "(clarification 15)"),
    ("es", "  - casilla de puntuación: no se obtiene «Fácil: todos los alimentos comidos y un "
           "animal huido»: esta partida en modo fácil comió 3 alimentos (3 de los 6 tipos); "
           "huidos: los dos animales (aclaración 15)"),
    ("fr", "  - case du score\u00a0: «\u00a0Facile\u00a0: tous les aliments mangés et un "
           "animal évadé\u00a0» n’est pas obtenu\u00a0: cette partie en mode facile a mangé 3 "
           "aliments (3 des 6 sortes)\u202f; évadés\u00a0: les deux animaux (précision 15)"),
])
def test_an_achievement_is_named_as_the_sheet_prints_it_in_every_language(code, line):
    """The referee said "easy-all-one is not earned" in every language: an id the sheet does
    not print."""
    result = validate(str(FIXTURES / "fail_c15_achievement.yaml"), "--lang", code)
    assert result.exit_code == 1
    assert line in result.output.splitlines()
    assert "easy-all-one" not in result.output and "easy-3" not in result.output
