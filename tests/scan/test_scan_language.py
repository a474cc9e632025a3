"""A photo of a Spanish sheet checked in Spanish: `printkit validate PHOTO --lang es` asks for
each value a photo cannot give, and judges, in Spanish."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app
from tests.scan.test_scan import _photo, _shown

ROOT = Path(__file__).parent.parent.parent
runner = CliRunner()


def test_a_spanish_photo_asks_and_judges_in_spanish(tmp_path, monkeypatch):
    import printkit.cli.ask

    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    photo = _photo(tmp_path, values, run.map, run.mode, lang="es")
    # without a person at the keyboard: the values read surely wait for one, and the one
    # read short of sure is to type, said in Spanish. R-A3's 8 is read at 0.85 among its
    # readings but as a glyph at 0.06 only, and its faint strokes read a 3
    # (`writing.CIRCLE_GLYPHS`): it is asked, and the score that rests on it waits for it
    result = runner.invoke(app, ["validate", str(photo), "--lang", "es"])
    assert result.exit_code == 2
    assert result.output == (
        "printkit: error: confirme en un terminal los valores leídos de la foto, o tome con "
        "--accept los que lee con seguridad (F-B4=10, R-B4=4, round-1-fox=R2 Y5 Y3, "
        "round-1-rabbit=R2 R4 B5 B5; -1 R2); escriba los demás: --numbers R-A3=... (R-A3)\n")
    # with one: the values read listed, a value changed wrongly said so in Spanish and asked
    # again, Enter takes them all as listed, and the verdict
    monkeypatch.setattr(printkit.cli.ask, "on_terminal", lambda: True)
    result = runner.invoke(app, ["validate", str(photo), "--lang", "es"],
                           input="R-A3=ocho\nR-A3=8\n\n")
    assert result.exit_code == 0, result.output
    assert "Los valores leídos de la foto:\n  1  F-B4            10\n  2  R-A3            ? " \
        "preguntado: 8 (o 13 [2], 5 [2c])\n" in result.output
    assert "  4  score           ?  (lo deciden las reglas a partir de los valores de la " \
        "lista)\n" in result.output
    assert "  score = 14  (lo deciden las reglas)\n" in result.output
    assert "R-A3 lleva un número entero, p. ej. 10, no 'ocho'" in result.output
    assert "  R-A3 = 8\n" in result.output
    assert "Intro toma cada valor como en la lista; o cambie uno por su nombre o número " \
           "(F-B4=11, 1=11), o tome otra lectura de un valor preguntado por lo que la lista " \
           "muestra a su lado (2): " in result.output
    assert "partida legal: ninguna regla incumplida" in result.output
    # and `printkit scan` says what it read in Spanish
    result = runner.invoke(app, ["scan", str(photo), "--lang", "es"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{photo}: mapa clásico, modo fácil, papel letter; ")
    assert "valores leídos: F-B4=10, R-A3=?, R-B4=4, score=?, round-1-fox=R2 Y5 Y3, " \
           "round-1-rabbit=R2 R4 B5 B5; -1 R2; por escribir: R-A3 (" in result.output


def test_a_photo_that_cannot_be_read_is_refused_in_the_players_language(tmp_path):
    # a sharp page of lines with no corner marker in view; and a value typed wrong in --numbers
    from PIL import Image, ImageDraw

    page = tmp_path / "page.png"
    image = Image.new("L", (1200, 1600), 235)
    for y in range(40, 1600, 40):
        ImageDraw.Draw(image).line((60, y, 1140, y), fill=30, width=3)
    image.save(page)
    result = runner.invoke(app, ["validate", str(page), "--lang", "fr"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"printkit: error: {page} ne montre aucune feuille de jeu printkit\u00a0: aucun de ses "
        "quatre repères des coins n'est visible (imprimez une nouvelle feuille si la vôtre n'en "
        "a pas)")
    result = runner.invoke(app, ["scan", str(page), "--numbers", "F-B4", "--lang", "es"])
    assert result.exit_code == 2
    assert result.output.strip() == ("printkit: error: --numbers: 'F-B4' no es NOMBRE=VALOR "
                                     "(por ejemplo F-B4=10,round-1-fox=\"R2 Y5 Y3\")")
