"""Blind Chicken's full spec: rules, bots and screen, imported when the game is chosen."""

from tablegames.core.game import GameSpec, Option, SearchHooks, StageCount, rules_page
from tablegames.games.blind_chicken import INFO
from tablegames.core.search import bot_levels
from tablegames.games.blind_chicken.bot import HeuristicBot, nearby_orders
from tablegames.games.blind_chicken.position import build_position, describe_position
from tablegames.games.blind_chicken.rules import BlindChickenState, check_options, new_state
from tablegames.games.blind_chicken.sampler import sample
from tablegames.games.blind_chicken.vocab import move_rules, move_words, parse_action

SPEC = GameSpec(
    info=INFO,
    new_state=new_state,
    parse_action=parse_action,
    move_words=move_words,
    move_rules=move_rules,
    bots=bot_levels(HeuristicBot),
    # Playouts end with the hand, judged by the standings then.
    search=SearchHooks(playout="heuristic", alternatives=nearby_orders, standings=BlindChickenState.standings),
    stage=StageCount("hand", BlindChickenState.stage),
    default_bot="heuristic",
    rules_text=rules_page("tablegames.games.blind_chicken"),
    options=(
        Option("hands", "Hands", 0, (0, *range(1, 13), -1),
               "How many hands the match lasts.",
               {0: "one per player", -1: "no limit (play to the target)"}),
        Option("target", "Target", 0, (0, 20, 30, 40, 50, 75, 100),
               "The match also ends when someone reaches this many minus points.",
               {0: "off"}),
    ),
    score_note="Fewest minus points wins.",
    sample=sample,
    check_options=check_options,
    build_position=build_position,
    describe_position=describe_position,
    screen="tablegames.games.blind_chicken.screen:BlindChickenScreen",
)
