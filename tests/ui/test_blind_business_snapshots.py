"""Snapshots of Blind Business's main moments at 80x24 from fixed seeds.

Regenerate after an intended change of the look:
    pytest tests/ui/test_blind_business_snapshots.py --snapshot-update
"""

from __future__ import annotations

from tablegames.games.blind_business.scenes import (
    finished, private_peek, recipient_answering, requester_choosing,
)
from tests.ui.helpers import SIZE, make_app


def test_blind_business_requester_choosing_a_rival_and_slot_with_an_ok_token_snapshot(snap_compare):
    # Down: the next rival; right: slot 2; o: spend the OK token.
    assert snap_compare(make_app(requester_choosing()), press=["down", "right", "o"], terminal_size=SIZE)


def test_blind_business_recipient_answering_snapshot(snap_compare):
    assert snap_compare(make_app(recipient_answering()), terminal_size=SIZE)


def test_blind_business_private_peek_after_a_4_snapshot(snap_compare):
    assert snap_compare(make_app(private_peek()), terminal_size=SIZE)


def test_blind_business_results_snapshot(snap_compare):
    assert snap_compare(make_app(finished()), terminal_size=SIZE)
