"""A one-line chooser: ◀ value ▶, changed with arrows, space, Enter or a click."""

from __future__ import annotations

from typing import Any, Sequence, Unpack

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.args import WidgetArgs


class Cycler(Widget, can_focus=True):
    """Pick one of ``choices`` (value, label) pairs.

    Left/right step through them (and wrap), space/Enter step forward; a
    click on the left arrow steps back, elsewhere forward. Posts
    ``Cycler.Changed``.
    """

    DEFAULT_CSS = """
    Cycler { height: 1; width: auto; min-width: 10; padding: 0 1; }
    Cycler:focus { background: $accent 30%; text-style: bold; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right", "step(1)", "Next", show=False),
        Binding("space", "step(1)", "Next", show=False),
    ]

    class Changed(Message):
        def __init__(self, cycler: "Cycler", value: Any) -> None:
            super().__init__()
            self.cycler = cycler
            self.value = value

        @property
        def control(self) -> "Cycler":
            return self.cycler

    def __init__(self, choices: Sequence[tuple[Any, str]], value: Any = None, **kwargs: Unpack[WidgetArgs]) -> None:
        super().__init__(**kwargs)
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @value.setter
    def value(self, value: Any) -> None:
        values = [v for v, _ in self.choices]
        if value in values and values.index(value) != self.index:
            self.index = values.index(value)
            self.refresh(layout=True)
            self.post_message(self.Changed(self, self.value))

    def render(self) -> Text:
        glyphs = glyphs_of(self.app)
        return Text.assemble((glyphs.prev + " ", "dim"), self.choices[self.index][1], (" " + glyphs.next, "dim"))

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: Click) -> None:
        self.focus()
        self.action_step(-1 if event.x <= 2 else 1)
