"""Regenerate screenshots/*.svg (80x24, ASCII off): the picker, seat setup,
every registered game's seeded scenes (tests/fixtures/<game>/scenes.py, one
file per scene name), and the history, statistics and review screens over a
few seeded finished matches.

    python scripts/make_screenshots.py            # all of them
    python scripts/make_screenshots.py history    # history, statistics, review only

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


def finished_matches() -> None:
    """A few finished matches of one group of players, with seeded moves
    (the records land in the temporary data folder)."""
    import json
    import random

    from tablegames.core import registry, saves
    from tablegames.core.records import MatchRecord, Seat

    tables = [("blind-chicken", ("Kim", "Lee", "Sam", "Bot 1")), ("nutty-business", ("Kim", "Lee", "Bot 1")),
              ("blind-chicken", ("Kim", "Lee", "Sam", "Bot 1")), ("blenders-tricks", ("Kim", "Sam", "Bot 1")),
              ("blasting-billy", ("Lee", "Sam", "Bot 1")), ("blind-chicken", ("Kim", "Lee", "Sam", "Bot 1"))]
    for day, (game, names) in enumerate(tables, start=1):
        spec = registry.get(game)
        seats = [Seat(name, "heuristic" if name.startswith("Bot") else None) for name in names]
        options = spec.resolve_options({"hands": 2} if game == "blind-chicken" else {}, len(seats))
        record = MatchRecord(game=game, seats=seats, seed=day, options=options)
        state = spec.new_game(record.names, options, day)
        rng = random.Random(day)
        while not state.is_over():
            seat = state.to_move()[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            record.actions.append((seat, str(action)))
        record.finished = True
        path = saves.save(record)
        data = json.loads(path.read_text())
        data["created"] = f"2030-01-{day:02d} 20:00"
        data["updated"] = f"2030-01-{day:02d} 20:{10 + day:02d}"
        path.write_text(json.dumps(data))


async def shoot_history() -> list[Path]:
    """The history (from the picker's h), the statistics (s there) and the
    review of the newest match, two hands in."""
    from tablegames.ui.app import TableGamesApp

    finished_matches()
    shots = []
    for name, keys in (("history", ("h",)), ("statistics", ("h", "s")),
                       ("review", ("h", "enter", "pagedown", *["right"] * 6, "tab"))):
        app = TableGamesApp(bot_delay=0)
        app.animation_level = "none"
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
                await app.workers.wait_for_complete()
                await pilot.pause()
            app.save_screenshot(f"{name}.svg", path=str(OUT))
        shots.append(OUT / f"{name}.svg")
    return shots


async def main(only: str = "") -> None:
    from tablegames.core import registry
    from tests.fixtures import all_scenes

    OUT.mkdir(exist_ok=True)
    if only == "history":
        for path in await shoot_history():
            print(path.relative_to(ROOT))
        return
    number = [spec.id for spec in registry.all_specs()].index("blind-chicken") + 1
    shots = [
        await shoot("picker"),
        await shoot("setup", keys=(str(number),)),
    ]
    for _, scene in all_scenes():
        shots.append(await shoot(scene.name, scene.build(), scene.keys))
    shots += await shoot_history()
    for path in shots:
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLEGAMES_DATA_DIR"] = tmp
        os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
        sys.path.insert(0, str(ROOT))
        asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else ""))
