"""`printkit serve --lan`: the page on the local network, for a phone at the table.

The page is served to the machines of the local network, behind a random token: the
address printed (and shown as a QR code, in the terminal and on the page) carries it as
`?t=TOKEN`; the first answer sets it as a cookie, which every later request of the page
sends. A request without the token gets 403; a Host name other than this machine's
addresses and names gets 400 (`hosts.OwnHosts`), so a web page elsewhere cannot reach
the server through a name it controls.
"""

from __future__ import annotations

import hmac
import io
import json
import secrets
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from printkit.errors import PrintkitError
from printkit.web.hosts import ROUTE_PROBES, machine_names, own_hosts, route_address, shown

COOKIE = "printkit_token"


def new_token() -> str:
    return secrets.token_urlsafe(16)


def lan_address() -> str:
    """Return this machine's address on the local network, or raise saying there is none."""
    address = route_address(ROUTE_PROBES[0])
    if not address or address.startswith("127."):
        raise PrintkitError("--lan: this machine is on no local network (join the Wi-Fi the "
                            "phones are on, or give --host ADDRESS)")
    return address


def lan_hosts(bound: str, address: str, extra: tuple[str, ...] = ()) -> list[str]:
    """Return the Host names the page answers on the LAN, bound to `bound` and shown by
    `address`: that address, this machine's names (and, on every interface, its other
    addresses), the loopback names (the person at this machine), and `extra`."""
    names = [shown(address), *own_hosts(bound, extra), *machine_names()]
    return list(dict.fromkeys(n.lower() for n in names))


def with_token(url: str, token: str) -> str:
    return f"{url}?t={token}"


def qr_text(url: str) -> str:
    """Return a QR code of `url` drawn with block characters, for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def qr_svg(url: str) -> bytes:
    """Return a QR code of `url` as SVG, for the page."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                    title="The page's address with its token")
    return out.getvalue()


class TokenGate:
    """ASGI middleware: only requests that carry the token (in the query once, then as a
    cookie) reach the app; the others get 403 with a JSON error."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("t", [""])[0]
        by_query = hmac.compare_digest(given.encode(), self.token.encode())
        if not by_query and not hmac.compare_digest(_cookie(scope).encode(),
                                                    self.token.encode()):
            body = json.dumps({"error": "this page needs its address with the token that "
                               "printkit serve --lan printed (or scan its QR code)"}).encode()
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        if not by_query:
            await self.app(scope, receive, send)
            return
        cookie = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()

        async def set_cookie(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message,
                           "headers": [*message.get("headers", []), (b"set-cookie", cookie)]}
            await send(message)

        await self.app(scope, receive, set_cookie)


def _cookie(scope: Any) -> str:
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except CookieError:
                return ""
            if COOKIE in jar:
                return jar[COOKIE].value
    return ""
