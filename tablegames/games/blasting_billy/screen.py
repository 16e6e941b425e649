"""Blasting Billy's screen: your hand, where each card can go, and the loot
of Billy and every player by type; then the reveal, step by step.

Draws only from the view (``BillyView``; see ``tablegames.ui.game_screen``): a card
whose value is hidden reaches the screen as a hidden token (``G?``) and is
drawn as a back in its type's colour and letter, never with a value.

Layout at 80x24 with five players: left of the log, the draw pile and box,
your three cards and the three places; under them, across the full width,
the loot board: Billy's row, then one row per player (hand types, one
column per type, your own total).

Keys: left/right, 1-3 or a click choose a card; b / c / d play it at once
to Billy, into your loot or into the box (a click on a place too). Enter
plays nothing until a place has been picked with up/down: only then does
the footer offer it, named for that place, so it never reads as "b, then
Enter". The card and the place are one widget's (``PlayPicker``: the hand
and the place list, their cursors and keys), which posts ``Played``. When the game is over the reveal opens (``RevealScreen``, the
spec's ``before_results``): Enter or space for the next step, left for the
previous one, ``s`` for the outcome; Enter on the outcome shows the results,
where the match's own keys (play again, quit) are.
"""

from __future__ import annotations

from typing import Any, Iterable, cast

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Click, Mount
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer, Static

from tablegames.core.words import plural
from tablegames.games.blasting_billy.rules import outcome_line
from tablegames.games.blasting_billy.view import BillyView, ColumnReveal, Reveal
from tablegames.games.blasting_billy.vocab import (
    PLAYS, TYPE_LETTERS, TYPE_NAMES, TYPES, Where, card_from_id, is_hidden, type_from_token,
)
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.review import ReviewTable
from tablegames.ui.glyphs import Glyphs
from tablegames.ui.keys import RULES
from tablegames.ui.results import ResultsScreen
from tablegames.ui.widgets import CardFace, DecisionPanel, HandPicker, TextLine

# Each type's colour; its letter (and the column it stands in) always says
# the type too, so colour is never the only signal. Fixed colours, not the
# terminal's palette (whose bold red and bold magenta both came out pink),
# far apart from one another (the screen tests check the distance): gold
# yellow, banknotes green, coins blue, jewelry red (the rulebook's colours)
# and diamonds cyan.
TONES = ("bold #d7af00", "bold #00af00", "bold #5f87ff", "bold #ff3030", "bold #00d7d7")
SHORT = ("Gld", "Bnk", "Cns", "Jwl", "Dia")
PLACES = (("billy", "b", "to Billy"), ("claim", "c", "into your loot"), ("dump", "d", "into the box"))

NAME_WIDTH = 14  # "Bot 1 (hard)" and a space after the turn mark
HAND_WIDTH = 4
CELL_WIDTH = 11
BOARD_WIDTH = 78  # 80 columns less the board's padding
TOTAL_WIDTH = 5  # "Total"
BODY_WIDTH = 78  # the reveal's text, likewise


def board_widths(labels: list[str]) -> tuple[int, list[int]]:
    """The board's name width and its five cells' widths: 12 for a name and
    11 a cell, until a longer label (a 12-character bot name and "(bot)")
    takes cells' room so that nothing is cut at 80 columns."""
    name = max([NAME_WIDTH - 2] + [cell_len(label) for label in labels])
    room = BOARD_WIDTH - 1 - name - 1 - HAND_WIDTH - TOTAL_WIDTH
    base, extra = divmod(room, TYPES)
    return name, [min(CELL_WIDTH, base + (t < extra)) for t in range(TYPES)]


def glyphs_of(app: Any) -> Glyphs:
    """The app's glyph set (Unicode or ASCII)."""
    glyphs: Glyphs = app.glyphs
    return glyphs


def tone(token: str) -> str:
    return TONES[type_from_token(token)]


def value_text(token: str) -> str:
    """How a face-up card shows in a column: its value, or X for the dynamite."""
    return "X" if token.endswith("X") else token[1:]


class Lines(Widget):
    """A few lines of Rich text (no wrapping); the height follows them."""

    DEFAULT_CSS = """
    Lines { height: auto; width: 1fr; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []

    def show(self, lines: list[Text]) -> None:
        layout = len(lines) != len(self.lines)
        self.lines = lines
        self.refresh(layout=layout)

    def render(self) -> Text:
        text = Text("\n").join(self.lines)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self.lines))


def cell(tokens: list[str], back: str, glyphs: Glyphs, width: int) -> Text:
    """One column of cards in ``width`` cells: backs and values in their
    type's colour; a long column shows its count and its last cards."""
    if not tokens:
        return Text(glyphs.empty, style="dim")
    parts = [(back if is_hidden(t) else value_text(t), tone(t)) for t in tokens]
    plain = " ".join(p for p, _ in parts)
    if cell_len(plain) > width:
        prefix = f"{len(tokens)}:{'..' if glyphs.ascii else '…'}"
        kept: list[tuple[str, str]] = []
        used = cell_len(prefix)
        for part in reversed(parts):
            if used + 1 + cell_len(part[0]) > width:
                break
            kept.insert(0, part)
            used += 1 + cell_len(part[0])
        text = Text(prefix, style="dim")
        for p, style in kept:
            text.append(" ")
            text.append(p, style=style)
        return text
    text = Text()
    for i, (p, style) in enumerate(parts):
        if i:
            text.append(" ")
        text.append(p, style=style)
    return text


def wrapped_column(tokens: list[str], width: int, glyphs: Glyphs) -> list[Text]:
    """A face-up column, every card in play order in its type's colour, on
    as many lines of ``width`` cells as it needs (the empty mark if none)."""
    if not tokens:
        return [Text(glyphs.empty, style="dim")]
    lines = [Text()]
    for tok in tokens:
        shown = value_text(tok)
        line = lines[-1]
        if line.plain and cell_len(line.plain) + 1 + cell_len(shown) > width:
            line = Text()
            lines.append(line)
        if line.plain:
            line.append(" ")
        line.append(shown, style=tone(tok))
    return lines


def billy_cell(tokens: list[str], back: str, glyphs: Glyphs) -> Text:
    """Billy's column before the reveal: his face-down cards and their count."""
    if not tokens:
        return Text(glyphs.empty, style="dim")
    style = tone(tokens[0])
    return Text.assemble((back * min(len(tokens), 5), style), f" {len(tokens)}")


def pad(text: Text, width: int) -> Text:
    text = text.copy()
    text.truncate(width, overflow="ellipsis")
    text.pad_right(width - cell_len(text.plain))
    return text


_PLACE = Binding.Group("Place", compact=True)


class PlayPicker(Vertical):
    """A turn's play: the hand (a HandPicker: left/right, 1-3 or a click
    choose a card) and the three places under it (each letter plays there
    at once; up/down pick a place first, then Enter plays there; a click on
    a place plays there). It owns both cursors and keys while offered, and
    posts ``Played`` with the card and the place. The hand keeps the focus
    (its arrows and digits); the place keys are this widget's, around it.
    Each place's note follows the card under the cursor."""

    DEFAULT_CSS = """
    PlayPicker { height: auto; }
    """

    # Each letter plays at once, and its footer label says the move. Enter
    # is offered only once a place is picked with up/down, and is named for
    # it ("⏎ Dump"), in the footer's room of "↑↓ Place".
    BINDINGS = [
        Binding("b", "play('billy')", "To Billy"),
        Binding("c", "play('claim')", "Claim"),
        Binding("d", "play('dump')", "Dump"),
        # Before a place is picked: "↑↓ Place"; after: the same keys, unshown.
        Binding("up", "place(-1)", "Place", group=_PLACE),
        Binding("down", "place(1)", "Place", group=_PLACE),
        Binding("up", "move_place(-1)", "Place", show=False),
        Binding("down", "move_place(1)", "Place", show=False),
        *[Binding("enter", f"play_picked('{where}')", label) for where, label in
          (("billy", "To Billy"), ("claim", "Claim"), ("dump", "Dump"))],
    ]

    class Played(Message):
        """The card ``card`` (its id in the hand) goes to ``where`` ("billy", "claim", "dump")."""

        def __init__(self, picker: PlayPicker, card: str, where: str) -> None:
            super().__init__()
            self.picker = picker
            self.card = card
            self.where = where

        @property
        def control(self) -> PlayPicker:
            return self.picker

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.offered = False
        self.notes: list[list[Text]] = []
        self._key: object = None

    def compose(self) -> ComposeResult:
        yield HandPicker(id="bb-hand")
        # The places: a list whose keys are this widget's (b / c / d, up/down
        # and Enter), so the hand keeps the focus and its arrows and digits.
        places = DecisionPanel(id="bb-places", highlighted=None)
        places.can_focus = False
        yield places

    @property
    def hand(self) -> HandPicker:
        return self.query_one("#bb-hand", HandPicker)

    @property
    def places(self) -> DecisionPanel:
        """The three places; the one highlighted with up/down this turn is
        the one Enter plays to (none at first: Enter waits)."""
        return self.query_one("#bb-places", DecisionPanel)

    # ----- for the screen
    def offer(self, faces: list[CardFace], cards: list[str], notes: list[list[Text]], key: object) -> None:
        """Let the seat at the keyboard play one of ``cards``; ``notes``:
        the places' lines for each card. A new ``key`` (the next turn)
        starts with no place picked; else the place picked stays."""
        if key != self._key:
            self._key = key
            self.places.highlighted = None
        self.notes = notes
        changed = not self.offered
        self.offered = True
        self.hand.offer(faces, cards, numbered=True)
        self._show_places()
        if changed:
            self.refresh_bindings()

    def show(self, faces: list[CardFace], empty_text: str = "") -> None:
        """A hand nobody plays from now (the places empty, the keys off)."""
        if self.offered:
            self.offered = False
            self.refresh_bindings()
        self.notes = []
        self.hand.show(faces, empty_text=empty_text)
        self.places.ask("", [], highlighted=None)

    # ----- keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Up/down pick a place first, then move it; Enter plays onto the place picked."""
        if action not in ("play", "place", "move_place", "play_picked"):
            return True
        if not self.offered:
            return False
        place = self.places.highlighted
        if action == "place":
            return place is None
        if action == "move_place":
            return place is not None
        if action == "play_picked":
            return place is not None and PLACES[place][0] == parameters[0]
        return True

    def action_place(self, delta: int) -> None:
        """The first up/down of a turn picks a place: down the first, up the last."""
        self.places.action_move(delta)
        self.refresh_bindings()

    def action_move_place(self, delta: int) -> None:
        self.places.action_move(delta)
        self.refresh_bindings()

    def action_play(self, where: str) -> None:
        card = self.hand.picked
        if self.offered and card is not None:
            self.post_message(self.Played(self, card, where))

    def action_play_picked(self, where: str) -> None:
        self.action_play(where)

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        """A click on a place plays there."""
        event.stop()
        if event.index is not None:
            self.action_play(PLACES[event.index][0])

    def on_hand_picker_moved(self, event: HandPicker.Moved) -> None:
        event.stop()
        self._show_places()  # the places' notes follow the card

    def _show_places(self) -> None:
        cursor = self.hand.cursor
        notes = self.notes[cursor if cursor is not None else 0]
        places = self.places
        places.ask("", notes, keys=[key for _, key, _ in PLACES], highlighted=places.highlighted)


class BlastingBillyScreen(GameScreen[BillyView]):
    # The hand and the places are a PlayPicker: its keys while it is offered.

    def __init__(self, match: Any) -> None:
        super().__init__(match)

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="bb-pile")
        yield TextLine(id="bb-box")
        yield TextLine(id="bb-unseen")
        yield TextLine(id="bb-hand-title")
        yield PlayPicker(id="bb-play")

    def compose_hand(self) -> ComposeResult:
        yield Lines(id="bb-board")

    # ----- helpers
    @property
    def play(self) -> PlayPicker:
        return self.query_one(PlayPicker)

    @property
    def hand(self) -> HandPicker:
        return self.play.hand

    @property
    def places(self) -> DecisionPanel:
        return self.play.places

    @property
    def cursor(self) -> int | None:
        """The card of the hand under the cursor (the hand picker's)."""
        return self.hand.cursor

    def deciding(self) -> bool:
        return self.my_turn() and self.view.get("phase") == "play"

    def back(self) -> str:
        return "#" if self.glyphs.ascii else "▒"

    def face(self, token: str) -> CardFace:
        t = type_from_token(token)
        if is_hidden(token):
            return CardFace("", "", TONES[t], face_down=True)
        label = "TNT" if token.endswith("X") else token[1:]
        return CardFace(label, SHORT[t], TONES[t])

    def letters(self, counts: list[int]) -> Text:
        text = Text()
        for t in range(TYPES):
            if t:
                text.append(" ")
            text.append(TYPE_LETTERS[t], style=TONES[t])
            text.append(str(counts[t]))
        return text

    # ----- drawing
    def show_view(self, view: BillyView) -> None:
        self._show_piles(view)
        self._show_hand(view)
        self._show_board(view)

    def _show_piles(self, view: BillyView) -> None:
        names = view["names"]
        if view["phase"] == "over":
            pile = Text("The game is over: the reveal.", style="bold")
        elif view["final_left"]:
            drawer = view["last_drawer"]
            assert drawer is not None  # known from the last draw on
            last = names[drawer]
            pile = Text(f"Final round: {plural(view['final_left'], 'turn')} left, {last} last.",
                        style="bold")
        else:
            pile = Text(f"Draw pile: {plural(view['draw'], 'card')}.", style="bold")
        self.query_one("#bb-pile", TextLine).show(pile)
        # What lies in the box, by type: the cards dumped, and (2-3 players)
        # the ones put back unseen at the start, each on a line that says so.
        self.query_one("#bb-box", TextLine).show(Text("Dumped in the box: ") + self.letters(view["box"]))
        unseen = self.query_one("#bb-unseen", TextLine)
        unseen.display = any(view["removed"])
        if unseen.display:
            unseen.show(Text("Boxed unseen at the start: ") + self.letters(view["removed"]))

    def _show_hand(self, view: BillyView) -> None:
        title = self.query_one("#bb-hand-title", TextLine)
        play = self.play
        hand = view["hand"]
        if hand is None or view["phase"] == "over":
            title.show("")
            play.show([], empty_text=self.hidden_hand_note() if view["phase"] != "over" else "")
            return
        seat = view["seat"]
        assert seat is not None  # a hand is shown only in a seat's own view
        who = view["names"][seat]
        faces = [self.face(c) for c in hand]
        if not self.deciding():
            title.show(f"{who}'s hand")
            play.show(faces)
            return
        arrows = "<-/->" if self.glyphs.ascii else "←/→"
        title.show(f"Your turn: {arrows} or 1-3 a card, then b / c / d")
        # Each play moves one card out of a hand: the count tells one turn from the next.
        played = sum(view["box"]) + sum(map(len, view["billy"])) + sum(len(c) for loot in view["loot"] for c in loot)
        play.offer(faces, hand, [self._place_labels(view, seat, card) for card in hand], key=(played, seat))

    def _place_labels(self, view: BillyView, seat: int, card: str) -> list[Text]:
        t = type_from_token(card)
        kind = TYPE_NAMES[t].lower()
        totals, claim_totals, hand = view["totals"], view["claim_totals"], view["hand"]
        assert totals is not None and claim_totals is not None and hand is not None
        before, after = totals[t], claim_totals[hand.index(card)]
        if not view["loot"][seat][t]:
            claim_note = f"first {kind}: face down"
        elif card.endswith("X"):
            claim_note = f"dynamite: your {kind} {before} -> {after}"
        else:
            claim_note = f"your {kind} {before} -> {after}"
        notes = (f"Billy has {len(view['billy'][t])} {kind}", claim_note, "out of the game")
        return [Text.assemble(set_cell_size(words, 15), (note, "dim"))
                for (_, _, words), note in zip(PLACES, notes)]

    def _show_board(self, view: BillyView) -> None:
        back = self.back()
        names = view["names"]
        labels = [self.seat_label(s) for s in range(len(names))]
        name_width, widths = board_widths(labels)
        lead = 1 + name_width + 1 + HAND_WIDTH
        head = Text(" " * lead)
        for t in range(TYPES):
            head.append(set_cell_size(TYPE_NAMES[t], widths[t]), style=TONES[t])
        head.append("Total", style="bold")
        lines = [head]
        billy = Text(set_cell_size(" Billy", lead), style="bold")
        for t in range(TYPES):
            tokens = view["billy"][t]
            content = (billy_cell(tokens, back, self.glyphs) if view["phase"] != "over"
                       else cell(tokens, back, self.glyphs, min(9, widths[t] - 1)))
            billy.append_text(pad(content, widths[t]))
        lines.append(billy)
        for s, label_text in enumerate(labels):
            mark = self.glyphs.turn if view["turn"] == s else " "
            line = Text(mark, style="bold")
            # The whole label, then a space, clear of the hand's letters.
            label = Text(label_text, style="bold" if s == view["seat"] else "")
            line.append_text(pad(label, name_width))
            line.append(" ")
            hand = Text()
            for tok in view["hand_types"][s]:
                hand.append(TYPE_LETTERS[type_from_token(tok)], style=tone(tok))
            line.append_text(pad(hand, HAND_WIDTH))
            for t in range(TYPES):
                content = cell(view["loot"][s][t], back, self.glyphs, min(9, widths[t] - 1))
                line.append_text(pad(content, widths[t]))
            if s == view["seat"] and view["totals"] is not None:
                line.append(str(sum(view["totals"])), style="bold")
            lines.append(line)
        self.query_one("#bb-board", Lines).show(lines)

    # ----- playing
    def on_play_picker_played(self, event: PlayPicker.Played) -> None:
        event.stop()
        if self.deciding():
            self.act(PLAYS[Where(event.where)][card_from_id(event.card)])


class BlastingBillyReview(ReviewTable, BlastingBillyScreen):
    """Blasting Billy's table in the review of a finished match (ui/review.py): the
    review's keys and lines, this screen's drawing."""


REVEAL_STEPS = 2 + TYPES  # face up, one step per type, the outcome


class RevealScreen(ResultsScreen, inherit_bindings=False):
    """The reveal, one step at a time, before the results table (the spec's
    ``before_results``: the app shows it when the match is over): every
    column face up; then type by type the dynamite blasts and Billy's
    comparison; then who is eliminated and who wins. Drawn from the public
    view, which shows everything once the game is over.

    Its keys are the reveal's own: what comes after the outcome (play again,
    quit) is the results screen's, so none of the results' keys is inherited
    (``q`` goes back to the picker, as during the game)."""

    BINDINGS = [
        Binding("enter,space", "step(1)", "Next"),
        # Ahead of the scrolling body's own left, should a click focus it.
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("s", "outcome", "Outcome"),
        RULES,
        Binding("q", "app.to_picker", "Picker"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", "Scroll", show=False),
        Binding("pagedown", "scroll(10)", "Scroll", show=False),
    ]

    # Nothing focused: the keys above are the screen's (a focused scroll body
    # would take left and hide "Back" from the footer).
    AUTO_FOCUS = ""

    def __init__(self, match: Any) -> None:
        super().__init__(match)
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Static(id="reveal-title", markup=False)
        with VerticalScroll(id="results"):
            yield Static(id="reveal-body", markup=False)
        yield Footer()

    @on(Mount)
    def _first_step(self, event: Mount) -> None:
        # The results screen's own mount fills its table: not here (yet).
        event.prevent_default()
        self.draw()

    def on_click(self, event: Click) -> None:
        """A click on the reveal shows the next step (the footer's keys work too)."""
        if event.widget is not None and event.widget.id in ("reveal-body", "reveal-title", "results"):
            event.stop()
            self.action_step(1)

    def action_step(self, delta: int) -> None:
        if self.step + delta >= REVEAL_STEPS:
            self.app.before_results_done(self.match)
            return
        self.step = max(0, self.step + delta)
        self.draw()

    def action_outcome(self) -> None:
        self.step = REVEAL_STEPS - 1
        self.draw()

    def action_again(self) -> None:
        """Playing again belongs to the results, after the outcome."""

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Show the outcome", "Skip to who survives Billy", self.action_outcome)
        yield SystemCommand("Quit to picker", "Back to the list of games", self.app.action_to_picker)

    @property
    def back(self) -> str:
        return "#" if glyphs_of(self.app).ascii else "▒"

    def draw(self) -> None:
        view = cast(BillyView, self.match.public_view())
        reveal = view["reveal"]
        assert reveal is not None  # the match is over
        step = self.step
        title = f"Blasting Billy: the reveal, step {step + 1} of {REVEAL_STEPS}"
        if step == 0:
            title += ": every column turns face up"
            body = self._face_up(view)
        elif step <= TYPES:
            t = step - 1
            title += f": {TYPE_NAMES[t].lower()}"
            body = self._type_step(view, reveal, t)
        else:
            title += ": who survives"
            body = self._outcome(view, reveal)
        more = "Enter: the results" if step == REVEAL_STEPS - 1 else "Enter: next step, s: the outcome"
        body.append_text(Text(f"\n\n{more}", style="dim"))
        self.query_one("#reveal-title", Static).update(Text(title, style="bold"))
        self.query_one("#reveal-body", Static).update(body)

    def _label(self, seat: int) -> str:
        from tablegames.ui.labels import seat_label

        return seat_label(self.match.record.seats[seat])

    def _name_width(self, view: BillyView) -> int:
        """The names' column: every label whole (a 12-character bot name
        and "(bot)" too), a mark before it and a space after."""
        return max([NAME_WIDTH] + [cell_len(self._label(s)) + 2 for s in range(len(view["names"]))])

    def _face_up(self, view: BillyView) -> Text:
        """Every column face up, every card of it in play order: a column too
        long for its cell goes on in the same cell on the next line (never
        cut to its count and last cards: this is the step to read them)."""
        name_width = self._name_width(view)
        # The last column's trailing space may go past the body's edge.
        width = min(CELL_WIDTH + 2, (BODY_WIDTH + 1 - name_width) // TYPES)
        lines = [Text(" " * name_width) + Text.assemble(
            *[(set_cell_size(TYPE_NAMES[t], width), TONES[t]) for t in range(TYPES)])]
        rows = [("Billy", view["billy"])] + [(self._label(s), view["loot"][s])
                                              for s in range(len(view["names"]))]
        for name, cols in rows:
            cells = [wrapped_column(cols[t], width - 1, glyphs_of(self.app)) for t in range(TYPES)]
            for i in range(max(map(len, cells))):
                line = Text(set_cell_size(name if i == 0 else "", name_width), style="bold")
                for part in cells:
                    line.append_text(pad(part[i] if i < len(part) else Text(), width))
                lines.append(line)
        lines.append(Text("\nNext: type by type, each dynamite blasts itself and the card just "
                          "before it; then Billy compares.", style="dim"))
        return Text("\n").join(lines)

    def _column(self, col: ColumnReveal, t: int) -> Text:
        text = Text()
        if not col["cards"]:
            return Text("(none)", style="dim")
        blasted = set(col["blasted"])
        for i, tok in enumerate(col["cards"]):
            if i:
                text.append(" ")
            shown = value_text(tok)
            if i in blasted:
                text.append(f"({shown})", style=TONES[t] + " strike dim")
            else:
                text.append(shown, style=TONES[t])
        return text

    def _type_step(self, view: BillyView, reveal: Reveal, t: int) -> Text:
        names = view["names"]
        billy = reveal["billy"][t]
        # The cards' column: what 80 cells leave after the name, the total
        # and "safe (11 < 32)".
        name_width = self._name_width(view)
        width = 55 - name_width
        lines = [Text(f"{TYPE_NAMES[t]}: (x) = blasted by a dynamite", style="dim"), Text()]
        line = Text(set_cell_size("Billy", name_width), style="bold")
        line.append_text(pad(self._column(billy, t), width))
        line.append(f" = {billy['total']:>2}", style="bold")
        lines.append(line)
        for s in range(len(names)):
            seat = reveal["seats"][s]
            col = seat["columns"][t]
            line = Text(set_cell_size(self._label(s), name_width))
            line.append_text(pad(self._column(col, t), width))
            line.append(f" = {col['total']:>2}  ")
            if seat["shot"][t]:
                line.append(f"SHOT ({col['total']} > {billy['total']})", style="bold red")
            else:
                sign = "=" if col["total"] == billy["total"] else "<"
                line.append(f"safe ({col['total']} {sign} {billy['total']})", style="green")
            lines.append(line)
        return Text("\n").join(lines)

    def _outcome(self, view: BillyView, reveal: Reveal) -> Text:
        names = view["names"]
        ok, bad = ("ok", "X") if glyphs_of(self.app).ascii else ("✓", "✗")
        name_width = self._name_width(view)
        head = Text(" " * name_width)
        for t in range(TYPES):
            head.append(set_cell_size(SHORT[t], 5), style=TONES[t])
        head.append("Score  ", style="bold")
        head.append("Cards", style="bold")
        lines = [head]
        winners = set(reveal["winners"])
        for s in range(len(names)):
            seat = reveal["seats"][s]
            mark = glyphs_of(self.app).win if s in winners else " "
            line = Text(set_cell_size(mark + self._label(s), name_width), style="bold" if s in winners else "")
            for t in range(TYPES):
                if seat["shot"][t]:
                    line.append(set_cell_size(bad, 5), style="bold red")
                else:
                    line.append(set_cell_size(ok, 5), style="green")
            line.append(f"{seat['score']:>5}  ")
            cards = f"{seat['face_up']}" + (f" +{seat['face_down']} shot" if seat["face_down"] else "")
            line.append(set_cell_size(cards, 12))
            line.append("eliminated" if seat["eliminated"] else "survives",
                        style="red" if seat["eliminated"] else "green")
            lines.append(line)
        lines.append(Text())
        lines.append(Text(outcome_line(reveal, names), style="bold"))
        return Text("\n").join(lines)
