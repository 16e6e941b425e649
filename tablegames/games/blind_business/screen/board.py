"""Blind Business's board: every seat on two lines (mark, name, the four
hand slots, role, OK tokens; then the play area by district with its card
count and points), drawn from a view only. Clicking a hand slot posts
``BusinessBoard.SlotClicked``.

Each slot is 8 cells: its number, then the card between two marks that
stand on their own without colour: ``[PG7]`` is the slot under the cursor,
``*PG7*`` an asked slot, so the card's id is never glued to another
character (in ASCII mode too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import set_cell_size
from rich.text import Text
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
    seat labels, the slot under the cursor (seat, slot) if any, the glyphs
    and the width."""

    me: int | None
    labels: Sequence[str]
    cursor: tuple[int, int] | None
    glyphs: Glyphs
    width: int


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


class BusinessBoard(Widget):
    """The board widget: shows ``board_lines`` and reports clicked slots."""

    DEFAULT_CSS = """
    BusinessBoard { height: auto; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class SlotClicked(Message):
        def __init__(self, board: BusinessBoard, seat: int, slot: int) -> None:
            super().__init__()
            self.board = board
            self.seat = seat
            self.slot = slot  # 0-based

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []
        self.regions: list[list[Region]] = []

    def show(self, lines: list[Text], regions: list[list[Region]]) -> None:
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

    def slot_at(self, x: int, y: int) -> tuple[int, int] | None:
        if not 0 <= y < len(self.regions):
            return None
        for x0, x1, seat, slot in self.regions[y]:
            if x0 <= x < x1:
                return seat, slot
        return None

    def on_click(self, event: Click) -> None:
        found = self.slot_at(event.x, event.y)
        if found is not None:
            event.stop()
            self.post_message(self.SlotClicked(self, *found))
