"""Blind Chicken's screen: arrange the hand, play an end card, set a trick aside.

Every choice takes keys or clicks alone (a tablet has no keyboard): arranging,
a tap on a card lifts it and a tap on another card puts it in that place (a
second tap on the same card puts it back), the Sort and Done buttons sort
the hand and confirm it; playing, a tap on the leftmost or rightmost card;
setting a trick aside, a tap on a line of the list.

Draws only from the view (``BlindChickenView``; see ``tablegames.ui.game_screen``).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button

from tablegames.games.blind_chicken.cards import EGGS, card_number, trick_score
from tablegames.games.blind_chicken.glyphs import ChickenGlyphs, chicken_glyphs
from tablegames.games.blind_chicken.view import BlindChickenView, LastTrick
from tablegames.games.blind_chicken.vocab import ASIDE, ORDER, PLAY, Order, Play, SetAside
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.review import ReviewTable
from tablegames.core.match_side import MatchSide
from tablegames.core.words import plural
from tablegames.ui.widgets import CardFace, DecisionPanel, HandPicker, ScoreTable, TextLine, TrickArea

CHICKEN_TONE = "bold #ff8700"

_move = Binding.Group("Move", compact=True)
_play = Binding.Group("Play end", compact=True)


# Each seat's arrangement in progress or confirmed, per match: (hand number,
# the cards sorted) -> the order. A new screen opens for every handover, and
# a confirmed arrangement that is taken back comes back from the rules in the
# dealt order: this keeps it as the player made it. Only ever shown to that
# seat, on its own screen, in the arranging phase.
_ARRANGED: "WeakKeyDictionary[MatchSide, dict[int, tuple[tuple[object, ...], list[str]]]]" = WeakKeyDictionary()


class BlindChickenScreen(GameScreen[BlindChickenView]):
    DEFAULT_CSS = """
    #bc-players { margin-bottom: 1; }
    /* Six seats: the trick may take four lines, so no gap above it. */
    #bc-players.-six { margin-bottom: 0; }
    #bc-aside > VerticalScroll { max-height: 6; }
    #bc-hand-top { height: 1; }
    #bc-hand-top Button { margin-left: 1; width: auto; min-width: 0; }
    """

    # The hand's cursor (left/right, Home/End) and Enter to play the end
    # under it are the hand picker's; arranging, Enter is "Done".
    BINDINGS = [
        # Arranging the hand.
        Binding("comma,shift+left", "move(-1)", "Move card", group=_move, key_display=","),
        Binding("full_stop,shift+right", "move(1)", "Move card", group=_move, key_display="."),
        Binding("s", "sort", "Sort"),
        Binding("enter", "confirm", "Done"),
        # Playing an end card: `l` / `r` play at once.
        Binding("l", "play('L')", "Play end", group=_play),
        Binding("r", "play('R')", "Play end", group=_play),
        # Setting a trick aside: the decision panel's keys (up/down, Enter, n).
    ]

    # Which actions belong to which phase (the footer shows only these).
    PHASE_KEYS = {
        ORDER: {"move", "sort", "confirm"},
        PLAY: {"play"},
    }

    def __init__(self, match: MatchSide) -> None:
        super().__init__(match)
        self.order: list[str] = []  # the hand as arranged so far (ordering phase)
        self.order_key: tuple[object, ...] = ()
        self.lifted: int | None = None  # the card a tap lifted, to put in the place tapped next
        self.aside_key: tuple[object, ...] = ()  # the set-aside decision the panel shows (its highlight is kept)

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="bc-info")
        yield ScoreTable(id="bc-players")
        yield TrickArea("Trick", id="bc-trick")
        yield TextLine(id="bc-last")

    def compose_hand(self) -> ComposeResult:
        with Horizontal(id="bc-hand-top"):
            yield TextLine(id="bc-hand-title")
            for label, name in (("Sort", "bc-sort"), ("Done", "bc-done")):
                button = Button(label, id=name, compact=True)
                button.can_focus = False  # keys stay the screen's
                yield button
        yield HandPicker(id="bc-hand")
        yield DecisionPanel(id="bc-aside")

    # ----- drawing
    @property
    def own_glyphs(self) -> ChickenGlyphs:
        return chicken_glyphs(self.glyphs.ascii)

    def face(self, card: str) -> CardFace:
        n = card_number(card)
        eggs = EGGS[n]
        if eggs:
            return CardFace(str(n), f"{self.own_glyphs.chicken}{eggs}", CHICKEN_TONE)
        return CardFace(str(n))

    def mine(self, phase: str) -> bool:
        """Whether the seat at the keyboard has to decide in ``phase`` now."""
        return self.phase() == phase and self.my_turn()

    @property
    def hand(self) -> HandPicker:
        return self.query_one("#bc-hand", HandPicker)

    @property
    def cursor(self) -> int | None:
        """The card of the hand under the cursor (the hand picker's)."""
        return self.hand.cursor

    def show_view(self, view: BlindChickenView) -> None:
        self._show_info(view)
        self._show_players(view)
        self._show_trick(view)
        self._show_hand(view)

    def _show_info(self, view: BlindChickenView) -> None:
        limit = view["hand_limit"]
        hands = f"Hand {view['hand_no']} of {limit}" if limit > 0 else f"Hand {view['hand_no']}"
        glyphs, own = self.glyphs, self.own_glyphs
        names = view["names"]
        sep = f" {glyphs.sep} "
        target = [f"ends at -{view['target']}"] if view["target"] else []
        named = [f"{own.dealer} dealer: {names[view['dealer']]}"]
        marks = f"{own.dealer} dealer"
        if view["phase"] != ORDER:
            named.append(f"{own.leader} leads: {names[view['leader']]}")
            marks += f", {own.leader} leads"
        line = self.query_one("#bc-info", TextLine)
        text = sep.join([hands, *named, *target])
        if cell_len(text) > (line.size.width or self.app.size.width - 28):
            # Two long names do not fit beside the log: the marks' meaning
            # instead (the players' table shows every name with its mark).
            text = sep.join([hands, marks, *target])
        line.show(Text(text, style="bold"))

    def _show_players(self, view: BlindChickenView) -> None:
        glyphs, own = self.glyphs, self.own_glyphs
        phase = view["phase"]
        rows: list[list[Text | str | int]] = []
        for seat, name in enumerate(view["names"]):
            to_move = (view["turn"] == seat) or (phase == ORDER and not view["ordered"][seat])
            marks = (glyphs.turn if to_move and phase != ORDER else " ")
            marks += own.dealer if seat == view["dealer"] else " "
            marks += own.leader if seat == view["leader"] and phase != ORDER else " "
            taken = view["taken"][seat]
            if phase == ORDER:
                chickens = Text("ready" if view["ordered"][seat] else "arranging", style="dim")
            else:
                # Which chickens, by number only (the column says they are
                # chickens; the points are in "This hand"): with their eggs
                # they wrapped over lines at six seats and pushed the trick
                # off an 80x24 screen.
                chickens = Text(" ".join(str(card_number(c)) for t in taken for c in t["chickens"]),
                                style=CHICKEN_TONE)
            rows.append([
                marks,
                self.seat_label(seat),
                view["hand_sizes"][seat],
                sum(t["score"] for t in taken),
                view["scores"][seat],
                chickens,
            ])
        you = {self.seat} if self.seat is not None else set()
        # "Cards": how many each holds; "This hand": the points of the hand
        # being played so far; "Total": the match so far.
        table = self.query_one(ScoreTable)
        table.set_class(len(rows) >= 6, "-six")
        table.show(
            ["", "Player", "Cards", "This hand", "Total", "Chickens"], rows, strong=you,
            numeric={2, 3, 4},
        )

    def _show_trick(self, view: BlindChickenView) -> None:
        names = view["names"]
        n = len(names)
        trick = view["trick"]
        area = self.query_one("#bc-trick", TrickArea)
        if view["phase"] == PLAY or trick:
            first = trick[0][0] if trick else view["leader"]
            played = {seat: card for seat, card in trick}
            order = [(first + i) % n for i in range(n)]
            area.show([(names[s], self.face(played[s]) if s in played else None) for s in order])
        else:
            area.show([], note="no cards on the table")
        last = view["last_trick"]
        line = self.query_one("#bc-last", TextLine)
        line.show(self._last_trick(last, names, line.size.width or self.app.size.width - 28) if last else Text())

    def _last_trick(self, last: LastTrick, names: list[str], width: int) -> Text:
        """"Last   ★Kim took: 41 50 14 52🐔3 53 56" in ``width`` cells, or, when
        that does not fit (a long name and many chickens at six seats), the
        number of chickens and the points: the log and the players' table
        say which chickens."""
        faces = [self.face(c) for c in last["cards"]]
        head = Text.assemble(("Last   ", "bold"), f"{self.glyphs.win}{names[last['winner']]} took")
        full = Text.assemble(head, ": ", Text(" ").join(f.inline_text() for f in faces))
        if full.cell_len <= width:
            return full
        chickens = sum(1 for f in faces if f.mark)
        points = trick_score(card_number(c) for c in last["cards"])
        return Text.assemble(head, f" {plural(chickens, 'chicken')}: {points}")

    def _show_hand(self, view: BlindChickenView) -> None:
        title = self.query_one("#bc-hand-title", TextLine)
        hand_row = self.hand
        aside = self.query_one("#bc-aside", DecisionPanel)
        hand = view["hand"]
        phase = view["phase"]
        self._hide_aside(aside)
        hand_row.display = True
        arranging = phase == ORDER and self.my_turn() and hand is not None
        for button in self.query("#bc-hand-top Button"):
            button.display = arranging
        glyphs = self.glyphs
        if hand is None:
            title.show("")
            hand_row.show([], empty_text=self.hidden_hand_note())
            return
        seat = view["seat"]
        assert seat is not None  # a hand is shown only in a seat's view
        who = view["names"][seat]
        if phase == ORDER and self.my_turn():
            key = (view["hand_no"], tuple(sorted(hand)))
            if key != self.order_key:
                kept_key, kept = _ARRANGED.get(self.match, {}).get(seat, ((), []))
                self.order = list(kept) if kept_key == key else list(hand)
                self.order_key, self.lifted = key, None
            marks = {0: "L", len(self.order) - 1: "R"}
            if self.lifted is not None:
                title.show(f"{who}: tap the place for your {card_number(self.order[self.lifted])} "
                           "(or tap it again)")
                marks[self.lifted] = "move"
            else:
                title.show(f"{who}: {glyphs.left_right} choose, ,/. move (or tap a card, then its place)")
            # Enter is "Done" (the screen's); a tap lifts or places a card.
            hand_row.offer([self.face(c) for c in self.order], self.order, key=key, marks=marks,
                           click="pick", move_label="Cursor")
            return
        if phase == ASIDE and self.my_turn():
            hand_row.show([])
            hand_row.display = False
            title.show(f"{who}, you took the last trick")
            self._fill_aside(view, aside)
            return
        faces = [self.face(c) for c in hand]
        ends = {0: "L"} if len(faces) == 1 else {0: "L", len(faces) - 1: "R"}
        middle = set(range(1, len(faces) - 1))
        if phase == PLAY and self.my_turn():
            title.show(f"{who}, your turn: l or r plays an end card ({glyphs.left_right} and "
                       f"{glyphs.enter}, or a click)")
            # Only the ends can be picked: left/right go from one to the other.
            hand_row.offer(faces, hand, pickable=set(ends), marks=ends, dim=middle, click="pick",
                           move_label="Pick end", pick_label="Play")
            return
        if phase == ORDER:
            # (Not yet arranged only in a review, where nobody decides.)
            title.show(f"{who}'s hand (arranged; it stays in this order)" if view["ordered"][seat]
                       else f"{who}'s hand as dealt (still to arrange)")
        else:
            title.show(f"{who}'s hand")
        hand_row.show(faces, marks=ends if phase == PLAY else {}, dim=middle if phase == PLAY else set(),
                      empty_text="(no cards)")

    def _hide_aside(self, aside: DecisionPanel) -> None:
        if aside.has_focus:
            self.set_focus(None)
        aside.display = False
        aside.disabled = True

    def _fill_aside(self, view: BlindChickenView, aside: DecisionPanel) -> None:
        aside.display = True
        aside.disabled = False
        assert self.seat is not None
        tricks = view["taken"][self.seat][:-1]
        key = (view["hand_no"], len(tricks))
        if key != self.aside_key:
            self.aside_key = key
            labels = []
            for i, trick in enumerate(tricks, start=1):
                chickens = Text(" ").join(self.face(c).inline_text() for c in trick["chickens"])
                labels.append(Text.assemble(f"Trick {i}: ", chickens if trick["chickens"] else ("no chickens", "dim"),
                                            f"  ({plural(trick['score'], 'point')})"))
            costliest = min(range(len(tricks)), key=lambda i: tricks[i]["score"]) if tricks else None
            start = costliest if costliest is not None and tricks[costliest]["score"] < 0 else len(tricks)
            aside.ask(f"Set one earlier trick aside unscored ({self.glyphs.up_down}, {self.glyphs.enter}), "
                      "or keep all (n):", labels, none="Keep all tricks (set none aside)", highlighted=start)
        aside.focus()

    # ----- arranging
    def on_hand_picker_moved(self, event: HandPicker.Moved) -> None:
        event.stop()
        if self.mine(ORDER):
            self.lifted = None
            self.show_view(self.view)

    def action_move(self, delta: int) -> None:
        if not self.mine(ORDER):
            self.say("Your hand's order is fixed now.")
            return
        self.lifted = None
        cursor = self.hand.cursor or 0
        target = cursor + delta
        if not 0 <= target < len(self.order):
            self.say("That card is already at the end.")
            return
        self.order[cursor], self.order[target] = self.order[target], self.order[cursor]
        self.hand.cursor = target
        self.say("")
        self._keep_arrangement()
        self.show_view(self.view)

    def action_sort(self) -> None:
        if not self.mine(ORDER):
            self.say("Your hand's order is fixed now.")
            return
        self.lifted = None
        ascending = sorted(self.order, key=card_number)
        self.order = ascending[::-1] if self.order == ascending else ascending
        self._keep_arrangement()
        self.show_view(self.view)

    def _keep_arrangement(self) -> None:
        if self.seat is not None and self.order_key:
            _ARRANGED.setdefault(self.match, {})[self.seat] = (self.order_key, list(self.order))

    def action_confirm(self) -> None:
        if self.mine(ORDER):
            self.act(Order(tuple(card_number(c) for c in self.order)))
        else:
            self.say("There is no hand for you to arrange now.")

    # ----- playing
    def action_play(self, side: str) -> None:
        # The cursor stays on the end played: the next turn starts there.
        if self.hand.cards:
            self.hand.cursor = 0 if side == "L" else len(self.hand.cards) - 1
        self.act(Play(side))

    def on_hand_picker_picked(self, event: HandPicker.Picked) -> None:
        """Enter or a tap on an end card plays it; arranging, a tap lifts or places a card."""
        event.stop()
        if self.mine(ORDER):
            self._tap_arranging(event.index)
        elif self.phase() == PLAY:
            last = len(self.view["hand"] or ()) - 1
            if event.index == 0:
                self.action_play("L")
            elif event.index == last:
                self.action_play("R")
            else:
                self.say("Only the leftmost or rightmost card can be played.")

    def _tap_arranging(self, index: int) -> None:
        """A tap lifts a card; the next tap puts it in the place tapped (the
        cards between shift over), or back where it was."""
        lifted = self.lifted
        if lifted is not None and lifted != index and 0 <= lifted < len(self.order):
            self.order.insert(index, self.order.pop(lifted))
            self._keep_arrangement()
            self.lifted = None
        else:
            self.lifted = None if lifted == index else index
        self.hand.cursor = index
        self.say("")
        self.show_view(self.view)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "bc-sort":
            self.action_sort()
        elif event.button.id == "bc-done":
            self.action_confirm()

    # ----- setting aside
    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        event.stop()
        self.act(SetAside(None if event.index is None else event.index + 1))


class BlindChickenReview(ReviewTable, BlindChickenScreen):
    """Blind Chicken's table in the review of a finished match (ui/review.py): the
    review's keys and lines, this screen's drawing."""
