"""Styles of widgets whose classes change before they are mounted.

``TableGamesApp.update_styles`` leaves a node that is not in the app yet to
be styled when it is mounted (Textual restyled it at every class change,
for nothing): the class must still count once it is there, and a change
after mounting must still restyle at once.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.color import Color
from textual.screen import Screen
from textual.widgets import Input, Static

from tests.ui.helpers import SIZE, make_app, wait_for


class Marked(Screen):
    DEFAULT_CSS = """
    Marked .marked { color: rgb(255, 0, 0); }
    Marked Input.-valid { color: rgb(0, 0, 255); }
    """

    def compose(self) -> ComposeResult:
        early = Static("early", id="early")
        early.add_class("marked")  # before it is mounted
        yield early
        yield Static("later", id="later")
        yield Input("a name", id="name")  # Textual sets its -valid class as it is built


async def test_a_class_set_before_mounting_is_styled_once_mounted_and_one_set_after_at_once():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Marked())
        await wait_for(pilot, lambda: isinstance(app.screen, Marked), "the screen with the marked widgets")
        red = Color(255, 0, 0)
        assert app.screen.query_one("#early", Static).styles.color == red
        assert app.screen.query_one("#name", Input).styles.color == Color(0, 0, 255)
        later = app.screen.query_one("#later", Static)
        assert later.styles.color != red
        later.add_class("marked")
        assert later.styles.color == red  # restyled as the class changed, not at the next mount
