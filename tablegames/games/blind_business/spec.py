"""Blind Business's full spec: rules, bots and screen, imported when the game is chosen."""

from tablegames.core.game import GameSpec, Option, SearchHooks, StageCount, rules_page
from tablegames.games.blind_business import INFO
from tablegames.core.search import bot_levels
from tablegames.games.blind_business.bot import HeuristicBot, careless_share
from tablegames.games.blind_business.playout import PlayoutBot
from tablegames.games.blind_business.position import build_position, describe_position
from tablegames.games.blind_business.vocab import move_rules, move_words, parse_action
from tablegames.games.blind_business.rules import BlindBusinessState, new_state
from tablegames.games.blind_business.sampler import sample

SPEC = GameSpec(
    info=INFO,
    new_state=new_state,
    parse_action=parse_action,
    move_words=move_words,
    move_rules=move_rules,
    sample=sample,
    build_position=build_position,
    describe_position=describe_position,
    bots=bot_levels(HeuristicBot),
    search=SearchHooks(playout=PlayoutBot, lead_steps=3, random_rivals=careless_share),
    # The rounds of turns, as the table counts them (the review's PgUp/PgDn).
    stage=StageCount("round", BlindBusinessState.stage),
    default_bot="heuristic",
    rules_text=rules_page("tablegames.games.blind_business"),
    options=(
        Option("family", "Rules", 0, (0, 1),
               "Family rules: the basic game. No card or district abilities, but Trainers are placed "
               "and the Versatile fills a gap.",
               {0: "full rules", 1: "family rules"}),
    ),
    score_note="Highest score wins; five in a row wins at once.",
    screen="tablegames.games.blind_business.screen:BlindBusinessScreen",
)
