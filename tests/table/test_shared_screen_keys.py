"""The shared screen's footer offers the keys of the seat at the keyboard
only: while a phone seat decides, its keys (Blind Chicken's Move, Sort,
Done) are on that phone, and the shared keyboard's do nothing; a hot-seat
player's turn on the same screen offers them as ever."""

from __future__ import annotations

from tablegames.core.records import Seat
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.handover import HandoverScreen
from tests.ui.helpers import SIZE, chicken_match, make_app, screen_text, settle, wait_for

TURN_KEYS = ("Move", "Sort", "Done")


def footer(app) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


async def test_a_phone_seats_turn_keys_are_not_offered_on_the_shared_screen_nor_taken_from_its_keyboard():
    match = chicken_match(Seat("Kim", phone=True), Seat("Ann"), Seat("Bot 1", "heuristic"))
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        # Ann, at the shared keyboard, arranges first (Kim's phone is yet to).
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen), "Ann's handover")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.seat == 1, "Ann's hand")
        await settle(pilot)
        assert all(key in footer(app) for key in TURN_KEYS), footer(app)
        await pilot.press("enter")  # Done
        await wait_for(pilot, lambda: match.pending_pass or 1 not in match.deciders(), "Ann's move")
        if match.pending_pass:
            await pilot.press("enter")  # the keyboard passes
        await wait_for(pilot, lambda: match.deciders() == [0] and isinstance(app.screen, GameScreen)
                       and app.screen.seat is None, "Kim's phone alone to decide")
        await settle(pilot)
        await pilot.press("j")  # (the join panel folded away: the footer is the screen's last line)
        await settle(pilot)
        assert "Waiting for Kim's phone." in screen_text(app)
        shown = footer(app)
        assert not any(key in shown for key in TURN_KEYS), shown
        assert "Rules" in shown and "Picker" in shown
        before = match.changes
        await pilot.press("s", "right", "enter")
        await settle(pilot)
        assert match.changes == before and match.deciders() == [0]
