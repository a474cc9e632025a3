"""Write the field table of docs/gamesheet-form.md from the sheet's one list of fields.

Run: python bench/make_form_docs.py (a test fails while the table and the code differ).
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from printkit.games.fox_rabbit.sheet_fields import field_table  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402

START, END = "<!-- fields: written by bench/make_form_docs.py -->\n", "<!-- end of fields -->\n"


def main() -> None:
    path = ROOT / "docs/gamesheet-form.md"
    text = path.read_text()
    head, rest = text.split(START)
    _, tail = rest.split(END)
    path.write_text(head + START + field_table(load_map("classic")) + END + tail)
    print(f"wrote the field table of {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
