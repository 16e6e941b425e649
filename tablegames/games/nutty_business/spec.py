"""Nutty Business's full spec: rules, bots and screen, imported when the game is chosen."""

from tablegames.core.game import GameSpec, SearchHooks, rules_page
from tablegames.games.nutty_business import INFO
from tablegames.core.search import bot_levels
from tablegames.games.nutty_business.bot import HeuristicBot, evaluate
from tablegames.games.nutty_business.position import build_position, describe_position
from tablegames.games.nutty_business.rules import new_state
from tablegames.games.nutty_business.sampler import sample
from tablegames.games.nutty_business.vocab import move_rules, move_words, parse_action

SPEC = GameSpec(
    info=INFO,
    new_state=new_state,
    parse_action=parse_action,
    move_words=move_words,
    move_rules=move_rules,
    # The look-ahead pays at two players (2.0x the fair share against normal
    # bots, random playouts 1.07x); at five, random playouts to the end do
    # better (1.65x against 1.0x) in a twentieth of the time.
    bots=bot_levels(HeuristicBot),
    search=SearchHooks(evaluate=evaluate, evaluate_players=frozenset({2})),
    default_bot="heuristic",
    rules_text=rules_page("tablegames.games.nutty_business"),
    score_note="Most nuts wins; ties go to Contraband in hand, then on top.",
    sample=sample,
    build_position=build_position,
    describe_position=describe_position,
    screen="tablegames.games.nutty_business.screen:NuttyBusinessScreen",
)
