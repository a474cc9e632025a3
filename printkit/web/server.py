"""Running the page's server: bind, say where, open the browser, stop cleanly on Ctrl-C."""

from __future__ import annotations

import errno
import ipaddress
import socket
import threading
import time
import webbrowser
from collections.abc import Callable

from printkit.errors import PrintkitError

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    """Return whether `host` is reached only from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """Return a listening socket on (host, port), or raise saying why not (the port is taken)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise PrintkitError(f"cannot serve on {host} port {port}: it is in use (is printkit "
                                f"serve already running?); try --port {port + 1}") from None
        raise PrintkitError(f"cannot serve on {host} port {port}: {err.strerror}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def url(host: str, port: int) -> str:
    shown = f"[{host.strip('[]')}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(sock: socket.socket, hosts: list[str] | None, on_ready: Callable[[], None],
          token: str | None = None, lan_url: str | None = None, lang: str | None = None) -> None:
    """Serve the page on a bound socket until Ctrl-C; `on_ready` runs once it answers.

    `token` and `lan_url` serve it on the local network behind a token (`web/lan.py`);
    `lang` fixes the page's language (else each browser's Accept-Language chooses).
    """
    import uvicorn

    from printkit.web.app import create_app, warm

    config = uvicorn.Config(create_app(hosts, token, lan_url, lang), log_level="warning",
                            access_log=False, lifespan="off", server_header=False,
                            timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)

    def wait_then_tell() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.02)
        if server.started:
            warm()  # a second or two, so that the first page is as quick as the next
            on_ready()

    threading.Thread(target=wait_then_tell, daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn has shut down; it raises Ctrl-C again only to end the process
    finally:
        sock.close()


def open_browser(address: str) -> None:
    """Open the page in the person's browser; without one, the address printed is enough."""
    try:
        webbrowser.open(address)
    except webbrowser.Error:
        pass
