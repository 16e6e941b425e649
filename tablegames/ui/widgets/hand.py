"""A row of cards (``HandRow``, display only) and the hand a player picks
from (``HandPicker``: its cursor, its keys, clicks and a "picked" message)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from tablegames.ui.glyphs import glyphs_of
from tablegames.ui.widgets.card import CARD_HEIGHT, CARD_WIDTH, CardFace, card_lines


class HandRow(Widget):
    """Cards side by side (up to 13 fit in 80 columns).

    ``cursor`` is drawn with a bold outline and the cursor glyph under it;
    ``marks`` put a short text under a card (e.g. "L" and "R" under the two
    playable ends); cards in ``dim`` are drawn faint (never the only signal:
    pair it with marks). Display only: ``HandPicker`` takes keys and clicks.
    Change it through ``show`` (a picker: ``offer``), which redraws what changed.

    Drawn a line at a time from each card's lines, rendered once per look
    (``_card_strips``); a change redraws only the cards whose look changed
    (a cursor move: two cards), where the whole row took a few milliseconds
    and a few kilobytes of terminal output a frame.
    """

    DEFAULT_CSS = """
    HandRow { height: 5; width: 1fr; }
    """

    # Cards are no text to select (as Textual's own controls): a press on one
    # would start a selection and repaint the whole screen, its release again.
    ALLOW_SELECT = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # No links on a card: with auto_links Textual redraws the whole row
        # whenever the pointer moves onto another style (another card).
        self.auto_links = False
        self.faces: list[CardFace] = []
        self.cursor: int | None = None
        self.marks: dict[int, str] = {}
        self.dim: set[int] = set()
        self.empty_text = ""
        # What the last refresh asked to draw (``_redraw`` compares).
        self._drawn: tuple[int, list[_CardLook]] = (0, [])
        # A card's lines as strips, per look and base style (``_card_strips``).
        self._strips: dict[tuple[object, ...], list[Strip]] = {}
        # The row's lines, for the state they show, the width and the base style.
        self._rows: tuple[tuple[object, ...], list[Strip]] = ((), [])
        # The blank between cards, for its width and base style.
        self._gap_key: tuple[int, object] | None = None
        self._gap_piece = Strip.blank(0)

    def show(self, faces: list[CardFace], *, cursor: int | None = None,
             marks: dict[int, str] | None = None, dim: set[int] | None = None,
             empty_text: str = "") -> None:
        self.faces = list(faces)
        self.cursor = cursor
        self.marks = dict(marks or {})
        self.dim = set(dim or ())
        self.empty_text = empty_text
        self._redraw()

    def _gap(self) -> int:
        count = len(self.faces)
        width = self.size.width or 80
        return 1 if count * (CARD_WIDTH + 1) - 1 <= width else 0

    def _step(self) -> int:
        """Cells from one card's left edge to the next: a card and its gap,
        or, when even touching cards do not fit, fewer (each card but the
        last then shows only its left part, its value and suit), so every
        card stays on screen and can be clicked."""
        count = len(self.faces)
        width = self.size.width or 80
        if count <= 1 or count * CARD_WIDTH <= width:
            return CARD_WIDTH + self._gap()
        return max(1, (width - CARD_WIDTH) // (count - 1))

    def _looks(self) -> tuple[int, list[_CardLook]]:
        """The step and how each card is drawn now."""
        step = self._step()
        last = len(self.faces) - 1
        cursor_glyph = glyphs_of(self.app).cursor
        looks = []
        for i, face in enumerate(self.faces):
            mark = self.marks.get(i, "")
            if i == self.cursor:
                mark = (mark + cursor_glyph) if mark else cursor_glyph
            looks.append(_CardLook(face, i == self.cursor, i in self.dim,
                                   CARD_WIDTH if i == last else min(step, CARD_WIDTH), mark))
        return step, looks

    def _redraw(self) -> None:
        """Refresh the cards whose look changed, or the whole row when the
        cards moved (another count, another step) or none are shown."""
        drawn_step, drawn = self._drawn
        step, looks = self._drawn = self._looks()
        if not self.size or not looks or step != drawn_step or len(looks) != len(drawn):
            self.refresh()
            return
        changed = [Region(i * step, 0, look.width, CARD_HEIGHT + 1)
                   for i, (look, before) in enumerate(zip(looks, drawn)) if look != before]
        if changed:
            self.refresh(*changed)

    def render(self) -> Text:
        """The row as text (drawn a line at a time by ``render_line``; the
        empty row's note is drawn from this)."""
        if not self.faces:
            return Text(self.empty_text, style="dim")
        step, looks = self._looks()
        gap = Text(" " * max(0, step - CARD_WIDTH))
        columns = [self._card_lines(look) for look in looks]
        lines = [gap.join(column[row] for column in columns) for row in range(CARD_HEIGHT)]
        lines.append(gap.join(self._mark_text(look) for look in looks))
        return Text("\n").join(lines)

    def render_line(self, y: int) -> Strip:
        if not self.faces or y > CARD_HEIGHT:
            return super().render_line(y)
        key = (self.faces, self.cursor, self.marks, self.dim, self.size.width, self.visual_style,
               glyphs_of(self.app).ascii)
        if self._rows[0] != key:  # (show replaces those attributes, never changes them in place)
            self._rows = (key, self._row_strips())
        return self._rows[1][y]

    def _row_strips(self) -> list[Strip]:
        """The row's lines: the cards' lines joined from their strips, and
        the marks' line (a run of blanks and marks across the cards: one
        line to render)."""
        step, looks = self._looks()
        cards = [self._card_strips(look) for look in looks]
        gap = [self._gap_strip(step - CARD_WIDTH)] if step > CARD_WIDTH else []
        rows = []
        for y in range(CARD_HEIGHT):
            pieces: list[Strip] = []
            for i, strips in enumerate(cards):
                pieces += [*(gap if i else ()), strips[y]]
            rows.append(Strip.join(pieces))
        marks = Text(" " * (step - CARD_WIDTH)).join(self._mark_text(look) for look in looks)
        rows += self._pieces(marks, marks.cell_len, 1)
        return rows

    def _card_lines(self, look: _CardLook) -> list[Text]:
        lines = card_lines(look.face, glyphs_of(self.app), selected=look.selected, dim=look.dim)
        return lines if look.width == CARD_WIDTH else [line[:look.width] for line in lines]

    def _mark_text(self, look: _CardLook) -> Text:
        pad = max(0, look.width - cell_len(look.mark))
        left = pad // 2
        return Text((" " * left + look.mark + " " * (pad - left))[:look.width],
                    style="bold" if look.selected else "")

    def _card_strips(self, look: _CardLook) -> list[Strip]:
        """A card's lines, rendered as Textual renders the row's text, kept
        per look (the mark under it aside: the mark line is drawn whole) and
        base style (a theme's change draws them anew)."""
        key = (look.face, look.selected, look.dim, look.width, self.visual_style, glyphs_of(self.app).ascii)
        strips = self._strips.get(key)
        if strips is None:
            if len(self._strips) > 256:
                self._strips.clear()
            lines = Text("\n").join(self._card_lines(look))
            strips = self._strips[key] = self._pieces(lines, look.width, CARD_HEIGHT)
        return strips

    def _gap_strip(self, width: int) -> Strip:
        key = (width, self.visual_style)
        if self._gap_key != key:
            self._gap_key, self._gap_piece = key, self._pieces(Text(" " * width), width, 1)[0]
        return self._gap_piece

    def _pieces(self, text: Text, width: int, height: int) -> list[Strip]:
        """A part of the row, ``width`` cells, as the row's whole text would
        render it there (the offsets Textual's text selection reads count
        from the part's edge: a card is not selected)."""
        strips = Visual.to_strips(self, visualize(self, text), width, height, self.visual_style)
        return strips + [Strip.blank(width)] * (height - len(strips))

    def index_at(self, x: int) -> int | None:
        step = self._step()
        last = len(self.faces) - 1
        if last < 0 or x < 0:
            return None
        if x >= last * step:  # the last card is drawn whole
            return last if x < last * step + CARD_WIDTH else None
        index, offset = divmod(x, step)
        return index if offset < min(step, CARD_WIDTH) else None


@dataclass(frozen=True)
class _CardLook:
    """How one card of a row is drawn: what a redraw compares."""

    face: CardFace
    selected: bool
    dim: bool
    width: int  # the cells shown: the whole card, or its left part when the row is tight
    mark: str  # the text under it (with the cursor's glyph)


_cards = Binding.Group("Card", compact=True)

ClickDoes = Literal["move", "pick"]


class HandPicker(HandRow, can_focus=True):
    """A hand the seat at the keyboard picks a card from: it owns the cursor,
    the keys and the clicks, and posts ``HandPicker.Picked``.

    ``offer(faces, cards, ...)`` makes it active (focused, its keys in the
    footer); ``show(...)`` draws a hand nobody picks from (keys off, clicks
    ignored). Keys while active: left/right move the cursor between the
    ``pickable`` cards (it stops at the ends), Home/End; digits 1-9 put it on
    that card when the hand is ``numbered`` (the numbers are drawn under the
    cards; a number past the hand posts ``Refused`` with the line to say);
    Enter or space pick the card under the cursor when the game names the
    pick (``pick_label``, e.g. "Play"; without one, Enter is the screen's).
    A click on a card moves the cursor there (``click="move"``) or picks it
    (``click="pick"``: any card, pickable or not, so the screen can say why
    it cannot be played). The cursor stays where it was from one ``offer``
    to the next, also across a ``show`` (the next turn), kept on the hand and
    on a pickable card; it starts over, on ``cursor`` or the first pickable
    card, when ``key`` changes (a new deal).
    """

    BINDINGS = [
        Binding("left", "hand_cursor(-1)", "Card", group=_cards),
        Binding("right", "hand_cursor(1)", "Card", group=_cards),
        Binding("home", "hand_end(0)", "First card", show=False),
        Binding("end", "hand_end(-1)", "Last card", show=False),
        *[Binding(str(n), f"hand_number({n})", f"Card {n}", show=False) for n in range(1, 10)],
        Binding("enter", "hand_pick", "Pick"),
        Binding("space", "hand_pick", "Pick", show=False),
    ]

    class Picked(Message):
        """A card was picked: ``index`` into the hand offered, ``card`` its id."""

        def __init__(self, picker: HandPicker, index: int, card: str) -> None:
            super().__init__()
            self.picker = picker
            self.index = index
            self.card = card

        @property
        def control(self) -> HandPicker:
            return self.picker

    class Moved(Message):
        """The cursor moved to ``index`` (a screen whose words follow the card redraws)."""

        def __init__(self, picker: HandPicker, index: int, card: str) -> None:
            super().__init__()
            self.picker = picker
            self.index = index
            self.card = card

    class Refused(Message):
        """A key the hand cannot take (a number past its last card): ``text`` says why."""

        def __init__(self, picker: HandPicker, text: str) -> None:
            super().__init__()
            self.picker = picker
            self.text = text

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cards: list[str] = []
        self.pickable: set[int] = set()
        self.active = False
        self.numbered = False
        self.click: ClickDoes = "move"
        self.move_label = "Card"
        self.pick_label: str | None = None
        self._key: object = None
        # The cursor while the hand was last offered: it comes back when the
        # hand is offered again (the next turn) unless the key changed.
        self._kept: int | None = None

    # ----- for the screen
    def offer(self, faces: Sequence[CardFace], cards: Sequence[str], *, key: object = None,
              cursor: int | None = None, pickable: set[int] | None = None,
              marks: dict[int, str] | None = None, dim: set[int] | None = None, numbered: bool = False,
              click: ClickDoes = "move", move_label: str = "Card", pick_label: str | None = None) -> None:
        """Let the seat at the keyboard pick one of ``cards`` (drawn as ``faces``)."""
        self.cards = list(cards)
        self.pickable = set(range(len(self.cards))) if pickable is None else set(pickable)
        start = self.cursor if self.active else self._kept
        if key is not None and key != self._key:
            self._key, start = key, None
        if cursor is not None:
            start = cursor
        self.cursor = self._on_pickable(start)
        self.numbered, self.click = numbered, click
        self.move_label, self.pick_label = move_label, pick_label
        numbers = {i: str(i + 1) for i in range(len(self.cards))} if numbered else {}
        changed = not self.active
        self.active = True
        super().show(list(faces), cursor=self.cursor, marks={**numbers, **(marks or {})}, dim=dim)
        if not self.has_focus:
            # At once, not later (``focus()`` waits a turn): the footer of the
            # screen's first frame already shows the hand's keys.
            self.screen.set_focus(self, scroll_visible=False)
        if changed:
            self.refresh_bindings()

    def show(self, faces: list[CardFace], *, cursor: int | None = None,
             marks: dict[int, str] | None = None, dim: set[int] | None = None,
             empty_text: str = "") -> None:
        """A hand nobody picks from now (its keys off, clicks ignored)."""
        if self.active:
            self.active = False
            self._kept = self.cursor
            if self.has_focus:
                self.screen.set_focus(None)
            self.refresh_bindings()
        self.cards, self.pickable = [], set()
        super().show(faces, cursor=cursor, marks=marks, dim=dim, empty_text=empty_text)

    @property
    def picked(self) -> str | None:
        """The card under the cursor, if the hand is offered."""
        if not self.active or self.cursor is None or not 0 <= self.cursor < len(self.cards):
            return None
        return self.cards[self.cursor]

    def describe_key(self, binding: Binding, default: str) -> str:
        """What the footer calls a key of the hand (the game's words)."""
        if binding.action.startswith("hand_cursor"):
            return self.move_label
        if binding.action == "hand_pick":
            return self.pick_label or default
        return default

    # ----- inside
    def allow_focus(self) -> bool:
        return self.can_focus and self.active  # (a review turns can_focus off)

    def _on_pickable(self, cursor: int | None) -> int | None:
        if not self.pickable:
            return None
        if cursor is None:
            return min(self.pickable)
        cursor = max(0, min(len(self.cards) - 1, cursor))
        return cursor if cursor in self.pickable else min(self.pickable)

    def _move(self, index: int) -> None:
        if index != self.cursor:
            self.cursor = index
            self._redraw()
        self.post_message(self.Moved(self, index, self.cards[index]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hand_cursor", "hand_end"):
            return self.active and bool(self.pickable)
        if action == "hand_number":
            return self.active and self.numbered
        if action == "hand_pick":
            return self.active and self.pick_label is not None and self.cursor is not None
        return True

    def action_hand_cursor(self, delta: int) -> None:
        order = sorted(self.pickable)
        if not order:
            return
        if self.cursor in order:
            i = order.index(self.cursor) + delta
        else:
            i = 0 if delta > 0 else len(order) - 1
        self._move(order[max(0, min(len(order) - 1, i))])

    def action_hand_end(self, end: int) -> None:
        order = sorted(self.pickable)
        if order:
            self._move(order[end])

    def action_hand_number(self, number: int) -> None:
        count = len(self.cards)
        if number > count:
            self.post_message(self.Refused(self, f"You hold {count} cards: {number} is not one of them."
                                           if count != 1 else "You hold 1 card."))
        elif number - 1 in self.pickable:
            self._move(number - 1)

    def action_hand_pick(self) -> None:
        if self.cursor is not None and self.cursor in self.pickable:
            self.post_message(self.Picked(self, self.cursor, self.cards[self.cursor]))

    def on_click(self, event: Click) -> None:
        index = self.index_at(event.x)
        if index is None or not self.active or index >= len(self.cards):
            return
        event.stop()
        if self.click == "pick":
            if index in self.pickable and index != self.cursor:
                self.cursor = index
                self._redraw()
            self.post_message(self.Picked(self, index, self.cards[index]))
        elif index in self.pickable:
            self._move(index)
