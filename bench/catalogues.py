"""Extract, update and compile printkit's gettext catalogues, with Babel.

    python bench/catalogues.py            extract the messages, update every .po, compile the .mo
    python bench/catalogues.py --check    change nothing; exit 1 if a catalogue is out of date

Messages come from the code (`_("...")`, `gettext`, `ngettext`, a game's name in
`Game(...)`, and the messages said later in the reader's language: `tr`, `ntr`, `nctr`)
and from the data a sheet prints (the classic map's foods, places, titles and
achievements; the deck's back). They go to `printkit/locale/printkit.pot`; each language's
`printkit/locale/<code>/LC_MESSAGES/printkit.po` is updated from it (a new message arrives
empty, a changed one fuzzy: translate it, then run this again), and compiled to the `.mo`
beside it, which is committed so that `pip install .` needs no build step. `pybabel
extract/update/compile` do the same by hand; this script only fixes the options.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "printkit" / "locale"
TEMPLATE = LOCALE / "printkit.pot"
# Game("go-nuts", "Go Nuts!", ...); the referee's messages, said later (printkit/message.py)
KEYWORDS = {**DEFAULT_KEYWORDS, "Game": (2,), "tr": None, "ntr": (1, 2),
            "nctr": ((1, "c"), 2, 3)}
MAP = "templates/fox-and-rabbit/classic.toml"
DECK = "templates/crazy8ix/deck.toml"
FACES = "templates/crazy8ix/card.toml"
HELP = "templates/crazy8ix/help.toml"
# the template's date is fixed, so that running this twice changes nothing
DATE = datetime(2026, 11, 27, tzinfo=UTC)


def _data_messages() -> list[tuple[str, str]]:
    """Return (message, where) for the words a sheet prints from the bundled data."""
    found: list[tuple[str, str]] = []
    classic = tomllib.loads((ROOT / MAP).read_text(encoding="utf-8"))
    for food in classic["foods"]:
        found.append((food["name"], f"{MAP} foods"))
    for place in classic["locations"]:
        found.append((place["name"], f"{MAP} locations"))
    for title in classic["score"]["titles"]:
        found.append((title["title"], f"{MAP} score titles"))
    for achievement in classic["achievements"]:
        found.append((achievement["text"], f"{MAP} achievements"))
    deck = tomllib.loads((ROOT / DECK).read_text(encoding="utf-8"))
    found.append((deck["back"]["title"], f"{DECK} back"))
    # the faces' and help cards' words as the deck looks them up: a text whole, its
    # {fields} in it, or one with inline :icons: phrase by phrase (fields and icons apart)
    for layout in (FACES, HELP):
        data = tomllib.loads((ROOT / layout).read_text(encoding="utf-8"))
        for name, element in data["elements"].items():
            text = element.get("text", "")
            words = re.split(r"\{[^{}]*\}|:[A-Za-z0-9_-]+:", text)
            phrases = (words if re.search(r":[A-Za-z0-9_-]+:", text) else
                       [text] if any(ch.isalpha() for ch in "".join(words)) else [])
            for phrase in phrases:
                if any(ch.isalpha() for ch in phrase):
                    found.append((phrase.strip(), f"{layout} elements.{name}"))
    return found


def template() -> Catalog:
    """Return the catalogue template: every message printkit prints, with where it is."""
    pot = Catalog(project="printkit", version="0.1.0", charset="utf-8", fuzzy=False,
                  creation_date=DATE, revision_date=DATE)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT / "printkit"), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        pot.add(message, None, [(f"printkit/{filename}", lineno)], auto_comments=comments,
                context=context)
    for message, where in _data_messages():
        pot.add(message, None, [(where, 0)])
    return pot


def _po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "printkit.po"


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # where a message is said, by file but not line: a line moved by an edit elsewhere is no
    # change to the catalogue, and the check below stays about the messages
    write_po(out, catalog, width=96, omit_header=False, sort_output=False,
             ignore_obsolete=True, include_previous=True, include_lineno=False)
    return out.getvalue()


def mo_bytes(po: Path) -> bytes:
    """Return the compiled catalogue of a .po file, as Babel writes it."""
    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _pot_bytes(pot: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, pot, width=96, omit_header=True, sort_output=False, include_lineno=False)
    return out.getvalue()


# A catalogue names the Babel that wrote it ("Generated-By: Babel 2.19.0"): a newer Babel on
# another machine is no change to the messages, so the files are compared without that line.
_GENERATED_BY = re.compile(rb'^"Generated-By: Babel [^"]*"\n', re.MULTILINE)


def _same_po(old: bytes, new: bytes) -> bool:
    return _GENERATED_BY.sub(b"", old) == _GENERATED_BY.sub(b"", new)


def _same_mo(old: bytes, new: bytes) -> bool:
    def messages(data: bytes) -> list[tuple[object, object]]:
        # the header's text comes from the catalogue's attributes: compared as they are, but for
        # the Babel that wrote it
        catalog = read_mo(io.BytesIO(data))
        header = [(name, value) for name, value in catalog.mime_headers
                  if name != "Generated-By"]
        return [("", header), *((m.id, m.string) for m in catalog if m.id)]
    return messages(old) == messages(new)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a catalogue is out of date")
    args = parser.parse_args()
    pot = template()
    stale: list[str] = []
    writes: dict[Path, bytes] = {TEMPLATE: _pot_bytes(pot)}
    for code in languages():
        po_path = _po_path(code)
        with po_path.open("rb") as f:
            catalog = read_po(f, locale=code)
        catalog.update(pot, update_header_comment=False)
        writes[po_path] = _po_bytes(catalog)
        untranslated = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
        for message in untranslated:
            print(f"{code}: not translated yet: {message!r}", file=sys.stderr)
    for path, data in writes.items():
        if not path.is_file() or not _same_po(path.read_bytes(), data):
            stale.append(str(path.relative_to(ROOT)))
            if not args.check:
                path.write_bytes(data)
    for code in languages():
        mo = _po_path(code).with_suffix(".mo")
        data = mo_bytes(_po_path(code))
        if not mo.is_file() or not _same_mo(mo.read_bytes(), data):
            stale.append(str(mo.relative_to(ROOT)))
            if not args.check:
                mo.write_bytes(data)
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
