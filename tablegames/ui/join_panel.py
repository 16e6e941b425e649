"""The kitchen table's join panel on the shared screen: per phone seat its
name, its state (waiting, joined, dropped) and its link, as text and as a
QR code drawn with half blocks (``--ascii``: the link as text only). It
folds away once every phone has joined; ``j`` brings it back (a rejoin)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from textual.widgets import Static

if TYPE_CHECKING:
    from tablegames.table.owner import KitchenTable

# Two rows of modules per line: top, bottom -> the character.
_HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_lines(link: str) -> list[str]:
    """``link`` as a QR code, dark modules drawn light on the dark screen
    inverted (a phone's camera reads either), one quiet module around it."""
    import segno

    rows = [[not bool(module) for module in row] for row in segno.make(link, error="l").matrix_iter(border=1)]
    if len(rows) % 2:
        rows.append([True] * len(rows[0]))
    return ["".join(_HALF_BLOCKS[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1]))
            for i in range(0, len(rows), 2)]


# The panel's frame and its title line around the seats and the code.
_FRAME_ROWS = 3


def panel_lines(table: KitchenTable, ascii: bool, rows: int = 24, columns: int = 80) -> Iterator[str]:
    """The panel's text: every phone seat with its state and link, then
    the QR code of the first seat whose phone has not joined (one at a
    time: a code is 17 lines high), when a screen of ``rows`` by
    ``columns`` has room for it; without room, the links alone (a phone
    can type one)."""
    waiting = table.waiting()
    seats = [f"{phone.name}: {phone.state}" + (", another device asks for it: m moves it" if phone.asking else "")
             + f"  {table.link(phone.seat)}" for phone in table.seats.values()]
    code = qr_lines(table.link(waiting[0].seat)) if waiting and not ascii else []
    width = max(1, min(columns, 80) - 2)  # inside the frame
    seat_rows = sum(-(-len(line) // width) for line in seats)  # long lines wrap
    if code and _FRAME_ROWS + seat_rows + len(code) <= rows:
        yield f"Phones: open your link, or scan {waiting[0].name}'s code below (j hides this)"
        yield from seats
        yield from code
        return
    yield "Phones: open your link (j hides this)"
    yield from seats


class JoinPanel(Static):
    """Shown while a phone seat waits (or by ``j``), over the table."""

    DEFAULT_CSS = """
    JoinPanel {
        layer: overlay;
        dock: right;
        width: auto;
        max-width: 80;
        height: auto;
        background: $panel;
        border: round $accent;
        display: none;
    }
    JoinPanel.-open { display: block; }
    """

    def __init__(self) -> None:
        super().__init__(id="join-panel", markup=False)
        # j flips it: hides it while phones wait, shows it once all joined.
        self.flipped = False

    def show_table(self, table: KitchenTable | None, ascii: bool) -> None:
        if table is None:
            self.set_class(False, "-open")
            return
        self.update("\n".join(panel_lines(table, ascii, self.app.size.height, self.app.size.width)))
        asking = any(phone.asking for phone in table.seats.values())
        self.set_class(asking or bool(table.waiting()) != self.flipped, "-open")
