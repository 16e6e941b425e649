"""`tablegames serve`: the app in a browser through textual-serve. Bad input
is one line and exit status 2; the app accepts textual-serve's driver as its
terminal; Ctrl+C leaves no app process behind. (The page itself, played in a
real Chromium, is tests/browser/.)"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from tablegames import cli, serve
from tests.test_cli import assert_one_line_error, run


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(folder))
    return folder


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ------------------------------------------------------------ the terminal check

def test_the_app_started_by_textual_serve_runs_although_its_input_is_a_pipe(capsys, monkeypatch):
    # Before: "The app needs an interactive terminal, but its input is not one",
    # and the page showed nothing.
    calls = []
    fake = types.ModuleType("tablegames.ui.app")
    fake.run_app = lambda match=None, ascii=False: calls.append((match, ascii))
    monkeypatch.setitem(sys.modules, "tablegames.ui.app", fake)
    monkeypatch.setenv("TEXTUAL_DRIVER", serve.WEB_DRIVER)
    code, out, err = run(capsys)  # capsys: neither stdin nor stdout is a terminal
    assert (code, err) == (0, "")
    assert calls == [(None, False)]


def test_another_driver_name_does_not_skip_the_terminal_check(capsys, monkeypatch):
    monkeypatch.setenv("TEXTUAL_DRIVER", "somewhere:Else")
    assert_one_line_error(*run(capsys), "needs an interactive terminal")


# ------------------------------------------------------------ bad input

@pytest.mark.parametrize("port", ["0", "65536", "abc", "-1", "80.5", "\u0663", ""])
def test_a_bad_port_is_one_line(capsys, port):
    assert_one_line_error(*run(capsys, "serve", "--port", port), "--port", "1 to 65535")


@pytest.mark.parametrize("host", ["no-such-host.invalid", "999.1.1.1", "", "a b", "bad\x1bhost"])
def test_an_unknown_host_is_one_line(capsys, host):
    code, out, err = run(capsys, "serve", "--host", host, "--port", str(free_port()))
    assert_one_line_error(code, out, err, "--host")
    assert "\x1b" not in err


def test_an_address_that_is_not_this_machines_is_one_line(capsys):
    # 192.0.2.1 is reserved for documentation: never an address of this machine.
    assert_one_line_error(*run(capsys, "serve", "--host", "192.0.2.1", "--port", str(free_port())),
                          "not an address of this machine")


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert_one_line_error(*run(capsys, "serve", "--port", str(port)), f"port {port} is already in use")


def test_serve_takes_no_game_or_other_arguments(capsys):
    assert_one_line_error(*run(capsys, "serve", "blind-chicken"), "unrecognized arguments")


# ------------------------------------------------------------ the server itself

def test_the_served_app_is_this_python_running_this_package():
    command = serve.app_command(ascii=True)
    assert command.split()[0] == sys.executable or sys.executable in command
    assert command.endswith("-m tablegames --ascii")


def test_loopback_needs_no_warning_and_any_other_address_does():
    assert serve.is_loopback("127.0.0.1") and serve.is_loopback("localhost") and serve.is_loopback("::1")
    assert not serve.is_loopback("0.0.0.0") and not serve.is_loopback("192.168.1.5")


def start_server(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("TEXTUAL_DRIVER", None)
    return subprocess.Popen([sys.executable, "-m", "tablegames", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


# How long a wait may take before it fails (only a failure waits this long;
# a loaded machine may take seconds to start a Python process).
DEADLINE = 60.0


def wait_until_listening(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        assert server.poll() is None, server.communicate()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"the server did not listen on port {port} within {DEADLINE:.0f} s")


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "children").read_text()
        except FileNotFoundError:  # the thread ended since the listing: it has no children now
            continue
        found.update(int(child) for child in text.split())
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


async def open_a_tab(port: int) -> tuple[object, object, bytes]:
    """What the page does: open the websocket and wait for the app's first frame."""
    import aiohttp

    session = aiohttp.ClientSession()
    websocket = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
    await websocket.send_json(["resize", {"width": 80, "height": 24}])
    frame = b""
    while b"Pick a game" not in frame:
        message = await asyncio.wait_for(websocket.receive(), 60)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        frame += message.data
    return session, websocket, frame


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads child processes from /proc (Linux)")
async def test_ctrl_c_stops_the_server_and_every_app_it_started():
    port = free_port()
    server = start_server("--port", str(port))
    try:
        wait_until_listening(port, server)
        tabs = [await open_a_tab(port), await open_a_tab(port)]  # two tabs, two apps
        apps = children(server.pid)
        assert len(apps) == 2 and all(alive(pid) for pid in apps)
        server.send_signal(signal.SIGINT)
        out, err = await asyncio.to_thread(server.communicate, timeout=60)
        for session, websocket, _ in tabs:
            await websocket.close()  # type: ignore[attr-defined]
            await session.close()  # type: ignore[attr-defined]
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    assert "Traceback" not in out + err
    deadline = time.monotonic() + DEADLINE
    while any(alive(pid) for pid in apps) and time.monotonic() < deadline:
        time.sleep(0.05)  # ended apps may take a moment to be gone from /proc
    assert not any(alive(pid) for pid in apps)


def test_the_page_serves_the_app_and_its_address_is_printed():
    port = free_port()
    server = start_server("--port", str(port))
    try:
        wait_until_listening(port, server)
        first = server.stdout.readline()  # type: ignore[union-attr]
        assert f"http://127.0.0.1:{port}/" in first and "Ctrl+C" in first
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:
            html = page.read().decode()
        # The page talks back to the address it was opened at.
        assert f"ws://127.0.0.1:{port}/ws" in html
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 0 and err == ""


def test_another_address_than_this_machine_alone_warns_in_one_line():
    port = free_port()
    server = start_server("--host", "0.0.0.0", "--port", str(port))
    try:
        wait_until_listening(port, server)
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 0
    assert err.splitlines() == [serve.network_warning("0.0.0.0", port)]
    assert "anyone on that network can open the table" in err


async def test_an_app_that_exits_a_moment_after_closing_its_output_is_not_killed(caplog):
    """A closed tab's app closes its output as it quits, then exits: it is
    let exit (a kill then would cut its last save short, and raced the child
    watcher, which printed "Unknown child process pid ..." on the console)."""
    script = "import os, sys, time; os.close(1); time.sleep(0.5); sys.exit(0)"
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", script, stdout=asyncio.subprocess.PIPE)

    async def stop() -> None:  # textual-serve's: returns once the app's output ends
        assert process.stdout is not None
        await process.stdout.read()

    await serve.end_app(types.SimpleNamespace(_process=process, stop=stop))
    assert process.returncode == 0  # exited on its own, not -9
    assert "Unknown child process" not in caplog.text


async def test_an_app_that_does_not_quit_is_ended(monkeypatch):
    monkeypatch.setattr(serve, "QUIT_GRACE_SECONDS", 0.2)
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", "import time; time.sleep(60)")

    async def stop() -> None:  # asked to quit, the app never answers
        await asyncio.sleep(60)

    await serve.end_app(types.SimpleNamespace(_process=process, stop=stop))
    assert process.returncode == -signal.SIGKILL
