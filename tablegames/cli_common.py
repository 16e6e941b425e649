"""What every command of the command line shares: its exit statuses, the
one-line error, a flag's whole number, the console it prints with, and
whether the app can open here. tablegames/cli.py and
tablegames/history_cli.py both use these (neither reaches into the other).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from tablegames.core.seats import quoted
# One rule for digits: ASCII 0-9 only, as in move notation and options.
from tablegames.core.words import whole_number

if TYPE_CHECKING:
    from rich.console import Console

    from tablegames.core.game import GameSpec

__all__ = ["CliError", "FAILED", "INTERRUPTED", "OK", "PIPE_CLOSED", "PROG", "USAGE", "console", "game_spec",
           "mean_score_heading", "options_text", "terminal_problem", "whole_flag"]

PROG = "tablegames"

# Exit statuses: a crash (1) always names its report (core/crash.py); output
# cut short by a closed pipe (`tablegames list | head`) ends quietly with
# 128 + SIGPIPE, as a shell reports a program stopped by one.
OK, FAILED, USAGE, INTERRUPTED, PIPE_CLOSED = 0, 1, 2, 130, 141


class CliError(Exception):
    """Bad input: reported as one line on stderr, exit status 2."""


def whole_flag(flag: str, text: str, low: int, high: int | None = None, why: str = "") -> int:
    """A flag's whole number (ASCII digits) from ``low`` to ``high``
    (None: no upper bound here), else a one-line CliError."""
    try:
        value: int | None = whole_number(text.strip())
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}{why}" if high is not None else f"{low} or more"
        raise CliError(f"{flag} must be a whole number (digits 0-9) {bounds}, not {quoted(text, 24)}.")
    return value


def game_spec(game: str) -> GameSpec:
    """The game a command names (its id, in any case, "_" or " " for
    "-"), else a one-line CliError."""
    from tablegames.core import registry

    wanted = game.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return registry.get(wanted)
    except registry.UnknownGame as exc:
        raise CliError(str(exc).replace(repr(wanted), repr(game))) from None


def options_text(options: dict[str, int]) -> str:
    """A match's options for a heading: "hands=3, target=50"."""
    return ", ".join(f"{key}={value}" for key, value in options.items())


def console(stderr: bool = False) -> Console:
    """Where a command prints (Rich, loaded only by the commands that print
    with it), never highlighting what it prints."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def terminal_problem() -> str | None:
    """Why the app cannot run here (it needs a terminal to draw on and read
    keys from), or None."""
    from tablegames.serve import under_web_driver

    if under_web_driver():  # `tablegames serve`: the page is the terminal
        return None
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        try:
            if stream is None or not stream.isatty():
                return f"The app needs an interactive terminal, but its {name} is not one."
        except (AttributeError, ValueError):
            return f"The app needs an interactive terminal, but its {name} is closed."
    return None


def mean_score_heading(spec: GameSpec) -> str:
    """The column of mean scores (simulate, stats): "Mean score", "Mean
    spread (lower is better)"."""
    return f"Mean {spec.score_name}" + (" (lower is better)" if spec.lowest_best else "")
