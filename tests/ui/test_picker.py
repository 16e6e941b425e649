"""The picker at 80x24: every game and the saves in view, which panel has
the keys, what Enter does, and any terminal size down to 1x1."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tablegames.core import registry
from tablegames.ui.picker import PickerScreen
from tablegames.ui.seat_setup import SetupScreen
from tablegames.ui.too_small import TooSmallScreen
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, Seat, chicken_match, make_app, screen_text, settle,
)


def save_matches(count: int) -> list[str]:
    """``count`` saved Blind Chicken matches, one human each (named Kim0,
    Kim1, ...) against bots; the names, newest last."""
    names = []
    for i in range(count):
        match = chicken_match(Seat(f"Kim{i}"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=i)
        match.run_bots()
        match.play(match.legal_actions()[0])  # saved after the move
        names.append(f"Kim{i}")
    return names


def panel_text(text: str, title: str) -> str:
    """The words inside the panel whose top border holds ``title``, in one line."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if title in line)
    inside = []
    for line in lines[top + 1:]:
        body = line.strip()
        if body[:1] not in ("│", "┃", "|"):
            break
        inside.append(body.strip("│┃| "))
    return " ".join(" ".join(inside).split())


def title_line(text: str, title: str) -> str:
    return next(line for line in text.splitlines() if title in line)


# ----- everything fits at 80x24

@pytest.mark.parametrize("saves", [0, 2, 9])
async def test_every_game_and_the_saves_are_in_view_at_80x24(saves):
    names = save_matches(saves)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        games = panel_text(text, "Pick a game")
        for number, spec in enumerate(registry.all_specs(), start=1):
            assert f"{number} {spec.title} {spec.min_players}-{spec.max_players} players" in games
            assert " ".join(spec.pitch.split()) in games  # the whole pitch, nothing cut
        saved = panel_text(text, "Saved matches")
        if not saves:
            assert "No unfinished matches." in saved
        else:
            # At least three saves in view, newest first; the rest scroll.
            shown = [name for name in reversed(names) if f"{name}, Bot A (bot)" in saved]
            assert shown == list(reversed(names))[:len(shown)] and len(shown) >= min(saves, 3)
        assert "Quit" in text.splitlines()[-1]  # the footer too


async def test_the_saves_list_scrolls_to_the_oldest_save_at_80x24():
    names = save_matches(9)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"{names[0]}, Bot A" not in screen_text(app)  # the oldest is below the fold
        await pilot.press("tab", *["down"] * 8)
        await pilot.pause()
        assert f"{names[0]}, Bot A" in panel_text(screen_text(app), "Resume a saved match")


# ----- which panel has the keys

@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_the_panel_with_the_keys_says_so_in_its_title_and_border(ascii):
    save_matches(1)
    app = make_app(ascii=ascii)
    pointer, heavy = (">", "+-") if ascii else ("▶", "┏━")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        games = title_line(text, "Pick a game")
        assert f"{pointer} Pick a game" in games and games.lstrip().startswith(heavy)
        assert "Enter: choose the seats" in text
        assert f"{pointer} " not in title_line(text, "Saved matches (Tab to come here)")
        await pilot.press("tab")
        await pilot.pause()
        text = screen_text(app)
        saves = title_line(text, "Resume a saved match")
        assert f"{pointer} Resume a saved match" in saves and saves.lstrip().startswith(heavy)
        assert "Enter: resume" in text and "Enter: choose the seats" not in text
        assert f"{pointer} " not in title_line(text, "Games (Tab to come here)")
        if ascii:
            assert text.isascii()
        else:  # the other panel's border is the light one
            assert title_line(text, "Games (Tab to come here)").lstrip().startswith("╭─")


# ----- Enter acts on the panel with the keys

async def test_after_q_from_a_resumed_match_tab_then_enter_resumes_it(data_dir):
    """A match resumed from the saves, left with q: Tab then Enter opened
    the first game's seat setup (the saves kept the keys, Tab took them to
    the games) instead of resuming the match."""
    save_matches(2)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("tab", "down", "enter")  # the older save
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        first = app.screen.match.save_path
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen)
        assert "▶ Pick a game" in screen_text(app)  # back as it opens: the games have the keys
        await pilot.press("tab", "enter")  # the match just left is the first save
        await settle(pilot)
        assert isinstance(app.screen, (GameScreen, HandoverScreen))
        assert app.screen.match.save_path == first


async def test_after_q_from_a_new_match_tab_then_enter_resumes_it(data_dir):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(str([game.id for game in app.screen.games].index("blind-chicken") + 1))
        await pilot.pause()
        app.screen.query_one("#kind-1").value = "random"  # one human: straight to the game
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("enter")  # Ann's order
        await settle(pilot)
        match = app.screen.match
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("tab", "enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.match.save_path == match.save_path


async def test_the_saves_keep_the_keys_over_the_rules_page_and_the_palette(data_dir):
    save_matches(1)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("tab", "f1")
        await pilot.pause()
        await pilot.press("escape", "ctrl+p")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#saves", OptionList)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_enter_on_the_games_opens_the_highlighted_games_seat_setup():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.spec == registry.all_specs()[2]


# ----- any terminal size

TINY = [(1, 1), (6, 3), (7, 3), (79, 23)]


@pytest.mark.parametrize("palette", [False, True], ids=["picker", "palette-open"])
@pytest.mark.parametrize("width, height", TINY, ids=[f"{w}x{h}" for w, h in TINY])
async def test_a_terminal_of_any_size_gets_the_enlarge_notice_without_a_crash(width, height, palette):
    """6 columns or fewer crashed in Rich's line chopping (``ValueError:
    range() arg 3 must not be zero``) laying out the picker's lists."""
    save_matches(2)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if palette:
            await pilot.press("ctrl+p")
            await pilot.pause()
        await pilot.resize_terminal(width, height)
        await settle(pilot)
        assert [type(s) for s in app.screen_stack] == [PickerScreen, TooSmallScreen]
        assert screen_text(app).strip().startswith("Enlarge"[:width])
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, PickerScreen) and "Blind Chicken" in screen_text(app)


@pytest.mark.parametrize("width, height", TINY[:3], ids=[f"{w}x{h}" for w, h in TINY[:3]])
async def test_an_app_started_in_a_tiny_terminal_shows_the_notice_and_quits_cleanly(width, height):
    app = make_app()
    async with app.run_test(size=(width, height)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+q")
