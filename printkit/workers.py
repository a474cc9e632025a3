"""Worker processes: the one pool the kit, the deck and the simulator share, whose workers end
with their parent however the parent ends (kill -9 included)."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Make this worker end when process `parent` does (a pool's initializer).

    A pool's own clean-up runs only when the parent exits normally; killed, it left its
    workers running for half a minute. Linux sends the worker SIGKILL when its parent dies
    (prctl PR_SET_PDEATHSIG); if the parent died before that was set, the worker ends now.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(1)


Job = TypeVar("Job")
Result = TypeVar("Result")
Progress = Callable[[int, int], None]  # (jobs done, jobs in all)


def no_progress(done: int, total: int) -> None:
    """Report nothing."""


def cores() -> int:
    """Return how many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start(parent: int, setup: Callable[..., None] | None, setup_args: tuple[Any, ...]) -> None:
    die_with_parent(parent)
    if setup is not None:
        setup(*setup_args)


def as_finished(work: Callable[[Job], Result], jobs: Sequence[Job], workers: int,
                setup: Callable[..., None] | None = None,
                setup_args: tuple[Any, ...] = ()) -> Iterator[tuple[int, Result]]:
    """Yield (index, work(job)) for every job as each finishes, on `workers` forked processes.

    The workers are forked, so they start at once and share what the parent loaded (fonts,
    tables, the kit's recipes); each ends with its parent, and runs `setup(*setup_args)`
    first. `work` must be a module-level function and each job picklable.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                             initargs=(os.getpid(), setup, setup_args)) as pool:
        futures = {pool.submit(work, job): i for i, job in enumerate(jobs)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def can_fork() -> bool:
    """Return whether worker processes can be forked here (Linux and macOS)."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def in_parallel(work: Callable[[Job], Result], jobs: Sequence[Job],
                progress: Progress = no_progress, *, workers: int | None = None,
                at_least: int = 2) -> list[Result]:
    """Return work(job) for every job, in the jobs' order, using up to a process per core.

    Fewer than `at_least` jobs, a single core, or a system that cannot fork, run here: a
    pool costs more than it saves on so little. The order of the results never depends on
    which worker finished first.
    """
    workers = max(1, min(workers or cores(), len(jobs)))
    if workers == 1 or len(jobs) < at_least or not can_fork():
        results = []
        for i, job in enumerate(jobs):
            results.append(work(job))
            progress(i + 1, len(jobs))
        return results
    slots: dict[int, Result] = {}
    for done, (index, result) in enumerate(as_finished(work, jobs, workers), start=1):
        slots[index] = result
        progress(done, len(jobs))
    return [slots[i] for i in range(len(jobs))]
