"""Blenders Tricks' screen: the pass, tricks with must-follow, the claim and
the barley token.

Draws only from the view dict (see ``tablegames.ui.game_screen``).

Layout at 80x24 (five players fit): left of the log, a line with the round
and the tokens, one row per player (cards in hand, cards claimed this
round, the three suit totals with this round's claims, the spread, barley
tokens), the trick with the lead suit and who is winning so far, and the
last trick. Under it, across the full width, the hand (or the cards to
choose from) with the keys for the decision at hand.

Keys per decision:

- pass: left/right move the cursor, ``l`` / ``r`` mark the card for the left
  / right neighbour, Enter passes both (mouse: a click marks a card for the
  left, then for the right; the button passes);
- play: left/right move between the playable cards, Enter plays (or click);
- claim: left/right pick a card of the trick, Enter claims (or click);
- token: left/right pick a claimed card, Enter spends a token on it, ``k``
  keeps the token (or click a card / the button).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button

from tablegames.games.blenders_tricks.vocab import (
    ICONS, IS_WILD, NUMBER_OF, SUIT, SUIT_LETTERS, SUIT_NAMES, Phase,
)
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.widgets import CardFace, HandRow, ScoreTable, TextLine, TrickArea

# One colour per suit; the suit letter on the card always says it too.
SUIT_TONES = ("bold #d7d7af", "bold #ffaf00", "bold #d787ff")
WILD_TONE = "bold #5fd7ff"
LEADS = "L"  # before the name of the player who leads the trick (or the round)

_cursor = Binding.Group("Cursor", compact=True)
_mark = Binding.Group("Mark left/right", compact=True)

PASS, PLAY, CLAIM, SPEND = Phase.PASS.value, Phase.PLAY.value, Phase.CLAIM.value, Phase.SPEND.value


def face(card: str) -> CardFace:
    """A card: its number, then its suit letter and cask icons (``W3``), or
    ``*`` for a wild."""
    n = NUMBER_OF[card]
    if IS_WILD[n]:
        return CardFace(str(n), "*", WILD_TONE)
    suit = SUIT[n]
    return CardFace(str(n), f"{SUIT_LETTERS[suit]}{ICONS[n]}", SUIT_TONES[suit])


def inline(card: str) -> Text:
    """A card on one line: ``37W3`` or ``20*``."""
    f = face(card)
    return Text(f"{f.label}{f.mark}", style=f.tone)


def playable(hand: list[str], lead: int | None) -> set[int]:
    """Indexes of the cards in ``hand`` that may be played (must-follow; a
    wild always)."""
    every = set(range(len(hand)))
    if lead is None:
        return every
    numbers = [NUMBER_OF[c] for c in hand]
    if not any(SUIT[n] == lead for n in numbers):
        return every
    return {i for i, n in enumerate(numbers) if SUIT[n] == lead or IS_WILD[n]}


def join_cards(cards: list[str]) -> Text:
    return Text(" ").join(inline(c) for c in cards)


class Screen(GameScreen):
    DEFAULT_CSS = """
    #bt-players { margin-bottom: 1; }
    #bt-button { margin: 0 0 0 1; height: 1; }
    """

    BINDINGS = [
        Binding("left", "cursor(-1)", "Cursor", group=_cursor),
        Binding("right", "cursor(1)", "Cursor", group=_cursor),
        Binding("l", "mark('left')", "Mark left/right", group=_mark),
        Binding("r", "mark('right')", "Mark left/right", group=_mark),
        Binding("enter", "confirm", "Confirm"),
        Binding("k", "keep", "Keep token"),
    ]

    # Which keys each phase offers (the footer shows only these).
    PHASE_KEYS = {
        PASS: {"cursor", "mark", "confirm"},
        PLAY: {"cursor", "confirm"},
        CLAIM: {"cursor", "confirm"},
        SPEND: {"cursor", "confirm", "keep"},
    }

    def __init__(self, match) -> None:
        super().__init__(match)
        self.cursor = 0
        self.left: str | None = None  # the cards marked for the pass
        self.right: str | None = None
        self.deal_key: tuple = ()
        self.choices: list[str] = []  # the cards the hand row shows now
        self.pickable: set[int] = set()  # indexes in ``choices`` that can be chosen

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="bt-info")
        yield ScoreTable(id="bt-players")
        yield TrickArea("Trick", id="bt-trick")
        yield TextLine(id="bt-lead")
        yield TextLine(id="bt-last")

    def compose_hand(self) -> ComposeResult:
        yield TextLine(id="bt-hand-title")
        yield HandRow(id="bt-hand")
        yield Button("", id="bt-button", compact=True)

    # ----- state of the screen
    def mine(self, *phases: str) -> bool:
        return self.phase() in phases and self.my_turn()

    def my_decision(self) -> dict | None:
        decisions = self.view.get("decisions") or []
        if decisions and decisions[0]["seat"] == self.seat and self.my_turn():
            return decisions[0]
        return None

    def _keys(self) -> dict[str, str]:
        glyphs = self.glyphs
        return {"lr": glyphs.left_right, "enter": glyphs.enter}

    # ----- drawing
    def show_view(self, view: dict) -> None:
        key = (view["round"], view["phase"] == PASS, tuple(view["hand"] or ()))
        if view["phase"] == PASS and key != self.deal_key:
            self.left = self.right = None
            self.cursor = 0
        self.deal_key = key
        self._show_info(view)
        self._show_players(view)
        self._show_trick(view)
        self._show_hand(view)

    def _show_info(self, view: dict) -> None:
        glyphs = self.glyphs
        names = view["names"]
        parts = [f"Round {view['round']} of 3", f"tokens in supply: {view['supply']}"]
        if view["phase"] == PASS:
            parts.append(f"{names[view['leader']]} will lead")
        self.query_one("#bt-info", TextLine).show(Text(f" {glyphs.sep} ".join(parts), style="bold"))

    def _show_players(self, view: dict) -> None:
        glyphs = self.glyphs
        phase = view["phase"]
        rows = []
        for seat in range(len(view["names"])):
            deciding = (phase == PASS and not view["passed"][seat]) or view["turn"] == seat or \
                (bool(view["decisions"]) and view["decisions"][0]["seat"] == seat)
            marks = (glyphs.turn if deciding else " ") + (LEADS if seat == view["leader"] else " ")
            gained = [0, 0, 0]
            for card in view["claimed"][seat]:
                if card not in view["ignoring"][seat]:
                    n = NUMBER_OF[card]
                    gained[SUIT[n]] += ICONS[n]
            totals = view["totals"][seat]
            now = [totals[i] + gained[i] for i in range(3)]
            suits = [f"{totals[i]}+{gained[i]}" if gained[i] else str(totals[i]) for i in range(3)]
            rows.append([marks, self.seat_label(seat), view["hand_sizes"][seat],
                         len(view["claimed"][seat]), *suits, max(now) - min(now),
                         view["tokens"][seat]])
        you = {self.seat} if self.seat is not None else set()
        self.query_one(ScoreTable).show(
            ["", "Player", "Hand", "Took", *SUIT_LETTERS, "Spread", "Tok"], rows, strong=you,
            numeric={2, 3, 4, 5, 6, 7, 8})

    def _show_trick(self, view: dict) -> None:
        names = view["names"]
        n = len(names)
        trick = view["trick"]
        area = self.query_one("#bt-trick", TrickArea)
        lead_line = Text()
        if view["phase"] in (PLAY, CLAIM):
            first = trick[0][0] if trick else view["leader"]
            played = {seat: card for seat, card in trick}
            order = [(first + i) % n for i in range(n)]
            winning = view["winning"]
            area.show([(names[s], face(played[s]) if s in played else None) for s in order],
                       highlight=order.index(winning) if winning is not None else None)
            lead = view["lead_suit"]
            if not trick:
                lead_line.append("Lead   ", style="bold")
                lead_line.append(f"{names[first]} leads any card")
            else:
                lead_line.append("Lead   ", style="bold")
                if lead is None:
                    lead_line.append("no suit yet (only wilds)")
                else:
                    lead_line.append(f"{SUIT_NAMES[lead]} ({SUIT_LETTERS[lead]})", style=SUIT_TONES[lead])
                best = played[winning]
                lead_line.append(f"  winning: {self.glyphs.win}{names[winning]}, {NUMBER_OF[best]}")
        else:
            area.show([], note="no cards on the table")
        self.query_one("#bt-lead", TextLine).show(lead_line)
        last = view["last_trick"]
        line = Text()
        if last:
            line.append("Last   ", style="bold")
            line.append(join_cards([c for _, c in last["plays"]]))
            line.append(f"  {self.glyphs.win}{names[last['winner']]}: ")
            line.append(join_cards(last["claimed"]) if last["claimed"] else Text("nothing"))
        self.query_one("#bt-last", TextLine).show(line)

    def _show_hand(self, view: dict) -> None:
        title = self.query_one("#bt-hand-title", TextLine)
        row = self.query_one(HandRow)
        button = self.query_one("#bt-button", Button)
        button.display = False
        hand = view["hand"]
        keys = self._keys()
        self.choices, self.pickable = [], set()
        if hand is None:
            title.show("")
            row.show([], empty_text=self.hidden_hand_note())
            return
        who = view["names"][view["seat"]]
        phase = view["phase"]
        n = len(view["names"])
        seat = view["seat"]
        if self.mine(PASS):
            left, right = view["names"][(seat + 1) % n], view["names"][(seat - 1) % n]
            self._choose_from(hand, set(range(len(hand))))
            marks = {}
            if self.left in hand:
                marks[hand.index(self.left)] = "L"
            if self.right in hand:
                marks[hand.index(self.right)] = "R"
            title.show(f"{who}: l = to {left}, r = to {right} ({keys['lr']} to pick), "
                       f"{keys['enter']} passes both")
            row.show([face(c) for c in hand], cursor=self.cursor, marks=marks)
            button.label = "Pass the marked cards (Enter)"
            button.display = True
            return
        if self.mine(PLAY):
            ok = playable(hand, view["lead_suit"])
            self._choose_from(hand, ok)
            dim = set(range(len(hand))) - ok
            marks = {i: "+" for i in ok} if dim else {}
            extra = " (+ = playable)" if dim else ""
            title.show(f"{who}, your turn: {keys['lr']} and {keys['enter']}, or click a card{extra}")
            row.show([face(c) for c in hand], cursor=self.cursor, marks=marks, dim=dim)
            return
        decision = self.my_decision()
        if decision is not None and decision["kind"] == "claim":
            cards = decision["cards"]
            self._choose_from(cards, set(range(len(cards))))
            title.show(f"{who}, you won the trick: claim one more card ({keys['lr']}, "
                       f"{keys['enter']}, or click)")
            row.show([face(c) for c in cards], cursor=self.cursor)
            return
        if decision is not None and decision["kind"] == "spend":
            cards = decision["cards"]
            self._choose_from(cards, set(range(len(cards))))
            title.show(f"{who}: spend a barley token to ignore a card ({keys['lr']}, "
                       f"{keys['enter']}) or keep it (k)")
            row.show([face(c) for c in cards], cursor=self.cursor)
            button.label = "Keep the token (k)"
            button.display = True
            return
        received = [c for c in view["received"]]
        note = f" (passed to you: {', '.join(str(NUMBER_OF[c]) for c in received)})" if received else ""
        title.show(f"{who}'s hand{note}")
        mine = view["my_pass"] or []
        marks = {hand.index(c): m for c, m in zip(mine, ("L", "R")) if c in hand}
        row.show([face(c) for c in hand], marks=marks, empty_text="(no cards)")

    def _choose_from(self, cards: list[str], pickable: set[int]) -> None:
        self.choices, self.pickable = list(cards), set(pickable)
        if self.cursor not in pickable:
            self.cursor = min(pickable) if pickable else 0

    # ----- which keys work now
    def key_offered(self, action: str, parameters: tuple) -> bool:
        """Only for the seat at the keyboard while it must decide."""
        return self.my_turn()

    # ----- actions
    def action_cursor(self, delta: int) -> None:
        if not self.pickable:
            return
        order = sorted(self.pickable)
        if self.cursor in order:
            i = order.index(self.cursor) + delta
        else:
            i = 0 if delta > 0 else len(order) - 1
        self.cursor = order[max(0, min(len(order) - 1, i))]
        self.show_view(self.view)

    def action_mark(self, side: str) -> None:
        if not self.mine(PASS) or not self.choices:
            return
        card = self.choices[self.cursor]
        if side == "left":
            self.left = None if self.left == card else card
            if self.right == card:
                self.right = None
        else:
            self.right = None if self.right == card else card
            if self.left == card:
                self.left = None
        self.say("")
        self.show_view(self.view)

    def action_confirm(self) -> None:
        if self.mine(PASS):
            self._pass()
        elif self.mine(PLAY, CLAIM, SPEND) and self.choices:
            self._pick(self.cursor)

    def _pass(self) -> None:
        if self.left is None or self.right is None:
            missing = "left (l)" if self.left is None else "right (r)"
            self.say(f"Mark a card for the {missing} first.")
            return
        left, right = NUMBER_OF[self.left], NUMBER_OF[self.right]
        self.act(f"pass {left} {right}")

    def _pick(self, index: int) -> None:
        card = NUMBER_OF[self.choices[index]]
        phase = self.phase()
        if phase == PLAY:
            if index not in self.pickable:
                lead = self.view["lead_suit"]
                self.say(f"Follow suit: play a {SUIT_NAMES[lead]} card (or a wild)." if lead is not None
                         else "You cannot play that card now.")
                return
            self.cursor = 0
            self.act(f"play {card}")
        elif phase == CLAIM:
            self.cursor = 0
            self.act(f"claim {card}")
        elif phase == SPEND:
            self.cursor = 0
            self.act(f"spend {card}")

    def action_keep(self) -> None:
        if self.my_decision() is not None and self.phase() == SPEND:
            self.cursor = 0
            self.act("keep")

    def on_hand_row_clicked(self, event: HandRow.Clicked) -> None:
        event.stop()
        if not self.choices or event.index >= len(self.choices):
            return
        if self.mine(PASS):
            card = self.choices[event.index]
            self.cursor = event.index
            if card in (self.left, self.right):
                self.left = None if self.left == card else self.left
                self.right = None if self.right == card else self.right
            elif self.left is None:
                self.left = card
            elif self.right is None:
                self.right = card
            else:
                self.say("Both cards are marked: click one to unmark it, or pass them.")
                return
            self.say("")
            self.show_view(self.view)
        elif self.mine(PLAY, CLAIM, SPEND):
            self.cursor = event.index
            self._pick(event.index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.set_focus(None)
        if self.mine(PASS):
            self._pass()
        else:
            self.action_keep()
