"""The CPU a command costs, every process it starts included, and its wall time.

Run: python bench/suite_cpu.py [--groups DIR] -- COMMAND [ARG ...]
e.g. python bench/suite_cpu.py -- .venv/bin/python -m pytest -n 2 --dist loadgroup -q

`/usr/bin/time` counts the processes its command waits for; a browser leaves some of its own
to be reaped by init when it closes (the renderers, its zygote), and their CPU is lost to it:
for the page's tests, a third of what they cost. Here the command runs under a child
subreaper (Linux's PR_SET_CHILD_SUBREAPER): whatever is orphaned below it is reaped here,
so the user + system CPU printed is that of the whole tree.

With --groups DIR the command is run with this file loaded as a pytest plugin
(`-p bench.suite_cpu`), which writes one JSON file per process into DIR: each test's CPU (the
process and everything below it, read from /proc) and wall time, its xdist_group and its
worker. The figures printed then add them up per worker and per group, and simulate the
two-process split (the largest group first, then each test to the first process free).
"""

from __future__ import annotations

import collections
import ctypes
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
TICK = os.sysconf("SC_CLK_TCK")


def run(command: list[str]) -> tuple[int, float, float, float, float]:
    """Run `command`; return its exit status, user and system CPU of its whole tree, wall,
    and the part of that CPU spent by orphans (reaped here, not by the command)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(command)
    orphans: dict[str, float] = collections.Counter()
    while True:  # the command, and the orphans it leaves, reparented here
        try:
            # look at the process before reaping it: a zombie still has its name
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT)
        except ChildProcessError:
            break
        assert info is not None
        name = _name(info.si_pid)
        pid, wait_status, usage = os.wait4(info.si_pid, 0)
        if pid == proc.pid:
            proc.returncode = os.waitstatus_to_exitcode(wait_status)
            wall = time.perf_counter() - start
        else:
            orphans[name] += usage.ru_utime + usage.ru_stime
    if orphans:
        print("orphans reaped here, by name: " + ", ".join(
            f"{name} {cpu:.1f} s" for name, cpu in sorted(orphans.items(), key=lambda x: -x[1])))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (proc.returncode, after.ru_utime - before.ru_utime,
            after.ru_stime - before.ru_stime, wall, sum(orphans.values()))


def _name(pid: int) -> str:
    """Return the name of a process (a zombie's too)."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return "?"


# --- as a pytest plugin: each test's CPU ------------------------------------------------------
def _tree_cpu() -> float:
    """Return the CPU seconds of this process and every process below it (and reaped by it)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    spent: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children[int(fields[1])].append(int(entry))
        spent[int(entry)] = sum(int(x) for x in fields[11:15]) / TICK
    total, todo = 0.0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += spent.get(pid, 0.0)
        todo.extend(children[pid])
    return total


_started: dict[str, tuple[float, float]] = {}
_done: list[dict[str, object]] = []
_groups: dict[str, tuple[int, str | None]] = {}
#: the process's CPU (its tree's) when the plugin was loaded, and when collection ended
_phases: dict[str, float] = {}


_config: list[object] = []


def pytest_configure(config) -> None:  # type: ignore[no-untyped-def]
    _config.append(config)
    _phases["loaded"] = _tree_cpu()


def _controller() -> bool:
    """Return whether this is pytest-xdist's controller, which is told of every test its
    workers run (reading /proc for them there would cost a few ms of CPU a test)."""
    return bool(_config) and \
        _config[0].pluginmanager.get_plugin("dsession") is not None  # type: ignore[attr-defined]


def pytest_collection_finish(session) -> None:  # type: ignore[no-untyped-def]
    _phases["collected"] = _tree_cpu()
    for index, item in enumerate(session.items):
        mark = item.get_closest_marker("xdist_group")
        _groups[item.nodeid.split("@")[0]] = (index, mark.args[0] if mark else None)


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    if not _controller():
        _started[nodeid] = (_tree_cpu(), time.perf_counter())


def pytest_runtest_logfinish(nodeid: str, location: object) -> None:
    if nodeid not in _started:
        return
    cpu, wall = _started.pop(nodeid)
    test = nodeid.split("@")[0]
    index, group = _groups.get(test, (-1, None))
    _done.append({"id": test, "cpu": _tree_cpu() - cpu, "wall": time.perf_counter() - wall,
                  "group": group, "index": index})


def pytest_unconfigure(config) -> None:  # type: ignore[no-untyped-def]
    # last, after the session's end (pytest's removal of old temporary folders included)
    out = os.environ.get("SUITE_CPU_GROUPS")
    if not out:
        return
    if config.pluginmanager.get_plugin("dsession") is not None:
        # pytest-xdist's controller: its workers write the tests; it writes its own CPU
        # (theirs apart: they are its children)
        own = os.times()
        Path(out).mkdir(parents=True, exist_ok=True)
        Path(out, "controller.json").write_text(json.dumps({"cpu": own.user + own.system}))
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    # the process's own CPU before the plugin was loaded (its start, pytest's) is its
    # tree's CPU then: nothing below it had started
    outside = {"start": _phases.get("loaded", 0.0),
               "collect": _phases.get("collected", 0.0) - _phases.get("loaded", 0.0),
               "total": _tree_cpu()}
    Path(out).mkdir(parents=True, exist_ok=True)
    Path(out, f"{worker}.json").write_text(json.dumps({"worker": worker, "tests": _done,
                                                       "process": outside}))


def report(folder: Path) -> None:
    tests = []
    processes: dict[str, dict[str, float]] = {}
    controller = None
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        if path.name == "controller.json":
            controller = data["cpu"]
            continue
        processes[data["worker"]] = data.get("process", {})
        for t in data["tests"]:
            tests.append({**t, "worker": data["worker"]})
    if not tests:
        return
    print(f"{len(tests)} tests; CPU counted test by test: {sum(t['cpu'] for t in tests):.0f} s "
          "(a browser's processes that outlive the run are counted while they run)")
    workers: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for t in tests:
        w = workers[t["worker"]]
        w[0] += 1
        w[1] += t["cpu"]
        w[2] += t["wall"]
    for name, (n, cpu, wall) in sorted(workers.items()):
        p = processes.get(name) or {}
        outside = ""
        if p:
            rest = p["total"] - p["start"] - p["collect"] - cpu
            outside = (f"; outside the tests: {p['start']:.1f} s to start, {p['collect']:.1f} s "
                       f"to collect, {rest:.1f} s between and after them")
        print(f"  {name}: {n} tests, {cpu:.0f} s CPU, {wall:.0f} s wall{outside}")
    if controller is not None:
        print(f"  pytest-xdist's controller: {controller:.1f} s CPU")
    units: dict[str, float] = collections.Counter()
    sizes: dict[str, int] = collections.Counter()
    first: dict[str, int] = {}
    for t in tests:
        key = t["group"] or t["id"]
        units[key] += max(t["cpu"], 0.0)
        sizes[key] += 1
        first[key] = min(first.get(key, t["index"]), t["index"])
    groups = {t["group"] for t in tests if t["group"]}
    print("groups (tests kept on one process), by CPU:")
    for g in sorted(groups, key=lambda g: -units[g])[:12]:
        print(f"  {units[g]:6.1f} s  {sizes[g]:3d} tests  {g}")
    # two processes, as pytest-xdist's loadgroup hands the work out: the groups first (the
    # most tests first), then the other tests in the order collected, each unit to the
    # process that is free first
    order = sorted(units, key=lambda u: (-sizes[u], first[u]))
    load = [0.0, 0.0]
    for unit in order:
        load[load.index(min(load))] += units[unit]
    print(f"two processes, simulated: {load[0]:.0f} s and {load[1]:.0f} s of CPU each "
          f"(the longest test: {max(t['cpu'] for t in tests):.1f} s)")


def main() -> None:
    args = sys.argv[1:]
    groups = None
    if args[:1] == ["--groups"]:
        groups = Path(args[1]).resolve()
        args = args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    if not args:
        sys.exit(__doc__)
    if groups is not None:
        os.environ["SUITE_CPU_GROUPS"] = str(groups)
        root = str(Path(__file__).resolve().parent.parent)
        os.environ["PYTHONPATH"] = os.pathsep.join(
            p for p in (root, os.environ.get("PYTHONPATH")) if p)
        args = [*args, "-p", "bench.suite_cpu"]
    status, user, system, wall, orphans = run(args)
    print(f"exit status {status}; wall {wall:.1f} s; CPU {user + system:.1f} s "
          f"(user {user:.1f} s, system {system:.1f} s), every process started included; "
          f"{orphans:.1f} s of it by orphans reaped here")
    if groups is not None:
        report(groups)


if __name__ == "__main__":
    main()
