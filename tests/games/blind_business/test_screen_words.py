"""Blind Business's screen, what a new table tripped over (issue 7): titles
that fit 80 columns, a picked card that reads as itself in ASCII, and an
``o`` that says why when no OK token can be spent."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from tablegames.core.match import Match
from tablegames.core.records import Seat
from tablegames.games.blind_business.spec import SPEC
from tablegames.games.blind_business.vocab import Phase
from tests.ui.helpers import SIZE, make_app, screen_text, settle

LONG_NAMES = ["Christabella", "Maximilianus", "Bartholomew1", "Bartholomew2", "Bartholomew3"]


def at_moment(stop: Callable[[dict, int], bool], seed: int, family: int = 0) -> Match:
    """Kim and Lee (humans, 12-character names) and Bob (bot) play seeded
    random moves until ``stop(view, seat)`` holds for the human about to
    decide, who then has the keyboard."""
    seats = [Seat("Christabella"), Seat("Maximilianus"), Seat("Bob", "heuristic")]
    match = Match.new("blind-business", seats, {"family": family}, seed=seed, autosave=False)
    return match.advance_to(stop, seed)


def test_every_prompt_fits_an_80_column_status_line_after_a_12_character_name():
    phases: set[str] = set()
    for players in range(2, 6):
        names = LONG_NAMES[:players]
        for seed in range(40):
            state = SPEC.new_game(names, {"family": seed % 4 == 3}, seed)
            rng = random.Random(seed)
            while not state.is_over():
                for seat in state.to_move():
                    line = f"{names[seat]}: {state.prompt(seat)}"
                    assert len(line) <= 80, line
                    phases.add(state.phase)
                seat = state.to_move()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert phases == {p.value for p in Phase} - {"resolve", "over"}, phases


async def test_the_first_look_title_is_shown_whole_at_80_columns():
    match = at_moment(lambda view, seat: view["phase"] == "first look", seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = screen_text(app).splitlines()[0]
        assert first.strip() == "Christabella: look at your four cards, then confirm."


@pytest.mark.parametrize("ascii", [True, False])
async def test_the_picked_card_reads_as_itself_with_its_slot_number_outside_the_marks(ascii):
    match = at_moment(lambda view, seat: view["phase"] == "ask", seed=3)
    app = make_app(match, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right")
        await pilot.pause()
        screen = app.screen
        card = screen.view["hands"][screen.target][screen.slot]
        text = screen_text(app)
        assert f"{screen.slot + 1} [{card}]" in text, text
        # No slot number or padding inside the marks, so "[2 PG9 ]" never reads as another card.
        assert f"[{screen.slot + 1} " not in text


async def test_o_without_an_ok_token_says_why():
    match = at_moment(lambda view, seat: view["phase"] == "ask" and not view["tokens"][seat], seed=3)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = list(match.record.actions)
        await pilot.press("o")
        await pilot.pause()
        assert "! You have no OK token (a won 2 gives one)." in screen_text(app)
        assert match.record.actions == before and not app.screen.use_ok


async def test_o_in_family_rules_says_there_are_no_ok_tokens():
    match = at_moment(lambda view, seat: view["phase"] == "ask", seed=3, family=1)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert "! Family rules have no OK tokens." in screen_text(app)


async def test_o_while_answering_says_a_token_goes_with_an_ask():
    match = at_moment(lambda view, seat: view["phase"] == "answer", seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert "! An OK token goes with an ask; there is nothing to ask now." in screen_text(app)


async def test_o_with_a_token_spends_it_on_the_ask():
    match = at_moment(lambda view, seat: view["phase"] == "ask" and view["tokens"][seat] > 0, seed=8)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("o", "enter")
        await pilot.pause()
        assert match.record.actions[-1][1].endswith(" ok")


def test_every_list_choice_fits_the_table_at_80_columns_with_12_character_names():
    # The table left of the log is 53 columns at 80x24; a choice line starts
    # with "▶ 1. " (5 columns), so a label may take 47 and is never cut.
    from tablegames.games.blind_business.screen.exchange import Keys, explain

    kinds: set[str] = set()
    for players in range(2, 6):
        names = LONG_NAMES[:players]
        for seed in range(30):
            state = SPEC.new_game(names, {}, seed)
            rng = random.Random(seed)
            while not state.is_over():
                for seat in state.to_move():
                    told = explain(state.view(seat), seat, Keys("↑/↓", "←/→"))
                    labels = [label for _, label in told.choices] + ([told.none[1]] if told.none else [])
                    for label in labels:
                        assert len(str(label)) <= 47, (state.phase, str(label))
                    if labels:
                        kinds.add(state.phase)
                seat = state.to_move()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert kinds == {"first look", "answer", "reply", "assign", "discard", "swap", "peek", "add"}, kinds


@pytest.mark.parametrize("key, answer", [("n", "no"), ("y", "yes"), ("2", "no"), ("enter", "yes")])
async def test_the_answer_keys_work_while_the_list_of_choices_has_the_focus(key, answer):
    match = at_moment(lambda view, seat: view["phase"] == "answer", seed=5)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = len(match.record.actions)
        await pilot.press(key)
        await pilot.pause()
        assert match.record.actions[before][1] == answer
