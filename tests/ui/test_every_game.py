"""One whole match of every registered game that names a key driver
(``GameSpec.driver``): two humans and a bot, through the real screens, keys
only. It checks the handover rules every game shares (``play_whole_match``)
and that each game screen draws the view of the seat at the keyboard. A
game's own privacy checks live in its tests under tests/games/<id>/."""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tablegames.core.game import GameSpec
from tablegames.core.match import Match
from tablegames.ui.assets import driver_of
from tests.ui.helpers import SIZE, ResultsScreen, Seat, make_app, play_whole_match, screen_text

DRIVEN = [spec for spec in registry.all_specs() if spec.driver]


def two_humans_and_a_bot(spec: GameSpec, seed: int) -> Match:
    """Ann and Ben (humans) and Cid (the default bot); more bots if the game
    needs more players, no bot if it takes only two."""
    players = max(min(3, spec.max_players), spec.min_players)
    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    seats = [Seat(names[0]), Seat(names[1])] + [Seat(name, spec.default_bot) for name in names[2:players]]
    return Match.new(spec.id, seats, {}, seed=seed, autosave=False)


def test_every_registered_game_with_scenes_also_has_a_driver():
    # A game that shows up in screenshots is also played through by keys here.
    assert {spec.id for spec in registry.all_specs() if spec.scenes} <= {spec.id for spec in DRIVEN}


@pytest.mark.parametrize("spec", DRIVEN, ids=[spec.id for spec in DRIVEN])
async def test_a_whole_match_with_two_humans_and_a_bot_by_keys_keeps_the_handover_rules(spec):
    match = two_humans_and_a_bot(spec, seed=1)
    decide = driver_of(spec)
    assert decide is not None
    seen: set[int] = set()

    def on_handover(screen, text):
        # Nobody's view is drawn before the next human confirms.
        assert screen.next_seat not in (None, match.at_keyboard)

    def on_game_screen(screen, text, seat):
        # The screen draws the view of the seat at the keyboard, no other.
        assert screen.seat == seat and screen.view == match.view() and screen.view.get("seat") == seat
        seen.add(seat)

    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        handovers = await play_whole_match(pilot, match, decide, on_handover=on_handover,
                                           on_game_screen=on_game_screen)
        assert isinstance(app.screen, ResultsScreen) and match.is_over()
        assert f"{spec.title}:" in screen_text(app)
    assert seen == {0, 1}  # both humans played
    assert handovers >= 2
