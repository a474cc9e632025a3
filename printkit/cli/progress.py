"""A progress bar that shows itself only when the work turns out to be slow."""

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Optional

import typer


class DelayedProgress:
    """Call it with (done, total); after `delay` seconds of work it draws a bar on stderr.

    Quick exports print nothing; an export that takes longer than a second shows how far
    it has got. `clock` can be replaced (tests).
    """

    def __init__(self, label: str, delay: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self.delay = delay
        self._clock = clock
        self._start = clock()
        self._bar: Any = None
        self._total = 0
        self._shown = 0
        self._ever_shown = False

    def __call__(self, done: int, total: int) -> None:
        if self._bar is not None and total != self._total:  # a new stage of the work
            self._bar.__exit__(None, None, None)
            self._bar = None
        if self._bar is None:
            if not self._ever_shown and self._clock() - self._start < self.delay:
                return
            if done >= total:  # finished already: a bar would only flash
                return
            self._bar = typer.progressbar(length=total, label=self.label, file=sys.stderr,
                                          show_pos=True, show_eta=True)
            self._bar.__enter__()
            self._total, self._shown, self._ever_shown = total, 0, True
        self._bar.update(done - self._shown)
        self._shown = done

    @property
    def shown(self) -> bool:
        return self._ever_shown

    def __enter__(self) -> "DelayedProgress":
        return self

    def __exit__(self, kind: Optional[type[BaseException]], err: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, err, tb)
