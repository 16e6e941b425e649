"""Blind Business's board: every seat on two lines (mark, name, the four
hand slots, role, OK tokens; then the play area by district with its card
count and points), drawn from a view only.

The board owns the pick of a card (ask, take, counter-ask), as Textual's
OptionList owns its cursor: while the screen offers it a pick
(``BusinessBoard.offer``) it takes the focus and its keys (up/down the
rival, left/right or 1-4 the slot, o the OK token, Enter) and clicks (a
slot picks it, a second click makes the pick), and posts ``Picked`` when
the pick is made, ``Moved`` when the cursor or the token changes, and
``Refused`` with one line for a key or click it cannot take.

Each slot is 8 cells: its number, then the card between two marks that
stand on their own without colour: ``[PG7]`` is the slot under the cursor,
``*PG7*`` an asked slot, so the card's id is never glued to another
character (in ASCII mode too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.cells import set_cell_size
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from tablegames.games.blind_business.cards import DISTRICT_CODES, DISTRICT_NAMES
from tablegames.games.blind_business.view import UNASSIGNED_GROUP, BusinessView
from tablegames.games.blind_business.vocab import HIDDEN, Phase
from tablegames.ui.glyphs import Glyphs

# District tags and colours (the two letters always say it: never colour alone).
TONES = {"PG": "bold green", "BW": "bold #5f87ff", "CS": "bold magenta", "DT": "bold #d7af00",
         "TR": "bold"}
CODE_OF = dict(zip(DISTRICT_NAMES, DISTRICT_CODES))
NAME_OF = dict(zip(DISTRICT_CODES, DISTRICT_NAMES))
SLOT_WIDTH = 8

# One region of a line: (x0, x1, seat, slot) of a hand slot drawn there.
Region = tuple[int, int, int, int]


def card_tag(card: str) -> str:
    """The district part of a card id: "PG", "BW", "CS", "DT" or "TR"."""
    return card[:2]


def card_words(card: str) -> str:
    """A card id in words: "playground 7", "boardwalk Versatile", "Trainer"."""
    tag, rest = card[:2], card[2:]
    if tag == "TR":
        return "Trainer"
    return f"{NAME_OF[tag]} {'Versatile' if rest == 'V' else rest}"


def face_text(card: str) -> Text:
    """A card face on one line: its id (PG7, BWV, TR1) in its district's colour."""
    return Text(card, style=TONES.get(card_tag(card), ""))


def area_number(card: str) -> str:
    """How a card shows inside its district group of a play area: the
    number, "V" for the Versatile, "T" for a Trainer."""
    if card.startswith("TR"):
        return "T"
    return card[2:]


@dataclass(frozen=True)
class BoardLook:
    """What the board needs besides the view: the seat at the keyboard,
    seat labels and the glyphs; the board itself adds the slot under its
    cursor (seat, slot) if any, and its width."""

    me: int | None
    labels: Sequence[str]
    glyphs: Glyphs
    cursor: tuple[int, int] | None = None
    width: int = 78


def asked_slots(view: BusinessView) -> set[tuple[int, int]]:
    """(seat, 0-based slot) of the slots asked for in the exchange now."""
    request = view["request"]
    asked: set[tuple[int, int]] = set()
    if request and view["phase"] in (Phase.ANSWER, Phase.TAKE, Phase.COUNTER, Phase.REPLY):
        asked.add((request["recipient"], request["slot"] - 1))
        if request["counter_slot"]:
            asked.add((request["requester"], request["counter_slot"] - 1))
    return asked


def slot_cell(number: int, card: str | None, mark: str, glyphs: Glyphs) -> Text:
    """One hand slot, ``SLOT_WIDTH`` cells: "1 [PG7] ", "2 *###* ", "3  ·   "."""
    left, right, style = {"cursor": ("[", "]", "reverse bold"), "asked": ("*", "*", "bold")}.get(
        mark, (" ", " ", ""))
    cell = Text(f"{number} ", style=style)
    cell.append(left, style=style)
    if card is None:
        face = Text(glyphs.empty, style="dim")
    elif card == HIDDEN:
        face = Text(glyphs.back * 3, style="dim")
    else:
        face = face_text(card)
    if style:
        face.stylize(style)
    cell.append_text(face)
    cell.append(right, style=style)
    cell.pad_right(SLOT_WIDTH - cell.cell_len)
    return cell


def area_line(area: dict[str, list[str]]) -> Text:
    line = Text("   ")
    groups = [(CODE_OF[name], area.get(name, [])) for name in DISTRICT_NAMES]
    groups.append(("TR", area.get(UNASSIGNED_GROUP, [])))
    shown = [(code, cards) for code, cards in groups if cards]
    if not shown:
        line.append("no cards won yet", style="dim")
        return line
    for i, (code, cards) in enumerate(shown):
        if i:
            line.append("  ")
        tone = TONES[code]
        if code == "TR":
            line.append(" ".join("T" for _ in cards) + " unassigned", style=tone)
            continue
        line.append(code, style=f"{tone} reverse")
        line.append(" ")
        line.append(" ".join(area_number(c) for c in cards), style=tone)
    return line


def board_lines(view: BusinessView, look: BoardLook) -> tuple[list[Text], list[list[Region]]]:
    """The board's lines and, per line, the hand slots drawn on it."""
    glyphs = look.glyphs
    names = view["names"]
    n = len(names)
    me = look.me
    movers = set(view["to_move"])
    request = view["request"]
    phase = view["phase"]
    in_turn = phase not in (Phase.SETUP, Phase.ADD, Phase.OVER)
    requester = view["requester"] if in_turn else None
    recipient = request["recipient"] if in_turn and request else None
    asked = asked_slots(view)
    labels = look.labels
    width = look.width
    # Line 1: mark + name, four slots, role, tokens.
    rest = 1 + 1 + 4 * SLOT_WIDTH + 2 + 6 + 4
    name_width = max(4, min(max(len(x) for x in labels), width - rest))
    lines: list[Text] = []
    regions: list[list[Region]] = []
    if n <= 4:
        sep = glyphs.sep
        lines.append(Text(f"Hand slots 1-4 {sep} {glyphs.back * 3} face down {sep} *asked* "
                          f"{sep} [your pick] {sep} under each: cards won", style="dim"))
        regions.append([])
    for s in range(n):
        line = Text()
        line.append(glyphs.turn if s in movers else " ", style="bold")
        line.append(set_cell_size(labels[s], name_width), style="bold underline" if s == me else "bold")
        line.append(" ")
        spots: list[Region] = []
        for slot, card in enumerate(view["hands"][s]):
            mark = "cursor" if look.cursor == (s, slot) else ("asked" if (s, slot) in asked else "")
            x0 = line.cell_len
            line.append_text(slot_cell(slot + 1, card, mark, glyphs))
            spots.append((x0, line.cell_len, s, slot))
        if s == me and view["sees_own_hand"]:
            line.append("  only you see this", style="bold reverse")
        else:
            role = "asks" if s == requester else ("asked" if s == recipient else "")
            line.append(f"  {role:<5} ", style="bold")
            tokens = view["tokens"][s]
            if tokens:
                line.append(f"OK {tokens}", style="bold")
        lines.append(line)
        regions.append(spots)
        # Line 2: the play area, with its card count and points at the right.
        area = area_line(view["areas"][s])
        cards = view["area_sizes"][s]
        tail = f"{cards} card{'' if cards == 1 else 's'} {view['points'][s]:>3} pts"
        area.append(" " * max(2, width - area.cell_len - len(tail)))
        area.append(tail, style="dim")
        lines.append(area)
        regions.append([])
    return lines, regions


SLOTS = 4
_rival = Binding.Group("Rival", compact=True)
_slot = Binding.Group("Slot", compact=True)


@dataclass(frozen=True)
class Pick:
    """What the screen offers to pick from: the seats whose cards may be
    picked (the first one first; up/down go through them in this order),
    whether an OK token may go with the pick, what Enter is called ("Ask",
    "Take"), and what a click on another seat's card is told. ``key`` tells
    one decision from the next: a new key starts the pick afresh."""

    key: tuple[object, ...]
    seats: tuple[int, ...]
    token: bool
    label: str
    off_seat: str


class BusinessBoard(Widget, can_focus=True):
    """The board widget: shows the board and, while offered, owns the pick
    of a card (see the module docstring)."""

    DEFAULT_CSS = """
    BusinessBoard { height: auto; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS = [
        Binding("up", "rival(-1)", "Rival", group=_rival),
        Binding("down", "rival(1)", "Rival", group=_rival),
        Binding("left", "slot(-1)", "Slot", group=_slot),
        Binding("right", "slot(1)", "Slot", group=_slot),
        *[Binding(str(n), f"slot_no({n})", f"Slot {n}", show=False) for n in range(1, SLOTS + 1)],
        Binding("o", "toggle_ok", "OK token"),
        Binding("enter", "pick", "Ask"),
    ]

    class Picked(Message):
        """The pick is made: ``seat``'s ``slot`` (0-based), with an OK token or not."""

        def __init__(self, board: BusinessBoard, seat: int, slot: int, ok: bool) -> None:
            super().__init__()
            self.board = board
            self.seat = seat
            self.slot = slot
            self.ok = ok

        @property
        def control(self) -> BusinessBoard:
            return self.board

    class Moved(Message):
        """The cursor moved (to another slot or rival)."""

        def __init__(self, board: BusinessBoard) -> None:
            super().__init__()
            self.board = board

    class TokenToggled(Message):
        """The OK token goes with the pick now, or no longer (``board.use_ok``)."""

        def __init__(self, board: BusinessBoard) -> None:
            super().__init__()
            self.board = board

    class Refused(Message):
        """A key or click the pick cannot take: ``text`` says why."""

        def __init__(self, board: BusinessBoard, text: str) -> None:
            super().__init__()
            self.board = board
            self.text = text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []
        self.regions: list[list[Region]] = []
        self.view: BusinessView | None = None
        self.look: BoardLook | None = None
        # The pick offered now (None: nobody picks), and where it stands.
        self.pick: Pick | None = None
        self.seat = 0  # whose hand the cursor is on
        self.slot = 0  # the slot under the cursor, 0-based
        self.use_ok = False
        self._key: tuple[object, ...] | None = None

    # ----- for the screen
    def show(self, view: BusinessView, look: BoardLook) -> None:
        """The board as it stands, with nothing to pick (its keys off)."""
        if self.pick is not None:
            self.pick = None
            if self.screen.focused is self:
                self.screen.set_focus(None)
            self.refresh_bindings()
        self._draw(view, look)

    def offer(self, view: BusinessView, look: BoardLook, pick: Pick) -> None:
        """Let the seat at the keyboard pick a card of one of ``pick.seats``;
        the cursor stays where it was while ``pick.key`` stays the same."""
        self.view = view
        if pick.key != self._key:
            self._key = pick.key
            self.seat, self.use_ok = pick.seats[0], False
            filled = self.filled(self.seat)
            self.slot = filled[0] if filled else 0
        changed = self.pick != pick
        self.pick = pick
        self._draw(view, look)
        if self.screen.focused is not self:
            # At once (``focus()`` waits a turn): the first frame's footer has the keys.
            self.screen.set_focus(self, scroll_visible=False)
        if changed:
            self.refresh_bindings()

    def filled(self, seat: int) -> list[int]:
        """The slots of ``seat``'s hand that hold a card."""
        if self.view is None:
            return []
        return [i for i, card in enumerate(self.view["hands"][seat]) if card is not None]

    def describe_key(self, binding: Binding, default: str) -> str:
        """Enter is named for the pick ("Ask", "Take")."""
        if binding.action == "pick" and self.pick is not None:
            return self.pick.label
        return default

    # ----- keys
    def allow_focus(self) -> bool:
        return self.can_focus and self.pick is not None  # (a review turns can_focus off)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        pick = self.pick
        if action == "rival":
            return pick is not None and len(pick.seats) > 1
        if action == "toggle_ok":
            return pick is not None and pick.token
        if action in ("slot", "slot_no", "pick"):
            return pick is not None
        return True

    def action_rival(self, delta: int) -> None:
        if self.pick is None:
            return
        seats = self.pick.seats
        index = seats.index(self.seat) if self.seat in seats else 0
        self.seat = seats[(index + delta) % len(seats)]
        filled = self.filled(self.seat)
        if self.slot not in filled and filled:
            self.slot = filled[0]
        self._moved()

    def action_slot(self, delta: int) -> None:
        filled = self.filled(self.seat)
        if self.pick is None or not filled:
            return
        index = filled.index(self.slot) if self.slot in filled else 0
        self.slot = filled[(index + delta) % len(filled)]
        self._moved()

    def action_slot_no(self, number: int) -> None:
        if self.pick is None or self.view is None:
            return
        if self.view["hands"][self.seat][number - 1] is None:
            left = ", ".join(str(i + 1) for i in self.filled(self.seat))
            self.post_message(self.Refused(
                self, f"{self.view['names'][self.seat]} has no card in slot {number} now; choose {left}."))
            return
        self.slot = number - 1
        self._moved()

    def action_toggle_ok(self) -> None:
        """The OK token goes with the pick, or no longer (the o key, or the screen's button)."""
        if self.pick is None or not self.pick.token:
            return
        self.use_ok = not self.use_ok
        self._redraw()
        self.post_message(self.TokenToggled(self))

    def action_pick(self) -> None:
        if self.pick is not None:
            self.post_message(self.Picked(self, self.seat, self.slot, self.use_ok))

    # ----- the mouse
    def slot_at(self, x: int, y: int) -> tuple[int, int] | None:
        if not 0 <= y < len(self.regions):
            return None
        for x0, x1, seat, slot in self.regions[y]:
            if x0 <= x < x1:
                return seat, slot
        return None

    def on_click(self, event: Click) -> None:
        """A slot clicked picks it; the slot picked clicked again makes the pick."""
        found = self.slot_at(event.x, event.y)
        if found is None:
            return
        event.stop()
        seat, slot = found
        if self.pick is None or self.view is None:
            self.post_message(self.Refused(self, "There is no card to pick now."))
        elif seat not in self.pick.seats:
            self.post_message(self.Refused(self, self.pick.off_seat))
        elif self.view["hands"][seat][slot] is None:
            self.post_message(self.Refused(self, f"Slot {slot + 1} is empty now."))
        elif (seat, slot) == (self.seat, self.slot):
            self.action_pick()
        else:
            self.seat, self.slot = seat, slot
            self._moved()

    # ----- inside
    def _moved(self) -> None:
        self._redraw()
        self.post_message(self.Moved(self))

    def _redraw(self) -> None:
        if self.view is not None and self.look is not None:
            self._draw(self.view, self.look)

    def _draw(self, view: BusinessView, look: BoardLook) -> None:
        self.view, self.look = view, look
        cursor = None if self.pick is None else (self.seat, self.slot)
        lines, regions = board_lines(view, replace(look, cursor=cursor, width=self.size.width or 78))
        layout = len(lines) != len(self.lines)
        self.lines = lines
        self.regions = regions
        self.refresh(layout=layout)

    def render(self) -> Text:
        text = Text("\n").join(self.lines)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.lines))
