"""kill -9 mid-export, orphaned workers, two exports at once.

A reader of a card folder sees the old set or the new one, whole, whatever moment a run is
killed at; a killed run leaves no process behind; what it left is cleared by the next run.
Kills land at exact points (the n-th file operation of the write), in a forked child that
sends itself SIGKILL, so no test depends on timing.
"""

from __future__ import annotations

import builtins
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.harden import children, running, wait_for
from printkit.games.crazy8ix_deck import default_deck_path, load_deck, parse_deck_text
from printkit.products.deck import crazy8ix
from printkit.products.deck.export import build, write
from printkit.products.deck.formats import make_options
from printkit.products.deck.options import DeckExport

FOLDER = "crazy8ix-tgc"


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, DeckExport, DeckExport]:
    """An earlier export of a bigger deck, and this run's export, both for one folder."""
    out = tmp_path_factory.mktemp("exports") / "out"
    text = default_deck_path().read_text("utf-8")
    bigger = parse_deck_text(text.replace("total = 100", "total = 103")
                             .replace("A = { qty = 4 }", "A = { qty = 7 }"))
    options = make_options("pod", printer="tgc")
    return (out, build(crazy8ix.load(bigger, options), options, out),
            build(crazy8ix.load(load_deck(), options), options, out))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.exists() else {}


def card_set(export: DeckExport) -> dict[str, bytes]:
    return {p.name: data for p, data in export.files.items() if p.parent.name == FOLDER}


def fresh(out: Path, old: DeckExport) -> dict[str, bytes]:
    """Lay down the earlier export, with a person's notes in the folder; return the folder."""
    import shutil

    shutil.rmtree(out, ignore_errors=True)
    write(old)
    (out / FOLDER / "notes.txt").write_text("keep me")
    # what a run of printkit 0.1, killed, left in the folder: not carried into a new set
    (out / FOLDER / ".crazy8ix-017-E.png.x7k2ab_d.part").write_bytes(b"half")
    return snapshot(out / FOLDER)


class Hooked:
    """Calls `at(n)` before the n-th file operation (open, replace, rename, link)."""

    def __init__(self, at: Callable[[int], None]) -> None:
        self.at = at
        self.count = 0
        self.paused = False

    def __enter__(self) -> Hooked:
        self.saved = {name: getattr(os, name) for name in ("replace", "rename", "link")}
        self.saved_open = builtins.open

        def wrap(real: Callable[..., object]) -> Callable[..., object]:
            def hooked(*args: object, **kwargs: object) -> object:
                if not self.paused:
                    self.count += 1
                    self.at(self.count)
                return real(*args, **kwargs)
            return hooked

        for name, real in self.saved.items():
            setattr(os, name, wrap(real))
        builtins.open = wrap(self.saved_open)  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        for name, real in self.saved.items():
            setattr(os, name, real)
        builtins.open = self.saved_open  # type: ignore[assignment]


def _operations(out: Path, old: DeckExport, new: DeckExport) -> int:
    fresh(out, old)
    with Hooked(lambda n: None) as hook:
        write(new)
    return hook.count


def _killed_at(n: int, new: DeckExport) -> int:
    """Write `new` in a child that kills itself (-9) before its n-th file operation."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            def kill(count: int) -> None:
                if count == n:
                    os.kill(os.getpid(), signal.SIGKILL)
            with Hooked(kill):
                write(new)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return status


def test_a_kill_at_any_point_leaves_the_old_set_or_the_new_one(exports):
    out, old, new = exports
    total = _operations(out, old, new)
    # one per card file at least (a file per distinct face and the manifest): the sweep below
    # covers the writing
    assert total > len(card_set(new)) > 30
    expected_new = {**card_set(new), "notes.txt": b"keep me"}
    seen = set()
    for n in sorted({1, 2, 10, total // 2, total - 2, total - 1, total, total + 1}):
        before = fresh(out, old)
        status = _killed_at(n, new)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        assert killed or n > total, (n, status)
        after = snapshot(out / FOLDER)
        assert after in (before, expected_new), f"killed at operation {n} of {total}: a mix"
        seen.add("old" if after == before else "new")
        assert sorted(p for p in os.listdir(out) if not p.startswith(".")) == [FOLDER]
    assert seen == {"old", "new"}
    # the next run clears what the killed ones left (staging folders, .part files)
    write(new)
    assert sorted(os.listdir(out)) == [FOLDER]
    assert snapshot(out / FOLDER) == expected_new


def test_two_exports_at_once_end_with_the_last_one_whole(exports):
    """Export B runs start to finish while export A is halfway: the folder ends as A's set."""
    out, old, new = exports
    total = _operations(out, old, new)
    for n in (1, total // 2, total - 1):
        fresh(out, old)
        hook: Hooked

        def other_run(count: int, n: int = n) -> None:
            if count == n:
                hook.paused = True  # noqa: B023  (hook is this round's: set by the with below)
                write(old)  # B: the bigger deck, whole, in the middle of A
                hook.paused = False  # noqa: B023

        with Hooked(other_run) as hook:
            write(new)  # A
        assert snapshot(out / FOLDER) == {**card_set(new), "notes.txt": b"keep me"}
        manifest = (out / FOLDER / "crazy8ix-manifest.csv").read_text().splitlines()[1:]
        assert sorted(row.split(",")[0] for row in manifest) == sorted(
            name for name in card_set(new) if name.endswith(".png"))


def test_a_stale_part_file_of_a_dead_run_is_cleared_and_a_live_ones_kept(tmp_path):
    from printkit.output import write_file

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = tmp_path / f".pad.pdf.{dead}.abcd1234.part"
    legacy = tmp_path / ".pad.pdf.x7_k2abc.part"  # printkit 0.1's, without a process id
    live = tmp_path / f".pad.pdf.{os.getppid()}.abcd1234.part"
    mine = tmp_path / "my.part"
    for path in (stale, legacy, live, mine):
        path.write_bytes(b"half")
    write_file(tmp_path / "pad.pdf", b"whole")
    assert sorted(os.listdir(tmp_path)) == sorted([live.name, mine.name, "pad.pdf"])


# -- the pool's workers die with their parent ------------------------------------------------------
@pytest.mark.skipif(not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2,
                    reason="reads /proc; the deck renders in a pool on two cores or more")
def test_killing_the_main_process_takes_its_workers_with_it(tmp_path):
    script = Path(sys.executable).with_name("printkit")
    if not script.exists():
        pytest.fail(f"{script} is missing: run the tests with ./dev test")
    out = tmp_path / "out"
    # the previews render in a pool (the 33 card files of a TGC export render in one process)
    command = [str(script), "deck", "--format", "pod", "--printer", "tgc", "--preview", "-o",
               str(out)]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        assert wait_for(lambda: bool(workers.extend(children(run.pid)) or workers), 60), \
            "the export never started its workers"
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        # the workers get SIGKILL the moment their parent dies; allow a loaded machine time
        assert wait_for(lambda: not any(running(w) for w in workers), 15), \
            f"workers {workers} outlived their parent"
    finally:
        for pid in [run.pid, *workers]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    # the next run clears whatever the killed one left, and writes the whole set
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(out)) == sorted([FOLDER, "crazy8ix-contact-sheet.png",
                                              "crazy8ix-hand.png"])
