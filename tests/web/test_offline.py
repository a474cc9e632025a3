"""The page installable and usable offline once loaded: a manifest and a service worker."""

from __future__ import annotations

import json

from tests.web.conftest import call
from tests.web.page import PHONE, RefereePage


def test_the_manifest_names_the_page_and_its_icons(server):
    answer = call(server.url + "manifest.webmanifest")
    assert answer.status == 200 and answer.type.startswith("application/manifest+json")
    manifest = json.loads(answer.body)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        got = call(server.url + icon["src"].lstrip("/"))
        assert got.status == 200 and got.type.startswith(icon["type"]), icon
    page = call(server.url).body.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert call(server.url + "sw.js").type.startswith("text/javascript")


def test_once_loaded_the_page_opens_offline_with_the_sheet_kept(browser, server):
    p = RefereePage(browser, server.url, PHONE)
    try:
        p.tap("F-B1")
        p.settled()
        p.page.wait_for_selector("body[data-offline-ready]", state="attached")
        p.context.set_offline(True)
        p.reload()
        # the page, its sheet and the marks are there; the referee's verdict is not
        assert p.page.locator(".sheet svg").count() == 1
        assert p.pressed("F-B1")
        assert p.page.get_attribute("#verdict", "data-state") == "offline"
        assert "cannot be reached" in p.page.inner_text("#summary")
        p.context.set_offline(False)
        p.tap("F-B2")
        # back online, the next tap reaches the referee again (the verdict waits until the
        # player asks for it)
        assert p.verdict()["head"] == "Entering the sheet: 2 marks so far"
        assert p.page.get_attribute("#verdict", "data-state") == "entering"
        assert p.pressed("F-B2")
    finally:
        p.close()
