"""The example decks' commands, as examples/decks/README.md gives them, run on the default
install (`pip install printkit`): in a process where every package only an optional extra
brings cannot be imported."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "examples" / "decks" / "README.md"
#: the module each optional package is imported as
MODULES = {"opencv-python-headless": "cv2", "numpy": "numpy", "openpyxl": "openpyxl",
           "resvg-py": "resvg_py", "scikit-learn": "sklearn", "threadpoolctl": "threadpoolctl",
           "mlxtend": "mlxtend", "zxing-cpp": "zxingcpp"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()


def extras_only() -> list[str]:
    """Return the modules of the packages that only an optional extra installs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {_name(r) for r in project["dependencies"]}
    optional = {_name(r) for group, reqs in project["optional-dependencies"].items()
                if group != "test" for r in reqs}
    missing = optional - core - set(MODULES)
    assert not missing, f"say which module {missing} are imported as"
    return sorted(MODULES[name] for name in optional - core)


def readme_commands() -> list[list[str]]:
    return [shlex.split(line) for line in README.read_text().splitlines()
            if line.startswith("printkit deck ")]


def test_the_readme_has_commands_to_run() -> None:
    assert len(readme_commands()) >= 2
    assert "resvg_py" not in extras_only()  # SVG art is drawn on the default install


@pytest.mark.parametrize("command", readme_commands(), ids=lambda c: c[3].split("/")[2])
def test_each_example_command_runs_on_the_default_install(command: list[str],
                                                          tmp_path: Path) -> None:
    args = [a if not a.startswith("examples/") else str(ROOT / a) for a in command[1:]]
    args = [str(tmp_path / "out") if a == "out/" else a for a in args]
    blocked = extras_only()
    # an extra's module set to None cannot be imported, as if it were not installed
    script = ("import sys\n"
              f"for name in {blocked!r}:\n    sys.modules[name] = None\n"
              "from printkit.cli import main\n"
              f"sys.argv = ['printkit', *{args!r}]\nmain()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "error" not in done.stderr
