"""Frames as the terminal receives them: every screen arrives in one piece,
and no frame mixes one player's view with the next screen.

The frames are recorded with ``tests.ui.frames.FrameRecorder`` (every frame
handed to the terminal, applied to a virtual terminal). No timing is
asserted: only what each frame shows, in order.
"""

from __future__ import annotations

from tests.ui.frames import FrameRecorder
from tests.ui.helpers import SIZE, Seat, chicken_match, make_app, screen_text, settle, wait_for


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip().splitlines()]


async def all_drawn(pilot, recorder) -> None:
    """Wait until the app waits for input and the terminal shows all of
    its screen: every frame that comes of what happened has been drawn."""
    app = pilot.app
    await settle(pilot)
    await wait_for(pilot, lambda: _lines(recorder.terminal.text) == _lines(screen_text(app)),
                   "the terminal to show the whole screen")


def two_humans_and_a_bot(seed: int = 3):
    return chicken_match(Seat("Ann"), Seat("Ben"), Seat("Bot", "heuristic"), seed=seed)


async def anns_arrangement(pilot) -> None:
    """From the start to Ann's own screen, arranging her hand."""
    await settle(pilot)
    await pilot.press("enter")  # the handover to Ann
    await settle(pilot)


def first_frame_with(frames, text: str):
    return next(frame for frame in frames if text in frame.text)


async def test_a_handover_arrives_in_one_piece_with_its_recap_and_footer():
    match = two_humans_and_a_bot()
    app = make_app(match)
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await anns_arrangement(pilot)
            start = len(recorder.frames)
            await pilot.press("enter")  # Ann confirms her arrangement
            await settle(pilot)
            await pilot.press("enter")  # her move is done: Enter passes the keyboard
            await all_drawn(pilot, recorder)
    frame = first_frame_with(recorder.frames[start:], "Pass the keyboard to Ben")
    assert "Bot has arranged their hand." in frame.text  # the recap
    assert "I am ready" in frame.text  # the footer
    assert frame.text == recorder.frames[-1].text  # nothing drawn later


async def test_a_game_screen_arrives_in_one_piece_with_its_log_and_footer():
    match = two_humans_and_a_bot()
    app = make_app(match)
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            start = len(recorder.frames)
            await pilot.press("enter")  # the handover to Ann
            await all_drawn(pilot, recorder)
    frame = first_frame_with(recorder.frames[start:], "Ann: arrange your hand")
    assert "Bot has arranged" in frame.text  # the log
    assert "Sort" in frame.text and "Rules" in frame.text  # the footer
    assert frame.text == recorder.frames[-1].text


async def test_after_a_move_the_footer_offers_the_next_phases_keys_in_the_same_frame():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "heuristic"), Seat("Bot B", "heuristic"), seed=5)
    app = make_app(match)
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            start = len(recorder.frames)
            await pilot.press("enter")  # Ann confirms; the bots are ready: play starts
            await all_drawn(pilot, recorder)
    frames = recorder.frames[start:]
    assert "Ann: play your leftmost or rightmost card" in frames[0].text
    for frame in frames:  # the arrangement is over: no frame offers its keys
        footer = frame.text.splitlines()[-1]
        assert "Play end" in footer and "Sort" not in footer, footer


async def test_the_last_players_view_leaves_the_terminal_before_the_handover_is_drawn():
    match = two_humans_and_a_bot()
    app = make_app(match)
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await anns_arrangement(pilot)
            start = len(recorder.frames) - 1  # Ann's screen, as the terminal shows it
            await pilot.press("enter")  # Ann confirms her arrangement
            await settle(pilot)
            await pilot.press("enter")  # her move is done: Enter passes the keyboard
            await all_drawn(pilot, recorder)
    frames = recorder.frames[start:]
    handover = frames.index(first_frame_with(frames, "Pass the keyboard to Ben"))
    # Ann's hand ("Ann: ... choose a card" over a row of cards) shows up to
    # some frame; then a frame with nothing at all; then the handover.
    private = [i for i, frame in enumerate(frames) if "Ann: " in frame.text or "╭───╮" in frame.text]
    assert private and max(private) < handover
    # Between them: her waiting screen (the public table, no hand), then a
    # blank frame just before the handover is drawn.
    between = frames[max(private) + 1:handover]
    assert between and not between[-1].text.strip()
    assert not any("╭───╮" in frame.text for frame in between)
    assert not any("╭───╮" in frame.text for frame in frames[handover:])


async def test_the_rules_page_over_the_picker_hides_the_picker_boxes():
    app = make_app()
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await all_drawn(pilot, recorder)
    lines = recorder.frames[-1].text.splitlines()
    # One box: no line starts or ends with two box edges side by side.
    doubled = [line for line in lines if line[:2] in ("││", "╰│", "╭│") or line.rstrip()[-2:] in ("││", "│╯", "│╮")]
    assert "rules" in recorder.frames[-1].text and not doubled, doubled


async def test_the_log_shows_the_newest_lines_and_marks_older_ones_above_and_the_wheel_scrolls_back():
    from textual import events
    from textual.app import App, ComposeResult

    from tablegames.ui.widgets import LogPanel

    class LogApp(App):
        def compose(self) -> ComposeResult:
            yield LogPanel(id="log")

    app = LogApp()
    async with app.run_test(size=(30, 6)) as pilot:
        log = app.query_one(LogPanel)
        log.show([f"line {n}" for n in range(1, 21)])
        await pilot.pause()
        rows = [str(line.text) for line in (log.render_line(y) for y in range(6))]
        assert rows[-1].startswith("line 20") and rows[0].startswith("line 15")
        assert rows[0].rstrip().endswith("▲")  # older lines above
        log.post_message(events.MouseScrollUp(log, 1, 1, 0, -1, 0, False, False, False))
        await pilot.pause()
        rows = [str(line.text) for line in (log.render_line(y) for y in range(6))]
        assert rows[-1].startswith("line 18") and rows[-1].rstrip().endswith("▼")


async def test_a_notice_over_the_blank_frame_delays_the_handover_until_it_closes():
    from tablegames.ui.blank import BlankScreen
    from tablegames.ui.handover import HandoverScreen
    from tablegames.ui.too_small import TooSmallScreen

    match = two_humans_and_a_bot()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.switch_screen(BlankScreen(then=HandoverScreen(match)))
        app.push_screen(TooSmallScreen())  # e.g. the terminal shrank meanwhile
        # Drawn: the blank frame's own turn after its refresh has come and gone.
        await wait_for(pilot, lambda: "Enlarge the terminal" in screen_text(app), "the notice on screen")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["BlankScreen", "TooSmallScreen"]
        app.pop_screen()
        await settle(pilot)  # the blank frame gives way
        assert isinstance(app.screen, HandoverScreen)
        assert not any(isinstance(s, BlankScreen) for s in app.screen_stack)


async def test_a_tuned_app_makes_full_garbage_collections_only_after_a_pause_without_keys():
    import gc
    import time

    threshold = gc.get_threshold()
    app = make_app(tune_gc=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: gc.get_freeze_count() > 0, "the start-up objects to be frozen")
            assert gc.get_threshold()[2] >= 1_000_000  # no automatic full collection
            gc.collect(1)  # a pending full collection
            await pilot.press("down")  # a key just now: not yet
            app._collect_when_idle()
            assert gc.get_count()[2] > 0
            app._last_key = time.monotonic() - 60  # a minute without keys
            app._collect_when_idle()
            assert gc.get_count()[2] == 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def frames_to_the_handover(frames, name: str):
    """The frames up to the first that shows the handover to ``name``, and that one."""
    handover = frames.index(first_frame_with(frames, f"Pass the keyboard to {name}"))
    return frames[:handover], frames[handover]


def assert_one_blank_frame_then_the_handover(before, handover) -> None:
    """Every frame on the way shows a whole screen (a status line or title,
    and the footer), but one: the blank frame just before the handover."""
    blank = [i for i, frame in enumerate(before) if not frame.text.strip()]
    assert blank == [len(before) - 1], [frame.text.splitlines()[:1] for frame in before]
    for frame in before[:-1] + [handover]:
        lines = frame.text.splitlines()
        assert lines and lines[-1].strip(), frame.text  # the footer
        assert sum(1 for line in lines if line.strip()) > 10, frame.text  # the screen's content


def anns_turn_to_play(app, match) -> bool:
    from tablegames.ui.game_screen import GameScreen

    screen = app.screen
    return (isinstance(screen, GameScreen) and screen.seat == 0 and screen.phase() == "play"
            and screen.my_turn())


async def test_a_move_then_the_bots_then_the_handover_draw_one_blank_frame_and_no_empty_one():
    """Ann, a bot, Ben: Ann plays, the public table shows while the bot
    moves, then the handover to Ben. (Three blank frames came, one after
    another, before the handover: twice the frame was empty for nothing.)"""
    match = chicken_match(Seat("Ann"), Seat("Bot", "heuristic"), Seat("Ben"), seed=3)
    app = make_app(match, bot_delay=0.05)
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            while not anns_turn_to_play(app, match):  # the handovers and arrangements before it
                await pilot.press("enter")
                await settle(pilot)
            start = len(recorder.frames)
            await pilot.press("l")  # Ann plays; the bot plays; Ben's turn
            await all_drawn(pilot, recorder)
    frames = recorder.frames[start:]
    assert any("Waiting for Bot" in frame.text for frame in frames)  # the public table while the bot moves
    assert_one_blank_frame_then_the_handover(*frames_to_the_handover(frames, "Ben"))


async def test_your_move_is_done_then_enter_draws_one_blank_frame_and_the_handover():
    match = two_humans_and_a_bot()
    app = make_app(match)
    with FrameRecorder(*SIZE) as recorder:
        async with app.run_test(size=SIZE) as pilot:
            await anns_arrangement(pilot)
            await pilot.press("enter")  # Ann confirms her arrangement: "your move is done"
            await all_drawn(pilot, recorder)
            start = len(recorder.frames)
            await pilot.press("enter")  # Enter passes the keyboard
            await all_drawn(pilot, recorder)
    assert_one_blank_frame_then_the_handover(*frames_to_the_handover(recorder.frames[start:], "Ben"))
