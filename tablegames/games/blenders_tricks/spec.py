"""Blenders Tricks's full spec: rules, bots and screen, imported when the game is chosen."""

from tablegames.core.game import GameSpec, SearchHooks, StageCount, rules_page
from tablegames.games.blenders_tricks import INFO
from tablegames.core.search import bot_levels
from tablegames.games.blenders_tricks.bot import HeuristicBot
from tablegames.games.blenders_tricks.position import build_position, describe_position
from tablegames.games.blenders_tricks.rules import BlendersState, new_state
from tablegames.games.blenders_tricks.sampler import sample
from tablegames.games.blenders_tricks.vocab import move_rules, move_words, parse_action

SPEC = GameSpec(
    info=INFO,
    new_state=new_state,
    parse_action=parse_action,
    move_words=move_words,
    move_rules=move_rules,
    bots=bot_levels(HeuristicBot),
    # Playouts end with the round, judged by the standings then.
    search=SearchHooks(playout="heuristic", standings=BlendersState.standings),
    stage=StageCount("round", BlendersState.stage),
    default_bot="heuristic",
    rules_text=rules_page("tablegames.games.blenders_tricks"),
    score_note="Smallest spread wins (highest minus lowest suit total); tie: the higher lowest suit.",
    score_name="spread",
    lowest_best=True,
    sample=sample,
    build_position=build_position,
    describe_position=describe_position,
    screen="tablegames.games.blenders_tricks.screen:BlendersTricksScreen",
)
