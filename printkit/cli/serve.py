"""`printkit serve`: the gamesheet in the browser, refereed as it is tapped."""

from typing import Annotated, Optional

import typer

from printkit.cli.common import report


def serve(
    port: Annotated[int, typer.Option("--port", help="Port to serve on (0: any free port).",
                                      min=0, max=65535)] = 8765,
    host: Annotated[Optional[str], typer.Option(
        "--host", help="Address to serve on; anything but this machine's own (127.0.0.1) "
                       "lets other machines in.")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser",
                                             help="Do not open the page in a browser.")] = False,
) -> None:
    """Serve The Fox and the Rabbit's gamesheet as a local page that referees what you tap."""
    from printkit.web.server import LOOPBACK, bind, is_loopback, open_browser, url
    from printkit.web.server import serve as run

    address = host or LOOPBACK
    loopback = is_loopback(address)
    if not loopback:
        typer.echo(f"printkit: warning: serving on {address}: other machines that reach it can "
                   "use this page and its API; there is no password", err=True)
    sock = bind(address, port)
    where = url(address, sock.getsockname()[1])

    def ready() -> None:
        report(f"printkit serve: {where} (Ctrl-C stops)")
        if not no_browser:
            open_browser(where)

    run(sock, None if loopback else ["*"], ready)
    report("printkit serve: stopped")
