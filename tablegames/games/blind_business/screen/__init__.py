"""Blind Business's screen: everyone's hand but your own, and the exchange
as a conversation.

Draws only from the view (``vocab.BusinessView``). The view already hides
the faces of the keyboard seat's own hand ("back"), except during its
private looks, when they are drawn marked "only you see this". The parts:

- ``screen/board.py``: the board under the table, two lines per seat (hand slots,
  then the play area by district); it owns the pick of a card (the slot
  cursor, its keys and clicks) and posts ``Picked`` when it is made;
- ``screen/exchange.py``: the exchange in plain words, the choices of the list
  decisions (as action objects) and the last exchange;
- ``screen/__init__.py``: the table (round, deck and token counts, the words, the pick
  or the list of choices), what the board offers to pick, the answer keys,
  and the actions it plays.

Keys per decision:

- ask: up/down rival, left/right or 1-4 slot, o OK token, Enter asks
  (a click selects a rival's card, a second click asks; the OK token's
  button under the pick spends a token or not, as ``o`` does);
- answer: y / n (or the list); take: left/right or 1-4, Enter;
- counter-ask: left/right or 1-4, o OK token, Enter; reply: a / r;
- Trainer, discard, swap, playground add, looks: the list (a DecisionPanel:
  up/down and Enter, a choice's number, a click; n = "none" where there is one).

``o`` always answers: it toggles the OK token, or says why it cannot.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button, Static

from tablegames.core.match_side import MatchSide
from tablegames.games.blind_business.vocab import (
    ACCEPT,
    NO,
    REJECT,
    YES,
    Action,
    Ask,
    CounterAsk,
    Take,
)
from tablegames.games.blind_business.screen.board import BoardLook, BusinessBoard, Pick
from tablegames.games.blind_business.screen.exchange import (
    Explanation,
    Keys,
    choice_line,
    explain,
    last_exchange,
    waiting,
)
from tablegames.games.blind_business.view import BusinessView
from tablegames.games.blind_business.vocab import Phase
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.review import ReviewTable
from tablegames.ui.widgets import DecisionPanel, TextLine

PICKING = (Phase.ASK, Phase.TAKE, Phase.COUNTER)

# The answer keys: the word in the binding -> the action.
ANSWERS: dict[str, Action] = {"yes": YES, "no": NO, "accept": ACCEPT, "reject": REJECT}


class BlindBusinessScreen(GameScreen[BusinessView]):
    DEFAULT_CSS = """
    BlindBusinessScreen #bb-info { text-style: bold; }
    BlindBusinessScreen #bb-say { height: auto; }
    BlindBusinessScreen #bb-choice { height: auto; text-style: bold; }
    BlindBusinessScreen #bb-choices { height: auto; max-height: 9; }
    BlindBusinessScreen #bb-choices > VerticalScroll { max-height: 7; }
    BlindBusinessScreen #bb-last { height: auto; }
    BlindBusinessScreen #bb-ok { height: 1; width: auto; margin-left: 2; }
    """

    BINDINGS = [
        # Picking a card is the board's (its own keys while it has the
        # focus); "o" always answers: when the board cannot toggle a token,
        # this says why.
        Binding("o", "ok_why", "OK token", show=False),
        # Answers (the list of choices, a DecisionPanel, has its own keys).
        Binding("y", "answer('yes')", "Yes"),
        Binding("n", "answer('no')", "No"),
        Binding("a", "answer('accept')", "Accept"),
        Binding("r", "answer('reject')", "Reject"),
    ]

    # What each phase offers the seat that decides (key_offered: that seat
    # at the keyboard).
    PHASE_KEYS = {
        Phase.ANSWER: {"answer('yes')", "answer('no')"},
        Phase.REPLY: {"answer('accept')", "answer('reject')"},
    }

    def __init__(self, match: MatchSide) -> None:
        super().__init__(match)
        self.choices_key: tuple[object, ...] = ()
        self.choice_actions: list[Action] = []
        self.none_action: Action | None = None
        self.said = ""
        self.chosen = Text()
        self.last_said = Text()

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="bb-info")
        yield Static(id="bb-say", markup=False)
        yield Static(id="bb-choice", markup=False)
        ok = Button("", id="bb-ok", compact=True)
        ok.can_focus = False  # Enter stays the ask's
        ok.display = False
        yield ok
        yield Static(id="bb-last", markup=False)
        yield DecisionPanel(id="bb-choices")

    def compose_hand(self) -> ComposeResult:
        yield BusinessBoard(id="bb-board")

    # ----- helpers over the view
    def deciding(self) -> bool:
        """Whether the seat at the keyboard decides now."""
        return self.my_turn() and self.phase() not in ("", Phase.OVER)

    def who(self, seat: int) -> str:
        return str(self.view["names"][seat])

    @property
    def board(self) -> BusinessBoard:
        return self.query_one(BusinessBoard)

    def pick_key(self, view: BusinessView) -> tuple[object, ...]:
        """One decision's pick (a new one starts afresh on the board)."""
        request = view["request"]
        return (view["turn"], view["phase"], view["requester"],
                request["recipient"] if request else None, self.seat)

    def pick_seats(self, view: BusinessView) -> tuple[int, ...]:
        """Whose cards the seat at the keyboard may pick in this phase: any
        rival's when asking (the left neighbour first, then clockwise), the
        asked player's when taking, the asker's when counter-asking."""
        phase, request, me = view["phase"], view["request"], self.seat
        if phase == Phase.ASK and me is not None:
            n = len(view["names"])
            return tuple((me + k) % n for k in range(1, n))
        if request is None:
            return ()
        if phase == Phase.TAKE:
            return (request["recipient"],)
        if phase == Phase.COUNTER:
            return (request["requester"],)
        return ()

    def pick_seat(self) -> int | None:
        """Whose hand the board's cursor is on (None: nothing to pick)."""
        board = self.board
        return board.seat if board.pick is not None else None

    @property
    def target(self) -> int | None:
        """The rival asked (while asking): the board's pick."""
        return self.pick_seat() if self.phase() == Phase.ASK else None

    @property
    def slot(self) -> int:
        """The slot under the board's cursor, 0-based."""
        return self.board.slot

    @property
    def use_ok(self) -> bool:
        """Whether an OK token goes with the pick (the board's)."""
        return self.board.use_ok

    def keys(self) -> Keys:
        glyphs = self.glyphs
        return Keys(ud=glyphs.up_down, lr=glyphs.left_right, enter=glyphs.enter)

    # ----- drawing
    def show_view(self, view: BusinessView) -> None:
        self._show_info(view)
        self._show_board(view)
        self._show_decision(view)

    def _show_info(self, view: BusinessView) -> None:
        sep = f" {self.glyphs.sep} "
        parts = [f"Round {view['round']}/{view['rounds']}", f"deck {view['deck']}",
                 f"put away {view['removed']}"]
        if view["family"]:
            parts.append("family rules")
        else:
            parts.append(f"OK tokens left {view['token_supply']}")
        self.query_one("#bb-info", TextLine).show(sep.join(parts))

    def _show_board(self, view: BusinessView) -> None:
        board = self.board
        look = BoardLook(me=self.seat, labels=[self.seat_label(s) for s in range(len(view["names"]))],
                         glyphs=self.glyphs)
        seats = self.pick_seats(view) if self.deciding() and view["phase"] in PICKING else ()
        if not seats:
            board.show(view, look)
            return
        me = self.seat
        token = me is not None and view["phase"] != Phase.TAKE and bool(view["tokens"][me])
        label = "Take" if view["phase"] == Phase.TAKE else "Ask"
        off_seat = ("Ask a rival: pick a card in another player's hand." if view["phase"] == Phase.ASK
                    else f"Pick one of {self.who(seats[0])}'s cards.")
        board.offer(view, look, Pick(self.pick_key(view), seats, token, label, off_seat))

    def _show_decision(self, view: BusinessView) -> None:
        phase = view["phase"]
        mine = self.deciding()
        me = self.seat
        if mine and me is not None:
            told = explain(view, me, self.keys())
        else:
            told = Explanation(waiting(view, [self.seat_label(s) for s in range(len(view["names"]))]))
        if told.text != self.said:
            # A new layout only when the words change (the height may).
            self.said = told.text
            self.query_one("#bb-say", Static).update(told.text)
        picking = mine and phase in PICKING
        choice = self.query_one("#bb-choice", Static)
        seat = self.pick_seat()
        line = (choice_line(view, seat, self.slot, self.use_ok, self.glyphs.turn)
                if picking and seat is not None else Text())
        if line != self.chosen:
            self.chosen = line
            choice.update(line)
        if choice.display != picking:
            choice.display = picking
        self._show_ok_button(view, picking)
        last = self.query_one("#bb-last", Static)
        summary = last_exchange(view, self.glyphs.sep) if phase == Phase.ASK else Text()
        if summary != self.last_said:
            self.last_said = summary
            last.update(summary)
        if last.display != bool(summary):
            last.display = bool(summary)
        self._show_choices(told if mine else Explanation(""))

    def _show_ok_button(self, view: BusinessView, picking: bool) -> None:
        """The OK token as a button under the pick (for a tablet, as ``o``),
        while the seat at the keyboard asks and holds a token."""
        button = self.query_one("#bb-ok", Button)
        offer = picking and self.seat is not None and self.phase() != Phase.TAKE \
            and bool(view["tokens"][self.seat])
        if offer:
            label = "Ask without the OK token (o)" if self.use_ok else "Spend an OK token on this ask (o)"
            if str(button.label) != label:
                button.label = label
        if button.display != offer:
            button.display = offer

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "bb-ok":
            self.board.action_toggle_ok()

    def _show_choices(self, told: Explanation) -> None:
        """The list decisions in the DecisionPanel (hidden otherwise)."""
        panel = self.query_one("#bb-choices", DecisionPanel)
        self.choice_actions = [action for action, _ in told.choices]
        self.none_action = told.none[0] if told.none else None
        if told.choices or told.none:
            key = (self.pick_key(self.view), tuple(str(action) for action in self.choice_actions), str(self.none_action))
            if key != self.choices_key:
                self.choices_key = key
                # Labels are Text or plain str: a player's name is never read as markup.
                panel.ask(told.title, [label for _, label in told.choices],
                          none=told.none[1] if told.none else None)
            if not panel.display:
                panel.display = True
                panel.disabled = False
            if self.focused is not panel:
                panel.focus()
        elif panel.display:
            if self.focused is panel:  # (has_focus follows a focus change only later)
                self.set_focus(None)
            self.choices_key = ()
            panel.display = False
            panel.disabled = True

    # ----- which keys work now
    def key_offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        return self.deciding() and self.seat is not None

    # ----- the board's pick
    def on_business_board_moved(self, event: BusinessBoard.Moved) -> None:
        event.stop()
        self.say("")
        self._show_decision(self.view)

    def on_business_board_token_toggled(self, event: BusinessBoard.TokenToggled) -> None:
        event.stop()
        self._show_decision(self.view)

    def on_business_board_refused(self, event: BusinessBoard.Refused) -> None:
        event.stop()
        self.say(event.text)

    def on_business_board_picked(self, event: BusinessBoard.Picked) -> None:
        event.stop()
        phase = self.phase()
        if phase == Phase.ASK:
            self.act(Ask(event.seat, event.slot + 1, event.ok))
        elif phase == Phase.TAKE:
            self.act(Take(event.slot + 1))
        elif phase == Phase.COUNTER:
            self.act(CounterAsk(event.slot + 1, event.ok))

    def action_ok_why(self) -> None:
        """``o`` when no token can be spent now: say why."""
        view = self.view
        if not view:
            return
        if view["family"]:
            self.say("Family rules have no OK tokens.")
        elif not self.deciding():
            self.say("An OK token goes with your own ask; it is not your decision now.")
        elif self.phase() not in (Phase.ASK, Phase.COUNTER):
            self.say("An OK token goes with an ask; there is nothing to ask now.")
        else:
            self.say("You have no OK token (a won 2 gives one).")

    # ----- answers and lists
    def action_answer(self, word: str) -> None:
        if word in ANSWERS:
            self.act(ANSWERS[word])

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        event.stop()
        if event.index is None:
            if self.none_action is not None:
                self.act(self.none_action)
        elif 0 <= event.index < len(self.choice_actions):
            self.act(self.choice_actions[event.index])


class BlindBusinessReview(ReviewTable, BlindBusinessScreen):
    """Blind Business's table in the review of a finished match (ui/review.py): the
    review's keys and lines, this screen's drawing."""


__all__ = ["BlindBusinessScreen", "BlindBusinessReview", "BusinessBoard", "Pick"]
