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
from tests.web.page import PHONE, RefereePage

TOKEN_URL = re.compile(r"^http://127\.0\.0\.1:(\d+)/\?t=([A-Za-z0-9_-]{20,})$")


@pytest.fixture(scope="module")
def lan():
    s = Server("--lan", "--host", "127.0.0.1")
    yield s
    s.stop()


def parts(url: str) -> tuple[str, str]:
    m = TOKEN_URL.match(url)
    assert m, url
    return f"http://127.0.0.1:{m.group(1)}/", m.group(2)


def test_the_address_has_a_random_token_and_a_qr_code_in_the_terminal(lan):
    first, second = lan, Server("--lan", "--host", "127.0.0.1")
    try:
        (_, one), (_, two) = parts(first.url), parts(second.url)
        assert one != two
    finally:
        second.stop()
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
    # the token's cookie lets the page's own requests in
    cookie = {"Cookie": f"printkit_token={token}"}
    assert call(base + "api/form", headers=cookie).status == 200
    assert call(base + "api/form", headers={"Cookie": "printkit_token=guess"}).status == 403


def test_only_the_lan_host_names_are_answered(lan):
    base, token = parts(lan.url)
    cookie = {"Cookie": f"printkit_token={token}"}
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
