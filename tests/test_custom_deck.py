"""A deck of one's own: `printkit deck --data CARDS --layout LAYOUT`, read back as a user would."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont as FontFile
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app
from printkit.errors import TemplateError
from printkit.products.cards.data import csv_rows, read_sheet, sheet_from_rows
from printkit.products.cards.deck import load_deck
from printkit.products.cards.expr import parse
from printkit.products.cards.layout import length
from printkit.resources import font_path
from tests.helpers import page_sizes, reader, text

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "decks"

LAYOUT = """
[card]
title = "Test Deck"
size = "poker"
back = "plain"

[elements.name]
kind = "text"
text = "{name}"
x = "safe"
y = "safe"
width = "100% - 2safe"
height = "10mm"
font = "Lato-Bold"
size = 14
fit = "shrink"
min_size = 8

[elements.rules]
kind = "text"
when = "type == 'action'"
text = "{text}"
x = "safe"
y = "50%"
width = "100% - 2safe"
height = "20mm"
size = 10
fit = "shrink"
min_size = 7

[backs.plain]
background = "#203040"

[backs.plain.elements.logo]
kind = "circle"
x = "50%"
y = "50%"
radius = "10mm"
fill = "#ffffff"
"""

ROWS = [["name", "type", "copies", "text"],
        ["Spark", "action", "3", "Deal 1 damage."],
        ["Squire", "creature", "2", "Guard."],
        ["Bargain", "action", "", "Gain 2 coins."]]


def make_deck(folder: Path, rows: list[list[str]] = ROWS, layout: str = LAYOUT,
              bom: bool = False) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "cards.csv"
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    data.write_text(("\ufeff" if bom else "") + buf.getvalue(), encoding="utf-8")
    lay = folder / "card.toml"
    lay.write_text(layout, encoding="utf-8")
    return data, lay


def all_fonts(pdf: Path) -> dict[str, bool]:
    """Return every font of the PDF, on its pages and in the drawings they reuse, by base
    name, and whether its file is embedded."""
    found: dict[str, bool] = {}

    def walk(resources: object) -> None:
        res = resources.get_object() if hasattr(resources, "get_object") else resources
        for ref in (res.get("/Font") or {}).values():  # type: ignore[union-attr]
            font = ref.get_object()
            base = str(font.get("/BaseFont", "")).lstrip("/").split("+")[-1]
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            found[base] = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for xobject in (res.get("/XObject") or {}).values():  # type: ignore[union-attr]
            inner = xobject.get_object().get("/Resources")
            if inner is not None:
                walk(inner)

    for page in reader(pdf).pages:
        walk(page.get("/Resources") or {})
    return found


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["deck", *args])
    return result.exit_code, result.stdout, result.stderr


def deck_args(data: Path, lay: Path, *more: str) -> list[str]:
    return ["--data", str(data), "--layout", str(lay), *more]


# -- the data --------------------------------------------------------------------------

def test_csv_with_or_without_a_byte_order_mark_reads_the_same(tmp_path: Path) -> None:
    plain = read_sheet(make_deck(tmp_path / "a")[0])
    marked = read_sheet(make_deck(tmp_path / "b", bom=True)[0])
    assert plain.columns == marked.columns == ("name", "type", "copies", "text")
    assert [r.copies for r in plain.rows] == [3, 2, 1]  # an empty copies cell is one card
    assert plain.total == 6


@pytest.mark.parametrize(("cells", "message"), [
    ([["name", "copies"], ["A", "1.5"]], "row 2, column 'copies': copies must be a whole "
                                         "number from 0 to 999 (not '1.5')"),
    ([["name", "qty"], ["A", "1000"]], "row 2, column 'qty': copies must be"),
    ([["name", "qty"], ["A", "-1"]], "not '-1'"),
    ([["name", "name"], ["A", "B"]], "row 1, column 2: the column 'name' is named twice"),
    ([["name"], ["A", "B"]], "row 2: 2 cells, but the header names 1 columns"),
    ([["name"]], "no cards"),
])
def test_bad_data_is_named_by_row_and_column(cells: list[list[str]], message: str) -> None:
    with pytest.raises(TemplateError, match=r"^cards\.csv: ") as err:
        sheet_from_rows(cells, "cards.csv")
    assert message in str(err.value)


def test_csv_is_read_strictly() -> None:
    with pytest.raises(TemplateError, match="row 2: not valid CSV"):
        csv_rows(b'name,text\nA,"open quote\n', "cards.csv")
    with pytest.raises(TemplateError, match="row 2: not UTF-8"):
        csv_rows(b"name\n\xff\n", "cards.csv")


def test_xlsx_reads_as_csv_does(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    for row in ROWS:
        book.active.append([int(c) if c.isdigit() else (c or None) for c in row])
    book.save(tmp_path / "cards.xlsx")
    sheet = read_sheet(tmp_path / "cards.xlsx")
    assert sheet.columns == ("name", "type", "copies", "text")
    assert [(r.get("name"), r.copies) for r in sheet.rows] == [("Spark", 3), ("Squire", 2),
                                                              ("Bargain", 1)]


# -- conditions and lengths -----------------------------------------------------------

def test_conditions() -> None:
    cond = parse("(type == 'action' or cost >= 3) and not rare")
    assert cond.columns == ("type", "cost", "rare")
    assert cond({"type": "action", "cost": "1", "rare": ""})
    assert not cond({"type": "item", "cost": "10", "rare": "yes"})
    assert cond({"type": "item", "cost": "10", "rare": "no"})
    assert parse("cost < 10")({"cost": "9"})  # numbers compare as numbers, not as text
    assert parse("'fire' in tags")({"tags": "ice, fire"})
    assert not parse("'fir' in tags")({"tags": "ice, fire"})


@pytest.mark.parametrize("bad", ["type ==", "a == b)", "__import__('os')", "x = 1",
                                 "type == 'a' and", "open('f').read()"])
def test_a_condition_is_never_evaluated_as_python(bad: str) -> None:
    with pytest.raises(TemplateError):
        parse(bad)


def test_lengths() -> None:
    assert length(6, "x").points(0) == pytest.approx(6 * 72 / 25.4)
    assert length("50% - 10pt", "x").points(200) == pytest.approx(90)
    assert length("100% - 2safe", "x").points(180, 9) == pytest.approx(162)
    with pytest.raises(TemplateError, match="must be a length"):
        length("6 apples", "x")


# -- the layout ------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "message"), [
    (("kind = \"text\"\ntext = \"{name}\"", "kind = \"sparkle\"\ntext = \"{name}\""),
     "elements.name.kind: unknown element kind 'sparkle'; the kinds are text, rect, circle, "
     "star, image, icon"),
    (("size = 14", "size = 14\ncolour = \"#000000\""),
     "elements.name: unknown key 'colour'; the accepted keys are kind, when, mirror"),
    (("size = \"poker\"", "size = \"jumbo\""), "[card] size must be one of poker, bridge"),
    (("back = \"plain\"", "back = \"fancy\""), "[card] back 'fancy' is not one of the [backs]"),
    (("when = \"type == 'action'\"", "when = \"type = 'action'\""),
     "elements.rules.when: cannot read"),
])
def test_a_bad_layout_exits_2_naming_file_and_key(tmp_path: Path, change: tuple[str, str],
                                                  message: str) -> None:
    data, lay = make_deck(tmp_path / "d", layout=LAYOUT.replace(*change, 1))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err.startswith(f"printkit: error: {lay}: ")
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_missing_column_is_named_with_the_row(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", layout=LAYOUT.replace("{name}", "{title}"))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {data}: row 2, elements.name.text (in {lay}): no column "
                   "'title' in the data (its columns: name, type, copies, text)\n")


def test_text_that_does_not_fit_at_its_floor_is_an_error_never_a_cut(tmp_path: Path) -> None:
    rows = [*ROWS, ["Essay", "action", "1", "word " * 200]]
    data, lay = make_deck(tmp_path / "d", rows)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert f"{data}: row 5, elements.rules (in {lay}): the text 'word word" in err
    assert "does not fit its 57.5 × 20.0 mm box even at its floor, 7 pt" in err
    assert not (tmp_path / "out").exists()


def test_a_long_text_that_does_not_fit_is_quoted_by_its_start_and_end(tmp_path: Path) -> None:
    essay = "Deal 2 damage to each enemy creature, then draw a card for each one destroyed. " * 8
    essay += "End of turn."
    rows = [*ROWS, ["Essay", "action", "1", essay]]
    data, lay = make_deck(tmp_path / "d", rows)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {data}: row 5, elements.rules (in {lay}): the text 'Deal 2 "
                   f"damage to each enem… End of turn.' ({len(essay)} characters) does not fit "
                   "its 57.5 × 20.0 mm box even at its floor, 7 pt\n")


def test_long_text_shrinks_to_fit(tmp_path: Path) -> None:
    rows = [*ROWS, ["Essay", "action", "1", "Deal 1 damage to each creature. " * 7]]
    deck = load_deck(*make_deck(tmp_path / "d", rows))
    rules = [op for op in deck.cards[-1].front.drawing.ops if op.kind == "text"][1]
    assert 7 <= rules.size < 10
    short = [op for op in deck.cards[0].front.drawing.ops if op.kind == "text"][1]
    assert short.size == 10


def test_conditional_elements_follow_the_row(tmp_path: Path) -> None:
    deck = load_deck(*make_deck(tmp_path / "d"))
    kinds = [[op.kind for op in card.front.drawing.ops] for card in deck.cards]
    assert kinds == [["text", "text"], ["text"], ["text", "text"]]  # Squire has no rules


# -- assets ----------------------------------------------------------------------------

IMAGE_LAYOUT = LAYOUT + """
[elements.art]
kind = "image"
file = "{art}"
x = "10%"
y = "20%"
width = "80%"
height = "25%"
"""


def _image_deck(folder: Path, art: str) -> tuple[Path, Path]:
    rows = [[*ROWS[0], "art"]] + [[*r, art] for r in ROWS[1:]]
    return make_deck(folder, rows, IMAGE_LAYOUT)


def test_images_are_embedded(tmp_path: Path) -> None:
    data, lay = _image_deck(tmp_path / "d", "art/red.png")
    (tmp_path / "d" / "art").mkdir()
    Image.new("RGB", (40, 20), (200, 0, 0)).save(tmp_path / "d" / "art" / "red.png")
    code, _, err = run(*deck_args(data, lay, "--format", "svg", "-o", str(tmp_path / "out")))
    assert code == 0, err
    svg = (tmp_path / "out" / "test-deck-svg" / "test-deck-01-Spark.svg").read_text()
    assert "data:image/png;base64," in svg


@pytest.mark.parametrize(("make", "message"), [
    (None, "the image {path} does not exist"),
    ("text", "is not a PNG or JPEG image"),
    ("huge", "is over 20 MB"),
])
def test_a_bad_image_exits_2_naming_row_and_key(tmp_path: Path, make: str | None,
                                                message: str) -> None:
    data, lay = _image_deck(tmp_path / "d", "art.png")
    path = tmp_path / "d" / "art.png"
    if make == "text":
        path.write_text("not a picture")
    elif make == "huge":
        with path.open("wb") as f:
            f.truncate(21_000_000)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err.startswith(f"printkit: error: {data}: row 2, elements.art.file (in {lay}): ")
    assert message.format(path=path.resolve()) in err


def test_a_font_beside_the_layout_is_embedded(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", layout=LAYOUT.replace("Lato-Bold", "Headline"))
    (tmp_path / "d" / "fonts").mkdir()
    # a font of its own name: Lato Black renamed, as a designer's font would be named
    face = FontFile(str(font_path("Lato-Black.ttf")))
    for record in face["name"].names:
        if record.nameID in (1, 4, 6):
            record.string = "Headline" if record.nameID != 6 else "Headline-Black"
    face.save(str(tmp_path / "d" / "fonts" / "Headline.ttf"))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 0, err
    found = all_fonts(tmp_path / "out" / "test-deck-letter.pdf")
    assert found.get("Headline-Black") is True
    assert all(found.values())


def test_a_font_that_cannot_be_embedded_exits_2(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", layout=LAYOUT.replace("Lato-Bold", "Broken"))
    (tmp_path / "d" / "fonts").mkdir()
    (tmp_path / "d" / "fonts" / "Broken.otf").write_bytes(b"OTTO" + bytes(200))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert f"{data}: row 2, elements.name.font (in {lay}): the font " in err
    assert "Broken.otf cannot be embedded" in err


def test_icons_come_from_the_icons_folder_then_the_built_in_ones(tmp_path: Path) -> None:
    layout = LAYOUT.replace('text = "{text}"', 'text = "{text} :coin: :heart:"')
    data, lay = make_deck(tmp_path / "d", layout=layout)
    (tmp_path / "d" / "icons").mkdir()
    Image.new("RGBA", (16, 16), (200, 160, 0, 255)).save(tmp_path / "d" / "icons" / "coin.png")
    deck = load_deck(data, lay)
    pieces = [p for line in deck.cards[0].front.drawing.ops[1].lines for p in line
              if p.icon or p.path]
    assert [(p.icon, Path(p.path).name if p.path else "") for p in pieces] == [
        ("", "coin.png"), ("heart", "")]
    (tmp_path / "d" / "icons" / "coin.png").unlink()
    layout = layout.replace(":heart:", ":sparkle:")
    lay.write_text(layout.replace(":coin: ", ""))
    with pytest.raises(TemplateError, match=r"no icon 'sparkle': no icons/sparkle\.png"):
        load_deck(data, lay)


# -- the formats -----------------------------------------------------------------------

def test_print_and_play_with_backs(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    code, out, err = run(*deck_args(data, lay, "--paper", "a4", "-o", str(tmp_path / "out")))
    assert code == 0, err
    pdf = tmp_path / "out" / "test-deck-a4.pdf"
    assert f"wrote {pdf} (4 pages: 6 cards, double-sided, flipped on the long edge)" in out
    assert page_sizes(pdf) == [pytest.approx((595.28, 841.89), abs=0.01)] * 4
    words = text(pdf)
    # the title "Test Deck" says "deck" once where the pages add it
    assert "Test · print-and-play deck" in words and "Test deck · how to print" in words
    assert "6 cards, 8 to a sheet, on 1 sheets" in words
    assert "Spark" in words and "Deal 1 damage." in words and "Guard." not in words
    assert all(all_fonts(pdf).values())
    assert pdf.read_bytes() == (run(*deck_args(data, lay, "--paper", "a4", "-o",
                                                str(tmp_path / "again")))
                                and (tmp_path / "again" / "test-deck-a4.pdf").read_bytes())


def test_pod_pngs_one_per_distinct_face_with_a_manifest(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    code, out, err = run(*deck_args(data, lay, "--printer", "tgc", "-o", str(tmp_path / "out")))
    assert code == 0, err
    folder = tmp_path / "out" / "test-deck-tgc"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["test-deck-01-Spark.png", "test-deck-02-Squire.png",
                     "test-deck-03-Bargain.png", "test-deck-back.png",
                     "test-deck-manifest.csv"]
    for name in names[:-1]:
        with Image.open(folder / name) as picture:
            assert picture.size == (825, 1125)
    rows = list(csv.DictReader(io.StringIO((folder / "test-deck-manifest.csv").read_text())))
    assert [(r["file"], r["side"], r["count"]) for r in rows] == [
        ("test-deck-01-Spark.png", "front", "3"), ("test-deck-02-Squire.png", "front", "2"),
        ("test-deck-03-Bargain.png", "front", "1"), ("test-deck-back.png", "back", "6")]
    assert "(4 drawn, 0 from the cache)" in out


def test_rebuilding_after_one_row_changes_redraws_only_that_card(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    out_dir = str(tmp_path / "out")
    assert run(*deck_args(data, lay, "--printer", "tgc", "-o", out_dir))[0] == 0
    code, out, _ = run(*deck_args(data, lay, "--printer", "tgc", "-o", out_dir))
    assert "(0 drawn, 4 from the cache)" in out
    first = (tmp_path / "out" / "test-deck-tgc" / "test-deck-01-Spark.png").read_bytes()
    rows = [r[:] for r in ROWS]
    rows[3][3] = "Gain 3 coins."
    make_deck(tmp_path / "d", rows)
    code, out, _ = run(*deck_args(data, lay, "--printer", "tgc", "-o", out_dir))
    assert code == 0 and "(1 drawn, 3 from the cache)" in out
    assert (tmp_path / "out" / "test-deck-tgc" / "test-deck-01-Spark.png").read_bytes() == first


def test_drivethrucards_pdf_x(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    code, _, err = run(*deck_args(data, lay, "--printer", "drivethrucards",
                                  "-o", str(tmp_path / "out")))
    assert code == 0, err
    pdf = tmp_path / "out" / "test-deck-drivethrucards" / "test-deck-drivethrucards.pdf"
    doc = reader(pdf)
    assert len(doc.pages) == 12  # back then front, for each of the 6 cards
    assert doc.metadata["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert [round(float(v), 2) for v in doc.pages[0].trimbox] == [9.0, 9.0, 189.0, 261.0]
    assert all(all_fonts(pdf).values())


def test_svg_and_guides(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    code, _, err = run(*deck_args(data, lay, "--format", "svg", "--guides",
                                  "-o", str(tmp_path / "out")))
    assert code == 0, err
    svg = (tmp_path / "out" / "test-deck-svg" / "test-deck-01-Spark.svg").read_text()
    assert 'aria-label="Spark"' in svg  # the text drawn as outlines, and named
    assert 'stroke="#d6336c"' in svg and 'stroke="#0072b2"' in svg  # bleed and safe guides
    plain = tmp_path / "plain"
    run(*deck_args(data, lay, "--format", "svg", "-o", str(plain)))
    assert 'stroke="#d6336c"' not in (plain / "test-deck-svg" / "test-deck-01-Spark.svg"
                                      ).read_text()


def test_tts_sheets_stay_within_4096_px_and_count_every_card(tmp_path: Path) -> None:
    rows = [ROWS[0]] + [[f"Card {i}", "action", "2", f"Text {i}"] for i in range(80)]
    data, lay = make_deck(tmp_path / "d", rows)
    code, _, err = run(*deck_args(data, lay, "--format", "tts", "-o", str(tmp_path / "out")))
    assert code == 0, err
    folder = tmp_path / "out" / "test-deck-tts"
    saved = json.loads((folder / "test-deck-tts.json").read_text())
    pile = saved["ObjectStates"][0]
    assert len(pile["DeckIDs"]) == 160
    assert len(pile["CustomDeck"]) == 2  # 80 designs: 69 on the first sheet, 11 on the second
    for sheet in pile["CustomDeck"].values():
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        with Image.open(Path(sheet["FaceURL"].removeprefix("file://"))) as picture:
            assert picture.width <= 4096 and picture.height <= 4096


def test_preview_alone_writes_the_pictures_only(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    code, _, err = run(*deck_args(data, lay, "--preview", "-o", str(tmp_path / "out")))
    assert code == 0, err
    written = sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith("."))
    assert written == ["test-deck-contact-sheet.png", "test-deck-hand.png", "test-deck-preview"]
    pictures = sorted(p.name for p in (tmp_path / "out" / "test-deck-preview").iterdir())
    assert len(pictures) == 5 and pictures[-1] == "test-deck-manifest.csv"  # 4 cards


def test_data_and_layout_go_together(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d")
    code, _, err = run("--data", str(data), "-o", str(tmp_path / "out"))
    assert code == 2 and "--data and --layout go together" in err
    code, _, err = run(*deck_args(data, lay, "--printer", "tgc"),
                       "--deck", "templates/crazy8ix/deck.toml")
    assert code == 2 and "--deck is the Crazy8ix composition" in err


def test_a_printer_of_another_card_size_is_refused(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", layout=LAYOUT.replace('"poker"', '"tarot"'))
    code, _, err = run(*deck_args(data, lay, "--printer", "tgc", "-o", str(tmp_path / "out")))
    assert code == 2
    assert "[card] size is 69.85 × 120.65 mm, but The Game Crafter prints 63.5 × 88.9 mm" in err


# -- the examples and the built-in deck --------------------------------------------------

@pytest.mark.parametrize(("name", "cards", "prefix"), [("standard", 54, "standard-deck"),
                                                       ("action", 30, "ember-tactics")])
def test_the_example_decks_build(tmp_path: Path, name: str, cards: int, prefix: str) -> None:
    data, lay = EXAMPLES / name / "cards.csv", EXAMPLES / name / "card.toml"
    code, out, err = run(*deck_args(data, lay, "-o", str(tmp_path)))
    assert code == 0, err
    assert f"{cards} cards, double-sided, flipped on the long edge" in out
    assert all(all_fonts(tmp_path / f"{prefix}-letter.pdf").values())


def test_the_action_example_shrinks_and_hides_by_type() -> None:
    deck = load_deck(EXAMPLES / "action" / "cards.csv", EXAMPLES / "action" / "card.toml")
    by_name = {card.front.label: card.front.drawing for card in deck.cards}
    rules = {name: next(op for op in d.ops if op.kind == "text" and op.h > 60)
             for name, d in by_name.items()}
    assert rules["Spark"].size == 10.5 and rules["Firestorm"].size < 10.5
    circles = {name: [op for op in d.ops if op.kind == "circle"] for name, d in by_name.items()}
    assert circles["Squire"] and not circles["Spark"]  # the power disc is a creature's


def test_the_crazy8ix_data_agrees_with_the_rules_and_the_composition() -> None:
    from printkit.games.crazy8ix import match_window
    from printkit.games.crazy8ix_deck import DeckCard
    from printkit.games.crazy8ix_deck import load_deck as load_composition
    from printkit.products.deck import style
    from printkit.resources import template_path

    sheet = read_sheet(template_path("crazy8ix", "cards.csv"))
    composition = load_composition().composition()
    assert [r.get("name") for r in sheet.rows] == list(composition)
    for row in sheet.rows:
        card = DeckCard(row.get("name"), row.copies)
        assert row.copies == composition[card.name]
        assert int(row.get("points")) == card.points
        family = style.family(card)
        assert (row.get("main"), row.get("ink"), row.get("fill")) == (
            str(family.main), str(family.ink), str(family.fill))
        letters = [row.get(f"m{i}") for i in range(1, 8)]
        assert letters == (match_window(card.name) if card.is_letter else [""] * 7)


def test_the_crazy8ix_faces_and_back_build_as_a_custom_deck(tmp_path: Path) -> None:
    data = ROOT / "templates" / "crazy8ix" / "cards.csv"
    lay = ROOT / "templates" / "crazy8ix" / "card.toml"
    code, out, err = run(*deck_args(data, lay, "--format", "svg", "-o", str(tmp_path)))
    assert code == 0, err
    assert "29 SVG files" in out  # 28 faces and the back
    svg = (tmp_path / "crazy8ix-svg" / "crazy8ix-17-Q.svg").read_text()
    assert 'aria-label="matches:"' in svg and 'aria-label="Q"' in svg
    back = (tmp_path / "crazy8ix-svg" / "crazy8ix-back.svg").read_text()
    assert back.count('aria-label="CRAZY8IX"') == 2  # the deck's title, once each way up


def test_the_built_in_back_is_the_templates_back(tmp_path: Path) -> None:
    """The built-in deck's back is drawn from the template's [backs.crazy8ix]: the same
    picture as the template's back printed as a deck of one's own."""
    data = ROOT / "templates" / "crazy8ix" / "cards.csv"
    lay = ROOT / "templates" / "crazy8ix" / "card.toml"
    code, _out, err = run(*deck_args(data, lay, "--printer", "tgc", "-o", str(tmp_path / "own")))
    assert code == 0, err
    result = runner.invoke(app, ["deck", "--printer", "tgc", "-o", str(tmp_path / "built")])
    assert result.exit_code == 0, result.stderr
    own = Image.open(tmp_path / "own" / "crazy8ix-tgc" / "crazy8ix-back.png").convert("RGB")
    built = Image.open(tmp_path / "built" / "crazy8ix-tgc" / "crazy8ix-back.png").convert("RGB")
    assert own.size == built.size == (825, 1125)
    assert own.tobytes() == built.tobytes()


GEM = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
       '<rect width="10" height="10" fill="#c0392b"/></svg>')


def test_svg_artwork_is_drawn_in_every_format(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py")
    data, lay = _image_deck(tmp_path / "d", "gem.svg")
    (tmp_path / "d" / "gem.svg").write_text(GEM)
    code, _, err = run(*deck_args(data, lay, "--format", "svg", "-o", str(tmp_path / "out")))
    assert code == 0, err
    svg = (tmp_path / "out" / "test-deck-svg" / "test-deck-01-Spark.svg").read_text()
    assert "data:image/svg+xml;base64," in svg  # the artwork itself, still vector
    code, _, err = run(*deck_args(data, lay, "--printer", "tgc", "-o", str(tmp_path / "out")))
    assert code == 0, err
    with Image.open(tmp_path / "out" / "test-deck-tgc" / "test-deck-01-Spark.png") as card:
        # the image box: 10 % to 90 % across, 20 % to 45 % down; the square sits in its middle
        assert card.convert("RGB").getpixel((412, 360)) == (0xc0, 0x39, 0x2b)


def test_a_broken_svg_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py")
    data, lay = _image_deck(tmp_path / "d", "gem.svg")
    (tmp_path / "d" / "gem.svg").write_text("<svg broken")
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert "elements.art.file" in err and "is not an SVG image printkit can draw" in err


def test_the_tutorial_in_the_docs_builds_a_tgc_upload(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "custom-decks.md").read_text(encoding="utf-8")
    tutorial = doc[doc.index("## Tutorial"):]
    blocks = tutorial.split("```")
    data = next(b for b in blocks if b.lstrip("\n ").startswith("name,type"))
    layout = next(b for b in blocks if b.startswith("toml"))
    folder = tmp_path / "my-game"
    (folder / "icons").mkdir(parents=True)
    (folder / "cards.csv").write_text("\n".join(line.strip() for line in data.strip()
                                                .splitlines()) + "\n")
    (folder / "card.toml").write_text("\n".join(line.removeprefix("   ") for line in
                                                layout.removeprefix("toml").splitlines()))
    Image.new("RGBA", (32, 32), (210, 160, 30, 255)).save(folder / "icons" / "coin.png")
    code, _, err = run(*deck_args(folder / "cards.csv", folder / "card.toml", "--printer",
                                    "tgc", "-o", str(tmp_path / "out")))
    assert code == 0, err
    upload = tmp_path / "out" / "my-game-tgc"
    assert sorted(p.name for p in upload.iterdir()) == [
        "my-game-01-Spark.png", "my-game-02-Squire.png", "my-game-back.png",
        "my-game-manifest.csv"]


TWO_BACKS = LAYOUT.replace('back = "plain"', 'back = "{type}"').replace(
    "[backs.plain]", "[backs.action]").replace("[backs.plain.elements.logo]",
                                              "[backs.action.elements.logo]") + """
[backs.creature]
background = "#602010"
"""


def test_a_column_names_each_cards_back(tmp_path: Path) -> None:
    rows = [*ROWS, ["Ghost", "creature", "0", "Never printed."]]
    data, lay = make_deck(tmp_path / "d", rows, TWO_BACKS)
    deck = load_deck(data, lay)
    assert [c.back.label if c.back else None for c in deck.cards] == [
        "back action", "back creature", "back action", "back creature"]
    assert deck.total == 6  # the Ghost has 0 copies
    code, _, err = run(*deck_args(data, lay, "--printer", "tgc", "-o", str(tmp_path / "out")))
    assert code == 0, err
    rows_read = list(csv.DictReader(io.StringIO(
        (tmp_path / "out" / "test-deck-tgc" / "test-deck-manifest.csv").read_text())))
    assert [(r["file"], r["count"]) for r in rows_read if r["side"] == "back"] == [
        ("test-deck-back-action.png", "4"), ("test-deck-back-creature.png", "2")]
    assert "Ghost" not in {r["card"] for r in rows_read}
    code, _, err = run(*deck_args(data, lay, "--format", "tts", "-o", str(tmp_path / "out")))
    assert code == 0, err
    saved = json.loads((tmp_path / "out" / "test-deck-tts" / "test-deck-tts.json").read_text())
    backs = {s["BackURL"].rsplit("/", 1)[1] for s in saved["ObjectStates"][0]["CustomDeck"]
             .values()}
    assert backs == {"test-deck-tts-back-action.png", "test-deck-tts-back-creature.png"}


def test_a_back_the_layout_does_not_have_is_named_with_the_row(tmp_path: Path) -> None:
    rows = [*ROWS, ["Relic", "item", "1", "Shiny."]]
    data, lay = make_deck(tmp_path / "d", rows, TWO_BACKS)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {data}: row 5, [card] back (in {lay}): no back 'item' in "
                   "the layout's [backs] (action, creature)\n")


def test_a_character_the_font_lacks_is_named_with_the_row(tmp_path: Path) -> None:
    rows = [*ROWS, ["Check ✓", "item", "1", ""]]
    data, lay = make_deck(tmp_path / "d", rows)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {data}: row 5, elements.name.text (in {lay}): the font "
                   "Lato-Bold has no '✓' (U+2713), in 'Check ✓'\n")


def test_the_cache_key_follows_the_files_a_card_uses(tmp_path: Path) -> None:
    data, lay = _image_deck(tmp_path / "d", "art.png")
    Image.new("RGB", (8, 8), (200, 0, 0)).save(tmp_path / "d" / "art.png")
    first = load_deck(data, lay).cards[0].front.key
    from printkit.products.cards import engine
    engine._file_digest.cache_clear()
    Image.new("RGB", (8, 8), (0, 0, 200)).save(tmp_path / "d" / "art.png")
    assert load_deck(data, lay).cards[0].front.key != first  # the same name, another picture


def test_a_sheet_of_more_than_ten_thousand_cards_is_refused() -> None:
    cells = [["name", "copies"]] + [[f"C{i}", "999"] for i in range(11)]
    with pytest.raises(TemplateError, match="10989 cards in all; printkit prints at most 10,000"):
        sheet_from_rows(cells, "cards.csv")


def test_a_long_deck_says_on_page_1_how_many_cards_it_holds_above_the_cross(
        tmp_path: Path) -> None:
    """300 cards are too many to list even at 6.5 pt: page 1 says so, never a list cut
    short ("… and 270 more")."""
    rows = [["name", "type", "copies", "text"]] + [[f"Card {i}", "creature", "1", ""]
                                                   for i in range(1, 301)]
    data, lay = make_deck(tmp_path / "d", rows)
    code, _out, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 0, err
    page = reader(tmp_path / "out" / "test-deck-letter.pdf").pages[0]
    said: list[tuple[str, float]] = []  # each line and its baseline, from the foot

    def visit(part: str, _cm: object, tm: list[float], _font: object, _size: object) -> None:
        if "different cards" in part or "too many" in part or "×1" in part:
            said.append((part, tm[5]))

    page.extract_text(visitor_text=visit)
    words = " ".join(part for part, _y in said)
    assert "300 different cards, 300 in all: too many to list here" in words
    assert "×1" not in words and "…" not in words
    # the sentence stands above the alignment cross, whose arm reaches 30 mm above its centre
    cross_top = 64.8 + 45 * 72 / 25.4 + 30 * 72 / 25.4  # from the foot of the page
    assert min(y for _part, y in said) > cross_top


REPEATS = """
[card]
title = "Ring Deck"
size = "square"
back = "plain"

[elements.pips]
kind = "circle"
x = "10mm"
y = "10mm"
radius = "1mm"
fill = "#000000"
repeat = 4
step_x = "5mm"
step_y = "1mm"

[elements.dial]
kind = "rect"
x = "50% - 1mm"
y = "50% - 1mm"
width = "2mm"
height = "2mm"
fill = "#000000"
repeat = 4
around = "20mm"

[elements.burst]
kind = "star"
x = "50%"
y = "50%"
radius = "10mm"
points = 8
inner = 0.5
fill = "#ffcc00"

[elements.name]
kind = "text"
text = "{name}"
case = "upper"
x = "5mm"
y = "50mm"
width = "50mm"
height = "8mm"

[backs.plain]
[backs.plain.elements.title]
kind = "text"
text = "{title}"
case = "lower"
x = "5mm"
y = "20mm"
width = "50mm"
height = "8mm"
"""


def test_repeat_around_star_and_case_keys(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", layout=REPEATS)
    deck = load_deck(data, lay)
    ops = deck.cards[0].front.drawing.ops
    mm = 72 / 25.4
    pips = [(op.x + op.radius, op.y + op.radius) for op in ops if op.kind == "circle"]
    assert pips == [pytest.approx((x * mm, y * mm)) for x, y in
                    ((10, 10), (15, 11), (20, 12), (25, 13))]
    # the copies' centres round a circle about the element's own, from 12 o'clock clockwise
    dial = [(op.x + op.w / 2, op.y + op.h / 2) for op in ops if op.kind == "rect"]
    c, r = 63.5 / 2 * mm, 20 * mm
    assert dial == [pytest.approx(p, abs=1e-6) for p in
                    ((c, c - r), (c + r, c), (c, c + r), (c - r, c))]
    star = next(op for op in ops if op.kind == "star")
    assert (star.points, star.inner, star.radius) == (8, 0.5, pytest.approx(10 * mm))
    name = next(op for op in ops if op.kind == "text")
    assert "".join(p.text for p in name.lines[0]) == "SPARK"
    # a back knows the deck's title: here in small letters
    back = deck.cards[0].back
    assert back is not None
    assert "".join(p.text for p in back.drawing.ops[0].lines[0]) == "ring deck"
    code, _out, err = run(*deck_args(data, lay, "--format", "svg", "-o", str(tmp_path / "o")))
    assert code == 0, err
    svg = (tmp_path / "o" / "ring-deck-svg" / "ring-deck-01-Spark.svg").read_text()
    assert svg.count("<circle") == 4 and 'aria-label="SPARK"' in svg


def test_around_and_steps_do_not_go_together(tmp_path: Path) -> None:
    layout = REPEATS.replace('around = "20mm"', 'around = "20mm"\nstep_x = "1mm"')
    data, lay = make_deck(tmp_path / "d", layout=layout)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {lay}: elements.dial: 'around' places the copies round a "
                   "circle; it does not go with 'step_x' or 'step_y'\n")


def test_file_names_spell_accented_letters_plainly(tmp_path: Path) -> None:
    rows = [ROWS[0], ["Zoë's Café", "action", "1", ""], ["Ñúñez", "action", "1", ""],
            ["Łukasz", "action", "1", ""], ["Straße", "action", "1", ""],
            ["Œuvre d'Ærø", "action", "1", ""]]
    layout = LAYOUT.replace('title = "Test Deck"', 'title = "Crème Brûlée"')
    data, lay = make_deck(tmp_path / "d", rows, layout)
    code, _, err = run(*deck_args(data, lay, "--format", "svg", "-o", str(tmp_path / "out")))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out" / "creme-brulee-svg").iterdir()) == [
        "creme-brulee-01-Zoe-s-Cafe.svg", "creme-brulee-02-Nunez.svg",
        "creme-brulee-03-Lukasz.svg", "creme-brulee-04-Strasse.svg",
        "creme-brulee-05-OEuvre-d-AEro.svg", "creme-brulee-back.svg",
        "creme-brulee-manifest.csv"]
