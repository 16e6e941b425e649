"""The shared screen of a kitchen-table match (docs/kitchen-table.md): the
public table, never a phone seat's hand, and words that say where the
hands are."""

from __future__ import annotations

from tablegames.core.records import Seat
from tablegames.ui.game_screen import GameScreen

from tests.ui.helpers import SIZE, chicken_match, hand_cards, make_app, screen_text, shown_numbers, wait_for


async def test_while_phones_decide_the_shared_screen_says_the_phones_show_the_hands(data_dir):
    match = chicken_match(Seat("Kim", phone=True), Seat("Lee", phone=True), Seat("Bot 1", "heuristic"))
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and "scan this" in screen_text(app),
                       "the join panel")
        await pilot.press("j")  # the join panel folded away: the table under it
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and "each phone shows its own" in screen_text(app), "the shared screen's hand note")
        text = screen_text(app)
        assert "computer players move" not in text
        for seat in (0, 1):  # the table shows no card of a phone's hand
            assert not hand_cards(match, seat) & shown_numbers(text)


async def test_the_join_panel_with_its_qr_code_fits_whole_on_an_80x24_screen(data_dir):
    match = chicken_match(Seat("Kim", phone=True), Seat("Lee", phone=True), Seat("Ann", phone=True))
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: "scan this" in screen_text(app), "the join panel")
        panel = app.screen.query_one("#join-panel")
        # Its whole frame is on screen: the bottom border and every line in it.
        await wait_for(pilot, lambda: panel.region.bottom <= SIZE[1] and panel.region.height > 0,
                       "the panel inside the screen")
        text = screen_text(app)
        assert "Then: Lee waiting, Ann waiting" in text
        assert panel.region.height == len(str(panel.render()).splitlines()) + 2
