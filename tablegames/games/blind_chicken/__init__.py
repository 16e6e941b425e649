"""Blind Chicken: only the ends of your hand can be played."""

from importlib.resources import files

from tablegames.core.bots import RandomBot
from tablegames.core.game import GameSpec, Option
from tablegames.core.registry import register
from tablegames.games.blind_chicken.bot import HeuristicBot
from tablegames.games.blind_chicken.rules import new_state, parse_action

SPEC = register(GameSpec(
    id="blind-chicken",
    title="Blind Chicken",
    min_players=3,
    max_players=6,
    pitch="Fix your hand's order, then play only from its ends; dodge the chickens.",
    new_state=new_state,
    parse_action=parse_action,
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    default_bot="heuristic",
    rules_text=lambda: files(__package__).joinpath("rules.md").read_text(encoding="utf-8"),
    options=(
        Option("hands", "Hands", 0, (0, *range(1, 13), -1),
               "How many hands the match lasts.",
               {0: "one per player", -1: "no limit (play to the target)"}),
        Option("target", "Target", 0, (0, 20, 30, 40, 50, 75, 100),
               "The match also ends when someone reaches this many minus points.",
               {0: "off"}),
    ),
    score_note="Fewest minus points wins.",
))
