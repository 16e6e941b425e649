"""Blenders Tricks' screen: the pass, tricks with must-follow, the claim and
the barley token.

Draws only from the view (``View``; see ``tablegames.ui.game_screen``).

Layout at 80x24 (five players with 12-character names fit): left of the
log, a line with the round and the tokens, one row per player (cards
claimed this round, the three suit totals with this round's claims, the
spread, barley tokens, and the card they put in the trick, starred while it
wins), the lead suit and who is winning so far, and the last trick. Under it, across the full width, the hand (or the cards to
choose from) with the keys for the decision at hand.

Keys per decision:

- pass: left/right move the cursor, ``l`` / ``r`` mark the card for the left
  / right neighbour, Enter passes both (mouse: a click marks a card for the
  left, then for the right; the button passes);
- play: left/right move between the playable cards, Enter plays (or click);
- claim: left/right pick a card of the trick, Enter claims (or click);
- token: left/right pick a claimed card, Enter spends a token on it, ``k``
  keeps the token (or click a card / the button).

When a new round's pass begins, the screen first shows the round just
scored (``RoundSummary``): public things only (claimed cards, tokens earned
and spent, icons added per suit, running totals), over the whole table and
hand, so the new deal stays hidden until Enter (or a click on it). Enter
and the click work only after the app's guard time (``handover_guard``), so
a key pressed or a tap made with the round's last move cannot skip it. Every human sees it once, at their first screen
of the new round.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Click
from textual.widgets import Button, Static

from tablegames.games.blenders_tricks.vocab import (
    CARD_IDS, CLAIMS, ICONS, IS_WILD, KEEP, NUMBER_OF, PASSES, PLAYS, SPENDS, SUIT, SUIT_LETTERS,
    SUIT_NAMES, Phase,
)
from tablegames.games.blenders_tricks.view import DecisionView, View
from tablegames.core.state import seat_cards
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.review import ReviewTable
from tablegames.ui.later import later
from tablegames.ui.widgets import CardFace, HandPicker, ScoreTable, TextLine
from tablegames.ui.widgets.scores import Cell

# One colour per suit; the suit letter on the card always says it too.
SUIT_TONES = ("bold #d7d7af", "bold #ffaf00", "bold #d787ff")
WILD_TONE = "bold #5fd7ff"
LEADS = "L"  # before the name of the player who leads the trick (or the round)
RECEIVED = "new"  # under a card passed to you, until your first card of the round

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


def join_cards(cards: list[str]) -> Text:
    return Text(" ").join(inline(c) for c in cards)


def summary_due(view: View) -> int:
    """The round whose summary is due before this view's new deal: at the
    pass of round 2 or 3 (for a seat, until it has passed), the round just
    scored; else 0."""
    if view["phase"] != PASS or not view["rounds"] or len(view["rounds"]) != view["round"] - 1:
        return 0
    seat = view["seat"]
    if seat is not None and view["passed"][seat]:
        return 0
    return len(view["rounds"])


def summary_rows(view: View, number: int, labels: list[str]) -> tuple[list[str], list[list[Cell]], Text]:
    """Round ``number`` (1 = the first) as the view's public record tells
    it: the table's headers and rows (cards claimed, icons added per suit,
    the running totals after it, the spread, tokens earned, spent and held)
    and the claimed cards, one line per player."""
    rounds = view["rounds"][:number]
    done = rounds[-1]
    n = len(view["names"])
    rows: list[list[Cell]] = []
    claims = Text()
    for seat in range(n):
        totals = [sum(r["gains"][seat][i] for r in rounds) for i in range(3)]
        held = sum((r["earner"] == seat) - len(r["ignored"][seat]) for r in rounds)
        gains = done["gains"][seat]
        earned = 1 if done["earner"] == seat else 0
        rows.append([labels[seat], len(done["claimed"][seat]),
                     *[f"+{g}" for g in gains], *totals, max(totals) - min(totals),
                     earned, len(done["ignored"][seat]), held])
        if seat:
            claims.append("\n")
        claims.append(f"{view['names'][seat]}: ", style="bold")
        cards = done["claimed"][seat]
        if not cards:
            claims.append("nothing", style="dim")
        for i, number_ in enumerate(cards):
            if i:
                claims.append(" ")
            card = inline(CARD_IDS[number_])
            if number_ in done["ignored"][seat]:
                card.stylize("strike dim")
            claims.append_text(card)
        ignored = done["ignored"][seat]
        if ignored:
            claims.append(f"  (token{'s' if len(ignored) > 1 else ''} spent: "
                          f"{', '.join(map(str, ignored))} ignored)", style="italic")
    headers = ["Player", "Took", *(f"+{x}" for x in SUIT_LETTERS), *SUIT_LETTERS, "Spread",
               "Earned", "Spent", "Tokens"]
    return headers, rows, claims


class RoundSummary(Vertical):
    """The round just scored, on the whole screen (public things only)."""

    DEFAULT_CSS = """
    RoundSummary { height: auto; display: none; }
    RoundSummary #bt-sum-table { margin-top: 1; }
    RoundSummary #bt-sum-key { margin-bottom: 1; }
    RoundSummary #bt-sum-claims { margin-bottom: 1; }
    """

    def compose(self) -> ComposeResult:
        yield TextLine(id="bt-sum-title")
        yield ScoreTable(id="bt-sum-table")
        yield TextLine(Text("Took: cards claimed; +W +C +M: icons added; W C M: totals now; "
                            "tokens held", style="dim"), id="bt-sum-key")
        yield TextLine("Claimed this round (struck through: ignored with a token):", id="bt-sum-head")
        yield Static(id="bt-sum-claims", markup=False)
        yield TextLine(id="bt-sum-hint")

    def on_click(self, event: Click) -> None:
        """A click on the summary goes on, as Enter does (once it is armed:
        a stray tap with the round's last move cannot skip it)."""
        event.stop()
        screen = self.screen
        if isinstance(screen, BlendersTricksScreen):
            screen.action_summary_done()


class BlendersTricksScreen(GameScreen[View]):
    DEFAULT_CSS = """
    #bt-players { margin-bottom: 1; }
    #bt-button { margin: 0 0 0 1; height: 1; }
    """

    # The hand is a HandPicker: left/right between the cards that may be
    # chosen, Enter (in a trick, a claim, a token) chooses the one under the
    # cursor; in the pass, Enter passes the two marked cards.
    BINDINGS = [
        Binding("l", "mark('left')", "Mark left/right", group=_mark),
        Binding("r", "mark('right')", "Mark left/right", group=_mark),
        Binding("enter", "summary_done", "Continue"),
        Binding("enter", "confirm", "Confirm"),
        Binding("k", "keep", "Keep token"),
    ]

    # Which keys each phase offers (the footer shows only these).
    PHASE_KEYS = {
        PASS: {"mark", "confirm", "summary_done"},
        SPEND: {"keep"},
    }

    def __init__(self, match: Any) -> None:
        super().__init__(match)
        self.left: str | None = None  # the cards marked for the pass
        self.right: str | None = None
        self.deal_key: tuple[object, ...] = ()
        # The round summary: the round on screen (None: not showing), the
        # last round this screen showed, and whether Enter works yet.
        self.summary_round: int | None = None
        self.summary_seen = 0
        self.summary_armed = False

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="bt-info")
        yield ScoreTable(id="bt-players")
        yield TextLine(id="bt-lead")
        yield TextLine(id="bt-last")
        yield TextLine(id="bt-took")

    def compose_hand(self) -> ComposeResult:
        yield TextLine(id="bt-hand-title")
        yield HandPicker(id="bt-hand")
        yield Button("", id="bt-button", compact=True)
        yield RoundSummary(id="bt-summary")

    # How the hand is offered in a trick, a claim and a token: Enter or a click chooses.
    PICKS: dict[str, Any] = {"click": "pick", "move_label": "Cursor", "pick_label": "Confirm"}

    # ----- state of the screen
    def mine(self, *phases: str) -> bool:
        return self.phase() in phases and self.my_turn()

    @property
    def hand(self) -> HandPicker:
        return self.query_one("#bt-hand", HandPicker)

    @property
    def pickable(self) -> set[int]:
        """The cards of the hand that may be chosen now (the hand picker's)."""
        return self.hand.pickable

    def my_decision(self) -> DecisionView | None:
        decisions = self.view.get("decisions") or []
        if decisions and decisions[0]["seat"] == self.seat and self.my_turn():
            return decisions[0]
        return None

    def _keys(self) -> dict[str, str]:
        glyphs = self.glyphs
        return {"lr": glyphs.left_right, "enter": glyphs.enter}

    # ----- drawing
    def show_view(self, view: View) -> None:
        key = (view["round"], view["phase"] == PASS, tuple(view["hand"] or ()))
        if view["phase"] == PASS and key != self.deal_key:
            self.left = self.right = None
        self.deal_key = key
        due = summary_due(view)
        if due > self.summary_seen:
            self._open_summary(due)
        if self.summary_round is not None:
            self._show_summary(view)
            return
        self._show_info(view)
        self._show_players(view)
        self._show_trick(view)
        self._show_hand(view)

    # ----- the round summary
    def _open_summary(self, number: int) -> None:
        self.summary_round = self.summary_seen = number
        self.summary_armed = False
        self.hand.show([])  # its keys off while the summary is up
        self.query_one("#main").display = False
        for widget in ("#bt-hand-title", "#bt-hand", "#bt-button"):
            self.query_one(widget).display = False
        self.query_one(RoundSummary).display = True
        guard = getattr(self.app, "handover_guard", 0)
        if guard > 0:
            # From the first frame that shows it: a key pressed with the
            # round's last move cannot skip it.
            self.call_after_refresh(lambda: later(self, guard, self._arm_summary))
        else:
            self.summary_armed = True

    def _arm_summary(self) -> None:
        if self.summary_round is None:
            return
        self.summary_armed = True
        self._show_summary(self.view)
        self.update_footer()

    def _show_summary(self, view: View) -> None:
        number = self.summary_round
        assert number is not None
        names = view["names"]
        done = view["rounds"][number - 1]
        earner = names[done["earner"]]
        most = len(done["claimed"][done["earner"]])
        # Public: the status line says so (it would name the next decision).
        self.query_one("#status", TextLine).show(
            f"Round {number} of 3 is scored: everyone may look (no hands on screen).")
        self.query_one("#bt-sum-title", TextLine).show(Text(
            f"{earner} claimed the most cards ({most}) and earned a barley token.", style="bold"))
        headers, rows, claims = summary_rows(view, number, [self.seat_label(s) for s in range(len(names))])
        self.query_one("#bt-sum-table", ScoreTable).show(headers, rows, numeric=set(range(1, len(headers))))
        self.query_one("#bt-sum-claims", Static).update(claims)
        enter = self.glyphs.enter
        hint = (f"{enter}: on to round {number + 1} ({names[view['leader']]} leads), or a click"
                if self.summary_armed
                else f"One moment{'...' if self.glyphs.ascii else '…'}")
        self.query_one("#bt-sum-hint", TextLine).show(Text(hint, style="bold"))

    def action_summary_done(self) -> None:
        if self.summary_round is None or not self.summary_armed:
            return
        self.summary_round = None
        self.query_one(RoundSummary).display = False
        self.query_one("#main").display = True
        for widget in ("#bt-hand-title", "#bt-hand"):
            self.query_one(widget).display = True
        self.redraw()

    def _show_info(self, view: View) -> None:
        glyphs = self.glyphs
        names = view["names"]
        parts = [f"Round {view['round']} of 3", f"supply: {view['supply']} tokens"]
        if view["phase"] == PASS:
            parts.append(f"{names[view['leader']]} leads")
        elif view["phase"] in (PLAY, CLAIM):
            parts.append(f"tricks left: {max(view['hand_sizes'])}")
        self.query_one("#bt-info", TextLine).show(Text(f" {glyphs.sep} ".join(parts), style="bold"))

    def _show_players(self, view: View) -> None:
        """One row per player; the card each has put in the trick in the
        last column, the one winning it so far starred."""
        glyphs = self.glyphs
        phase = view["phase"]
        played = dict(seat_cards(view["trick"])) if phase in (PLAY, CLAIM) else {}
        rows: list[list[str | int | Text]] = []
        for seat in range(len(view["names"])):
            deciding = (phase == PASS and not view["passed"][seat]) or view["turn"] == seat or \
                (bool(view["decisions"]) and view["decisions"][0]["seat"] == seat)
            marks = (glyphs.turn if deciding else " ") + (LEADS if seat == view["leader"] else " ")
            totals = list(view["totals"][seat])
            for card in view["claimed"][seat]:
                if card not in view["ignoring"][seat]:
                    n = NUMBER_OF[card]
                    totals[SUIT[n]] += ICONS[n]
            trick = Text()
            if seat in played:
                if seat == view["winning"]:
                    trick.append(glyphs.win, style="bold")
                trick.append_text(inline(played[seat]))
            rows.append([marks, self.seat_label(seat), len(view["claimed"][seat]), *totals,
                         max(totals) - min(totals), view["tokens"][seat], trick])
        you = {self.seat} if self.seat is not None else set()
        self.query_one("#bt-players", ScoreTable).show(
            ["", "Player", "Took", *SUIT_LETTERS, "Spread", "Tok", "Trick"], rows, strong=you,
            numeric={2, 3, 4, 5, 6, 7})

    def _show_trick(self, view: View) -> None:
        names = view["names"]
        trick = view["trick"]
        lead_line = Text()
        if view["phase"] in (PLAY, CLAIM):
            lead_line.append("Lead   ", style="bold")
            if not trick:
                lead_line.append(f"{names[view['leader']]} leads any card")
            else:
                lead = view["lead_suit"]
                if lead is None:
                    lead_line.append("no suit yet (only wilds)")
                else:
                    lead_line.append(f"{SUIT_NAMES[lead]} ({SUIT_LETTERS[lead]})", style=SUIT_TONES[lead])
                winning = view["winning"]
                assert winning is not None  # a card is in the trick
                best = dict(seat_cards(trick))[winning]
                lead_line.append(f"  winning: {self.glyphs.win}{names[winning]}, {NUMBER_OF[best]}")
        self.query_one("#bt-lead", TextLine).show(lead_line)
        last = view["last_trick"]
        line, took = Text(), Text()
        if last:
            line.append("Last   ", style="bold")
            line.append(join_cards([c for _, c in seat_cards(last["plays"])]))
            took.append(f"       {self.glyphs.win}{names[last['winner']]} took ")
            took.append(join_cards(last["claimed"]) if last["claimed"] else Text("nothing"))
        self.query_one("#bt-last", TextLine).show(line)
        self.query_one("#bt-took", TextLine).show(took)

    def _show_hand(self, view: View) -> None:
        """The hand (or the cards to choose from) under a title line that
        says what the keys do; the status line above names the player."""
        title = self.query_one("#bt-hand-title", TextLine)
        row = self.hand
        button = self.query_one("#bt-button", Button)
        button.display = False
        hand = view["hand"]
        keys = self._keys()
        if hand is None:
            title.show("")
            row.show([], empty_text=self.hidden_hand_note())
            return
        n = len(view["names"])
        seat = view["seat"]
        assert seat is not None  # a hand is shown only in a seat's own view
        # The cursor starts over on the first card whenever the cards to choose from change.
        key = (view["round"], view["phase"], tuple(hand))
        received = set(view["received"])
        new_note = f", {RECEIVED} = passed to you" if received else ""
        if self.mine(PASS):
            left, right = view["names"][(seat + 1) % n], view["names"][(seat - 1) % n]
            marks = {}
            if self.left in hand:
                marks[hand.index(self.left)] = "L"
            if self.right in hand:
                marks[hand.index(self.right)] = "R"
            title.show(f"l = to {left}, r = to {right}, {keys['lr']} pick, {keys['enter']} passes")
            # A click marks a card; Enter passes the two marked (the screen's).
            row.offer([face(c) for c in hand], hand, key=key, marks=marks, click="pick", move_label="Cursor")
            button.label = "Pass the marked cards (Enter)"
            button.display = True
            return
        if self.mine(PLAY):
            may_play = set(view["playable"])
            ok = {i for i, c in enumerate(hand) if c in may_play}
            dim = set(range(len(hand))) - ok
            marks = {i: ("+" if dim and i in ok else "") + (RECEIVED if c in received else "")
                     for i, c in enumerate(hand)}
            extra = ("+ = playable" if dim else "") + (new_note if dim else new_note[2:])
            title.show(f"Your turn: {keys['lr']}, {keys['enter']} plays" + (f" ({extra})" if extra else ""))
            row.offer([face(c) for c in hand], hand, key=key, pickable=ok,
                      marks={i: m for i, m in marks.items() if m}, dim=dim, **self.PICKS)
            return
        decision = self.my_decision()
        if decision is not None and decision["kind"] == "claim":
            cards = decision["cards"]
            title.show(f"You won the trick: claim one more card ({keys['lr']}, {keys['enter']}, or click)")
            row.offer([face(c) for c in cards], cards, key=(key, "claim", tuple(cards)), **self.PICKS)
            return
        if decision is not None and decision["kind"] == "spend":
            cards = decision["cards"]
            held = view["tokens"][seat]
            if held == 1:
                title.show(f"Spend a barley token to ignore a card ({keys['lr']}, {keys['enter']}), "
                           f"or keep it (k)")
            else:
                title.show(f"Spend one of your {held} tokens on a card ({keys['lr']}, {keys['enter']}) "
                           f"or keep them (k)")
            row.offer([face(c) for c in cards], cards, key=(key, "spend", tuple(cards)), **self.PICKS)
            button.label = "Keep the token (k)" if held == 1 else "Keep the tokens (k)"
            button.display = True
            return
        note = f" ({RECEIVED} = passed to you)" if received else ""
        title.show(f"{view['names'][seat]}'s hand{note}")
        mine = view["my_pass"] or []
        marks = {i: RECEIVED for i, c in enumerate(hand) if c in received}
        marks.update({hand.index(c): m for c, m in zip(mine, ("L", "R")) if c in hand})
        row.show([face(c) for c in hand], marks=marks, empty_text="(no cards)")

    # ----- which keys work now
    def key_offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Enter leaves the round summary once it is armed; every other key
        only for the seat at the keyboard while it must decide, and not
        while the summary is up."""
        if action == "summary_done":
            return self.summary_round is not None and self.summary_armed
        return self.summary_round is None and self.my_turn()

    # ----- actions
    def action_mark(self, side: str) -> None:
        card = self.hand.picked
        if not self.mine(PASS) or card is None:
            return
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

    def _pass(self) -> None:
        if self.left is None or self.right is None:
            missing = "left (l)" if self.left is None else "right (r)"
            self.say(f"Mark a card for the {missing} first.")
            return
        self.act(PASSES[NUMBER_OF[self.left]][NUMBER_OF[self.right]])

    def _pick(self, index: int, card_id: str) -> None:
        card = NUMBER_OF[card_id]
        phase = self.phase()
        if phase == PLAY:
            if index not in self.hand.pickable:
                lead = self.view["lead_suit"]
                self.say(f"Follow suit: play a {SUIT_NAMES[lead]} card (or a wild)." if lead is not None
                         else "You cannot play that card now.")
                return
            self.act(PLAYS[card])
        elif phase == CLAIM:
            self.act(CLAIMS[card])
        elif phase == SPEND:
            self.act(SPENDS[card])

    def action_keep(self) -> None:
        if self.my_decision() is not None and self.phase() == SPEND:
            self.act(KEEP)

    def on_hand_picker_picked(self, event: HandPicker.Picked) -> None:
        """Enter or a click: in a trick, a claim or a token, the card chosen;
        in the pass (clicks only), a card marked for the left, then the right."""
        event.stop()
        if self.mine(PASS):
            card = event.card
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
            self._pick(event.index, event.card)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.set_focus(None)
        if self.mine(PASS):
            self._pass()
        else:
            self.action_keep()


class BlendersTricksReview(ReviewTable, BlendersTricksScreen):
    """Blenders Tricks's table in the review of a finished match (ui/review.py): the
    review's keys and lines, this screen's drawing."""
