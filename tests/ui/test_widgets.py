"""The screen kit's widgets on their own, driven like a player would: the
decision panel, card backs, the hand picker, and keys gated by the phase."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from tablegames.ui.game_screen import GameScreen
from tablegames.ui.glyphs import ASCII, UNICODE, Glyphs
from tablegames.ui.widgets import CardFace, DecisionPanel, HandPicker, HandRow
from tests.ui.helpers import SIZE, Seat, chicken_match, screen_text


class Bench(App):
    """A bare app holding one widget; it records the panel's choices."""

    def __init__(self, widget: Widget, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.widget = widget
        self.glyphs = glyphs
        self.chosen: list[int | None] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_mount(self) -> None:
        if self.glyphs.ascii:
            self.add_class("-ascii")  # as the real app does
        self.widget.focus()

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        self.chosen.append(event.index)


def panel(none: str | None = "Keep all", highlighted: int = 0) -> DecisionPanel:
    return DecisionPanel("Which pile does the raid cover?", ["Kim's pile", "Lee's pile", "Bob's pile"],
                         none=none, highlighted=highlighted)


def plain(widget: Widget) -> str:
    console = Console(width=80, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(widget.render())
    return capture.get()


async def test_decision_panel_moves_with_arrows_and_enter_chooses_the_highlighted_line():
    app = Bench(panel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.chosen == [2]
        assert "▶ 3. Bob's pile" in screen_text(app)


async def test_decision_panel_does_not_wrap_around_at_either_end():
    app = Bench(panel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("up", "enter")  # already on the first line: stays there
        await pilot.press(*["down"] * 9, "enter")  # held down: stops on the last line (the none choice)
        await pilot.pause()
        assert app.chosen == [0, None]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.chosen == [0, None, None]


async def test_decision_panel_with_letters_draws_them_chooses_by_them_and_leaves_digits_alone():
    letters = DecisionPanel("", ["to Billy", "into your loot", "into the box"], keys=["b", "c", "d"])
    app = Bench(letters)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "b to Billy" in text and "d into the box" in text and "1." not in text
        await pilot.press("1", "d")
        await pilot.pause()
        assert app.chosen == [2]


async def test_decision_panel_without_a_highlight_waits_for_an_arrow_before_enter_chooses():
    app = Bench(DecisionPanel("Where?", ["Billy", "loot", "box"], highlighted=None))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [] and "▶" not in screen_text(app)
        await pilot.press("up", "enter")  # the first arrow up: the last line
        await pilot.pause()
        assert app.chosen == [2]


async def test_decision_panel_digits_choose_at_once_and_n_chooses_none():
    app = Bench(panel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await pilot.press("n")
        await pilot.press("7")  # no seventh choice: nothing happens
        await pilot.pause()
        assert app.chosen == [1, None]


async def test_decision_panel_without_a_none_choice_ignores_n_and_hides_it_from_the_footer():
    app = Bench(panel(none=None, highlighted=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "down", "down", "enter")
        await pilot.pause()
        assert app.chosen == [2]
        assert app.widget.check_action("pick_none", ()) is False
        assert "n. " not in screen_text(app)


async def test_decision_panel_a_click_chooses_the_line_clicked():
    app = Bench(panel())
    async with app.run_test(size=SIZE) as pilot:
        # Line 0 is the question; the choices follow, then the none choice.
        await pilot.click(DecisionPanel, offset=(5, 2))
        await pilot.click(DecisionPanel, offset=(5, 4))
        await pilot.pause()
        assert app.chosen == [1, None]


async def test_decision_panel_prints_names_as_written_never_as_markup():
    app = Bench(DecisionPanel("[b]Kim[/b], which one?", ["[red]Lee[/red]", Text("Bob", style="bold")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[b]Kim[/b], which one?" in text
        assert "1. [red]Lee[/red]" in text and "2. Bob" in text


async def test_decision_panel_asked_again_starts_over_on_the_given_line():
    app = Bench(panel())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")
        app.widget.ask("Swap with whom?", ["Kim", "Lee"], highlighted=1)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [1]
        text = screen_text(app)
        assert "Swap with whom?" in text and "Bob's pile" not in text


async def test_decision_panel_keeps_a_long_list_scrolled_to_the_highlight():
    labels = [f"Trick {n}" for n in range(1, 21)]
    app = Bench(DecisionPanel("Set one aside?", labels, none="Keep all"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["down"] * 15)
        await pilot.pause()
        text = screen_text(app)
        assert "▶ 16. Trick 16" in text and "Trick 1 " not in text
        await pilot.press("enter")
        await pilot.click(DecisionPanel, offset=(5, 1))  # the first line in view: trick 9
        await pilot.pause()
        assert app.chosen == [15, 8]


async def test_decision_panel_in_ascii_draws_only_ascii_and_clips_a_long_label():
    long = "Lee's pile: " + "the downtown 7, " * 8
    app = Bench(DecisionPanel("Which pile?", [long, "Bob's pile"], none="Keep all"), glyphs=ASCII)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
    assert all(line.isascii() for line in lines)
    assert lines[1].startswith("> 1. Lee's pile: the downtown 7,") and len(lines[1].rstrip()) == SIZE[0]
    assert lines[2].startswith("  2. Bob's pile") and lines[3].startswith("  n. Keep all")


class HandBench(Bench):
    """A bare app holding one hand; it records what the hand posts."""

    def __init__(self, widget: Widget, glyphs: Glyphs = UNICODE) -> None:
        super().__init__(widget, glyphs)
        self.picked: list[tuple[int, str]] = []
        self.moved: list[int] = []
        self.refused: list[str] = []

    def on_hand_picker_picked(self, event: HandPicker.Picked) -> None:
        self.picked.append((event.index, event.card))

    def on_hand_picker_moved(self, event: HandPicker.Moved) -> None:
        self.moved.append(event.index)

    def on_hand_picker_refused(self, event: HandPicker.Refused) -> None:
        self.refused.append(event.text)


async def test_a_card_back_shows_its_public_colour_and_hides_the_value():
    # The screen builds a back from the view's public attribute only: the value never reaches it.
    face = CardFace.back("R", "bold red")
    row = HandRow()
    app = Bench(row)
    async with app.run_test(size=SIZE) as pilot:
        row.show([face])
        await pilot.pause()
        text = screen_text(app)
    assert "░R░" in text and "░░░" in text
    assert face.inline() == "R?"
    assert face.inline_text().style == "bold red"


async def test_a_face_down_card_never_prints_its_label_or_mark():
    face = CardFace("7", "x3", "bold red", face_down=True)
    for glyphs, pattern in ((UNICODE, "░░░"), (ASCII, "###")):
        row = HandRow()
        app = Bench(row, glyphs=glyphs)
        async with app.run_test(size=SIZE) as pilot:
            row.show([face])
            await pilot.pause()
            text = screen_text(app)
        assert pattern in text and "7" not in text and "x3" not in text
    assert face.inline() == "?"


FACES = [CardFace(str(n), "W") for n in (12, 30, 47, 55)]
CARDS = ["c12", "c30", "c47", "c55"]


async def test_a_hand_picker_moves_between_the_pickable_cards_stops_at_the_ends_and_enter_picks():
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(FACES, CARDS, pickable={1, 3}, pick_label="Play")
        await pilot.pause()
        assert picker.has_focus and picker.cursor == 1
        await pilot.press("right", "right", "right")  # 3 is the last pickable: it stays there
        assert picker.cursor == 3 and app.moved == [3, 3, 3]
        await pilot.press("left", "left")
        assert picker.cursor == 1
        await pilot.press("end", "enter")
        await pilot.press("home", "space")
        assert app.picked == [(3, "c55"), (1, "c30")]


async def test_a_hand_picker_digits_pick_a_numbered_card_and_a_number_past_the_hand_says_so():
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(FACES[:3], CARDS[:3], numbered=True)
        await pilot.pause()
        assert "1" in screen_text(app) and "3" in screen_text(app)  # the numbers under the cards
        await pilot.press("3")
        assert picker.cursor == 2 and picker.picked == "c47"
        await pilot.press("5")
        assert picker.cursor == 2 and app.refused == ["You hold 3 cards: 5 is not one of them."]
        await pilot.press("enter")  # the game named no pick: Enter is not the hand's
        assert app.picked == []
        picker.offer(FACES[:3], CARDS[:3])  # not numbered: digits do nothing
        await pilot.press("1")
        assert picker.cursor == 2


async def test_a_hand_picker_click_moves_the_cursor_or_picks_as_the_game_asks():
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(FACES, CARDS)
        await pilot.pause()
        await pilot.click(HandPicker, offset=(2 + 6 * 2, 1))
        assert picker.cursor == 2 and app.moved == [2] and app.picked == []
        picker.offer(FACES, CARDS, pickable={0, 3}, click="pick")
        await pilot.click(HandPicker, offset=(2 + 6 * 1, 1))  # not pickable: picked all the same (the game says why)
        await pilot.click(HandPicker, offset=(2 + 6 * 3, 1))
        assert app.picked == [(1, "c30"), (3, "c55")] and picker.cursor == 3


async def test_a_hand_only_shown_takes_no_key_and_no_click_and_gives_up_the_focus():
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(FACES, CARDS, pick_label="Play")
        await pilot.pause()
        picker.show(FACES)
        await pilot.pause()
        assert not picker.has_focus and not picker.active
        await pilot.press("right", "enter")
        await pilot.click(HandPicker, offset=(2, 1))
        assert app.moved == [] and app.picked == []


async def test_a_hand_picker_keeps_its_cursor_until_the_deal_changes():
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(FACES, CARDS, key=1)
        await pilot.press("right", "right")
        picker.offer(FACES, CARDS, key=1)
        assert picker.cursor == 2
        picker.offer(FACES[:2], CARDS[:2], key=1)  # a card less: the cursor stays on the hand
        assert picker.cursor == 1
        picker.show(FACES)  # another player's turn
        picker.offer(FACES[:3], CARDS[:3], key=1)  # the next turn: where it was
        assert picker.cursor == 1
        picker.offer(FACES, CARDS, key=2)
        assert picker.cursor == 0


class PhaseProbe(GameScreen):
    """A screen whose keys are gated only by PHASE_KEYS."""

    BINDINGS = [
        Binding("s", "sort", "Sort"),
        Binding("y", "answer('yes')", "Yes"),
        Binding("n", "answer('no')", "No"),
        Binding("n", "answer('none')", "None"),
        Binding("o", "token", "Token"),
    ]
    PHASE_KEYS = {
        "order": {"sort"},
        "answer": {"answer('yes')", "answer('no')"},
        "assign": {"answer('none')", "token"},
    }
    tokens = 0

    def key_offered(self, action: str, parameters: tuple) -> bool:
        return self.tokens > 0 if action == "token" else True


def offered(screen: PhaseProbe, phase: str) -> set[str]:
    screen.view = {"phase": phase}
    probes = [("sort", ()), ("answer", ("yes",)), ("answer", ("no",)), ("answer", ("none",)), ("token", ()),
              ("rules", ())]
    return {f"{action}{list(params) if params else ''}" for action, params in probes
            if screen.check_action(action, params)}


def test_phase_keys_offer_each_action_only_in_the_phases_that_name_it():
    screen = PhaseProbe(chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random")))
    assert offered(screen, "order") == {"sort", "rules"}
    assert offered(screen, "answer") == {"answer['yes']", "answer['no']", "rules"}
    assert offered(screen, "assign") == {"answer['none']", "rules"}  # no token left
    screen.tokens = 1
    assert offered(screen, "assign") == {"answer['none']", "token", "rules"}
    assert offered(screen, "over") == {"rules"}


class ExplainProbe(PhaseProbe):
    """The same, with a key that says why "token" does not work."""

    BINDINGS = [Binding("o", "token_why", "Token", show=False)]
    EXPLAINS = {"token_why": "token"}


def test_a_key_that_explains_works_exactly_when_the_key_it_explains_does_not():
    screen = ExplainProbe(chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random")))
    screen.view = {"phase": "assign"}
    assert screen.check_action("token_why", ()) and not screen.check_action("token", ())
    screen.tokens = 1
    assert screen.check_action("token", ()) and not screen.check_action("token_why", ())
    screen.view = {"phase": "order"}  # no token key in this phase: "o" says why
    assert screen.check_action("token_why", ())


def test_a_game_screen_cannot_gate_its_keys_by_a_check_action_of_its_own():
    # It would skip the shared gates (a move waiting to pass the keyboard,
    # the final table): PHASE_KEYS, key_offered and EXPLAINS are the way.
    with pytest.raises(TypeError, match="PHASE_KEYS"):
        class OwnCheck(GameScreen):  # noqa: F841 (the class statement is the test)
            def check_action(self, action: str, parameters: tuple) -> bool | None:
                return True


async def test_blind_chicken_offers_the_arranging_keys_only_while_arranging():
    match = chicken_match(Seat("Ann"), Seat("Bot A", "random"), Seat("Bot B", "random"), seed=3)
    from tests.ui.helpers import make_app, settle

    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Sort" in footer and "Done" in footer and "Play" not in footer
        await pilot.press("enter")  # keep the dealt order
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Play end" in footer and "Sort" not in footer
        order = list(match.view()["hand"])
        await pilot.press("s")  # not offered while playing: the hand stays as it is
        await pilot.pause()
        assert list(match.view()["hand"]) == order


async def test_a_hand_too_wide_for_the_screen_overlaps_its_cards_so_every_one_shows_and_takes_a_click():
    # 26 cards (a big round's claims) in 80 columns: 13 fit side by side.
    faces = [CardFace(str(n), "W") for n in range(10, 36)]
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(faces, [str(n) for n in range(10, 36)], cursor=25, click="pick")
        await pilot.pause()
        text = screen_text(app)
        assert all(str(n) in text for n in range(10, 36))
        for index in range(26):
            x = next(x for x in range(80) if picker.index_at(x) == index)
            await pilot.click(HandPicker, offset=(x, 1))
        assert [index for index, _ in app.picked] == list(range(26))


def _cells(strips) -> list[list[tuple[str, object]]]:
    """Each line's cells, as (character, style without Textual's offsets)."""
    return [[(char, segment.style.clear_meta_and_links() if segment.style else None)
             for segment in strip for char in segment.text] for strip in strips]


@pytest.mark.parametrize("count", [6, 17], ids=["spaced", "tight"])
async def test_a_hand_drawn_card_by_card_looks_as_its_whole_text_after_every_cursor_move(count):
    # The row is drawn a line at a time from each card's cached strips, and a
    # cursor move redraws only the cards it changed: the screen must still show
    # exactly what the row's text renders to, style for style.
    from textual.visual import Visual, visualize

    faces = [CardFace(str(10 + n), "x2" if n % 3 == 0 else "", "bold #ff8700" if n % 3 == 0 else "")
             for n in range(count)]
    cards = [f"c{n}" for n in range(count)]
    picker = HandPicker()
    app = HandBench(picker)
    async with app.run_test(size=SIZE) as pilot:
        picker.offer(faces, cards, marks={0: "L", count - 1: "R"}, dim=set(range(1, count - 1, 2)))
        await pilot.pause()
        for key in ("right", "right", "end", "left", "home"):
            await pilot.press(key)
            await pilot.pause()
            width = picker.size.width
            whole = Visual.to_strips(picker, visualize(picker, picker.render()), width, 5, picker.visual_style)
            drawn = [picker.render_line(y) for y in range(5)]
            assert _cells(drawn) == _cells(whole), key
            shown = screen_text(app).splitlines()[picker.region.y:picker.region.y + 5]
            assert [line[:width].rstrip() for line in shown] == [strip.text.rstrip() for strip in whole], key
