"""Blind Business's screen: everyone's hand but your own, and the exchange
as a conversation.

Draws only from the view dict (see ``tablegames.ui.game_screen``). The view
already hides the faces of the keyboard seat's own hand ("back"), except
during its private looks, when they are drawn marked "only you see this".

Layout (80x24 with five players): the board under the table spans the whole
width, two lines per seat (hand slots, then the play area by district); the
table left of the log holds the round, deck and token counts, what is being
asked in plain words, and the current choice (a list, or the slot cursor on
the board).

Keys per decision:

- ask: up/down rival, left/right or 1-4 slot, o OK token, Enter asks
  (a click selects a rival's card, a second click asks);
- answer: y / n (or the list); take: left/right or 1-4, Enter;
- counter-ask: left/right or 1-4, o OK token, Enter; reply: a / r;
- Trainer, discard, swap, playground add, looks: the list (up/down, Enter,
  click); n = "none" where there is one.
"""

from __future__ import annotations

from rich.cells import set_cell_size
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tablegames.games.blind_business.cards import DISTRICT_CODES, DISTRICT_NAMES
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.widgets import TextLine

SETUP, ASK, ANSWER, TAKE, COUNTER, REPLY = "first look", "ask", "answer", "take", "counter", "reply"
ASSIGN, DISCARD, SWAP, PEEK, ADD, OVER = "assign", "discard", "swap", "peek", "add", "over"
HIDDEN = "back"
SLOTS = 4

# District tags and colours (the two letters always say it: never colour alone).
TONES = {"PG": "bold green", "BW": "bold #5f87ff", "CS": "bold magenta", "DT": "bold #d7af00",
         "TR": "bold"}
CODE_OF = dict(zip(DISTRICT_NAMES, DISTRICT_CODES))
NAME_OF = dict(zip(DISTRICT_CODES, DISTRICT_NAMES))


def card_tag(card: str) -> str:
    """The district part of a card id: "PG", "BW", "CS", "DT" or "TR"."""
    return card[:2]


def card_words(card: str) -> str:
    """A card id in words: "playground 7", "boardwalk Versatile", "Trainer"."""
    tag, rest = card[:2], card[2:]
    if tag == "TR":
        return "Trainer"
    return f"{NAME_OF[tag]} {'Versatile' if rest == 'V' else rest}"


def face_text(card: str) -> Text:
    """A card face on one line: its id (PG7, BWV, TR1) in its district's colour."""
    return Text(card, style=TONES.get(card_tag(card), ""))


def area_number(card: str) -> str:
    """How a card shows inside its district group of a play area: the
    number, "V" for the Versatile, "T" for a Trainer."""
    if card.startswith("TR"):
        return "T"
    return card[2:]


class BusinessBoard(Widget):
    """Every seat on two lines: mark, name, the four hand slots, role, OK
    tokens; then the play area by district, its card count and points. Clicking a hand slot
    posts ``BusinessBoard.SlotClicked``."""

    DEFAULT_CSS = """
    BusinessBoard { height: auto; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class SlotClicked(Message):
        def __init__(self, board: "BusinessBoard", seat: int, slot: int) -> None:
            super().__init__()
            self.board = board
            self.seat = seat
            self.slot = slot  # 0-based

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []
        # Per line: (x0, x1, seat, slot) of each hand slot drawn on it.
        self.regions: list[list[tuple[int, int, int, int]]] = []

    def show(self, lines: list[Text], regions: list[list[tuple[int, int, int, int]]]) -> None:
        layout = len(lines) != len(self.lines)
        self.lines = lines
        self.regions = regions
        self.refresh(layout=layout)

    def render(self) -> Text:
        text = Text("\n").join(self.lines)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.lines))

    def slot_at(self, x: int, y: int) -> tuple[int, int] | None:
        if not 0 <= y < len(self.regions):
            return None
        for x0, x1, seat, slot in self.regions[y]:
            if x0 <= x < x1:
                return seat, slot
        return None

    def on_click(self, event: Click) -> None:
        found = self.slot_at(event.x, event.y)
        if found is not None:
            event.stop()
            self.post_message(self.SlotClicked(self, *found))


_rival = Binding.Group("Rival", compact=True)
_slot = Binding.Group("Slot", compact=True)
_choose = Binding.Group("Choose", compact=True)


class BlindBusinessScreen(GameScreen):
    DEFAULT_CSS = """
    BlindBusinessScreen #bb-info { text-style: bold; }
    BlindBusinessScreen #bb-say { height: auto; }
    BlindBusinessScreen #bb-choice { height: auto; text-style: bold; }
    BlindBusinessScreen #bb-choices { height: auto; max-height: 9; }
    BlindBusinessScreen #bb-last { height: auto; }
    """

    BINDINGS = [
        # Picking a slot on the board (ask, take, counter-ask).
        Binding("up", "rival(-1)", "Rival", group=_rival),
        Binding("down", "rival(1)", "Rival", group=_rival),
        Binding("left", "slot(-1)", "Slot", group=_slot),
        Binding("right", "slot(1)", "Slot", group=_slot),
        *[Binding(str(n), f"slot_no({n})", f"Slot {n}", show=False) for n in range(1, SLOTS + 1)],
        Binding("o", "toggle_ok", "OK token"),
        Binding("enter", "confirm_ask", "Ask"),
        Binding("enter", "confirm_take", "Take"),
        # A list of choices (priority: the list has the focus, the footer shows these).
        Binding("up", "choose_move(-1)", "Choose", group=_choose, priority=True),
        Binding("down", "choose_move(1)", "Choose", group=_choose, priority=True),
        Binding("enter", "choose", "Confirm", priority=True),
        # Answers.
        Binding("y", "answer('yes')", "Yes"),
        Binding("n", "answer('no')", "No"),
        Binding("a", "answer('accept')", "Accept"),
        Binding("r", "answer('reject')", "Reject"),
        # "None" in a list.
        Binding("n", "answer('assign none')", "Unassigned"),
        Binding("n", "answer('swap none')", "Keep hand"),
        Binding("n", "answer('add none')", "Add none"),
    ]

    # Which actions work in which phase (for the seat that decides).
    PHASE_ACTIONS = {
        "rival": {ASK},
        "slot": {ASK, TAKE, COUNTER},
        "slot_no": {ASK, TAKE, COUNTER},
        "toggle_ok": {ASK, COUNTER},
        "confirm_ask": {ASK, COUNTER},
        "confirm_take": {TAKE},
    }
    ANSWERS = {"yes": ANSWER, "no": ANSWER, "accept": REPLY, "reject": REPLY,
               "assign none": ASSIGN, "swap none": SWAP, "add none": ADD}

    def __init__(self, match) -> None:
        super().__init__(match)
        self.pick_key: tuple = ()
        self.target: int | None = None  # the rival whose slot is picked (ask)
        self.slot = 0  # 0-based slot under the cursor
        self.use_ok = False
        self.choices_key: tuple = ()
        self.has_choices = False
        self.said = ""
        self.chosen = Text()
        self.last_said = Text()

    # ----- layout
    def compose_table(self) -> ComposeResult:
        yield TextLine(id="bb-info")
        yield Static(id="bb-say", markup=False)
        yield Static(id="bb-choice", markup=False)
        yield Static(id="bb-last", markup=False)
        yield OptionList(id="bb-choices")

    def compose_hand(self) -> ComposeResult:
        yield BusinessBoard(id="bb-board")

    # ----- helpers over the view
    def phase(self) -> str:
        return self.view.get("phase", "")

    def deciding(self) -> bool:
        """Whether the seat at the keyboard decides now."""
        return self.my_turn() and self.phase() not in ("", OVER)

    def who(self, seat: int) -> str:
        return self.view["names"][seat]

    def hand(self, seat: int) -> list:
        return self.view["hands"][seat]

    def filled(self, seat: int) -> list[int]:
        return [i for i, c in enumerate(self.hand(seat)) if c is not None]

    def slot_face(self, seat: int, slot: int) -> str | None:
        card = self.hand(seat)[slot]
        return None if card in (None, HIDDEN) else card

    def pick_seat(self) -> int | None:
        """Whose hand the slot cursor is on in this phase."""
        view = self.view
        phase = view["phase"]
        request = view["request"] or {}
        if phase == ASK:
            return self.target
        if phase == TAKE:
            return request.get("recipient")
        if phase == COUNTER:
            return request.get("requester")
        return None

    def keys(self) -> dict[str, str]:
        if self.glyphs.ascii:
            return {"ud": "up/down", "lr": "left/right", "enter": "Enter"}
        return {"ud": "↑/↓", "lr": "←/→", "enter": "Enter"}

    # ----- drawing
    def show_view(self, view: dict) -> None:
        self._reset_pick(view)
        self._show_info(view)
        self._show_board(view)
        self._show_decision(view)

    def _reset_pick(self, view: dict) -> None:
        key = (view["turn"], view["phase"], view["requester"],
               (view["request"] or {}).get("recipient"), self.seat)
        if key == self.pick_key:
            return
        self.pick_key = key
        self.use_ok = False
        self.slot = 0
        me = self.seat
        n = len(view["names"])
        if view["phase"] == ASK and me is not None:
            self.target = (me + 1) % n  # the left neighbour first
        else:
            self.target = None
        seat = self.pick_seat()
        if seat is not None:
            filled = self.filled(seat)
            self.slot = filled[0] if filled else 0

    def _show_info(self, view: dict) -> None:
        sep = f" {self.glyphs.sep} "
        parts = [f"Round {view['round']}/{view['rounds']}", f"deck {view['deck']}",
                 f"put away {view['removed']}"]
        if view["family"]:
            parts.append("family rules")
        else:
            parts.append(f"OK tokens left {view['token_supply']}")
        self.query_one("#bb-info", TextLine).show(sep.join(parts))

    def _show_board(self, view: dict) -> None:
        glyphs = self.glyphs
        names = view["names"]
        n = len(names)
        me = self.seat
        movers = set(view["to_move"])
        request = view["request"] or {}
        phase = view["phase"]
        in_turn = phase not in (SETUP, ADD, OVER)
        requester = view["requester"] if in_turn else None
        recipient = request.get("recipient") if in_turn else None
        asked = {}
        if request and phase in (ANSWER, TAKE, COUNTER, REPLY):
            asked[(request["recipient"], request["slot"] - 1)] = True
            if request.get("counter_slot"):
                asked[(request["requester"], request["counter_slot"] - 1)] = True
        cursor_seat = self.pick_seat() if self.deciding() else None
        labels = [self.seat_label(s) for s in range(n)]
        width = self.query_one(BusinessBoard).size.width or 78
        # Line 1: mark + name, four slots of 8 cells, role, tokens.
        rest = 1 + 4 * 8 + 2 + 6 + 4
        name_width = max(4, min(max(len(x) for x in labels), width - rest))
        lines: list[Text] = []
        regions: list[list[tuple[int, int, int, int]]] = []
        if n <= 4:
            back = glyphs.back * 3
            lines.append(Text(f"Hand slots 1-4 {glyphs.sep} {back} face down {glyphs.sep} *asked* "
                              f"{glyphs.sep} [your pick] {glyphs.sep} under each: cards won", style="dim"))
            regions.append([])
        for s in range(n):
            line = Text()
            line.append(glyphs.turn if s in movers else " ", style="bold")
            line.append(set_cell_size(labels[s], name_width), style="bold underline" if s == me else "bold")
            spots = []
            private = s == me and view["sees_own_hand"]
            for slot, card in enumerate(view["hands"][s]):
                left = right = " "
                cell_style = ""
                if s == cursor_seat and slot == self.slot:
                    left, right, cell_style = "[", "]", "reverse bold"
                elif (s, slot) in asked:
                    left, right, cell_style = "*", "*", "bold"
                x0 = line.cell_len
                line.append(left, style=cell_style)
                line.append(f"{slot + 1} ", style=cell_style)
                if card is None:
                    face = Text(glyphs.empty, style="dim")
                elif card == HIDDEN:
                    face = Text(glyphs.back * 3, style="dim")
                else:
                    face = face_text(card)
                face.pad_right(4 - face.cell_len)
                if cell_style:
                    face.stylize(cell_style)
                line.append_text(face)
                line.append(right, style=cell_style)
                spots.append((x0, line.cell_len, s, slot))
            if private:
                line.append("  only you see this", style="bold reverse")
            else:
                role = "asks" if s == requester else ("asked" if s == recipient else "")
                line.append(f"  {role:<5} ", style="bold")
                tokens = view["tokens"][s]
                if tokens:
                    line.append(f"OK {tokens}", style="bold")
            lines.append(line)
            regions.append(spots)
            # Line 2: the play area, with its card count and points at the right.
            area = self._area_line(view["areas"][s])
            cards = view["area_sizes"][s]
            tail = f"{cards} card{'' if cards == 1 else 's'} {view['points'][s]:>3} pts"
            area.append(" " * max(2, width - area.cell_len - len(tail)))
            area.append(tail, style="dim")
            lines.append(area)
            regions.append([])
        self.query_one(BusinessBoard).show(lines, regions)

    def _area_line(self, area: dict) -> Text:
        line = Text("   ")
        groups = [(CODE_OF[name], area.get(name, [])) for name in DISTRICT_NAMES]
        groups.append(("TR", area.get("unassigned", [])))
        shown = [(code, cards) for code, cards in groups if cards]
        if not shown:
            line.append("no cards won yet", style="dim")
            return line
        for i, (code, cards) in enumerate(shown):
            if i:
                line.append("  ")
            tone = TONES[code]
            if code == "TR":
                line.append(" ".join("T" for _ in cards) + " unassigned", style=tone)
                continue
            line.append(code, style=f"{tone} reverse")
            line.append(" ")
            line.append(" ".join(area_number(c) for c in cards), style=tone)
        return line

    # ----- the decision panel
    def _show_decision(self, view: dict) -> None:
        phase = view["phase"]
        mine = self.deciding()
        text, items, title = self._explain(view, mine)
        if text != self.said:
            # A new layout only when the words change (the height may).
            self.said = text
            self.query_one("#bb-say", Static).update(text)
        picking = mine and phase in (ASK, TAKE, COUNTER)
        choice = self.query_one("#bb-choice", Static)
        line = self._choice_line(view) if picking else Text()
        if line != self.chosen:
            self.chosen = line
            choice.update(line)
        if choice.display != picking:
            choice.display = picking
        last = self.query_one("#bb-last", Static)
        summary = self._last_exchange(view) if phase == ASK else Text()
        if summary != self.last_said:
            self.last_said = summary
            last.update(summary)
        if last.display != bool(summary):
            last.display = bool(summary)
        choices = self.query_one("#bb-choices", OptionList)
        self.has_choices = bool(items)
        if items:
            key = (self.pick_key, tuple(value for value, _ in items))
            if key != self.choices_key:
                self.choices_key = key
                choices.clear_options()
                # Text, not a str: player names are never read as markup.
                choices.add_options([Option(prompt if isinstance(prompt, Text) else Text(prompt), id=value)
                                     for value, prompt in items])
                choices.highlighted = 0
                choices.border_title = title
            if not choices.display:
                choices.display = True
                choices.disabled = False
            if not choices.has_focus:
                choices.focus()
        elif choices.display:
            if choices.has_focus:
                self.set_focus(None)
            self.choices_key = ()
            choices.display = False
            choices.disabled = True

    def _choice_line(self, view: dict) -> Text:
        phase = view["phase"]
        seat = self.pick_seat()
        line = Text(f"{self.glyphs.turn} ")
        if seat is None:
            return line
        face = self.slot_face(seat, self.slot)
        what = Text(f"slot {self.slot + 1}")
        if face:
            what.append(" (")
            what.append_text(face_text(face))
            what.append(")")
        who = self.who(seat)
        if phase == TAKE:
            line.append(f"Take {who}'s ")
            line.append_text(what)
            return line
        line.append(f"Ask {who} for ")
        line.append_text(what)
        if self.use_ok:
            must = "say yes" if phase == ASK else "accept"
            line.append(f" with an OK token: {who} must {must}")
        return line

    def _explain(self, view: dict, mine: bool) -> tuple[str, list[tuple[str, Text | str]], str]:
        """The panel's words, the list's items (value = notation) and its title."""
        phase = view["phase"]
        names = view["names"]
        me = self.seat
        request = view["request"] or {}
        keys = self.keys()
        r = request.get("requester", view["requester"])
        p = request.get("recipient")
        k = request.get("slot")
        c = request.get("counter_slot")
        if not mine:
            return self._waiting(view), [], ""
        tokens = view["tokens"][me]
        ok_hint = f", o: OK token (you have {tokens})" if tokens else ""
        if phase == SETUP:
            return (f"Your first look, {names[me]}. Only you see this: your hand is "
                    f"{self._faces(view, me)}. Remember it: once you confirm, it is shuffled face "
                    f"down, and from then on you see every hand but your own.",
                    [("seen", "I have looked: shuffle my hand face down")], "Your cards")
        if phase == PEEK:
            because = (view["decision"] or {}).get("because", "")
            return (f"Your {card_words(because)}: a private look. Only you see this: your hand is "
                    f"{self._faces(view, me)}. Confirm and it is shuffled face down again.",
                    [("seen", "I have looked: shuffle my hand again")], "Your cards")
        if phase == ASK:
            if len(names) == 2:
                rival = names[1 - me]
                return (f"Your turn to ask, {names[me]}: pick one slot of {rival}'s hand. {rival} "
                        f"sees which slot, not its face. {keys['lr']} or 1-4: slot{ok_hint}, "
                        f"{keys['enter']}: ask (or click a card twice).", [], "")
            return (f"Your turn to ask, {names[me]}: pick a rival and one slot of their hand. "
                    f"They see which slot, not its face. {keys['ud']}: rival, {keys['lr']} or 1-4: "
                    f"slot{ok_hint}, {keys['enter']}: ask (or click a card twice).", [], "")
        if phase == ANSWER:
            return (f"{names[r]} asks for your slot {k} (marked *). You cannot see that card; "
                    f"{names[r]} can. y or n:",
                    [("yes", f"Yes: then you ask {names[r]} for one of their cards"),
                     ("no", f"No: you win your slot {k}; {names[r]} then takes another of yours")],
                    "Your answer")
        if phase == TAKE:
            won = request.get("recipient_won")
            return (f"{names[p]} said no and won their slot {k}" + (f" ({won})" if won else "") +
                    f". Take one of {names[p]}'s other cards: "
                    f"{keys['lr']} or 1-4, {keys['enter']} (or click a card twice).", [], "")
        if phase == COUNTER:
            if request.get("ok"):
                why = (f"{names[r]} asked for your slot {k} with an OK token: you must accept, "
                       f"so your answer is yes.")
            else:
                why = f"You said yes to {names[r]}'s request for your slot {k}."
            return (f"{why} Now ask {names[r]} for one of their cards: {keys['lr']} or 1-4"
                    f"{ok_hint}, {keys['enter']}: ask.", [], "")
        if phase == REPLY:
            theirs = self.slot_face(p, k - 1)
            theirs_words = f"{names[p]}'s slot {k}" + (f" ({theirs})" if theirs else "")
            return (f"{names[p]} said yes and asks for your slot {c} (marked *). a or r:",
                    [("accept", f"Accept: you win {theirs_words}; {names[p]} wins your slot {c}"),
                     ("reject", f"Reject: you win your own slot {c}; {names[p]} wins their slot {k}"
                                + (f" ({theirs})" if theirs else ""))],
                    "Your reply")
        if phase == ASSIGN:
            decision = view["decision"] or {}
            districts = decision.get("districts", [])
            items = [(f"assign {name}", f"{CODE_OF[name]}: put it with your {name} cards")
                     for name in districts]
            items.append(("assign none", "Leave it unassigned for now"))
            if decision.get("later"):
                text = (f"You won your first {districts[0]} card: your unassigned Trainer may "
                        f"join the {districts[0]} now (it then counts as a card there).")
            else:
                text = ("You won a Trainer: put it with a district where you have cards (it counts "
                        "as a card there), or leave it unassigned until you win a new district.")
            return text, items, "Your Trainer"
        if phase == DISCARD:
            decision = view["decision"] or {}
            because = decision.get("because", "")
            count = view["area_sizes"][me]
            rule = ("strictly the most cards" if because.endswith("10")
                    else "the most cards (a tie counts for an 11)")
            items = []
            for name in DISTRICT_NAMES + ("unassigned",):
                for card in view["areas"][me].get(name, []):
                    words = card_words(card) + (" (unassigned)" if name == "unassigned" else "")
                    items.append((f"discard {card}", Text.assemble(face_text(card), " " * (6 - len(card)),
                                                                   words)))
            return (f"Your {card_words(because)}: with {count} cards you have {rule}, so you must "
                    f"discard one card from your play area.", items, "Discard")
        if phase == SWAP:
            items = []
            for s in range(len(names)):
                if s == me:
                    continue
                cards = [x for x in self.hand(s) if x not in (None, HIDDEN)]
                prompt = Text(f"Swap with {names[s]}: you get ")
                prompt.append_text(Text(" ").join(face_text(x) for x in cards))
                items.append((f"swap p{s + 1}", prompt))
            items.append(("swap none", "Keep my hand"))
            return ("Your 3: you may swap your whole hand with another player (both hands are "
                    "then shuffled; you will not see yours).", items, "Swap hands?")
        if phase == ADD:
            items = []
            for slot, card in enumerate(self.hand(me)):
                if card in (None, HIDDEN):
                    continue
                items.append((f"add {slot + 1}", Text.assemble(f"Add slot {slot + 1}: ", face_text(card),
                                                               f"  {card_words(card)}")))
            items.append(("add none", "Add nothing"))
            return ("Final scoring: you have the most playground cards. Only you see this: your "
                    "hand. Add one card to your play area (it scores; no ability), or none.",
                    items, "Add a card?")
        return self._waiting(view), [], ""

    def _last_exchange(self, view: dict) -> Text:
        """Who won what in the last exchange (public: those cards lie face up)."""
        won = view.get("last_won") or []
        if not won:
            return Text()
        line = Text("Last exchange: ", style="bold")
        for i, (seat, card) in enumerate(won):
            if i:
                line.append(f" {self.glyphs.sep} ", style="dim")
            line.append(f"{view['names'][seat]} won ")
            line.append_text(face_text(card))
        return line

    def _faces(self, view: dict, seat: int) -> str:
        cards = [c for c in self.hand(seat) if c not in (None, HIDDEN)]
        return " ".join(cards) if cards else "(empty)"

    def _waiting(self, view: dict) -> str:
        phase = view["phase"]
        names = view["names"]
        movers = view["to_move"]
        who = " and ".join(self.seat_label(s) for s in movers) or "nobody"
        request = view["request"] or {}
        r, p = request.get("requester"), request.get("recipient")
        if phase == SETUP:
            return f"Everyone looks at their own hand once, in private. Waiting for {who}."
        if phase == ASK:
            return f"{names[view['requester']]} is choosing whom to ask. Waiting for {who}."
        if phase == ANSWER:
            return f"{names[r]} asks {names[p]} for slot {request['slot']}. Waiting for {who}'s answer."
        if phase == TAKE:
            return f"{names[p]} said no. Waiting for {who} to take another card."
        if phase == COUNTER:
            return f"{names[p]} said yes. Waiting for {who} to ask {names[r]} for a card."
        if phase == REPLY:
            return (f"{names[p]} asks {names[r]} for slot {request['counter_slot']}. "
                    f"Waiting for {who} to accept or reject.")
        return f"Waiting for {who}."

    # ----- which keys work now
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in self.PHASE_ACTIONS:
            if not self.deciding() or self.phase() not in self.PHASE_ACTIONS[action]:
                return False
            if action == "toggle_ok":
                return bool(self.view["tokens"][self.seat])
            if action == "rival":
                return len(self.view["names"]) > 2
            return True
        if action in ("choose", "choose_move"):
            return self.has_choices and self.deciding()
        if action == "answer":
            return self.deciding() and self.ANSWERS.get(parameters[0] if parameters else "") == self.phase()
        return super().check_action(action, parameters)

    # ----- picking a slot on the board
    def action_rival(self, delta: int) -> None:
        if not self.deciding() or self.phase() != ASK:
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
        if self.hand(seat)[number - 1] is None:
            left = ", ".join(str(i + 1) for i in self.filled(seat))
            self.say(f"{self.who(seat)} has no card in slot {number} now; choose {left}.")
            return
        self.slot = number - 1
        self.say("")
        self.show_view(self.view)

    def action_toggle_ok(self) -> None:
        if not self.view["tokens"][self.seat]:
            self.say("You have no OK token (a won 2 gives one).")
            return
        self.use_ok = not self.use_ok
        self.show_view(self.view)

    def action_confirm_ask(self) -> None:
        self._confirm()

    def action_confirm_take(self) -> None:
        self._confirm()

    def _confirm(self) -> None:
        phase = self.phase()
        ok = " ok" if self.use_ok else ""
        if phase == ASK and self.target is not None:
            self.act(f"ask p{self.target + 1} {self.slot + 1}{ok}")
        elif phase == TAKE:
            self.act(f"take {self.slot + 1}")
        elif phase == COUNTER:
            self.act(f"ask {self.slot + 1}{ok}")

    def on_business_board_slot_clicked(self, event: BusinessBoard.SlotClicked) -> None:
        event.stop()
        if not self.deciding() or self.phase() not in (ASK, TAKE, COUNTER):
            self.say("There is no card to pick now.")
            return
        phase = self.phase()
        if phase == ASK:
            if event.seat == self.seat:
                self.say("Ask a rival: pick a card in another player's hand.")
                return
            again = self.target == event.seat and self.slot == event.slot
            self.target, self.slot = event.seat, event.slot
        else:
            seat = self.pick_seat()
            if event.seat != seat:
                self.say(f"Pick one of {self.who(seat)}'s cards.")
                return
            if self.hand(seat)[event.slot] is None:
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
    def action_answer(self, notation: str) -> None:
        self.act(notation)

    def action_choose_move(self, delta: int) -> None:
        choices = self.query_one("#bb-choices", OptionList)
        if delta < 0:
            choices.action_cursor_up()
        else:
            choices.action_cursor_down()

    def action_choose(self) -> None:
        self.query_one("#bb-choices", OptionList).action_select()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.act(str(event.option.id))


# The plug-in name the app looks for (GameScreen contract).
Screen = BlindBusinessScreen
