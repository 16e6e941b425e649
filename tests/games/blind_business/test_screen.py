"""Blind Business through the real screens, driven by keys: handovers,
who sees which faces, the family-rules results, fitting 80x24."""

from __future__ import annotations

import random
import re

import pytest

from tablegames.core.match import Match
from tablegames.games.blind_business.cards import CARD_BY_ID, card_id, card_name
from tests.fixtures.blind_business.driver import decider
from tablegames.games.blind_business.screen import BusinessBoard
from tests.ui.helpers import (
    SIZE, HandoverScreen, ResultsScreen, Seat, make_app, screen_text,
    settle,
)

# A card id as the screen draws a face: PG7, BW11, CSV, TR1.
CARD_ID = re.compile(r"\b(?:PG|BW|CS|DT)(?:1[01]|[1-9]|V)\b|\bTR[12]\b")


def bb_match(*seats: Seat, seed: int, family: int = 0) -> Match:
    return Match.new("blind-business", list(seats), {"family": family}, seed=seed)


def _hand(match: Match, seat: int) -> list[str]:
    """The ids of the cards in a seat's hand, read from the match's state
    (only tests may; the screens see views)."""
    return [card_id(c) for c in match._state.hands[seat] if c >= 0]


def shown_ids(text: str) -> set[str]:
    return set(CARD_ID.findall(text))


def named(text: str, card: str) -> bool:
    """Whether the card is named in words ("the downtown 7") on screen."""
    return re.search(rf"\b{re.escape(card_name(CARD_BY_ID[card]))}\b(?!\d)", text) is not None


async def decide(pilot, rng: random.Random) -> None:
    """The human at the keyboard makes the current decision with keys only
    (the game's driver, with its choices drawn from ``rng``)."""
    await decider(rng)(pilot)


# The whole game by keys, with this test's checks, is the game's one whole
# match in tests/ui/test_every_game.py (tests/fixtures/blind_business/whole_match.py).


async def test_family_rules_chosen_in_seat_setup_reach_the_results_with_each_breakdown_line():
    from tablegames.core import registry

    number = [spec.id for spec in registry.all_specs()].index("blind-business") + 1
    app = make_app()
    rng = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(str(number))
        await pilot.pause()
        # Seat 2 becomes a bot, the rules option becomes "family rules".
        await pilot.press("down", "down", "down", "down", "right", "down", "right", "ctrl+s")
        await settle(pilot)
        match = app.screen.match
        assert match.record.options["family"] == 1
        assert "family rules" in screen_text(app)
        await decide(pilot, rng)  # the first look
        await settle(pilot)
        # The whole game by keys is the test above; here the middle is played
        # through the match, and the last round through the screens again.
        while not match.is_over() and match.view()["deck"] > 4:
            if match.next_bot() is None:
                match.play(rng.choice(match.legal_actions()))
            else:
                match.step_bot()
        app.show_match(match)
        for _ in range(40):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, ResultsScreen):
                break
            assert not isinstance(screen, HandoverScreen)  # one human: never a handover
            assert screen.view["family"]
            if screen.showing_final_table:  # a bot's move ended it: Enter shows the results
                await pilot.press("enter")
                continue
            await decide(pilot, rng)
        else:
            raise AssertionError("the match did not reach the results")
        result = match.result()
        text = " ".join(screen_text(app).split())
        assert f"Blind Business: {match.names[result.winners[0]]}" in text
        # Each player's breakdown, line by line: count x highest per district, no bonus.
        shown = str(app.screen.query_one("#results-lines").render()).splitlines()
        for seat, name in enumerate(match.names):
            assert f"{name}: {result.scores[seat]}" in shown
            for label, points in result.breakdown[seat]:
                assert any(line.split() == [*label.split(), str(points)] for line in shown), (label, shown)
                assert "most cards" not in label and "pair" not in label
        assert sum(len(lines) for lines in result.breakdown) >= 4


@pytest.mark.parametrize("players, ascii", [(2, False), (5, True)])
async def test_the_whole_table_fits_80x24_with_long_names(players, ascii):
    names = ["Christabella", "Maximilianus", "Bartholomew1", "Bartholomew2", "Bartholomew3"]
    seats = [Seat(names[0]), Seat(names[1], "heuristic")] + [Seat(x, "random") for x in names[2:players]]
    match = bb_match(*seats, seed=3)
    app = make_app(match, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(20):
            await settle(pilot)
            if app.screen.view["phase"] == "ask" and app.screen.my_turn():
                break
            await decide(pilot, random.Random(1))
        else:
            raise AssertionError("no ask reached")
        text = screen_text(app)
        board = app.screen.query_one(BusinessBoard)
        # Every seat's row and play area is on screen, above the message line and the footer.
        assert board.region.bottom <= SIZE[1] - 2
        assert len([line for line in board.lines if line.plain.startswith((" ", ">", "▶"))]) >= 2 * players
        for seat in range(players):
            assert names[seat][:10] in text
            for card in _hand(match, seat) if seat else ():
                assert card in text
        assert "Ask Maximilianus for slot 1" in text
        assert ("Enter Ask" if ascii else "⏎ Ask") in text
        if ascii:
            lines = text.splitlines()
            assert all(line.isascii() for line in lines), [line for line in lines if not line.isascii()]


async def test_a_click_picks_a_rival_card_and_a_second_click_asks_for_it():
    match = bb_match(Seat("Kim"), Seat("Lee", "heuristic"), Seat("Bob", "heuristic"), seed=8)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(10):
            await settle(pilot)
            if app.screen.view["phase"] == "ask" and app.screen.my_turn():
                break
            await decide(pilot, random.Random(1))
        board = app.screen.query_one(BusinessBoard)
        y, x = next((y, x0) for y, spots in enumerate(board.regions) for x0, _, seat, slot in spots
                    if seat == 2 and slot == 2)
        before = len(match.record.actions)
        await pilot.click(BusinessBoard, offset=(x + 2, y))
        await pilot.pause()
        assert (app.screen.target, app.screen.slot) == (2, 2)
        assert "Ask Bob for slot 3" in screen_text(app)
        assert len(match.record.actions) == before  # one click only picks
        await pilot.click(BusinessBoard, offset=(x + 2, y))
        await pilot.pause()
        assert match.record.actions[before] == (0, "ask p3 3")


def kim_takes_after_lees_no() -> Match:
    """Kim asked Lee for slot 2 and Lee said no: Kim takes one of Lee's other cards."""
    match = Match.new("blind-business", [Seat("Kim"), Seat("Lee")], {}, seed=8, autosave=False)
    for seat in (0, 1):
        match.take_keyboard(seat)
        match.play("seen")
    if match.deciders() == [1]:  # Lee starts: Lee's turn passes quickly
        match.play("ask p1 1")
        match.take_keyboard(0)
        match.play("no")
        match.take_keyboard(1)
        match.play(match.legal_actions()[0])
        while match.deciders() != [0] or match.view()["phase"] != "ask":
            match.take_keyboard(match.deciders()[0])
            match.play(match.legal_actions()[-1])
    match.take_keyboard(0)
    match.play("ask p2 2")
    match.take_keyboard(1)
    match.play("no")
    match.take_keyboard(0)
    return match


async def test_an_empty_slot_gets_a_one_line_message_and_the_pick_stays():
    match = kim_takes_after_lees_no()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.view["phase"] == "take"
        assert "Lee said no and won their slot 2" in screen_text(app)
        await pilot.press("right")  # slot 1 -> slot 3: the empty slot 2 is skipped
        picked = screen.slot
        assert picked == 2
        before = list(match.record.actions)
        await pilot.press("2")
        await pilot.pause()
        text = screen_text(app)
        assert "! Lee has no card in slot 2 now; choose 1, 3, 4." in text
        assert screen.slot == picked and match.record.actions == before
        await pilot.press("enter")
        await pilot.pause()
        assert match.record.actions[len(before)] == (0, "take 3")


def a_human_asks_holding_an_ok_token() -> Match:
    """Ann and Ben (humans) and Cid (a bot), seeded moves until a human is
    to ask holding an OK token; that human has the keyboard."""
    for seed in range(1, 20):  # tokens are rare: the first seed that has one
        match = bb_match(Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            match.run_bots()
            seat = match.next_human()
            if seat is None:
                break
            match.take_keyboard(seat)
            view = match.view()
            if view["phase"] in ("ask", "counter") and view["tokens"][seat]:
                return match
            match.play(rng.choice(match.legal_actions()))
    raise AssertionError("no ask with a token in these matches")


async def test_the_ok_token_button_spends_a_token_on_the_ask_by_clicks_alone():
    # A tablet has no "o": the button under the pick toggles the token.
    match = a_human_asks_holding_an_ok_token()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        button = screen.query_one("#bb-ok")
        assert button.display and "Spend an OK token" in str(button.label)
        await pilot.click("#bb-ok")
        await pilot.pause()
        assert screen.use_ok and "with an OK token" in screen_text(app)
        assert "Ask without the OK token" in str(button.label)
        before = len(match.record.actions)
        await pilot.press("enter")  # the button took no focus: Enter still asks
        await settle(pilot)
        assert match.record.actions[before][1].endswith(" ok")


async def test_the_board_owns_the_pick_its_keys_work_while_it_has_the_focus_and_it_posts_the_pick():
    # As an OptionList owns its cursor: while a card is to be picked the
    # board has the focus, its keys move its own cursor, and Enter posts
    # the pick, which the screen plays; a click on an empty slot says so.
    match = kim_takes_after_lees_no()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = app.screen.query_one(BusinessBoard)
        assert app.focused is board and board.pick is not None and board.pick.label == "Take"
        assert board.seat == 1 and board.slot == 0
        await pilot.press("right")
        await pilot.pause()
        assert board.slot == 2  # the empty slot 2 is skipped
        y, x = next((y, x0) for y, spots in enumerate(board.regions) for x0, _, seat, slot in spots
                    if seat == 1 and slot == 1)
        await pilot.click(BusinessBoard, offset=(x + 2, y))
        await pilot.pause()
        assert "! Slot 2 is empty now." in screen_text(app) and board.slot == 2
        before = len(match.record.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert match.record.actions[before] == (0, "take 3")
        assert board.pick is None and app.focused is not board  # nothing to pick now: its keys are off
