"""Hostile-input audit: names, oversized and odd files, kill -9, two runs at once, every
command with bad options; filled PDFs that name a file or break the reader, inputs over the
time and memory budget, the server's manners, and CSV files as spreadsheets write them.
Prints how many probes failed, by kind; all should be 0.

    python bench/harden.py [--kills 20] [--races 10] [--printkit PATH] [--seed 1]
                           [--only GROUP,GROUP]

Every probe is a real `printkit` process, as a person meets it (the one next to this
Python, or `--printkit PATH`, e.g. an older install to compare with). A bad input must end
in exit status 2 and one line `printkit: error: ...` on standard error, with no traceback,
within 60 s and 1.5 GB, and leave no file or folder behind. A kill must leave each card
folder as the old set or the new one, whole, and no worker running; the next run must clear
whatever the killed one left. Two exports at once must leave one of them, whole.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
MEMORY_CAP = 1_500_000_000  # bytes of address space a probe may use before it is a failure
TIMEOUT = 60.0


class Probe:
    """Runs printkit in a fresh folder and says what went wrong, if anything."""

    def __init__(self, printkit: str, work: Path, timeout: float = TIMEOUT) -> None:
        self.printkit = printkit
        self.work = work
        self.timeout = timeout
        self.peak_mb = 0.0
        self.wall = 0.0

    def run(self, args: Sequence[str], cwd: Path) -> tuple[int | None, str, str]:
        def limits() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
            os.setsid()

        proc = subprocess.Popen([self.printkit, *args], cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                preexec_fn=limits)
        try:
            out, err = proc.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return None, "", "timed out"
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.peak_mb = max(self.peak_mb, usage.ru_maxrss / 1024)
        return proc.returncode, out.decode(errors="replace"), err.decode(errors="replace")

    def measure(self, args: Sequence[str], cwd: Path) -> tuple[int | None, str, str, float,
                                                              float]:
        """Run printkit; return its exit status, output, errors, CPU seconds and peak MB (and
        keep the wall-clock seconds in `self.wall`)."""
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            start = time.monotonic()
            proc = subprocess.Popen([self.printkit, *args], cwd=cwd, stdout=out, stderr=err,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
            deadline = start + self.timeout
            status, usage = 0, None
            while True:
                pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    break
                if time.monotonic() > deadline:
                    os.killpg(proc.pid, signal.SIGKILL)
                    os.wait4(proc.pid, 0)
                    proc.returncode = -9
                    return None, "", "timed out", self.timeout, 0.0
                time.sleep(0.01)
            self.wall = time.monotonic() - start
            # CPU seconds, not wall: on a shared machine the wall clock measures the neighbours
            took = usage.ru_utime + usage.ru_stime
            proc.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            return (proc.returncode, out.read().decode(errors="replace"),
                    err.read().decode(errors="replace"), took, usage.ru_maxrss / 1024)

    def refused(self, args: Sequence[str], expect: str = "") -> str | None:
        """Run a bad command line in an empty folder; return what was wrong, or None."""
        cwd = Path(tempfile.mkdtemp(dir=self.work, prefix="cwd-"))
        before = _tree(self.work)
        code, out, err = self.run(args, cwd)
        after = _tree(self.work)
        shutil.rmtree(cwd, ignore_errors=True)
        shown = " ".join(args)
        if code is None:
            return f"{shown}: did not finish within {self.timeout:.0f} s"
        problems = []
        if code != 2:
            problems.append(f"exit {code}")
        if not err.startswith("printkit: error: ") or err.count("\n") != 1:
            problems.append(f"stderr {err[:200]!r}")
        if "Traceback" in out + err:
            problems.append("a traceback")
        if out and not (args and args[0] == "validate" and "--json" in args):
            problems.append(f"stdout {out[:80]!r}")
        if expect and expect not in err:
            problems.append(f"no {expect!r} in {err.strip()!r}")
        if after != before:
            problems.append(f"left {sorted(after ^ before)[:3]}")
        return f"{shown}: {', '.join(problems)}" if problems else None


def _tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")} if folder.exists() else set()


# -- the fixtures the probes use ---------------------------------------------------------
class Files:
    """Hostile and broken files, made once in `work/files`."""

    def __init__(self, work: Path) -> None:
        f = work / "files"
        f.mkdir()
        self.folder = f
        classic = (TEMPLATES / "fox-and-rabbit" / "classic.toml").read_text("utf-8")
        deck = (TEMPLATES / "crazy8ix" / "deck.toml").read_text("utf-8")
        rules = (TEMPLATES / "rules" / "go-nuts.md").read_text("utf-8")
        self.blocker = f / "a-file"
        self.blocker.write_text("not a folder")
        self.big = {}
        for ext in ("toml", "md", "yaml"):
            path = f / f"big.{ext}"
            with path.open("wb") as handle:  # 1 GB that takes no room on the disk
                handle.truncate(1_000_000_000)
            self.big[ext] = str(path)
        self.fifo = {}
        for ext in ("toml", "md", "yaml"):
            path = f / f"pipe.{ext}"
            os.mkfifo(path)
            self.fifo[ext] = str(path)
        self.evil_maps = []
        for i, name in enumerate(["/../../../../tmp/x/evil", "../escaped", "a/b", "..", "x.y",
                                  "évil", "con\u2028trol", "-", "a" * 41, ""]):
            path = f / f"evil-map-{i}.toml"
            path.write_text(classic.replace('name = "classic"', f'name = "{name}"'),
                            encoding="utf-8")
            self.evil_maps.append(str(path))
        self.bad_toml = f / "bad.toml"
        self.bad_toml.write_text("name = [unclosed\n")
        self.bad_utf8 = f / "latin1.toml"
        self.bad_utf8.write_bytes("name = \"Zo\xeb\"\n".encode("latin-1"))
        self.bad_deck = f / "bad-deck.toml"
        self.bad_deck.write_text(deck.replace("B = { qty = 3 }", "B = { qty = 2 }"))
        self.bad_printer = f / "bad-printer.toml"
        self.bad_printer.write_text('name = "X"\noutput = "jpeg"\ntrim_in = [2.5, 3.5]\n'
                                    'bleed_in = 0.1\nsafe_in = 0.1\n')
        self.bad_rules = f / "bad-rules.md"
        self.bad_rules.write_text(rules.replace("## Goal", "## Goal\n> a quote"))
        head, _, rest = rules.partition("\n## ")
        at = rest.index("## Clarifications")
        self.long_rules = f / "long-rules.md"
        self.long_rules.write_text(head + "\n## " + rest[:at]
                                   + ("Words that fill a page and more. " * 20 + "\n\n") * 1400
                                   + rest[at:], encoding="utf-8")
        self.bad_yaml = f / "bad-run.yaml"
        self.bad_yaml.write_text("game: [unclosed\n")
        self.symlinked = work / "symlinked-out"
        self.symlinked.mkdir()
        target = f / "someone-elses"
        target.mkdir()
        (target / "crazy8ix-001-A.png").write_bytes(b"keep")
        (self.symlinked / "crazy8ix-tgc").symlink_to(target)


def bad_command_lines(files: Files) -> list[tuple[list[str], str]]:
    """Return bad command lines for every command, with a part of the expected message."""
    missing = str(files.folder / "missing.toml")
    blocked = str(files.blocker / "x")
    b, fifo = files.big, files.fifo
    lines: list[tuple[list[str], str]] = [
        (["--bogus"], "No such option"), (["nonsense"], "No such command"),
        (["kit", "--paper", "tabloid"], "'tabloid' is not one of"),
        (["kit", "--count", "x"], "not a valid integer"), (["kit", "--count", "0"], ""),
        (["kit", "--count", "99"], ""), (["kit", "--players", ""], ""),
        (["kit", "--players", "Ana,,Ben"], "name 2 of 3 is empty"),
        (["kit", "--players", "A" * 41], "longer than 40"),
        (["kit", "--players", "Ana\u2028Bo"], "U+2028"),
        (["kit", "--players", "Ana\x85Bo,Ben"], "U+0085"),
        (["kit", "--players", "Ana\u3000Bo"], "U+3000"), (["kit", "--players", "Ana,ana"], "twice"),
        (["kit", "--players", "Bob☃,Ann"], "U+2603"),
        (["kit", "extra"], "unexpected extra argument"),
        (["kit", "-o", str(files.blocker)], "is a file"), (["kit", "-o", blocked], "is a file"),
        (["kit", "-o"], "requires an argument"), (["kit", "--bogus"], "No such option"),
        (["sheet"], "Missing argument"), (["sheet", "chess"], "'chess' is not one of"),
        (["sheet", "go-nuts", "--count", "9"], "2-4 players"),
        (["sheet", "go-nuts", "--per-page", "3"], "--per-page"),
        (["sheet", "go-nuts", "--pages", "0"], "--pages"),
        (["sheet", "go-nuts", "--pages", "x"], "not a valid integer"),
        (["sheet", "dice-dice-baby", "--target", "40"], "--target"),
        (["sheet", "go-nuts", "--mode", "easy"], "to fox-and-rabbit"),
        (["sheet", "go-nuts", "--paper", "legal"], "'legal' is not one of"),
        (["sheet", "go-nuts", "-o", blocked + "/pad.pdf"], "is a file"),
        (["sheet", "fox-and-rabbit", "--players", "Ana"], "does not apply"),
        (["sheet", "fox-and-rabbit", "--mode", "insane"], "'insane' is not one of"),
        (["sheet", "fox-and-rabbit", "--map", "nope"], "unknown map"),
        (["sheet", "fox-and-rabbit", "--map", missing], "does not exist"),
        (["sheet", "fox-and-rabbit", "--map", b["toml"]], "larger than 1 MB"),
        (["sheet", "fox-and-rabbit", "--map", "/dev/zero"], "not a regular file"),
        (["sheet", "fox-and-rabbit", "--map", fifo["toml"]], "not a regular file"),
        (["sheet", "fox-and-rabbit", "--map", str(files.folder) + "/"], "is a folder"),
        (["sheet", "fox-and-rabbit", "--map", str(files.bad_toml)], "not valid TOML"),
        (["sheet", "fox-and-rabbit", "--map", str(files.bad_utf8)], "not UTF-8"),
        (["sheet", "fox-and-rabbit", "--variant", "0"], "--variant must be between"),
        (["sheet", "fox-and-rabbit", "--variant", "x"], "not a valid integer"),
        (["sheet", "fox-and-rabbit", "--map", "classic", "--variant", "2"], "not both"),
        (["sheet", "go-nuts", "--fillable"], "to fox-and-rabbit"),
        (["sheet", "fox-and-rabbit", "--from", missing], "does not exist"),
        (["sheet", "fox-and-rabbit", "--from", b["yaml"]], "is larger than"),
        (["sheet", "fox-and-rabbit", "--from", fifo["yaml"]], "not a regular file"),
        (["sheet", "fox-and-rabbit", "--from", str(files.bad_yaml), "--mode", "hard"], "--from"),
        (["deck", "--format", "pdf"], "'pdf' is not one of"),
        (["deck", "--format", "pod"], "needs --printer"),
        (["deck", "--printer", "kinkos"], "'kinkos' is not one of"),
        (["deck", "--format", "tts", "--paper", "a4"], "applies to --format pnp only (not tts)"),
        (["deck", "--format", "svg", "--paper", "a4"], "applies to --format pnp only"),
        (["deck", "--paper", "legal"], "'legal' is not one of"),
        (["deck", "--duplex", "both"], "'both' is not one of"),
        (["deck", "--offset", "7,0"], "between -5 and 5"), (["deck", "--offset", "1;2;3"], "X;Y"),
        (["deck", "--offset", "nan,0"], ""), (["deck", "--deck", b["toml"]], "larger than 1 MB"),
        (["deck", "--deck", "/dev/zero"], "not a regular file"),
        (["deck", "--deck", fifo["toml"]], "not a regular file"),
        (["deck", "--deck", str(files.folder)], "is a folder"),
        (["deck", "--deck", missing], "does not exist"),
        (["deck", "--deck", str(files.bad_toml)], "not valid TOML"),
        (["deck", "--deck", str(files.bad_utf8)], "not UTF-8"),
        (["deck", "--deck", str(files.bad_deck)], "add up to 99"),
        (["deck", "--printer", b["toml"]], "larger than 1 MB"),
        (["deck", "--printer", "/dev/zero"], "not a regular file"),
        (["deck", "--printer", fifo["toml"]], "not a regular file"),
        (["deck", "--printer", missing], "does not exist"),
        (["deck", "--printer", str(files.bad_printer)], "output must be one of"),
        (["deck", "--printer", "tgc", "-o", str(files.symlinked)], "is a symbolic link"),
        (["deck", "-o", str(files.blocker)], "is a file"),
        (["rules", "chess"], "'chess' is not one of"),
        (["rules", "all", "--template", str(files.bad_rules)], "name the game"),
        (["rules", "go-nuts", "--template", missing], "does not exist"),
        (["rules", "go-nuts", "--template", b["md"]], "larger than 1 MB"),
        (["rules", "go-nuts", "--template", "/dev/zero"], "not a regular file"),
        (["rules", "go-nuts", "--template", fifo["md"]], "not a regular file"),
        (["rules", "go-nuts", "--template", str(files.long_rules)], "does not fit"),
        (["rules", "go-nuts", "--template", str(files.bad_utf8)], "not UTF-8"),
        (["rules", "go-nuts", "--template", str(files.bad_rules)], "block quotes"),
        (["rules", "go-nuts", "--paper", "legal"], "'legal' is not one of"),
        (["rules", "go-nuts", "-o", blocked + "/r.pdf"], "is a file"),
        (["rules", "go-nuts", "extra"], "unexpected extra argument"),
        (["validate"], "give a run record"), (["validate", missing], "does not exist"),
        (["validate", b["yaml"]], "is larger than"),
        (["validate", "/dev/zero"], "not a regular file"),
        (["validate", fifo["yaml"]], "not a regular file"),
        (["validate", str(files.folder)], "is a folder"),
        (["validate", str(files.bad_yaml)], ""),
        (["validate", "run.yaml", "--blank"], "checks nothing"),
        (["validate", "--blank", "--schema"], "not several"),
        (["validate", "--blank", "--to-yaml"], "not several"),
        (["validate", "--blank", "--variant", "0"], "--variant must be between"),
        (["validate", "--blank", "--mode", "x"], "'x' is not one of"),
        (["validate", "run.yaml", "--variant", "3"], "apply to --blank"),
        (["simulate", "--mode", "medium"], "'medium' is not one of"),
        (["simulate", "--games", "0"], "--games"), (["simulate", "--games", "x"], "integer"),
        (["simulate", "--jobs", "0"], "--jobs"), (["simulate", "--jobs", "65"], "--jobs"),
        (["simulate", "--seed", "-1"], "--seed"),
        (["simulate", "--strategy", "clever"], "'clever' is not one of"),
        (["simulate", "--plot", "out.jpg"], ".png"),
        (["simulate", "--plot", blocked + ".png"], "is a file"),
        (["simulate", "--plot", "plot.png/"], ".png"),
        (["simulate", "--dump", str(files.blocker)], "is a file"),
        (["simulate", "--dump", blocked], "is a file"),
        (["simulate", "--map", "classic", "--variant", "2"], "not both"),
        (["simulate", "--variant", "0"], "--variant must be between"),
        (["simulate", "--map", "no-such"], "unknown map"),
        (["simulate", "--map", missing], "does not exist"),
        (["simulate", "--map", b["toml"]], "larger than 1 MB"),
        (["games", "x"], "unexpected extra argument"), (["games", "--bogus"], "No such option"),
    ]
    for path in files.evil_maps:
        lines.append((["sheet", "fox-and-rabbit", "--map", path, "-o", "out/"], ""))
        lines.append((["simulate", "--games", "5", "--map", path], ""))
    return lines


# -- probes --------------------------------------------------------------------------------
def probe_names(probe: Probe, files: Files) -> list[str]:
    """Map names refused; printer profile and help card names kept to plain words."""
    failures = []
    for path in files.evil_maps:
        failure = probe.refused(["sheet", "fox-and-rabbit", "--map", path, "-o",
                                 str(probe.work / "out" / "deep") + "/"], "map name")
        if failure:
            failures.append(failure)
    for stem in ("../../escape", "..", "My Shop!", "a" * 30 + "\u2028", "-x-"):
        out = probe.work / "names-out"
        shutil.rmtree(out, ignore_errors=True)
        profile = files.folder / f"{stem.replace('/', '_')}.toml"
        profile.write_text('name = "Shop"\noutput = "png"\ntrim_in = [2.5, 3.5]\n'
                           'bleed_in = 0.125\nsafe_in = 0.125\ndpi = 300\npixels = [825, 1125]\n')
        code, _, err = probe.run(["deck", "--printer", str(profile), "-o", str(out)],
                                 probe.work)
        made = sorted(os.listdir(out)) if out.exists() else []
        plain = all(name.replace("-", "").replace("crazy8ix", "").isalnum() for name in made)
        if code != 0 or len(made) != 1 or not plain:
            failures.append(f"printer profile {profile.name}: exit {code}, made {made} {err}")
        profile.unlink()
    deck = (TEMPLATES / "crazy8ix" / "deck.toml").read_text("utf-8")
    for title in ("../../x", "Ä", "A/B", "."):
        out = probe.work / "names-out"
        shutil.rmtree(out, ignore_errors=True)
        mine = files.folder / "titles.toml"
        mine.write_text(deck.replace('title = "A"', f'title = "{title}"'), encoding="utf-8")
        code, _, err = probe.run(["deck", "--deck", str(mine), "--format", "svg", "-o",
                                  str(out)], probe.work)
        made = [str(p.relative_to(out)) for p in out.rglob("*")] if out.exists() else []
        inside = all(not name.startswith("..") for name in made)
        if code not in (0, 2) or not inside:
            failures.append(f"help card title {title!r}: exit {code}, made {made[:3]} {err}")
    shutil.rmtree(probe.work / "names-out", ignore_errors=True)
    return failures


def odd_files(files: Files) -> list[tuple[list[str], str]]:
    """Return the bad command lines that give an oversized file, a device, a FIFO or a folder."""
    odd = {*files.big.values(), *files.fifo.values(), "/dev/zero", str(files.folder),
           str(files.folder) + "/"}
    return [(args, expect) for args, expect in bad_command_lines(files) if odd & set(args)]


def probe_files(probe: Probe, files: Files) -> list[str]:
    return [f for f in (probe.refused(args, expect) for args, expect in odd_files(files)) if f]


def probe_bad_options(probe: Probe, files: Files) -> tuple[int, list[str]]:
    lines = bad_command_lines(files)
    failures = [f for f in (probe.refused(args, expect) for args, expect in lines) if f]
    return len(lines), failures


def _manifest_matches(folder: Path) -> bool:
    manifest = folder / "crazy8ix-manifest.csv"
    if not manifest.exists():
        return False
    with manifest.open() as handle:
        listed = {row["file"] for row in csv.DictReader(handle)}
    present = {p.name for p in folder.iterdir() if p.suffix == ".png"}
    return listed == present


def children(pid: int) -> list[int]:
    """Return the processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def running(pid: int) -> bool:
    """Return whether process `pid` runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    """Return True as soon as `condition()` holds, or False once `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def probe_kills(probe: Probe, files: Files, rounds: int, rng: random.Random
                ) -> tuple[int, dict[str, list[str]]]:
    """kill -9 the main process of exports at random moments; check what is left."""
    out = probe.work / "kill-out"
    bigger = files.folder / "bigger-deck.toml"
    bigger.write_text((TEMPLATES / "crazy8ix" / "deck.toml").read_text("utf-8")
                      .replace("total = 100", "total = 103")
                      .replace("A = { qty = 4 }", "A = { qty = 7 }"))
    found: dict[str, list[str]] = {"mixed": [], "orphaned workers": [], "left behind": []}
    kinds = [(["--format", "pod", "--printer", "tgc"], "crazy8ix-tgc"),
             (["--format", "svg"], "crazy8ix-svg")]
    # how long an export takes here, to spread the kills over it
    start = time.monotonic()
    probe.run(["deck", "--format", "pod", "--printer", "tgc", "-o", str(out)], probe.work)
    took = time.monotonic() - start
    expected = {}
    for args, folder in kinds:
        shutil.rmtree(out, ignore_errors=True)
        probe.run(["deck", *args, "-o", str(out)], probe.work)
        expected[folder] = _snapshot(out / folder)
    for i in range(rounds):
        args, folder = kinds[i % len(kinds)]
        shutil.rmtree(out, ignore_errors=True)
        probe.run(["deck", *args, "--deck", str(bigger), "-o", str(out)], probe.work)
        (out / folder / "notes.txt").write_text("keep")
        old = _snapshot(out / folder)
        new = {**expected[folder], "notes.txt": b"keep"}
        run = subprocess.Popen([probe.printkit, "deck", *args, "-o", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        workers: set[int] = set()
        deadline = time.monotonic() + rng.uniform(0.05, 1.3) * took
        while time.monotonic() < deadline and run.poll() is None:
            workers.update(children(run.pid))
            time.sleep(0.002)
        workers.update(children(run.pid))
        try:
            os.kill(run.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        run.wait()
        if not wait_for(lambda workers=workers: not any(running(w) for w in workers), 15):
            found["orphaned workers"].append(f"round {i}: {sorted(workers)}")
            for w in workers:
                try:
                    os.kill(w, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        now = _snapshot(out / folder)
        if now not in (old, new):
            found["mixed"].append(f"round {i} ({folder}): {len(now)} files, neither set")
    # the next run clears what the killed ones left
    for args, _ in kinds:
        probe.run(["deck", *args, "-o", str(out)], probe.work)
    hidden = [p.name for p in out.iterdir() if p.name.startswith(".")]
    hidden += [f"{d}/{p.name}" for d in ("crazy8ix-tgc", "crazy8ix-svg")
               for p in (out / d).iterdir() if p.name.startswith(".")]
    if hidden:
        found["left behind"].append(f"after a clean run: {hidden[:5]}")
    shutil.rmtree(out, ignore_errors=True)
    return rounds, found


def _snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def probe_races(probe: Probe, files: Files, rounds: int) -> list[str]:
    """Two pod exports of different decks into one folder at once: one must win whole."""
    out = probe.work / "race-out"
    bigger = files.folder / "bigger-deck.toml"
    failures = []
    sets = []
    for deck in ([], ["--deck", str(bigger)]):
        shutil.rmtree(out, ignore_errors=True)
        probe.run(["deck", "--format", "pod", "--printer", "tgc", *deck, "-o", str(out)],
                  probe.work)
        sets.append(_snapshot(out / "crazy8ix-tgc"))
    for i in range(rounds):
        shutil.rmtree(out, ignore_errors=True)
        runs = [subprocess.Popen([probe.printkit, "deck", "--format", "pod", "--printer", "tgc",
                                  *deck, "-o", str(out)], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
                for deck in ([], ["--deck", str(bigger)])]
        codes = [r.wait() for r in runs]
        now = _snapshot(out / "crazy8ix-tgc")
        matches = _manifest_matches(out / "crazy8ix-tgc")
        if codes != [0, 0] or now not in sets or not matches:
            failures.append(f"round {i}: exits {codes}, {len(now)} files, manifest "
                            f"{'matches' if matches else 'does not match'}")
    shutil.rmtree(out, ignore_errors=True)
    return failures


# -- filled PDFs, records, CSV files and the server ------------------------------------------
#: Text that must never reach a message about a file the player gave: install paths, and what
#: a file the player did not name holds (a TOML parser's complaint, /etc/passwd's first line).
LEAKS = ("site-packages", str(ROOT), "TOML", "root:", "Traceback")
BUDGET_SECONDS = 2.0
BUDGET_MB = 200.0
#: Seconds `printkit serve` may take to stop, a request in flight or not (it gives one 1 s).
STOP_SECONDS = 3.0


class Hostile:
    """Filled PDFs, records and CSV files a player could hand printkit, made in `work/hostile`."""

    def __init__(self, probe: Probe) -> None:
        sys.path.insert(0, str(ROOT))
        from bench import hostile

        f = probe.work / "hostile"
        f.mkdir()
        self.folder = f
        code, _, err = probe.run(["sheet", "fox-and-rabbit", "--fillable", "-o",
                                  str(f / "blank.pdf")], f)
        if code != 0:
            raise SystemExit(f"cannot print a fillable gamesheet: {err}")
        blank = (f / "blank.pdf").read_bytes()
        classic = TEMPLATES / "fox-and-rabbit" / "classic.toml"
        self.map_pdfs = {}
        for i, name in enumerate(["/etc/passwd", str(classic), "../../../../etc/passwd",
                                  "classic.toml", "no-such-map", "variant-99999"]):
            self.map_pdfs[name] = self._write(f"map-{i}.pdf", hostile.naming_map(blank, name))
        self.record_maps = {}
        for i, name in enumerate(["/etc/passwd", "no-such-map", "classic.toml"]):
            self.record_maps[name] = self._write(
                f"map-{i}.yaml", f"game: fox-and-rabbit\nmap: {json.dumps(name)}\nmode: easy\n"
                .encode())
        self.owner_only = self._qpdf(f / "blank.pdf", "aes-owner.pdf", "", "o")
        self.user_password = self._qpdf(f / "blank.pdf", "aes-user.pdf", "u", "o")
        self.readable = {"an owner-password-only AES-256 form": self.owner_only}
        self.unreadable = {
            "an AES-256 form with a user password": self.user_password,
            "an unknown security handler": self._write(
                "handler.pdf", hostile.unknown_security_handler(self.owner_only.read_bytes())),
            "a number of 5,000 digits": self._write(
                "digits.pdf", hostile.with_fields(blank, score="9" * 5000)),
        }
        self.heavy = {
            "100,000 form fields": self._write("fields.pdf", hostile.many_fields()),
            "a field with 100,000 kids": self._write("kids.pdf", hostile.many_kids()),
            "a compression bomb (300 MB)": self._write("bomb.pdf", hostile.compression_bomb()),
            "a compression bomb (60 MB)": self._write("bomb-60.pdf",
                                                       hostile.compression_bomb(60_000_000)),
            "a record of 100,000 unknown keys": self._write(
                "keys.yaml", hostile.unknown_keys_record().encode()),
        }
        self.csv = {"a UTF-8 BOM": hostile.CSV_BOM, "semicolons": hostile.CSV_SEMICOLON}
        self.bad_csv = {"an unterminated quote": hostile.CSV_UNTERMINATED,
                        **{f"{k} in a name": v for k, v in hostile.CSV_SEPARATORS.items()}}
        self.fixtures = sorted((ROOT / "tests" / "fixtures" / "fox_rabbit").glob("fail_*.yaml"))

    def _write(self, name: str, data: bytes) -> Path:
        path = self.folder / name
        path.write_bytes(data)
        return path

    def _qpdf(self, source: Path, name: str, user: str, owner: str) -> Path:
        path = self.folder / name
        subprocess.run(["qpdf", "--encrypt", user, owner, "256", "--", str(source), str(path)],
                       check=True)
        return path


def _leaked(text: str) -> str | None:
    return next((leak for leak in LEAKS if leak in text), None)


def _one_line(code: int | None, err: str) -> list[str]:
    problems = []
    if code != 2:
        problems.append(f"exit {code}")
    if not err.startswith("printkit: error: ") or err.count("\n") != 1:
        problems.append(f"stderr {err[:160]!r}")
    leak = _leaked(err)
    if leak:
        problems.append(f"shows {leak!r}")
    return problems


def probe_named_maps(probe: Probe, h: Hostile) -> tuple[int, list[str]]:
    """A map named inside a PDF or a record is a bundled name or variant-N, never a file."""
    failures = []
    runs = []
    for name, path in h.map_pdfs.items():
        for extra in ([], ["--to-yaml"], ["--json"]):
            runs.append((name, f"a PDF naming map {name!r}", ["validate", str(path), *extra]))
    for name, path in h.record_maps.items():
        runs.append((name, f"a record naming map {name!r}", ["validate", str(path)]))
    runs.append(("no-such-map", "--map no-such-map",
                 ["sheet", "fox-and-rabbit", "--map", "no-such-map"]))
    for name, what, args in runs:
        code, out, err, _, _ = probe.measure(args, h.folder)
        # the name the file gave may be echoed; nothing else of a path or another file may
        out, err = out.replace(name, "NAME"), err.replace(name, "NAME")
        if "--json" in args:
            problems = [] if code == 2 and err == "" else [f"exit {code}, stderr {err[:80]!r}"]
            leak = _leaked(out)
            if leak:
                problems.append(f"shows {leak!r}")
        else:
            problems = _one_line(code, err)
        if problems:
            failures.append(f"{what}: {' '.join(args[2:])}: {', '.join(problems)}")
    return len(runs), failures


def probe_pdf_errors(probe: Probe, h: Hostile) -> tuple[int, list[str]]:
    """Encrypted, strangely secured or oversized-number PDFs: one line, never a traceback."""
    failures = []
    for what, path in h.readable.items():
        code, _, err, _, _ = probe.measure(["validate", str(path)], h.folder)
        if code not in (0, 1) or err:
            failures.append(f"{what}: exit {code}, stderr {err[-160:]!r}")
    for what, path in h.unreadable.items():
        code, _, err, _, _ = probe.measure(["validate", str(path)], h.folder)
        problems = _one_line(code, err)
        if problems:
            failures.append(f"{what}: {', '.join(problems)}")
    return len(h.readable) + len(h.unreadable), failures


def probe_budgets(probe: Probe, h: Hostile) -> tuple[int, list[str], list[str]]:
    """Each heavy input is refused within 2 s and 200 MB; returns (count, failures, figures)."""
    failures, figures = [], []
    for what, path in h.heavy.items():
        code, _, err, took, peak = probe.measure(["validate", str(path)], h.folder)
        figures.append(f"{what}: {took:.2f} s CPU ({probe.wall:.2f} s wall), {peak:.0f} MB, "
                       f"exit {code}")
        # several problems (a record's first 20) are listed a line each under the first
        problems = _one_line(code, err.partition("\n")[0] + "\n")
        if "Traceback" in err:
            problems.append("a traceback")
        if took > BUDGET_SECONDS or peak > BUDGET_MB:
            problems.append(f"{took:.2f} s CPU, {peak:.0f} MB")
        if problems:
            failures.append(f"{what}: {', '.join(problems)}")
    return len(h.heavy), failures, figures


def probe_from(probe: Probe, h: Hostile) -> tuple[int, list[str]]:
    """`sheet --from` an illegal record: refused; with --force, the PDF is made and it says so."""
    failures = []
    for fixture in h.fixtures:
        out = h.folder / "from.pdf"
        code, _, err, _, _ = probe.measure(["sheet", "fox-and-rabbit", "--fillable", "--from",
                                            str(fixture), "-o", str(out)], h.folder)
        if code != 2 or out.exists() or "--force" not in err:
            failures.append(f"{fixture.name}: exit {code}, made {out.exists()}, {err[:120]!r}")
        out.unlink(missing_ok=True)
    return len(h.fixtures), failures


def probe_tables(probe: Probe, h: Hostile) -> tuple[int, list[str]]:
    """CSV as spreadsheets write it is read; a broken one is refused, naming line and column."""
    failures = []
    for what, text in h.csv.items():
        path = h.folder / "tables.csv"
        path.write_text(text, encoding="utf-8")
        code, _, err, _, _ = probe.measure(["sheet", "go-nuts", "--tables", str(path), "-o",
                                            str(h.folder / "pads.pdf")], h.folder)
        if code != 0:
            failures.append(f"{what}: exit {code}, {err.strip()[:160]!r}")
    for what, text in h.bad_csv.items():
        path = h.folder / "tables.csv"
        path.write_text(text, encoding="utf-8")
        code, _, err, _, _ = probe.measure(["sheet", "go-nuts", "--tables", str(path), "-o",
                                            str(h.folder / "pads.pdf")], h.folder)
        problems = _one_line(code, err)
        if "line" not in err or "column" not in err:
            problems.append(f"no line and column in {err.strip()[:160]!r}")
        if problems:
            failures.append(f"{what}: {', '.join(problems)}")
    return len(h.csv) + len(h.bad_csv), failures


class Served:
    """`printkit serve --no-browser --port 0` in its own process, and what it printed."""

    def __init__(self, printkit: str, host: str = "127.0.0.1") -> None:
        self.proc = subprocess.Popen([printkit, "serve", "--no-browser", "--port", "0",
                                      "--host", host], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.proc.kill()
            raise SystemExit(f"printkit serve did not start: {line}")
        self.url = line.split()[2].rstrip("/")
        self.host, self.port = host, int(self.url.rsplit(":", 1)[1])

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def call(self, path: str, data: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
        import urllib.error
        import urllib.request

        req = urllib.request.Request(self.url + path, data=data, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=60) as res:
                return res.status, res.headers.get("content-type", ""), res.read()
        except urllib.error.HTTPError as err:
            return err.code, err.headers.get("content-type", ""), err.read()

    def raw(self, request: bytes, close_after: float | None = None) -> bytes:
        """Send raw bytes; read the answer (or hang up after `close_after` seconds)."""
        import socket

        with socket.create_connection((self.host, self.port), timeout=30) as sock:
            sock.sendall(request)
            if close_after is not None:
                time.sleep(close_after)
                return b""
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
            return b"".join(chunks)

    def stop(self, sig: int = signal.SIGINT, timeout: float = 20) -> tuple[int | None, str, str,
                                                                          float]:
        start = time.monotonic()
        self.proc.send_signal(sig)
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            return None, out, err, timeout
        return self.proc.returncode, out, err, time.monotonic() - start


STOPS: list[str] = []
API = [("/api/validate", b"game: fox-and-rabbit\n"), ("/api/sheet?map=variant-7", None),
       ("/api/form", None), ("/api/check", b"{}"), ("/api/play", b'{"turns": ["R1 B2 Y3"]}'),
       ("/api/open", b"game: fox-and-rabbit\n"), ("/api/pdf", b"{}")]


def _stopped_cleanly(what: str, code: int | None, out: str, err: str, took: float
                     ) -> str | None:
    STOPS.append(f"{what}: exit {code} in {took:.1f} s")
    problems = []
    if code != 0:
        problems.append(f"exit {code}")
    if out.splitlines()[-1:] != ["printkit serve: stopped"]:
        problems.append(f"last line {out.splitlines()[-1:]!r}")
    # a warning line (uvicorn's "Invalid HTTP request received.") is fine; an error is not
    said = "\n".join(line for line in err.splitlines() if not line.startswith("WARNING:"))
    if said.strip():
        problems.append(f"stderr {said.strip()[-160:]!r}")
    if took > STOP_SECONDS:
        problems.append(f"took {took:.1f} s")
    return f"{what}: {', '.join(problems)}" if problems else None


def _burst(s: Served, route: str, body: bytes, n: int = 8
           ) -> tuple[float, float, float, list[int], float]:
    """POST `body` n times at once; return memory before, at peak and 2 s after, the answers'
    statuses and the seconds they took."""
    import threading

    before = s.rss_mb()
    peak = [before]
    statuses: list[int] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], s.rss_mb())
            time.sleep(0.02)

    def post() -> None:
        statuses.append(s.call(route, body)[0])

    watcher = threading.Thread(target=watch)
    watcher.start()
    posts = [threading.Thread(target=post) for _ in range(n)]
    start = time.monotonic()
    for t in posts:
        t.start()
    for t in posts:
        t.join()
    took = time.monotonic() - start
    done.set()
    watcher.join()
    time.sleep(2)
    return before, peak[0], s.rss_mb(), statuses, took


def probe_serve(probe: Probe, h: Hostile) -> tuple[int, list[str], list[str]]:
    """The server: hostile PDFs and records answered 4xx, cross-site refused, a burst of heavy
    bodies survived (and its memory given back), malformed requests, and clean stops."""
    failures: list[str] = []
    figures: list[str] = []
    count = 0
    s = Served(probe.printkit)
    try:
        for what, path in [*((f"a PDF naming map {n!r}", p) for n, p in h.map_pdfs.items()),
                           *h.unreadable.items(), *h.heavy.items()]:
            data = path.read_bytes()
            if len(data) > 1_000_000:
                continue
            count += 1
            status, kind, body = s.call("/api/open", data)
            named = next((n for n, p in h.map_pdfs.items() if p == path), None)
            text = body.decode(errors="replace")
            leak = _leaked(text.replace(named, "NAME") if named else text)
            if not 400 <= status < 500 or "json" not in kind or leak:
                failures.append(f"/api/open {what}: {status} {kind} {body[:120]!r}")
        for what, headers in [("Sec-Fetch-Site: cross-site", {"Sec-Fetch-Site": "cross-site"}),
                              ("Origin: http://evil.example", {"Origin": "http://evil.example"})]:
            for route, data in API:
                count += 1
                status, kind, body = s.call(route, data, headers)
                if status != 403 or "json" not in kind:
                    failures.append(f"{route} with {what}: {status} {body[:80]!r}")
        count += 1
        before = s.rss_mb()
        start = time.monotonic()
        answers = [s.call(f"/api/sheet?map=variant-{n}", None,
                          {"Sec-Fetch-Site": "cross-site"})[0] for n in range(1, 13)]
        took = time.monotonic() - start
        grown = s.rss_mb() - before
        figures.append(f"12 cross-site variant sheets: answers {sorted(set(answers))} in "
                       f"{took:.1f} s, server memory {before:.0f} -> {before + grown:.0f} MB")
        if grown > 10 or set(answers) != {403}:
            failures.append(f"12 cross-site variant sheets: {answers}, grew the server by "
                            f"{grown:.0f} MB")
        # bursts of 8 heavy bodies at once: records, then PDFs
        for what, route, body in [
                ("records of 100,000 unknown keys", "/api/validate",
                 h.heavy["a record of 100,000 unknown keys"].read_bytes()),
                ("compression bombs (300 MB)", "/api/open",
                 h.heavy["a compression bomb (300 MB)"].read_bytes()),
                ("filled gamesheets", "/api/open", h.owner_only.read_bytes())]:
            count += 1
            before, peak, after, statuses, took = _burst(s, route, body)
            figures.append(f"8 {what} at once: server memory {before:.0f} MB, peak "
                           f"{peak:.0f} MB, {after:.0f} MB 2 s later; answers "
                           f"{sorted(statuses)} in {took:.1f} s")
            if peak - before > BUDGET_MB or after - before > 50 or \
                    any(x >= 500 for x in statuses):
                failures.append(f"8 {what} at once: {before:.0f} -> peak {peak:.0f} -> "
                                f"{after:.0f} MB, {sorted(statuses)}")
        count += 1
        answer = s.raw(b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       b"Content-Length: 12abc\r\n\r\n")
        head = answer.split(b"\r\n\r\n", 1)[0].lower()
        if b"application/json" not in head:
            failures.append(f"a malformed Content-Length: {answer[:120]!r}")
        count += 1
        s.raw(b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
              + b"game: fox" * 100, close_after=0.3)
        time.sleep(0.5)
    finally:
        code, out, err, took = s.stop(signal.SIGINT)
    failure = _stopped_cleanly("a client hanging up mid-upload, then Ctrl-C", code, out, err,
                               took)
    failures += [failure] if failure else []
    # a loopback --host other than 127.0.0.1 answers its own address
    count += 1
    s = Served(probe.printkit, "127.0.0.2")
    status, _, _ = s.call("/")
    code, out, err, took = s.stop(signal.SIGTERM)
    if status != 200:
        failures.append(f"serve --host 127.0.0.2: GET / answered {status}")
    failure = _stopped_cleanly("SIGTERM when idle", code, out, err, took)
    failures += [failure] if failure else []
    count += 1
    for sig in (signal.SIGINT, signal.SIGTERM):
        count += 1
        s = Served(probe.printkit)
        import threading

        hold = threading.Thread(target=s.raw, args=(
            b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n"
            b"game: fox-and-rabbit\n",), kwargs={"close_after": 6})
        hold.start()
        time.sleep(0.5)
        code, out, err, took = s.stop(sig)
        hold.join()
        failure = _stopped_cleanly(f"{signal.Signals(sig).name} with a request in flight", code,
                                   out, err, took)
        failures += [failure] if failure else []
    return count, failures, figures + STOPS


GROUPS = ["names", "files", "kills", "races", "options", "maps", "pdfs", "budgets", "from",
          "tables", "serve"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20, help="kill -9 rounds (default 20)")
    parser.add_argument("--races", type=int, default=10, help="two-run rounds (default 10)")
    parser.add_argument("--printkit", default=str(Path(sys.executable).with_name("printkit")))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=TIMEOUT,
                        help="seconds a bad command line may take (default 60)")
    parser.add_argument("--only", default=",".join(GROUPS),
                        help=f"the groups of probes to run (default all: {','.join(GROUPS)})")
    parser.add_argument("-v", "--verbose", action="store_true", help="show each failure")
    options = parser.parse_args()
    only = set(options.only.split(","))
    unknown = only - set(GROUPS)
    if unknown:
        parser.error(f"unknown groups {sorted(unknown)}; choose from {','.join(GROUPS)}")
    rows: list[tuple[str, int, dict[str, list[str]]]] = []
    figures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="printkit-harden-") as tmp:
        work = Path(tmp)
        probe = Probe(options.printkit, work, options.timeout)
        files = Files(work)
        if "names" in only:
            names = probe_names(probe, files)
            rows.append(("map, printer profile and card names", len(files.evil_maps) + 9,
                         {"failed": names}))
        if "files" in only:
            odd = probe_files(probe, files)
            rows.append((f"oversized and non-regular files (peak {probe.peak_mb:.0f} MB)",
                         len(odd_files(files)), {"failed": odd}))
        if "kills" in only:
            kills, killed = probe_kills(probe, files, options.kills,
                                        random.Random(options.seed))
            rows.append(("kill -9 during exports", kills, killed))
        if "races" in only:
            races = probe_races(probe, files, options.races)
            rows.append(("two exports at once", options.races, {"mismatched": races}))
        if "options" in only:
            count, bad = probe_bad_options(probe, files)
            rows.append(("every command with bad options", count, {"failed": bad}))
        hostile = Hostile(probe) if only & {"maps", "pdfs", "budgets", "from", "tables",
                                            "serve"} else None
        if hostile is not None and "maps" in only:
            count, bad = probe_named_maps(probe, hostile)
            rows.append(("a map named inside a PDF or a record", count, {"failed": bad}))
        if hostile is not None and "pdfs" in only:
            count, bad = probe_pdf_errors(probe, hostile)
            rows.append(("encrypted and odd PDFs", count, {"failed": bad}))
        if hostile is not None and "budgets" in only:
            count, bad, seen = probe_budgets(probe, hostile)
            rows.append(("heavy inputs within 2 s and 200 MB", count, {"over budget": bad}))
            figures += seen
        if hostile is not None and "from" in only:
            count, bad = probe_from(probe, hostile)
            rows.append(("sheet --from an illegal record", count, {"failed": bad}))
        if hostile is not None and "tables" in only:
            count, bad = probe_tables(probe, hostile)
            rows.append(("--tables CSV as spreadsheets write it", count, {"failed": bad}))
        if hostile is not None and "serve" in only:
            count, bad, seen = probe_serve(probe, hostile)
            rows.append(("printkit serve", count, {"failed": bad}))
            figures += seen
    total = 0
    for what, n, found in rows:
        counts = ", ".join(f"{len(v)} {k}" for k, v in found.items())
        print(f"{what:<48} {n:>4} probes: {counts}")
        for failures in found.values():
            total += len(failures)
            if options.verbose:
                for failure in failures:
                    print(f"    {failure}")
    for figure in figures:
        print(f"  {figure}")
    print(f"{'total failures':<48} {total:>4}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
