"""One package per game. Importing this package registers them all."""

from tablegames.games import blind_business  # noqa: F401
from tablegames.games import blind_chicken  # noqa: F401
from tablegames.games import nutty_business  # noqa: F401
