"""The Textual app: picker -> seat setup -> game (with handovers) -> results.

Which screen a match needs at any moment is decided in one place,
``TableGamesApp.screen_for``: the results when it is over, a handover when
the keyboard must pass to another human, else the game's own screen (which,
while the last move may still be taken back and the keyboard must pass,
shows the public table and waits for the mover's Enter or u:
``Match.pending_pass``).
"""

from __future__ import annotations

import os
import sys
import gc
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, cast
from weakref import WeakSet

from textual import work
from textual.app import App, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.events import Event, Key, Resize
from textual.screen import Screen

# The crash report and its line are shared with the command line (no UI in them).
from tablegames.core.crash import crash_line, write_crash_report
from tablegames.ui.glyphs import glyphs_for

if TYPE_CHECKING:  # (the picker's first frame loads no match machinery)
    from tablegames.core.game import GameSpec
    from tablegames.core.match import Match
    from tablegames.core.match_side import MatchSide
    from tablegames.table.owner import KitchenTable

MIN_WIDTH, MIN_HEIGHT = 80, 24
# A handover ignores every key and click for this long after it appears
# (and until no key has come for half of it): see ui/handover.py.
HANDOVER_GUARD = 0.6
IDLE_GC_SECONDS = 2.0  # full garbage collections only after this long without a key


class Palette(CommandPalette):
    """Textual's command palette, with four fixes and a way to close it.

    In Textual 8.2.8 (``tests/ui/test_random_keys.py`` keeps reproductions
    against the bare palette):
    - PageUp/PageDown pressed before the command list has been laid out
      (``ctrl+p`` then PageDown back to back) raise ``KeyError: 0``: the
      list's line index is still empty. Such a key now waits for the list.
    - Enter twice quickly selects twice: the palette is dismissed twice, and
      the second dismissal pops the screen under it (at the bottom of the
      stack: ``ScreenStackError``), and the command runs twice. A palette
      now closes once, and only itself.
    - A palette closed while it gathers its commands (``ctrl+p`` straight
      after choosing "Quit to picker", whose screens are still being
      closed: the new palette goes with them) fails in its worker with
      ``NoMatches: CommandList``. A closed palette now stops gathering.
    - ``ctrl+p`` while the last palette is still being removed (off the
      screen stack, not yet out of the app) raised ``DuplicateIds``: Textual
      gives every palette the same id; ours has none
      (``TableGamesApp.action_command_palette``).
    Textual's theme chooser ("theme" in the palette) is one of ours too
    (``TableGamesApp.search_themes``).
    """

    _dismissed = False  # (not "_closing": Textual's message pump uses that name)

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._dismissed or self.app.screen is not self:
            # (Textual's nothing() has no annotations.)
            return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]
        self._dismissed = True
        return super().dismiss(result)

    def _select_or_command(self, event: Any = None) -> None:
        if self._dismissed:
            if event is not None:
                event.stop()
            return
        super()._select_or_command(event)

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            commands = self.query_one(CommandList)
            if commands.highlighted is not None and not commands.scrollable_content_region:
                return
        super()._action_command_list(action)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        gather = getattr(CommandPalette._gather_commands, "__wrapped__")  # (under Textual's @work)
        try:
            await gather(self, search_value)
        except NoMatches:
            if self.query(CommandList):
                raise  # a palette still whole: not the race above
            # Closed (its widgets already gone): nothing left to fill.

    def close(self) -> None:
        """Close without running a command (as Escape does)."""
        self._action_escape()


class TableGamesApp(App[None]):
    CSS_PATH = "tablegames.tcss"
    TITLE = "tablegames"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        # The command palette's "Keys" panel closes with Escape (the key
        # does its usual job whenever the panel is not shown).
        Binding("escape", "hide_keys", "Close the keys", show=False, priority=True),
        # The kitchen table's join panel (ui/join_panel.py): away, or back for a rejoin.
        Binding("j", "toggle_join_panel", "Phones", show=False),
        Binding("m", "move_phone_seat", "Move a phone seat", show=False),
    ]

    def __init__(self, match: Match | None = None, ascii: bool = False, bot_delay: float = 0.4,
                 tune_gc: bool = False, handover_guard: float = HANDOVER_GUARD,
                 table_address: tuple[str, int] = ("127.0.0.1", 0)):
        super().__init__()
        # Where a match with phone seats listens for them (--host, --port;
        # port 0: any free one), and its table once it has one (tablegames/table/).
        self.table_address = table_address
        self.table: KitchenTable | None = None
        # Seconds a handover is on screen before Enter hands the keyboard over
        # (ui/handover.py); 0 arms it at once (tests that do not test the guard).
        self.handover_guard = handover_guard
        self.tune_gc = tune_gc
        self._last_key = time.monotonic()
        self.start_match = match
        self.ascii = ascii
        self.glyphs = glyphs_for(ascii)
        self.bot_delay = bot_delay
        # After a crash: one line for the terminal (the full report is in a file).
        self.crash_line: str | None = None
        # Finished matches whose step before the results has been shown.
        self._before_results_done: WeakSet[Match] = WeakSet()
        # The match open in this copy of the app (it holds its lock:
        # core/match_lock.py), let go when it is left.
        self.playing: Match | None = None

    def _handle_exception(self, error: Exception) -> None:
        """A crash: the app exits with status 1. Unless TABLEGAMES_DEBUG is
        set (then Textual prints the whole traceback), the full report goes to
        a file in the data folder and the terminal gets one line saying where."""
        if os.environ.get("TABLEGAMES_DEBUG"):
            super()._handle_exception(error)
            return
        if self.crash_line is not None:
            return  # already on the way out: the first error is the one reported
        self.crash_line = crash_line(error, write_crash_report(error))
        self._return_code = 1
        if self._exception is None:  # Pilot re-raises it in tests
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()

    # ----- start-up and size
    def get_default_screen(self) -> Screen[None]:
        from tablegames.ui.picker import PickerScreen

        return PickerScreen()

    def on_mount(self) -> None:
        if self.ascii:
            self.add_class("-ascii")
        if self.start_match is not None:
            self._opened(self.start_match)
            self.push_screen(self.screen_for(self.start_match))
        self.call_after_refresh(self.check_size)
        if self.tune_gc:
            self.call_after_refresh(self._tune_gc)

    # ----- garbage collection out of the way of key presses
    def _tune_gc(self) -> None:
        """Once the first frame is drawn, leave the tens of thousands of
        objects made at start-up out of every later collection (``freeze``),
        and make the full collections that remain only while nobody has
        pressed a key for a while (``_collect_when_idle``): a full
        collection in the middle of a key press or a screen switch took up
        to a few hundred milliseconds on a busy machine. Only for a real run
        (``run_app``): the process belongs to this one app."""
        gc.collect()
        gc.freeze()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, 1_000_000)  # no automatic full collections
        self.set_interval(IDLE_GC_SECONDS, self._collect_when_idle)

    def _collect_when_idle(self) -> None:
        if time.monotonic() - self._last_key >= IDLE_GC_SECONDS and gc.get_count()[2]:
            gc.collect()

    async def on_event(self, event: Event) -> None:
        if isinstance(event, Key):
            self._last_key = time.monotonic()
        await super().on_event(event)

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.check_size)

    def too_small(self) -> bool:
        width, height = self.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def check_size(self) -> None:
        """Cover the app with a clear message while the terminal is too small:
        exactly one notice, always on top, gone once the terminal is big
        enough. An open command palette is closed first (it would otherwise
        stay under the notice, or a second one open over it)."""
        from tablegames.ui.too_small import TooSmallScreen

        top = self.screen
        if self.too_small():
            if isinstance(top, TooSmallScreen):
                top.update_size()
                return
            if isinstance(top, Palette):
                top.close()
            self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ----- the match flow
    def screen_for(self, match: Match) -> Screen[None]:
        """The screen this match needs now. A finished match shows first the
        screen its game declares for the step before the results
        (``GameSpec.before_results``, e.g. a reveal), then the results."""
        if match.is_over():
            before = match.spec.before_results
            if before and match not in self._before_results_done:
                from tablegames.core.registry import load_asset

                screen = cast(Any, load_asset(before))(match)
                assert isinstance(screen, Screen)
                return screen
            from tablegames.ui.results import ResultsScreen

            return ResultsScreen(match)
        if match.needs_handover():
            from tablegames.ui.handover import HandoverScreen

            return HandoverScreen(match)
        from tablegames.ui.game_screen import game_screen_for

        return game_screen_for(match)

    def before_results_done(self, match: Match) -> None:
        """The game's step before the results (``GameSpec.before_results``)
        is over: on to the results."""
        self._before_results_done.add(match)
        self.show_match(match)

    def show_match(self, match: MatchSide) -> None:
        """Replace the current match screen with the one the match needs now.
        When the keyboard passes (a game screen gives way to a handover), a
        blank frame comes between them (see ``BlankScreen``). (Game screens
        call it with what they talk to: here, in the owner, the Match.)"""
        from tablegames.core.match import Match

        assert isinstance(match, Match)
        from tablegames.ui.blank import BlankScreen
        from tablegames.ui.game_screen import GameScreen
        from tablegames.ui.handover import HandoverScreen

        self._opened(match)
        screen = self.screen_for(match)
        if isinstance(self.screen, GameScreen) and isinstance(screen, HandoverScreen):
            screen = BlankScreen(then=screen)
        self.switch_screen(screen)

    def is_idle(self) -> bool:
        """Whether the app waits for input: no bot move pending on a game
        screen (its timer, its worker, one due), no worker running (a bot's
        thinking, the history's reading), no blank frame between two
        screens waiting to give way, and the too-small notice where the
        size says (after a resize it comes with the next refresh). Tests
        wait for this (``settle`` in tests/ui/helpers.py) instead of
        guessing how long bots take."""
        from tablegames.ui.blank import BlankScreen
        from tablegames.ui.game_screen import GameScreen
        from tablegames.ui.too_small import TooSmallScreen

        if not self.screen_stack or isinstance(self.screen, BlankScreen):
            return False
        if self.too_small() != isinstance(self.screen, TooSmallScreen):
            return False
        if any(not worker.is_finished for worker in self.workers):
            return False
        return not any(isinstance(screen, GameScreen) and screen.bot_pending()
                       for screen in self.screen_stack)

    def open_match(self, match: Match) -> None:
        """Enter a match from the picker (the picker stays underneath)."""
        self._opened(match)
        self.push_screen(self.screen_for(match))

    def _opened(self, match: Match) -> None:
        """``match`` is now the one open here: the one before it (play
        again) is let go, for other copies of the app to resume. A match
        that finishes here updates the history index at once."""
        from tablegames.core import saves  # (loaded already: the match saves through it)

        saves.on_finished(_index_finished)
        if self.playing is not None and self.playing is not match:
            self.playing.let_go()
        self.playing = match
        self._open_table(match)

    # ----- the kitchen table (phone seats)
    def _open_table(self, match: Match | None) -> None:
        """A match with phone seats gets its table (new links, new tokens)
        when it opens here; the one before is closed."""
        old = self.table
        if old is not None and (match is None or old.match is not match):
            self.table = None
            self.run_worker(old.stop(), group="table")
        if match is not None and match.phones and self.table is None and not match.is_over():
            from tablegames.table.owner import KitchenTable

            host, port = self.table_address
            self.table = table = KitchenTable(match, host, port, on_change=self._table_changed)
            self.run_worker(self._start_table(table), group="table")

    async def _start_table(self, table: KitchenTable) -> None:
        try:
            await table.start()
        except OSError as exc:
            self.notify(f"The phones cannot join: cannot listen on {table.host} port {table.port} "
                        f"({exc.strerror or exc}).", severity="error", timeout=30)
        self._table_changed()

    def _table_changed(self) -> None:
        """A phone moved, or a phone seat joined or dropped: the shared
        screen catches up."""
        from tablegames.ui.game_screen import GameScreen
        from tablegames.ui.join_panel import JoinPanel

        if not self.screen_stack or not self.is_running:
            return  # (the app is closing)
        for panel in self.screen.query(JoinPanel):
            panel.show_table(self.table, self.ascii)
        screen = self.screen
        if isinstance(screen, GameScreen) and self.table is not None and screen.match is self.table.match:
            screen.after_change()

    def attach_join_panel(self, screen: Screen[Any]) -> None:
        """On the owner's match screens (game, handover) while it has a table."""
        if self.table is None:
            return
        from tablegames.ui.join_panel import JoinPanel

        screen.styles.layers = ("default", "overlay")  # type: ignore[assignment]
        panel = JoinPanel()
        screen.mount(panel)
        panel.show_table(self.table, self.ascii)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_join_panel":
            return self.table is not None
        if action == "move_phone_seat":
            return self.table is not None and any(phone.asking for phone in self.table.seats.values())
        if action == "hide_keys":
            return bool(self.screen.query("HelpPanel"))
        return True

    def action_move_phone_seat(self) -> None:
        """The shared screen confirms that a seat another device asked for
        moves to it (tablegames/table/owner.py)."""
        if self.table is not None:
            moved = self.table.allow_move()
            if moved:
                self.notify(f"{', '.join(phone.name for phone in moved)}: the next device to open the link "
                            f"takes the seat.")

    def action_toggle_join_panel(self) -> None:
        from tablegames.ui.join_panel import JoinPanel

        for panel in self.screen.query(JoinPanel):
            panel.flipped = not panel.flipped
            panel.show_table(self.table, self.ascii)

    def let_go(self) -> None:
        """No match is open here any more (the picker, or the app closing)."""
        if self.playing is not None:
            self.playing.let_go()
            self.playing = None
        self._open_table(None)

    async def on_unmount(self) -> None:
        table = self.table
        self.table = None
        self.let_go()
        if table is not None:
            await table.stop()  # no phone's app process outlives the owner

    def show_rules(self, spec: GameSpec, section: str | None = None) -> None:
        """A game's rules page over the current screen (at ``section``, a
        heading of it, if given)."""
        from tablegames.ui.rules_screen import RulesScreen

        self.push_screen(RulesScreen(spec, section))

    async def action_to_picker(self) -> None:
        """Leave the match (it is saved after every move) for the picker."""
        left = self.playing
        self.let_go()  # first: the picker lists it as free to resume
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        if left is not None:
            left.let_go()  # (again, should a bot's timer have played on in between)

    # ----- keys and the command palette
    def action_command_palette(self) -> None:
        """ctrl+p: one palette at a time, and none while the terminal is too small."""
        if not self.use_command_palette or self.too_small():
            return
        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        self.push_screen(Palette())

    def search_themes(self) -> None:
        """The palette's "theme" command: Textual's theme chooser, in our
        palette (with its fixes) instead of a bare ``CommandPalette``."""
        from textual.theme import ThemeProvider

        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

    # ----- styles
    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Textual restyles a node (and all it holds) whenever a class of it
        changes, even before it is mounted: an Input made with a value
        sets two classes as it is built, a compact widget one, each a full
        pass of the stylesheet over a widget that is styled again when it
        is mounted (``App._register``). Those passes were an eighth of the
        time from the picker's digit to the seat setup; a node not in the
        app yet is left for its mounting."""
        if node is self or node.is_attached:
            super().update_styles(node, animate=animate)

    def action_hide_keys(self) -> None:
        self.action_hide_help_panel()

    def get_key_display(self, binding: Binding) -> str:
        if self.ascii and not binding.key_display:
            key = binding.key.split(",")[0]
            shown = self.glyphs.key(key)
            if shown is not None:
                return shown
            text = super().get_key_display(binding)
            return text if text.isascii() else key
        return super().get_key_display(binding)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        own = getattr(screen, "palette_commands", None)
        if own is not None:
            yield from own()
        yield from super().get_system_commands(screen)


def _index_finished(path: Path) -> None:
    """A finished record just saved: the history index learns of it
    (core/history.py, loaded only once a match finishes here: not at start)."""
    from tablegames.core.history import note_finished

    note_finished(path)


def run_app(match: Match | None = None, ascii: bool = False, app: TableGamesApp | None = None,
            table_address: tuple[str, int] = ("127.0.0.1", 0)) -> int:
    """Start the app at the picker, or straight into ``match`` (or run
    ``app``, e.g. a review's). Returns the exit status: 1 after a crash
    (reported in one line on stderr)."""
    if app is None:
        app = TableGamesApp(match=match, ascii=ascii, tune_gc=True, table_address=table_address)
    threshold = gc.get_threshold()
    try:
        app.run()
    except Exception as error:
        # Raised out of Textual's own start-up or shutdown (e.g. laying out
        # a screen as the app closes), past ``_handle_exception``: reported
        # the same way, unless a first error is already being reported.
        if os.environ.get("TABLEGAMES_DEBUG"):
            raise
        if app.crash_line is None:
            app.crash_line = crash_line(error, write_crash_report(error))
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
    if app.crash_line is not None:
        print(app.crash_line, file=sys.stderr)
        return 1
    return app.return_code or 0
