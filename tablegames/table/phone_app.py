"""A phone's app process: the game's own screen for one seat, served to the
phone's browser by the owner (``owner.py``, through textual-serve's
machinery). It holds no game state: a ``RemoteMatch`` (core/match_side.py)
fed by the owner's snapshots over the channel (``channel.py``).

Run by the owner as ``python -m tablegames.table.phone_app`` with the
channel's descriptor in TABLEGAMES_PHONE_FD."""

from __future__ import annotations

import asyncio
import os
import socket
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from tablegames.core.match_side import MatchSide, RemoteMatch
from tablegames.core.seats import Seat
from tablegames.table import channel
from tablegames.ui.app import TableGamesApp
from tablegames.ui.game_screen import GameScreen, game_screen_for


class NoticeScreen(Screen[None]):
    """A few lines in the middle of the page: joining, the end, the table gone."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Center():
            with Vertical(id="notice"):
                yield Static("\n".join(self.lines), markup=False, id="notice-text")


class PhoneApp(TableGamesApp):
    """One seat of a match owned by another process."""

    CSS_PATH = str(Path(__file__).resolve().parent.parent / "ui" / "tablegames.tcss")

    def __init__(self, reader: asyncio.StreamReader | None = None,
                 writer: asyncio.StreamWriter | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.reader = reader
        self.writer = writer
        self.remote: RemoteMatch | None = None

    def get_default_screen(self) -> Screen[Any]:
        return NoticeScreen(["Joining the table..."])

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._listen(), name="channel", exclusive=True)

    async def _listen(self) -> None:
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await _open_inherited_channel()
        while True:
            message = await channel.read(self.reader)
            if message is None:
                self._show_notice(["The table has closed this seat.",
                                   "Open your link again to rejoin while the match goes on."])
                return
            self._receive(message)

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "seat":
            seats = [Seat(str(s["name"]), s.get("bot"), bool(s.get("phone"))) for s in message["seats"]]
            self.remote = RemoteMatch(str(message["game"]), int(message["seat"]), seats, self._send,
                                      hints_on=message.get("hints") is True, ask_hint=self._ask_hint)
            self.title = f"tablegames: {seats[self.remote.seat].name}"
        elif kind == "update" and self.remote is not None:
            self.remote.update(message["snapshot"])
            self._show_now()
        elif kind == "hint" and self.remote is not None:
            hint = message.get("hint")
            self.remote.hint_came(hint if isinstance(hint, dict) else {})
        elif kind == "refused" and self.remote is not None:
            self.remote.sent = False
            screen = self.game_screen()
            if screen is not None:
                screen.redraw()
                screen.say(str(message.get("message", "")))

    def _ask_hint(self, change: int) -> None:
        if self.writer is not None:
            channel.write(self.writer, {"type": "hint", "change": change})

    def _send(self, action: str, change: int) -> None:
        if self.writer is not None:
            channel.write(self.writer, {"type": "play", "action": action, "change": change})

    def game_screen(self) -> GameScreen[Any] | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _show_now(self) -> None:
        remote = self.remote
        assert remote is not None
        if remote.is_over():
            self.show_match(remote)
            return
        screen = self.game_screen()
        if screen is None:
            self.push_screen(game_screen_for(remote))  # (over the "joining" notice)
        elif screen.is_attached and screen.is_current:
            screen.redraw()
        # (else the rules are on top: the screen catches up when back)

    def show_match(self, match: MatchSide) -> None:
        """Only the end comes here (a phone has no handover): the scores."""
        if isinstance(match, RemoteMatch) and match.is_over():
            self._show_notice(["The game is over.", "", *match.result_lines()])

    def _show_notice(self, lines: list[str]) -> None:
        """Over whatever is on screen (the game's screen stays underneath,
        drawn no more)."""
        if isinstance(self.screen, NoticeScreen) and len(self.screen_stack) > 1:
            self.switch_screen(NoticeScreen(lines))
        else:
            self.push_screen(NoticeScreen(lines))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "to_picker":
            return False  # a phone plays its seat only: the picker is on the shared screen
        return super().check_action(action, parameters)

    async def action_to_picker(self) -> None:
        return None

    def let_go(self) -> None:
        return None  # it holds no match


async def _open_inherited_channel() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    fd = int(os.environ[channel.FD_VARIABLE])
    sock = socket.socket(fileno=fd)
    return await asyncio.open_connection(sock=sock, limit=channel.MAX_LINE)


def main() -> int:
    from tablegames.ui.app import run_app

    return run_app(app=PhoneApp(ascii=os.environ.get("TABLEGAMES_ASCII") == "1", tune_gc=True))


if __name__ == "__main__":
    raise SystemExit(main())
