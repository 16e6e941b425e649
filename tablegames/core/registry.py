"""The registry of games: every game package registers its GameSpec here."""

from __future__ import annotations

from tablegames.core.game import GameSpec

_GAMES: dict[str, GameSpec] = {}


class UnknownGame(LookupError):
    def __init__(self, game_id: str):
        super().__init__(f"Unknown game {game_id!r}. Known games: {', '.join(ids())}.")


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def _load() -> None:
    # Importing the games package registers every game.
    import tablegames.games  # noqa: F401


def get(game_id: str) -> GameSpec:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def all_specs() -> list[GameSpec]:
    _load()
    return list(_GAMES.values())


def ids() -> list[str]:
    _load()
    return list(_GAMES)
