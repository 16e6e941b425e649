"""Nutty Business's screen: the players' piles and nuts, your hand, and a list
for every decision inside a turn (which top card acts first, a short Customs
payment, a Police Raid).

Draws only from the view (``NuttyView``; see ``tablegames.ui.game_screen``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tablegames.games.nutty_business.vocab import (
    BANK, C2, C3, C5, CARD_NAMES, CUSTOMS, HIDDEN, HIDEOUT, RAID, ROBBERY,
    First, Phase, Play, Raid, Start, kind_of,
)
from tablegames.games.nutty_business.view import NuttyView
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.review import ReviewTable
from tablegames.ui.widgets import CardFace, DecisionPanel, HandPicker, ScoreTable, TextLine

# Every card has a short name and a colour (never colour alone).
SHORT = {C2: "Contra 2", C3: "Contra 3", C5: "Contra 5", BANK: "Bank", RAID: "Raid",
         CUSTOMS: "Customs", ROBBERY: "Robbery", HIDEOUT: "Hideout"}
LABEL = {C2: "$2", C3: "$3", C5: "$5", BANK: "Bnk", RAID: "Pol", CUSTOMS: "Cus",
         ROBBERY: "Rob", HIDEOUT: "Hid"}
MARK = {C2: "+2", C3: "+3", C5: "+5", BANK: "", RAID: "", CUSTOMS: "", ROBBERY: "",
        HIDEOUT: ""}
TONE = {C2: "bold green", C3: "bold green", C5: "bold green", BANK: "bold blue",
        RAID: "bold red", CUSTOMS: "bold yellow", ROBBERY: "bold magenta", HIDEOUT: "bold cyan"}
HINT = {
    C2: "+2 each turn on top; pays Customs 1 each",
    C3: "+3 each turn on top; pays Customs 1 each",
    C5: "+5 each turn on top; pays Customs 2 each",
    BANK: "on top: no Customs, no Robbery for you",
    RAID: "on top: stack a rival's piles, +1 (+2 on Bank)",
    CUSTOMS: "on top: others' new Contraband pays you",
    ROBBERY: "on top: 1 nut per Contraband on rivals' tops",
    HIDEOUT: "takes the pile it lands on back to hand",
}


# The two piles are letters on screen (digits count the cards of a hand):
# the key plays the picked card onto that pile.
PILE_NAMES = ("A", "B")
PILE_KEYS = ("a", "b")
# The players' table's width at 80 columns (left of the log).
TABLE_WIDTH = 52
ONTO_KEYS = Binding.Group("Onto A/B", compact=True)


def card_text(card: str, *, size: int | None = None, full: bool = False) -> Text:
    """A card's name in its colour (short: "Contra 5"; full: "Contraband 5"),
    with the pile's size after it when there is more than one card."""
    if card == HIDDEN:
        return Text("face down", style="dim")
    kind = kind_of(card)
    text = Text((CARD_NAMES if full else SHORT)[kind], style=TONE[kind])
    if size is not None and size > 1:
        text.append(f" ({size})", style="")
    return text


class PileTarget(Static):
    """One of the two places a card can go; clicking it plays the picked card there."""

    class Chosen(Message):
        def __init__(self, pile: int) -> None:
            super().__init__()
            self.pile = pile

    def __init__(self, pile: int, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.pile = pile

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.pile))


def every_pile(view: NuttyView) -> Text:
    """Every player's piles, card by card, bottom to top (all of it public)."""
    names = view["names"]
    width = max(len(name[:12]) for name in names)
    text = Text()
    for seat, piles in enumerate(view["piles"]):
        if seat:
            text.append("\n")
        text.append(f"{names[seat][:12]:<{width}}", style="bold")
        nuts = view["nuts"][seat]
        text.append(f"  {nuts} nut" if nuts == 1 else f"  {nuts} nuts")
        if not piles:
            text.append("\n  no pile yet", style="dim")
        for p, pile in enumerate(piles):
            text.append(f"\n  pile {PILE_NAMES[p]}: ")
            text.append_text(Text(", ").join(card_text(c, full=True) for c in pile))
            text.append("  (top)", style="dim")
    return text


class AllPiles(ModalScreen[None]):
    """Every pile card by card, over the game screen (all of it is public)."""

    DEFAULT_CSS = """
    AllPiles { align: center middle; }
    AllPiles > #nb-all-piles {
        width: 78; height: auto; max-height: 22;
        border: round $primary-darken-1; border-title-style: bold; padding: 0 1;
    }
    App.-ascii AllPiles > #nb-all-piles { border: ascii $primary-darken-1; }
    """

    BINDINGS = [Binding("escape,v,enter,q", "dismiss", "Close")]

    def __init__(self, listing: Text) -> None:
        super().__init__()
        self.listing = listing

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="nb-all-piles"):
            yield Static(self.listing, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one("#nb-all-piles", VerticalScroll)
        scroll.border_title = "Every pile, bottom to top"
        scroll.focus()

    def on_click(self) -> None:
        self.dismiss()


class NuttyBusinessScreen(GameScreen[NuttyView]):
    DEFAULT_CSS = """
    NuttyBusinessScreen #nb-info { margin-bottom: 0; }
    NuttyBusinessScreen #nb-players { margin-bottom: 1; }
    NuttyBusinessScreen #nb-turn { height: auto; }
    NuttyBusinessScreen #nb-onto { height: 1; }
    NuttyBusinessScreen #nb-onto-label { width: auto; margin-right: 1; }
    NuttyBusinessScreen PileTarget { width: auto; margin-right: 2; }
    NuttyBusinessScreen PileTarget.-picked { text-style: bold reverse; }
    NuttyBusinessScreen #nb-choices { height: auto; }
    """

    BINDINGS = [
        # Your hand is a HandPicker: a card by the arrows or its number
        # (digits always count the cards of your hand, as in every game),
        # Enter plays it onto the pile picked; or a pile's letter plays it there.
        Binding(PILE_KEYS[0], "play_on(0)", "Onto A/B", key_display=f"{PILE_KEYS[0]}/",
                group=ONTO_KEYS),
        Binding(PILE_KEYS[1], "play_on(1)", "Onto A/B", group=ONTO_KEYS),
        Binding("up", "pile(0)", "Pile", show=False),
        Binding("down", "pile(1)", "Pile", show=False),
        # A list of choices (order, Customs split, Police Raid) is a
        # DecisionPanel: up/down, Enter, a digit or a click, its own keys.
        # Looking through the piles.
        Binding("v", "piles", "Every pile"),
    ]

    def __init__(self, match: Any) -> None:
        super().__init__(match)
        self.target = 0  # the pile a card goes to
        self.hand_key: tuple[object, ...] = ()  # a new hand or turn: the first pile again
        self.choices_key: tuple[object, ...] = ()
        self.choice_actions: list[Any] = []

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="nb-info")
        yield ScoreTable(id="nb-players")
        yield Static(id="nb-turn", markup=False)

    def compose_hand(self) -> ComposeResult:
        yield TextLine(id="nb-hand-title")
        yield HandPicker(id="nb-hand")
        with Horizontal(id="nb-onto"):
            yield TextLine("Onto:", id="nb-onto-label")
            yield PileTarget(0, id="nb-onto-0")
            yield PileTarget(1, id="nb-onto-1")
        yield DecisionPanel(id="nb-choices")

    # ----- what is due
    def decision(self) -> str:
        """The kind of decision the seat at the keyboard must make now
        ("start", "play", "order", "customs", "raid"), or ""."""
        view = self.view
        if not view or not self.my_turn():
            return ""
        if view["phase"] == "setup":
            return "start"
        d = view["decision"]
        return d["kind"] if d else ""

    # Which keys each phase offers; key_offered: only while a card is due
    # (not an order, customs or a raid to answer).
    PHASE_KEYS = {Phase.PLAY: {"pile", "play_on"}}

    def key_offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        return self.decision() == "play"

    # ----- drawing
    def face(self, card: str) -> CardFace:
        kind = kind_of(card)
        return CardFace(LABEL[kind], MARK[kind], TONE[kind])

    @property
    def hand(self) -> HandPicker:
        return self.query_one("#nb-hand", HandPicker)

    @property
    def cursor(self) -> int | None:
        """The card of the hand under the cursor (the hand picker's)."""
        return self.hand.cursor

    def show_view(self, view: NuttyView) -> None:
        self._show_info(view)
        self._show_players(view)
        self._show_turn(view)
        self._show_hand(view)
        self._show_choices(view)

    def _show_info(self, view: NuttyView) -> None:
        names = view["names"]
        parts = [f"Supply {view['supply']} nuts"]
        if view["phase"] == "setup":
            parts.append("first cards, face down")
        elif view["phase"] == "over":
            parts.append("game over")
        else:
            parts.append(f"turn {view['turn_no']}")
            if 0 in view["hand_sizes"]:
                # Who is out is said under the table, where names have room.
                parts.append("last round")
        self.query_one("#nb-info", TextLine).show(Text(f" {self.glyphs.sep} ".join(parts),
                                                       style="bold"))

    def _show_players(self, view: NuttyView) -> None:
        glyphs = self.glyphs
        rows = []
        setup = view["phase"] == "setup"
        for seat in range(len(view["names"])):
            if setup:
                mark = " " if view["chosen"][seat] else glyphs.turn
            else:
                mark = glyphs.turn if view["turn"] == seat else " "
            if view["winners"] and seat in view["winners"]:
                mark = glyphs.win
            piles = view["piles"][seat]
            cells: list[Text | str] = []
            for p in range(2):
                if p < len(piles):
                    cells.append(card_text(piles[p][-1], size=len(piles[p])))
                elif setup and p == 0:
                    cells.append(Text("face down" if view["chosen"][seat] else "choosing",
                                      style="dim"))
                else:
                    cells.append(Text("-", style="dim"))
            rows.append([mark, self.seat_label(seat), view["nuts"][seat],
                         view["hand_sizes"][seat], *cells])
        headers = ["", "Player", "Nuts", "Hand", *(f"Pile {name}" for name in PILE_NAMES)]
        table = self.query_one("#nb-players", ScoreTable)
        # Names are at most 12 characters and fit; "(bot)" after a bot's long
        # name (an old save) is left out when the row would not fit.
        widths = [max(len(headers[c]), *(len(str(r[c])) for r in rows)) for c in range(2, 6)]
        room = (table.size.width or TABLE_WIDTH) - 2 - sum(w + 1 for w in widths)
        for seat, row in enumerate(rows):
            if len(str(row[1])) > room:
                row[1] = view["names"][seat]
        you = {self.seat} if self.seat is not None else set()
        table.show(headers, rows, strong=you, numeric={2, 3})

    def _show_turn(self, view: NuttyView) -> None:
        box = self.query_one("#nb-turn", Static)
        names = view["names"]
        text = Text()
        if view["phase"] == "over" and view["winners"]:
            text.append(f"{self.glyphs.win} " + " and ".join(names[s] for s in view["winners"])
                        + " won.", style="bold")
        elif view["played"] and view["turn"] is not None:
            text.append(f"{names[view['turn']]} played ")
            text.append_text(card_text(view["played"], full=True))
            text.append(".")
        out = [names[s] for s, size in enumerate(view["hand_sizes"]) if size == 0]
        if out and view["phase"] == "play":
            if text:
                text.append("\n")
            text.append(f"Last round: {' and '.join(out)} "
                        f"{'is' if len(out) == 1 else 'are'} out of cards.")
        box.update(text)

    def _show_hand(self, view: NuttyView) -> None:
        title = self.query_one("#nb-hand-title", TextLine)
        row = self.hand
        onto = self.query_one("#nb-onto", Horizontal)
        hand = view["hand"]
        kind = self.decision()
        if hand is None:
            title.show("")
            row.display = True
            row.show([], empty_text=self.hidden_hand_note())
            onto.display = False
            return
        key = (tuple(hand), view["turn_no"])
        if key != self.hand_key:
            self.hand_key = key
            self.target = 0
        seat = view["seat"]
        assert seat is not None  # a hand is shown only in a seat's own view
        who = view["names"][seat]
        listing = kind in ("order", "customs", "raid")
        row.display = not listing
        onto.display = kind in ("play", "start")
        faces = [self.face(c) for c in hand]
        # Every card carries its number: the digit key that picks it.
        numbers = {i: str(i + 1) for i in range(len(faces))}
        if kind in ("play", "start"):
            # Enter plays the card onto the pile picked, or lays the first card.
            row.offer(faces, hand, key=key, numbered=True,
                      pick_label="Play" if kind == "play" else "Lay face down")
            card = row.picked
            hint = HINT[kind_of(card)] if card else ""
            title.show(Text.assemble((f"{who}: ", "bold"), (SHORT[kind_of(card)], TONE[kind_of(card)])
                                     if card else "", f" - {hint}"))
            self._show_targets(view, kind)
            return
        first = view["first_card"]
        if first is not None:
            title.show(Text.assemble(f"{who}'s hand; first card laid face down: ",
                                     card_text(first)))
        else:
            title.show(f"{who}'s hand")
        row.show(faces, marks=numbers, empty_text="(no cards left)")

    def _show_targets(self, view: NuttyView, kind: str) -> None:
        seat = view["seat"]
        assert seat is not None
        piles = view["piles"][seat]
        targets = [self.query_one("#nb-onto-0", PileTarget), self.query_one("#nb-onto-1", PileTarget)]
        arrows = "up/down" if self.glyphs.ascii else "↑/↓"
        keys = f"{'/'.join(PILE_KEYS)}, or {arrows} + Enter"
        if kind == "start":
            targets[0].update(Text("[Enter: lay it face down as your first pile]"))
            targets[0].set_class(True, "-picked")
            targets[1].display = False
            self.query_one("#nb-onto-label", TextLine).show("")
            return
        targets[1].display = True
        for p, target in enumerate(targets):
            if p < len(piles):
                label = Text.assemble(f"[{PILE_NAMES[p]}] ", card_text(piles[p][-1]),
                                      f" ({len(piles[p])})")
            else:
                label = Text(f"[{PILE_NAMES[p]}] new pile")
            target.update(label)
            target.set_class(p == self.target, "-picked")
        self.query_one("#nb-onto-label", TextLine).show(f"Onto pile ({keys}):")

    def _choice_items(self, view: NuttyView, kind: str) -> tuple[str, list[tuple[Any, Text]]]:
        names = view["names"]
        seat = view["seat"]
        d = view["decision"]
        assert seat is not None and d is not None  # called while the seat at the keyboard decides
        items: list[tuple[Any, Text]] = []
        if kind == "order":
            piles = view["piles"][seat]
            for first in (0, 1):
                a, b = piles[first][-1], piles[1 - first][-1]
                items.append((First(first), Text.assemble(
                    card_text(a, full=True), " first, then ", card_text(b, full=True))))
            return "Which top card acts first?", items
        if kind == "customs":
            owed = d["owed"]
            options = self.match.legal_actions()
            for action in options:
                paid = dict(action.amounts)
                parts = [f"{names[s]} {paid.get(s, 0)}" for s, _ in owed]
                items.append((action, Text("pay " + ", ".join(parts))))
            return f"Split {d['gained']} nuts among the Customs", items
        if kind == "raid":
            for victim in d["targets"]:
                piles = view["piles"][victim]
                for covered in (0, 1):
                    under, over = piles[covered][-1], piles[1 - covered][-1]
                    gain = 2 if kind_of(under) == BANK else 1
                    items.append((Raid(victim, covered), Text.assemble(
                        f"{names[victim]}: cover ", card_text(under),
                        " with ", card_text(over), f" (+{gain})")))
            return "Police Raid: whose piles?", items
        return "", items

    def _show_choices(self, view: NuttyView) -> None:
        panel = self.query_one("#nb-choices", DecisionPanel)
        kind = self.decision()
        title, items = self._choice_items(view, kind) if kind in ("order", "customs", "raid") \
            else ("", [])
        self.choice_actions = [action for action, _ in items]
        if items:
            key = (kind, view["turn_no"], tuple(str(a) for a in self.choice_actions))
            if key != self.choices_key:
                self.choices_key = key
                panel.ask(title, [text for _, text in items])
            panel.display = True
            if not panel.has_focus:
                panel.focus()
            seat = view["seat"]
            assert seat is not None
            self.query_one("#nb-hand-title", TextLine).show(
                Text.assemble((f"{view['names'][seat]}: ", "bold"),
                              view["decision"]["reason"] if view["decision"] else ""))
        elif panel.display:
            if panel.has_focus:
                self.set_focus(None)
            self.choices_key = ()
            panel.display = False

    # ----- your hand
    def on_hand_picker_moved(self, event: HandPicker.Moved) -> None:
        event.stop()
        self.say("")
        self.show_view(self.view)  # the title names the card picked

    def on_hand_picker_picked(self, event: HandPicker.Picked) -> None:
        event.stop()
        if self.decision() == "start":
            self.action_lay()
        else:
            self.action_play()

    def action_pile(self, pile: int) -> None:
        self.target = pile
        self.show_view(self.view)

    def _picked(self) -> int | None:
        card = self.hand.picked
        return None if card is None else kind_of(card)

    def action_play_on(self, pile: int) -> None:
        self.target = pile
        self.action_play()

    def action_play(self) -> None:
        card = self._picked()
        if card is None:
            self.say("You have no card to play.")
            return
        self.act(Play(card, self.target))

    def action_lay(self) -> None:
        card = self._picked()
        if card is not None:
            self.act(Start(card))

    def on_pile_target_chosen(self, event: PileTarget.Chosen) -> None:
        event.stop()
        kind = self.decision()
        if kind == "start":
            self.action_lay()
        elif kind == "play":
            self.action_play_on(event.pile)

    # ----- lists
    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        event.stop()
        if event.index is not None and event.index < len(self.choice_actions):
            self.act(self.choice_actions[event.index])

    # ----- looking through the piles
    def action_piles(self) -> None:
        if self.view:
            self.app.push_screen(AllPiles(every_pile(self.view)))

    def on_click(self, event: Click) -> None:
        # A click on the players' table looks through every pile.
        if isinstance(event.widget, ScoreTable):
            event.stop()
            self.action_piles()


class NuttyBusinessReview(ReviewTable, NuttyBusinessScreen):
    """Nutty Business's table in the review of a finished match (ui/review.py): the
    review's keys and lines, this screen's drawing."""


__all__ = ["NuttyBusinessScreen", "NuttyBusinessReview", "PileTarget", "AllPiles", "every_pile"]
