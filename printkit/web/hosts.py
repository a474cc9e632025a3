"""The Host names `printkit serve` answers: the names and addresses it was started on.

A browser sends, in every request, the name it used to reach the server. A web page whose
name its owner has pointed at this machine's address (DNS rebinding) reaches the server
under that name, and its requests are then of the same origin as the page: only the Host
name tells them apart. So the server answers only the names it was started on, and any
other gets 400 (`OwnHosts`, in JSON as every error of the page's server).
"""

from __future__ import annotations

import ipaddress
import json
import re
import socket
from typing import Any

#: The names this machine calls itself, as a browser on it sends them.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "[::]")
#: Addresses of the documentation ranges (RFC 5737, RFC 3849): connecting a UDP socket to
#: one sends nothing; the kernel only picks the interface that would route there, whose
#: address is the one the local network knows this machine by.
ROUTE_PROBES = (("192.0.2.1", 9), ("2001:db8::1", 9))
#: A name a person may add (`--allow-host`): a DNS name, or an IPv4 or IPv6 address.
_NAME = re.compile(r"^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$")


def shown(address: str) -> str:
    """Return an address as a Host header names it: an IPv6 address in brackets."""
    bare = address.strip("[]")
    return f"[{bare}]" if ":" in bare else bare


def own_hosts(bound: str, extra: tuple[str, ...] = ()) -> list[str]:
    """Return the Host names a server bound to `bound` answers: the loopback names, `bound`
    itself and, for a wildcard bind (0.0.0.0, ::), this machine's addresses and names; then
    the names a person adds (`extra`)."""
    names = [*LOOPBACK_HOSTS, shown(bound)]
    if bound.strip("[]") in ("0.0.0.0", "::"):
        names += machine_names()
    names += [allowed_name(name) for name in extra]
    return list(dict.fromkeys(n.lower() for n in names if n))


def machine_names() -> list[str]:
    """Return this machine's host names and the addresses it has on its networks."""
    name = socket.gethostname()
    names = [name, f"{name}.local"]
    try:
        fqdn = socket.getfqdn()
    except OSError:
        fqdn = ""
    if fqdn and fqdn != name and not fqdn.startswith("localhost"):
        names.append(fqdn)
    for host in dict.fromkeys(names):
        try:
            for *_rest, where in socket.getaddrinfo(host, None, type=socket.SOCK_STREAM):
                names.append(shown(str(where[0]).split("%")[0]))
        except (OSError, UnicodeError):
            continue  # a name no resolver knows (name.local without mDNS)
    names += [shown(a) for a in (route_address(probe) for probe in ROUTE_PROBES) if a]
    return names


def route_address(probe: tuple[str, int]) -> str:
    """Return the address this machine reaches `probe` from, or "" (no such network)."""
    family = socket.AF_INET6 if ":" in probe[0] else socket.AF_INET
    try:
        sock = socket.socket(family, socket.SOCK_DGRAM)
    except OSError:
        return ""
    try:
        sock.connect(probe)
        address = str(sock.getsockname()[0]).split("%")[0]
    except OSError:
        return ""
    finally:
        sock.close()
    return "" if address in ("0.0.0.0", "::") else address


def allowed_name(name: str) -> str:
    """Return a name `--allow-host` gives, as a Host header says it, or raise ValueError.

    One name or address, never a pattern: `*` would answer every name, the very thing the
    check is there to refuse.
    """
    bare = name.strip().lower().rstrip(".")
    try:
        return shown(str(ipaddress.ip_address(bare.strip("[]"))))
    except ValueError:
        pass
    if not _NAME.match(bare):
        raise ValueError(f"{name!r} is not a host name or an address (e.g. gamepc.lan, "
                         f"192.168.1.20); patterns such as * are not taken")
    return bare


def host_name(header: str) -> str:
    """Return the name of a Host header, without its port (an IPv6 address in brackets)."""
    host = header.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0].rstrip(".") if host.count(":") == 1 else host.rstrip(".")


class OwnHosts:
    """ASGI middleware: a request whose Host is not one of `hosts` gets 400, in JSON."""

    def __init__(self, app: Any, hosts: list[str]) -> None:
        self.app = app
        self.hosts = frozenset(hosts)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = next((v.decode("latin-1") for k, v in scope.get("headers", [])
                       if k == b"host"), "")
        if host_name(header) in self.hosts:
            await self.app(scope, receive, send)
            return
        # the names answered are not listed: a page that reached this server under a name of
        # its own reads this answer, and this machine's names and addresses are not its business
        body = json.dumps({"error": f"this server answers only the names and addresses it was "
                                    f"started on, not {header[:100]!r} (printkit serve "
                                    f"--allow-host NAME adds one)"}).encode()
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
