"""The exchange in plain words, from a view only: what the seat at the
keyboard must decide now (and its choices, as action objects), what the
others are waiting for, and who won what in the last exchange."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

from tablegames.games.blind_business.vocab import (
    ACCEPT,
    ADD_NONE,
    KEEP_HAND,
    NO,
    REJECT,
    SEEN,
    UNASSIGNED,
    YES,
    Action,
    Add,
    Assign,
    Discard,
    Swap,
)
from tablegames.games.blind_business.screen.board import CODE_OF, card_words, face_text
from tablegames.games.blind_business.cards import DISTRICT_NAMES, card_from_id, district_from_word
from tablegames.games.blind_business.view import UNASSIGNED_GROUP, BusinessView, DecisionView
from tablegames.games.blind_business.vocab import HIDDEN, Phase

Label = str | Text


@dataclass
class Explanation:
    """The panel's words; the choices of a list (action, label) with the
    "none" choice last if there is one; the list's title."""

    text: str
    choices: list[tuple[Action, Label]] = field(default_factory=list)
    title: str = ""
    none: tuple[Action, Label] | None = None


@dataclass(frozen=True)
class Keys:
    """How the keys are named in the words (from the app's glyphs: Unicode
    arrows or ASCII)."""

    ud: str
    lr: str
    enter: str = "Enter"



def faces(view: BusinessView, seat: int) -> str:
    cards = [c for c in view["hands"][seat] if c is not None and c != HIDDEN]
    return " ".join(cards) if cards else "(empty)"


def slot_face(view: BusinessView, seat: int, slot: int) -> str | None:
    """The face of a slot if the view shows it (0-based slot)."""
    card = view["hands"][seat][slot]
    return None if card in (None, HIDDEN) else card


def explain(view: BusinessView, me: int, keys: Keys) -> Explanation:
    """What the seat at the keyboard, ``me``, decides now, in words."""
    phase = view["phase"]
    names = view["names"]
    request = view["request"]
    decision: DecisionView = view["decision"] or {}
    tokens = view["tokens"][me]
    ok_hint = f", o: OK token (you have {tokens})" if tokens else ""
    if phase == Phase.SETUP:
        return Explanation(
            f"Your first look, {names[me]}. Only you see this: your hand is {faces(view, me)}. "
            f"Remember it: once you confirm, it is shuffled face down, and from then on you see "
            f"every hand but your own.",
            [(SEEN, "I have looked: shuffle my hand face down")], "Your cards")
    if phase == Phase.PEEK:
        because = decision.get("because", "")
        return Explanation(
            f"Your {card_words(because)}: a private look. Only you see this: your hand is "
            f"{faces(view, me)}. Confirm and it is shuffled face down again.",
            [(SEEN, "I have looked: shuffle my hand again")], "Your cards")
    if phase == Phase.ASK:
        if len(names) == 2:
            rival = names[1 - me]
            return Explanation(
                f"Your turn to ask, {names[me]}: pick one slot of {rival}'s hand. {rival} sees which "
                f"slot, not its face. {keys.lr} or 1-4: slot{ok_hint}, {keys.enter}: ask (or click a "
                f"card twice).")
        return Explanation(
            f"Your turn to ask, {names[me]}: pick a rival and one slot of their hand. They see which "
            f"slot, not its face. {keys.ud}: rival, {keys.lr} or 1-4: slot{ok_hint}, {keys.enter}: ask "
            f"(or click a card twice).")
    if request is None:
        return _later_decisions(view, me, decision)
    r, p, k, c = request["requester"], request["recipient"], request["slot"], request["counter_slot"]
    if phase == Phase.ANSWER:
        return Explanation(
            f"{names[r]} asks for your slot {k} (marked *). You cannot see that card; {names[r]} can. "
            f"Yes: you then ask {names[r]} for one of their cards. No: you win your slot {k} and "
            f"{names[r]} takes another of yours. y or n:",
            [(YES, f"Yes: you then ask {names[r]} for a card"),
             (NO, f"No: you win it; {names[r]} takes another")],
            "Your answer")
    if phase == Phase.TAKE:
        won = request["recipient_won"]
        return Explanation(
            f"{names[p]} said no and won their slot {k}" + (f" ({won})" if won else "") +
            f". Take one of {names[p]}'s other cards: {keys.lr} or 1-4, {keys.enter} (or click a card "
            f"twice).")
    if phase == Phase.COUNTER:
        if request["ok"]:
            why = f"{names[r]} asked for your slot {k} with an OK token: you must accept, so your answer is yes."
        else:
            why = f"You said yes to {names[r]}'s request for your slot {k}."
        return Explanation(f"{why} Now ask {names[r]} for one of their cards: {keys.lr} or 1-4{ok_hint}, "
                           f"{keys.enter}: ask.")
    if phase == Phase.REPLY and c is not None:
        theirs = slot_face(view, p, k - 1) or f"slot {k}"
        return Explanation(
            f"{names[p]} said yes and asks for your slot {c} (marked *). Accept: you win their "
            f"slot {k} ({theirs}), they win your slot {c}. Reject: each wins their own asked card. "
            f"a or r:",
            [(ACCEPT, f"Accept: you get their {theirs}, they your slot {c}"),
             (REJECT, f"Reject: you win your slot {c}, they their {theirs}")],
            "Your reply")
    return _later_decisions(view, me, decision)


def _later_decisions(view: BusinessView, me: int, decision: DecisionView) -> Explanation:
    """The abilities' decisions and the playground add."""
    phase = view["phase"]
    names = view["names"]
    if phase == Phase.ASSIGN:
        districts = decision.get("districts", [])
        choices: list[tuple[Action, Label]] = [
            (Assign(district_from_word(name)), f"{CODE_OF[name]}: put it with your {name} cards")
            for name in districts]
        if decision.get("later"):
            text = (f"You won your first {districts[0]} card: your unassigned Trainer may join the "
                    f"{districts[0]} now (it then counts as a card there).")
        elif decision.get("added"):
            text = ("You added a Trainer: put it with a district where you have cards (it counts as a "
                    "card there), or leave it unassigned.")
        else:
            text = ("You won a Trainer: put it with a district where you have cards (it counts as a card "
                    "there), or leave it unassigned until you win a new district.")
        return Explanation(text, choices, "Your Trainer", (UNASSIGNED, "Leave it unassigned for now"))
    if phase == Phase.DISCARD:
        because = decision.get("because", "")
        count = view["area_sizes"][me]
        rule = ("strictly the most cards" if because.endswith("10")
                else "the most cards (a tie counts for an 11)")
        choices = []
        for name in (*DISTRICT_NAMES, UNASSIGNED_GROUP):
            for card in view["areas"][me].get(name, []):
                words = card_words(card) + (" (unassigned)" if name == UNASSIGNED_GROUP else "")
                choices.append((Discard(card_from_id(card)),
                                Text.assemble(face_text(card), " " * (6 - len(card)), words)))
        return Explanation(f"Your {card_words(because)}: with {count} cards you have {rule}, so you must "
                           f"discard one card from your play area.", choices, "Discard")
    if phase == Phase.SWAP:
        choices = []
        for s in range(len(names)):
            if s == me:
                continue
            cards = [x for x in view["hands"][s] if x is not None and x != HIDDEN]
            label = Text(f"{names[s]}: ")
            label.append_text(Text(" ").join(face_text(x) for x in cards))
            choices.append((Swap(s), label))
        return Explanation("Your 3: you may swap your whole hand with another player's (you get the cards "
                           "shown; both hands are then shuffled and you will not see yours).", choices,
                           "Swap hands with:",
                           (KEEP_HAND, "Keep my hand"))
    if phase == Phase.ADD:
        choices = []
        for slot, face in enumerate(view["hands"][me]):
            if face is None or face == HIDDEN:
                continue
            choices.append((Add(slot + 1), Text.assemble(f"Add slot {slot + 1}: ", face_text(face),
                                                         f"  {card_words(face)}")))
        return Explanation("Final scoring: you have the most playground cards. Only you see this: your "
                           "hand. Add one card to your play area (it scores; no ability), or none.",
                           choices, "Add a card?", (ADD_NONE, "Add nothing"))
    return Explanation("")


def waiting(view: BusinessView, labels: Sequence[str]) -> str:
    """What everyone else waits for."""
    phase = view["phase"]
    names = view["names"]
    who = " and ".join(labels[s] for s in view["to_move"]) or "nobody"
    request = view["request"]
    if phase == Phase.SETUP:
        return f"Everyone looks at their own hand once, in private. Waiting for {who}."
    if phase == Phase.ASK and view["requester"] is not None:
        return f"{names[view['requester']]} is choosing whom to ask. Waiting for {who}."
    if request is not None:
        r, p = request["requester"], request["recipient"]
        if phase == Phase.ANSWER:
            return f"{names[r]} asks {names[p]} for slot {request['slot']}. Waiting for {who}'s answer."
        if phase == Phase.TAKE:
            return f"{names[p]} said no. Waiting for {who} to take another card."
        if phase == Phase.COUNTER:
            return f"{names[p]} said yes. Waiting for {who} to ask {names[r]} for a card."
        if phase == Phase.REPLY:
            return (f"{names[p]} asks {names[r]} for slot {request['counter_slot']}. "
                    f"Waiting for {who} to accept or reject.")
    return f"Waiting for {who}."


def last_exchange(view: BusinessView, sep: str) -> Text:
    """Who won what in the last exchange (public: those cards lie face up)."""
    won = view["last_won"]
    if not won:
        return Text()
    line = Text("Last exchange: ", style="bold")
    for i, (seat, card) in enumerate(won):
        if i:
            line.append(f" {sep} ", style="dim")
        line.append(f"{view['names'][int(seat)]} won ")
        line.append_text(face_text(str(card)))
    return line


def choice_line(view: BusinessView, seat: int, slot: int, use_ok: bool, turn_mark: str) -> Text:
    """The pick under the cursor in words: "Ask Lee for slot 2 (PG7)"."""
    phase = view["phase"]
    line = Text(f"{turn_mark} ")
    face = slot_face(view, seat, slot)
    what = Text(f"slot {slot + 1}")
    if face:
        what.append(" (")
        what.append_text(face_text(face))
        what.append(")")
    who = view["names"][seat]
    if phase == Phase.TAKE:
        line.append(f"Take {who}'s ")
        line.append_text(what)
        return line
    line.append(f"Ask {who} for ")
    line.append_text(what)
    if use_ok:
        must = "say yes" if phase == Phase.ASK else "accept"
        line.append(f" with an OK token: {who} must {must}")
    return line
