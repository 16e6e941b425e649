"""A game's rules page (its rules.md) over the current screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from tablegames.core.game import GameSpec
from tablegames.ui.keys import CLOSE_RULES
from tablegames.ui.widgets import KeyFooter


class RulesScreen(ModalScreen[None]):
    BINDINGS = [
        CLOSE_RULES,
    ]

    def __init__(self, spec: GameSpec) -> None:
        super().__init__()
        self.spec = spec

    def compose(self) -> ComposeResult:
        try:
            text = self.spec.rules_text()
        except OSError:
            text = f"# {self.spec.title}\n\nThe rules page could not be read."
        with VerticalScroll(id="rules"):
            yield Markdown(text)
        yield KeyFooter()

    def on_mount(self) -> None:
        scroll = self.query_one("#rules", VerticalScroll)
        scroll.border_title = f"{self.spec.title}: rules"
        scroll.focus()
