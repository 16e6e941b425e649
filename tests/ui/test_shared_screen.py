"""The shared screen of a kitchen-table match (docs/kitchen-table.md): the
public table, never a phone seat's hand, and words that say where the
hands are."""

from __future__ import annotations

from tablegames.core.records import Seat
from tablegames.ui.game_screen import GameScreen

from tests.ui.helpers import SIZE, chicken_match, hand_cards, make_app, screen_text, shown_numbers, wait_for


async def whole_panel_on_screen(pilot, app) -> None:
    """The join panel's whole frame is on screen: its bottom border and every line in it."""
    panel = app.screen.query_one("#join-panel")
    await wait_for(pilot, lambda: 0 < panel.region.height and panel.region.bottom <= SIZE[1],
                   "the panel inside the screen")


async def test_while_phones_decide_the_shared_screen_says_the_phones_show_the_hands(data_dir):
    match = chicken_match(Seat("Kim", phone=True), Seat("Lee", phone=True), Seat("Bot 1", "heuristic"))
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and "code below" in screen_text(app),
                       "the join panel")
        await pilot.press("j")  # the join panel folded away: the table under it
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and "each phone shows its own" in screen_text(app), "the shared screen's hand note")
        text = screen_text(app)
        assert "computer players move" not in text
        for seat in (0, 1):  # the table shows no card of a phone's hand
            assert not hand_cards(match, seat) & shown_numbers(text)


async def test_the_join_panel_shows_every_phones_link_and_a_qr_code_whole_on_an_80x24_screen(data_dir):
    match = chicken_match(Seat("Kim", phone=True), Seat("Lee", phone=True), Seat("Ann", phone=True))
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "Kim's code below" in screen_text(app), "the join panel with Kim's code")
        await whole_panel_on_screen(pilot, app)
        table = app.table
        assert table is not None
        text = screen_text(app)
        for seat in (0, 1, 2):
            assert table.link(seat) in text
        assert "█" in text  # the code is drawn


async def test_without_room_for_a_qr_code_the_join_panel_gives_the_links_alone(data_dir):
    seats = [Seat(name, phone=True) for name in ("Kim", "Lee", "Ann", "Bo", "Cy")]
    match = chicken_match(*seats)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "open your link" in screen_text(app), "the join panel")
        await whole_panel_on_screen(pilot, app)
        table = app.table
        assert table is not None
        text = screen_text(app)
        assert all(table.link(seat) in text for seat in range(5)) and "█" not in text
