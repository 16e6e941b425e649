"""Blasting Billy through the real screens, driven by keys: two humans and
a bot play a whole game with handovers that show nothing private, every
decision by keys and by mouse, the reveal step by step, 80x24 at five."""

from __future__ import annotations

import re

from tablegames.core.match import Match
from tablegames.games.blasting_billy import scenes
from tablegames.games.blasting_billy.screen import Lines, PlacePicker, RevealScreen
from tablegames.games.blasting_billy.vocab import CARD_ID
from tablegames.ui.widgets import HandRow
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, make_app, play_whole_match,
    screen_text, settle,
)


def billy_match(*seats: Seat, seed: int) -> Match:
    return Match.new("blasting-billy", list(seats), {}, seed=seed)


def hand_ids(match: Match, seat: int) -> list[str]:
    """A seat's hand, read from the state (only tests may)."""
    return [CARD_ID[c] for c in match._state.hands[seat]]


def hand_faces(screen) -> list[str]:
    return [f.label + f.mark for f in screen.query_one(HandRow).faces]


def billy_row(text: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith("Billy"))


async def test_two_humans_and_a_bot_play_a_whole_game_and_follow_the_reveal():
    match = billy_match(Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), seed=5)
    humans = [0, 1]
    seen_turns = 0

    def on_handover(screen, text):
        # Nothing private: no hand drawn, no board, no card face.
        assert not screen.query(HandRow) and not screen.query(Lines)
        assert not re.search(r"\b(?:Gld|Bnk|Cns|Jwl|Dia)\b", text)

    def on_game_screen(screen, text, seat):
        nonlocal seen_turns
        seen_turns += 1
        # The keyboard seat's own three cards are drawn, face up.
        view = screen.view
        assert view["seat"] == seat
        own = hand_ids(match, seat)
        shown = hand_faces(screen)
        assert len(shown) == len(own)
        for card, face in zip(own, shown):
            label = "TNT" if card.endswith("X") else card[1:]
            assert face.startswith(label)
        # Billy's row shows only backs and counts: no value at all.
        row = billy_row(text)
        assert re.fullmatch(r"\s*Billy(\s+(▒+ \d+|·))*\s*", row), row
        # Whose turn and what to do, in one line at the top.
        first = text.splitlines()[0].strip()
        assert first.startswith(f"{match.names[seat]}: ")
        assert "Billy (b)" in first and "loot (c)" in first and "box (d)" in first

    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        handovers = await play_whole_match(pilot, match, scenes.decide, on_handover=on_handover,
                                           on_game_screen=on_game_screen)
        assert handovers > 4 and seen_turns > 10
        assert match.is_over()
        # The reveal opens first, one step at a time.
        assert isinstance(app.screen, RevealScreen)
        titles = []
        for _ in range(7):
            titles.append(screen_text(app).splitlines()[0])
            await pilot.press("enter")
            await pilot.pause()
        assert [t.split(": ")[1].split(",")[0] for t in titles] == ["the reveal"] * 7
        assert "every column turns face up" in titles[0]
        assert "gold" in titles[1] and "diamonds" in titles[5] and "who survives" in titles[6]
        # Then the results, per player and per type against Billy.
        assert type(app.screen) is ResultsScreen
        text = screen_text(app)
        assert "vs Billy" in text


async def test_every_decision_works_with_the_mouse():
    match = scenes.three_players_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.my_turn()
        hand = screen.view["hand"]
        # Click the third card, then the "into the box" line.
        await pilot.click(HandRow, offset=(13, 1))
        assert screen.cursor == 2
        before = len(match.record.actions)
        await pilot.click(PlacePicker, offset=(4, 2))
        await pilot.pause()
        assert match.record.actions[before] == (0, f"dump {hand[2]}")


async def test_keys_choose_a_card_and_a_place():
    match = scenes.three_players_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.screen.view["hand"]
        before = len(match.record.actions)
        await pilot.press("right", "down", "enter")
        await pilot.pause()
        assert match.record.actions[before] == (0, f"claim {hand[1]}")


async def test_the_five_player_table_fits_80x24():
    match = scenes.five_players_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) <= 24
        # Billy and all five players on the board, the hand and the three places.
        for name in ("Billy", "Ann", "Ben", "Cid (bot)", "Dee (bot)", "Eve (bot)"):
            assert any(line[:16].strip().lstrip("▶").startswith(name) for line in lines), name
        for place in ("to Billy", "into your loot", "into the box"):
            assert place in text
        for key in ("Billy", "Claim", "Dump"):
            assert key in lines[-1]


async def test_a_twelve_letter_name_and_a_hard_bot_stand_clear_of_their_hands_letters():
    match = billy_match(Seat("Christophers"), Seat("Lee"), Seat("Bot 1 (hard)", "search"), seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await settle(pilot)
        text = screen_text(app)
        for label in ("Christophers", "Bot 1 (hard)"):
            # The board row: the whole name, a space, the three type letters.
            assert re.search(r"^ ?[ ▶]" + re.escape(label) + r" +[GBCJD]{3} ", text, re.MULTILINE), text


async def dump_into_the_reveal(app, pilot) -> None:
    """Play the very last turn (into the box): the reveal opens."""
    await settle(pilot)
    await pilot.press("d")
    await settle(pilot)
    assert isinstance(app.screen, RevealScreen)


async def test_the_reveal_keeps_each_players_line_whole_with_a_twelve_letter_name():
    seats = [Seat("Christophers"), Seat("Bot 1 (hard)", "heuristic"), Seat("Bot 2", "heuristic")]
    match = scenes.seeded_position(seats, 2, lambda m: m.view()["final_left"] == 1)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await dump_into_the_reveal(app, pilot)
        for _type in range(5):
            await pilot.press("enter")
            await settle(pilot)
            verdicts = [line.rstrip() for line in screen_text(app).splitlines() if "safe (" in line or "SHOT (" in line]
            assert len(verdicts) == 3 and all(line.endswith(")") for line in verdicts), verdicts


async def test_the_reveal_can_go_back_and_skip_to_the_outcome():
    match = scenes.last_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await dump_into_the_reveal(app, pilot)
        await pilot.press("enter", "enter", "left")
        assert app.screen.step == 1
        await pilot.click("#reveal-body")
        assert app.screen.step == 2
        await pilot.press("s")
        text = screen_text(app)
        assert "who survives" in text
        summary = match.result().summary
        assert summary in text
