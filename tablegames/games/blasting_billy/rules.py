"""Blasting Billy: pure rules (the rules page: rules.md in this package).

On your turn you play one hand card face down to Billy, into your own loot
(the first card of each type face down, the rest face up) or face down into
the box, then draw one. After someone draws the last card, everyone plays
one more turn without drawing, the drawer last; then everyone's last two
cards go into the box and the reveal scores the game at once.

Decisions made here where the rulebook is silent (also on the rules page,
"How tablegames reads the rulebook"):

- The last two cards of each hand go into the box by themselves: nobody
  chooses anything there.
- "Nobody scored" counts only points that count: the survivors' totals, or
  the face-up totals when everyone was shot. If those are all 0, Billy wins,
  whatever a shot player had in a shot type.
- Every shot player is listed as eliminated in the result, also when
  everyone was shot; a player who wins on face-up totals is not.
- "Fewest cards" counts the cards left after the dynamite blasts.
- A player's score is the total of their columns that were not shot; for a
  survivor that is everything, for a shot player what stays face up.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, ClassVar, Mapping, Sequence, cast

from tablegames.core.game import IllegalAction, Result
from tablegames.core.state import BaseState, handles
from tablegames.games.blasting_billy.vocab import (
    BILLY,
    CARD_ID,
    DECK_SIZE,
    GAME_ID,
    HAND_SIZE,
    HIDDEN,
    PLAYS,
    REMOVED,
    TYPE_NAMES,
    TYPE_OF,
    TYPES,
    VALUE,
    WHERE_WORDS,
    BillyView,
    ColumnReveal,
    Phase,
    Play,
    PlayCard,
    Remembered,
    Reveal,
    SeatReveal,
    TURNS,
    Where,
    card_from_id,
    card_name,
    is_dynamite,
    is_hidden,
    parse_action,
    type_from_token,
)

__all__ = ["BlastingBillyState", "new_state", "parse_action", "blast", "score_table", "sample"]

PLAY, OVER = Phase.PLAY, Phase.OVER
BILLY_W, CLAIM, DUMP = Where.BILLY, Where.CLAIM, Where.DUMP


# ----- final scoring (pure functions: the tests call them directly) ------------

def blast(column: Sequence[int]) -> ColumnReveal:
    """A column after its dynamite: the dynamite removes itself and the card
    placed just before it (only itself when it is first)."""
    blasted: list[int] = []
    for i, card in enumerate(column):
        if is_dynamite(card):
            if i > 0:
                blasted.append(i - 1)
            blasted.append(i)
    gone = set(blasted)
    total = sum(VALUE[c] for i, c in enumerate(column) if i not in gone)
    return {"cards": [CARD_ID[c] for c in column], "blasted": sorted(gone), "total": total}


def score_table(loot: Sequence[Sequence[Sequence[int]]],
                billy: Sequence[Sequence[int]]) -> Reveal:
    """The whole reveal from every column: ``loot[seat][type]`` and
    ``billy[type]``, each a column of cards in play order."""
    billy_cols = [blast(billy[t]) for t in range(TYPES)]
    seats: list[SeatReveal] = []
    for columns in loot:
        cols = [blast(columns[t]) for t in range(TYPES)]
        shot = [cols[t]["total"] > billy_cols[t]["total"] for t in range(TYPES)]
        left = [len(c["cards"]) - len(c["blasted"]) for c in cols]
        seats.append({
            "columns": cols,
            "shot": shot,
            "eliminated": any(shot),
            "score": sum(cols[t]["total"] for t in range(TYPES) if not shot[t]),
            "face_up": sum(left[t] for t in range(TYPES) if not shot[t]),
            "face_down": sum(left[t] for t in range(TYPES) if shot[t]),
        })
    survivors = [s for s, r in enumerate(seats) if not r["eliminated"]]
    all_shot = not survivors
    contenders = survivors or list(range(len(seats)))
    best = max(seats[s]["score"] for s in contenders)
    winners: list[int] = []
    decided_by = ""
    if best == 0:
        decided_by = "billy"
    else:
        # Each tie-break in order, as long as it is still needed.
        keys: list[tuple[str, Callable[[int], int]]]
        if all_shot:
            keys = [("face-up total", lambda s: -seats[s]["score"]),
                    ("fewest face-up cards", lambda s: seats[s]["face_up"]),
                    ("fewest face-down cards", lambda s: seats[s]["face_down"])]
        else:
            keys = [("total", lambda s: -seats[s]["score"]),
                    ("fewest cards", lambda s: seats[s]["face_up"])]
        pool = contenders
        for name, key in keys:
            low = min(key(s) for s in pool)
            pool = [s for s in pool if key(s) == low]
            decided_by = name
            if len(pool) == 1:
                break
        else:
            decided_by = "shared"
        winners = pool
    return {"billy": billy_cols, "seats": seats, "all_shot": all_shot, "winners": winners,
            "billy_wins": best == 0, "decided_by": decided_by}


# ----- the state ----------------------------------------------------------------

class BlastingBillyState(BaseState):
    """The whole game. Seats are 0..n-1; Billy is no seat. Whose turn it is
    is the one ``PlayCard`` decision on ``self.decisions``."""

    DEEP: ClassVar[tuple[str, ...]] = ("hands", "loot", "billy", "box", "deck")
    FINAL_PHASE: ClassVar[str] = Phase.OVER

    def __init__(self, names: Sequence[str], seed: int) -> None:
        super().__init__(names, seed)
        n = self.n
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        cut = REMOVED[n]
        self.removed: tuple[int, ...] = tuple(deck[:cut])
        deck = deck[cut:]
        self.hands: list[list[int]] = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)]
        # The draw pile; the top card is the last one.
        self.deck: list[int] = deck[n * HAND_SIZE:]
        self.loot: list[list[list[int]]] = [[[] for _ in range(TYPES)] for _ in range(n)]
        self.billy: list[list[int]] = [[] for _ in range(TYPES)]
        self.box: list[int] = []
        self.start = self.rng.randrange(n)
        self.final_left = 0
        self.last_drawer: int | None = None
        self.reveal: Reveal | None = None
        self.decisions.push(TURNS[self.start])

    # ----- the contract
    @property
    def phase(self) -> Phase:
        return Phase(self.due_phase())

    @property
    def turn(self) -> int | None:
        """The seat to play (None once the game is over)."""
        decision = self.decisions.current()
        return None if decision is None else decision.seat

    def legal_actions(self, seat: int) -> list[Play]:
        if seat not in self.to_move():
            return []
        hand = self.hands[seat]
        billy, claim, dump = PLAYS[BILLY_W], PLAYS[CLAIM], PLAYS[DUMP]
        out: list[Play] = []
        for c in hand:
            out += (billy[c], claim[c], dump[c])
        return out

    @handles(PlayCard)
    def _play(self, decision: PlayCard, action: Any) -> None:
        seat = decision.seat
        if not isinstance(action, Play):
            raise IllegalAction("Play one of your cards: to Billy, into your loot, or into the box.")
        card = action.card
        if type(card) is not int or not 0 <= card < DECK_SIZE:
            raise IllegalAction("That is no card of this game.")
        where: Where | None = action.where
        if where.__class__ is not Where:
            # A plain word equals its Where member (it is a str enum).
            where = WHERE_WORDS.get(action.where) if isinstance(action.where, str) else None
        if where is None:
            raise IllegalAction("A card goes to Billy, into your loot, or into the box.")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"{card_name(card)} is not in your hand.")
        # Valid: from here on the state changes.
        hand.remove(card)
        self.decisions.take(seat)
        t = TYPE_OF[card]
        name = self.names[seat]
        if where is BILLY_W:
            self.billy[t].append(card)
            self.emit(lambda: f"{name} gives Billy a {TYPE_NAMES[t].lower()} card.")
        elif where is CLAIM:
            column = self.loot[seat][t]
            column.append(card)
            self.emit(lambda: f"{name} claims a {TYPE_NAMES[t].lower()} card face down." if len(column) == 1
                      else f"{name} claims {card_name(card)}.")
        else:
            self.box.append(card)
            self.emit(lambda: f"{name} dumps a {TYPE_NAMES[t].lower()} card in the box.")
        # Draw; after the last draw, one more turn each, the drawer last.
        deck = self.deck
        if deck:
            drawn = deck.pop()
            hand.append(drawn)
            self.emit(lambda: f"You draw {card_name(drawn)}.", (seat,))
            if not deck:
                self.last_drawer = seat
                self.final_left = self.n
                self.emit(lambda: f"{name} drew the last card: everyone plays one more turn, {name} last.")
        else:
            self.final_left -= 1
            if not self.final_left:
                self._finish()
                return
        turn = seat + 1
        self.decisions.push(TURNS[turn if turn < self.n else 0])

    def _finish(self) -> None:
        for hand in self.hands:
            self.box += hand
            hand.clear()
        self.reveal = reveal = score_table(self.loot, self.billy)
        self.emit("Everyone puts their last two cards in the box. The reveal!")
        names = self.names
        self.emit(lambda: totals_line(reveal))
        for s in range(self.n):
            self.emit(partial(seat_line, reveal, names, s))
        self.emit(lambda: outcome_line(reveal, names))

    def is_over(self) -> bool:
        return self.reveal is not None

    def result(self) -> Result:
        reveal = self.reveal
        if reveal is None:
            raise IllegalAction("The game is not over yet.")
        billy_totals = [c["total"] for c in reveal["billy"]]
        breakdown = []
        for r in reveal["seats"]:
            lines = []
            for t in range(TYPES):
                total = r["columns"][t]["total"]
                verdict = "shot" if r["shot"][t] else "safe"
                lines.append((f"{TYPE_NAMES[t]} {total} vs Billy {billy_totals[t]}: {verdict}",
                              0 if r["shot"][t] else total))
            breakdown.append(tuple(lines))
        # Every shot player is eliminated, also when everyone was shot; only
        # a winner on face-up totals (everyone shot) is not listed: it won.
        eliminated = tuple(s for s, r in enumerate(reveal["seats"])
                           if r["eliminated"] and s not in reveal["winners"])
        return Result(
            scores=tuple(r["score"] for r in reveal["seats"]),
            breakdown=tuple(breakdown),
            winners=tuple(reveal["winners"]),
            summary=outcome_line(reveal, self.names),
            other_winner=BILLY if reveal["billy_wins"] else "",
            eliminated=eliminated,
        )

    def view(self, seat: int | None) -> BillyView:
        over = self.reveal is not None
        loot = []
        for s in range(self.n):
            cols = []
            for column in self.loot[s]:
                ids = [CARD_ID[c] for c in column]
                if ids and s != seat and not over:
                    ids[0] = HIDDEN[TYPE_OF[column[0]]]
                cols.append(ids)
            loot.append(cols)
        if over:
            billy = [[CARD_ID[c] for c in column] for column in self.billy]
        else:
            billy = [[HIDDEN[t]] * len(self.billy[t]) for t in range(TYPES)]
        box = [0] * TYPES
        for c in self.box:
            box[TYPE_OF[c]] += 1
        removed = [0] * TYPES
        for c in self.removed:
            removed[TYPE_OF[c]] += 1
        return {
            "game": GAME_ID,
            "seat": seat,
            "names": list(self.names),
            "phase": self.phase.value,
            "turn": None if over else self.turn,
            "start": self.start,
            "draw": len(self.deck),
            "final_left": self.final_left,
            "last_drawer": self.last_drawer,
            "hand": None if seat is None else [CARD_ID[c] for c in self.hands[seat]],
            "hand_types": [[HIDDEN[TYPE_OF[c]] for c in hand] for hand in self.hands],
            "loot": loot,
            "billy": billy,
            "box": box,
            "removed": removed,
            "reveal": self.reveal,
        }

    def secret_cards(self, seat: int | None) -> set[str]:
        secret = {CARD_ID[c] for c in self.deck}
        secret.update(CARD_ID[c] for c in self.box)
        secret.update(CARD_ID[c] for c in self.removed)
        if self.reveal is not None:
            return secret
        for s in range(self.n):
            if s != seat:
                secret.update(CARD_ID[c] for c in self.hands[s])
                secret.update(CARD_ID[col[0]] for col in self.loot[s] if col)
        secret.update(CARD_ID[c] for col in self.billy for c in col)
        return secret

    def all_card_ids(self) -> list[str]:
        cards = list(self.removed) + self.deck + self.box
        for hand in self.hands:
            cards += hand
        for columns in self.loot:
            for col in columns:
                cards += col
        for col in self.billy:
            cards += col
        return [CARD_ID[c] for c in cards]

    def prompt(self, seat: int) -> str:
        if self.reveal is not None:
            return "the game is over."
        # At most 64 characters: the status line holds them after a
        # 12-character name at 80 columns.
        if self.final_left:
            return "last turn, no draw: to Billy (b), your loot (c) or the box (d)."
        return "play a card to Billy (b), into your loot (c) or the box (d)."


# The reveal's log lines: Billy's totals, each seat shot or safe, the outcome.

def totals_line(reveal: Reveal) -> str:
    totals = ", ".join(f"{TYPE_NAMES[t]} {reveal['billy'][t]['total']}" for t in range(TYPES))
    return f"Billy's totals: {totals}."


def seat_line(reveal: Reveal, names: Sequence[str], seat: int) -> str:
    r = reveal["seats"][seat]
    shot = [TYPE_NAMES[t] for t in range(TYPES) if r["shot"][t]]
    if shot:
        return f"Billy shoots {names[seat]} in {', '.join(shot)}: eliminated."
    return f"{names[seat]} survives with {r['score']}."


def outcome_line(reveal: Reveal, names: Sequence[str]) -> str:
    if reveal["billy_wins"]:
        if reveal["all_shot"]:
            return "Everyone was shot and nobody has a point left: Billy runs off with the loot!"
        return "Nobody still in the running scored a point: Billy runs off with the loot!"
    winners = " and ".join(names[s] for s in reveal["winners"])
    verb = "share the win" if len(reveal["winners"]) > 1 else "wins"
    why = {
        "total": "with the highest total",
        "fewest cards": "on fewest cards",
        "face-up total": "with the highest face-up total",
        "fewest face-up cards": "on fewest face-up cards",
        "fewest face-down cards": "on fewest face-down cards",
        "shared": "",
    }[reveal["decided_by"]]
    prefix = "Everyone was shot. " if reveal["all_shot"] else ""
    return f"{prefix}{winners} {verb} {why}".rstrip() + "."


def new_state(names: Sequence[str], options: dict[str, int], seed: int) -> BlastingBillyState:
    return BlastingBillyState(names, seed)


def _remembered_in_place(view: BillyView, known: set[int],
                         memory: Any) -> tuple[dict[tuple[int, int], int], list[int]]:
    """The seat's remembered gifts by (type, place in Billy's column) and its
    remembered dumps, where the view has room for them face down (a card
    still in hand was advised, not played)."""
    gifts: dict[tuple[int, int], int] = {}
    dumps: list[int] = []
    if not isinstance(memory, Remembered):
        return gifts, dumps
    for card, place in memory.gifts:
        column = view["billy"][TYPE_OF[card]]
        if card not in known and place < len(column) and is_hidden(column[place]):
            gifts[TYPE_OF[card], place] = card
    room = list(view["box"])
    for card in memory.dumps:
        if card not in known and room[TYPE_OF[card]] > 0:
            room[TYPE_OF[card]] -= 1
            dumps.append(card)
    return gifts, dumps


def sample(seat_view: Mapping[str, Any], rng: random.Random, memory: Any = None) -> BlastingBillyState:
    """A full state consistent with ``view``: every card the viewer cannot
    know is dealt again at random, keeping what shows (types, counts, face-up
    cards, whose turn, the final round) and what the seat remembers
    (``memory``: its gifts to Billy in their places, its dumps in the box)."""
    view = cast(BillyView, seat_view)
    names = view["names"]
    n = len(names)
    seat = view["seat"]
    state = object.__new__(BlastingBillyState)
    BaseState.__init__(state, names, rng.getrandbits(32))
    known: set[int] = set()
    for cols in view["loot"]:
        for col in cols:
            known.update(card_from_id(tok) for tok in col if not is_hidden(tok))
    for col in view["billy"]:
        known.update(card_from_id(tok) for tok in col if not is_hidden(tok))
    own_hand = [card_from_id(tok) for tok in view["hand"]] if view["hand"] is not None else None
    if own_hand is not None:
        known.update(own_hand)
    gifts, dumps = _remembered_in_place(view, known, memory)
    known.update(gifts.values())
    known.update(dumps)
    pools: list[list[int]] = [[] for _ in range(TYPES)]
    for c in range(DECK_SIZE):
        if c not in known:
            pools[TYPE_OF[c]].append(c)
    for pool in pools:
        rng.shuffle(pool)

    def deal(token: str) -> int:
        if not is_hidden(token):
            return card_from_id(token)
        pool = pools[type_from_token(token)]
        if not pool:
            raise ValueError("This view does not fit one deck of Blasting Billy.")
        return pool.pop()

    state.hands = [list(own_hand) if s == seat and own_hand is not None
                   else [deal(tok) for tok in view["hand_types"][s]] for s in range(n)]
    state.loot = [[[deal(tok) for tok in col] for col in cols] for cols in view["loot"]]
    state.billy = [[gifts[t, i] if (t, i) in gifts else deal(tok) for i, tok in enumerate(col)]
                   for t, col in enumerate(view["billy"])]
    box_left = list(view["box"])
    for card in dumps:
        box_left[TYPE_OF[card]] -= 1
    state.box = dumps + [deal(HIDDEN[t]) for t in range(TYPES) for _ in range(box_left[t])]
    rng.shuffle(state.box)
    removed = [deal(HIDDEN[t]) for t in range(TYPES) for _ in range(view["removed"][t])]
    rng.shuffle(removed)
    state.removed = tuple(removed)
    deck = [c for pool in pools for c in pool]
    if len(deck) != view["draw"]:
        raise ValueError("This view does not fit one deck of Blasting Billy.")
    rng.shuffle(deck)
    state.deck = deck
    state.start = view["start"]
    state.final_left = view["final_left"]
    state.last_drawer = view["last_drawer"]
    if view["phase"] == OVER:
        state.reveal = score_table(state.loot, state.billy)
    else:
        turn = view["turn"]
        assert turn is not None
        state.decisions.push(TURNS[turn])
        state.reveal = None
    return state
