"""`printkit serve --lan`: the page on the local network, for a phone at the table.

The page is served to the machines of the local network, behind a random token: the
address printed (and shown as a QR code, in the terminal and on the page) carries it as
`?t=TOKEN`; the first answer sets it as a cookie, which every later request of the page
sends, and the page then drops it from its address. A request without the token gets 403: a
browser opening the page, a short page in its language saying how to get in; a tool, JSON.
A Host name other than this machine's addresses and names gets 400 (`hosts.OwnHosts`), so a
web page elsewhere cannot reach the server through a name it controls.

The token is kept out of what outlives the visit: every answer to a request that carries it
in its address, and the answers that hold it (`/api/lan`, `/api/lan.svg`), say
`Cache-Control: no-store`, which the page's service worker honours too.
"""

from __future__ import annotations

import hmac
import html
import io
import json
import secrets
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from printkit.errors import PrintkitError
from printkit.language import ENGLISH_CODE, Lang
from printkit.web.hosts import ROUTE_PROBES, machine_names, own_hosts, route_address, shown

NO_STORE = (b"cache-control", b"no-store")


def _(text: str) -> str:
    """Mark a text for the catalogues (`python bench/catalogues.py` extracts it)."""
    return text


#: What a browser without the token is told, in its language.
REFUSED = (_("This page needs its token"),
           _("printkit serve --lan lets in only the devices that open its address with its "
             "token."),
           _("Scan the QR code printkit serve --lan printed, or type the address it printed, "
             "token included (the part after ?t=)."),
           _("The token changes each time printkit serve --lan starts: after a restart, open "
             "the new address."))


def cookie_name(port: int) -> str:
    """Return the name of the token's cookie for a server on `port`.

    Browsers keep a cookie per host, not per port: another service on the same address
    would receive a cookie named alike, and a second `serve --lan` would overwrite it. The
    `__Host-` prefix would bind it to this origin, but it requires `Secure`, which a browser
    sets only over HTTPS (or on this machine), and `--lan` is plain HTTP.
    """
    return f"printkit_token_{port}"


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
    """ASGI middleware: only requests that carry the token (in the query once, then as the
    cookie named for this server's `port`) reach the app; the others get 403, a page saying
    how to get in for a browser, JSON for a tool. `lang` fixes that page's language (else
    the browser's Accept-Language chooses)."""

    def __init__(self, app: Any, token: str, port: int, lang: str | None = None) -> None:
        self.app = app
        self.token = token.encode()
        self.cookie = cookie_name(port)
        self.lang = lang

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("t", [""])[0]
        by_query = hmac.compare_digest(given.encode(), self.token)
        if not by_query and not hmac.compare_digest(_cookie(scope, self.cookie).encode(),
                                                    self.token):
            await self._refuse(scope, send)
            return
        if not by_query:
            await self.app(scope, receive, send)
            return
        cookie = f"{self.cookie}={self.token.decode()}; Path=/; HttpOnly; SameSite=Strict"

        async def set_cookie(message: Any) -> None:
            if message["type"] == "http.response.start":
                # the address holds the token: no copy of this answer is kept under it
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() != b"cache-control"]
                message = {**message, "headers": [*headers, (b"set-cookie", cookie.encode()),
                                                  NO_STORE]}
            await send(message)

        await self.app(scope, receive, set_cookie)

    async def _refuse(self, scope: Any, send: Any) -> None:
        headers = {k.lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if headers.get(b"sec-fetch-mode") == "navigate" or \
                "text/html" in headers.get(b"accept", ""):
            lang = Lang(self.lang or _accepted(headers.get(b"accept-language", "")))
            body, kind = refused_page(lang), b"text/html; charset=utf-8"
        else:
            body = json.dumps({"error": "this page needs its address with the token that "
                               "printkit serve --lan printed (or scan its QR code)"}).encode()
            kind = b"application/json"
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", kind),
                                (b"content-length", str(len(body)).encode()), NO_STORE]})
        await send({"type": "http.response.body", "body": body})


def refused_page(lang: Lang) -> bytes:
    """Return the page a browser gets without the token: how to get in, in `lang`; nothing
    but its own text (the page's files are behind the token too, and its Content-Security-
    Policy allows no inline style)."""
    title, *lines = (html.escape(lang.gettext(text)) for text in REFUSED)
    paragraphs = "\n".join(f"<p>{line}</p>" for line in lines)
    return (f'<!doctype html>\n<html lang="{lang.code}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n</head>\n<body>\n<h1>{title}</h1>\n{paragraphs}\n"
            f"</body>\n</html>\n").encode()


def _accepted(header: str) -> str:
    from printkit.web.page_text import accepted

    return accepted(header) or ENGLISH_CODE


def _cookie(scope: Any, name: str) -> str:
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except CookieError:
                return ""
            if name in jar:
                return jar[name].value
    return ""
