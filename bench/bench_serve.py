"""`printkit serve` figures: the page in a real browser, and the API under a bounded load.

Run: python bench/bench_serve.py [REQUESTS] [CLIENTS]     (default 2,000 and 20)
     python bench/bench_serve.py page                    (the browser figures only)

- Page ready: from navigation to the sheet drawn and its first verdict shown (the page's
  `printkit-ready` mark), in Debian's headless Chromium, a fresh profile each load; median
  of 10 loads; on a desktop window and on a 390x844 phone viewport.
- Verdict after a click: from a tap on a cell to the new verdict shown and the next frame
  painted, median of 20 taps.
- Load: REQUESTS `POST /api/validate` from CLIENTS concurrent clients on loopback (each a
  thread with its own keep-alive connection), the example records cycled: the error count
  (any answer but 200), p50 and p95 latency, requests per second, and the server's peak
  memory (VmHWM of its process).
The client runs on the same 2-core machine as the server, so the load figures include it.
"""

from __future__ import annotations

import http.client
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402
from tests.web.page import PHONE  # noqa: E402

CLICK = """async (name) => {
  const verdict = document.getElementById("verdict");
  const before = verdict.dataset.seq;
  const t0 = performance.now();
  document.querySelector(`[data-field="${name}"]`).dispatchEvent(new MouseEvent("click"));
  while (verdict.dataset.seq === before) await new Promise((done) => setTimeout(done, 0));
  await new Promise(requestAnimationFrame);  // and painted
  return performance.now() - t0;
}"""


def browser_figures(url: str, viewport: dict[str, int] | None = None
                    ) -> tuple[list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    ready, verdict = [], []
    size = {"viewport": viewport} if viewport else {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(10):
            context = browser.new_context(**size)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready]", state="attached")
            ready.append(page.evaluate(
                "performance.getEntriesByName('printkit-ready')[0].startTime"))
            context.close()
        context = browser.new_context(**size)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached")
        for i in range(20):
            verdict.append(page.evaluate(CLICK, ["F-B1", "F-B2", "R-A1", "R-A2"][i % 4]))
        context.close()
        browser.close()
    return ready, verdict


def load(url: str, requests: int, clients: int) -> tuple[list[float], int, float]:
    bodies = [p.read_bytes() for p in sorted((ROOT / "examples/fox-and-rabbit").glob("*.yaml"))]
    where = urlparse(url)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    per_client = [requests // clients + (1 if i < requests % clients else 0)
                  for i in range(clients)]

    def client(n: int, k: int) -> None:
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
        mine = []
        bad = 0
        for i in range(n):
            body = bodies[(k + i) % len(bodies)]
            t0 = time.perf_counter()
            try:
                conn.request("POST", "/api/validate", body,
                             {"Content-Type": "application/yaml"})
                res = conn.getresponse()
                res.read()
                ok = res.status == 200
            except OSError:
                ok = False
                conn.close()
                conn = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
            mine.append(time.perf_counter() - t0)
            bad += not ok
        conn.close()
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    threads = [threading.Thread(target=client, args=(n, k)) for k, n in enumerate(per_client)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, errors[0], time.perf_counter() - start


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    page_only = sys.argv[1:2] == ["page"]
    requests = int(sys.argv[1]) if len(sys.argv) > 1 and not page_only else 2000
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    server = Server()
    try:
        for name, viewport in (("desktop", None), ("phone 390x844", PHONE)):
            ready, verdict = browser_figures(server.url, viewport)
            print(f"{name}: page ready (navigation to first verdict shown): median "
                  f"{statistics.median(ready):.0f} ms, max {max(ready):.0f} ms (10 loads; "
                  f"target < 300 ms)")
            print(f"{name}: verdict after a click: median {statistics.median(verdict):.1f} ms, "
                  f"max {max(verdict):.1f} ms (20 taps; target < 100 ms)")
        if page_only:
            return
        idle = peak_memory_mb(server.proc.pid)
        latencies, errors, took = load(server.url, requests, clients)
        ms = sorted(x * 1000 for x in latencies)
        p95 = ms[int(0.95 * len(ms)) - 1]
        print(f"load: {len(ms)} POST /api/validate from {clients} clients in {took:.1f} s "
              f"({len(ms) / took:.0f}/s): {errors} errors; latency p50 "
              f"{statistics.median(ms):.1f} ms, p95 {p95:.1f} ms")
        print(f"server peak memory: {peak_memory_mb(server.proc.pid):.0f} MB "
              f"({idle:.0f} MB before the load)")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
