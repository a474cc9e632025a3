"""A module of the rules core, its referee, the photo reader or the page's server does one job
and stays readable in one sitting: none is over 500 lines (when one grows past, it has become
several)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"
MOST = 500
#: The folders held to it, their sub-folders with them.
FOLDERS = ("games/fox_rabbit", "scan", "web")


def test_no_module_of_the_rules_core_the_referee_the_reader_or_the_server_is_over_500_lines():
    lengths = {str(path.relative_to(PACKAGE.parent)): len(path.read_text(encoding="utf-8")
                                                           .splitlines())
               for folder in FOLDERS for path in sorted((PACKAGE / folder).rglob("*.py"))}
    assert "printkit/games/fox_rabbit/referee/replay.py" in lengths   # the referee's counted
    assert "printkit/web/app.py" in lengths
    assert {name: n for name, n in lengths.items() if n > MOST} == {}
