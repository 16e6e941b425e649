"""Widgets shared by every game's screen."""

from tablegames.ui.widgets.card import Card, CardFace, card_lines
from tablegames.ui.widgets.cycler import Cycler
from tablegames.ui.widgets.footer import KeyFooter
from tablegames.ui.widgets.decision import DecisionPanel
from tablegames.ui.widgets.hand import HandRow
from tablegames.ui.widgets.line import TextLine
from tablegames.ui.widgets.log import LogPanel
from tablegames.ui.widgets.pile import Pile, PileBrowser
from tablegames.ui.widgets.scores import ScoreTable
from tablegames.ui.widgets.trick import TrickArea

__all__ = ["Card", "CardFace", "card_lines", "Cycler", "DecisionPanel", "HandRow", "KeyFooter",
           "LogPanel", "Pile", "PileBrowser", "ScoreTable", "TextLine", "TrickArea"]
