"""A list of choices that matter: the cursor stops at the ends."""

from __future__ import annotations

from textual.widgets import OptionList


class ChoiceList(OptionList):
    """An ``OptionList`` whose cursor does not wrap around: pressing up on
    the first choice (or down on the last) keeps it there and rings the
    bell, so one press too many never lands on the choice at the other end
    (e.g. from the first trick to "keep all tricks")."""

    def _step(self, direction: int) -> None:
        index = self.highlighted
        if index is None:
            index = -1 if direction > 0 else self.option_count
        index += direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction
        self.app.bell()

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)
