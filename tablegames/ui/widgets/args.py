"""The keyword arguments every Textual widget takes, for the widgets here
that pass them on (``**kwargs: Unpack[WidgetArgs]``)."""

from __future__ import annotations

from typing import TypedDict


class WidgetArgs(TypedDict, total=False):
    """Widget.__init__'s own keywords (textual/widget.py)."""

    name: str | None
    id: str | None
    classes: str | None
    disabled: bool
