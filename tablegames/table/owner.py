"""The owner's side of the kitchen table: a web server, in the owner app's
own event loop, that serves each phone seat's page and runs one app process
per page (textual-serve's machinery, as `tablegames serve` uses it), and a
channel to each such process (``channel.py``).

Who may join: each phone seat's link carries a secret token
(``secrets.token_urlsafe(24)``: 192 random bits), new for every match (a
resumed match gets new ones), kept in memory only: never in a log (the
server writes no access log) nor in the match record. A page or websocket
whose token is missing, made up or altered gets 404 before any app process
starts; every such miss from one address makes the next answer to it wait
longer (``WrongTokens``). While a seat's page is connected, a page on the
same link in another browser gets a page saying the seat is taken (409);
in the seat's own browser (a reload, another tab) the new page takes the
seat and the old one says so (``REOPENED``). A page that
drops (a closed tab, a phone asleep) leaves the seat as it was: the link
opens it again, with the seat's current snapshot, from the same browser
(a cookie names the device that holds the seat); another device gets the
seat only once the shared screen confirms the move (``allow_move``).

When the match is left here (the owner quits, goes back to the picker,
plays again) every phone is told: its page's websocket is closed with
``TABLE_CLOSED`` (``MATCH_OVER`` once the game is over) and the page says so
in one line (``PAGE_SCRIPT``); its app is ended. The server stays up, every
link of that table answered with 410 and a one-line page, until the next
table at that address takes its place (its port, when none was asked for)
or the owner's event loop ends. A page whose connection drops without a
close (the owner killed, the phone's Wi-Fi gone) asks its link again: no
answer means the table is gone, and the page says the same line.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
import secrets
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tablegames.core.game import IllegalAction
from tablegames.core.hint import suggest
from tablegames.core.match import Match
from tablegames.serve import end_app, terminal_size
from tablegames.table import channel

TOKEN_BYTES = 24  # 192 bits (at least 128 asked for)
WAITING, JOINED, DROPPED = "waiting", "joined", "dropped"
# The websocket close codes (4000-4999: an application's own) a phone's
# page reads (``PAGE_SCRIPT``): the match was left on the shared screen, or
# it is over, or the seat was opened again in the same browser (a reload,
# another tab).
TABLE_CLOSED, MATCH_OVER, REOPENED = 4000, 4001, 4002
CLOSED_LINE = "The table on the shared screen has closed. Resume the match there for a new link."
OVER_LINE = "The match is over and the table on the shared screen has closed."
REOPENED_LINE = "Your seat is open in another tab of this browser now."
# How long a page opened again waits for its old page's app to end.
REOPEN_SECONDS = 10.0
PHONE_COMMAND = [sys.executable, "-m", "tablegames.table.phone_app"]


@dataclass
class PhoneSeat:
    seat: int
    name: str
    token: str
    state: str = WAITING
    writer: asyncio.StreamWriter | None = None
    # The connected page's websocket (an aiohttp WebSocketResponse), if any.
    websocket: Any = None
    # The device holding the seat (its cookie's value), once one has joined.
    device: str | None = None
    # Another device asked for the seat while it was dropped; the shared
    # screen may let it (``KitchenTable.allow_move``).
    asking: bool = False
    move_allowed: bool = False

    @property
    def cookie(self) -> str:
        return f"tablegames-seat-{self.seat}"


class WrongTokens:
    """Misses (pages or websockets with a wrong token) per address: the
    first few are answered at once, then each waits twice as long as the
    one before, up to ``MAX_DELAY`` seconds, so guessing is slowed to a crawl."""

    FREE = 3
    MAX_DELAY = 30.0

    def __init__(self) -> None:
        self.misses: dict[str, int] = {}

    def miss(self, address: str) -> float:
        """Count a miss; the seconds its answer must wait."""
        count = self.misses.get(address, 0) + 1
        self.misses[address] = count
        return self.delay(count)

    @classmethod
    def delay(cls, count: int) -> float:
        return 0.0 if count <= cls.FREE else min(cls.MAX_DELAY, 0.25 * 2 ** (count - cls.FREE - 1))


@dataclass
class KitchenTable:
    """The phone seats of one match, and the server they join through."""

    match: Match
    host: str
    port: int
    # Called (in the owner's loop) after a phone's move or a seat's change of state.
    on_change: Callable[[], None] = lambda: None
    seats: dict[int, PhoneSeat] = field(default_factory=dict)
    wrong_tokens: WrongTokens = field(default_factory=WrongTokens)
    # App processes started, per seat (tests count them: none for a wrong token).
    started: int = 0
    # Once the match is left here (``stop``): the code the phones' pages were
    # closed with; links of this table (and of the ones before it at this
    # address: ``retired``) get 410 from then on.
    closed: int | None = None
    retired: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        for seat in self.match.phones:
            self.seats[seat] = PhoneSeat(seat, self.match.names[seat], secrets.token_urlsafe(TOKEN_BYTES))
        self._runner: Any = None
        self._services: set[Any] = set()
        self._serving: asyncio.Task[None] | None = None
        self._shut = asyncio.Event()
        self._closed_done = asyncio.Event()
        self._hint_tasks: set[asyncio.Task[None]] = set()  # hints being worked out for phones
        self.match.listeners.append(self._push_all)

    # ----- links and states
    def link(self, seat: int) -> str:
        return f"http://{_url_host(link_host(self.host))}:{self.port}/seat/{self.seats[seat].token}"

    def allow_move(self) -> list[PhoneSeat]:
        """The shared screen confirms: each seat another device asked for
        goes to the next device that opens its link. The seats moved."""
        moved = [phone for phone in self.seats.values() if phone.asking and phone.state != JOINED]
        for phone in moved:
            phone.asking, phone.move_allowed = False, True
        self.on_change()
        return moved

    def _device_ok(self, phone: PhoneSeat, request: Any) -> bool:
        """The seat's own device, a first one, or one the shared screen let in."""
        return phone.device is None or phone.move_allowed or self._same_device(phone, request)

    @staticmethod
    def _same_device(phone: PhoneSeat, request: Any) -> bool:
        """The browser that holds the seat (its cookie): a reload, or a tab of its own."""
        return phone.device is not None and request.cookies.get(phone.cookie) == phone.device

    async def _reopened(self, phone: PhoneSeat) -> bool:
        """The seat's own browser opens it again while its page is still
        connected (a reload's new page can come before the old one has
        closed): the old page is closed, saying why, and its app ended.
        False if it has not ended in time."""
        if phone.websocket is not None:
            await phone.websocket.close(code=REOPENED, message=REOPENED_LINE.encode()[:123])
        deadline = asyncio.get_running_loop().time() + REOPEN_SECONDS
        while phone.state == JOINED:
            if asyncio.get_running_loop().time() > deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    def waiting(self) -> list[PhoneSeat]:
        return [phone for phone in self.seats.values() if phone.state != JOINED]

    def _seat_of(self, token: str) -> PhoneSeat | None:
        found = None
        for phone in self.seats.values():  # (compared in constant time, every one)
            if hmac.compare_digest(phone.token.encode(), token.encode()):
                found = phone
        return found

    # ----- the server
    async def start(self) -> None:
        """Listen; a closed table at this address gives way first (its
        links stay refused here, with 410), and without a port asked for
        its port is taken again, so those links reach this server."""
        from aiohttp import web

        earlier = _Lingering.take_over(self.host, self.port)
        for old in earlier:
            self.retired |= old.retired
            await old.shut()
        app = web.Application()
        app.add_routes([
            web.get("/seat/{token}", self._page),
            web.get("/seat/{token}/ws", self._websocket),
            web.static("/static", _textual_serve_path() / "static"),
        ])
        # No access log: the path holds the token.
        self._runner = runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        ports = [old.port for old in earlier if old.port] if self.port == 0 else []
        for port in [*ports[-1:], self.port]:
            try:
                await web.TCPSite(runner, self.host, port).start()
                break
            except OSError:
                if port == self.port:
                    await runner.cleanup()
                    self._runner = None
                    raise
        if self.port == 0:  # (any free port: the one the system gave)
            self.port = int(runner.addresses[0][1])
        self._serving = asyncio.create_task(self._serve())

    async def _serve(self) -> None:
        """Holds the server until ``shut`` (or the loop's end cancels it)."""
        try:
            await self._shut.wait()
        finally:
            runner, self._runner = self._runner, None
            if runner is not None:
                await runner.cleanup()

    async def stop(self) -> None:
        """The match is left here: each phone's page is closed with
        ``TABLE_CLOSED`` (or ``MATCH_OVER``), its app ended; the server
        goes on answering this table's links with 410 (``shut`` ends it)."""
        if self.closed is not None:
            return
        self.closed = MATCH_OVER if self.match.is_over() else TABLE_CLOSED
        self.retired |= {phone.token for phone in self.seats.values()}
        if self._push_all in self.match.listeners:
            self.match.listeners.remove(self._push_all)
        if self._serving is not None:
            _Lingering.add(self)
        try:
            line = (OVER_LINE if self.closed == MATCH_OVER else CLOSED_LINE).encode()[:123]
            pages = [phone.websocket for phone in self.seats.values() if phone.websocket is not None]
            await asyncio.gather(*(page.close(code=self.closed, message=line) for page in pages),
                                 return_exceptions=True)
            await asyncio.gather(*(end_app(service) for service in list(self._services)),
                                 return_exceptions=True)
        finally:
            self._closed_done.set()

    async def shut(self) -> None:
        """No more server: once closed (``stop``), the listening ends too."""
        await self.stop()
        await self._closed_done.wait()
        _Lingering.remove(self)
        self._shut.set()
        if self._serving is not None:
            await asyncio.gather(self._serving, return_exceptions=True)

    def _retired_token(self, token: str) -> bool:
        """A link of this table once closed, or of one before it here (a
        dead token: no secret left to keep, so no constant-time compare)."""
        return token in self.retired

    async def _gone(self) -> Any:
        from aiohttp import web

        line = OVER_LINE if self.closed == MATCH_OVER else CLOSED_LINE
        return web.Response(status=410, content_type="text/html", text=_one_line_page("The table has closed", line))

    async def _refuse_token(self, request: Any) -> Any:
        from aiohttp import web

        await asyncio.sleep(self.wrong_tokens.miss(request.remote or "?"))
        return web.Response(status=404, text="No seat at this table has that link.")

    async def _page(self, request: Any) -> Any:
        from aiohttp import web

        if self._retired_token(request.match_info["token"]):
            return await self._gone()
        phone = self._seat_of(request.match_info["token"])
        if phone is None or self.closed is not None:
            return await self._refuse_token(request)
        if phone.state == JOINED and not self._same_device(phone, request):
            return web.Response(status=409, content_type="text/html", text=_taken_page(phone.name))
        if request.method == "HEAD":  # (a dropped page asking whether the table is there: it changes nothing)
            return web.Response(status=200 if self._device_ok(phone, request) else 409)
        if not self._device_ok(phone, request):
            phone.asking = True
            self.on_change()
            return web.Response(status=409, content_type="text/html", text=_move_page(phone.name))
        if phone.device is None or phone.move_allowed:
            phone.device, phone.move_allowed = secrets.token_urlsafe(16), False
        response = web.Response(content_type="text/html", text=_index_page(request, phone))
        response.set_cookie(phone.cookie, phone.device, path=f"/seat/{phone.token}", httponly=True, samesite="Strict")
        return response

    async def _websocket(self, request: Any) -> Any:
        from aiohttp import web

        if self._retired_token(request.match_info["token"]):
            return await self._gone()
        phone = self._seat_of(request.match_info["token"])
        if phone is None or self.closed is not None:
            return await self._refuse_token(request)
        if phone.state == JOINED and not (self._same_device(phone, request) and await self._reopened(phone)):
            return web.Response(status=409, content_type="text/html", text=_taken_page(phone.name))
        if not self._same_device(phone, request):
            return web.Response(status=409, content_type="text/html", text=_move_page(phone.name))
        phone.state = JOINED  # (before any wait: a second page at the same moment is refused)
        self.on_change()
        websocket = web.WebSocketResponse(heartbeat=15)
        service: Any = None
        ours, theirs = socket.socketpair()
        try:
            await websocket.prepare(request)
            phone.websocket = websocket
            width = terminal_size(request.query.get("width"), 80)
            height = terminal_size(request.query.get("height"), 24)
            service = _phone_service(websocket, theirs)
            self._services.add(service)
            self.started += 1
            await service.start(width, height)
            theirs.close()
            reader, writer = await asyncio.open_connection(sock=ours, limit=channel.MAX_LINE)
            listener = asyncio.create_task(self.serve_phone(phone, reader, writer))
            try:
                await _process_messages(websocket, service)
            finally:
                listener.cancel()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one phone's trouble never stops the table
            print(f"tablegames: {phone.name}'s phone page stopped: {error.__class__.__name__}", file=sys.stderr)
        finally:
            phone.websocket = None
            theirs.close()
            if phone.writer is not None:
                phone.writer.close()
                phone.writer = None
            else:
                ours.close()
            if service is not None:
                await end_app(service)
                self._services.discard(service)
            phone.state = DROPPED
            self.on_change()
        return websocket

    async def serve_phone(self, phone: PhoneSeat, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        """The channel to one phone's app process: its seat, its snapshot
        (again after every change), and its moves, until it closes."""
        phone.writer = writer
        channel.write(writer, {"type": "seat", "game": self.match.record.game, "seat": phone.seat,
                               "seats": [seat.to_json() for seat in self.match.record.seats],
                               "hints": self.match.hints_on})
        self._push(phone)
        while True:
            message = await channel.read(reader)
            if message is None:
                return
            if message.get("type") == "play":
                self._play(phone, message.get("action"), message.get("change"))
            elif message.get("type") == "hint":
                self._hint(phone, message.get("change"))

    def _play(self, phone: PhoneSeat, action: object, change: object) -> None:
        """A phone's move, checked as any move; refused in one sentence."""
        if not isinstance(action, str) or change != self.match.changes:
            self._refuse(phone, "The table moved on meanwhile: here it is now.")
            return
        try:
            self.match.play_for(phone.seat, action)
        except (IllegalAction, ValueError) as exc:
            self._refuse(phone, str(exc))
            return
        self.on_change()

    def _hint(self, phone: PhoneSeat, change: object) -> None:
        """A phone asks for its seat's hint: worked out here (from that
        seat's view and past alone, core/hint.py) in a thread, and sent to
        that phone only. Asked of a table that moved on: the answer is none."""
        ask = self.match.hint_ask(phone.seat) if change == self.match.changes else None
        if ask is None:
            if phone.writer is not None:
                channel.write(phone.writer, {"type": "hint", "hint": None})
            return

        async def work() -> None:
            hint = await asyncio.to_thread(suggest, ask)
            if phone.writer is not None and not phone.writer.is_closing():
                channel.write(phone.writer, {"type": "hint", "hint": {
                    "move": hint.move, "words": hint.words, "chance": hint.chance, "rule": hint.rule}})

        self._hint_tasks.add(task := asyncio.get_running_loop().create_task(work()))
        task.add_done_callback(self._hint_tasks.discard)

    def _refuse(self, phone: PhoneSeat, message: str) -> None:
        if phone.writer is not None:
            channel.write(phone.writer, {"type": "refused", "message": message})
            self._push(phone)

    def _push(self, phone: PhoneSeat) -> None:
        if phone.writer is not None:
            channel.write(phone.writer, {"type": "update", "snapshot": self.match.seat_snapshot(phone.seat)})

    def _push_all(self) -> None:
        for phone in self.seats.values():
            self._push(phone)


class _Lingering:
    """Closed tables whose servers still answer their links (with 410),
    in this process, each with the event loop it serves from."""

    tables: list[tuple[asyncio.AbstractEventLoop, KitchenTable]] = []

    @classmethod
    def add(cls, table: KitchenTable) -> None:
        cls.tables.append((asyncio.get_running_loop(), table))

    @classmethod
    def remove(cls, table: KitchenTable) -> None:
        cls.tables = [(loop, other) for loop, other in cls.tables if other is not table]

    @classmethod
    def take_over(cls, host: str, port: int) -> list[KitchenTable]:
        """The closed tables a new one at (host, port) replaces: those at
        that host (and port, if one was asked for), in this loop."""
        running = asyncio.get_running_loop()
        cls.tables = [(loop, table) for loop, table in cls.tables if not loop.is_closed()]
        return [table for loop, table in cls.tables if loop is running and table.host == host
                and (port == 0 or table.port == port)]


def link_host(host: str) -> str:
    """The address phones use: the one listened on, or, for all of this
    machine's addresses (0.0.0.0, ::), the one its name resolves to."""
    if host in ("0.0.0.0", "::", ""):
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"
    return host


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _textual_serve_path() -> Path:
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent


def _index_page(request: Any, phone: PhoneSeat) -> str:
    """textual-serve's page, with its websocket on the seat's link and no
    web font from elsewhere (the page loads nothing but from this table)."""
    import jinja2

    template_text = (_textual_serve_path() / "templates" / "app_index.html").read_text()
    template_text = "\n".join(line for line in template_text.splitlines() if "fonts.googleapis.com" not in line)
    # Its "Session ended" dialog says what became of the table instead.
    template_text = template_text.replace('<div class="message">Session ended.</div>',
                                          f'<div class="message" id="closed-line">{html.escape(CLOSED_LINE)}</div>')
    template_text = template_text.replace('onClick="refresh()">Restart</button>',
                                          'onClick="refresh()" id="rejoin" style="display: none">Rejoin</button>')
    template_text = template_text.replace("</head>", PHONE_VIEWPORT + FIT_SCRIPT + PAGE_SCRIPT + "</head>", 1)
    base = f"{request.scheme}://{request.host}"
    socket_base = ("wss:" if request.scheme == "https" else "ws:") + base.split(":", 1)[1]
    return str(jinja2.Template(template_text).render(
        font_size=FONT_SIZE,
        app_websocket_url=f"{socket_base}/seat/{phone.token}/ws",
        config={"static": {"url": f"{base}/static/"}},
        application={"name": f"tablegames: {html.escape(phone.name)}"},
    ))


def _one_line_page(title: str, line: str) -> str:
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
            f"<body><p>{html.escape(line)}</p></body></html>")


# A phone lays the page out at its own width (not a desktop's 980 pixels
# shrunk to fit), and the terminal's font is the largest, up to the
# desktop's FONT_SIZE, that still gives the game its COLUMNS x ROWS:
# every screen is laid out for 80x24, and a phone held upright would
# otherwise get some 46 columns and cut the table's names. It is read from
# the element's data-font-size when the page has loaded (textual-serve's
# window.onload), after DOMContentLoaded.
FONT_SIZE, MIN_FONT_SIZE, COLUMNS, ROWS = 16, 6, 80, 24
PHONE_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
FIT_SCRIPT = """<script>
document.addEventListener("DOMContentLoaded", () => {
  const terminal = document.getElementById("terminal");
  if (!terminal) { return; }
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font-size:100px;" +
    "font-family:'Roboto Mono', Monaco, 'Courier New', monospace";
  probe.textContent = "W".repeat(10);
  document.body.appendChild(probe);
  const box = probe.getBoundingClientRect();
  probe.remove();
  const width = box.width / 1000, height = box.height / 100;  // per pixel of font size
  const size = Math.floor(Math.min(FONT_SIZE, 0.97 * window.innerWidth / (COLUMNS * width),
                                   0.97 * window.innerHeight / (ROWS * height)));
  terminal.dataset.fontSize = String(Math.max(MIN_FONT_SIZE, size));
});
</script>
""".replace("MIN_FONT_SIZE", str(MIN_FONT_SIZE)).replace("FONT_SIZE", str(FONT_SIZE)).replace(
    "COLUMNS", str(COLUMNS)).replace("ROWS", str(ROWS))

# Before textual-serve's script: its websocket, once closed, says in one
# line why (the close code the owner gave, ``stop``), or, closed without a
# word (the owner killed, the connection lost), asks the link again: no
# answer (asked again for a minute: a phone's Wi-Fi may come back), or 410,
# and the table is gone; else the seat may be opened again.
PAGE_SCRIPT = """<script>
(function () {
  const lines = {CLOSED_CODE: CLOSED_LINE, OVER_CODE: OVER_LINE, REOPENED_CODE: REOPENED_LINE};
  const dropped = "The connection to the table dropped: Rejoin opens your seat again.";
  function say(line, rejoin) {
    const shown = document.getElementById("closed-line");
    if (shown) { shown.textContent = line; }
    const button = document.getElementById("rejoin");
    if (button) { button.style.display = rejoin ? "" : "none"; }
  }
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", (event) => {
        if (lines[event.code]) { say(lines[event.code], false); return; }
        say(CLOSED_LINE, false);
        let tries = 0;
        const ask = () => fetch(window.location.href, {method: "HEAD", cache: "no-store"}).then(
          (response) => { if (response.status !== 410) { say(dropped, true); } },
          () => { if (++tries < 20) { setTimeout(ask, 3000); } });
        ask();
      });
    }
  };
})();
</script>
""".replace("CLOSED_CODE", str(TABLE_CLOSED)).replace("OVER_CODE", str(MATCH_OVER)).replace(
    "REOPENED_CODE", str(REOPENED)).replace("CLOSED_LINE", json.dumps(CLOSED_LINE)).replace(
    "OVER_LINE", json.dumps(OVER_LINE)).replace("REOPENED_LINE", json.dumps(REOPENED_LINE))


def _taken_page(name: str) -> str:
    shown = html.escape(name)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Seat taken</title></head>"
            f"<body><h1>This seat is taken</h1><p>{shown}'s seat is open on another device right now. "
            f"If that is your seat, close it there first.</p></body></html>")


def _move_page(name: str) -> str:
    shown = html.escape(name)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Seat on another device</title></head>"
            f"<body><h1>This seat is on another device</h1><p>{shown}'s seat was opened on another device. "
            f"To move it to this one, confirm on the shared screen (key m), then open the link again.</p>"
            f"</body></html>")


def _phone_service(websocket: Any, their_end: socket.socket) -> Any:
    from textual_serve.app_service import AppService
    from textual_serve.download_manager import DownloadManager

    class PhoneService(AppService):
        """One phone page's app, with the channel's end as a descriptor it
        inherits, in a session of its own (Ctrl+C reaches the owner only)."""

        async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
            environment = self._build_environment(width=width, height=height)
            environment[channel.FD_VARIABLE] = str(their_end.fileno())
            self._process = process = await asyncio.create_subprocess_exec(
                *PHONE_COMMAND, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=environment, pass_fds=(their_end.fileno(),),
                start_new_session=True)
            assert process.stdin is not None
            self._stdin = process.stdin
            return process

    async def close() -> None:
        await websocket.close()

    return PhoneService(" ".join(PHONE_COMMAND), write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                        close=close, download_manager=DownloadManager(), debug=False)


async def _process_messages(websocket: Any, service: Any) -> None:
    """The page's keys, size and focus to its app (textual-serve's loop)."""
    from aiohttp import WSMsgType

    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = message.json()
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope:
            continue
        kind = envelope[0]
        if kind == "stdin" and len(envelope) > 1 and isinstance(envelope[1], str):
            await service.send_bytes(envelope[1].encode("utf-8"))
        elif kind == "resize" and len(envelope) > 1 and isinstance(envelope[1], dict):
            await service.set_terminal_size(terminal_size(str(envelope[1].get("width")), 80),
                                            terminal_size(str(envelope[1].get("height")), 24))
        elif kind == "ping" and len(envelope) > 1:
            await websocket.send_json(["pong", envelope[1]])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()

