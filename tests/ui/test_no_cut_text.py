"""Names are at most 12 characters so that every screen can show them in
full. Every seeded scene of every registered game, and its first handover,
is drawn at 80x24 with every seat's name 12 characters long; no status line,
message line or header (a widget's border title) may be cut, and no "…"
(the mark Rich leaves where it cuts a line) may be on screen."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text

from tablegames.core import registry
from tablegames.core.match import Match
from tablegames.core.records import Seat
from tablegames.core.seats import MAX_NAME
from tests.fixtures import all_scenes
from tablegames.ui.widgets import TextLine
from tests.ui.helpers import SIZE, HandoverScreen, make_app, screen_text, settle

SCENES = all_scenes()
# Distinct, 12 characters each, with markup-like brackets as people type them.
LONG = ["[b]Annabelle", "Benedictus-B", "Cid Campbell", "Dee-Dominika", "Evangeline-E",
        "Fay Fairfaxy", "Gus Gustavss", "Hal Halvorse"]
assert all(len(name) == MAX_NAME for name in LONG)


@pytest.fixture
def long_names(monkeypatch):
    """Every match made while the test runs seats 12-character names, in the
    seats' order (scenes name their seats Ann, Ben, Cid...)."""
    new = Match.new.__func__  # type: ignore[attr-defined]

    def with_long_names(cls, game, seats, *args, **kwargs):
        seats = [Seat(LONG[i], seat.bot) for i, seat in enumerate(seats)]
        return new(cls, game, seats, *args, **kwargs)

    monkeypatch.setattr(Match, "new", classmethod(with_long_names))


def cut_lines(app) -> list[str]:
    """What is cut on screen: one line per problem."""
    problems = []
    for widget in app.screen.query("*"):
        if not widget.display or widget.region.width == 0:
            continue
        if isinstance(widget, TextLine):
            text = widget._text.plain if isinstance(widget._text, Text) else widget._text
            if cell_len(text) > widget.content_region.width:
                problems.append(f"{widget.id or type(widget).__name__} cut: {text!r}")
        for title in (widget.border_title, widget.border_subtitle):
            if not title:
                continue
            plain = title.plain if isinstance(title, Text) else str(title)
            # A border title sits between the two corners with a space each side.
            if cell_len(plain) > widget.outer_size.width - 4:
                problems.append(f"title of {widget.id or type(widget).__name__} cut: {plain!r}")
    for line in screen_text(app).splitlines():
        stripped = line.replace("is thinking…", "")
        if "…" in stripped:
            problems.append(f"cut line on screen: {line.strip()!r}")
    return problems


@pytest.mark.parametrize("scene", [scene for _, scene in SCENES], ids=[scene.name for _, scene in SCENES])
async def test_no_status_line_or_header_is_cut_with_twelve_character_names(scene, long_names):
    app = make_app(scene.build())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in scene.keys:
            await pilot.press(key)
        await settle(pilot)
        assert cut_lines(app) == []


SPECS = registry.all_specs()


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
async def test_the_handover_shows_twelve_character_names_in_full(spec, long_names):
    players = spec.max_players
    seats = [Seat("Ann"), Seat("Ben")] + [Seat(f"Bot{i}", "search" if i == 0 else "heuristic")
                                          for i in range(players - 2)]
    match = Match.new(spec.id, seats, {}, seed=5, autosave=False)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)  # the bots' first moves, the hard one's included
        assert isinstance(app.screen, HandoverScreen)
        assert cut_lines(app) == []
        assert match.names[app.screen.next_seat] in screen_text(app)
