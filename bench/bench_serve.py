"""`printkit serve` figures: the page in a real browser, and the API under a bounded load.

Run: python bench/bench_serve.py [REQUESTS] [CLIENTS]     (default 2,000 and 20)
     python bench/bench_serve.py page                    (the browser figures only)
     python bench/bench_serve.py costs                   (each request's CPU, in process)
     python bench/bench_serve.py busy [UPLOADS] [TAPPERS] [--root CHECKOUT]
                                                         (default 50 and 3)

- Page ready: from navigation to the sheet drawn and its first verdict shown (the page's
  `printkit-ready` mark), in Debian's headless Chromium, a fresh profile each load; median
  of 10 loads; on a desktop window and on a 390x844 phone viewport.
- Verdict after a click: from a tap on a cell to the new verdict shown and the next frame
  painted, median of 20 taps.
- Load: REQUESTS `POST /api/validate` from CLIENTS concurrent clients on loopback (each a
  thread with its own keep-alive connection), the example records cycled: the error count
  (any answer but 200), p50 and p95 latency, requests per second, and the server's peak
  memory (VmHWM of its process).
- Costs: the CPU milliseconds of the work behind each request of the page (median and most
  of 20 runs, after one to warm), the server's own functions called in this process: what
  decides which requests are heavy work (docs/serve.md).
- Busy: UPLOADS clients each send a 12-megapixel photo of a played sheet to `/api/scan`
  at once (again after its Retry-After when refused, until it is read), while TAPPERS
  clients tap as the page does (`POST /api/check` of a game under way, every 0.3 s) until
  the photos are all read: the share of taps answered 503, their latency, and how long
  the photos took. `--root` serves another checkout's printkit (the figures before a
  change: `git worktree add /tmp/before main`), with this script's client.
The client runs on the same 2-core machine as the server, so the load figures include it.
"""

from __future__ import annotations

import http.client
import statistics
import sys
import threading
import time
from collections.abc import Callable
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


def costs() -> None:
    """Print the CPU each kind of request's work takes, in this process."""
    import json

    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.games.fox_rabbit.reader import read_run
    from printkit.games.fox_rabbit.record import read_record
    from printkit.games.fox_rabbit.record_yaml import RecordError
    from printkit.games.fox_rabbit.validate import validate_run
    from printkit.language import Lang
    from printkit.web import app as web
    from printkit.web import endgame, gate, photo, referee
    from printkit.web.page_text import page_text

    record = (ROOT / "examples/fox-and-rabbit/hard-won.yaml").read_text()
    run = read_record(record)
    values, turns = sf.form_values(run), [str(t) for t in run.turns]
    fr = Lang("fr")
    classic = referee.sheet_map("classic")
    sheet = json.dumps({"map": "classic", "mode": "hard", "values": values, "turns": turns})
    # the slowest body judged at once found: SMALL_BODY of list items under an unknown key,
    # each parsed before the key is refused (a game's record is read in 1-2 ms)
    head = "game: fox-and-rabbit\nmap: classic\nmode: easy\nx: ["
    crowded = head + ",".join(["1"] * ((gate.SMALL_BODY - len(head)) // 2)) + "]\n"
    filled = referee.filled_pdf(classic, "hard", values, turns, "letter")[1]

    def refused(text: str) -> None:
        try:
            validate_run(read_run(text))
        except RecordError:
            pass
    print(f"a whole game's sheet (hard, {len(turns)} turns) as the page sends it: "
          f"{len(sheet):,} bytes; its record {len(record):,} bytes (SMALL_BODY "
          f"{gate.SMALL_BODY:,})")

    def ms(work: Callable[[], object], runs: int = 20) -> str:
        work()
        took = []
        for _ in range(runs):
            t0 = time.process_time()
            work()
            took.append(1000 * (time.process_time() - t0))
        return f"{statistics.median(took):7.2f} ms (most {max(took):.2f})"

    def once(work: Callable[[], object]) -> str:
        t0 = time.process_time()
        work()
        return f"{1000 * (time.process_time() - t0):7.0f} ms (once)"

    web._sheet_svg("classic", "hard", "letter", "fr")
    rows = [
        ("GET /api/text", ms(lambda: page_text(fr))),
        ("GET /api/form (a map in memory)", ms(lambda: referee.form(classic, "hard", fr))),
        ("GET /api/sheet (drawn before)", ms(lambda: web._SHEETS.get(
            ("classic", "hard", "letter", "fr")))),
        ("POST /api/check, a blank sheet", ms(lambda: referee.check(
            classic, "easy", {}, [], None, fr))),
        ("POST /api/check, a whole game", ms(lambda: referee.check(
            classic, "hard", values, turns, None, fr))),
        ("POST /api/check, mid-turn", ms(lambda: referee.check(
            classic, "hard", values, turns[:10], turns[10], fr))),
        ("POST /api/play, a whole game's log", ms(lambda: referee.play(
            classic, "hard", turns, fr))),
        ("POST /api/endgame", ms(lambda: endgame.step(classic, "hard", values, turns, fr))),
        ("POST /api/validate, a game's record", ms(lambda: validate_run(read_run(record)))),
        (f"POST /api/validate, the slowest {len(crowded):,} bytes", ms(
            lambda: refused(crowded), 5)),
        ("POST /api/open, a filled PDF", ms(lambda: referee.open_record(filled), 5)),
        ("POST /api/pdf", ms(lambda: referee.filled_pdf(classic, "hard", values, turns,
                                                        "letter"), 5)),
        ("GET /api/sheet, not drawn yet (classic, A4)",
         once(lambda: web._sheet_svg("classic", "super-hard", "a4", "es"))),
        ("a variant's map, first met (variant-17)",
         once(lambda: referee.sheet_map("variant-17"))),
        ("GET /api/sheet, a variant not drawn yet",
         once(lambda: web._sheet_svg("variant-17", "easy", "letter", "en"))),
    ]
    try:
        picture = photo_bytes()
        rows.append(("POST /api/scan, a 12-megapixel photo",
                     ms(lambda: photo.read(picture), 3)))
    except ImportError:
        rows.append(("POST /api/scan", "needs OpenCV (printkit[photo])"))
    for name, figure in rows:
        print(f"{name:45} {figure}")


def photo_bytes() -> bytes:
    from bench.bench_scan_speed import photo

    return photo()


def busy(uploads: int, tappers: int) -> None:
    """Print how the page's taps fare while `uploads` photos are sent at once."""
    import json

    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.games.fox_rabbit.record import read_record

    picture = photo_bytes()
    run = read_record((ROOT / "examples/fox-and-rabbit/hard-won.yaml").read_text())
    turns = [str(t) for t in run.turns]
    tap = json.dumps({"map": "classic", "mode": "hard", "values": sf.form_values(run),
                      "turns": turns[:-1], "turn": turns[-1]}).encode()
    server = Server()
    where = urlparse(server.url)
    done = threading.Event()
    lock = threading.Lock()
    read_at: list[float] = []
    refused = [0]
    taps: list[tuple[int, float]] = []

    def ask(path: str, body: bytes, kind: str) -> tuple[int, str]:
        conn = http.client.HTTPConnection(where.hostname, where.port, timeout=300)
        try:
            conn.request("POST", path, body, {"Content-Type": kind})
            res = conn.getresponse()
            res.read()
            return res.status, res.getheader("Retry-After") or "2"
        finally:
            conn.close()

    def uploader() -> None:
        while True:
            status, wait = ask("/api/scan", picture, "image/jpeg")
            if status != 503:
                with lock:
                    read_at.append(time.perf_counter() - start)
                return
            with lock:
                refused[0] += 1
            time.sleep(float(wait))

    def tapper(k: int) -> None:
        time.sleep(0.1 * k)
        while not done.is_set():
            t0 = time.perf_counter()
            status, _wait = ask("/api/check", tap, "application/json")
            with lock:
                taps.append((status, time.perf_counter() - t0))
            time.sleep(0.3)

    try:
        start = time.perf_counter()
        senders = [threading.Thread(target=uploader) for _ in range(uploads)]
        tapping = [threading.Thread(target=tapper, args=(k,)) for k in range(tappers)]
        for t in senders + tapping:
            t.start()
        for t in senders:
            t.join()
        done.set()
        for t in tapping:
            t.join()
        took = time.perf_counter() - start
    finally:
        server.stop()
    busy_taps = sum(1 for status, _ in taps if status == 503)
    ms = sorted(1000 * t for status, t in taps if status == 200)
    p95 = ms[max(0, int(0.95 * len(ms)) - 1)] if ms else float("nan")
    print(f"{uploads} photos sent at once ({len(picture) / 1e6:.1f} MB each), "
          f"{tappers} players tapping every 0.3 s, load average "
          f"{Path('/proc/loadavg').read_text().split()[0]} after")
    print(f"taps: {len(taps)}, answered 503: {busy_taps} ({100 * busy_taps / len(taps):.0f} %); "
          f"answered 200 in p50 {statistics.median(ms) if ms else float('nan'):.0f} ms, "
          f"p95 {p95:.0f} ms, most {max(ms) if ms else float('nan'):.0f} ms")
    print(f"photos: all {len(read_at)} read in {took:.1f} s (last at {max(read_at):.1f} s); "
          f"{refused[0]} uploads answered 503 and sent again")


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    if "--root" in sys.argv:  # serve another checkout's printkit (python -m from its folder)
        import tests.web.conftest as served

        at = sys.argv.index("--root")
        served.ROOT = Path(sys.argv[at + 1]).resolve()
        del sys.argv[at:at + 2]
    if sys.argv[1:2] == ["costs"]:
        costs()
        return
    if sys.argv[1:2] == ["busy"]:
        busy(int(sys.argv[2]) if len(sys.argv) > 2 else 50,
             int(sys.argv[3]) if len(sys.argv) > 3 else 3)
        return
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
