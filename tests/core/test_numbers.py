"""One rule for digits everywhere: whole numbers are written with the ASCII
digits 0-9, in move notation (records), game options, seeds and the command
line's numbers (tests/test_cli.py checks the flags)."""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tablegames.core.game import IllegalAction
from tablegames.core.simulate import play_out
from tablegames.core.words import whole_number

FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
SPECS = registry.all_specs()
IDS = [spec.id for spec in SPECS]


@pytest.mark.parametrize("text, value", [("0", 0), ("7", 7), ("12", 12), ("007", 7)])
def test_whole_number_reads_ascii_digits(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize("text", ["٣", "１０", "+3", "-3", "1_000", " 3", "3 ", "3.0", "", "²", "three"])
def test_whole_number_refuses_anything_but_ascii_digits(text):
    with pytest.raises(ValueError):
        whole_number(text)


def test_a_signed_whole_number_takes_a_leading_minus_only():
    assert whole_number("-1", signed=True) == -1
    for text in ("-٣", "--1", "+1", "-"):
        with pytest.raises(ValueError):
            whole_number(text, signed=True)


def notation_with_digits(spec) -> tuple[int, str]:
    """A real move of the game written with a number of its own ("play
    robbery 2"), else with a digit in a card's name ("dump D10")."""
    playout = play_out(spec, ["random"] * spec.min_players, 3, record_actions=True)
    return next((move for move in playout.actions if any(w.isdigit() for w in move[1].split()[1:])),
                next(move for move in playout.actions if any(c.isdigit() for c in move[1])))


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
@pytest.mark.parametrize("digits", [FULL_WIDTH, ARABIC_INDIC], ids=["full-width", "arabic-indic"])
def test_a_move_written_with_other_digits_is_refused_in_every_game(spec, digits):
    _, text = notation_with_digits(spec)
    assert str(spec.parse(text)) == text  # the move as written with 0-9 is one
    other = text.translate(digits)
    with pytest.raises(IllegalAction, match=f"Not a move in {spec.title}"):
        spec.parse(other)


@pytest.mark.parametrize("spec", [s for s in SPECS if s.options], ids=[s.id for s in SPECS if s.options])
@pytest.mark.parametrize("digits", [FULL_WIDTH, ARABIC_INDIC], ids=["full-width", "arabic-indic"])
def test_an_option_written_with_other_digits_is_refused_in_every_game(spec, digits):
    opt = spec.options[0]
    good = str(opt.default)
    assert spec.resolve_options({opt.key: good}, spec.min_players)[opt.key] == opt.default
    with pytest.raises(ValueError, match=r"whole number \(digits 0-9\)"):
        spec.resolve_options({opt.key: good.translate(digits)}, spec.min_players)
