"""Snapshots of Blenders Tricks' main moments (its SCENES) at 80x24.

Regenerate after an intended change of the look:
    pytest tests/games/blenders_tricks/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from tablegames.games.blenders_tricks.scenes import SCENES
from tests.ui.helpers import SIZE, make_app


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_blenders_tricks_scene_snapshot(snap_compare, scene):
    assert snap_compare(make_app(scene.build()), press=list(scene.keys), terminal_size=SIZE)
