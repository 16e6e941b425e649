"""The registry of games, read from the one list of game packages in
``tablegames.games.GAME_MODULES``. Listing the games reads each package's
light ``INFO`` (core/info.py); a game's full ``SPEC`` (its ``spec.py``:
rules, bots, screen) is imported only when that game is asked for."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from tablegames.core.info import GameInfo

if TYPE_CHECKING:
    from tablegames.core.game import GameSpec


class UnknownGame(LookupError):
    def __init__(self, game_id: str):
        super().__init__(f"Unknown game {game_id!r}. Known games: {', '.join(ids())}.")


@cache
def _packages() -> dict[str, str]:
    """Game id -> package, in the picker's order."""
    from tablegames.games import GAME_MODULES

    return {import_module(path).INFO.id: path for path in GAME_MODULES}


def infos() -> list[GameInfo]:
    """Every game's light metadata, in the picker's order (no rules loaded)."""
    return [import_module(path).INFO for path in _packages().values()]


def info(game_id: str) -> GameInfo:
    try:
        return import_module(_packages()[game_id]).INFO  # type: ignore[no-any-return]
    except KeyError:
        raise UnknownGame(game_id) from None


@cache
def get(game_id: str) -> "GameSpec":
    """The full spec of ``game_id``: imports the game's rules, bots and screen
    assets' names."""
    try:
        package = _packages()[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    spec: GameSpec = import_module(f"{package}.spec").SPEC
    return spec


def all_specs() -> list["GameSpec"]:
    """Every game's full spec (loads every game: not for the picker)."""
    return [get(game_id) for game_id in _packages()]


def ids() -> list[str]:
    return list(_packages())


def load_asset(path: str) -> object:
    """The object named by a spec's "module:name" asset path."""
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)
