"""The game screen's hint key (``h``, in a match started with hints on):
the hard bot's suggestion for the seat at the keyboard (core/hint.py),
worked out off the UI thread and shown on the message line of that seat's
own screen only; `?` then opens the rules page at that kind of move.
It is dropped if the screen no longer shows that seat's
view as it was asked (a move, a handover: the next screen is a new one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.core.hint import Hint
from tablegames.ui.widgets import TextLine

if TYPE_CHECKING:
    from tablegames.ui.game_screen import GameScreen

NO_HINT = "No hint now: a hint is for the player at the keyboard, while they decide."


def hint_offered(screen: GameScreen[Any]) -> bool:
    """Whether ``h`` works (and shows in the footer) now."""
    match = screen.match
    return match.hints_on and not match.pending_pass and screen.my_turn()


def ask_hint(screen: GameScreen[Any]) -> None:
    job = screen.match.hint_job()  # (counted now; on a phone, asked of the owner)
    if job is None:
        screen.say(NO_HINT)
        return
    line = screen.query_one("#message", TextLine)
    line.show("Hint: the hard bot is thinking" + ("..." if screen.glyphs.ascii else "…"))
    app = screen.app

    def work() -> None:
        hint = job()
        if hint is not None:
            app.call_from_thread(_show, screen, hint)

    screen.run_worker(work, name="hint", group="hint", thread=True, exclusive=True)


def _show(screen: GameScreen[Any], hint: Hint) -> None:
    if not screen.is_attached or screen.match.on_screen() != hint.seat or screen.match.view() != dict(hint.view):
        return
    screen.query_one("#message", TextLine).show(hint.line())
    screen.rule_section = hint.rule  # `?` opens the rules at that kind of move
