"""`printkit serve` as a person runs it: where it listens, what it warns, how it stops."""

from __future__ import annotations

import socket

from typer.testing import CliRunner

from printkit.cli import app
from tests.web.conftest import Server, call

runner = CliRunner()


def test_it_serves_on_loopback_and_ctrl_c_stops_it_cleanly():
    server = Server()
    assert server.url.startswith("http://127.0.0.1:")
    assert call(server.url).status == 200
    status, out, err = server.stop()
    assert status == 0
    assert out.strip().endswith("printkit serve: stopped")
    assert err == ""


def test_another_address_needs_host_and_is_warned_about():
    # 192.0.2.1 is a documentation address no machine has: the warning, then a clear refusal
    result = runner.invoke(app, ["serve", "--host", "192.0.2.1", "--port", "0", "--no-browser"])
    assert result.exit_code == 2
    assert "printkit: warning: serving on 192.0.2.1: other machines" in result.output
    assert "printkit: error: cannot serve on 192.0.2.1 port 0:" in result.output


def test_every_interface_answers_this_machines_names_and_no_other():
    # a web page whose name is rebound to this machine's address sends its own name as the
    # Host, and, from that page's point of view, its requests are of the same origin
    server = Server("--host", "0.0.0.0", "--allow-host", "GamePC.lan")
    try:
        port = server.url.rstrip("/").rsplit(":", 1)[1]
        here = f"http://127.0.0.1:{port}/"
        rebound = f"rebind.evil.example:{port}"
        answer = call(here + "api/text", headers={
            "Host": rebound, "Sec-Fetch-Site": "same-origin", "Origin": f"http://{rebound}"})
        assert answer.status == 400
        assert answer.json() == {"error": "this server answers only the names and addresses it "
                                          f"was started on, not '{rebound}' (printkit serve "
                                          "--allow-host NAME adds one)"}
        assert call(here, headers={"Host": rebound, "Sec-Fetch-Mode": "navigate"}).status == 400
        # this machine's names and addresses, the address it was started on, the name added
        for name in ("127.0.0.1", "localhost", socket.gethostname(), *own_addresses(),
                     "0.0.0.0", "gamepc.lan"):
            answer = call(here + "api/text", headers={"Host": f"{name}:{port}"})
            assert answer.status == 200, name
    finally:
        server.stop()


def own_addresses() -> list[str]:
    """Return the addresses this machine reaches the internet's documentation ranges from."""
    found = []
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
        except OSError:
            continue
        found.append(f"[{address}]" if ":" in address else address)
    return found


def test_allow_host_takes_a_name_not_a_pattern():
    result = runner.invoke(app, ["serve", "--allow-host", "*", "--port", "0", "--no-browser"])
    assert result.exit_code == 2
    assert result.output == ("printkit: error: --allow-host: '*' is not a host name or an "
                             "address (e.g. gamepc.lan, 192.168.1.20); patterns such as * "
                             "are not taken\n")


def test_a_port_in_use_is_one_line_and_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--no-browser"])
    assert result.exit_code == 2
    assert result.output == (f"printkit: error: cannot serve on 127.0.0.1 port {port}: it is in "
                             f"use (is printkit serve already running?); try --port {port + 1}\n")


def test_help_names_the_options():
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--port", "--host", "--no-browser", "--allow-host"):
        assert option in result.output
