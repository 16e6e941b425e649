"""Snapshots of Blasting Billy's scenes at 80x24 (a turn at five, the
reveal, the outcome), from fixed seeds.

Regenerate after an intended change of the look:
    pytest tests/games/blasting_billy/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from tablegames.games.blasting_billy.scenes import SCENES
from tests.ui.helpers import SIZE, make_app


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_blasting_billy_scene_snapshot(snap_compare, scene):
    assert snap_compare(make_app(scene.build()), press=list(scene.keys), terminal_size=SIZE)
