"""Repeat issue 12's audit: hostile names, oversized and odd files, kill -9, two runs at once,
and every command with bad options. Prints how many probes failed, by kind; all should be 0.

    python bench/harden.py [--kills 20] [--races 10] [--printkit PATH] [--seed 1]

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20, help="kill -9 rounds (default 20)")
    parser.add_argument("--races", type=int, default=10, help="two-run rounds (default 10)")
    parser.add_argument("--printkit", default=str(Path(sys.executable).with_name("printkit")))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=TIMEOUT,
                        help="seconds a bad command line may take (default 60)")
    parser.add_argument("-v", "--verbose", action="store_true", help="show each failure")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="printkit-harden-") as tmp:
        work = Path(tmp)
        probe = Probe(options.printkit, work, options.timeout)
        files = Files(work)
        rows: list[tuple[str, int, dict[str, list[str]]]] = []
        names = probe_names(probe, files)
        rows.append(("map, printer profile and card names", len(files.evil_maps) + 9,
                     {"failed": names}))
        odd = probe_files(probe, files)
        rows.append((f"oversized and non-regular files (peak {probe.peak_mb:.0f} MB)",
                     len(odd_files(files)), {"failed": odd}))
        kills, killed = probe_kills(probe, files, options.kills, random.Random(options.seed))
        rows.append(("kill -9 during exports", kills, killed))
        races = probe_races(probe, files, options.races)
        rows.append(("two exports at once", options.races, {"mismatched": races}))
        count, bad = probe_bad_options(probe, files)
        rows.append(("every command with bad options", count, {"failed": bad}))
    total = 0
    for what, n, found in rows:
        counts = ", ".join(f"{len(v)} {k}" for k, v in found.items())
        print(f"{what:<48} {n:>4} probes: {counts}")
        for failures in found.values():
            total += len(failures)
            if options.verbose:
                for failure in failures:
                    print(f"    {failure}")
    print(f"{'total failures':<48} {total:>4}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
