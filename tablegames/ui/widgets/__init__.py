"""Widgets shared by every game's screen."""

from tablegames.ui.widgets.card import CardFace, card_lines
from tablegames.ui.widgets.cycler import Cycler
from tablegames.ui.widgets.footer import KeyFooter
from tablegames.ui.widgets.decision import DecisionPanel
from tablegames.ui.widgets.hand import HandPicker, HandRow
from tablegames.ui.widgets.line import TextLine
from tablegames.ui.widgets.log import LogPanel
from tablegames.ui.widgets.scores import ScoreTable
from tablegames.ui.widgets.trick import TrickArea

__all__ = ["CardFace", "card_lines", "Cycler", "DecisionPanel", "HandPicker", "HandRow", "KeyFooter",
           "LogPanel", "ScoreTable", "TextLine", "TrickArea"]
