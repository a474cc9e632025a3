"""`printkit rules` as a person types it, and the PDFs read back as a print shop would."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.draw.paper import A4, LETTER
from tests.helpers import BASE14, page_sizes, reader
from tests.helpers import fonts as pdf_fonts
from tests.helpers import text as pdf_text

runner = CliRunner()

KEY_PHRASES = {
    "crazy-like-a-fox": ["Crazy Like a Fox", "BIG #1", "Ties cancel", "Clarifications",
                         "35.3 %"],
    "crazy8ix": ["Crazy8ix", "Toutilix!", "Z A B C D E F", "Clarifications"],
    "go-nuts": ["Go Nuts!", "All Cars", "One Die Left", "Clarifications"],
    "dice-dice-baby": ["Dice Dice Baby", "Babies are wild", "Challenge", "Clarifications"],
    "fox-and-rabbit": ["The Fox and the Rabbit", "The endgame", "Achievements",
                       "Super-hard: every food eaten and both animals escaped", "Clarifications"],
}


def _run(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("game_id", list(KEY_PHRASES))
def test_one_game_is_written_read_back_and_embeds_its_fonts(game_id, tmp_path: Path):
    result = _run("rules", game_id, "--paper", "a4", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / f"{game_id}-rules-a4.pdf"
    pages = 2 if game_id == "fox-and-rabbit" else 1
    assert result.output == f"wrote {path} ({pages} page{'s' if pages > 1 else ''})\n"
    assert page_sizes(path) == [pytest.approx((A4.width, A4.height), abs=0.01)] * pages
    text = " ".join(pdf_text(path).split())
    for phrase in KEY_PHRASES[game_id]:
        assert phrase in text, phrase
    assert "A4 210 × 297 mm" in text
    fonts = pdf_fonts(path)
    assert fonts and all(fonts.values()), fonts
    assert not set(fonts) & BASE14
    assert set(fonts) <= {"Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black"}


def test_all_is_the_default_and_writes_the_booklet(tmp_path: Path):
    result = _run("rules", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / "rules-letter.pdf"
    assert result.output == f"wrote {path} (6 pages)\n"
    assert page_sizes(path) == [(LETTER.width, LETTER.height)] * 6
    texts = [" ".join((p.extract_text() or "").split()) for p in reader(path).pages]
    order = ["Crazy Like a Fox", "Crazy8ix", "Dice Dice Baby", "Go Nuts!",
             "The Fox and the Rabbit", "The Fox and the Rabbit"]
    for page, (text, title) in enumerate(zip(texts, order), start=1):
        assert text.startswith(title) or title in text[:80], (page, text[:80])
        assert f"page {page} of 6" in text
    assert "Rule summaries" in reader(path).metadata.title


def test_a_file_name_is_used_as_given(tmp_path: Path):
    target = tmp_path / "sub" / "nuts.pdf"
    target.parent.mkdir()
    result = _run("rules", "go-nuts", "-o", str(target))
    assert result.exit_code == 0
    assert target.is_file() and page_sizes(target) == [(LETTER.width, LETTER.height)]


def test_the_same_inputs_give_the_same_bytes(tmp_path: Path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert _run("rules", "crazy8ix", "-o", str(a)).exit_code == 0
    assert _run("rules", "crazy8ix", "-o", str(b)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("args, message", [
    (["rules", "chess"], "Invalid value for '[GAME]': 'chess' is not one of 'crazy-like-a-fox'"),
    (["rules", "go-nuts", "--paper", "legal"], "'legal' is not one of 'letter', 'a4'"),
    (["rules", "all", "--template", "x.md"], "--template prints one game's summary"),
    (["rules", "go-nuts", "--template", "no-such-file.md"], "no-such-file.md does not exist"),
])
def test_bad_input_is_one_line_and_exit_2(args, message, tmp_path: Path):
    result = _run(*args, "-o", str(tmp_path))
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_users_broken_copy_names_its_file_and_line_and_writes_nothing(tmp_path: Path):
    bundled = Path(__file__).resolve().parent.parent / "templates" / "rules" / "go-nuts.md"
    copy = tmp_path / "my-go-nuts.md"
    lines = bundled.read_text(encoding="utf-8").splitlines()
    lines[10] = "see [our site](https://example.com)"
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = _run("rules", "go-nuts", "--template", str(copy), "-o", str(out) + "/")
    assert result.exit_code == 2
    assert f"{copy}, line 11: links are not supported" in result.output
    assert not out.exists() or list(out.iterdir()) == []


def test_a_users_edited_copy_is_printed(tmp_path: Path):
    bundled = Path(__file__).resolve().parent.parent / "templates" / "rules" / "go-nuts.md"
    copy = tmp_path / "house-go-nuts.md"
    copy.write_text(bundled.read_text(encoding="utf-8").replace(
        "# Go Nuts!", "# Go Nuts! (house edition)"), encoding="utf-8")
    result = _run("rules", "go-nuts", "--template", str(copy), "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Go Nuts! (house edition)" in pdf_text(tmp_path / "go-nuts-rules-letter.pdf")


def test_the_kit_includes_the_rules_booklet(tmp_path: Path):
    result = _run("kit", "--count", "4", "--paper", "a4", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    booklet = tmp_path / "rules-a4.pdf"
    assert f"wrote {booklet} (6 pages)" in result.output
    assert len(page_sizes(booklet)) == 6
    assert "Clarifications" in pdf_text(booklet)


def test_rules_is_listed_in_the_help():
    result = _run("--help")
    assert result.exit_code == 0
    assert "rules" in result.output
