"""Blind Business's screen: everyone's hand but your own, and the exchange
as a conversation.

Draws only from the view (``vocab.BusinessView``). The view already hides
the faces of the keyboard seat's own hand ("back"), except during its
private looks, when they are drawn marked "only you see this". The parts:

- ``screen/board.py``: the board under the table, two lines per seat (hand slots,
  then the play area by district), with the slot cursor;
- ``screen/exchange.py``: the exchange in plain words, the choices of the list
  decisions (as action objects) and the last exchange;
- ``screen/__init__.py``: the table (round, deck and token counts, the words, the pick
  or the list of choices), the keys, and the actions it plays.

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

from typing import Any

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
from tablegames.games.blind_business.screen.board import BoardLook, BusinessBoard, board_lines
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

SLOTS = 4
PICKING = (Phase.ASK, Phase.TAKE, Phase.COUNTER)

_rival = Binding.Group("Rival", compact=True)
_slot = Binding.Group("Slot", compact=True)

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
        # Picking a slot on the board (ask, take, counter-ask).
        Binding("up", "rival(-1)", "Rival", group=_rival),
        Binding("down", "rival(1)", "Rival", group=_rival),
        Binding("left", "slot(-1)", "Slot", group=_slot),
        Binding("right", "slot(1)", "Slot", group=_slot),
        *[Binding(str(n), f"slot_no({n})", f"Slot {n}", show=False) for n in range(1, SLOTS + 1)],
        Binding("o", "toggle_ok", "OK token"),
        # The same key when no token can be spent now: it says why.
        Binding("o", "ok_why", "OK token", show=False),
        Binding("enter", "confirm_ask", "Ask"),
        Binding("enter", "confirm_take", "Take"),
        # Answers (the list of choices, a DecisionPanel, has its own keys).
        Binding("y", "answer('yes')", "Yes"),
        Binding("n", "answer('no')", "No"),
        Binding("a", "answer('accept')", "Accept"),
        Binding("r", "answer('reject')", "Reject"),
    ]

    # What each phase offers the seat that decides (key_offered adds the
    # finer tests: that seat at the keyboard, a token to spend, a rival to pick).
    PHASE_KEYS = {
        Phase.ASK: {"rival", "slot", "slot_no", "toggle_ok", "confirm_ask"},
        Phase.COUNTER: {"slot", "slot_no", "toggle_ok", "confirm_ask"},
        Phase.TAKE: {"slot", "slot_no", "confirm_take"},
        Phase.ANSWER: {"answer('yes')", "answer('no')"},
        Phase.REPLY: {"answer('accept')", "answer('reject')"},
    }
    # "o" always answers: when it cannot toggle a token, it says why.
    EXPLAINS = {"ok_why": "toggle_ok"}

    def __init__(self, match: MatchSide) -> None:
        super().__init__(match)
        self.pick_key: tuple[Any, ...] = ()
        self.target: int | None = None  # the rival whose slot is picked (ask)
        self.slot = 0  # 0-based slot under the cursor
        self.use_ok = False
        self.choices_key: tuple[Any, ...] = ()
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

    def filled(self, seat: int) -> list[int]:
        return [i for i, c in enumerate(self.view["hands"][seat]) if c is not None]

    def pick_seat(self) -> int | None:
        """Whose hand the slot cursor is on in this phase."""
        view = self.view
        phase = view["phase"]
        request = view["request"]
        if phase == Phase.ASK:
            return self.target
        if request is None:
            return None
        if phase == Phase.TAKE:
            return request["recipient"]
        if phase == Phase.COUNTER:
            return request["requester"]
        return None

    def keys(self) -> Keys:
        glyphs = self.glyphs
        return Keys(ud=glyphs.up_down, lr=glyphs.left_right, enter=glyphs.enter)

    # ----- drawing
    def show_view(self, view: BusinessView) -> None:
        self._reset_pick(view)
        self._show_info(view)
        self._show_board(view)
        self._show_decision(view)

    def _reset_pick(self, view: BusinessView) -> None:
        request = view["request"]
        key = (view["turn"], view["phase"], view["requester"],
               request["recipient"] if request else None, self.seat)
        if key == self.pick_key:
            return
        self.pick_key = key
        self.use_ok = False
        self.slot = 0
        me = self.seat
        n = len(view["names"])
        if view["phase"] == Phase.ASK and me is not None:
            self.target = (me + 1) % n  # the left neighbour first
        else:
            self.target = None
        seat = self.pick_seat()
        if seat is not None:
            filled = self.filled(seat)
            self.slot = filled[0] if filled else 0

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
        seat = self.pick_seat() if self.deciding() else None
        board = self.query_one(BusinessBoard)
        look = BoardLook(
            me=self.seat,
            labels=[self.seat_label(s) for s in range(len(view["names"]))],
            cursor=None if seat is None else (seat, self.slot),
            glyphs=self.glyphs,
            width=board.size.width or 78,
        )
        board.show(*board_lines(view, look))

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
            self.action_toggle_ok()

    def _show_choices(self, told: Explanation) -> None:
        """The list decisions in the DecisionPanel (hidden otherwise)."""
        panel = self.query_one("#bb-choices", DecisionPanel)
        self.choice_actions = [action for action, _ in told.choices]
        self.none_action = told.none[0] if told.none else None
        if told.choices or told.none:
            key = (self.pick_key, tuple(str(action) for action in self.choice_actions), str(self.none_action))
            if key != self.choices_key:
                self.choices_key = key
                # Labels are Text or plain str: a player's name is never read as markup.
                panel.ask(told.title, [label for _, label in told.choices],
                          none=told.none[1] if told.none else None)
            if not panel.display:
                panel.display = True
                panel.disabled = False
            if not panel.has_focus:
                panel.focus()
        elif panel.display:
            if panel.has_focus:
                self.set_focus(None)
            self.choices_key = ()
            panel.display = False
            panel.disabled = True

    # ----- which keys work now
    def key_offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        if not self.deciding() or self.seat is None:
            return False
        if action == "toggle_ok":
            return bool(self.view["tokens"][self.seat])
        if action == "rival":
            return len(self.view["names"]) > 2
        return True

    # ----- picking a slot on the board
    def action_rival(self, delta: int) -> None:
        if not self.deciding() or self.phase() != Phase.ASK or self.seat is None:
            return
        n = len(self.view["names"])
        seat = self.target if self.target is not None else self.seat
        for _ in range(n):
            seat = (seat + delta) % n
            if seat != self.seat:
                break
        self.target = seat
        filled = self.filled(seat)
        if self.slot not in filled and filled:
            self.slot = filled[0]
        self.say("")
        self.show_view(self.view)

    def action_slot(self, delta: int) -> None:
        seat = self.pick_seat()
        if seat is None:
            return
        filled = self.filled(seat)
        if not filled:
            return
        i = filled.index(self.slot) if self.slot in filled else 0
        self.slot = filled[(i + delta) % len(filled)]
        self.say("")
        self.show_view(self.view)

    def action_slot_no(self, number: int) -> None:
        seat = self.pick_seat()
        if seat is None:
            return
        if self.view["hands"][seat][number - 1] is None:
            left = ", ".join(str(i + 1) for i in self.filled(seat))
            self.say(f"{self.who(seat)} has no card in slot {number} now; choose {left}.")
            return
        self.slot = number - 1
        self.say("")
        self.show_view(self.view)

    def action_toggle_ok(self) -> None:
        if self.seat is None or not self.view["tokens"][self.seat]:
            self.action_ok_why()
            return
        self.use_ok = not self.use_ok
        self.show_view(self.view)

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

    def action_confirm_ask(self) -> None:
        self._confirm()

    def action_confirm_take(self) -> None:
        self._confirm()

    def _confirm(self) -> None:
        phase = self.phase()
        if phase == Phase.ASK and self.target is not None:
            self.act(Ask(self.target, self.slot + 1, self.use_ok))
        elif phase == Phase.TAKE:
            self.act(Take(self.slot + 1))
        elif phase == Phase.COUNTER:
            self.act(CounterAsk(self.slot + 1, self.use_ok))

    def on_business_board_slot_clicked(self, event: BusinessBoard.SlotClicked) -> None:
        event.stop()
        if not self.deciding() or self.phase() not in PICKING:
            self.say("There is no card to pick now.")
            return
        if self.phase() == Phase.ASK:
            if event.seat == self.seat:
                self.say("Ask a rival: pick a card in another player's hand.")
                return
            again = self.target == event.seat and self.slot == event.slot
            self.target, self.slot = event.seat, event.slot
        else:
            seat = self.pick_seat()
            if seat is None:
                return
            if event.seat != seat:
                self.say(f"Pick one of {self.who(seat)}'s cards.")
                return
            if self.view["hands"][seat][event.slot] is None:
                self.say(f"Slot {event.slot + 1} is empty now.")
                return
            again = self.slot == event.slot
            self.slot = event.slot
        if again:
            self._confirm()
        else:
            self.say("")
            self.show_view(self.view)

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


__all__ = ["BlindBusinessScreen", "BlindBusinessReview", "BusinessBoard"]
