"""A whole kitchen-table match in real headless Chromium, for any game:
the loop that plays it and the privacy check it makes at every frame.

Each game brings its own pieces in tests/fixtures/<game>/phone_taps.py
(found by convention, ``tests.fixtures.phone_taps_of``):

    OPTIONS         the match's options (the shortest match the game has)
    face_of(id)     the face a screen draws for a card id of the rules
    faces(text)     the card faces a screen's text shows (a Counter)
    drawable(state, viewer)   optional: the card ids a screen of ``viewer``
                    may draw as faces (all the cards by default); only
                    those not in the rules' ``secret_cards(viewer)`` count
    tap(term, screen, snapshot, ready)   the seat's decision by taps on
                    its page, read from the page's text and the seat's
                    snapshot (its "view" and "legal"; ``ready``: the page's
                    top line is the snapshot's prompt): True once a move is sent,
                    False for a tap that decides nothing yet (a summary
                    closed), None if the page does not show the decision

The privacy check is the rules' own: a face is secret for a viewer when
a card of ``state.secret_cards(viewer)`` has it, and it leaks when a
screen shows it more often than the cards the viewer may see with that
face (two cards may share a face). A phone page's viewer is its seat;
the shared screen's is the seat at the keyboard (``match.on_screen()``),
or nobody (None: the public table).

A page draws a snapshot some moments after the owner sent it: a frame is
held against every state of the match from ``LAG_SECONDS`` before it was
read (recorded at every change by a listener on the owner's match), and a
face leaks only if it was secret in all of them."""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Iterable

from tablegames.core.match import Match
from tablegames.ui.game_screen import GameScreen
from tablegames.ui.handover import HandoverScreen
from tests.browser.conftest import DEADLINE_SECONDS, until
from tests.browser.terminal import Screen, Terminal
from tests.table.owner import OwnerThread

# How stale a page's frame may be, at most, on a loaded machine.
LAG_SECONDS = 30.0

# The top border of a card face: "╭───╮", or "┏━━━┓" under the cursor.
FACE_TOP = re.compile(r"[┏╭][─━]{3}[┓╮]")
SIDE = "│┃"

Forbidden = tuple[frozenset[str], Counter[str]]  # (secret faces, how many of each the viewer may see)


@dataclass(frozen=True)
class Face:
    """A card face drawn whole: its top border's cell and its two lines."""

    row: int
    col: int
    top: str
    bottom: str


def card_faces(text: str) -> list[Face]:
    """Every card face drawn whole in ``text``, row by row."""
    rows = text.splitlines()
    found = []
    for y, row in enumerate(rows[:-2]):
        for top in FACE_TOP.finditer(row):
            x = top.start()
            lines = [rows[y + 1][x:x + 5], rows[y + 2][x:x + 5]]
            if all(len(line) == 5 and line[0] in SIDE and line[4] in SIDE for line in lines):
                found.append(Face(y, x, lines[0][1:4], lines[1][1:4]))
    return found


def tap_face(term: Terminal, face: Face) -> None:
    """A tap in the middle of a card face."""
    term.click_cell(face.row + 1, face.col + 2)


# A numbered choice at the start of a line: " ▶ 1. Accept: ...", "   2. Reject".
CHOICE = re.compile(r"^ {0,3}[▶>]? {0,3}(\d)\. \S")


def tap_choice(term: Terminal, screen: Screen, pick: int) -> bool:
    """A tap on one of the numbered choices a decision panel lists (the
    ``pick``-th, counted round); False if none is listed."""
    lines = [(y, found) for y, row in enumerate(screen.rows) for found in [CHOICE.search(row)] if found]
    if not lines:
        return False
    y, found = lines[pick % len(lines)]
    term.click_cell(y, found.start(1) + 3)
    return True


def forbidden(taps: ModuleType, state: Any, viewer: int | None) -> Forbidden:
    """What ``viewer``'s screen may not show, from the rules' secret cards."""
    secret = state.secret_cards(viewer)
    drawable = getattr(taps, "drawable", None)
    cards = drawable(state, viewer) if drawable is not None else state.all_card_ids()
    allowed = Counter(taps.face_of(card) for card in cards if card not in secret)
    return frozenset(taps.face_of(card) for card in secret), allowed


def leaks(shown: Counter[str], rule: Forbidden) -> dict[str, int]:
    """Faces shown that the viewer may not see: how many too many of each."""
    secret, allowed = rule
    return {face: count - allowed[face] for face, count in shown.items()
            if face in secret and count > allowed[face]}


@dataclass
class Point:
    """The match at one moment: who is on the shared screen, and what each
    viewer (each seat, and None) may not see."""

    at: float
    change: int
    on_screen: int | None
    rules: dict[int | None, Forbidden]


@dataclass
class Ledger:
    """Every moment of the match, recorded in the owner's loop."""

    match: Match
    taps: ModuleType
    points: list[Point] = field(default_factory=list)

    def record(self) -> Point:
        match = self.match
        state = match._state  # (only a test reads the owner's state)
        viewers: list[int | None] = [None, *range(len(match.names))]
        point = Point(time.monotonic(), match.changes, match.on_screen(),
                      {viewer: forbidden(self.taps, state, viewer) for viewer in viewers})
        last = self.points[-1] if self.points else None
        if last is None or (last.change, last.on_screen) != (point.change, point.on_screen):
            self.points.append(point)
        return point

    def since(self, moment: float) -> list[Point]:
        """The moments a frame read at ``moment`` may show: the last one
        before ``moment - LAG_SECONDS`` and every one after."""
        start = moment - LAG_SECONDS
        first = max((i for i, point in enumerate(self.points) if point.at <= start), default=0)
        return self.points[first:]


def frame_leaks(shown: Counter[str], points: Iterable[Point], viewer: Callable[[Point], int | None]) -> dict[str, int]:
    """The faces that leak at every one of ``points`` (empty if none)."""
    common: dict[str, int] | None = None
    for point in points:
        found = leaks(shown, point.rules[viewer(point)])
        common = found if common is None else {face: min(n, found[face]) for face, n in common.items()
                                               if face in found}
        if not common:
            return {}
    return common or {}


@dataclass
class Tally:
    taps: int = 0
    owner_moves: int = 0
    keyboard_frames: int = 0  # shared-screen frames the check let through that the table may not see
    phone_faces: int = 0  # phone frames that showed faces at all
    seen: set[str] = field(default_factory=set)  # the phases the phones decided in


class KitchenTable:
    """One match owned by ``owner``, its phone pages, the privacy check at
    every frame read, and the loop that plays it to the end."""

    def __init__(self, owner: OwnerThread, match: Match, taps: ModuleType, phones: dict[int, Terminal],
                 keyboard: int, decide: Callable[[Any], Any]) -> None:
        self.owner = owner
        self.match = match
        self.taps = taps
        self.phones = phones
        self.keyboard = keyboard
        self.decide = decide
        self.ledger = Ledger(match, taps)
        self.tally = Tally()
        self.lost: dict[tuple[int, int], int] = {}  # taps that came to nothing, by seat and change
        owner.run(lambda: (match.listeners.append(self.ledger.record), self.ledger.record()))

    def check_phone(self, seat: int, screen: Screen | None = None) -> Screen:
        """Read the seat's page (unless given) and check it."""
        moment = time.monotonic()
        screen = screen or self.phones[seat].screen()
        shown = self.taps.faces(screen.text)
        self.tally.phone_faces += bool(shown)
        points = self.owner.run(lambda: (self.ledger.record(), self.ledger.since(moment))[1])
        leaked = frame_leaks(shown, points, lambda point: seat)
        assert not leaked, (f"{self.match.names[seat]}'s phone shows {leaked}, cards it may not see:\n"
                            f"{screen.text}")
        return screen

    def check_shared(self) -> None:
        """Read the shared screen and check it against whoever may be on it."""
        from tests.ui.helpers import screen_text

        moment = time.monotonic()

        def read() -> tuple[str, list[Point]]:
            point = self.ledger.record()
            return screen_text(self.owner.app), [*self.ledger.since(moment), point]

        text, points = self.owner.run(read)
        shown = self.taps.faces(text)
        leaked = frame_leaks(shown, points, lambda point: point.on_screen)
        assert not leaked, f"the shared screen shows {leaked}, cards it may not show now:\n{text}"
        now = points[-1]
        if now.on_screen is not None:
            # A frame the check let through for the seat at the keyboard
            # that the table may not see: that seat's own secret on screen.
            self.tally.keyboard_frames += bool(leaks(shown, now.rules[None]))

    def tap_phone(self, seat: int) -> None:
        """Check the seat's page, and make its decision by taps if it shows one."""
        term = self.phones[seat]
        screen = self.check_phone(seat)
        snapshot = self.owner.run(lambda: self.match.seat_snapshot(seat))
        top = screen.rows[0].strip() if screen.rows else ""
        if not snapshot["legal"] or screen.find("Sent: waiting"):
            return
        prompt = snapshot["prompt"]
        ready = top.startswith(prompt[:min(len(prompt), len(top), 40)]) and top.startswith(f"{self.match.names[seat]}")
        sent = self.taps.tap(term, screen, snapshot, ready)
        if sent is None:
            return
        self.tally.taps += 1
        self.tally.seen.add(str(snapshot["view"].get("phase")))
        before = snapshot["change"]
        try:
            if sent:
                until(lambda: self.owner.run(lambda: self.match.changes) != before or term.screen().find(r"^ ! "),
                      f"{self.match.names[seat]}'s tap to reach the table", seconds=DEADLINE_SECONDS / 3)
            else:
                until(lambda: term.screen().rows != screen.rows, f"{self.match.names[seat]}'s tap to show",
                      seconds=DEADLINE_SECONDS / 3)
        except AssertionError as error:
            # A tap lost on a loaded machine is tapped again; a decision
            # that three rounds of taps do not make is a stuck page.
            self.lost[seat, before] = self.lost.get((seat, before), 0) + 1
            if self.lost[seat, before] >= 3:
                raise AssertionError(f"{error} (legal {snapshot['legal'][:8]}); the page before:\n{screen.text}\n"
                                     f"and now:\n{term.screen().text}") from None

    def keyboard_turn(self) -> None:
        """The shared screen's part: a handover or a pass pressed, or the
        keyboard seat's move made with keys."""
        owner, match = self.owner, self.match
        screen_class, at_keyboard, deciders, pending = owner.run(
            lambda: (type(owner.app.screen), match.at_keyboard, match.deciders(), match.pending_pass))
        if issubclass(screen_class, HandoverScreen) or pending:
            owner.press("enter")
            owner.settle()
        elif issubclass(screen_class, GameScreen) and at_keyboard == self.keyboard and self.keyboard in deciders:
            owner.call(lambda: self.decide(owner.pilot))
            self.tally.owner_moves += 1
            owner.settle()

    def stuck(self) -> str:
        """What every screen shows, for a match that never ended."""
        parts = [f"the match never ended; the shared screen:\n{self.owner.text()}"]
        for seat, term in self.phones.items():
            snapshot = self.owner.run(lambda: self.match.seat_snapshot(seat))
            parts.append(f"{self.match.names[seat]}'s phone (prompt {snapshot['prompt']!r}, "
                         f"legal {snapshot['legal'][:6]}):\n{term.screen().text}")
        return "\n".join(parts)

    def play_to_the_end(self, between: Callable[[Tally], None] = lambda tally: None,
                        seconds: float = 10 * DEADLINE_SECONDS) -> Tally:
        """Every seat plays until the match is over; the phones' pages end
        on the last screen, checked. ``between`` runs once a round (a page
        dropped, a rejoin)."""
        deadline = time.monotonic() + seconds
        while not self.owner.run(self.match.is_over):
            assert time.monotonic() < deadline, self.stuck()
            self.check_shared()
            for seat in list(self.phones):
                self.tap_phone(seat)
            between(self.tally)
            self.keyboard_turn()
            time.sleep(0.02)  # (a breath for the other processes, not a wait for anything)
        for seat, term in self.phones.items():
            screen = term.wait_for(r"The game is over")
            self.check_phone(seat, screen)
        self.check_shared()
        return self.tally
