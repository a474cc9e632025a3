"""Filled PDFs and records a player hands printkit, made to hurt: they name a file as their
map, are encrypted, hold absurd numbers, or are far bigger inside than any gamesheet. Each
ends in one line and exit 2 (or reads, where it is a real gamesheet), never a traceback, and
nothing in the message comes from a file the player did not name or from where printkit is
installed.
"""

from __future__ import annotations

import shutil
import subprocess
import tracemalloc
from pathlib import Path

import pytest

from bench import hostile
from printkit.draw.paper import LETTER
from printkit.form_reading import read_fields
from printkit.games.fox_rabbit import sheet_fields
from printkit.games.fox_rabbit.record import RecordError, read_sheet
from printkit.games.fox_rabbit.template import load_map
from printkit.message import quoted
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.resources import template_path

INSTALL = str(Path(template_path("fox-and-rabbit")).parent.parent)
CLASSIC_FILE = str(template_path("fox-and-rabbit", "classic.toml"))


@pytest.fixture(scope="module")
def blank() -> bytes:
    return gamesheet(load_map("classic"), "easy", LETTER, fillable=True).pdf_bytes()


def one_line(result, *parts: str) -> str:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("printkit: error: ") and result.stderr.count("\n") == 1, \
        result.stderr
    assert "Traceback" not in result.stderr
    for part in parts:
        assert part in result.stderr
    return result.stderr


# -- a map named inside a file is a bundled name or variant-N, never a path ------------------
@pytest.mark.parametrize("name", ["/etc/passwd", "../../../../etc/passwd", CLASSIC_FILE,
                                  "classic.toml", "no-such-map"])
@pytest.mark.parametrize("flag", [[], ["--to-yaml"]])
def test_a_pdf_naming_a_file_as_its_map_is_refused_and_nothing_read_is_shown(
        cli, tmp_path, blank, name, flag):
    pdf = tmp_path / "p.pdf"
    pdf.write_bytes(hostile.naming_map(blank, name))
    # the name as every message shows a value (cut short if long): the same wherever the
    # checkout, and the map file in it, lives
    err = one_line(cli("validate", str(pdf), *flag),
                   f"field printkit: unknown map {quoted(name)}: a map is named classic or "
                   "variant-N")
    rest = err.replace(str(quoted(name)), "")
    assert "TOML" not in rest and "root:" not in rest and INSTALL not in rest


def test_the_json_report_of_such_a_pdf_says_the_same(cli, tmp_path, blank):
    import json

    pdf = tmp_path / "p.pdf"
    pdf.write_bytes(hostile.naming_map(blank, "/etc/passwd"))
    result = cli("validate", str(pdf), "--json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["readable"] is False
    assert report["problems"] == ["field printkit: unknown map '/etc/passwd': a map is named "
                                  "classic or variant-N (N from 1 to 999999)"]


def test_a_pdf_naming_a_variant_reads_as_that_variant(blank):
    fields = read_fields(hostile.naming_map(blank, "variant-3"), "p.pdf")
    with pytest.raises(RecordError, match="printed from other rules or another version of "
                                          "the variant-3 map"):
        read_sheet(fields, "p.pdf")  # the digest is the classic map's, so it is refused


def test_a_record_naming_an_unknown_map_shows_no_install_path(cli, tmp_path):
    record = tmp_path / "r.yaml"
    record.write_text("game: fox-and-rabbit\nmap: no-such-map\nmode: easy\n")
    err = one_line(cli("validate", str(record)),
                   "map: unknown map 'no-such-map': a map is named classic or variant-N")
    assert INSTALL not in err


def test_an_unknown_map_on_the_command_line_shows_no_install_path(cli):
    err = one_line(cli("sheet", "fox-and-rabbit", "--map", "no-such-map"),
                   "unknown map 'no-such-map': give classic, variant-N or the path of a .toml "
                   "file")
    assert INSTALL not in err


def test_the_command_lines_own_map_file_is_still_read(cli, tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(Path(CLASSIC_FILE).read_text("utf-8").replace('name = "classic"',
                                                                 'name = "mine"'))
    result = cli("sheet", "fox-and-rabbit", "--map", str(mine), "-o", str(tmp_path / "m.pdf"))
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "m.pdf").read_bytes().startswith(b"%PDF-")


# -- encrypted and odd PDFs ----------------------------------------------------------------
needs_qpdf = pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")


def _encrypted(tmp_path: Path, blank: bytes, user: str) -> Path:
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(blank)
    out = tmp_path / "e.pdf"
    subprocess.run(["qpdf", "--encrypt", user, "owner", "256", "--", str(plain), str(out)],
                   check=True)
    return out


@needs_qpdf
def test_a_form_with_an_aes_owner_password_only_is_read(cli, tmp_path, blank):
    result = cli("validate", str(_encrypted(tmp_path, blank, "")))
    assert result.exit_code == 1, result.stderr  # the blank sheet is read and judged
    assert result.stderr == ""
    assert "unfinished run" in result.stdout  # a blank sheet: a game not over


@needs_qpdf
def test_a_form_with_a_user_password_is_one_line(cli, tmp_path, blank):
    one_line(cli("validate", str(_encrypted(tmp_path, blank, "secret"))),
             "is encrypted; save it again without a password")


@needs_qpdf
def test_an_unknown_security_handler_is_one_line(cli, tmp_path, blank):
    pdf = tmp_path / "h.pdf"
    pdf.write_bytes(hostile.unknown_security_handler(
        _encrypted(tmp_path, blank, "").read_bytes()))
    one_line(cli("validate", str(pdf)), "is encrypted in a way printkit cannot read (an "
                                        "unknown security handler)")


@needs_qpdf
def test_aes_without_the_crypto_extra_is_one_line(cli, tmp_path, blank, monkeypatch):
    from pypdf import PdfReader
    from pypdf.errors import DependencyError

    def no_crypto(self, password):  # what pypdf does where cryptography is not installed
        raise DependencyError("cryptography>=3.1 is required for AES algorithm")

    monkeypatch.setattr(PdfReader, "decrypt", no_crypto)
    one_line(cli("validate", str(_encrypted(tmp_path, blank, ""))),
             "e.pdf is encrypted with AES, which needs pypdf's crypto extra (pip install "
             "'pypdf[crypto]'); or save it again without a password")


@pytest.mark.parametrize("value, message", [
    ("9" * 5000, "field score: the score holds a number of 5000 digits; no box on the sheet "
                 "takes more than 6"),
    ("²", "field score: the score holds '²'; write a whole number"),
])
def test_a_number_box_of_thousands_of_digits_or_odd_digits_is_one_line(
        cli, tmp_path, blank, value, message):
    pdf = tmp_path / "n.pdf"
    pdf.write_bytes(hostile.with_fields(blank, score=value))
    one_line(cli("validate", str(pdf)), message)


# -- a form far bigger inside than a gamesheet: refused within budget ---------------------
@pytest.mark.parametrize("make, message", [
    (lambda: hostile.many_fields(100_000), "is far bigger inside than a gamesheet"),
    (lambda: hostile.many_kids(100_000), "is far bigger inside than a gamesheet"),
    (lambda: hostile.many_fields(1_500), "has 1500 fields; a gamesheet has about 130 fields"),
    (lambda: hostile.many_kids(1_500), "has 1500 kids of field 'printkit'"),
    (lambda: hostile.compression_bomb(300_000_000), "is far bigger inside than a gamesheet"),
])
def test_a_huge_form_is_refused_counting_not_building(cli, tmp_path, make, message):
    pdf = tmp_path / "big.pdf"
    pdf.write_bytes(make())
    tracemalloc.start()
    try:
        one_line(cli("validate", str(pdf)), message)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60_000_000  # the whole form would take hundreds of megabytes


def test_a_gamesheet_reads_whole_under_the_limits(blank):
    fields = read_fields(blank, "f.pdf")
    game_map = load_map("classic")
    printed = {f.name for f in sheet_fields.fields(game_map, game_map.modes["easy"])}
    assert set(fields) == printed | {"printkit"} and len(fields) > 100
    assert fields["printkit"].startswith("fox-and-rabbit classic easy ")
    assert fields["score"] == "" and fields["F-carrot"] is False


# -- sheet --from keeps the verdict --------------------------------------------------------
FIXTURES = Path(__file__).parent / "fixtures" / "fox_rabbit"


@pytest.mark.parametrize("record", sorted(FIXTURES.glob("fail_*.yaml")), ids=lambda p: p.stem)
def test_sheet_from_refuses_an_illegal_record_and_writes_nothing(cli, tmp_path, record):
    out = tmp_path / "run.pdf"
    err = one_line(cli("sheet", "fox-and-rabbit", "--from", str(record), "-o", str(out)),
                   f"{record} is an illegal run (", "; first: ",
                   f"printkit validate {record} lists them. A PDF of it is made only with "
                   "--force")
    assert not out.exists()
    assert err


def test_sheet_from_with_force_makes_the_pdf_and_warns_in_one_line(cli, tmp_path):
    record = FIXTURES / "fail_c2_out_of_order.yaml"  # its mistake is in its turn log
    out = tmp_path / "run.pdf"
    result = cli("sheet", "fox-and-rabbit", "--from", str(record), "--force", "-o", str(out))
    assert result.exit_code == 0
    assert result.stdout == f"wrote {out} (1 page)\n"
    assert result.stderr == (
        f"printkit: warning: {record} is an illegal run (1 violation; first: turn 6: F-B3 "
        "crossed before F-B2; cells are crossed in order (clarification 2)): made into a PDF "
        f"as --force asks; the turn log of {record} is not carried into the PDF (the sheet has "
        "no room for it): printkit validate will judge the sheet alone\n")


def test_sheet_from_a_legal_record_with_a_turn_log_says_the_log_is_left_out(cli, tmp_path):
    record = FIXTURES / "legal_easy_won_log.yaml"
    result = cli("sheet", "fox-and-rabbit", "--from", str(record), "-o", str(tmp_path / "r.pdf"))
    assert result.exit_code == 0
    assert result.stderr == (f"printkit: warning: the turn log of {record} is not carried into "
                             "the PDF (the sheet has no room for it): printkit validate will "
                             "judge the sheet alone\n")
    checked = cli("validate", str(tmp_path / "r.pdf"))
    assert checked.exit_code == 0 and "legal run" in checked.stdout


def test_sheet_from_a_legal_sheet_only_record_says_nothing_more(cli, tmp_path):
    record = FIXTURES / "legal_easy_won_sheet.yaml"
    result = cli("sheet", "fox-and-rabbit", "--from", str(record), "-o", str(tmp_path / "r.pdf"))
    assert result.exit_code == 0 and result.stderr == ""


def test_force_belongs_to_fox_and_rabbit_from(cli):
    one_line(cli("sheet", "go-nuts", "--force"), "--force applies to fox-and-rabbit")
    one_line(cli("sheet", "fox-and-rabbit", "--force"), "--force applies to --from")
