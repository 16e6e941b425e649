"""Blind Chicken's screen: what a player notices beyond the rules."""

from __future__ import annotations

from tablegames.ui.game_screen import game_screen_for
from tablegames.ui.widgets import HandRow
from tests.games.blind_chicken.test_screen import ann_to_set_aside as at_the_set_aside
from tests.ui.helpers import SIZE, Seat, chicken_match, make_app, screen_text, settle


async def test_taking_back_a_confirmed_arrangement_brings_the_hand_back_as_arranged():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "heuristic"), Seat("Bot B", "heuristic"), seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s", "right", "full_stop", "full_stop", "right", "comma")
        await pilot.pause()
        arranged = list(app.screen.order)
        assert arranged != match.view()["hand"]  # not the dealt order
        await pilot.press("enter")
        await pilot.pause()
        assert match.view()["phase"] == "play"
        await pilot.press("u")
        await pilot.pause()
        assert match.view()["phase"] == "order"
        assert [f"C{face.label}" for face in app.screen.query_one(HandRow).faces] == arranged
        # A new screen for the same match (as after a handover) keeps it too.
        app.switch_screen(game_screen_for(match))
        await pilot.pause()
        await pilot.pause()
        assert [f"C{face.label}" for face in app.screen.query_one(HandRow).faces] == arranged


async def test_the_set_aside_list_stops_at_the_first_trick_instead_of_wrapping_to_keep_all():
    match = at_the_set_aside()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*["up"] * 6)  # from trick 4: three would reach trick 1
        await pilot.press("enter")
        await settle(pilot)
    assert match.record.actions[-1] == (0, "aside 1")


async def test_the_set_aside_list_stops_at_keep_all_at_the_bottom():
    match = at_the_set_aside()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*["down"] * 6)  # from trick 4: two reach "keep all"
        await pilot.press("enter")
        await settle(pilot)
    assert match.record.actions[-1] == (0, "aside none")


async def test_the_table_names_this_hands_points_and_shows_how_many_cards_each_player_holds():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    match.run_bots()
    match.play(match.legal_actions()[0])
    match.run_bots()
    match.play("L")
    match.run_bots()
    sizes = match.view()["hand_sizes"]
    assert len(set(sizes)) > 1  # someone has played a card more than someone else
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
    top = next(i for i, line in enumerate(lines) if "Player" in line)
    header = lines[top]
    assert "Cards" in header and "This hand" in header and "Total" in header
    for name, size, row in zip(("Ann", "Bot A", "Bot B"), sizes, lines[top + 1:top + 4]):
        after_name = row.split(name, 1)[1].replace("(bot)", "").split()
        assert after_name[0] == str(size), row
