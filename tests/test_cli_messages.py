"""Where messages leave printkit: the command line's error and report lines, and the JSON
report of `printkit validate --json`, whatever the file names and values a person gives."""

from __future__ import annotations

import json


def test_an_error_naming_a_file_with_a_newline_is_one_line(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "bad\nname\x1b[2J\u202e.pdf"
    (tmp_path / name).write_bytes(b"%PDF-1.4 not a gamesheet")
    result = cli("validate", name)
    assert result.exit_code == 2
    assert result.stderr.startswith("printkit: error: bad\\nname\\x1b[2J\\u202e.pdf is a damaged "
                                    "PDF")
    assert result.stderr.count("\n") == 1
    result = cli("validate", "no\nsuch.yaml")
    assert result.stderr == "printkit: error: the run record no\\nsuch.yaml does not exist\n"


def test_a_file_written_with_a_newline_in_its_name_is_reported_on_one_line(cli, tmp_path):
    out = tmp_path / "pad\nfor\u202eana.pdf"
    result = cli("sheet", "go-nuts", "-o", str(out))
    assert result.exit_code == 0 and out.exists()
    assert result.stdout == f"wrote {tmp_path}/pad\\nfor\\u202eana.pdf (1 page)\n"


def test_the_json_report_on_an_unreadable_record_holds_each_text_once_in_english(cli,
                                                                               tmp_path):
    record = tmp_path / "run.yaml"
    record.write_text("game: fox-and-rabbit\nmode: easy\neaten: {fox: [" + "a" * 100_000
                      + "]}\n")
    english = json.loads(cli("validate", str(record), "--json").stdout)
    assert english["problems"] == ["line 3, column 15: eaten.fox[0]: not an id (letters, digits "
                                   "and -, e.g. carrot or easy-3-one) (found 'aaaaaaaaaaaaaaaaaaa"
                                   "aaaaaaa…aaaaaaaaaaaaa' (100,000 characters))"]
    assert english["error"] == english["problems"][0]
    assert "error_said" not in english and "problems_said" not in english
    french = json.loads(cli("validate", str(record), "--json", "--lang", "fr").stdout)
    assert french["problems"] == english["problems"]
    assert french["problems_said"][0].endswith(": 'aaaaaaaaaaaaaaaaaaaaaaaaaa…aaaaaaaaaaaaa' "
                                               "(100 000 caractères))")
    assert french["error_said"] == french["problems_said"][0]
