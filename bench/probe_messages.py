"""How printkit's messages show a long or hostile value: a table, kind by kind.

Run: python bench/probe_messages.py [LANG,...]          (default en,es,fr)

Each kind of value a message echoes (`tests/probes.py`: a food, a map's name, a file's name,
a deck's column...) is sent as 100,000 plain characters ("long") and as 100,000 characters of
bidi controls, zero-width characters, newlines, tabs and terminal escapes ("hostile"), in each
language, to the command line (its error line), to `printkit validate --json` and to a real
`printkit serve`'s API (the JSON error the page shows). For each surface the table gives the
longest line of a message, in characters, the whole answer's size where it differs, and what
is wrong ("lines": a message broken over lines; "raw": a control, bidi or invisible character
left in; "> 300": a line over 300 characters), the worst over the languages asked for. `-`:
the value does not reach that surface. The test (`tests/web/test_message_probe.py`) asserts
what this prints: nothing wrong anywhere.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import probes  # noqa: E402
from tests.web.conftest import Server  # noqa: E402


def _cell(answers: list[probes.Answer | None]) -> str:
    found = [a for a in answers if a is not None]
    if not found:
        return "-"
    longest = max(a.longest for a in found)
    size = max(a.size for a in found)
    wrong = sorted({p.split(" of ")[0].replace("a line", "> 300").split(",")[0]
                    for a in found for p in a.problems})
    said = f"{longest:,}" + (f" ({size:,})" if size > longest + 2 else "")
    return said + (" " + "; ".join(wrong) if wrong else "")


def main() -> None:
    languages = sys.argv[1].split(",") if len(sys.argv) > 1 else list(probes.LANGUAGES)
    server = Server()
    here = os.getcwd()
    bad = 0
    try:
        print(f"languages: {', '.join(languages)}; longest line (whole answer), characters")
        print(f"{'kind':22} {'value':8} {'command line':28} {'validate --json':28} "
              f"{'page API (JSON)':28}")
        for kind in probes.KINDS:
            for value in probes.VALUES:
                got: dict[str, list[probes.Answer | None]] = {"cli": [], "json": [], "web": []}
                for lang in languages:
                    with tempfile.TemporaryDirectory() as folder:
                        os.chdir(folder)
                        try:
                            answers = probes.probe(kind, value, lang, Path(folder), server.url)
                        finally:
                            os.chdir(here)
                    for surface, answer in answers.items():
                        got[surface].append(answer)
                        bad += bool(answer is not None and answer.problems)
                print(f"{kind.name:22} {value:8} {_cell(got['cli']):28} "
                      f"{_cell(got['json']):28} {_cell(got['web']):28}")
    finally:
        server.stop()
    print(f"answers with something wrong: {bad}")


if __name__ == "__main__":
    main()
