"""Regenerate screenshots/*.svg (80x24, ASCII off): the picker, seat setup,
and every registered game's seeded scenes (``GameSpec.scenes``), one file
per scene name.

    python scripts/make_screenshots.py

Saves go to a temporary folder, so the picker shows no saved matches and
your own saves are never touched.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "screenshots"
SIZE = (80, 24)


async def shoot(name: str, match=None, keys: tuple[str, ...] = ()) -> Path:
    from tablegames.ui.app import TableGamesApp

    app = TableGamesApp(match=match, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", path=str(OUT))
    return OUT / f"{name}.svg"


async def main() -> None:
    from tablegames.core import registry
    from tablegames.ui.assets import all_scenes

    OUT.mkdir(exist_ok=True)
    number = [spec.id for spec in registry.all_specs()].index("blind-chicken") + 1
    shots = [
        await shoot("picker"),
        await shoot("setup", keys=(str(number),)),
    ]
    for _, scene in all_scenes():
        shots.append(await shoot(scene.name, scene.build(), scene.keys))
    for path in shots:
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLEGAMES_DATA_DIR"] = tmp
        os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
        sys.path.insert(0, str(ROOT))
        asyncio.run(main())
