"""Blasting Billy through the real screens, driven by keys: two humans and
a bot play a whole game with handovers that show nothing private, every
decision by keys and by mouse, the reveal step by step, 80x24 at five."""

from __future__ import annotations

import math
import re

import pytest

from tablegames.core.match import Match
from tests.fixtures.blasting_billy import scenes
from tablegames.games.blasting_billy.screen import SHORT, TONES, Lines, RevealScreen, value_text
from tablegames.games.blasting_billy.vocab import CARD_ID, TYPE_LETTERS, TYPE_NAMES
from tablegames.ui.widgets import HandRow
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, ResultsScreen, Seat, make_app,
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


# The whole game by keys, with this test's checks, is the game's one whole
# match in tests/ui/test_every_game.py (tests/fixtures/blasting_billy/whole_match.py).


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
        await pilot.click("#bb-places _ChoiceLines", offset=(4, 2))
        await pilot.pause()
        assert match.record.actions[before] == (0, f"dump {hand[2]}")


async def test_keys_choose_a_card_and_a_place():
    match = scenes.three_players_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.screen.view["hand"]
        before = len(match.record.actions)
        await pilot.press("right", "down", "down", "enter")
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


# ----- issue 22: the footer's words, the reveal's keys and columns, colours, the box, long names


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_footer_names_the_move_each_letter_plays_and_offers_enter_only_for_a_place_picked_with_the_arrows():
    match = scenes.three_players_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.screen.view["hand"]
        keys = footer(app)
        # Each letter says the move it plays at once; Enter is not offered
        # (it would read as "b, then Enter"), and plays nothing yet.
        for item in ("b To Billy", "c Claim", "d Dump", "↑↓ Place"):
            assert item in keys, keys
        assert "⏎" not in keys and "Play" not in keys, keys
        before = len(match.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(match.record.actions) == before
        assert "▶" not in screen_text(app).split("into the box")[0].split("a card, then")[1]
        # Picked with the arrows: Enter is offered, named for that place.
        await pilot.press("down", "down")
        keys = footer(app)
        assert "⏎ Claim" in keys and "↑↓ Place" not in keys, keys
        assert "▶ c into your loot" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert match.record.actions[before] == (0, f"claim {hand[0]}")


async def test_the_reveal_offers_only_its_own_keys_and_playing_again_or_quitting_come_with_the_results():
    match = scenes.last_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await dump_into_the_reveal(app, pilot)
        for _step in range(7):
            keys = footer(app)
            assert "Next" in keys and "Play again" not in keys and "Quit" not in keys, keys
            await pilot.press("a")  # mid-reveal: no new match
            await pilot.pause()
            assert isinstance(app.screen, RevealScreen) and app.screen.match is match
            await pilot.press("enter")
            await pilot.pause()
        assert type(app.screen) is ResultsScreen
        keys = footer(app)
        assert "Play again" in keys and "Quit" in keys, keys


def reveal_cells(text: str, rows: int) -> list[list[str]]:
    """The face-up step's table as [row][Billy's or a player's five columns],
    each column's text joined across its lines."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("Gold"))
    table: list[list[str]] = []
    for line in lines[start + 1:]:
        if not line.strip() or line.lstrip().startswith("Next"):
            break
        parts = [line[15 + 13 * t:15 + 13 * (t + 1)].strip() for t in range(5)]
        if line[:15].strip():
            table.append(parts)
        else:
            table[-1] = [f"{a} {b}".strip() for a, b in zip(table[-1], parts)]
    assert len(table) == rows
    return table


async def test_every_card_of_every_column_shows_in_order_when_everything_turns_face_up():
    match = scenes.finished(8)  # its longest column needs 15 cells
    view = match.public_view()
    columns = [view["billy"]] + view["loot"]
    assert max(len(" ".join(value_text(t) for t in col)) for cols in columns for col in cols) > 12
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        app.switch_screen(RevealScreen(match))
        await pilot.pause()
        shown = reveal_cells(screen_text(app), 1 + len(view["names"]))
        for row, cols in zip(shown, columns):
            assert row == [" ".join(value_text(t) for t in col) or "·" for col in cols], row


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5))
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def test_every_type_has_its_own_letter_and_a_fixed_colour_far_from_every_other():
    # Colours of the terminal's palette may look alike (bold red and bold
    # magenta both came out pink): each type has a fixed colour, and any
    # two are far apart (CIE76 distance, 100 is black to white).
    colours = [tone.split()[-1] for tone in TONES]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours), colours
    for i in range(5):
        for j in range(i + 1, 5):
            assert math.dist(lab(colours[i]), lab(colours[j])) >= 60, (TYPE_NAMES[i], TYPE_NAMES[j])
    assert len(set(TYPE_LETTERS)) == 5 and len(set(SHORT)) == 5
    assert [short[0] for short in SHORT] == list(TYPE_LETTERS)


async def test_the_ascii_table_and_reveal_draw_nothing_but_ascii():
    seats = [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic")]
    match = scenes.seeded_position(seats, 2, lambda m: m.view()["final_left"] == 1)
    app = make_app(match, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        texts = [screen_text(app)]
        await pilot.press("d")
        await settle(pilot)
        for _step in range(6):
            texts.append(screen_text(app))
            await pilot.press("enter")
            await pilot.pause()
        for text in texts:
            assert text.isascii(), [ch for ch in text if not ch.isascii()]


async def test_the_box_lines_say_what_was_dumped_and_what_was_boxed_unseen_at_the_start():
    app = make_app(scenes.three_players_turn())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = app.screen.view
        text = screen_text(app)
        letters = lambda counts: " ".join(f"{l}{n}" for l, n in zip(TYPE_LETTERS, counts))  # noqa: E731
        assert f"Dumped in the box: {letters(view['box'])}" in text
        assert f"Boxed unseen at the start: {letters(view['removed'])}" in text
    # At five nothing is boxed unseen: no such line.
    app = make_app(scenes.five_players_turn())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Dumped in the box:" in screen_text(app) and "unseen" not in screen_text(app)


TWELVE = [Seat("Christophers"), Seat("Maximiliansx"), Seat("Bot 1 (hard)", "heuristic")]


@pytest.mark.parametrize("final", [False, True], ids=["a turn", "the final round"])
async def test_twelve_character_names_leave_the_status_line_and_the_table_lines_whole(final):
    def stop(m: Match) -> bool:
        view = m.view()
        return m.at_keyboard == 0 and (view["final_left"] >= 2 if final else view["draw"] <= 20)

    match = scenes.seeded_position(TWELVE, 1, stop)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lines = screen_text(app).splitlines()
        # The status line, then the table left of the log: pile, box lines, hand title.
        for line in [lines[0]] + [line[:53] for line in lines[1:5]]:
            assert "…" not in line, line
        assert "Christophers: play a card" in lines[0] or "Christophers: last turn" in lines[0]
        if final:
            assert re.search(r"Final round: \d turns left, \S+ last\.", "\n".join(lines[1:3]))


async def test_twelve_character_bot_names_stand_whole_on_the_board_and_at_every_reveal_step():
    seats = [Seat("Annabelle-An"), Seat("Cid Campbell", "heuristic"), Seat("Dee-Dominika", "heuristic"),
             Seat("Evangeline-E", "random"), Seat("Fay Fairfaxy", "random")]
    match = scenes.seeded_position(seats, 4, lambda m: m.view()["final_left"] == 1 and m.at_keyboard == 0)
    labels = ["Annabelle-An"] + [f"{seat.name} (bot)" for seat in seats[1:]]
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        texts = [screen_text(app)]
        await pilot.press("d")
        await settle(pilot)
        for _step in range(7):
            texts.append(screen_text(app))
            await pilot.press("enter")
            await pilot.pause()
        for text in texts:
            assert "…" not in text
            for label in labels:
                assert re.search(r"^ ?.?" + re.escape(label) + r"\s", text, re.MULTILINE), (label, text)


async def test_the_play_picker_owns_the_place_cursor_and_its_keys():
    # The hand and the places are one widget's: its keys (b/c/d, up/down,
    # Enter) are its own, not the screen's; Enter waits until up/down picked
    # a place, then plays the card under the hand's cursor there.
    from tablegames.games.blasting_billy.screen import PlayPicker

    match = scenes.three_players_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        play = screen.query_one(PlayPicker)
        assert not {"b", "c", "d", "up", "down"} & set(screen._bindings.key_to_bindings)
        assert play.places.highlighted is None and "Place" in screen_text(app).splitlines()[-1]
        await pilot.press("up")
        await pilot.pause()
        assert play.places.highlighted == 2 and "⏎ Dump" in screen_text(app).splitlines()[-1]
        hand = screen.view["hand"]
        before = len(match.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert match.record.actions[before] == (0, f"dump {hand[0]}")
