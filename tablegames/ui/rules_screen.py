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

    def __init__(self, spec: GameSpec, section: str | None = None) -> None:
        super().__init__()
        self.spec = spec
        # A heading of the page to open at (the rule a refused move or a
        # hint is about), or None for the top.
        self.section = section

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
        scroll.border_title = f"{self.spec.title}: rules" + (f" ({self.section})" if self.section else "")
        scroll.focus()

    def on_markdown_table_of_contents_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        """The page is laid out: open it at the section asked for."""
        wanted = (self.section or "").casefold()
        found = next((block for _, label, block in event.table_of_contents if label.casefold() == wanted), None)
        if found is not None:
            self.query_one(f"#{found}").scroll_visible(top=True, animate=False)
