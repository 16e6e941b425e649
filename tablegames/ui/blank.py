"""An empty screen drawn between two players' screens."""

from __future__ import annotations


from rich.console import RenderableType
from textual.screen import Screen


class BlankScreen(Screen[None]):
    """Shows nothing and takes no keys. ``app.show_match`` puts it up when
    the keyboard passes: the last player's view leaves the terminal in a
    frame of its own, and only once that frame is drawn does ``then`` (the
    handover) replace it. So no frame, not even one a terminal draws half
    way, mixes the two. If a notice (terminal too small) or the command
    palette covers it meanwhile, it goes on when it is on top again.

    One blank frame, no more: it has no widgets (an empty one was a second
    frame, and waiting for a refresh after its resume a third), and it goes
    on from its own drawing, once the frame that drew it is out."""

    AUTO_FOCUS = ""

    def __init__(self, then: Screen[None]) -> None:
        super().__init__()
        self.then = then

    def render(self) -> RenderableType:
        # Called as a frame with this screen in it is composed; that frame
        # is handed to the terminal before the call below runs.
        self.call_later(self._go_on)
        return ""

    def on_screen_resume(self) -> None:
        # On top again after a notice: drawn again, and on from there.
        self.refresh()

    def _go_on(self) -> None:
        if self.app.screen is self:
            self.app.switch_screen(self.then)
