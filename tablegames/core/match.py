"""The match controller: who is at the keyboard, when a handover is due,
bot turns, take-backs and saving.

A match that saves is played in one copy of the app at a time: it holds the
match's lock (core/match_lock.py) from its first move, or from ``resume``,
until ``let_go``, and checks it before each change, so a copy never writes a
save that another copy has open.

Screens talk to a Match and render ``match.view()``; they never touch the
game state, so a screen can only show what the seat at the keyboard may see.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tablegames.core import match_lock, records, registry, saves
from tablegames.core.bots import Bot, turn_key
from tablegames.core.game import Event, GameState, IllegalAction, Result
from tablegames.core.hint import Hint, HintAsk, suggest
from tablegames.core.records import MatchRecord


@dataclass
class _TakeBack:
    """What is needed to take back the last action."""

    seat: int
    before: GameState
    log_length: int


class NotHeld(IllegalAction):
    """A change refused (nothing changed, nothing saved): another copy of
    the app has this match open now. Only a lock file removed by hand while
    the match was open here can bring this about."""

    def __init__(self, held: match_lock.MatchHeld):
        super().__init__(f"{held} This copy saves nothing more of it: back to the picker.")


@dataclass(frozen=True)
class BotTurn:
    """A bot's pending decision (``Match.bot_turn``). ``decide()`` works only
    from the seat's view and legal actions, never the state, so a screen may
    run it in a worker thread; ``Match.play_bot`` then plays the result if
    the match has not moved on meanwhile."""

    seat: int
    change: int  # Match.changes when the turn was asked for
    slow: bool  # the bot searches (up to 1.2 s a turn): think off the screen's thread
    decide: Callable[[], Any]


class Match:
    def __init__(self, record: MatchRecord, *, save_path: Path | None = None, autosave: bool = True,
                 lock: match_lock.MatchLock | None = None):
        self.spec = registry.get(record.game)
        self.record = record
        self.log: list[Event] = []
        self._state = records.replay(record, self.log)
        self.autosave = autosave
        self.save_path = save_path
        # This copy's hold on the match (``_hold``): None until the first
        # change of a new match, and again once the match is finished or left.
        self.lock = lock
        self._bots = {seat_no: self._new_bot(seat_no) for seat_no, seat in enumerate(record.seats)
                      if seat.bot is not None}
        humans = self.humans
        # With phone seats the shared screen is watched by everyone, so even
        # a lone keyboard player takes the keyboard through a handover.
        self.at_keyboard: int | None = humans[0] if len(humans) == 1 and not self.phones else None
        # Per human seat: how much of the log they had seen when they left
        # the keyboard, kept in the record so a resumed match remembers it.
        self._seen: dict[int, int] = dict(record.seen)
        self._take_back: _TakeBack | None = None
        # Counts every change (a move, a take-back): a bot decision made
        # before the latest change is stale.
        self.changes = 0
        # Called after every change (a move, a take-back): the owner of a
        # kitchen table sends each phone its seat's new snapshot.
        self.listeners: list[Callable[[], None]] = []

    def _new_bot(self, seat: int) -> Bot:
        """The seat's bot, shown the seat's own past decisions in the record
        (what it saw and what it played): a bot keeps nothing the record
        does not hold, so a resumed match plays on as if it never stopped."""
        level = self.record.seats[seat].bot
        assert level is not None
        bot = self.spec.new_bot(level)
        if bot.remembers:
            for view, legal, action in records.own_decisions(self.record, seat):
                bot.observe(view if bot.needs_view else None, legal, action)
        return bot

    def _bot_rng(self) -> random.Random:
        """The random stream of the next bot decision: from the record alone
        (its seed and length), so a resumed match decides as one that never
        stopped."""
        return random.Random(f"bots {self.record.seed} {len(self.record.actions)}")

    # ----- who is who
    @property
    def names(self) -> tuple[str, ...]:
        return self.record.names

    @property
    def humans(self) -> list[int]:
        """The humans at the shared keyboard (hot seat)."""
        return [i for i, seat in enumerate(self.record.seats) if seat.at_keyboard]

    @property
    def phones(self) -> list[int]:
        """The humans who play on their own phone (``play_for``)."""
        return [i for i, seat in enumerate(self.record.seats) if seat.phone]

    def is_phone(self, seat: int) -> bool:
        return self.record.seats[seat].phone

    def last_mover(self) -> int | None:
        return self.record.actions[-1][0] if self.record.actions else None

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    # ----- flow
    def is_over(self) -> bool:
        return self._state.is_over()

    def result(self) -> Result:
        return self._state.result()

    def deciders(self) -> list[int]:
        return list(self._state.to_move())

    def next_bot(self) -> int | None:
        """A bot that must decide now (bots go first in a simultaneous phase)."""
        for seat in self._state.to_move():
            if seat in self._bots:
                return seat
        return None

    def next_human(self) -> int | None:
        """The human who decides next once no bot is pending: the one at the
        keyboard if they are among the deciders, else the first in seat order."""
        movers = [s for s in self._state.to_move() if s not in self._bots and not self.is_phone(s)]
        if not movers:
            return None
        if self.at_keyboard in movers:
            return self.at_keyboard
        return movers[0]

    def _keyboard_must_pass(self) -> bool:
        """The next decision belongs to another human (no bot is due)."""
        if self.is_over() or self.next_bot() is not None:
            return False
        nxt = self.next_human()
        return nxt is not None and nxt != self.at_keyboard

    @property
    def pending_pass(self) -> bool:
        """The human at the keyboard has moved, the next decision belongs to
        another human, and the move may still be taken back.

        Who decides next, the recap and the public table all depend on that
        move (in a trick game, whether the card won the trick). So nothing of
        them is shown to anyone else yet: the mover's own screen says the
        move is done and waits for ``confirm_pass`` (the keyboard passes, the
        move stands) or ``take_back``."""
        return self._keyboard_must_pass() and self.can_take_back()

    def confirm_pass(self) -> None:
        """The mover lets the keyboard go: their move can no longer be taken
        back, and the handover to the next human is due."""
        if not self.pending_pass:
            raise IllegalAction("There is no finished move waiting to pass the keyboard.")
        self._take_back = None

    def needs_handover(self) -> bool:
        """True when the keyboard must pass to another human before play goes
        on. Never while the last move may be taken back (see ``pending_pass``):
        a handover names the next player, and so tells the table something
        about that move."""
        return self._keyboard_must_pass() and not self.can_take_back()

    def take_keyboard(self, seat: int) -> None:
        """The handover was confirmed: ``seat`` now sits at the keyboard."""
        if self.at_keyboard is not None:
            self._seen[self.at_keyboard] = len(self.log)
        self.at_keyboard = seat
        self._take_back = None

    def recap(self, seat: int) -> list[Event]:
        """Public events since ``seat`` last had the keyboard. Shown at a
        handover, so only once no move in it can be taken back."""
        return [e for e in self.log[self._seen.get(seat, 0):] if e.public]

    def on_screen(self) -> int | None:
        """The seat whose view may be on screen now: the one at the keyboard,
        or None (the public table) when nobody has taken the keyboard yet, or
        when several humans play and bots are moving: the next human may
        already be watching, so the last one's cards leave the screen."""
        seat = self.at_keyboard
        if seat is not None and len(self.humans) > 1 and seat not in self._state.to_move():
            return None
        return seat

    def visible_log(self) -> list[Event]:
        """The log as the seat on screen may read it."""
        seat = self.on_screen()
        return [e for e in self.log if e.visible_to(seat)]

    def view(self) -> dict[str, Any]:
        """What the screen may show: the view of the seat on screen (a plain
        dict of the game's view TypedDict: screens of any game read it)."""
        return dict(self._state.view(self.on_screen()))

    def public_view(self) -> dict[str, Any]:
        return dict(self._state.view(None))

    def prompt(self) -> str:
        """One line: whose turn it is and what they must do."""
        if self.is_over():
            return "The game is over."
        seat = self.at_keyboard
        if seat is not None and self.pending_pass:
            return f"{self.names[seat]}, your move is done: Enter passes the keyboard, u takes it back."
        if seat is not None and seat in self._state.to_move():
            return f"{self.names[seat]}: {self._state.prompt(seat)}"
        waiting = ", ".join(f"{self.names[s]}'s phone" if self.is_phone(s) else self.names[s]
                            for s in self._state.to_move())
        # Five 12-character names are 68 characters: the short form keeps
        # the line whole at 80 columns.
        return f"Waiting for {waiting}." if len(waiting) <= 60 else f"Waiting: {waiting}."

    def legal_actions(self) -> list[Any]:
        seat = self.at_keyboard
        if seat is None or seat not in self._state.to_move():
            return []
        return list(self._state.legal_actions(seat))

    # ----- hints (core/hint.py)
    @property
    def hints_on(self) -> bool:
        return self.record.hints is not None

    def hint_ask(self, phone: int | None = None) -> HintAsk | None:
        """The question of a hint for the seat at the keyboard (or the phone
        seat ``phone``), if hints are on and that seat must decide now, its
        own view on screen (not while its finished move waits to pass the
        keyboard), counted in the record as one of its hints; else None."""
        hints = self.record.hints
        seat = self.at_keyboard if phone is None else phone
        if phone is None and (self.pending_pass or self.on_screen() != seat):
            return None
        if phone is not None and not (0 <= phone < len(self.record.seats) and self.is_phone(phone)):
            return None
        if hints is None or seat is None or self.is_over() or seat not in self._state.to_move():
            return None
        ask = HintAsk(self.spec, seat, self._state.view(seat), list(self._state.legal_actions(seat)),
                      records.own_decisions(self.record, seat),
                      f"hint {self.record.seed} {len(self.record.actions)}")
        hints[seat] += 1
        if self.autosave and self.save_path is not None:
            self._save()  # (a new match's first save comes with its first move)
        return ask

    def hint_job(self) -> Callable[[], Hint | None] | None:
        """A hint for the seat at the keyboard (``hint_ask``, counted now),
        as work for a thread off the UI; None if there is none to give."""
        ask = self.hint_ask()
        return None if ask is None else functools.partial(suggest, ask)

    # ----- acting
    def play(self, action: Any) -> list[Event]:
        """The human at the keyboard acts. ``action`` is an action or its
        notation. Raises IllegalAction (state unchanged) if not allowed."""
        seat = self.at_keyboard
        if seat is not None and self.pending_pass:
            raise IllegalAction("Your move is done: press Enter to pass the keyboard, or u to take it back.")
        if seat is None or seat not in self._state.to_move() or seat in self._bots or self.is_phone(seat):
            raise IllegalAction("It is not your turn.")
        if isinstance(action, str):
            action = self.spec.parse(action)
        before = self._state.copy()
        secret_before = self._state.secret_cards(seat)
        rng_before = self._state.rng.getstate()
        log_length = len(self.log)
        new = self._apply(seat, action)
        # Board Game Arena's policy: no take-back once the move showed the
        # player a card they could not see before, or drew/shuffled cards.
        learned = bool(secret_before - self._state.secret_cards(seat))
        drew = self._state.rng.getstate() != rng_before
        self._take_back = None if (learned or drew) else _TakeBack(seat, before, log_length)
        return new

    def play_for(self, seat: int, action: Any) -> list[Event]:
        """A phone seat acts (its notation, or an action), checked as any
        move: IllegalAction, state unchanged, if it may not. A phone's move
        is never taken back."""
        if not (0 <= seat < len(self.record.seats)) or not self.is_phone(seat):
            raise IllegalAction("That seat is not played on a phone.")
        if self.is_over() or seat not in self._state.to_move():
            raise IllegalAction("It is not your turn.")
        if isinstance(action, str):
            action = self.spec.parse(action)
        # The state's own check (an arrangement, say, is any order of the
        # hand, not only the ones legal_actions lists): IllegalAction, unchanged.
        return self._apply(seat, action)

    def seat_snapshot(self, seat: int) -> dict[str, Any]:
        """All a phone's app process gets of the match: what ``seat`` may see
        now (its view and the public table), its prompt, its legal actions
        as notation and the log as it may read it. Plain JSON data."""
        state = self._state
        deciding = not state.is_over() and seat in state.to_move()
        if state.is_over():
            prompt = "The game is over."
        elif deciding:
            prompt = f"{self.names[seat]}: {state.prompt(seat)}"
        else:
            prompt = f"Waiting for {', '.join(self.names[s] for s in state.to_move())}."
        return {
            "change": self.changes,
            "view": _plain(state.view(seat)),
            "public": _plain(state.view(None)),
            "prompt": prompt,
            "legal": [str(action) for action in state.legal_actions(seat)] if deciding else [],
            "log": [event.text for event in self.log if event.visible_to(seat)],
            "deciders": list(state.to_move()),
            "over": state.is_over(),
            "last_mover": self.last_mover(),
            "result": _result_lines(self) if state.is_over() else [],
        }

    def step_bot(self) -> list[Event]:
        """Let the next pending bot act. Returns its events."""
        turn = self.bot_turn()
        return [] if turn is None else self.play_bot(turn, turn.decide())

    def bot_turn(self) -> BotTurn | None:
        """The next pending bot's decision, to be made (``decide()``) and then
        played (``play_bot``); None if no bot must decide now."""
        seat = self.next_bot()
        if seat is None:
            return None
        bot = self._bots[seat]
        view = self._state.view(seat) if bot.needs_view else None
        legal = list(self._state.legal_actions(seat))
        # A bot that shares its thinking time across a turn learns which it is.
        bot.begin_turn(turn_key(self.record.actions, seat, self.changes))
        rng = self._bot_rng()
        return BotTurn(seat, self.changes, bot.slow, lambda: bot.choose(view, legal, rng))

    def play_bot(self, turn: BotTurn, action: Any) -> list[Event]:
        """Play a bot's decision. A stale one (the match moved on while the
        bot thought: a take-back, another seat's move) is dropped: returns []."""
        if self.changes != turn.change or self.next_bot() != turn.seat:
            if self._bots[turn.seat].remembers:
                # It may have noted a decision that was never played.
                self._bots[turn.seat] = self._new_bot(turn.seat)
            return []
        self._take_back = None  # never across another player's turn
        return self._apply(turn.seat, action)

    def run_bots(self) -> list[Event]:
        """Let bots act until a human must decide or the game ends."""
        events: list[Event] = []
        while not self.is_over() and self.next_bot() is not None:
            events += self.step_bot()
        return events

    def _apply(self, seat: int, action: Any) -> list[Event]:
        self._hold()
        new: list[Event] = []
        self._state.apply(seat, action, new)
        if self.is_phone(seat):
            self._take_back = None  # never across another player's turn
        self.changes += 1
        self.record.actions.append((seat, str(action)))
        self.record.finished = self._state.is_over()
        self.log += new
        self._release_keyboard()
        self._save()
        if self.record.finished:
            self.let_go()  # listed nowhere to resume; a take-back takes it again
        self._tell_listeners()
        return new

    def _release_keyboard(self) -> None:
        """With phone seats: once no keyboard player decides next, the seat
        at the keyboard leaves it (the shared screen shows the public table
        to the whole table), and comes back only through a handover."""
        seat = self.at_keyboard
        if self.phones and seat is not None and seat not in self._state.to_move() and self.next_human() is None:
            self._seen[seat] = len(self.log)
            self.at_keyboard = None
            self._take_back = None

    def _tell_listeners(self) -> None:
        for listener in list(self.listeners):
            listener()

    def can_take_back(self) -> bool:
        tb = self._take_back
        return tb is not None and tb.seat == self.at_keyboard

    def take_back(self) -> None:
        if not self.can_take_back():
            raise IllegalAction("You cannot take that back (another player has moved, or it revealed a card).")
        tb = self._take_back
        assert tb is not None
        self._hold()
        self._state = tb.before
        self.changes += 1
        del self.log[tb.log_length:]
        self.record.actions.pop()
        self.record.finished = False
        self._take_back = None
        self._save()
        self._tell_listeners()

    def _hold(self) -> None:
        """Before any change that is saved: this copy must hold the match. A
        new match takes its lock here (nobody else can know its fresh id); a
        resumed one holds it since ``resume``. NotHeld if another copy has it."""
        if not self.autosave:
            return
        try:
            if self.lock is None:
                self.lock = match_lock.take(self.record.game, self.record.id)
            elif not self.lock.still_held():
                raise match_lock.MatchHeld(match_lock.holder(self.record.game, self.record.id)
                                           or match_lock.Holder())
        except match_lock.MatchHeld as exc:
            raise NotHeld(exc) from None

    def let_go(self) -> None:
        """The match is left here (back to the picker, play again, the app
        closing) or finished: other copies may resume it now."""
        lock, self.lock = self.lock, None
        if lock is not None:
            lock.release()

    def _note_seen(self) -> None:
        """What each seat has seen, into the record: the seat at the
        keyboard has seen all of the log so far."""
        seen = dict(self._seen)
        if self.at_keyboard is not None:
            seen[self.at_keyboard] = len(self.log)
        self.record.seen = seen

    def _save(self) -> None:
        self._note_seen()
        if not self.autosave:
            return
        humans = [i for i, seat in enumerate(self.record.seats) if seat.is_human]
        if self.save_path is None and humans and not any(seat in humans for seat, _ in self.record.actions):
            return  # only bots have moved: nothing to resume, so no new save to list
        self.save_path = saves.save(self.record, self.save_path)

    # ----- construction helpers
    @classmethod
    def resume(cls, path: Path | str, game: str, match_id: str) -> "Match":
        """The saved match at ``path`` (game ``game``, id ``match_id``, as
        listed) to play on in this copy: its lock taken (MatchHeld if another
        copy has it open; the file is not touched), then the file read again,
        since a listing may predate moves played elsewhere since. RecordError
        if it no longer holds that match, or cannot be resumed."""
        path = Path(path)
        try:
            lock = match_lock.take(game, match_id)
        except OSError as exc:  # (a data folder this copy cannot write to: it could not save either)
            raise records.RecordError(f"this copy cannot lock it ({exc.strerror or exc.__class__.__name__}).",
                                      path) from None
        try:
            record = saves.read(path)
            if (record.game, record.id) != (game, match_id) or record.finished:
                raise records.RecordError("it changed since it was listed (finished, or replaced).", path,
                                          missing=True)
            match = cls(record, save_path=path, lock=lock)
            if match.is_over():
                raise records.RecordError("the game in it is over, but it is not marked finished.", path)
        except BaseException:
            lock.release()
            raise
        return match

    @classmethod
    def new(cls, game: str, seats: list[records.Seat], options: dict[str, int] | None = None,
            seed: int | None = None, position: dict[str, Any] | None = None, hints: bool = False,
            **kwargs: Any) -> "Match":
        """A new match: dealt from ``seed``, or started from ``position``
        (the game's description: core/position.py; RecordError, with the
        game's reason, if it is impossible); with ``hints``, each seat may
        ask for hints (core/hint.py)."""
        spec = registry.get(game)
        spec.check_players(len(seats))
        opts = spec.resolve_options(options, len(seats))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(MatchRecord(game=game, seats=list(seats), seed=seed, options=opts, position=position,
                               hints=[0] * len(seats) if hints else None), **kwargs)

    def advance_to(self, stop: "Callable[[Any, int], bool]", seed: int) -> "Match":
        """Seeded random moves for the humans (bots play their own way) until
        ``stop(view, seat)`` holds for the human about to decide; that human
        then has the keyboard, as after their handover. For seeded scenes
        (snapshots, screenshots) and tests."""
        rng = random.Random(seed)
        while True:
            self.run_bots()
            if self.is_over():
                raise AssertionError("the position was not reached")
            seat = self.next_human()
            assert seat is not None, "no human to decide"
            self.take_keyboard(seat)
            if stop(self.view(), seat):
                return self
            self.play(rng.choice(self.legal_actions()))

    def rematch(self, seed: int | None = None) -> "Match":
        """Same game, seats and options; a fresh deal (or the same starting
        position again), in the same series of play-again matches (named by
        the first match's id)."""
        match = Match.new(self.record.game, self.record.seats, self.record.options, seed,
                          position=self.record.position, hints=self.hints_on, autosave=self.autosave)
        match.record.series = self.record.series or self.record.id
        return match


def _plain(view: Any) -> Any:
    """A view as JSON data (tuples as lists, enum members as their value),
    the way a phone's app process receives it."""
    import json

    return json.loads(json.dumps(view, default=lambda value: getattr(value, "value", str(value))))


def _result_lines(match: Match) -> list[str]:
    """The final scores as lines of text, for a phone's last screen."""
    result = match.result()
    lines = [f"{name}: {score}" for name, score in zip(match.names, result.scores)]
    winners = [match.names[seat] for seat in result.winners] or ([result.other_winner] if result.other_winner else [])
    if winners:
        lines.append(f"Won by {' and '.join(winners)}.")
    if result.summary:
        lines.append(result.summary)
    return lines
