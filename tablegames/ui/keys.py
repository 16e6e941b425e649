"""Keys every screen shares, so each screen says them the same way.

The rules page: F1 on every screen, and ``?`` too except while a text field
(a name, the seed) has the focus: there ``?`` is a character. The footer
says ``?/F1 Rules``; seat setup, whose fields take text, says ``F1 Rules``.
"""

from __future__ import annotations

from textual.binding import Binding

RULES = Binding("question_mark,f1", "rules", "Rules", key_display="?/F1")
RULES_WHILE_TYPING = [
    Binding("f1", "rules", "Rules", key_display="F1"),
    Binding("question_mark", "rules", "Rules", show=False),
]
CLOSE_RULES = Binding("escape,q,question_mark,f1", "dismiss", "Close")
