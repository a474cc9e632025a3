"""`printkit serve --lan`: the page behind a token, for a phone on the same network.

Every request here goes to a loopback address: `--host 127.0.0.1` stands in for the LAN
address, so the token, the Host names and the page are tested without any traffic leaving
this machine.
"""

from __future__ import annotations

import re

import pytest

from printkit.web.lan import lan_hosts, qr_text
from tests.web.conftest import Server, call
from tests.web.page import DESKTOP, PHONE, RefereePage

TOKEN_URL = re.compile(r"^http://127\.0\.0\.1:(\d+)/\?t=([A-Za-z0-9_-]{20,})$")


@pytest.fixture(scope="module")
def lan():
    s = Server("--lan", "--host", "127.0.0.1")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def other_lan():
    """A second `serve --lan` on the same address, another port."""
    s = Server("--lan", "--host", "127.0.0.1")
    yield s
    s.stop()


def parts(url: str) -> tuple[str, str]:
    m = TOKEN_URL.match(url)
    assert m, url
    return f"http://127.0.0.1:{m.group(1)}/", m.group(2)


def test_the_address_has_a_random_token_and_a_qr_code_in_the_terminal(lan, other_lan):
    first = lan
    (_, one), (_, two) = parts(first.url), parts(other_lan.url)
    assert one != two
    # what `lan` printed after its address (no other test reads its output)
    assert first.proc.stdout is not None
    lines: list[str] = []
    while not lines or not lines[-1].startswith("▀"):  # the QR code's last line
        lines.append(first.proc.stdout.readline())
    out = "".join(lines)
    assert "Open it on a phone on the same network" in out
    assert qr_text(first.url).rstrip("\n") in out  # the QR code of that very address
    assert "█" in out


def test_only_the_token_opens_the_page(lan):
    base, token = parts(lan.url)
    for path in ("", "api/form", "api/sheet", "static/page.js", "sw.js"):
        answer = call(base + path)
        assert answer.status == 403, path
        assert "token" in answer.json()["error"]
    assert call(base + "?t=" + "x" * len(token)).status == 403
    answer = call(lan.url)
    assert answer.status == 200 and b"<!doctype html>" in answer.body
    # the token's cookie, named for this server's port, lets the page's own requests in
    cookie = f"{cookie_name(lan)}={token}"
    assert answer.headers["set-cookie"] == f"{cookie}; Path=/; HttpOnly; SameSite=Strict"
    assert call(base + "api/form", headers={"Cookie": cookie}).status == 200
    for other in (f"{cookie_name(lan)}=guess", f"printkit_token={token}",
                  f"printkit_token_{port(lan) + 1}={token}"):
        assert call(base + "api/form", headers={"Cookie": other}).status == 403, other


def port(server: Server) -> int:
    return int(parts(server.url)[0].rstrip("/").rsplit(":", 1)[1])


def cookie_name(server: Server) -> str:
    return f"printkit_token_{port(server)}"


def test_no_answer_that_holds_the_token_may_be_kept(lan):
    base, token = parts(lan.url)
    cookie = {"Cookie": f"{cookie_name(lan)}={token}"}
    for url, headers in ((lan.url, {}), (base + "api/form?t=" + token, {}),
                         (base + "api/lan", cookie), (base + "api/lan.svg", cookie)):
        answer = call(url, headers=headers)
        assert answer.status == 200, url
        assert answer.headers["cache-control"] == "no-store", url
    assert call(base + "api/lan", headers=cookie).json() == {"url": lan.url}
    # what holds no token is kept as before
    assert call(base + "api/form", headers=cookie).headers.get("cache-control") is None


def test_a_browser_without_the_token_is_told_how_to_get_in_in_its_language(lan):
    base, _token = parts(lan.url)
    said = {
        "en": "Scan the QR code printkit serve --lan printed, or type the address it printed, "
              "token included (the part after ?t=).",
        "es": "Escanee el código QR que imprimió printkit serve --lan, o escriba la dirección "
              "que imprimió, con la clave incluida (lo que va tras ?t=).",
        "fr": "Scannez le code QR que printkit serve --lan a affiché, ou tapez l’adresse qu’il "
              "a affichée, jeton compris (ce qui vient après «\u00a0?t=\u00a0»)."}
    for lang, line in said.items():
        for headers in ({"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"},
                        {"Sec-Fetch-Mode": "navigate", "Accept": "*/*"}):
            answer = call(base + "static/page.js", headers={
                **headers, "Accept-Language": f"{lang}-XX,{lang};q=0.9,en;q=0.5"})
            assert answer.status == 403
            assert answer.type == "text/html; charset=utf-8"
            assert answer.headers["cache-control"] == "no-store"
            page = answer.body.decode()
            assert f'<html lang="{lang}">' in page and f"<p>{line}</p>" in page
            # nothing but its own text: the page's files are behind the token too
            assert not re.search(r"<(script|style|link|img)|src=|href=|style=", page)
    # a tool still gets JSON
    answer = call(base + "api/form", headers={"Accept": "application/json"})
    assert answer.status == 403 and "token" in answer.json()["error"]


def test_a_second_server_on_another_port_leaves_the_first_ones_cookie_alone(browser_tab, lan,
                                                                            other_lan):
    page = browser_tab.fresh(lan.url, DESKTOP)
    try:
        # a browser that opened both, one after the other, keeps both tokens
        for server in (lan, other_lan):
            assert page.goto(parts(server.url)[0] + "api/lan?t=" + parts(server.url)[1]).ok
        for server in (lan, other_lan):
            again = page.goto(parts(server.url)[0] + "api/lan")
            assert again is not None and again.status == 200, server.url
            assert again.json() == {"url": server.url}
        # and one it never opened with its token is refused, with a page saying how to get in
        page.context.clear_cookies()
        refused = page.goto(parts(lan.url)[0])
        assert refused is not None and refused.status == 403
        assert page.inner_text("h1") == "This page needs its token"
    finally:
        browser_tab.blank()


def test_only_the_lan_host_names_are_answered(lan):
    base, token = parts(lan.url)
    cookie = {"Cookie": f"{cookie_name(lan)}={token}"}
    assert call(base + "api/form", headers={**cookie, "Host": "evil.example"}).status == 400
    assert call(base + "api/form", headers={**cookie, "Host": "localhost"}).status == 200
    # what a real LAN address would allow (nothing is sent)
    hosts = lan_hosts("0.0.0.0", "192.168.1.20")
    assert hosts[0] == "192.168.1.20" and "evil.example" not in hosts
    assert "*" not in hosts


def test_the_loopback_default_needs_no_token_and_shows_no_address(server):
    assert call(server.url).status == 200
    assert call(server.url + "api/lan").json() == {"url": None}
    assert call(server.url + "api/lan.svg").status == 404


def test_the_page_opens_with_its_token_and_shows_the_address_for_another_device(browser_tab, lan):
    page = RefereePage(browser_tab, lan.url, PHONE)
    try:
        # the token is taken: the address bar, and the tab's history, no longer show it
        base, token = parts(lan.url)
        assert page.page.url == base
        assert token not in page.page.evaluate("() => location.href + history.state")
        page.tap("F-B1")  # the page's API calls carry the token's cookie
        page.settled()
        assert page.pressed("F-B1")
        page.page.click("#menu")
        page.page.click("#lan summary")
        assert page.page.inner_text("#lan-url") == lan.url
        qr = page.page.locator("#lan-qr")
        qr.wait_for(state="visible")
        assert qr.evaluate("img => img.complete && img.naturalWidth > 0")
    finally:
        page.close()


def test_the_service_worker_keeps_no_answer_with_the_token_and_the_page_opens_offline(browser,
                                                                                       lan):
    # 127.0.0.1 is a secure origin, where the browser runs the page's service worker
    page = RefereePage(browser, lan.url, PHONE)
    try:
        page.tap("F-B1")
        page.settled()
        page.page.wait_for_selector("body[data-offline-ready]", state="attached")
        # a second visit, the worker in charge from the start: every answer passes through it
        page.reload()
        page.page.wait_for_selector("#lan-qr[src]", state="attached")
        page.page.wait_for_selector("body[data-offline-ready]", state="attached")
        kept = page.page.evaluate("""async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const req of await cache.keys()) urls.push(req.url);
            }
            return urls;
        }""")
        base, token = parts(lan.url)
        assert base in kept and base + "static/page.js" in kept
        assert [u for u in kept if token in u or "/api/lan" in u] == []
        page.context.set_offline(True)
        page.reload()
        assert page.page.locator(".sheet svg").count() == 1
        assert page.pressed("F-B1")
        assert page.page.get_attribute("#verdict", "data-state") == "offline"
    finally:
        page.close()
