"""Running the deck's independent renders on every core, with results in a fixed order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from printkit.draw import fonts
from printkit.workers import Progress, no_progress
from printkit.workers import in_parallel as _in_parallel

Job = TypeVar("Job")
Result = TypeVar("Result")


def in_parallel(work: Callable[[Job], Result], jobs: Sequence[Job],
                progress: Progress = no_progress, at_least: int = 2) -> list[Result]:
    """Return work(job) for every job, in the jobs' order (printkit.workers.in_parallel), with
    the fonts' metrics loaded once, before any worker forks."""
    if len(jobs) >= at_least:
        for font in fonts.ALL_FONTS:
            fonts.register(font)
    return _in_parallel(work, jobs, progress, at_least=at_least)


__all__ = ["Progress", "in_parallel"]
