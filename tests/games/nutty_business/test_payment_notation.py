"""Nutty Business: how a split Customs payment may be written."""

from __future__ import annotations

import pytest

from tablegames.core.game import IllegalAction
from tablegames.games.nutty_business.spec import SPEC
from tests.games.nutty_business.helpers import decision_kind, play, table


def short_customs():
    # Kim's Contraband 2 gains 2 nuts; three officers are owed 1 each.
    state = table(["raid"], ["customs"], ["customs"], ["customs"])
    play(state, "play c2 1")
    assert decision_kind(state) == "customs"
    return state


def test_pay_accepts_an_explicit_zero_entry():
    state = short_customs()
    offered = [str(action) for action in state.legal_actions(0)]
    assert "pay 2=1 3=1" in offered
    assert SPEC.parse("pay 2=1 3=1 4=0") == SPEC.parse("pay 2=1 3=1")
    play(state, "pay 2=1 3=1 4=0")
    assert decision_kind(state) != "customs" and state.nuts[1:] == [1, 1, 0]  # paid as offered


def test_pay_with_a_zero_entry_still_names_real_seats_and_whole_numbers():
    for text in ("pay 2=1 3=1 9x=0", "pay 2=1 3=1 4=-0", "pay 2=1 3=1 4=０"):
        with pytest.raises(IllegalAction):
            SPEC.parse(text)
