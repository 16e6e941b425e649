"""The footer: the keys that work on this screen, drawn in the same frame.

Textual's ``Footer`` builds one widget per key, and only after the screen's
first refresh (then again, one refresh late, whenever the keys change), so
a new screen showed an empty footer for a frame or more and a game screen
kept the previous phase's keys for a moment after a move. ``KeyFooter``
draws itself from ``screen.active_bindings`` every time it renders: it is
complete in the first frame and current in every frame after a ``refresh``.
"""

from __future__ import annotations

from itertools import groupby
from typing import Unpack

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.args import WidgetArgs


def _described(node: object, binding: Binding, default: str) -> str:
    """A key's words: the widget's own (``describe_key``: a hand picker
    says "Play" or "Lay face down" as its game asks), else the binding's."""
    describe = getattr(node, "describe_key", None)
    return describe(binding, default) if describe is not None else default


class KeyFooter(Widget, can_focus=False):
    """The keys of the current screen, as ``key description`` pairs; a key
    that is shown but not available now (``check_action`` returned None) is
    drawn dim. Keys sharing a ``Binding.Group`` are drawn as one item
    (``←→ Cursor``). The command palette's key sits at the right. A click on
    an item presses its key."""

    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}

    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, **kwargs: Unpack[WidgetArgs]) -> None:
        super().__init__(**kwargs)
        self._regions: list[tuple[int, int, str, bool]] = []  # x1, x2, key, enabled

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        self.refresh()

    def items(self) -> tuple[list[tuple[str, str, str, bool]], tuple[str, str, str] | None]:
        """The items shown now: (keys as shown, description, key pressed by a
        click, enabled), and the command palette's (keys, description, key)."""
        app = self.app
        bindings = self.screen.active_bindings
        by_action: dict[str, list[tuple[Binding, bool, object]]] = {}
        for node, binding, enabled, _tooltip in bindings.values():
            if binding.show:
                by_action.setdefault(binding.action, []).append((binding, enabled, node))
        items = []
        for group, members_iter in groupby(by_action.values(), lambda members: members[0][0].group):
            members = list(members_iter)
            if group is not None and len(members) > 1:
                keys = ("" if group.compact else " ").join(app.get_key_display(m[0][0]) for m in members)
                enabled = any(m[0][1] for m in members)
                first, _, owner = members[0][0]
                items.append((keys, _described(owner, first, group.description), first.key, enabled))
            else:
                for m in members:
                    binding, enabled, owner = m[0]
                    description = _described(owner, binding, binding.description)
                    items.append((app.get_key_display(binding), description, binding.key, enabled))
        palette = None
        if app.ENABLE_COMMAND_PALETTE:
            entry = bindings.get(app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                palette = (app.get_key_display(entry[1]), entry[1].description, entry[1].key)
        return items, palette

    def render(self) -> Text:
        width = self.size.width or self.app.size.width
        key_style = self.get_component_rich_style("key-footer--key")
        text_style = self.get_component_rich_style("key-footer--description")
        dim = Style(dim=True)
        items, palette = self.items()
        right = Text()
        if palette is not None:
            right.append(" " if glyphs_of(self.app).ascii else "▏", style=dim)
            right.append(palette[0], style=key_style)
            right.append(f" {palette[1]} ", style=text_style)
        room = max(0, width - right.cell_len)
        left = Text(no_wrap=True, overflow="crop", end="")
        regions = []
        # Two cells between items when they all fit so, else one.
        spacious = sum(len(k) + len(d) + 3 for k, d, _, _ in items) <= room
        tail = " " if spacious else ""
        for keys, description, key, enabled in items:
            item = Text.assemble((f" {keys} ", key_style),
                                 (f"{description}{tail}" if description else "", text_style))
            if not enabled:
                item.stylize(dim)
            start = left.cell_len
            if start + item.cell_len > room:
                break
            left.append_text(item)
            regions.append((start, start + item.cell_len, key, enabled))
        if palette is not None:
            regions.append((room, width, palette[2], True))
        self._regions = regions
        left.append(" " * (room - left.cell_len))
        left.append_text(right)
        return left

    def on_click(self, event: events.Click) -> None:
        for x1, x2, key, enabled in self._regions:
            if x1 <= event.x < x2:
                event.stop()
                if enabled:
                    self.app.simulate_key(key.split(",")[0])
                else:
                    self.app.bell()
                return

