"""A real `printkit serve` on a free loopback port, and a real headless Chromium to use it.

Chromium is Debian's (`/usr/bin/chromium`), driven by Playwright through `executable_path`:
nothing is downloaded. `.ci/run` installs it; on a machine without it the browser tests are
skipped, except in CI (CI=true), where a missing browser fails them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
CHROMIUM = os.environ.get("PRINTKIT_CHROMIUM", "/usr/bin/chromium")
#: Chromium on a closed network: no background calls home, no sandbox (root), a fresh profile
#: (Playwright gives every launch a new temporary --user-data-dir).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]


class Server:
    """`printkit serve --no-browser --port 0` in its own process, as a person starts it."""

    def __init__(self, *options: str, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", "--no-browser", "--port", "0",
             *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            env={**os.environ, **(env or {})})
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.proc.kill()
            raise RuntimeError(f"printkit serve did not start: {line}{self.proc.stderr.read()}")
        self.url = line.split()[2]

    def stop(self) -> tuple[int, str, str]:
        """Stop it as Ctrl-C does; return its exit status, what it printed and its errors."""
        self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=20)
        return self.proc.returncode, out, err


@dataclass
class Answer:
    status: int
    body: bytes
    type: str
    headers: dict[str, str] = field(default_factory=dict)  # by lower-case name

    def json(self):
        return json.loads(self.body)


def call(url: str, data: bytes | None = None, headers: dict[str, str] | None = None,
         method: str | None = None) -> Answer:
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return Answer(res.status, res.read(), res.headers.get("content-type", ""),
                          {k.lower(): v for k, v in res.headers.items()})
    except urllib.error.HTTPError as err:
        return Answer(err.code, err.read(), err.headers.get("content-type", ""),
                      {k.lower(): v for k, v in err.headers.items()})


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        if os.environ.get("CI"):
            pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs Debian's chromium")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def browser_tab(browser):
    """The page the referee-page tests of this process take turns in (tests/web/page.py)."""
    from tests.web.page import Tab

    t = Tab(browser)
    yield t
    t.close()
