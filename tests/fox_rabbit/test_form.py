"""The fillable gamesheet: the sheet as a PDF form that printkit validate reads back.

Checked as a player and another tool would: the empty form prints like the plain sheet,
filled values show (in poppler), the fields are named as the sheet prints them and as the
docs list them, a form filled by pypdf alone validates, and every record goes YAML ->
filled PDF -> validate with the verdict the paper can hold.
"""

import dataclasses
import io
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from printkit.cli import app
from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import record
from printkit.form_reading import read_fields
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.record import RecordError, read_record, read_sheet
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_run
from printkit.products.fox_rabbit.gamesheet import filled_gamesheet, gamesheet
from tests.helpers import BASE14, fonts

ROOT = Path(__file__).parent.parent.parent
MAP = load_map("classic")
RECORDS = sorted((ROOT / "examples/fox-and-rabbit").glob("*.yaml")) + sorted(
    p for p in (ROOT / "tests/fixtures/fox_rabbit").glob("*.yaml")
    if not p.stem.startswith("bad"))
#: Mistakes a paper sheet holds differently: it has one box per food and animal, and one
#: extra-die box per colour, so a food or a die reward written twice in YAML is one tick on
#: the form. Eating twice leaves nothing wrong on paper; a die taken twice leaves a reward
#: missing, the same rule broken another way.
PAPER_CANNOT_HOLD = {"fail_sheet_c6_eats_twice"}
PAPER_HOLDS_OTHERWISE = {"fail_c7_third_red_die"}
runner = CliRunner()
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                   reason="poppler-utils' pdftoppm is not installed")


def _png(pdf: bytes, tmp_path: Path, name: str, dpi: int = 60) -> Image.Image:
    src = tmp_path / f"{name}.pdf"
    src.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(src),
                    str(tmp_path / name)], check=True)
    return Image.open(tmp_path / f"{name}.png").convert("RGB")


def _form(mode="easy", paper=LETTER, values=None) -> bytes:
    return gamesheet(MAP, mode, paper, difficulty="", fillable=True, values=values).pdf_bytes()


def _fill_with_pypdf(pdf: bytes, values: dict) -> bytes:
    """Fill a form as any other tool would, with pypdf alone (no printkit code)."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    writer.update_page_form_field_values(writer.pages[0], values, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# --- the form is the sheet ---------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_every_box_of_the_sheet_is_a_field_named_as_printed(mode):
    page = gamesheet(MAP, mode, LETTER).pages[0]
    calls = record(page).calls
    drawn = [c.text for c in calls if c.kind == "field"]
    assert drawn == [f.name for f in sf.fields(MAP, MAP.modes[mode])]
    texts = {c.text for c in calls if c.kind == "text"}
    for cell in MAP.cells:
        assert cell in drawn and cell in texts  # a cell's field is named by its printed id
    for c in calls:
        if c.kind == "field":
            assert c.x >= 0 and c.right <= page.width and c.y >= 0 and c.bottom <= page.height


@pytest.mark.parametrize("mode", MODES)
def test_the_pdf_form_has_every_field_and_names_its_sheet(mode):
    fields = pypdf.PdfReader(io.BytesIO(_form(mode))).get_fields()
    expected = {f.name for f in sf.fields(MAP, MAP.modes[mode])} | {sf.IDENTITY}
    assert set(fields) == expected
    kinds = {f.name: f.kind for f in sf.fields(MAP, MAP.modes[mode])}
    for name, kind in kinds.items():
        assert fields[name]["/FT"] == ("/Tx" if kind.written else "/Btn"), name
    assert str(fields[sf.IDENTITY]["/V"]).startswith(f"fox-and-rabbit classic {mode} ")


def test_the_form_is_print_shop_grade_and_the_same_bytes_each_time():
    pdf = _form()
    assert pdf == _form()
    found = fonts(pdf)
    assert all(found.values()) and not set(found) & BASE14
    acro = pypdf.PdfReader(io.BytesIO(pdf)).trailer["/Root"]["/AcroForm"]
    (form_font,) = acro["/DR"]["/Font"].values()
    form_font = form_font.get_object()
    assert form_font["/BaseFont"] == "/PKFORM+Lato-Regular"
    assert "/FontFile2" in form_font["/FontDescriptor"]
    assert form_font["/Encoding"] == "/WinAnsiEncoding"


def test_the_kit_and_a_plain_sheet_have_no_form():
    plain = gamesheet(MAP, "easy", LETTER).pdf_bytes()
    assert "/AcroForm" not in pypdf.PdfReader(io.BytesIO(plain)).trailer["/Root"]


@needs_poppler
@pytest.mark.parametrize("mode, paper", [("easy", LETTER), ("hard", A4)])
def test_an_empty_form_prints_exactly_like_the_plain_sheet(tmp_path, mode, paper):
    plain = gamesheet(MAP, mode, paper, difficulty="").pdf_bytes()
    empty = _png(_form(mode, paper), tmp_path, "form")
    assert ImageChops.difference(_png(plain, tmp_path, "plain"), empty).getbbox() is None


@needs_poppler
def test_filled_values_show_where_their_boxes_are(tmp_path):
    values = {"F-B1": True, "F-B4": "10", "round-1-fox": "R2 Y5 Y3", "score": "14",
              "date": "26 Nov 2026"}
    empty = _png(_form(), tmp_path, "empty", 72)
    filled = _png(_form(values=values), tmp_path, "filled", 72)
    calls = record(gamesheet(MAP, "easy", LETTER).pages[0]).calls
    boxes = {c.text: c for c in calls if c.kind == "field"}
    diff = ImageChops.difference(empty, filled).convert("L").point(lambda v: 255 if v > 40 else 0)
    # every value shows inside its own box (1 px = 1 pt at 72 dpi) ...
    for name in values:
        box = boxes[name]
        crop = diff.crop((int(box.x), int(box.y), int(box.right) + 1, int(box.bottom) + 1))
        assert crop.getbbox() is not None, f"{name} does not show"
        diff.paste(0, (int(box.x) - 1, int(box.y) - 1, int(box.right) + 2, int(box.bottom) + 2))
    # ... and nothing changes anywhere else
    assert diff.getbbox() is None


@needs_poppler
def test_a_form_filled_by_pypdf_alone_shows_and_validates(tmp_path):
    run = read_record((ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text())
    values = {name: ("/Yes" if value is True else value)
              for name, value in sf.form_values(run).items()}
    pdf = _fill_with_pypdf(_form(), values)
    report = validate_run(read_sheet(read_fields(pdf, "the form")))
    assert report.legal and report.score == 14, report.text()
    assert ImageChops.difference(_png(_form(), tmp_path, "e"), _png(pdf, tmp_path, "f")).getbbox()


# --- every record through the paper ---------------------------------------------------------
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_yaml_to_filled_pdf_to_validate_gives_the_same_verdict(path):
    run = read_record(path.read_text())
    # a form holds what the sheet holds: the same record without its turn log
    sheet_only = dataclasses.replace(run, turns=None)
    rounds = max((a.round for a in run.escapes + run.triggers), default=0)
    pdf = filled_gamesheet(sheet_only, LETTER).pdf_bytes()
    if rounds > sf.LOG_ROUNDS:
        # an endgame past today's two-round log is written in the sheet of layout 1, whose log
        # held four rounds: its corner markers say so, and it carries round 3's fields
        assert rounds <= sf.LOG_ROUNDS_OF_LAYOUT[1]
        assert f"round-{rounds}-fox" in read_fields(pdf, path.name)
    back = read_sheet(read_fields(pdf, path.name))
    want, got = validate_run(sheet_only), validate_run(back)
    if path.stem in PAPER_CANNOT_HOLD:
        assert not want.legal and got.legal
        return
    if path.stem in PAPER_HOLDS_OTHERWISE:
        assert not got.legal, got.text()
        assert {v.rule for v in got.violations} <= {v.rule for v in want.violations}, got.text()
        return
    assert ([(v.rule, v.text) for v in got.violations]
            == [(v.rule, v.text) for v in want.violations]), got.text()
    assert (got.score, got.title, got.achievements) == (want.score, want.title, want.achievements)


def test_to_yaml_prints_a_record_that_reads_back_the_same():
    # a form printkit filled in layout 1 (four endgame rounds), of a three-round endgame
    pdf = ROOT / "tests/fixtures/forms/layout1-hard-lost-filled.pdf"
    result = runner.invoke(app, ["validate", str(pdf), "--to-yaml"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("game: fox-and-rabbit\nversion: 2\nmap: classic\nmode: hard\n"
                                    "progress:")
    assert read_record(result.output) == read_sheet(read_fields(pdf.read_bytes(), "f"))
    assert validate_run(read_record(result.output)).legal


def test_sheet_from_a_run_past_the_two_round_log_writes_the_four_round_sheet(tmp_path):
    # hard-lost's endgame runs three rounds: its form is the sheet of layout 1, which printkit
    # reads as it reads today's, with the record's own verdict
    record = ROOT / "examples/fox-and-rabbit/hard-lost-sheet-only.yaml"
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from", str(record),
                                 "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob("*.pdf")
    values = read_fields(pdf.read_bytes(), pdf.name)
    assert values["round-3-fox-trap"] == "R4 B1 B2 Y3 Y5; flip B2" and "round-4-fox" in values
    want = validate_run(read_record(record.read_text()))
    got = validate_run(read_sheet(values))
    assert [(v.rule, v.text) for v in got.violations] == [(v.rule, v.text)
                                                          for v in want.violations]
    assert (got.legal, got.score, got.title) == (want.legal, want.score, want.title)


def test_sheet_from_a_run_claiming_another_modes_achievement_writes_layout_2s_form(tmp_path):
    # today's sheet has a box for its own mode's achievements only: a run that claims another
    # mode's (an illegal claim, printed with --force) is written into layout 2's form, which
    # had a box for every mode's, and reads back with the same claim and the same verdict
    text = (ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text()
    record = tmp_path / "claims.yaml"
    record.write_text(text.replace("achievements: [easy-3-one, easy-3-both]",
                                   "achievements: [easy-3-one, easy-3-both, hard-4-one]"))
    want = validate_run(read_record(record.read_text()))
    assert not want.legal
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from", str(record), "--force",
                                 "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob("*.pdf")
    values = read_fields(pdf.read_bytes(), pdf.name)
    assert values["hard-4-one"] is True and "superhard-all-both" in values
    got = validate_run(read_sheet(values))
    assert [v.text for v in got.violations] == [v.text for v in want.violations]
    # without the other mode's claim, today's sheet, which lists only its mode's own
    own = read_record(text)
    assert "hard-4-one" not in sf.form_values(own) and set(sf.form_values(own)) <= \
        {f.name for f in sf.fields(MAP, MAP.modes["easy"])}
    with pytest.raises(ValueError, match="hard-4-one, another mode's achievement"):
        sf.form_values(read_record(record.read_text()))


def test_sheet_from_a_record_writes_the_filled_form_and_validate_reads_it(tmp_path):
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from",
                                 str(ROOT / "examples/fox-and-rabbit/easy-won.yaml"),
                                 "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob("*.pdf")
    assert pdf.name == "fox-and-rabbit-easy-letter-filled.pdf"
    checked = runner.invoke(app, ["validate", str(pdf)])
    assert checked.exit_code == 0 and "legal run" in checked.output
    assert "score         14                14" in checked.output


def test_fillable_sheet_from_the_cli(tmp_path):
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--fillable", "--mode", "hard",
                                 "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob("*.pdf")
    assert pdf.name == "fox-and-rabbit-hard-letter-fillable.pdf"
    assert "gain-flip-2" in pypdf.PdfReader(pdf).get_fields()


# --- bad forms: one line naming what and where, exit 2 --------------------------------------------
def _validate(tmp_path, data: bytes, name="run.pdf"):
    path = tmp_path / name
    path.write_bytes(data)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("printkit: error: ") and result.output.count("\n") == 1
    return result.output


def test_a_pdf_that_is_not_a_gamesheet(tmp_path):
    plain = gamesheet(MAP, "easy", LETTER).pdf_bytes()
    assert "has no form fields: it is not a fillable printkit gamesheet" in _validate(
        tmp_path, plain)
    other = _fill_with_pypdf(_form(), {sf.IDENTITY: "something else"})
    assert "is not a printkit gamesheet of The Fox and the Rabbit" in _validate(tmp_path, other)


def test_a_corrupt_or_encrypted_pdf(tmp_path):
    pdf = _form()
    assert "damaged PDF" in _validate(tmp_path, pdf[:len(pdf) // 2] + b"garbage")
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    writer.encrypt("secret", "owner")
    out = io.BytesIO()
    writer.write(out)
    assert "is encrypted; save it again without a password" in _validate(tmp_path, out.getvalue())
    assert "run.pdf is not a PDF file" in _validate(tmp_path, b"%PFD not really\n" + pdf[:20])


def test_a_form_from_another_map_or_mode(tmp_path):
    fields = pypdf.PdfReader(io.BytesIO(_form("hard"))).get_fields()
    identity = str(fields[sf.IDENTITY]["/V"])
    as_easy = _fill_with_pypdf(_form("hard"), {sf.IDENTITY: identity.replace(" hard ", " easy ")})
    message = _validate(tmp_path, as_easy)
    assert "field gain-flip-2 is not on the classic map's easy sheet" in message
    other_rules = _fill_with_pypdf(_form(), {sf.IDENTITY: identity[:-4] + "0000"})
    assert "field printkit: " in _validate(tmp_path, other_rules)
    assert "other rules or another version of the classic map" in _validate(tmp_path, other_rules)


def test_letters_in_a_number_field_are_named(tmp_path):
    pdf = _fill_with_pypdf(_form(), {"F-A3": "9a", "F-B1": "/Yes", "score": "twelve"})
    path = tmp_path / "run.pdf"
    path.write_bytes(pdf)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "printkit: error: 2 problems:",
        "  - field F-A3: the circle holds '9a'; write a whole number",
        "  - field score: the score holds 'twelve'; write a whole number"]


def test_a_read_problem_in_a_form_names_its_field():
    values = dict.fromkeys(read_fields(_form(), "f"), False)
    values[sf.IDENTITY] = read_fields(_form(), "f")[sf.IDENTITY]
    values["round-1-fox"] = "R2 G5"
    with pytest.raises(RecordError) as err:
        read_sheet(values)
    assert str(err.value).startswith("field round-1-fox: not a die")


# --- the docs list every field -------------------------------------------------------------------
def test_the_docs_table_lists_every_field_of_every_mode():
    doc = (ROOT / "docs/gamesheet-form.md").read_text()
    assert sf.field_table(MAP) in doc, "regenerate: python bench/make_form_docs.py"
    for mode in MODES:
        for f in sf.fields(MAP, MAP.modes[mode]):
            assert f"| `{f.name}` |" in doc, f.name


@needs_poppler
def test_a_typed_attempt_with_an_aid_shows_whole(tmp_path):
    """'R2 R4 B5 B5; -1 R2' in an endgame box: printkit's own drawing shows both lines, and a
    reader that redraws what is typed is asked to size it to the box (0 Tf), not cut it."""
    run = read_record((ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text())
    pdf = tmp_path / "filled.pdf"
    pdf.write_bytes(filled_gamesheet(run, LETTER).pdf_bytes())
    shown = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout
    assert "R2 R4 B5 B5;" in shown and "-1 R2" in shown
    fields = {f["/T"]: f for f in (a.get_object() for a in pypdf.PdfReader(pdf).pages[0]
                                   ["/Annots"]) if "/T" in f}
    assert " 0 Tf " in str(fields["round-1-rabbit"]["/DA"])
    assert " 0 Tf " not in str(fields["score"]["/DA"])  # one line: its own size
    # the box holds it on its two lines at the field's own size, not shrunk
    shown_here = fields["round-1-rabbit"]["/AP"]["/N"].get_object().get_data()
    assert b" 9 Tf " in shown_here
    assert b"(R2 R4 B5 B5;) Tj" in shown_here and b"(-1 R2) Tj" in shown_here


def test_a_sheets_fields_from_elsewhere_read_as_the_filled_pdf_does():
    # a photo's read boxes or the page's come as the form's fields, through the same reader
    from printkit.games.fox_rabbit.reader import SheetFields, read_run

    run = read_record((ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text())
    pdf = filled_gamesheet(run, LETTER).pdf_bytes()
    fields = read_fields(pdf, "f")
    assert read_run(SheetFields(fields, "photo.jpg")) == read_run(pdf, "filled.pdf")
    fields["F-B4"] = "ten"
    with pytest.raises(RecordError) as err:
        read_run(SheetFields(fields, "photo.jpg"))
    assert str(err.value).startswith("field F-B4: ")


def test_a_forms_problems_are_listed_together():
    # letters in a number box (the form) and a die that is not one (the record model)
    from printkit.games.fox_rabbit.reader import SheetFields, read_run

    run = read_record((ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text())
    fields = read_fields(filled_gamesheet(run, LETTER).pdf_bytes(), "f")
    fields["F-B4"] = "ten"
    fields["round-1-fox"] = "Q3 Y5"
    with pytest.raises(RecordError) as err:
        read_run(SheetFields(fields, "the form"))
    assert len(err.value.problems) == 2
    assert err.value.problems[0].startswith("field F-B4: the circle holds 'ten'")
    assert err.value.problems[1].startswith("field round-1-fox: not a die")


def test_a_form_tells_each_box_in_the_sheets_language(tmp_path):
    # a PDF viewer shows a box's tooltip (and a screen reader says it) in the sheet's language
    from pypdf import PdfReader

    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--fillable", "--lang", "fr",
                                 "-o", str(tmp_path / "f.pdf")])
    assert result.exit_code == 0, result.output
    tips = {name: f.get("/TU") for name, f in PdfReader(tmp_path / "f.pdf").get_fields().items()}
    assert tips["trap-3"] == "piège 3 barré"
    assert tips["round-1-rabbit"].startswith("manche 1")
