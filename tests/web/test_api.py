"""The HTTP API of `printkit serve`, as a tool calls it: status codes and bodies."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app
from tests.web.conftest import call

ROOT = Path(__file__).parent.parent.parent
EXAMPLE = ROOT / "examples/fox-and-rabbit/easy-won.yaml"
ILLEGAL = ROOT / "tests/fixtures/fox_rabbit/fail_c2_wrong_colour.yaml"
YAML = {"Content-Type": "application/yaml"}


def cli_json(path: Path) -> dict:
    return json.loads(CliRunner().invoke(app, ["validate", str(path), "--json"]).output)


def validate(server, body: bytes, headers: dict[str, str] | None = None):
    return call(server.url + "api/validate", body, YAML if headers is None else headers)


def test_validate_answers_what_printkit_validate_json_prints(server):
    for path in (EXAMPLE, ILLEGAL):
        answer = validate(server, path.read_bytes())
        assert answer.status == 200
        assert answer.type == "application/json"
        assert answer.json() == cli_json(path)


def test_validate_takes_json_too(server):
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text())
    answer = validate(server, json.dumps(data).encode(), {"Content-Type": "application/json"})
    assert answer.status == 200
    assert answer.json() == cli_json(EXAMPLE)


def test_an_unreadable_record_gets_422_with_the_read_error(server, tmp_path):
    text = "game: fox-and-rabbit\nmode: medium\n"
    answer = validate(server, text.encode())
    assert answer.status == 422
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    assert answer.json() == cli_json(bad)
    assert answer.json()["error"] == "line 2, column 7: mode: expected easy, hard or super-hard " \
                                     "(found 'medium')"


def test_a_body_over_1_mb_gets_413(server):
    answer = validate(server, b"# " + b"x" * 1_000_000)
    assert answer.status == 413
    assert "larger than 1 MB" in answer.json()["error"]


def test_malformed_requests_get_400_with_a_reason(server):
    answer = validate(server, b"\xff\xfe game", YAML)
    assert answer.status == 400
    assert answer.json() == {"error": "the body is not UTF-8 text (byte 0)"}
    answer = validate(server, b"--x\r\n", {"Content-Type": "multipart/form-data; boundary=x"})
    assert answer.status == 400
    assert "not 'multipart/form-data'" in answer.json()["error"]
    answer = call(server.url + "api/check", b"{not json", {"Content-Type": "application/json"})
    assert answer.status == 400
    assert answer.json()["error"].startswith("the body is not JSON")
    answer = call(server.url + "api/check", json.dumps({"values": {"F-Z9": True}}).encode())
    assert answer.status == 400
    assert answer.json() == {"error": "there is no field 'F-Z9' on the classic easy sheet"}
    answer = call(server.url + "api/sheet?mode=medium")
    assert answer.status == 400
    assert answer.json() == {"error": "unknown mode 'medium': expected one of easy, hard, "
                                      "super-hard"}


def test_nothing_answers_with_a_traceback(server):
    for path, body in (("api/validate", None), ("api/nothing", None), ("api/check", b"[]"),
                       ("api/sheet?map=../../etc/passwd", None), ("api/play", b"{}")):
        answer = call(server.url + path, body)
        assert answer.type == "application/json", path
        assert "Traceback" not in answer.body.decode(), path
        assert set(answer.json()) == {"error"}, path
        assert 400 <= answer.status < 500, path


def test_sheet_is_the_gamesheet_as_svg(server):
    answer = call(server.url + "api/sheet?mode=easy&map=classic")
    assert answer.status == 200
    assert answer.type == "image/svg+xml"
    svg = answer.body.decode()
    assert svg.startswith("<svg") and "The Fox and the Rabbit" in svg and "Easy mode" in svg
    assert "Hard mode" in call(server.url + "api/sheet?mode=hard").body.decode()


def test_sheet_is_drawn_by_the_pdf_drawing_code(server):
    from printkit.draw import svg
    from printkit.draw.paper import paper
    from printkit.games.fox_rabbit.template import load_map
    from printkit.products.fox_rabbit.gamesheet import gamesheet

    doc = gamesheet(load_map("classic"), "super-hard", paper("a4"))
    answer = call(server.url + "api/sheet?mode=super-hard&map=classic&paper=a4")
    assert answer.body == svg.render(doc.pages[0])


def test_play_refuses_a_mark_with_the_validators_reason(server):
    def play(*turns: str):
        body = json.dumps({"map": "classic", "mode": "easy", "turns": list(turns)}).encode()
        return call(server.url + "api/play", body, {"Content-Type": "application/json"})

    assert play("R1 B6 Y5").json() == {"ok": True, "problems": []}
    assert play("R1 B6 Y5; F-A1 B6").json() == {"ok": False, "problems": [
        "yellow 2 at F-A1 needs one yellow die; B6 was used (clarification 2)"]}


def test_open_turns_a_record_into_the_pages_sheet(server):
    answer = call(server.url + "api/open", EXAMPLE.read_bytes())
    assert answer.status == 200
    page = answer.json()
    assert (page["map"], page["mode"]) == ("classic", "easy")
    assert page["values"]["F-B4"] == "10" and page["values"]["trap-14"] is True
    assert len(page["turns"]) == 14
    damaged = call(server.url + "api/open", b"%PDF-1.7\n")
    assert damaged.status == 422
    assert damaged.json()["error"].startswith("the PDF is a damaged PDF")


def test_the_filled_pdf_downloaded_opens_as_the_same_sheet(server):
    page = call(server.url + "api/open", EXAMPLE.read_bytes()).json()
    body = json.dumps({"map": page["map"], "mode": page["mode"], "values": page["values"]})
    pdf = call(server.url + "api/pdf", body.encode(), {"Content-Type": "application/json"})
    assert pdf.status == 200
    assert pdf.type == "application/pdf" and pdf.body.startswith(b"%PDF-")
    again = call(server.url + "api/open", pdf.body).json()
    assert again == {**page, "turns": []}  # a PDF holds the sheet, not the turn log
    # and printkit validate reads it as the same run
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(pdf.body)
        f.flush()
        report = json.loads(CliRunner().invoke(app, ["validate", f.name, "--json"]).output)
    assert report["legal"] is True and report["computed"]["score"] == 14


def test_the_page_and_its_files_come_from_printkit_alone(server):
    page = call(server.url)
    assert page.status == 200 and "text/html" in page.type
    html = page.body.decode()
    assert "http://" not in html and "https://" not in html
    for path in ("static/page.js", "static/page.css", "fonts/Lato-Regular.ttf"):
        assert call(server.url + path).status == 200, path
    js = call(server.url + "static/page.js").body.decode()
    assert "http" not in js.replace("http://www.w3.org/2000/svg", "")
    assert call(server.url + "fonts/OFL.txt").status == 404


def test_answers_carry_a_policy_that_loads_nothing_from_elsewhere(server):
    import urllib.request

    with urllib.request.urlopen(server.url) as res:
        policy = res.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy


def test_a_request_for_another_host_name_is_refused_in_json(server):
    answer = call(server.url, headers={"Host": "example.com"})
    assert answer.status == 400
    assert answer.json() == {"error": "this server answers only the names and addresses it was "
                                      "started on, not 'example.com' (printkit serve "
                                      "--allow-host NAME adds one)"}


def test_fonts_are_the_bundled_faces_cut_to_what_the_page_prints(server):
    import io

    from fontTools.ttLib import TTFont

    answer = call(server.url + "fonts/Lato-Bold.ttf")
    assert answer.status == 200 and answer.type == "font/ttf"
    assert len(answer.body) < 150_000  # the whole face is 0.6 MB
    cmap = TTFont(io.BytesIO(answer.body)).getBestCmap()
    assert all(ord(ch) in cmap for ch in "Zoë Łukasz ≤ × – …")


def test_the_shipped_cut_faces_are_those_the_bundled_faces_make():
    # fonts/web/ holds the faces the page loads, cut ahead (bench/web_fonts.py); INPUTS names
    # the whole faces and characters they were cut from, so a changed face or character list
    # that was not cut again fails here (the server would cut them itself at every start)
    import io

    from fontTools.ttLib import TTFont

    from printkit.draw.fonts import font_path
    from printkit.web import fonts

    folder = font_path(fonts.FOLDER)
    assert (folder / fonts.STAMP).read_text(encoding="ascii").strip() == fonts.inputs_digest()
    assert fonts.web_font("Lato-Italic.ttf") == (folder / "Lato-Italic.ttf").read_bytes()
    for filename in sorted(fonts.FILES):
        whole = TTFont(str(font_path(filename))).getBestCmap()
        cut = TTFont(io.BytesIO((folder / filename).read_bytes()))
        assert set(cut.getBestCmap()) == set(fonts.CHARACTERS) & set(whole)
        assert "SIL Open Font License" in " ".join(str(n) for n in cut["name"].names)


def test_the_documented_curl_call_works(server):
    # curl --data-binary sends application/x-www-form-urlencoded unless told otherwise
    answer = validate(server, EXAMPLE.read_bytes(),
                      {"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status == 200 and answer.json() == cli_json(EXAMPLE)
