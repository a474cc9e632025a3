"""Running independent renders on every core, with results in a fixed order."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

from printkit.draw import fonts
from printkit.workers import die_with_parent

Job = TypeVar("Job")
Result = TypeVar("Result")
Progress = Callable[[int, int], None]  # (done, total)


def _no_progress(done: int, total: int) -> None:
    """Report nothing."""


def cores() -> int:
    """Return how many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def in_parallel(work: Callable[[Job], Result], jobs: Sequence[Job],
                progress: Progress = _no_progress, at_least: int = 2) -> list[Result]:
    """Return work(job) for every job, in the jobs' order, using a process per core.

    `work` must be a module-level function and each job picklable. Fewer than `at_least`
    jobs, or a single core, run here: a pool costs more than it saves on so little. The
    order of the results never depends on which worker finished first.
    """
    workers = max(1, min(cores(), len(jobs)))
    if workers == 1 or len(jobs) < at_least:
        results = []
        for i, job in enumerate(jobs):
            results.append(work(job))
            progress(i + 1, len(jobs))
        return results
    import multiprocessing  # only an export of many cards needs the pool
    from concurrent.futures import ProcessPoolExecutor, as_completed

    for font in fonts.ALL_FONTS:  # load the metrics once, before the workers fork
        fonts.register(font)
    context = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    slots: dict[int, Result] = {}
    with ProcessPoolExecutor(workers, mp_context=context, initializer=die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        futures = {pool.submit(work, job): i for i, job in enumerate(jobs)}
        for done, future in enumerate(as_completed(futures), start=1):
            slots[futures[future]] = future.result()
            progress(done, len(jobs))
    return [slots[i] for i in range(len(jobs))]
