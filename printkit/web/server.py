"""Running the page's server: bind, say where, open the browser, stop cleanly.

Ctrl-C and SIGTERM stop it the same way: requests still running get a second to finish, then
are cut short without a word, and the process exits 0 after one line. A request too broken
for the HTTP layer (a malformed Content-Length) is answered in JSON, as everything else is.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import json
import logging
import signal
import socket
import threading
import time
import webbrowser
from collections.abc import Callable
from types import FrameType
from typing import Any

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


#: Seconds a request still running when the server is stopped gets to finish.
GRACE = 1


def serve(sock: socket.socket, hosts: list[str] | None, on_ready: Callable[[], None],
          token: str | None = None, lan_url: str | None = None, lang: str | None = None) -> None:
    """Serve the page on a bound socket until Ctrl-C or SIGTERM; `on_ready` runs once it answers.

    `hosts` are the Host names it answers; None means the names it was started on
    (`hosts.own_hosts`): the loopback names and the address it is bound to (`--host
    127.0.0.2` answers 127.0.0.2), and on every interface this machine's names and addresses
    (any other Host: 400, so that no web page reaches it by a name of its own). `token` and
    `lan_url` serve it on the local network behind a token (`web/lan.py`); `lang` fixes the
    page's language (else each browser's Accept-Language chooses).
    """
    import uvicorn

    from printkit.web.app import create_app, warm
    from printkit.web.hosts import own_hosts

    bound, port = sock.getsockname()[:2]
    if hosts is None:
        hosts = own_hosts(str(bound))
    config = uvicorn.Config(create_app(hosts, token, lan_url, lang, port), log_level="warning",
                            access_log=False, lifespan="off", server_header=False,
                            timeout_graceful_shutdown=GRACE, http=_json_errors_protocol())
    server = uvicorn.Server(config)
    quiet = _QuietStop()
    logging.getLogger("uvicorn.error").addFilter(quiet)

    def wait_then_tell() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.02)
        if server.started:
            warm()  # a second or two, so that the first page is as quick as the next
            on_ready()

    def interrupt(sig: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt  # uvicorn raises a caught SIGTERM again once it has stopped

    threading.Thread(target=wait_then_tell, daemon=True).start()
    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn has shut down; it raises the signal again only to end the process
    finally:
        signal.signal(signal.SIGTERM, previous)
        logging.getLogger("uvicorn.error").removeFilter(quiet)
        sock.close()


class _QuietStop(logging.Filter):
    """Drops what uvicorn says of requests it cuts short when stopping: they are expected."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Cancel ") and "graceful shutdown" in record.msg:
            return False
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, asyncio.CancelledError)


def _json_errors_protocol() -> Any:
    """Return uvicorn's h11 protocol, answering a request it cannot parse in JSON."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class JsonErrors(H11Protocol):
        def send_400_response(self, msg: str) -> None:
            body = json.dumps({"error": f"a malformed HTTP request ({msg.rstrip('.')}): "
                                        "check its headers, such as Content-Length"}).encode()
            headers = [(b"content-type", b"application/json"),
                       (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
            for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
                          h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
            self.transport.close()

    return JsonErrors


def open_browser(address: str) -> None:
    """Open the page in the person's browser; without one, the address printed is enough."""
    try:
        webbrowser.open(address)
    except webbrowser.Error:
        pass
