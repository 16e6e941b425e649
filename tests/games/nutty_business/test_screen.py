"""Nutty Business through the real screens, driven by keys and clicks:
handovers, what each seat sees, every decision, fitting 80x24 at 5 players."""

from __future__ import annotations

import re

import pytest

from tablegames.core.match import Match
from tests.fixtures.nutty_business.scenes import (
    a_turn, every_pile, first_card, police_raid, seeded_position,
)
from tablegames.games.nutty_business.screen import LABEL, SHORT, AllPiles, PileTarget
from tablegames.games.nutty_business.vocab import CARD_NAMES, HIDEOUT, kind_of
from tablegames.ui.widgets import HandRow
from tests.ui.helpers import (
    SIZE, GameScreen, HandoverScreen, Seat, make_app,
    screen_text, settle,
)

# A card as the hand row draws it: $2 $3 $5 Bnk Pol Cus Rob Hid.
HAND_LABEL = re.compile(r"[│┃|#H](\$[235]|Bnk|Pol|Cus|Rob|Hid) ?[│┃|#H]")


def hand_labels(text: str) -> list[str]:
    return HAND_LABEL.findall(text)


def table_row(text: str, name: str) -> str:
    """The players table's row of ``name`` (left of the log panel)."""
    for line in text.splitlines():
        left = line[:54]
        if re.match(rf"^ ?[▶★>* ]? +{re.escape(name)}( \(bot\))? +\d", left):
            return left
    raise AssertionError(f"no row for {name}:\n{text}")


def own_hand(match: Match, seat: int) -> list[str]:
    """The labels of a seat's hand, read from the state (only tests may)."""
    return [LABEL[kind_of(c)] for c in match._state.view(seat)["hand"]]


# The whole game by keys, with this test's checks, is the game's one whole
# match in tests/ui/test_every_game.py (tests/fixtures/nutty_business/whole_match.py).


async def test_the_first_card_stays_face_down_for_the_other_human_until_all_have_chosen():
    match = first_card()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Kim: choose your first card" in text
        await pilot.press("right", "right", "enter")  # Contraband 5
        await settle(pilot)
        assert match.pending_pass  # Kim may still take it back: Enter passes
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)
        assert "Contraband 5" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert isinstance(app.screen, GameScreen) and app.screen.seat == 1
        kim = table_row(text, "Kim")
        assert "face down" in kim and "Contra" not in kim, kim
        assert "Contraband 5" not in text


async def test_a_turn_left_right_pick_a_card_and_a_or_b_plays_it_onto_pile_a_or_b():
    match = a_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.view["hand"]
        await pilot.press("right")
        picked = kind_of(hand[1])
        assert f"Kim: {SHORT[picked]} - " in screen_text(app), "the picked card, named"
        before = len(match.record.actions)
        await pilot.press("b")
        await pilot.pause()
        seat, notation = match.record.actions[before]
        assert seat == 0 and notation.startswith("play ") and notation.endswith(" 2")
        assert kind_of(f"{notation.split()[1]}.0") == picked


def numbers_under_the_hand(text: str) -> list[str]:
    """The line under the hand's cards: each card's number (and the cursor)."""
    lines = text.splitlines()
    bottoms = [i for i, line in enumerate(lines) if hand_labels(lines[i - 2] if i >= 2 else "")]
    return re.findall(r"\d", lines[bottoms[0] + 1]) if bottoms else []


async def test_digits_pick_a_card_of_the_hand_never_a_pile_5_then_1_plays_nothing():
    # The report: 5 (the Hideout, fifth card) then 1 "for the Hideout"
    # played the first card onto pile 1. Digits count the cards of the hand
    # (numbered under them); piles are letters.
    match = a_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.view["hand"]
        assert len(hand) == 5 and kind_of(hand[4]) == HIDEOUT
        text = screen_text(app)
        assert numbers_under_the_hand(text) == ["1", "2", "3", "4", "5"], text
        before = len(match.record.actions)
        await pilot.press("5")
        await pilot.pause()
        assert screen.cursor == 4 and "Kim: Hideout - " in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert len(match.record.actions) == before, "a digit never plays a card"
        assert screen.cursor == 0
        await pilot.press("5", "b")
        await pilot.pause()
        assert match.record.actions[before] == (0, "play hideout 2")


async def test_a_digit_past_the_hand_says_how_many_cards_you_hold():
    match = a_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("8")
        await pilot.pause()
        assert "You hold 5 cards: 8 is not one of them." in screen_text(app)
        assert app.screen.cursor == 0


async def test_the_piles_are_lettered_a_and_b_on_the_table_under_the_hand_and_in_the_footer():
    match = a_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert re.search(r"Player +Nuts +Hand +Pile A +Pile B", text), text
        assert "Onto pile (a/b, or ↑/↓ + Enter): [A] Contra 5 (3)  [B] new pile" in text, text
        assert "a/b Onto A/B" in text.splitlines()[-1]
        assert "Pile 1" not in text and "[1]" not in text


async def test_the_first_card_can_be_picked_by_its_number():
    match = first_card()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.screen.view["hand"]
        await pilot.press("3", "enter")
        await pilot.pause()
        assert match.record.actions[-1] == (0, f"start {hand[2].split('.')[0]}")


async def test_a_click_on_a_card_picks_it_and_a_click_on_a_pile_plays_it_there():
    match = a_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.screen.view["hand"]
        before = len(match.record.actions)
        await pilot.click(HandRow, offset=(6 * 2 + 2, 1))  # the third card
        await pilot.pause()
        assert app.screen.cursor == 2 and len(match.record.actions) == before
        await pilot.click("#nb-onto-0")
        await pilot.pause()
        assert match.record.actions[before] == (0, f"play {hand[2].split('.')[0]} 1")


async def test_police_raid_lists_every_rival_pile_pair_and_a_digit_picks_one():
    match = police_raid()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.decision() == "raid"
        text = screen_text(app)
        assert "Police Raid: whose piles?" in text
        count = len(screen.choice_actions)
        assert count == 2 * len(screen.view["decision"]["targets"]) >= 2
        before = len(match.record.actions)
        second = str(screen.choice_actions[1])
        assert second.startswith("raid ")
        await pilot.press("2")
        await pilot.pause()
        assert match.record.actions[before] == (1, second)


async def test_v_looks_through_every_pile_card_by_card_and_v_closes_it():
    match = every_pile()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = app.screen.view
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, AllPiles)
        text = screen_text(app)
        assert "Every pile, bottom to top" in text
        deepest = max((pile for piles in view["piles"] for pile in piles), key=len)
        assert len(deepest) >= 3
        assert ", ".join(CARD_NAMES[kind_of(c)] for c in deepest) + "  (top)" in text
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Every pile, bottom to top" not in screen_text(app)


async def test_a_click_on_the_players_table_looks_through_every_pile():
    match = a_turn()
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#nb-players", offset=(2, 1))
        await pilot.pause()
        assert isinstance(app.screen, AllPiles)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("ascii", [False, True])
async def test_five_players_fit_80x24_with_nuts_and_pile_tops_for_everyone(ascii):
    match = seeded_position(3, lambda v, s: v["decision"] is not None
                            and v["decision"]["kind"] == "play" and v["turn_no"] >= 12, players=5)
    app = make_app(match, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        view = app.screen.view
        lines = text.splitlines()
        assert len(lines) <= SIZE[1]
        for seat, name in enumerate(view["names"]):
            row = table_row(text, name)
            assert re.search(rf"\b{view['nuts'][seat]}\b", row), row
            for pile in view["piles"][seat]:
                assert f"({len(pile)})" in row or len(pile) == 1
        assert app.screen.query_one(PileTarget).region.bottom <= SIZE[1] - 2
        if ascii:
            assert all(line.isascii() for line in lines), [x for x in lines if not x.isascii()]


LONG_NAMES = ["[b]Annabelle", "Benedictus-B", "Cid Campbell", "Dee-Dominika", "Evangeline-E"]


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_last_round_with_five_12_character_names_shows_every_name_and_line_in_full(ascii):
    seats = [Seat(LONG_NAMES[0]), Seat(LONG_NAMES[1])] + [Seat(n, "heuristic") for n in LONG_NAMES[2:]]
    match = Match.new("nutty-business", seats, {}, seed=3, autosave=False).advance_to(
        lambda v, s: v["decision"] is not None and v["decision"]["kind"] == "play"
        and 0 in v["hand_sizes"], 3)
    app = make_app(match, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        view = app.screen.view
        out = [view["names"][s] for s, size in enumerate(view["hand_sizes"]) if size == 0]
        assert out and "…" not in text and "..." not in text.replace("thinking...", ""), text
        assert re.search(r"turn \d+ . last round", text), text
        assert f"Last round: {' and '.join(out)} {'is' if len(out) == 1 else 'are'} out of cards." \
            in " ".join(text.split()), text
        for name in LONG_NAMES:
            assert re.search(rf"^ ?[▶★>* ]? +{re.escape(name)} +\d", text, re.M), (name, text)
        status = text.splitlines()[0].strip()
        assert status == f"{match.names[match.at_keyboard]}: {match._state.prompt(match.at_keyboard)}"
