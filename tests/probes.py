"""Values a person could give printkit that a message echoes, made long and hostile.

Each kind of value (a food, a map's name, a player's name, a file's name...) is sent where
printkit reads it: on the command line (its error line), to `printkit validate --json` where
a record holds it, and to `printkit serve`'s API (the JSON error the page shows). What comes
back must be what `message.quoted` promises: each line at most MAX_LINE characters, one line
(a record's list of problems: one line each), with no control, bidi or invisible character
left raw. `tests/test_message_probe.py` asserts it; `bench/probe_messages.py` prints the
table.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from printkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
#: The longest line a message may print (the error's `printkit: error: ` included)
MAX_LINE = 300
LANGUAGES = ("en", "es", "fr")
#: A value of 100,000 plain characters, and one of as many that would hide or reorder a line:
#: bidi overrides and isolates, zero-width characters, a soft hyphen, a byte order mark,
#: newlines, tabs and terminal escapes (the colour red, a cursor move)
LONG = "a" * 100_000
_MIX = "\u202e\u2066x\u200b\u200d\u00ad\ufeff\n\x1b[31mred\x1b[2J\t\u061c\u200f\u2069y\u2060"
HOSTILE = (_MIX * (100_000 // len(_MIX) + 1))[:100_000]
VALUES = {"long": LONG, "hostile": HOSTILE}
#: What may not appear raw in a message: controls (newline, ESC...), format characters (bidi
#: controls, zero-width ones, the soft hyphen, the BOM), line and paragraph separators
_RAW = ("Cc", "Cf", "Zl", "Zp", "Cs")


def raw_characters(text: str) -> list[str]:
    """Return the characters of a message's line that would hide, reorder or break it."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if unicodedata.category(ch) in _RAW})


def problems_in(message: str, one_line: bool = True) -> list[str]:
    """Return what is wrong with a message as printed (empty: nothing): more than one line
    (but a record's problems, a line each under their count), a line over MAX_LINE
    characters, a character left raw that would hide, reorder or break its line."""
    lines = message.split("\n")
    out = []
    if one_line and len(lines) > 1 and not (
            lines[0].endswith(":") and all(line.startswith("  - ") for line in lines[1:])):
        out.append(f"{len(lines)} lines")
    for line in lines:
        if len(line) > MAX_LINE:
            out.append(f"a line of {len(line):,} characters")
        raw = raw_characters(line)
        if raw:
            out.append("raw " + ", ".join(raw[:3]))
    return out


#: The keys of a JSON answer that hold messages (the rest is data: a record's own values)
MESSAGE_KEYS = frozenset({"error", "error_said", "problems", "problems_said", "text", "said",
                          "place", "line", "consequences", "consequences_said", "rule"})


def messages(data: Any, inside: bool = False) -> Iterator[str]:
    """Yield the messages of a JSON answer (every text under MESSAGE_KEYS)."""
    if isinstance(data, str):
        if inside:
            yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from messages(value, inside or key in MESSAGE_KEYS)
    elif isinstance(data, list):
        for value in data:
            yield from messages(value, inside)


@dataclass(frozen=True)
class Answer:
    """What one probe got back: its messages, the whole answer's size, and what is wrong."""

    messages: list[str]
    size: int                 # characters of the whole answer (an error line, a JSON text)
    problems: list[str]

    @property
    def longest(self) -> int:
        return max((len(line) for m in self.messages for line in m.split("\n")), default=0)

    @property
    def lines(self) -> int:
        return sum(m.count("\n") + 1 for m in self.messages)


def _answer(found: list[str], whole: str, extra: list[str], one_line: bool = True) -> Answer:
    problems = [p for m in found for p in problems_in(m, one_line)]
    return Answer(found, len(whole), sorted(set(problems), key=problems.index) + extra)


# --- the command line ---------------------------------------------------------------------
def run_cli(args: list[str], lang: str, env: dict[str, str] | None = None
            ) -> tuple[int, str, str]:
    """Run printkit in-process as a person types it; return (status, stdout, stderr)."""
    result = CliRunner().invoke(app, args, env={"PRINTKIT_LANG": lang, **(env or {})},
                                catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def cli_text(args: list[str], lang: str, env: dict[str, str] | None = None) -> Answer:
    """Return the error line a command prints (exit status 2), or the report of a run that
    reads but breaks a rule (exit status 1), whose lines are checked one by one."""
    status, out, err = run_cli(args, lang, env)
    if status == 1 and args[0] == "validate":
        return _answer(out.splitlines(), out, [], one_line=False)
    extra = [] if status == 2 else [f"exit status {status}"]
    if not err.startswith("printkit: error: "):
        extra.append("no error line")
    return _answer([err.removesuffix("\n")] if err else [], err, extra)


def cli_json(args: list[str], lang: str) -> Answer:
    """Return the messages of `validate --json`'s report."""
    status, out, err = run_cli([*args, "--json"], lang)
    extra = [] if status in (1, 2) else [f"exit status {status}"]
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        return _answer([err], out + err, [*extra, "no JSON report"])
    return _answer(list(messages(report)), out, extra + (["an error line too"] if err else []))


# --- the page's API -----------------------------------------------------------------------
def web_error(url: str, route: str, body: bytes, lang: str) -> Answer:
    """Return the messages of `printkit serve`'s JSON answer to a request, as the page shows
    them (an error, a report's violations, why a mark is refused)."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url + route, data=body, method="POST", headers={
        "Content-Type": "application/json", "Accept-Language": lang})
    try:
        with urllib.request.urlopen(request, timeout=60) as res:
            status, text = res.status, res.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read().decode("utf-8")
    try:
        answer = json.loads(text)
    except json.JSONDecodeError:
        return _answer([text], text, [f"HTTP {status}", "not JSON"])
    found = list(messages(answer))
    extra = [] if status in (400, 422) or (status == 200 and found) else [f"HTTP {status}"]
    return _answer(found, text, extra)


# --- the kinds of value -------------------------------------------------------------------
def record(**keys: Any) -> str:
    """Return a run record's YAML (a JSON object, which YAML reads) with `keys` set."""
    return json.dumps({"game": "fox-and-rabbit", "map": "classic", "mode": "easy", **keys})


Cli = Callable[[str, Path], tuple[list[str], dict[str, str]]]
Web = Callable[[str], tuple[str, bytes]]


@dataclass(frozen=True)
class Kind:
    """A kind of value a message echoes, and how the command line and the page are handed one.

    `cli(value, folder)` returns a command's arguments (writing any file it needs into
    `folder`, the folder the command runs in, as a person names their own files) and the
    environment it runs in; `json`: `validate --json` reads it too;
    `web(value)` returns the API route and the body that send it to the page's API. `most`
    is the longest value that gets as far as being echoed (a longer one is refused for its
    length, which a message says without echoing it).
    """

    name: str
    cli: Cli
    json: bool = False
    web: Web | None = None
    most: int | None = None


def _validate(make: Callable[[str], str]) -> Cli:
    def args(value: str, folder: Path) -> tuple[list[str], dict[str, str]]:
        (folder / "run.yaml").write_text(make(value), "utf-8")
        return ["validate", "run.yaml"], {}
    return args


def _command(*args: str, env: str | None = None) -> Cli:
    """Return a command line with the value in place of V (or in the variable `env`)."""
    def make(value: str, folder: Path) -> tuple[list[str], dict[str, str]]:
        line = [value if a == "V" else "--" + value if a == "--V" else a for a in args]
        return line, ({env: value} if env else {})
    return make


def _record_api(make: Callable[[str], str]) -> Web:
    return lambda value: ("api/validate", make(value).encode())


def _page_api(route: str, make: Callable[[str], dict[str, Any]]) -> Web:
    return lambda value: (route, json.dumps(make(value)).encode())


def _deck(colour: str = "#1d1d1f", column: str = "name", text: str = "{name}",
          key: str | None = None) -> list[str]:
    """Return a small custom deck's files' texts: its layout and its data."""
    import csv
    import io

    extra = "" if key is None else f"{json.dumps(key)} = 1\n"
    layout = (f'[card]\ntitle = "Probe"\nsize = "poker"\n{extra}\n[elements.name]\n'
              f'kind = "text"\ntext = {json.dumps(text)}\nx = "5mm"\ny = "5mm"\n'
              f'width = "20mm"\nheight = "5mm"\nfit = "shrink"\nmin_size = 6\n'
              f'color = {json.dumps(colour)}\n')
    data = io.StringIO()
    csv.writer(data).writerows([[column, "copies"], ["Ace", "1"]])
    return [layout, data.getvalue()]


def _deck_cli(**what: str) -> Cli:
    def make(value: str, folder: Path) -> tuple[list[str], dict[str, str]]:
        layout, data = _deck(**{k: v.replace("V", value) for k, v in what.items()})
        (folder / "card.toml").write_text(layout, "utf-8")
        (folder / "cards.csv").write_text(data, "utf-8")
        return ["deck", "--data", "cards.csv", "--layout", "card.toml", "-o", "out"], {}
    return make


@cache
def _blank_form() -> bytes:
    from printkit.draw.paper import LETTER
    from printkit.games.fox_rabbit.template import load_map
    from printkit.products.fox_rabbit.gamesheet import gamesheet

    return gamesheet(load_map("classic"), "easy", LETTER, fillable=True).pdf_bytes()


@cache
def _form_naming(value: str) -> bytes:
    """Return a filled gamesheet whose first field is renamed `value`."""
    import io

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_blank_form())))
    field = writer.root_object["/AcroForm"]["/Fields"][0].get_object()
    field[NameObject("/T")] = TextStringObject(value)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _form_cli(value: str, folder: Path) -> tuple[list[str], dict[str, str]]:
    (folder / "sheet.pdf").write_bytes(_form_naming(value))
    return ["validate", "sheet.pdf"], {}


KINDS: tuple[Kind, ...] = (
    Kind("food", _validate(lambda v: record(eaten={"fox": [v]})), True,
         _record_api(lambda v: record(eaten={"fox": [v]}))),
    Kind("map name", _command("sheet", "fox-and-rabbit", "--map", "V", "-o", "out/"), False,
         _page_api("api/check", lambda v: {"map": v})),
    Kind("map in a record", _validate(lambda v: record(map=v)), True,
         _record_api(lambda v: record(map=v))),
    Kind("player's name", _command("sheet", "go-nuts", "--players", "V", "-o", "out/")),
    Kind("file name", _command("validate", "V"), True),
    Kind("field's value", _validate(lambda v: record(written={"F-A3": v})), True,
         _page_api("api/check", lambda v: {"values": {"F-A3": v}}), most=80),
    Kind("field's name", _validate(lambda v: record(written={v: 3})), True,
         _page_api("api/check", lambda v: {"values": {v: True}}), most=1000),
    Kind("form field's name", _form_cli, True,  # 10,000 characters: pypdf reads 100,000 slowly
         lambda v: ("api/open", _form_naming(v)), most=10_000),
    Kind("mode", _command("sheet", "fox-and-rabbit", "--mode", "V", "-o", "out/"), False,
         _page_api("api/check", lambda v: {"mode": v})),
    Kind("mode in a record", _validate(lambda v: record(mode=v)), True,
         _record_api(lambda v: record(mode=v))),
    Kind("paper", _command("sheet", "go-nuts", "--paper", "V", "-o", "out/"), False,
         _page_api("api/pdf", lambda v: {"paper": v})),
    Kind("language", _command("validate", "--blank", "--lang", "V")),
    Kind("number", _command("sheet", "go-nuts", "--count", "V", "-o", "out/")),
    Kind("option", _command("sheet", "go-nuts", "--V")),
    Kind("language's variable", _command("validate", "--blank", env="PRINTKIT_LANG")),
    Kind("colour", _deck_cli(colour="V"), most=100),
    Kind("cell id", _validate(lambda v: record(crossed=[v])), True,
         _record_api(lambda v: record(crossed=[v]))),
    Kind("die", _validate(lambda v: record(turns=[v])), True,
         _page_api("api/play", lambda v: {"turns": [v]}), most=400),
    Kind("die in an attempt", _validate(lambda v: record(escape_attempts=[{
        "round": 1, "animal": "fox", "roll": v, "escaped": False}])), True),
    Kind("title", _validate(lambda v: record(crossed=[], claimed={"title": v})), True,
         _record_api(lambda v: record(crossed=[], claimed={"title": v})), most=200),
    Kind("achievement", _validate(lambda v: record(claimed={"achievements": [v]})), True,
         _record_api(lambda v: record(claimed={"achievements": [v]}))),
    Kind("deck column", _deck_cli(text="{V}"), most=1998),
    Kind("deck's column name", _deck_cli(column="V")),
    Kind("layout key", _deck_cli(key="V")),
    Kind("deck's long text", _deck_cli(text="V"), most=2000),
    Kind("record key", _validate(lambda v: record(**{v: 1})), True,
         _record_api(lambda v: record(**{v: 1})), most=1000),
)


def value_for(kind: Kind, value_name: str) -> str:
    value = VALUES[value_name]
    return value if kind.most is None else value[:kind.most]


def probe(kind: Kind, value_name: str, lang: str, folder: Path, url: str | None
          ) -> dict[str, Answer | None]:
    """Return what the command line, `validate --json` and the page answer `kind`'s value;
    the command runs in `folder`, the current folder."""
    value = value_for(kind, value_name)
    args, env = kind.cli(value, folder)
    answers: dict[str, Answer | None] = {"cli": cli_text(args, lang, env), "json": None,
                                         "web": None}
    if kind.json:
        answers["json"] = cli_json(args, lang)
    if kind.web is not None and url is not None:
        route, body = kind.web(value)
        answers["web"] = web_error(url, route, body, lang)
    return answers
