"""Snapshots at 80x24 (animations off, steady cursor): the picker, seat
setup, and every seeded scene of every registered game (its ``SCENES``).

Regenerate after an intended change of the look:
    pytest tests/ui/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from tablegames.core import registry
from tests.fixtures import all_scenes
from tests.ui.helpers import SIZE, make_app

SCENES = all_scenes()


@pytest.fixture
def only_blind_chicken(monkeypatch):
    """The picker lists Blind Chicken alone, so adding a game does not change this snapshot."""
    info = registry.info("blind-chicken")
    monkeypatch.setattr("tablegames.ui.picker.registry.infos", lambda: [info])


def test_picker_snapshot(snap_compare, only_blind_chicken):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_seat_setup_snapshot(snap_compare, only_blind_chicken):
    assert snap_compare(make_app(), press=["1"], terminal_size=SIZE)


def test_scene_names_are_unique_so_each_has_its_own_screenshot():
    names = [scene.name for _, scene in SCENES]
    assert len(names) == len(set(names)), names
    # Every registered game shows up in the snapshots (and the screenshots).
    assert {spec.id for spec, _ in SCENES} == {spec.id for spec in registry.all_specs()}


@pytest.mark.parametrize("scene", [scene for _, scene in SCENES], ids=[scene.name for _, scene in SCENES])
def test_scene_snapshot(snap_compare, scene):
    assert snap_compare(make_app(scene.build()), press=list(scene.keys), terminal_size=SIZE)
