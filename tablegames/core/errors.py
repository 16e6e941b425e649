"""The one error the rules raise at players."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is for the player."""
