"""Snapshots of Nutty Business's scenes at 80x24 from fixed seeds.

Regenerate after an intended change of the look:
    pytest tests/games/nutty_business/test_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest

from tablegames.games.nutty_business.scenes import SCENES
from tests.ui.helpers import SIZE, make_app


@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
def test_nutty_business_scene_snapshot(snap_compare, scene):
    assert snap_compare(make_app(scene.build()), press=list(scene.keys), terminal_size=SIZE)
