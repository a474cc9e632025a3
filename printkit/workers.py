"""Worker processes that end with their parent, however the parent ends (kill -9 included)."""

from __future__ import annotations

import ctypes
import os
import signal
import sys

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
