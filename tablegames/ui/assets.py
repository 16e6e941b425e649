"""The UI assets each game's spec names, read from the registry: its seeded
scenes (``GameSpec.scenes``, a module defining ``SCENES``) and its key driver
(``GameSpec.driver``, ``"module:function"``). The snapshot tests, the
whole-match Pilot test and scripts/make_screenshots.py iterate these, so a
new game's scenes and driver are picked up without a list written by hand.
(Its screen class, ``GameSpec.screen``, is found by ``game_screen_for``.)"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Awaitable, Callable, cast

from tablegames.core import registry
from tablegames.core.game import GameSpec, Scene

Driver = Callable[[Any], Awaitable[None]]


def scenes_of(spec: GameSpec) -> tuple[Scene, ...]:
    """The game's seeded scenes (none if its spec names no scenes module)."""
    if not spec.scenes:
        return ()
    return tuple(import_module(spec.scenes).SCENES)


def all_scenes() -> list[tuple[GameSpec, Scene]]:
    """Every registered game's scenes, in the registry's order."""
    return [(spec, scene) for spec in registry.all_specs() for scene in scenes_of(spec)]


def driver_of(spec: GameSpec) -> Driver | None:
    """The game's key driver: ``await driver(pilot)`` makes the current
    decision of the human at the keyboard with keys (None if it has none)."""
    if not spec.driver:
        return None
    driver = registry.load_asset(spec.driver)
    assert callable(driver), f"{spec.id}: driver {spec.driver!r} is not a function"
    return cast(Driver, driver)
