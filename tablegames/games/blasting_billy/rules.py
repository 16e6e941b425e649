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
from functools import cache, partial
from itertools import cycle, islice
from typing import Any, Callable, ClassVar, Sequence

from tablegames.core.game import IllegalAction, Result
from tablegames.core.state import BaseState, LogLine, handles
from tablegames.games.blasting_billy import INFO
from tablegames.games.blasting_billy.view import BillyView, ColumnReveal, Reveal, SeatReveal, build_view
from tablegames.games.blasting_billy.vocab import (
    BILLY,
    CARD_ID,
    DECK_SIZE,
    HAND_SIZE,
    PLAYS,
    REMOVED,
    TURNS,
    TYPE_NAMES,
    TYPE_OF,
    TYPES,
    VALUE,
    WHERE_WORDS,
    Phase,
    Play,
    PlayCard,
    Where,
    card_name,
    is_dynamite,
)

BILLY_W, CLAIM, DUMP = Where.BILLY, Where.CLAIM, Where.DUMP
# The drawer's private log line for each card, worded once.
DRAW_LINES = tuple(f"You draw {card_name(c)}." for c in range(DECK_SIZE))
SEAT_ONLY = tuple((seat,) for seat in range(INFO.max_players))  # a draw line's audience
# Each card's three plays, in legal_actions' order.
PLAYS_OF: tuple[tuple[Play, Play, Play], ...] = tuple(
    (PLAYS[BILLY_W][c], PLAYS[CLAIM][c], PLAYS[DUMP][c]) for c in range(DECK_SIZE))


# ----- final scoring (pure functions: the tests call them directly) ------------

_DYNAMITES = frozenset(c for c in range(DECK_SIZE) if is_dynamite(c))
_ID, _VALUE = CARD_ID.__getitem__, VALUE.__getitem__


def blasted(column: Sequence[int]) -> list[int]:
    """The indexes a column's dynamite removes, in order: the card placed
    just before it and itself (only itself when it is first)."""
    gone: list[int] = []
    for i, card in enumerate(column):
        if is_dynamite(card):
            if i > 0:
                gone.append(i - 1)
            gone.append(i)
    return gone


def column_total(column: Sequence[int]) -> int:
    """The value of a column after its dynamite."""
    if _DYNAMITES.isdisjoint(column):  # most columns: nothing blasts
        return sum(map(_VALUE, column))
    return _left_over(column, set(blasted(column)))


def _left_over(column: Sequence[int], gone: set[int]) -> int:
    return sum(VALUE[c] for i, c in enumerate(column) if i not in gone)


def blast(column: Sequence[int]) -> ColumnReveal:
    """A column at the reveal: its cards, what its dynamite removes, and
    the value of what is left. (Each game's scoring reveals every column:
    the common case, no dynamite, is settled in one test.)"""
    cards = list(map(_ID, column))
    if _DYNAMITES.isdisjoint(column):
        return {"cards": cards, "blasted": [], "total": sum(map(_VALUE, column))}
    gone = set(blasted(column))
    return {"cards": cards, "blasted": sorted(gone), "total": _left_over(column, gone)}


def score_table(loot: Sequence[Sequence[Sequence[int]]],
                billy: Sequence[Sequence[int]]) -> Reveal:
    """The whole reveal from every column: ``loot[seat][type]`` and
    ``billy[type]``, each a column of cards in play order."""
    billy_cols = [blast(billy[t]) for t in range(TYPES)]
    billy_totals = [c["total"] for c in billy_cols]
    seats: list[SeatReveal] = []
    for columns in loot:
        cols = [blast(columns[t]) for t in range(TYPES)]
        shot: list[bool] = []
        score = face_up = face_down = 0
        for column, billys in zip(cols, billy_totals):
            total = column["total"]
            left = len(column["cards"]) - len(column["blasted"])
            if total > billys:  # Billy shoots: the column is face down
                shot.append(True)
                face_down += left
            else:
                shot.append(False)
                score += total
                face_up += left
        seats.append({"columns": cols, "shot": shot, "eliminated": True in shot, "score": score,
                      "face_up": face_up, "face_down": face_down})
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

@cache
def _turns(first: int, n: int, count: int) -> tuple[PlayCard, ...]:
    """``count`` turns round the table from ``first``."""
    order = TURNS[first:n] + TURNS[:first]
    return tuple(islice(cycle(order), count))


class BlastingBillyState(BaseState):
    """The whole game. Seats are 0..n-1; Billy is no seat.

    The turn order is fixed at the deal: every seat in turn, one play per
    card drawn and then one more each. So ``self.decisions`` holds every
    turn still to play, one ``PlayCard`` each, and a play takes the first."""

    DEEP: ClassVar[tuple[str, ...]] = ("hands", "loot", "billy", "box", "deck")
    FINAL_PHASE: ClassVar[str] = Phase.OVER

    def __init__(self, names: Sequence[str], rng: random.Random, *, hands: list[list[int]],
                 loot: list[list[list[int]]], billy: list[list[int]], box: list[int], removed: Sequence[int],
                 deck: list[int], start: int, final_left: int, last_drawer: int | None,
                 to_move: int | None) -> None:
        """The one way to make a state, with these cards where they are: the
        new deal (``new_state``), the sampler's re-deals and positions.
        ``deck`` is the draw pile, its top card last; ``to_move`` None for
        a finished game."""
        super().__init__(names, rng)
        self.hands, self.loot, self.billy, self.box = hands, loot, billy, box
        self.removed: tuple[int, ...] = tuple(removed)
        self.deck = deck
        self.start = start
        self.final_left = final_left
        self.last_drawer = last_drawer
        self.last_play: tuple[int, Where, int] | None = None  # (seat, where, card), for its log line
        self.reveal: Reveal | None = None
        if to_move is None:
            self.reveal = score_table(loot, billy)
        else:
            self.queue_turns(to_move, final_left or len(deck) + self.n)

    def queue_turns(self, first: int, count: int) -> None:
        """``count`` turns still to play, ``first`` to play now (nothing is pending)."""
        self.decisions.refill(_turns(first, self.n, count))

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
        out: list[Play] = []
        for c in self.hands[seat]:
            out += PLAYS_OF[c]
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
        try:
            hand.remove(card)  # the last check: from here on the state changes
        except ValueError:
            raise IllegalAction(f"{card_name(card)} is not in your hand.") from None
        t = TYPE_OF[card]
        if where is BILLY_W:
            self.billy[t].append(card)
        elif where is CLAIM:
            self.loot[seat][t].append(card)
        else:
            self.box.append(card)
        self.last_play = (seat, where, card)
        self.emit(PLAYED)
        # Draw; after the last draw, one more turn each, the drawer last.
        deck = self.deck
        if deck:
            drawn = deck.pop()
            hand.append(drawn)
            self.emit(DRAW_LINES[drawn], SEAT_ONLY[seat])
            if not deck:
                self.last_drawer = seat
                self.final_left = self.n
                self.emit(partial(last_draw_line, self.names[seat]))
        else:
            self.final_left -= 1
            if not self.final_left:
                self.decisions.take(seat)
                self._finish()
                return
        self.decisions.take(seat)

    def _finish(self) -> None:
        for hand in self.hands:
            self.box += hand
            hand.clear()
        self.reveal = reveal = score_table(self.loot, self.billy)
        self.emit("Everyone puts their last two cards in the box. The reveal!")
        names = self.names
        self.emit(partial(totals_line, reveal))
        for s in range(self.n):
            self.emit(partial(seat_line, reveal, names, s))
        self.emit(partial(outcome_line, reveal, names))

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
        return build_view(self, seat)

    # What the view tells a seat of its own columns (its screen and its bot
    # read them): the rule of the dynamite is applied here only.
    def column_totals(self, seat: int) -> list[int]:
        """The total of each of ``seat``'s columns, its dynamite applied."""
        return [column_total(column) for column in self.loot[seat]]

    def claim_totals(self, seat: int) -> list[int]:
        """For each card in ``seat``'s hand, in order: the total of its
        column were it claimed now."""
        loot = self.loot[seat]
        return [column_total([*loot[TYPE_OF[card]], card]) for card in self.hands[seat]]

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


@LogLine
def PLAYED(state: BlastingBillyState) -> str:
    """The public log line of the play just made (the card's value only when
    it lands face up)."""
    assert state.last_play is not None
    seat, where, card = state.last_play
    name, kind = state.names[seat], TYPE_NAMES[TYPE_OF[card]].lower()
    if where is Where.BILLY:
        return f"{name} gives Billy a {kind} card."
    if where is Where.DUMP:
        return f"{name} dumps a {kind} card in the box."
    if len(state.loot[seat][TYPE_OF[card]]) == 1:
        return f"{name} claims a {kind} card face down."
    return f"{name} claims {card_name(card)}."


def last_draw_line(name: str) -> str:
    return f"{name} drew the last card: everyone plays one more turn, {name} last."


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
    """A new game: cards removed unseen, three dealt to each, a start player drawn."""
    n = len(names)
    rng = random.Random(seed)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    cut = REMOVED[n]
    removed, deck = deck[:cut], deck[cut:]
    hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(n)]
    start = rng.randrange(n)
    return BlastingBillyState(names, rng, hands=hands, loot=[[[] for _ in range(TYPES)] for _ in range(n)],
                              billy=[[] for _ in range(TYPES)], box=[], removed=removed, deck=deck[n * HAND_SIZE:],
                              start=start, final_left=0, last_drawer=None, to_move=start)
