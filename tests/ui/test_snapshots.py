"""Snapshots of the main screens at 80x24 from fixed seeds.

Regenerate after an intended change of the look:
    pytest tests/ui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tablegames.games.blind_chicken import scenes
from tests.ui.helpers import SIZE, make_app


@pytest.fixture
def only_blind_chicken(monkeypatch):
    """The picker lists Blind Chicken alone, so adding a game does not change this snapshot."""
    spec = registry.get("blind-chicken")
    monkeypatch.setattr("tablegames.ui.picker.registry.all_specs", lambda: [spec])


def test_picker_snapshot(snap_compare, only_blind_chicken):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_seat_setup_snapshot(snap_compare, only_blind_chicken):
    assert snap_compare(make_app(), press=["1"], terminal_size=SIZE)


def test_handover_snapshot(snap_compare):
    assert snap_compare(make_app(scenes.handover()), terminal_size=SIZE)


def test_waiting_to_pass_the_keyboard_snapshot(snap_compare):
    assert snap_compare(make_app(scenes.waiting_to_pass()), terminal_size=SIZE)


def test_blind_chicken_play_phase_snapshot(snap_compare):
    assert snap_compare(make_app(scenes.blind_chicken_play()), terminal_size=SIZE)


def test_results_snapshot(snap_compare):
    assert snap_compare(make_app(scenes.results()), terminal_size=SIZE)
