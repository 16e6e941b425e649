"""Blenders Tricks through the real screens, with keys and the mouse."""

from __future__ import annotations

import random

from tablegames.core.match import Match
from tablegames.core.records import Seat
from tests.fixtures.blenders_tricks import scenes
from tablegames.games.blenders_tricks.screen import BlendersTricksScreen
from tablegames.games.blenders_tricks.vocab import NUMBER_OF, SUIT_NAMES
from tablegames.ui.widgets import HandRow, ScoreTable
from tests.ui.helpers import SIZE, HandoverScreen, make_app, screen_text, settle, wait_for


def labels(row: HandRow) -> list[str]:
    return [f.label for f in row.faces]


def hand_numbers(match, seat) -> set[str]:
    return {str(NUMBER_OF[c]) for c in match._state.view(seat)["hand"]}


def last_round_match() -> Match:
    """Ann and Ben (humans), Cid and Dee (bots): rounds 1 and 2 played with
    seeded moves, then the match as the app would resume it, nobody at the
    keyboard yet, at the start of round 3's pass."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), Seat("Dee", "random")]
    match = Match.new("blenders-tricks", seats, {}, seed=17)
    rng = random.Random(17)
    while True:
        match.run_bots()
        seat = match.next_human()
        match.take_keyboard(seat)
        if match.view()["round"] == 3:
            break
        match.play(rng.choice(match.legal_actions()))
    return Match(match.record)


# The whole game by keys, with this test's checks, is the game's one whole
# match in tests/ui/test_every_game.py (tests/fixtures/blenders_tricks/whole_match.py).


async def test_the_pass_l_and_r_mark_two_cards_and_enter_passes_both():
    match = scenes.passing()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BlendersTricksScreen)
        row = screen.query_one(HandRow)
        first, third = row.faces[0].label, row.faces[2].label
        await pilot.press("enter")
        assert "Mark a card for the left" in screen_text(app)
        await pilot.press("l", "right", "right", "r")
        assert row.marks == {0: "L", 2: "R"}
        await pilot.press("enter")
        await settle(pilot)
        assert match._state.choices.own(0).left == int(first)
        assert match._state.choices.own(0).right == int(third)
        # Ben passes next: Ann may still take her pass back, so her screen
        # waits for Enter; then the keyboard goes over, and Ann's received
        # cards are nowhere yet.
        assert match.pending_pass and not isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        assert match._state.view(0)["received"] == []


async def test_the_pass_with_the_mouse_click_two_cards_then_the_button():
    match = scenes.passing()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        row = screen.query_one(HandRow)
        await pilot.click(HandRow, offset=(1, 1))  # the first card: for the left
        await pilot.click(HandRow, offset=(7, 1))  # the second: for the right
        assert row.marks == {0: "L", 1: "R"}
        first, second = int(row.faces[0].label), int(row.faces[1].label)
        await pilot.click("#bt-button")
        await settle(pilot)
        chosen = match._state.choices.own(0)
        assert (chosen.left, chosen.right) == (first, second)


async def test_playable_cards_are_highlighted_and_the_trick_shows_lead_suit_and_who_is_winning():
    match = scenes.turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        view = screen.view
        row = screen.query_one(HandRow)
        legal = {str(a.card) for a in match.legal_actions()}
        assert legal != set(labels(row)), "the scene has cards Ann may not play"
        for i, label in enumerate(labels(row)):
            assert (i in row.dim) == (label not in legal)
            assert (row.marks.get(i) == "+") == (label in legal)
        text = screen_text(app)
        names = view["names"]
        assert f"Lead   {SUIT_NAMES[view['lead_suit']]}" in text
        assert f"winning: ★{names[view['winning']]}" in text
        # Each player's card in the trick is on their row; the winning one starred.
        table = screen.query_one("#bt-players", ScoreTable)
        for seat, card in view["trick"]:
            cell = table.rows[seat][-1].plain
            assert cell == ("★" if seat == view["winning"] else "") + str(NUMBER_OF[card]) + cell[-2:]
        # The cursor only visits playable cards; Enter plays the one under it.
        for _ in range(len(row.faces)):
            await pilot.press("right")
            assert labels(row)[row.cursor] in legal
        played = labels(row)[row.cursor]
        await pilot.press("enter")
        await pilot.pause()
        assert match.record.actions[-1] == (0, f"play {played}") or f"play {played}" in \
            [a for _, a in match.record.actions]


async def test_clicking_a_card_that_may_not_be_played_says_why():
    match = scenes.turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        row = screen.query_one(HandRow)
        blocked = min(row.dim)
        before = len(match.record.actions)
        await pilot.click(HandRow, offset=(blocked * 6 + 1, 1))
        assert len(match.record.actions) == before
        assert "Follow suit" in screen_text(app)


async def test_the_claim_with_keys_and_with_a_click():
    for how in ("keys", "mouse"):
        match = scenes.claim()
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            row = screen.query_one(HandRow)
            options = labels(row)
            assert set(options) == {str(NUMBER_OF[c]) for c in screen.view["decisions"][0]["cards"]}
            if how == "keys":
                await pilot.press("right", "enter")
                expected = options[1]
            else:
                await pilot.click(HandRow, offset=(1, 1))
                expected = options[0]
            assert f"claim {expected}" in [a for _, a in match.record.actions]


def spend_scene():
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid", "random")]
    return scenes.seeded_position(seats, 2, lambda view, seat: view["phase"] == "spend")


async def test_the_barley_token_k_keeps_it_and_enter_spends_it():
    for key in ("k", "enter"):
        match = spend_scene()
        seat = match.at_keyboard
        tokens = match._state.tokens[seat]
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert "keep it (k)" in screen_text(app)
            card = labels(app.screen.query_one(HandRow))[0]
            await pilot.press(key)
            await pilot.pause()
        last = [a for s, a in match.record.actions if s == seat][-1]
        if key == "k":
            assert last == "keep" and match._state.tokens[seat] == tokens
        else:
            assert last == f"spend {card}"


async def test_five_players_fit_80x24():
    match = scenes.turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for name in match.names:
            assert name in text
        rows = text.splitlines()
        assert len(rows) <= 24
        assert any("Lead" in r for r in rows) and any("Last" in r for r in rows)
        row = app.screen.query_one(HandRow)
        assert row.region.bottom <= 24 and row.region.right <= 80
        for face in row.faces:
            assert face.label in text


async def test_a_scored_round_is_shown_to_everyone_before_the_new_hand_and_a_stray_enter_cannot_skip_it():
    match = scenes.round_end()
    view = match.view()
    assert view["round"] == 2 and view["phase"] == "pass"
    # A guard of 2.4 s, not the app's 0.6, so that the stray Enter surely
    # comes before it ends: on a busy machine the first frames can take
    # longer than 0.6 s.
    app = make_app(match, handover_guard=2.4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.summary_round == 1
        # A public screen: no hand, no table with the new deal under it.
        assert not screen.query_one(HandRow).display and not screen.query_one("#main").display
        text = screen_text(app)
        done = view["rounds"][0]
        assert "Round 1 of 3 is scored" in text
        for seat, name in enumerate(match.names):
            cards = " ".join(f"{c}" for c in done["claimed"][seat])
            assert name in text and all(str(c) in text for c in done["claimed"][seat]), cards
        await pilot.press("enter")  # with the round's last move: too early
        await pilot.pause()
        assert screen.summary_round == 1 and not screen.query_one(HandRow).display
        await wait_for(pilot, lambda: screen.summary_armed, "the round summary to arm")
        assert "Enter: on to round 2 (" in screen_text(app) and "leads), or a click" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.summary_round is None and screen.query_one(HandRow).display
        assert labels(screen.query_one(HandRow)) == [str(NUMBER_OF[c]) for c in view["hand"]]


async def test_cards_passed_to_you_are_marked_on_your_turn_until_your_first_card_of_the_round():
    seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic"), Seat("Dee", "heuristic")]
    match = scenes.seeded_position(seats, 6, lambda view, seat: view["phase"] == "play"
                                   and len(view["hand"]) == 10)
    received = [str(NUMBER_OF[c]) for c in match.view()["received"]]
    assert len(received) == 2
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        row = screen.query_one(HandRow)
        marked = {labels(row)[i] for i, mark in row.marks.items() if "new" in mark}
        assert marked == set(received)
        assert "new = passed to you" in screen_text(app)
        await pilot.press("enter")  # her first card of the round
        await settle(pilot)
        if match.view()["phase"] == "play" and screen.my_turn():
            assert not any("new" in mark for mark in row.marks.values())
            assert "passed to you" not in screen_text(app)
        assert match.view()["received"] == []


async def test_a_holder_of_two_barley_tokens_spends_them_one_at_a_time_on_the_screen():
    from tests.games.blenders_tricks.helpers import play
    from tests.games.blenders_tricks.test_rules import round_end

    seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic")]
    match = Match.new("blenders-tricks", seats, {}, seed=1, autosave=False)
    state = round_end([[1, 4, 13], [2, 3], []], [[7], [5], [40]], tokens=[1, 0, 0], round=2)
    play(state, 7, 5, 40)  # Ann earns a second token
    match._state = state
    match.take_keyboard(0)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        row = app.screen.query_one(HandRow)
        assert labels(row) == ["1", "4", "13"]
        assert "one of your 2 tokens" in screen_text(app)
        await pilot.press("right", "enter")  # a token on the 4
        await pilot.pause()
        assert labels(row) == ["1", "13"], "the second token is its own choice"
        assert "Spend a barley token" in screen_text(app)
        await pilot.press("right", "enter")  # the other token on the 13
        await pilot.pause()
    assert state.rounds[-1].ignored[0] == (4, 13) and state.tokens[0] == 0


async def test_a_click_on_the_round_summary_goes_on_once_armed_and_a_stray_early_tap_does_not():
    match = scenes.round_end()
    # A guard of 2.4 s, not the app's 0.6: on a busy machine (the suite runs in
    # six processes) the first frames can take longer than 0.6 s.
    app = make_app(match, handover_guard=2.4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.summary_round == 1
        await pilot.click("#bt-sum-claims")  # with the round's last move: too early
        await pilot.pause()
        assert screen.summary_round == 1 and not screen.query_one(HandRow).display
        await wait_for(pilot, lambda: screen.summary_armed, "the round summary to arm")
        assert "or a click" in screen_text(app)
        await pilot.click("#bt-sum-table")
        await pilot.pause()
        assert screen.summary_round is None and screen.query_one(HandRow).display
