"""What a game screen talks to: ``MatchSide``, with a local side (the
``Match`` itself, in the process that owns the match) and a remote side
(``RemoteMatch``, in a phone's app process at the kitchen table).

A ``RemoteMatch`` never holds the game state. It holds only the last
snapshot the owner sent for its seat (``Match.seat_snapshot``: the seat's
view and the public table, its prompt, its legal actions as notation, the
log as the seat may read it) and hands an action back to the owner through
``send``; the owner checks it as any move (``Match.play_for``) and answers
with the next snapshot, or with the rules' message.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from tablegames.core import registry
from tablegames.core.game import GameSpec, IllegalAction
from tablegames.core.hint import Hint
from tablegames.core.seats import Seat


class SeatsRecord(Protocol):
    @property
    def seats(self) -> list[Seat]: ...


class MatchSide(Protocol):
    """The match as a game screen sees it (tablegames/ui/game_screen.py)."""

    @property
    def spec(self) -> GameSpec: ...
    @property
    def record(self) -> SeatsRecord: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def pending_pass(self) -> bool: ...

    def is_over(self) -> bool: ...
    def is_bot(self, seat: int) -> bool: ...
    def last_mover(self) -> int | None: ...
    def deciders(self) -> list[int]: ...
    def next_bot(self) -> int | None: ...
    def needs_handover(self) -> bool: ...
    def on_screen(self) -> int | None: ...
    def view(self) -> dict[str, Any]: ...
    def public_view(self) -> dict[str, Any]: ...
    def prompt(self) -> str: ...
    def legal_actions(self) -> list[Any]: ...
    def visible_log(self) -> Sequence[Any]: ...
    def play(self, action: Any) -> Any: ...
    @property
    def hints_on(self) -> bool: ...
    def hint_job(self) -> Callable[[], Hint | None] | None: ...
    def can_take_back(self) -> bool: ...
    def take_back(self) -> None: ...
    def confirm_pass(self) -> None: ...
    def bot_turn(self) -> Any: ...
    def play_bot(self, turn: Any, action: Any) -> Any: ...


@dataclass(frozen=True)
class LogLine:
    """A log entry as a phone receives it: its text only."""

    text: str
    public: bool = True


@dataclass
class RemoteRecord:
    """The little of the record a phone gets: who sits where."""

    seats: list[Seat]


@dataclass(eq=False)  # (screens key weak dictionaries by their match)
class RemoteMatch:
    """One phone seat's side of a match owned by another process."""

    game: str
    seat: int
    seats: list[Seat]
    send: Callable[[str, int], None]  # (the action's notation, the change it answers)
    snapshot: dict[str, Any] = field(default_factory=dict)
    # An action sent and not yet answered: no second one meanwhile.
    sent: bool = False

    def __post_init__(self) -> None:
        self._spec = registry.get(self.game)
        self._record = RemoteRecord(list(self.seats))
        self._hint: _HintWait | None = None

    def update(self, snapshot: dict[str, Any]) -> None:
        """The owner's new snapshot for this seat."""
        self.snapshot = snapshot
        self.sent = False

    @property
    def spec(self) -> GameSpec:
        return self._spec

    @property
    def record(self) -> RemoteRecord:
        return self._record

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    pending_pass = False  # a phone never passes a keyboard

    def is_over(self) -> bool:
        return bool(self.snapshot.get("over", False))

    def result_lines(self) -> list[str]:
        return list(self.snapshot.get("result", []))

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat].bot is not None

    def last_mover(self) -> int | None:
        mover = self.snapshot.get("last_mover")
        return mover if isinstance(mover, int) else None

    def deciders(self) -> list[int]:
        return list(self.snapshot.get("deciders", []))

    def next_bot(self) -> int | None:
        return None  # the owner runs the bots

    def needs_handover(self) -> bool:
        return False

    def on_screen(self) -> int | None:
        return self.seat

    def view(self) -> dict[str, Any]:
        return dict(self.snapshot.get("view", {}))

    def public_view(self) -> dict[str, Any]:
        return dict(self.snapshot.get("public", {}))

    def prompt(self) -> str:
        if self.sent:
            return "Sent: waiting for the table."
        return str(self.snapshot.get("prompt", "Waiting for the table."))

    def legal_actions(self) -> list[Any]:
        if self.sent:
            return []
        return [self._spec.parse(text) for text in self.snapshot.get("legal", [])]

    def visible_log(self) -> list[LogLine]:
        return [LogLine(text) for text in self.snapshot.get("log", [])]

    def play(self, action: Any) -> list[Any]:
        """Checked here against the legal actions the owner sent (the owner
        checks again), then sent; the screen shows the answer when it comes."""
        if self.sent:
            raise IllegalAction("Your move is on its way to the table.")
        text = str(action)
        if self.is_over() or not self.snapshot.get("legal"):
            raise IllegalAction("It is not your turn.")
        self._spec.parse(text)  # IllegalAction for one the owner could not read back
        self.sent = True
        self.send(text, int(self.snapshot.get("change", 0)))
        return []

    # A match started with hints on: the owner works a hint out (it holds
    # the seat's past decisions) and sends it to this phone alone.
    hints_on: bool = False
    ask_hint: Callable[[int], None] | None = None  # (the change it is asked at)

    def hint_job(self) -> Callable[[], Hint | None] | None:
        """Ask the owner for this seat's hint; the work waits for its answer
        (None if none comes within ``HINT_WAIT`` seconds)."""
        if not self.hints_on or self.ask_hint is None or self.sent or not self.legal_actions():
            return None
        waiting = _HintWait(self.view())
        self._hint = waiting
        self.ask_hint(int(self.snapshot.get("change", 0)))
        return waiting.wait

    def hint_came(self, data: dict[str, Any]) -> None:
        """The owner's answer to ``hint_job``'s question."""
        waiting, self._hint = self._hint, None
        if waiting is not None:
            waiting.answer(data, self.seat)

    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> None:
        raise IllegalAction("A move made on a phone stands.")

    def confirm_pass(self) -> None:
        raise IllegalAction("There is no keyboard to pass on a phone.")

    def bot_turn(self) -> None:
        return None

    def play_bot(self, turn: Any, action: Any) -> list[Any]:
        return []


# Seconds a phone waits for its hint from the owner (a hint takes about one).
HINT_WAIT = 10.0


class _HintWait:
    """One hint a phone asked for, until the owner's answer comes."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self._came = threading.Event()
        self._hint: Hint | None = None

    def answer(self, data: dict[str, Any], seat: int) -> None:
        try:
            self._hint = Hint(seat, str(data["move"]), str(data["words"]), float(data["chance"]),
                              data.get("rule") if isinstance(data.get("rule"), str) else None, self.view)
        except (KeyError, TypeError, ValueError):
            self._hint = None
        self._came.set()

    def wait(self) -> Hint | None:
        self._came.wait(HINT_WAIT)
        return self._hint
