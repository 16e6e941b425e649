"""Blenders Tricks: a trick-taking game of balanced whisky blends."""

from tablegames.core.game import GameSpec, SearchHooks, rules_page
from tablegames.core.search import bot_levels
from tablegames.games.blenders_tricks.bot import HeuristicBot
from tablegames.games.blenders_tricks.rules import BlendersState, new_state, parse_action, sample

SPEC = GameSpec(
    id="blenders-tricks",
    title="Blenders Tricks",
    min_players=3,
    max_players=5,
    pitch="Win tricks to claim cards from three cask suits; the most balanced blend wins.",
    new_state=new_state,
    parse_action=parse_action,
    bots=bot_levels(HeuristicBot),
    # Playouts end with the round, judged by the standings then.
    search=SearchHooks(playout="heuristic", stage=BlendersState.stage, standings=BlendersState.standings),
    default_bot="heuristic",
    rules_text=rules_page(__package__),
    score_note="Smallest spread wins (highest minus lowest suit total); tie: the higher lowest suit.",
    score_name="spread",
    lowest_best=True,
    sample=sample,
    screen="tablegames.games.blenders_tricks.screen:Screen",
    scenes="tablegames.games.blenders_tricks.scenes",
    driver="tablegames.games.blenders_tricks.driver:decide",
)
