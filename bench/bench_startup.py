"""A cold `printkit validate`, side by side with two yardsticks, as whole processes.

Run: python bench/bench_startup.py [ROUNDS]

Three commands take turns, ROUNDS times each (A B C A B C ...), so a drift in the machine's
speed touches all three alike:
- A: `python -c pass`, the interpreter alone;
- B: a bare load of the same record: PyYAML's C loader, then a pydantic model of the record's
  top-level keys (what any Python tool that reads a YAML record into a typed model pays);
- C: `printkit validate RECORD`, the whole referee: the command line, the reader, the record
  model, the map, the replay and the report.
Each figure is the child's CPU time (user + system), which counts what the command costs
whatever else the machine is doing; the median is printed with the ratios C/A and C/B, and
the number of printkit modules a validate loads (the referee never loads the simulator).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "examples" / "fox-and-rabbit" / "easy-won.yaml"
PYTHON = sys.executable

BARE_LOAD = f"""
from typing import Any
import yaml
from pydantic import BaseModel, ConfigDict

class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int | None = None
    game: str | None = None
    map: str | None = None
    variant: int | None = None
    mode: str
    progress: dict[str, int] = {{}}
    written: dict[str, int] = {{}}
    eaten: Any = None
    rewards: list[str] = []
    aids: dict[str, int] = {{}}
    traps: int = 0
    endgame: Any = None
    score: int | None = None
    title: str | None = None
    achievements: list[str] = []
    turns: list[str] = []

with open({str(RECORD)!r}, "rb") as f:
    data = yaml.load(f, Loader=yaml.CSafeLoader)
Record.model_validate({{k: v for k, v in data.items() if k in Record.model_fields}})
"""

COMMANDS = {
    "python -c pass": [PYTHON, "-c", "pass"],
    "bare PyYAML + pydantic load": [PYTHON, "-c", BARE_LOAD],
    "printkit validate": [PYTHON, "-m", "printkit", "validate", str(RECORD)],
}

MODULES = ("import sys, runpy\n"
           f"sys.argv = ['printkit', 'validate', {str(RECORD)!r}]\n"
           "try:\n    runpy.run_module('printkit', run_name='__main__')\n"
           "except SystemExit:\n    pass\n"
           "names = [m for m in sys.modules if m.startswith('printkit')]\n"
           "played = [m for m in names if m.split('.')[3:4] in "
           "(['simulate'], ['players'], ['variants'], ['difficulty'])]\n"
           "sys.stderr.write(f'{len(names)} {len(played)}\\n')\n")


def cpu_seconds(command: list[str]) -> float:
    """Return the CPU time (user + system) one run of the command took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    for command in COMMANDS.values():  # warm the disk cache and .pyc files
        cpu_seconds(command)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, command in COMMANDS.items():
            times[name].append(cpu_seconds(command))
    median = {name: statistics.median(values) for name, values in times.items()}
    for name, value in median.items():
        print(f"{name:30} {value * 1000:7.1f} ms CPU (median of {rounds})")
    validate = median["printkit validate"]
    print(f"validate / python -c pass      {validate / median['python -c pass']:5.1f}x"
          "   (target: at most 12x)")
    print(f"validate / bare load           {validate / median['bare PyYAML + pydantic load']:5.1f}x"
          "   (target: at most 2x)")
    counted = subprocess.run([PYTHON, "-c", MODULES], capture_output=True, text=True, cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    loaded, simulator = counted.stderr.split()
    print(f"printkit modules loaded by validate: {loaded}; of the simulator and players: "
          f"{simulator}")


if __name__ == "__main__":
    main()
