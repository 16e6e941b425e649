"""Blind Chicken through the real screens, driven by keys: whole matches,
chicken marks, the ends rule, arranging, setting a trick aside."""

from __future__ import annotations

from tablegames.core.match import Match
from tablegames.games.blind_chicken.cards import EGGS
from tablegames.ui.widgets import HandRow
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, chicken_match, make_app,
    one_human_in_play_phase, play_turn, screen_text, settle,
)

# The whole game by keys, with this test's checks, is the game's one whole
# match in tests/ui/test_every_game.py (tests/fixtures/blind_chicken/whole_match.py).


async def test_one_human_at_the_table_never_sees_a_handover():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "heuristic"), seed=4)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await settle(pilot)
            screen = app.screen
            assert not isinstance(screen, HandoverScreen)
            if isinstance(screen, ResultsScreen):
                break
            assert match.at_keyboard == 0
            await play_turn(pilot)
        else:
            raise AssertionError("the match did not reach the results")
        assert match.is_over()


async def test_play_again_starts_a_new_match_with_the_same_seats():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=9)
    match.run_bots()
    while not match.is_over():
        match.play(match.legal_actions()[0])
        match.run_bots()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("a")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match is not match and not screen.match.is_over()
        assert screen.match.record.seats == match.record.seats
        await pilot.press("p")  # not bound in the game: nothing happens
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "PickerScreen"


async def test_a_chicken_card_shows_its_symbol_and_egg_count_not_only_a_colour():
    for ascii, symbol in ((False, "🐔"), (True, "*")):
        match = one_human_in_play_phase()
        app = make_app(match, ascii=ascii)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            assert screen.face("C57").inline() == f"57{symbol}4"
            assert screen.face("C22").inline() == f"22{symbol}1"
            assert screen.face("C30").inline() == "30"
            for face in screen.query_one(HandRow).faces:
                eggs = EGGS[int(face.label)]
                assert face.mark == (f"{symbol}{eggs}" if eggs else "")


async def test_playing_a_middle_card_says_only_the_ends_can_be_played():
    match = one_human_in_play_phase()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = list(match.record.actions)
        await pilot.click(HandRow, offset=(8, 2))  # the second card
        await pilot.pause()
        assert "! Only the leftmost or rightmost card can be played." in screen_text(app)
        assert match.record.actions == before


async def test_arranging_moves_the_card_under_the_cursor_and_enter_fixes_that_order():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=2)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        low = sorted(int(c[1:]) for c in match.view()["hand"])
        await pilot.press("s")  # ascending; the cursor is on the first card
        await pilot.press("full_stop", "full_stop")  # carry the lowest card two places right
        await pilot.press("left", "comma")  # then move the card left of it to the far left
        await pilot.press("enter")
        await settle(pilot)
        arranged = [low[2], low[1], low[0], *low[3:]]
        ordered = [a for s, a in match.record.actions if s == 0 and a.startswith("order")]
        assert ordered == ["order " + " ".join(map(str, arranged))]



async def test_arranging_by_taps_alone_a_card_then_its_place_and_the_sort_and_done_buttons():
    # A tablet has no keyboard: tap a card, tap where it goes; Sort; Done.
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=2)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        low = sorted(int(c[1:]) for c in match.view()["hand"])
        assert await pilot.click("#bc-sort")  # ascending
        await pilot.pause()
        assert await pilot.click("#bc-hand", offset=(2, 1))  # lift the lowest card...
        await pilot.pause()
        assert "tap the place for your" in screen_text(app)
        assert await pilot.click("#bc-hand", offset=(2 + 6 * 2, 1))  # ...and put it third
        await pilot.pause()
        assert await pilot.click("#bc-hand", offset=(2 + 6 * 3, 1))  # a tap on a card...
        await pilot.pause()
        assert await pilot.click("#bc-hand", offset=(2 + 6 * 3, 1))  # ...and again: it stays
        await pilot.pause()
        assert not [a for s, a in match.record.actions if s == 0], "taps alone do not confirm"
        assert await pilot.click("#bc-done")
        await settle(pilot)
        arranged = [low[1], low[2], low[0], *low[3:]]
        ordered = [a for s, a in match.record.actions if s == 0 and a.startswith("order")]
        assert ordered == ["order " + " ".join(map(str, arranged))]

def ann_to_set_aside(seed: int = 8) -> Match:
    """Ann took the last trick of the hand and may set one aside (she plays
    her leftmost card each time; a seed where she takes the last trick)."""
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=seed)
    match.run_bots()
    match.play(match.legal_actions()[0])
    while match.view()["phase"] != "aside":
        if match.is_over():
            raise AssertionError(f"seed {seed}: Ann does not take the last trick")
        match.run_bots()
        if match.view()["phase"] == "play":
            match.play("L")
    return match


async def test_set_aside_preselects_the_costliest_earlier_trick():
    match = ann_to_set_aside()
    worst = costliest_earlier_trick(match)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert f"Trick {worst}: " in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
    assert match.record.actions[-1] == (0, f"aside {worst}")


def costliest_earlier_trick(match) -> int:
    """The number of Ann's costliest trick before the last (the seeded deal
    must have one that costs more than the others)."""
    costs = [trick["score"] for trick in match.view()["taken"][0][:-1]]
    assert len(costs) >= 2 and costs.count(min(costs)) == 1 and min(costs) < 0
    return costs.index(min(costs)) + 1


async def test_set_aside_keeps_the_players_pick_across_a_look_at_the_rules():
    match = ann_to_set_aside()
    worst = costliest_earlier_trick(match)
    earlier = len(match.view()["taken"][0]) - 1
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down")  # from the preselected trick to the next line
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
    assert match.record.actions[-1] == (0, f"aside {worst + 1}" if worst < earlier else "aside none")


async def test_set_aside_keys_stop_at_the_ends_of_the_list_and_n_keeps_all():
    for keys, chosen in ((["up"] * 8, "aside 1"), (["down"] * 8, "aside none"), (["n"], "aside none")):
        match = ann_to_set_aside()
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            # Held up: stops on trick 1, never wraps round to "keep all" (and back).
            await pilot.press(*keys, *([] if keys == ["n"] else ["enter"]))
            await settle(pilot)
        assert match.record.actions[-1] == (0, chosen), keys
