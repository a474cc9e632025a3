"""`printkit serve`: the gamesheet in the browser, refereed as it is tapped."""

import os
from typing import Annotated, Optional

import typer

from printkit.cli.common import choice, report
from printkit.errors import PrintkitError
from printkit.language import LANGUAGES, language


def serve(
    port: Annotated[int, typer.Option("--port", help="Port to serve on (0: any free port).",
                                      min=0, max=65535)] = 8765,
    host: Annotated[Optional[str], typer.Option(
        "--host", help="Address to serve on; anything but this machine's own (127.0.0.1) "
                       "lets other machines in.")] = None,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Serve on the local network, for a phone on the same Wi-Fi: prints the "
                      "address with a secret token, and its QR code.")] = False,
    lang: Annotated[Optional[str], typer.Option(
        "--lang", click_type=choice(*LANGUAGES), show_default=False,
        help="The page's language: en, es or fr (default: $PRINTKIT_LANG, then each "
             "browser's own, then en).")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser",
                                             help="Do not open the page in a browser.")] = False,
    allow_host: Annotated[Optional[list[str]], typer.Option(
        "--allow-host", metavar="NAME",
        help="Answer this name or address too (repeatable), beside this machine's own: a name "
             "the network gives this machine (gamepc.lan), another interface's address.")]
    = None,
) -> None:
    """Serve The Fox and the Rabbit's gamesheet as a local page that referees what you tap."""
    from printkit.web.hosts import own_hosts
    from printkit.web.server import LOOPBACK, bind, is_loopback, open_browser, url
    from printkit.web.server import serve as run

    fixed = _page_language(lang)
    allowed = _allowed_names(allow_host or [])

    if lan:
        from printkit.web import lan as lan_mode

        # all interfaces, shown by the LAN address; --host names one interface instead
        shown = host or lan_mode.lan_address()
        sock = bind(host or "0.0.0.0", port)
        token = lan_mode.new_token()
        where = lan_mode.with_token(url(shown, sock.getsockname()[1]), token)
        hosts = lan_mode.lan_hosts(host or "0.0.0.0", shown, allowed)

        def ready_lan() -> None:
            report(f"printkit serve: {where} (Ctrl-C stops)")
            report("Open it on a phone on the same network: scan this code, or type the "
                   "address (its token keeps other people out).")
            report(lan_mode.qr_text(where).rstrip("\n"))
            if not no_browser:
                open_browser(where)

        run(sock, hosts, ready_lan, token, where, fixed)
        report("printkit serve: stopped")
        return

    address = host or LOOPBACK
    loopback = is_loopback(address)
    if not loopback:
        typer.echo(f"printkit: warning: serving on {address}: other machines that reach it can "
                   "use this page and its API; there is no password (--lan adds one)", err=True)
    sock = bind(address, port)
    where = url(address, sock.getsockname()[1])

    def ready() -> None:
        report(f"printkit serve: {where} (Ctrl-C stops)")
        if not no_browser:
            open_browser(where)

    run(sock, own_hosts(address, allowed), ready, lang=fixed)
    report("printkit serve: stopped")


def _allowed_names(names: list[str]) -> tuple[str, ...]:
    """Return the names --allow-host adds, as a Host header says them; refuse a pattern."""
    from printkit.web.hosts import allowed_name

    try:
        return tuple(allowed_name(name) for name in names)
    except ValueError as err:
        raise PrintkitError(f"--allow-host: {err}") from None


def _page_language(value: Optional[str]) -> Optional[str]:
    """Return the language --lang or PRINTKIT_LANG fixes for the page, or None: each
    browser's Accept-Language then chooses (this machine's locale does not: the page is
    read on the players' devices)."""
    if value is not None:
        return language(value).code
    asked = os.environ.get("PRINTKIT_LANG", "").strip()
    if not asked:
        return None
    try:
        return language(asked).code
    except PrintkitError as err:
        raise PrintkitError(f"PRINTKIT_LANG: {err}") from None
