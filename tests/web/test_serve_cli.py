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
    for option in ("--port", "--host", "--no-browser"):
        assert option in result.output
