"""Words the players read: plurals, and one label for a bot everywhere."""

from __future__ import annotations

from textual.widgets import Input

from tablegames.core.bots import level_name
from tablegames.core.records import Seat
from tablegames.core.words import plural
from tablegames.ui.labels import seat_label
from tablegames.ui.seat_setup import SetupScreen
from tablegames.ui.widgets import Cycler
from tests.ui.helpers import SIZE, chicken_match, make_app, screen_text, settle
from tests.games.blind_chicken.test_screen import ann_to_set_aside as at_the_set_aside


def test_plural_is_singular_for_one_and_minus_one_only():
    assert plural(1, "card") == "1 card"
    assert plural(-1, "point") == "-1 point"
    assert plural(0, "move") == "0 moves"
    assert plural(2, "card") == "2 cards"
    assert plural(-12, "point") == "-12 points"
    assert plural(3, "match", "matches") == "3 matches"


def set_aside_with_tricks_worth(*wanted: int):
    """A seeded set-aside for Ann whose earlier tricks include each cost in
    ``wanted``; returns the match and those costs."""
    for seed in range(1, 300):
        try:
            match = at_the_set_aside(seed)
        except AssertionError:  # the seed's hand does not end with Ann's trick
            continue
        if match.view()["phase"] != "aside" or match.at_keyboard != 0:
            continue
        costs = [trick["score"] for trick in match.view()["taken"][0][:-1]]
        if all(cost in costs for cost in wanted):
            return match, costs
    raise AssertionError(f"no seed gives tricks worth {wanted}")


async def test_a_trick_worth_minus_one_reads_one_point_in_the_set_aside_list_and_the_log():
    match, costs = set_aside_with_tricks_worth(0, -1)
    minus_one = costs.index(-1) + 1
    preselected = costs.index(min(costs)) + 1  # the costliest
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "(-1 point)" in text and "(-1 points)" not in text
        assert "(0 points)" in text
        steps = minus_one - preselected
        await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps))
        await pilot.press("enter")
        await settle(pilot)
    assert any(event.text == f"Ann sets aside trick {minus_one} (-1 point)." for event in match.log)


async def test_a_saved_match_with_one_move_says_one_move_in_the_picker():
    match = chicken_match(Seat("Ann"), Seat("Bot 1", "random"), Seat("Bot 2", "random"))
    match.autosave = True
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])  # one move, saved
    match.let_go()  # and left (else the picker lists it as open elsewhere)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert "; 1 move; saved" in text


def test_a_bot_is_labelled_once():
    assert seat_label(Seat("Bot 2 (easy)", "random")) == "Bot 2 (easy)"
    assert seat_label(Seat("Bot 1", "heuristic")) == "Bot 1"
    assert seat_label(Seat("Cid", "heuristic")) == "Cid (bot)"  # a bot whose name does not say so
    assert seat_label(Seat("Ann")) == "Ann"


async def test_seat_setup_names_bots_as_the_command_line_does():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        number = [game.id for game in app.screen.games].index("blind-chicken") + 1
        await pilot.press(str(number))
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)

        def names() -> list[str]:
            return [setup.query_one(f"#name-{i}", Input).value for i in range(3)]

        assert names() == ["Ann", "Ben", "Bot 1"]
        assert "Bot (normal)" in screen_text(app)  # the default level, by its player-facing name
        kind = setup.query_one("#kind-1", Cycler)
        kind.focus()
        await pilot.press("right")  # Ben's seat: a bot at the weakest level
        await pilot.pause()
        assert names() == ["Ann", "Bot 1 (easy)", "Bot 2"]
        await pilot.press("right")  # the default level
        await pilot.pause()
        assert names() == ["Ann", "Bot 1", "Bot 2"]
        while kind.value != "human":  # round the other levels to a human again
            await pilot.press("right")
            await pilot.pause()
        assert names() == ["Ann", "Ben", "Bot 1"]  # the name comes back
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen.match.names == ("Ann", "Ben", "Bot 1")
        assert "Bot 1 (bot)" not in screen_text(app)


async def test_seat_type_cycles_from_human_through_easy_normal_hard_then_phone():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        number = [game.id for game in app.screen.games].index("blind-chicken") + 1
        await pilot.press(str(number))
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        kind = setup.query_one("#kind-1", Cycler)
        kind.focus()
        seen = []
        for _ in range(5):
            await pilot.press("right")
            await pilot.pause()
            seen.append(kind.value)
        assert [level_name(v) if v not in ("human", "phone") else v for v in seen] == [
            "easy", "normal", "hard", "phone", "human"]
