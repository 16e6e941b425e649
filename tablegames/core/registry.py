"""The registry of games, read from the one list of game modules in
``tablegames.games.GAME_MODULES``: each module defines ``SPEC``."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from tablegames.core.game import GameSpec


class UnknownGame(LookupError):
    def __init__(self, game_id: str):
        super().__init__(f"Unknown game {game_id!r}. Known games: {', '.join(ids())}.")


@cache
def _games() -> dict[str, GameSpec]:
    from tablegames.games import GAME_MODULES

    specs = (import_module(path).SPEC for path in GAME_MODULES)
    return {spec.id: spec for spec in specs}


def get(game_id: str) -> GameSpec:
    try:
        return _games()[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def all_specs() -> list[GameSpec]:
    return list(_games().values())


def ids() -> list[str]:
    return list(_games())


def load_asset(path: str) -> object:
    """The object named by a spec's "module:name" asset path."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)
