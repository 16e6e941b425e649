"""The game screen every game plugs into.

``GameScreen`` owns what all games share: the status line (``match.prompt()``),
the log (``match.visible_log()``), the footer, ``?`` rules, ``u`` take back,
``q`` back to the picker, the command palette entries, bot turns on a timer
(``app.bot_delay``; a slow bot, the hard one, thinks in a worker thread
with "... is thinking" on the status line, so keys keep working), and the
flow to the handover and results screens (when a bot's move ends the game,
the table as it ended stays up until Enter: the humans see that move;
unless the game has a step of its own before the results, which shows the
end: ``GameSpec.before_results``). The
app only builds a game screen when no handover is due, so a game screen is
always for the seat at the keyboard (or the public table, when nobody has
taken the keyboard yet or no human plays).

How a game plugs in: its spec names a ``GameScreen`` subclass
(``GameSpec.screen = "tablegames.games.<pkg>.screen:ClassName"``), built as
``ClassName(match)``. It provides:

- ``compose_table()``: the widgets of the table, left of the log (public
  things: players, scores, cards in play);
- ``compose_hand()`` (optional): the widgets across the full width under
  the table (the seat's private things: the hand);
- ``show_view(view)`` (required): redraw those widgets from ``view``,
  ``match.view()`` read as the game's view TypedDict (the class is
  ``GameScreen[TheGameView]``); ``self.view`` holds the same. Called after
  every change (own move, bot move, take-back, coming back from the rules).
  Draw only from the view (plus ``self.seat``, ``self.my_turn()``,
  ``self.seat_label(seat)``, ``self.glyphs``): never from the game state,
  and keep no reference to it. A cursor belongs to the widget that draws
  it, as Textual's OptionList owns its own: the widget takes the focus
  while the screen offers it a choice, binds its own keys, and posts a
  message when the choice is made (HandPicker, DecisionPanel, or a widget
  of the game's own package); the
  screen offers the choice and plays the message;
- ``BINDINGS`` whose actions call ``self.act(action)`` with one of the
  game's action objects (never its notation): it plays for the seat at
  the keyboard, or prints the rules' one-line message
  (``IllegalAction``) under the table and changes nothing. ``self.say(text)``
  prints a message of the screen's own (e.g. "only the ends can be played");
- ``PHASE_KEYS``: which binding actions each phase offers, keyed by
  ``view["phase"]`` (a str, or a str-valued Enum member), e.g.
  ``{"order": {"cursor", "sort", "confirm"}, "play": {"play"}}``. An action
  named in any phase works only in the phases that name it (the footer hides
  it elsewhere); an action named in none (rules, take-back) always works. An
  entry without parentheses covers every binding of that action; one written
  like the binding, ``"answer('yes')"``, covers only those parameters.
  Several bindings may share a key (e.g. ``left``) as long as only one is
  offered at a time. For a finer test inside a phase (a token to spend, the
  seat at the keyboard deciding, the decision due) override
  ``key_offered(action, parameters)``. A key that says why another does
  not work (the same letter, shown only then) is named in ``EXPLAINS``.
  That is the one way a game gates its keys: a game's screen does not
  override ``check_action`` (defining one is refused), which keeps its keys
  off while a finished move waits to pass the keyboard and on the final
  table;
- message handlers for its widgets: ``on_hand_picker_picked`` (and
  ``_moved``) for a HandPicker, ``on_decision_panel_chosen`` for a
  DecisionPanel.

Beside the class, its review table, so a finished match can be stepped
through on this screen (``tablegames.ui.review``): one line,
``class <Game>Review(ReviewTable, <Game>Screen)`` with a docstring.

A step of the game's own before the results (a reveal) is a screen the
spec names (``GameSpec.before_results``): ``TableGamesApp.screen_for``
shows it when the match is over.

Shared widgets for that: ``tablegames.ui.widgets``: CardFace (a face, or
``CardFace.back(public, tone)``: a back showing only a public attribute),
HandRow (a hand to look at), HandPicker (a hand to pick a card from: its
cursor, keys, clicks and a ``Picked`` message), TrickArea, DecisionPanel (a
question, numbered choices, a none choice: every list decision; its own
keys while focused), ScoreTable, LogPanel, TextLine, Cycler. Symbols and key
names in prompts come from ``self.glyphs`` (``left_right``, ``up_down``,
``enter``...), so ``--ascii`` changes them; a game's own symbols live in its
package. A game whose spec names no screen gets ``GenericGameScreen``: its
view as text and its legal actions as a numbered list, so it is playable (if
plainly) before its screen exists.
"""

from __future__ import annotations

import asyncio
import json
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Collection, Generic, Iterable, Mapping, TypeVar, cast

from textual.actions import parse as parse_action_string
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from tablegames.core.game import IllegalAction
from tablegames.core.match import BotTurn, NotHeld
from tablegames.core.match_side import MatchSide
from tablegames.core.registry import load_asset
from tablegames.ui.glyphs import Glyphs
from tablegames.ui.hints import ask_hint, hint_offered
from tablegames.ui.keys import RULES
from tablegames.ui.labels import seat_label
from tablegames.ui.later import later
from tablegames.ui.widgets import DecisionPanel, HandPicker, KeyFooter, LogPanel, TextLine

if TYPE_CHECKING:
    from tablegames.ui.app import TableGamesApp


# The game's view TypedDict, as its screen reads it.
ViewT = TypeVar("ViewT", bound=Mapping[str, Any])


class GameScreen(Screen[None], Generic[ViewT]):
    """Base class of a game's screen (see the module docstring)."""

    if TYPE_CHECKING:
        app: TableGamesApp  # for mypy: Textual types it as a plain App

    # Keys go to the screen's bindings; a game focuses a widget when it needs one.
    AUTO_FOCUS = ""

    BINDINGS = [
        RULES,
        Binding("u", "take_back", "Take back"),
        # The same key when there is nothing to take back: it says why.
        Binding("u", "nothing_to_take_back", "Take back", show=False),
        Binding("q", "app.to_picker", "Picker"),
        # In a match started with hints on (ui/hints.py).
        Binding("h", "hint", "Hint"),
    ]

    # Enter passes the keyboard while a finished move waits (Match.pending_pass),
    # whatever the game binds to Enter: kept ahead of the game's own bindings.
    PASS_BINDING = Binding("enter", "confirm_pass", "Pass the keyboard", priority=True)
    # After a bot's move ended the game, the final table stays up until Enter.
    RESULTS_BINDING = Binding("enter", "results", "Results", priority=True)

    @classmethod
    def _merge_bindings(cls) -> BindingsMap:
        # Textual lets a subclass's bindings of a key replace its bases' ones.
        merged = super()._merge_bindings()
        key = cls.PASS_BINDING.key
        merged.key_to_bindings[key] = [cls.PASS_BINDING, cls.RESULTS_BINDING,
                                       *merged.key_to_bindings.get(key, [])]
        return merged

    # Actions of this class that still work while a finished move waits for the
    # mover to pass the keyboard (Match.pending_pass); the game's own keys do not.
    WAITING_ACTIONS = frozenset({"rules", "take_back", "confirm_pass"})
    # Actions that still work on the final table (``showing_final_table``).
    FINAL_ACTIONS = frozenset({"rules", "results", "app.to_picker", "to_picker"})

    # Which binding actions each phase offers (see the module docstring).
    PHASE_KEYS: ClassVar[Mapping[str, Collection[str]]] = {}
    # A key's stand-in that says why it does not work: offered exactly when
    # that action is not ({"ok_why": "toggle_ok"}).
    EXPLAINS: ClassVar[Mapping[str, str]] = {}
    # Built from PHASE_KEYS: action name -> {phase: parameter tuples, or None for any}.
    _phase_index: ClassVar[dict[str, dict[str, list[tuple[object, ...]] | None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Indexes ``PHASE_KEYS``. A game's screen gates its keys by them and
        ``key_offered``, never by a ``check_action`` of its own: the shared
        gates (a move waiting to pass the keyboard, the final table) come
        first for every game."""
        super().__init_subclass__(**kwargs)
        if "check_action" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: a game's screen gates its keys by PHASE_KEYS, "
                            "key_offered and EXPLAINS, not by check_action")
        cls._phase_index = _index_phase_keys(cls.PHASE_KEYS)

    def __init__(self, match: MatchSide) -> None:
        super().__init__()
        # The local Match, or a phone's RemoteMatch (core/match_side.py).
        self.match = match
        self.view: ViewT = cast(ViewT, {})
        self._bot_timer: asyncio.TimerHandle | None = None
        # The slow bot's decision being made in a worker thread, if any.
        self._thinking: tuple[BotTurn, Worker[object]] | None = None
        # A bot's move ended the game: the table as it ended stays on screen
        # until Enter, so the humans see that last move before the results.
        self.showing_final_table = False
        # Back on top (from the rules, a notice): the catch-up runs after the
        # next refresh (``on_screen_resume``).
        self._catching_up = False
        # The rules page's section `?` opens at (after a refused move or a
        # hint: the rule it is about), or None for the top of the page.
        self.rule_section: str | None = None

    # ----- for subclasses
    def compose_table(self) -> ComposeResult:
        yield from ()

    def compose_hand(self) -> ComposeResult:
        yield from ()

    def show_view(self, view: ViewT) -> None:
        raise NotImplementedError

    @property
    def glyphs(self) -> Glyphs:
        return self.app.glyphs

    @property
    def seat(self) -> int | None:
        """The seat whose view is on screen (``Match.on_screen``): None for
        the public table."""
        return self.match.on_screen()

    def my_turn(self) -> bool:
        """Whether the seat at the keyboard must decide now."""
        return self.seat is not None and self.seat in self.match.deciders()

    def hidden_hand_note(self) -> str:
        """What a hand row says while the screen shows the public table."""
        if self.match.pending_pass:
            return "Your move is done; your hand stays hidden until the keyboard passes."
        seats = self.match.record.seats
        if any(seats[s].phone for s in self.match.deciders()):
            return "Hands stay hidden here: each phone shows its own."
        return "Hands stay hidden while the computer players move."

    def phase(self) -> str:
        """The phase of the view on screen ("" if the game has no phases)."""
        return _phase_name(self.view.get("phase", ""))

    def seat_label(self, seat: int) -> str:
        """A seat's name, with "(bot)" for a computer player."""
        return seat_label(self.match.record.seats[seat])

    def act(self, action: object) -> bool:
        """Play one of the game's action objects for the seat at the keyboard.
        Shows the rules' message and returns False if it is not allowed."""
        if isinstance(action, str):
            raise TypeError(f"a screen plays action objects, not notation: {action!r}")
        try:
            self.match.play(action)
        except IllegalAction as exc:
            self.say(str(exc))
            # `?` opens the rules page at the rule that says why.
            self.rule_section = self.match.spec.rule_for(action)
            return False
        self.say("")
        self.rule_section = None
        self.after_change()
        return True

    def say(self, message: str) -> None:
        """One line under the table (cleared by the next accepted move)."""
        self.query_one("#message", TextLine).show(f"! {message}" if message else "")

    def on_hand_picker_refused(self, event: HandPicker.Refused) -> None:
        """A key the hand cannot take (a number past its last card): say why."""
        event.stop()
        self.say(event.text)

    # ----- layout
    def compose(self) -> ComposeResult:
        yield TextLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield from self.compose_table()
            yield LogPanel(id="log")
        with Vertical(id="hand-area"):
            yield from self.compose_hand()
        yield TextLine(id="message")
        yield KeyFooter()

    def on_mount(self) -> None:
        log = self.query_one(LogPanel)
        log.border_title = "Log"
        self.app.attach_join_panel(self)  # (the owner's, while phone seats play: ui/join_panel.py)
        self.redraw()

    def on_unmount(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()  # the screen is gone: no bot move for it

    def on_screen_resume(self) -> None:
        # Coming back from the rules page or the too-small notice: catch up.
        self._catching_up = True
        self.call_after_refresh(self._resume)

    def _resume(self) -> None:
        self._catching_up = False
        if not self.is_current:
            return  # covered again meanwhile (or being taken down): the next resume catches up
        self.redraw()
        self.advance()

    # ----- drawing and the flow
    def redraw(self) -> None:
        match = self.match
        self.view = cast(ViewT, match.view())
        self.query_one("#status", TextLine).show(match.prompt())
        self.query_one(LogPanel).show([event.text for event in match.visible_log()])
        self.show_view(self.view)
        self._show_thinking()
        self.update_footer()

    def update_footer(self) -> None:
        """Redraw the footer with the keys that work now (it draws itself
        from the screen's bindings: no new layout, same frame)."""
        self.query_one(KeyFooter).refresh()

    def after_change(self) -> None:
        self.redraw()
        self.advance()

    def advance(self) -> None:
        """Go on after a change: a bot's turn after a pause, a handover, or
        the results. Waits while another screen (rules, palette) is on top."""
        if self.app.screen is not self:
            return
        match = self.match
        if match.is_over() and self.showing_final_table:
            return
        last = match.last_mover()
        if (match.is_over() and last is not None and match.is_bot(last)
                and not match.spec.before_results):  # (a game's own step before the results shows the end)
            self.showing_final_table = True
            self.query_one("#status", TextLine).show(
                f"The game is over: {self.glyphs.enter} shows the results.")
            self.update_footer()
        elif match.is_over() or match.needs_handover():
            self.app.show_match(match)
        elif match.next_bot() is not None and self._bot_timer is None and self._thinking is None:
            # Not Textual's set_timer, which may drop a short one-shot on a
            # busy machine (ui/later.py): the bot's turn then never came.
            self._bot_timer = later(self, max(self.app.bot_delay, 0.001), self._bot_turn)

    def bot_pending(self) -> bool:
        """Whether the screen will move on by itself: a bot's move waits on
        its timer or thinks in a worker, a catch-up after coming back on top
        is due, or (on top) a bot must decide and its timer is about to be
        set. False while the screen waits for a human (a key, a click)."""
        if self._bot_timer is not None or self._thinking is not None or self._catching_up:
            return True
        match = self.match
        return self.app.screen is self and not match.is_over() and match.next_bot() is not None

    def _bot_turn(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()  # (when called before the timer ends)
        self._bot_timer = None
        if self.app.screen is not self:
            return  # resumed by on_screen_resume
        turn = self.match.bot_turn()
        if turn is None:
            return
        if not turn.slow:
            if self._play_bot(turn, turn.decide()):
                self.after_change()
            return
        # Think off the UI thread: keys (?, q, the palette) keep working. The
        # worker only reads the bot's view; leaving the screen drops it.
        self._thinking = (turn, self.run_worker(turn.decide, name="bot", group="bot", thread=True))
        self._show_thinking()

    def _show_thinking(self) -> None:
        if self._thinking is not None:
            name = self.match.names[self._thinking[0].seat]
            self.query_one("#status", TextLine).show(f"{name} is thinking{'...' if self.glyphs.ascii else '…'}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if self._thinking is None or event.worker is not self._thinking[1]:
            return  # not ours, or given up (a take-back)
        if event.state is not WorkerState.SUCCESS:
            if event.state in (WorkerState.CANCELLED, WorkerState.ERROR):
                self._thinking = None  # an error is the app's to report
            return
        turn, self._thinking = self._thinking[0], None
        if not self.is_attached:
            return  # the screen was left (q): the move is not played
        # Dropped if the match moved on meanwhile (Match.play_bot checks).
        if self._play_bot(turn, event.worker.result) and self.app.screen is self:
            self.after_change()
        # Else another screen (the rules) is on top: on_screen_resume catches up.

    def _play_bot(self, turn: BotTurn, action: object) -> bool:
        """Play a bot's decision; False (said, and the bots stop) if another
        copy of the app has the match now."""
        try:
            self.match.play_bot(turn, action)
        except NotHeld as exc:
            self.say(str(exc))
            return False
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key works (and shows in the footer) when the phase offers it
        (``PHASE_KEYS``, then ``key_offered``; an ``EXPLAINS`` key when the
        key it explains does not); "Take back" only when there is
        something to take back (else `u` says why: "nothing_to_take_back");
        while a finished move waits to pass the keyboard, only passing,
        taking back and the rules; on the final table only the results, the
        rules and the picker."""
        if action in ("take_back", "nothing_to_take_back"):
            return self.can_take_back() == (action == "take_back")
        if action == "confirm_pass":
            return self.match.pending_pass
        if action == "hint":
            return hint_offered(self) and not self.showing_final_table
        if action == "results" or self.showing_final_table:
            return self.showing_final_table and action in self.FINAL_ACTIONS
        if self.match.pending_pass and action not in self.WAITING_ACTIONS:
            return False
        explained = self.EXPLAINS.get(action)
        if explained is not None:
            return not self.check_action(explained, ())
        phases = self._phase_index.get(action)
        if phases is None:
            return True
        if self.seat is None and any(self.match.record.seats[s].phone for s in self.match.deciders()):
            return False  # a phone seat's turn: its keys are on that phone, not on this keyboard
        phase = self.phase()
        if phase not in phases:
            return False
        allowed = phases[phase]
        if allowed is not None and tuple(parameters) not in allowed:
            return False
        return self.key_offered(action, parameters)

    def key_offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        """For a game: whether a key its phase offers works right now (e.g.
        only with a token left). Called only for actions in ``PHASE_KEYS``."""
        return True

    def can_take_back(self) -> bool:
        """While the mover's own view is on screen, or while their finished
        move waits for them to pass the keyboard (``Match.pending_pass``): a
        move shown on the public table while a bot plays may have been seen
        by the next player."""
        match = self.match
        return match.can_take_back() and (self.seat is not None or match.pending_pass)

    # ----- shared actions
    def action_rules(self) -> None:
        self.app.show_rules(self.match.spec, self.rule_section)

    def action_hint(self) -> None:
        ask_hint(self)

    def action_nothing_to_take_back(self) -> None:
        self.say("Nothing to take back: only your own last move, before anyone else moves, "
                 "and only if it showed you no card.")

    def action_take_back(self) -> None:
        if not self.can_take_back():
            self.action_nothing_to_take_back()
            return
        try:
            self.match.take_back()
        except NotHeld as exc:
            self.say(str(exc))
            return
        self._thinking = None  # a bot thinking about the undone position: forget it
        self.say("Taken back.")
        self.after_change()

    def action_confirm_pass(self) -> None:
        """The mover lets the keyboard go: the move stands, the handover comes."""
        if self.app.screen is not self or not self.match.pending_pass:
            return
        self.match.confirm_pass()
        self.advance()

    def action_results(self) -> None:
        """From the final table to the results."""
        if self.app.screen is self and self.match.is_over():
            self.app.show_match(self.match)

    def palette_commands(self) -> Iterable[SystemCommand]:
        if self.showing_final_table:
            yield SystemCommand("Results", "The scores and who won", self.action_results)
        if self.match.pending_pass:
            yield SystemCommand("Pass the keyboard", "Your move stands; the next player takes the keyboard",
                                self.action_confirm_pass)
        yield SystemCommand("Rules", f"The rules of {self.match.spec.title}", self.action_rules)
        yield SystemCommand("Take back", "Take back your last move", self.action_take_back)
        yield SystemCommand("Quit to picker", "Leave this match (it is saved; resume it from the picker)",
                            self.app.action_to_picker)


def _phase_name(phase: object) -> str:
    return str(phase.value) if isinstance(phase, Enum) else str(phase)


def _index_phase_keys(phase_keys: Mapping[str, Collection[str]]
                      ) -> dict[str, dict[str, list[tuple[object, ...]] | None]]:
    index: dict[str, dict[str, list[tuple[object, ...]] | None]] = {}
    for phase, entries in phase_keys.items():
        name = _phase_name(phase)
        for entry in entries:
            _, action, parameters = parse_action_string(entry)
            phases = index.setdefault(action, {})
            if "(" not in entry:
                phases[name] = None  # every binding of the action
            else:
                allowed = phases.setdefault(name, [])
                if allowed is not None:
                    allowed.append(tuple(parameters))
    return index


class GenericGameScreen(GameScreen[Mapping[str, Any]]):
    """For a game without its own screen: its view as text and its legal
    actions in a DecisionPanel (arrows and Enter, the number, or a click)."""

    def __init__(self, match: MatchSide) -> None:
        super().__init__(match)
        self.actions: list[Any] = []

    def compose_table(self) -> ComposeResult:
        yield Static(id="generic-view", markup=False)

    def compose_hand(self) -> ComposeResult:
        yield DecisionPanel(id="generic-actions")

    def show_view(self, view: Mapping[str, Any]) -> None:
        lines = [f"{key}: {json.dumps(value, separators=(',', ':'))}" for key, value in view.items()
                 if value not in (None, [], {})]
        self.query_one("#generic-view", Static).update("\n".join(lines))
        panel = self.query_one("#generic-actions", DecisionPanel)
        actions = list(self.match.legal_actions()) if self.my_turn() else []
        if [str(a) for a in actions] != [str(a) for a in self.actions] or not self.actions:
            self.actions = actions
            panel.ask("Your move:" if actions else "", [str(action) for action in actions])
        if actions:
            panel.focus()

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        event.stop()
        if event.index is not None and event.index < len(self.actions):
            self.act(self.actions[event.index])


def game_screen_for(match: MatchSide) -> GameScreen[Any]:
    """The screen class the game's spec names, else the generic one."""
    if not match.spec.screen:
        return GenericGameScreen(match)
    screen_class = load_asset(match.spec.screen)
    assert isinstance(screen_class, type) and issubclass(screen_class, GameScreen)
    return screen_class(match)
