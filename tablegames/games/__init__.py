"""One package per game. Adding a game = its package plus one line here;
the registry reads each module's ``SPEC``, in this order (the picker's)."""

GAME_MODULES: list[str] = [
    "tablegames.games.blind_business",
    "tablegames.games.blind_chicken",
    "tablegames.games.blasting_billy",
    "tablegames.games.nutty_business",
    "tablegames.games.blenders_tricks",
]
