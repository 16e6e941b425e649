"""Blind Chicken at its largest table, six seats with 12-character names, at
80x24: every name in full, nothing of the table pushed off the screen."""

from __future__ import annotations

from rich.cells import cell_len

from tablegames.core.match import Match
from tablegames.games.blind_chicken.rules import BlindChickenState, new_state
from tablegames.games.blind_chicken.vocab import ASIDE, LEFT, ORDER, PLAY, RIGHT
from tablegames.ui.widgets import TextLine, TrickArea
from tests.games.blind_chicken.helpers import first_trick, last_tricks, play_trick
from tests.ui.helpers import SIZE, Seat, make_app, screen_text, settle

NAMES = ["Kimberly Ann", "[b]Leeroy Jx", "Bot 3 (hard)", "Bot 4 (easy)", "Cidwaldo Sr.", "Bot 6 (hard)"]


def six_long_names(tricks: int) -> Match:
    """Kim, Lee and four bots; Kim to play after ``tricks`` whole tricks."""
    seats = [Seat(NAMES[0]), Seat(NAMES[1])] + [Seat(name, "heuristic") for name in NAMES[2:]]
    match = Match.new("blind-chicken", seats, {"hands": 1}, seed=4, autosave=False)
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])
    match.take_keyboard(1)
    match.play(match.legal_actions()[0])
    while True:
        match.run_bots()
        seat = match.deciders()[0]
        match.take_keyboard(seat)
        view = match.view()
        done = sum(len(taken) for taken in view["taken"])
        if seat == 0 and view["phase"] == PLAY and view["trick"] and done >= tricks:
            return match
        match.play(match.legal_actions()[0])


async def test_six_twelve_character_names_show_in_full_in_the_trick_and_all_of_it_stays_on_screen():
    match = six_long_names(tricks=5)  # late in the hand: chickens taken, a last trick
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        area = screen.query_one(TrickArea)
        drawn = area.render().plain
        for name in NAMES:
            assert name in drawn, drawn
        # The trick and the last trick fit inside the table (none of it is cut off).
        table = screen.query_one("#table")
        last = screen.query_one("#bc-last", TextLine)
        assert area.region.bottom <= table.content_region.bottom
        assert last.region.bottom <= table.content_region.bottom
        text = screen_text(app)
        assert "Last   " in text
        assert "…" not in text


async def test_a_marked_winner_with_a_twelve_character_name_is_not_run_into_the_next_name():
    match = six_long_names(tricks=1)
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        area = app.screen.query_one(TrickArea)
        area.show([(name, None) for name in NAMES[:3]], highlight=0)
        await pilot.pause()
        drawn = area.render().plain.splitlines()[0]
        assert f"★{NAMES[0]} " in drawn and NAMES[1] in drawn and NAMES[2] in drawn, drawn


async def test_the_info_line_names_dealer_and_leader_when_they_fit_and_their_marks_when_not():
    match = six_long_names(tricks=1)
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        info = app.screen.query_one("#bc-info", TextLine)
        text = str(info._text)
        assert cell_len(text) <= info.content_region.width
        assert "D dealer, L leads" in text
    short = Match.new("blind-chicken", [Seat("Ann"), Seat("Ben", "heuristic"), Seat("Cid", "heuristic")],
                      {"hands": 1}, seed=4, autosave=False)
    short.run_bots()
    app = make_app(short, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = short.view()
        assert f"D dealer: {view['names'][view['dealer']]}" in screen_text(app)


async def test_a_trick_full_of_chickens_is_summed_up_on_the_last_line_without_cutting_the_name():
    match = six_long_names(tricks=1)
    app = make_app(match, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        names = list(NAMES)
        width = screen.query_one("#bc-last", TextLine).content_region.width
        three = {"winner": 1, "cards": ["C57", "C52", "C47", "C3", "C4", "C5"]}
        line = screen._last_trick(three, names, width).plain
        assert line == "Last   ★[b]Leeroy Jx took: 57🐔4 52🐔3 47🐔2 3 4 5" and cell_len(line) <= width
        four = {"winner": 1, "cards": ["C57", "C52", "C47", "C42", "C13", "C14"]}
        line = screen._last_trick(four, names, width).plain
        assert line == "Last   ★[b]Leeroy Jx took 4 chickens: -40", line
        six = {"winner": 1, "cards": ["C57", "C52", "C47", "C42", "C37", "C32"]}
        line = screen._last_trick(six, names, width).plain
        assert cell_len(line) <= width and "★[b]Leeroy Jx took 6 chickens: " in line, line


def test_every_prompt_fits_the_status_line_after_a_twelve_character_name():
    setting_aside = last_tricks([[37, 30], [32, 31], [59, 58]])
    play_trick(setting_aside, [LEFT, LEFT, LEFT])
    play_trick(setting_aside, [RIGHT, RIGHT, RIGHT])
    states = {ORDER: new_state(NAMES, {"hands": 1}, 4),
              PLAY: first_trick([[30, ...], [31, ...], [32, ...]]),
              ASIDE: setting_aside}
    for phase, state in states.items():
        assert state.phase == phase
        # The status line: 78 cells, "Kimberly Ann: " and the prompt.
        assert cell_len(f"{NAMES[0]}: {state.prompt(state.to_move()[0])}") <= 78, phase
