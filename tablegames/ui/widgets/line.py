"""A one-line text that redraws without a new layout (cheap to update)."""

from __future__ import annotations

from typing import Unpack

from rich.text import Text
from textual.widgets import Static

from tablegames.ui.widgets.args import WidgetArgs


class TextLine(Static):
    """One line of plain text (no markup: player names are printed as typed)."""

    DEFAULT_CSS = """
    TextLine { height: 1; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, text: str | Text = "", **kwargs: Unpack[WidgetArgs]) -> None:
        super().__init__(text, markup=False, **kwargs)
        self._text: str | Text = text

    def show(self, text: str | Text) -> None:
        if text != self._text:
            self._text = text
            self.update(text, layout=False)
