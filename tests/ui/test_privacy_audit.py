"""Privacy audit: the places where hot-seat games usually leak, driven
through the real app. No screen may show a player what is not theirs to see:
another seat's hand (Blind Chicken), one's own hand faces outside a private
look (Blind Business), or another seat's private log line."""

from __future__ import annotations

import random
import re

from textual.command import CommandPalette

from tablegames.core.match import Match
from tablegames.ui.picker import PickerScreen
from tablegames.ui.rules_screen import RulesScreen
from tablegames.ui.too_small import TooSmallScreen
from tablegames.ui.widgets import HandRow, LogPanel
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, chicken_match, hand_cards, make_app,
    screen_text, settle, shown_numbers, wait_for,
)
from tests.games.blind_business.test_screen import _hand, bb_match, decide, shown_ids

LOOKED = "You looked at your hand"


def log_lines(screen) -> list[str]:
    """The lines the screen's log panel (or the handover's recap) shows."""
    return [line for panel in screen.query(LogPanel) for line in panel._shown]


def private_lines(match: Match, seat: int | None) -> set[str]:
    """The texts of the log's private events that ``seat`` may not read."""
    return {e.text for e in match.log if not e.visible_to(seat)}


def until(match: Match, done) -> Match:
    """Play on through the match (humans take the keyboard in turn, first
    legal action; bots as they like) until ``done(match)``."""
    for _ in range(500):
        if done(match):
            return match
        if match.next_bot() is not None:
            match.step_bot()
            continue
        seat = match.next_human()
        match.take_keyboard(seat)
        match.play(match.legal_actions()[0])
    raise AssertionError("never reached")


def kim_asks_next() -> Match:
    """Blind Business, Kim - Bob (bot) - Lee, everyone has looked; Kim at the
    keyboard, about to ask."""
    match = bb_match(Seat("Kim"), Seat("Bob", "heuristic"), Seat("Lee"), seed=5)
    until(match, lambda m: m.view()["phase"] == "ask" and m.deciders() == [0])
    match.take_keyboard(0)
    return match


def ann_plays_before(next_seat: int) -> Match:
    """Blind Chicken, Ann at the keyboard, her card to play; ``next_seat``
    plays after her in the same trick."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")]
    if next_seat != 1:
        seats[1:] = seats[:0:-1]  # Ann, Cid (bot), Ben
    match = chicken_match(*seats, seed=21)
    until(match, lambda m: m.view()["phase"] == "play" and m.deciders() == [0]
          and len(m.public_view()["trick"]) < 2)
    match.take_keyboard(0)
    return match


# ----- between two humans' turns, while a bot "thinks"

async def test_while_a_bot_thinks_between_two_humans_blind_business_shows_only_the_public_table():
    match = kim_asks_next()
    lee = set(_hand(match, 2))
    app = make_app(match, bot_delay=60)  # the bot "thinks" for the whole test
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert lee <= shown_ids(screen_text(app))  # Kim may see Lee's hand while she decides
        await pilot.press("enter")  # Kim asks Bob for slot 1
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and match.next_bot() == 1
        text = screen_text(app)
        # Lee may be watching the bot already: none of her own faces, nor Kim's private line.
        assert not lee & shown_ids(text), text
        assert not shown_ids(text) - {c for cards in match.public_view()["areas"] for d in cards.values()
                                      for c in d}
        assert not any(LOOKED in line for line in log_lines(screen))
        assert "Kim asks Bob for slot 1." in log_lines(screen)
        # ... and no take-back of a move the table has already shown.
        assert "Take back" not in text
        await pilot.press("u")
        await pilot.pause()
        assert match.record.actions[-1] == (0, "ask p2 1")


async def test_while_a_bot_thinks_between_two_humans_blind_chicken_hides_the_last_players_hand():
    match = ann_plays_before(next_seat=2)  # Ann, then the bot, then Ben
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert match.next_bot() == 1
        text = screen_text(app)
        assert not hand_cards(match, 0) & shown_numbers(text), text
        assert not app.screen.query_one(HandRow).faces
        assert "Take back" not in text


async def test_with_one_human_the_screen_keeps_their_hand_while_the_bots_think():
    match = chicken_match(Seat("Ann"), Seat("Cid", "heuristic"), Seat("Dee", "random"), seed=21)
    until(match, lambda m: m.view()["phase"] == "play" and m.deciders() == [0]
          and len(m.public_view()["trick"]) < 2)
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert match.next_bot() is not None
        assert hand_cards(match, 0) <= shown_numbers(screen_text(app))
        assert "Take back" in screen_text(app)


# ----- the take-back window: the move waits on the mover's screen, never on a handover

async def test_a_card_that_may_be_taken_back_waits_on_the_movers_screen_and_the_handover_offers_no_take_back():
    match = ann_plays_before(next_seat=1)
    first = match.view()["hand"][0][1:]
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")  # Ann plays her leftmost card...
        await settle(pilot)
        # ...and her own screen says so: no handover names the next player yet.
        screen = app.screen
        assert isinstance(screen, GameScreen) and match.pending_pass
        text = screen_text(app)
        assert "Ann, your move is done: Enter passes the keyboard, u takes it back." in text
        assert "Pass the keyboard to" not in text and "Take back" in text
        assert not hand_cards(match, 0) & shown_numbers(text)  # the public table only
        await pilot.press("u")  # she takes it back: her hand, her turn, no handover
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.my_turn() and match.at_keyboard == 0
        assert int(first) in hand_cards(match, 0)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and match.pending_pass
        await pilot.press("enter")  # Ann lets the keyboard go: the move stands
        await settle(pilot)
        handover = app.screen
        assert isinstance(handover, HandoverScreen) and handover.next_seat == 1
        text = screen_text(app)
        assert "Undo" not in text and "Take back" not in text
        moves = list(match.record.actions)
        await pilot.press("u")  # nothing to take back from a handover
        await settle(pilot)
        assert app.screen is handover and match.record.actions == moves
        assert f"played {first}" not in text and "Ann played" in text


async def test_the_waiting_screen_offers_only_pass_take_back_rules_and_picker():
    """Game keys on the waiting screen play nothing and leave the footer."""
    match = ann_plays_before(next_seat=1)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        moves = list(match.record.actions)
        await pilot.press("r")
        await settle(pilot)
        assert match.record.actions == moves and match.pending_pass
        footer = screen_text(app).splitlines()[-1]
        for offered in ("Take back", "Pass the keyboard", "Rules", "Picker"):
            assert offered in footer, footer
        assert "Play" not in footer and "Pick end" not in footer, footer


# ----- overlays and leaving

async def lee_handover(pilot) -> HandoverScreen:
    """Kim's turn ends with the keyboard passing to Lee (or Kim again)."""
    app = pilot.app
    await pilot.press("enter")  # Kim asks Bob
    await settle(pilot)
    rng = random.Random(2)
    for _ in range(20):
        if isinstance(app.screen, HandoverScreen):
            return app.screen
        await decide(pilot, rng)
        await settle(pilot)
    raise AssertionError("no handover")


def no_faces_of_humans(match: Match, text: str) -> None:
    for seat in match.humans:
        assert not set(_hand(match, seat)) & shown_ids(text), (seat, text)


async def test_rules_palette_and_a_small_terminal_over_a_handover_show_no_hand_and_return_to_it():
    match = kim_asks_next()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        handover = await lee_handover(pilot)
        for open_keys, close_keys, kind in ((["question_mark"], ["escape"], RulesScreen),
                                            (["ctrl+p"], ["escape"], CommandPalette)):
            await pilot.press(*open_keys)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            no_faces_of_humans(match, screen_text(app))
            await pilot.press(*close_keys)
            await pilot.pause()
            assert app.screen is handover
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        no_faces_of_humans(match, screen_text(app))
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: app.screen is handover, "the handover back")
        no_faces_of_humans(match, screen_text(app))


async def test_a_small_terminal_while_a_bot_moves_ends_on_the_handover_not_on_a_hand():
    match = kim_asks_next()
    app = make_app(match, bot_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Kim asks Bob; the bot's timer runs
        await pilot.resize_terminal(70, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the too-small notice")
        await settle(pilot)  # the timer fires under the notice: the bot waits
        assert isinstance(app.screen, TooSmallScreen)
        no_faces_of_humans(match, screen_text(app))
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: not isinstance(app.screen, TooSmallScreen), "the notice to go")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, (HandoverScreen, GameScreen))
        if isinstance(screen, GameScreen):  # Kim decides again: her own view only
            assert screen.seat == 0 and screen.my_turn()
            assert not set(_hand(match, 0)) & shown_ids(screen_text(app))
        else:
            no_faces_of_humans(match, screen_text(app))


async def test_quitting_to_the_picker_and_resuming_passes_through_a_handover(data_dir):
    match = kim_asks_next()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        no_faces_of_humans(match, screen_text(app))
        await pilot.press("tab", "enter")  # resume the saved match
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen) and app.screen.next_seat == 0
        resumed = app.screen.match
        assert resumed is not match and resumed.at_keyboard is None
        no_faces_of_humans(resumed, screen_text(app))
        assert not any(LOOKED in line for line in log_lines(app.screen))


async def test_a_game_screen_before_anyone_takes_the_keyboard_is_the_public_table():
    # Bob looks at his cards first: nobody sits at the keyboard yet.
    match = bb_match(Seat("Bob", "heuristic"), Seat("Kim"), Seat("Lee"), seed=7)
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.seat is None
        assert not shown_ids(screen_text(app))  # before anyone looked: no face at all
        screen._bot_turn()
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        assert not shown_ids(screen_text(app))
        assert not any(LOOKED in line for line in log_lines(app.screen))


# ----- the results and play again

async def test_results_and_play_again_show_no_hand():
    match = bb_match(Seat("Kim"), Seat("Lee"), Seat("Bob", "heuristic"), seed=4)
    rng = random.Random(4)
    while not match.is_over():
        if match.next_bot() is not None:
            match.step_bot()
        else:
            match.take_keyboard(match.next_human())
            match.play(rng.choice(match.legal_actions()))
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        no_faces_of_humans(match, screen_text(app))
        await pilot.press("a")
        await pilot.pause()
        again = app.screen.match
        assert again is not match
        # The new deal opens on the public table (the bot looks first) or a handover.
        screen = app.screen
        assert isinstance(screen, HandoverScreen) or screen.seat is None
        assert not shown_ids(screen_text(app))


# ----- a whole Blind Business match in ASCII mode, faces and the log: its one
# whole match by keys (tests/ui/test_every_game.py, tests/fixtures/blind_business/whole_match.py)
