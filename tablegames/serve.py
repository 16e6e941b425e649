"""`tablegames serve`: the app in a web browser, for a tablet or a laptop
passed around the table.

textual-serve runs a small web server; each browser tab that opens the page
starts its own copy of the app (`python -m tablegames`) whose screen and
input travel over a websocket. Saves go to the same data folder as in the
terminal, so two tabs at once are two copies of the app, a case the saved
matches already handle.

The server binds 127.0.0.1 unless told otherwise: whoever opens the page sees
the table, hands included whenever a player is at the tablet, so another
address is taken only from an explicit --host, with a one-line warning. Bad
input (a port in use, a bad host or port) is one line and exit status 2 (the
command line's CliError). Ctrl+C (or SIGTERM) asks every open app to quit,
then ends any that did not, so no app process outlives the server.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import os
import shlex
import socket
import sys
from typing import TYPE_CHECKING, Any

from tablegames.core.seats import quoted
from tablegames.core.words import whole_number

if TYPE_CHECKING:  # pragma: no cover
    from aiohttp import web

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
# What textual-serve puts in TEXTUAL_DRIVER for the app it starts: the app's
# input and output are pipes to the server, not a terminal, and that is fine.
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
# How long an app gets to quit on its own at shutdown before it is ended.
QUIT_GRACE_SECONDS = 3.0


class ServeError(Exception):
    """Bad input for `tablegames serve`: one line, exit status 2."""


def under_web_driver() -> bool:
    """True in an app started by textual-serve (its screen is a browser page)."""
    return os.environ.get("TEXTUAL_DRIVER", "").strip() == WEB_DRIVER


def app_command(ascii: bool = False) -> str:
    """The shell command textual-serve runs for each tab: this Python, this
    package, so the served app is the installed one whatever PATH says."""
    argv = [sys.executable, "-m", "tablegames"]
    if ascii:
        argv.append("--ascii")
    return shlex.join(argv)


def parse_port(text: str) -> int:
    try:
        port = whole_number(text.strip())
    except ValueError:
        port = None
    if port is None or not 1 <= port <= 65535:
        raise ServeError(f"--port must be a whole number (digits 0-9) from 1 to 65535, not {quoted(text, 24)}.")
    return port


def is_loopback(host: str) -> bool:
    """True when only this machine can reach ``host`` (127.x, ::1, localhost)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_address(host: str, port: int) -> None:
    """Bind (host, port) once, as the server is about to, so a bad host or a
    port in use is one clear line instead of a traceback from the server."""
    if not host.strip() or any(ch.isspace() or not ch.isprintable() for ch in host):
        raise ServeError(f"--host must be an address of this machine, such as 127.0.0.1, not {quoted(host, 40)}.")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise ServeError(f"--host {quoted(host, 40)} is not an address this machine knows (try 127.0.0.1).") from None
    for family, kind, proto, _name, address in infos:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise ServeError(_bind_problem(exc, host, port)) from None


def _bind_problem(exc: OSError, host: str, port: int) -> str:
    where = f"{quoted(host, 40)} port {port}"
    if exc.errno == errno.EADDRINUSE:
        return f"Port {port} is already in use on {quoted(host, 40)}: choose another with --port."
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"--host {quoted(host, 40)} is not an address of this machine (try 127.0.0.1)."
    if exc.errno == errno.EACCES:
        return f"No permission to listen on {where}: choose a port above 1023 with --port."
    return f"Cannot listen on {where}: {exc.strerror or exc}."


def network_warning(host: str, port: int) -> str:
    return (f"tablegames: warning: serving on {host} port {port}: anyone on that network can open "
            f"the table and see the hand on screen.")


def serve(host: str = DEFAULT_HOST, port: str | int = DEFAULT_PORT, ascii: bool = False) -> int:
    """Run the web server until Ctrl+C; returns the exit status (0)."""
    number = port if isinstance(port, int) else parse_port(port)
    check_address(host, number)
    try:
        server = _make_server(host, number, ascii)
    except ImportError as exc:
        raise ServeError(f"Serving needs textual-serve (pip install tablegames installs it): {exc}.") from None
    if not is_loopback(host):
        print(network_warning(host, number), file=sys.stderr, flush=True)
    try:
        server.serve()
    except OSError as exc:  # lost the race for the port since check_address
        raise ServeError(_bind_problem(exc, host, number)) from None
    return 0


def _make_server(host: str, port: int, ascii: bool) -> Any:
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    class TableAppService(AppService):
        """One tab's app, in a session of its own: Ctrl+C in the server's
        terminal reaches the server only, which then quits every app itself."""

        async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
            environment = self._build_environment(width=width, height=height)
            self._process = process = await asyncio.create_subprocess_shell(
                "exec " + self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=environment,
                start_new_session=True,
            )
            assert process.stdin is not None
            self._stdin = process.stdin
            return process

    class TableServer(Server):
        def __init__(self) -> None:
            super().__init__(app_command(ascii), host=host, port=port, title="tablegames")
            self.services: set[TableAppService] = set()

        def initialize_logging(self) -> None:
            import logging

            logging.basicConfig(level="WARNING", format="%(message)s")

        async def on_startup(self, app: web.Application) -> None:
            print(f"Serving tablegames on http://{_url_host(host)}:{port}/ (Ctrl+C stops it)", flush=True)

        async def handle_index(self, request: web.Request) -> Any:
            # The page's own address for its websocket and static files, so
            # a tablet that opened http://192.168.1.5:8000 talks back to it
            # (textual-serve would use the bound address, e.g. 0.0.0.0).
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            # textual-serve's handler, with the app in its own session and
            # remembered so that shutdown can end it.
            websocket = web.WebSocketResponse(heartbeat=15)
            width = terminal_size(request.query.get("width"), 80)
            height = terminal_size(request.query.get("height"), 24)
            service: TableAppService | None = None
            try:
                await websocket.prepare(request)
                async def close() -> None:
                    await websocket.close()

                service = TableAppService(self.command, write_bytes=websocket.send_bytes,
                                          write_str=websocket.send_str, close=close,
                                          download_manager=self.download_manager, debug=self.debug)
                self.services.add(service)
                await service.start(width, height)
                await self._process_messages(websocket, service)
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as error:  # one tab's trouble never stops the server
                print(f"tablegames serve: a tab's app stopped: {error}", file=sys.stderr)
            finally:
                if service is not None:
                    await end_app(service)
                    self.services.discard(service)
            return websocket

        async def on_shutdown(self, app: web.Application) -> None:
            await asyncio.gather(*(end_app(service) for service in list(self.services)))

    return TableServer()


async def end_app(service: Any) -> None:
    """Ask one app to quit, let it exit, and end it only if it does not.

    An app closes its output as it quits (``stop`` returns then) and exits
    a moment later: killing it then would cut its last save short, and the
    kill itself (which polls the child first) could collect its exit status
    before asyncio's child watcher, which then prints "Unknown child
    process pid ..., will report returncode 255" on the server's console.
    So the exit is awaited first; only an app that does not exit is killed."""
    process = service._process
    try:
        await asyncio.wait_for(service.stop(), QUIT_GRACE_SECONDS)
    except (asyncio.TimeoutError, Exception):
        pass
    if process is None:
        return
    try:
        await asyncio.wait_for(process.wait(), QUIT_GRACE_SECONDS)
        return
    except asyncio.TimeoutError:
        pass
    if process.returncode is None:
        try:
            process.kill()
        except ProcessLookupError:
            pass
        await process.wait()


def terminal_size(text: str | None, default: int) -> int:
    try:
        value = whole_number((text or "").strip())
    except ValueError:
        return default
    return value if value is not None and 1 <= value <= 1000 else default


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
