"""A question and a list of choices: one decision a player makes now.

``DecisionPanel`` shows a question, the choices (one line each, numbered),
and optionally a "none" choice at the end ("Keep all tricks"). The player
moves the highlight with up/down and confirms with Enter, presses a choice's
digit (1-9) or ``n`` for the none choice, or clicks a line. The highlight
stops at the first and last line: it never wraps around, so a key held too
long does not land on a choice at the other end of the list.

The panel posts ``DecisionPanel.Chosen`` with the index of the choice (None
for the none choice); the game turns that into an action. Labels are plain
text or Rich ``Text``: a player's name in a ``str`` label is never read as
markup.

How a screen uses it::

    panel = self.query_one(DecisionPanel)
    panel.ask("Set one trick aside?", labels, none="Keep all tricks", highlighted=2)
    panel.focus()
    ...
    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None: ...

Call ``ask`` only when the decision changes (it resets the highlight); keep
the panel focused while the decision is open (its keys then come before the
screen's).

Two variants for a list that is one part of a bigger choice (where the
card under a hand picker's cursor goes): ``keys`` gives each choice a
letter of its own, drawn instead of its number (digits then choose
nothing: they stay the hand's); ``highlighted=None`` starts with no line
highlighted (the first down arrow highlights the first line, up the last;
Enter waits until then). Such a panel may be left unfocusable
(``can_focus = False``) so the hand keeps the keys: the screen binds the
panel's keys and calls ``action_move``, ``choose_line`` or ``choose_key``;
clicks still choose.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from tablegames.ui.glyphs import glyphs_of

Label = str | Text

_choose = Binding.Group("Choose", compact=True)


def _as_text(label: Label) -> Text:
    return label.copy() if isinstance(label, Text) else Text(label)


class _ChoiceLines(Widget):
    """The choices, one line each; clicks report the line."""

    def __init__(self, panel: DecisionPanel) -> None:
        super().__init__()
        self.panel = panel

    def render(self) -> Text:
        return Text("\n").join(self.panel.lines())

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.panel.choose_line(event.y)


class DecisionPanel(Widget, can_focus=True):
    """A question, numbered choices and an optional none choice (see the module docstring)."""

    SCOPED_CSS = False  # (the ASCII rule starts at the App)
    DEFAULT_CSS = """
    DecisionPanel { height: auto; }
    DecisionPanel > #decision-question { height: auto; text-style: bold; }
    DecisionPanel > #decision-question.-empty { display: none; }
    DecisionPanel > VerticalScroll { height: auto; max-height: 8; }
    DecisionPanel _ChoiceLines { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    /* The ellipsis character is not ASCII: cut long lines plainly instead. */
    App.-ascii DecisionPanel _ChoiceLines { text-overflow: clip; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Choose", group=_choose),
        Binding("down", "move(1)", "Choose", group=_choose),
        Binding("home", "move_to(0)", "First", show=False),
        Binding("end", "move_to(-1)", "Last", show=False),
        Binding("enter", "confirm", "Confirm"),
        *[Binding(str(n), f"pick({n})", f"Choice {n}", show=False) for n in range(1, 10)],
        Binding("n", "pick_none", "None"),
    ]

    class Chosen(Message):
        """A choice was made: ``index`` into the choices, or None for the none choice."""

        def __init__(self, panel: DecisionPanel, index: int | None) -> None:
            super().__init__()
            self.panel = panel
            self.index = index

        @property
        def control(self) -> DecisionPanel:
            return self.panel

    def __init__(self, question: Label = "", choices: Sequence[Label] = (), *, none: Label | None = None,
                 highlighted: int | None = 0, keys: Sequence[str] = (), name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.question: Text = Text()
        self.choices: list[Text] = []
        self.none: Text | None = None
        self.keys: list[str] = []
        self.highlighted: int | None = 0
        self._set(question, choices, none, highlighted, keys)

    def compose(self) -> ComposeResult:
        yield Static(self.question, id="decision-question", markup=False,
                     classes="" if self.question else "-empty")
        with VerticalScroll(can_focus=False):
            yield _ChoiceLines(self)

    # ----- for the game
    def ask(self, question: Label, choices: Sequence[Label], *, none: Label | None = None,
            highlighted: int | None = 0, keys: Sequence[str] = ()) -> None:
        """Show a new decision; the highlight starts on line ``highlighted``
        (the none choice is the line after the last choice; None: no line
        until an arrow); ``keys``: a letter per choice instead of numbers."""
        self._set(question, choices, none, highlighted, keys)
        if self.is_mounted:
            question_line = self.query_one("#decision-question", Static)
            question_line.update(self.question)
            question_line.set_class(not self.question, "-empty")
            self.query_one(_ChoiceLines).refresh(layout=True)
            self.call_after_refresh(self._scroll_to_highlight)
            self.refresh_bindings()

    @property
    def line_count(self) -> int:
        """The choices, plus one for the none choice."""
        return len(self.choices) + (self.none is not None)

    def lines(self) -> list[Text]:
        glyphs = glyphs_of(self.app)
        width = len(str(len(self.choices)))
        rows: list[Text] = []
        for index, label in enumerate(self.choices):
            number = self.keys[index] if self.keys else f"{index + 1:>{width}}."
            rows.append(self._line(number, label, index == self.highlighted, glyphs.pointer))
        if self.none is not None:
            rows.append(self._line(f"{'n':>{width}}.", self.none, self.highlighted == len(self.choices),
                                   glyphs.pointer))
        return rows

    # ----- keys and the mouse
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick_none":
            return self.none is not None
        if action == "pick":
            number = parameters[0] if parameters else 0
            return not self.keys and isinstance(number, int) and number <= len(self.choices)
        if action == "confirm":
            return self.line_count > 0 and self.highlighted is not None
        if action in ("move", "move_to"):
            return self.line_count > 0
        return True

    def action_move(self, delta: int) -> None:
        if not self.line_count:
            return
        if self.highlighted is None:
            self._highlight(0 if delta > 0 else self.line_count - 1)
        else:
            self._highlight(max(0, min(self.line_count - 1, self.highlighted + delta)))

    def action_move_to(self, index: int) -> None:
        self._highlight(index % self.line_count if self.line_count else 0)

    def action_confirm(self) -> None:
        if self.highlighted is not None:
            self.choose_line(self.highlighted)

    def on_key(self, event: events.Key) -> None:
        """A choice's own letter (``keys``) chooses it while the panel has the focus."""
        if event.key in self.keys:
            event.stop()
            event.prevent_default()
            self.choose_key(event.key)

    def choose_key(self, key: str) -> None:
        """Choose the choice whose letter is ``key``."""
        if key in self.keys:
            self.choose_line(self.keys.index(key))

    def action_pick(self, number: int) -> None:
        self.choose_line(number - 1)

    def action_pick_none(self) -> None:
        if self.none is not None:
            self.choose_line(len(self.choices))

    def choose_line(self, line: int) -> None:
        """Choose what is on ``line`` (0-based; the none choice after the choices)."""
        if not 0 <= line < self.line_count:
            return
        self._highlight(line)
        self.post_message(self.Chosen(self, None if line == len(self.choices) else line))

    # ----- inside
    def _set(self, question: Label, choices: Sequence[Label], none: Label | None, highlighted: int | None,
             keys: Sequence[str]) -> None:
        self.question = _as_text(question)
        self.choices = [_as_text(label) for label in choices]
        self.none = None if none is None else _as_text(none)
        self.keys = list(keys)[:len(self.choices)]
        count = self.line_count
        if highlighted is None:
            self.highlighted = None
        else:
            self.highlighted = max(0, min(count - 1, highlighted)) if count else 0

    @staticmethod
    def _line(number: str, label: Text, highlighted: bool, pointer: str) -> Text:
        line = Text(f"{pointer if highlighted else ' '} {number} ", style="bold" if highlighted else "")
        line.append_text(label)
        if highlighted:
            line.stylize("reverse", len(pointer) + 1)
        return line

    def _highlight(self, line: int) -> None:
        if line != self.highlighted:
            self.highlighted = line
            self.query_one(_ChoiceLines).refresh()
        self._scroll_to_highlight()

    def _scroll_to_highlight(self) -> None:
        if not self.is_attached or not self.query(_ChoiceLines):
            return  # (after a refresh) the screen was left meanwhile
        lines = self.query_one(_ChoiceLines)
        scroll = self.query_one(VerticalScroll)
        scroll.scroll_to_region(Region(0, self.highlighted or 0, max(1, lines.size.width), 1), animate=False,
                                immediate=True)
