"""The review of a finished match: step through it move by move.

The review draws the game's own screen, read-only, as the table stood after
move k: the record is replayed to that move (``ReviewMatch``: a ``Match``
of the record's first k moves that plays nothing) and the game's screen
class is drawn over it with the review's keys instead of the game's own
(``ReviewTable``): ←/→ a move, Home/End the first/last move, PgUp/PgDn the
start of the previous/next hand or round, Tab/shift+Tab whose view is shown
(the public table, then each seat's: the match is over, so every hand may be
seen), Escape back. None of the game's own keys works there (they are off
and out of the footer; nobody decides, so no seat's view offers keys or a
cursor, and a click plays nothing). After the last move comes the result:
its breakdown (↑/↓ scroll it), and the scores after each hand or round of a
multi-stage match as a chart.

Only a finished match is reviewed (``reviewable``): an unfinished record,
or one marked finished whose game is not over, is refused with one line,
so nobody can look behind the handover of a match still being played.

A new hand or round is found without naming any game (core/stages.py: the
view's own count, as the table shows it).

How a game's screen takes part: its screen module declares its review
table once, the review's class ahead of the game's screen class::

    class YourGameReview(ReviewTable, YourGameScreen):
        "Your game's table in the review of a finished match."

The review finds it by the screen class the spec names (``ReviewTable.for_screen``).
"""

from __future__ import annotations

import bisect
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tablegames.core import records, registry, saves
from tablegames.core.game import Event, IllegalAction, Result
from tablegames.core.history import summary_of
from tablegames.core.match import BotTurn, Match
from tablegames.core.records import MatchRecord, RecordError
from tablegames.core.registry import load_asset
from tablegames.core.seats import shown
from tablegames.core.stages import Stages, find_stages
from tablegames.ui.app import TableGamesApp
from tablegames.ui.game_screen import GameScreen, GenericGameScreen
from tablegames.ui.keys import RULES
from tablegames.ui.labels import seat_label
from tablegames.ui.results import SCROLL_BINDINGS
from tablegames.ui.widgets import KeyFooter, LogPanel, ScoreTable, TextLine
from tablegames.ui.widgets.chart import StageChart

LABEL = "Finished match: review"
NOTHING_PLAYED = "This is the review of a finished match: nothing can be played."
UNFINISHED = ("it is an unfinished match: only a finished match can be reviewed "
              "(resume it from the picker).")
NOT_OVER = "it is marked finished, but the game in it is not over: it cannot be reviewed."


def reviewable(path: Path | str) -> MatchRecord:
    """The record at ``path`` if it is a finished match (marked finished and
    its game over when replayed); else RecordError with one sentence
    ("<file>: it is an unfinished match..."). The file is never changed."""
    path = Path(path)
    record = saves.read(path)
    check_finished(record, path)
    return record


def check_finished(record: MatchRecord, path: Path | None = None) -> None:
    """RecordError unless ``record`` is a finished match whose game is over."""
    if not record.finished:
        raise RecordError(UNFINISHED, path)
    try:
        over = records.replay(record).is_over()
    except RecordError as exc:
        raise RecordError(exc.reason, path) from None
    if not over:
        raise RecordError(NOT_OVER, path)


class ReviewMatch(Match):
    """A finished match's record up to one move, for drawing: the view is the
    chosen seat's (None: the public table), and nothing is ever played (no
    move, no bot, no take-back, no save)."""

    def __init__(self, record: MatchRecord, moves: int, seat: int | None) -> None:
        part = record.copy()
        part.actions = part.actions[:moves]
        part.finished = moves == len(record.actions)
        super().__init__(part, autosave=False)
        self.shown_seat = seat
        self.at_keyboard = seat
        # Where each move's events end in the log (the analysis marks a
        # move's last line).
        self.move_ends: list[int] = []
        records.replay(part, [], self.move_ends)

    def visible_moves(self) -> list[tuple[int, str]]:
        """The log as the seat shown may read it, each line with the move
        (its place in the record) that wrote it."""
        seat = self.on_screen()
        return [(bisect.bisect_right(self.move_ends, n), event.text) for n, event in enumerate(self.log)
                if event.visible_to(seat)]

    def on_screen(self) -> int | None:
        return self.shown_seat

    def play(self, action: Any) -> list[Event]:
        raise IllegalAction(NOTHING_PLAYED)

    def take_back(self) -> None:
        raise IllegalAction(NOTHING_PLAYED)

    def can_take_back(self) -> bool:
        return False

    def next_bot(self) -> int | None:
        return None

    def bot_turn(self) -> BotTurn | None:
        return None

    def needs_handover(self) -> bool:
        return False


@dataclass
class Review:
    """Where a review is: the finished record, the move shown (0 = the deal,
    ``moves`` = the end, ``moves + 1`` = the result page), whose view, and
    where each hand or round starts. ``leave`` is what Escape does: "pop"
    (back to the screen under the review) or "exit" (the app was opened for
    the review alone)."""

    record: MatchRecord
    path: Path | None = None
    position: int = 0
    seat: int | None = None
    leave: str = "pop"
    stage_word: str = ""
    stage_starts: list[int] = field(default_factory=list)
    # The view's own number of the hand or round at the start and at each
    # of ``stage_starts``: a match from a position may start at hand 2.
    stage_numbers: list[int] = field(default_factory=list)
    # Closing (Escape): a key read after it must not open another screen (on
    # an app shutting down, that screen's on_mount would find no widgets).
    closed: bool = False
    # The post-game analysis (``a``, ui/review_analysis.py): each judged
    # move by its place in the record, once made; how far it is meanwhile.
    analysis: dict[int, "Judgement"] | None = None
    analysing: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self._find_stages()

    @property
    def moves(self) -> int:
        return len(self.record.actions)

    @property
    def at_result(self) -> bool:
        return self.position > self.moves

    def _find_stages(self) -> None:
        found = find_stages(registry.get(self.record.game), records.first_state(self.record),
                            self.record.actions)
        self.stage_word, self.stage_starts, self.stage_numbers = found.word, found.starts, found.numbers

    def stage_of(self, position: int) -> int:
        """The number of the hand or round shown at ``position``, as the
        table shows it (the view's own count, from where the match began)."""
        return Stages(self.stage_word, self.stage_starts, self.stage_numbers).number_at(position)

    def stage_start(self, direction: int) -> int | None:
        """The position of the start of the next (+1) or previous (-1) hand
        or round; the previous one is the current one's start if it is not
        shown already. None if there is none that way."""
        position = min(self.position, self.moves)
        starts = [0, *self.stage_starts]
        if direction > 0:
            return next((s for s in starts if s > position), None)
        return next((s for s in reversed(starts) if s < position), None)

    def seats(self) -> list[int | None]:
        return [None, *range(len(self.record.seats))]

    def whose(self) -> str:
        if self.seat is None:
            return "the public table"
        return f"{shown(self.record.seats[self.seat].name)}'s view"

    def screen(self) -> Screen[None]:
        """The screen for where the review is now."""
        if self.at_result:
            return ReviewResultScreen(self)
        match = ReviewMatch(self.record, self.position, self.seat)
        return ReviewTable.for_screen(_game_screen_class(match))(match, self)


def _game_screen_class(match: Match) -> type[GameScreen[Any]]:
    if not match.spec.screen:
        return GenericGameScreen
    screen_class = load_asset(match.spec.screen)
    assert isinstance(screen_class, type) and issubclass(screen_class, GameScreen)
    return screen_class


# The review's keys, ahead of a focused widget's: priority bindings.
# PgUp/PgDn are named for the game's stages ("Hand", "Round") in the
# footer (``_Stepping.describe_key``).
_MOVE = Binding.Group("Move", compact=True)
REVIEW_BINDINGS: list[BindingType] = [
    Binding("left", "step(-1)", "Back", priority=True, group=_MOVE),
    Binding("right", "step(1)", "Next", priority=True, group=_MOVE),
    Binding("home", "first", "Ends", priority=True, key_display="Home/End"),
    Binding("end", "last", "Last", priority=True, show=False),
    Binding("pageup", "stage(-1)", "Stage", priority=True, key_display="PgUp/PgDn"),
    Binding("pagedown", "stage(1)", "Next", priority=True, show=False),
    Binding("tab", "seat(1)", "View", priority=True, key_display="Tab"),
    Binding("shift+tab", "seat(-1)", "View", priority=True, show=False),
    Binding("escape,q", "close_review", "Back", priority=True, key_display="Esc"),
    Binding("a", "analyse", "Analyse", priority=True, show=False),
    RULES,
]


REVIEW_ACTIONS = frozenset({"step", "first", "last", "stage", "seat", "close_review", "rules", "analyse"})
_SAME = object()  # (no change of the seat shown)


# The review's mixins are no DOMNode classes at run time: Textual gathers
# a screen's DEFAULT_CSS along each class's first DOMNode base only, so the
# game's screen class must be the first one (``ReviewTable``), or the
# game's own CSS is lost. For the type checker they are screens.
if TYPE_CHECKING:
    from tablegames.core.analysis import Judgement

    _ScreenMixin = Screen[None]
    _GameScreenMixin = GameScreen[Any]
else:
    _ScreenMixin = _GameScreenMixin = object


class _Stepping(_ScreenMixin):
    """What the review's table and result screens share: the keys' actions."""

    review: Review

    if TYPE_CHECKING:
        app: TableGamesApp

    def _go(self, position: int | None, seat: object = _SAME) -> None:
        review = self.review
        if position is None or review.closed or self.app.screen is not self:
            return
        position = max(0, min(position, review.moves + 1))
        if seat is _SAME:
            if position == review.position:
                return
        else:
            assert seat is None or isinstance(seat, int)
            review.seat = seat
        review.position = position
        self.app.switch_screen(review.screen())

    def review_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a review key works now: None (shown dim) at an end."""
        review = self.review
        if action == "step":
            delta = parameters[0] if parameters else 1
            assert isinstance(delta, int)  # (the keys' step(-1), step(1))
            return None if not 0 <= review.position + delta <= review.moves + 1 else True
        if action in ("first", "last"):
            return True
        if action == "stage":
            return bool(review.stage_word)
        if action == "seat":
            return not review.at_result
        return True

    def describe_key(self, binding: Binding, default: str) -> str:
        """What the footer calls a review key: PgUp/PgDn by the game's
        stages ("Hand", "Round")."""
        if binding.action == "stage(-1)":
            return self.review.stage_word.capitalize() or default
        return default

    def action_step(self, delta: int) -> None:
        self._go(self.review.position + delta)

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(self.review.moves)

    def action_stage(self, direction: int) -> None:
        self._go(self.review.stage_start(direction))

    def action_seat(self, direction: int) -> None:
        review = self.review
        if review.at_result:
            return
        seats = review.seats()
        index = (seats.index(review.seat) + direction) % len(seats)
        self._go(review.position, seats[index])

    def action_close_review(self) -> None:
        if self.review.closed or self.app.screen is not self:
            return
        self.review.closed = True
        if self.review.leave == "exit":
            self.app.exit()
        else:
            self.app.pop_screen()

    def action_analyse(self) -> None:
        """``a``: the post-game analysis, run (with a progress bar) or read
        from beside the record; then the log says what the hard bot thought
        of each human move."""
        from tablegames.ui import review_analysis

        review = self.review
        if review.analysis is not None or review.analysing is not None:
            return
        try:
            raw = review.path.read_bytes() if review.path is not None else None
        except OSError:
            raw = None
        found = review_analysis.cached(review.path, raw)
        if found is not None:
            self._analysed(found)
            return
        review.analysing = (0, 0)
        self._analysis_drawn()
        review_analysis.run(self.app, review.record, review.path, raw, self._analysis_progress, self._analysed)

    def _analysis_progress(self, done: int, total: int) -> None:
        self.review.analysing = (done, total)
        self._analysis_drawn()

    def _analysed(self, moves: list[Judgement]) -> None:
        self.review.analysis = {move.index: move for move in moves}
        self.review.analysing = None
        self._analysis_drawn()

    def _analysis_drawn(self) -> None:
        """Redraw the review's screen now shown (stepping replaces it)."""
        screen = self.app.screen
        if getattr(screen, "review", None) is self.review and hasattr(screen, "redraw"):
            screen.redraw()

    def review_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Analyse", "Every human move judged by the hard bot", self.action_analyse)
        yield SystemCommand("First move", "The table as dealt", self.action_first)
        yield SystemCommand("Last move", "The table as the match ended", self.action_last)
        yield SystemCommand("Result", "The result's breakdown", lambda: self._go(self.review.moves + 1))
        yield SystemCommand("Close the review", "Back to where the review was opened", self.action_close_review)


class ReviewTable(_Stepping, _GameScreenMixin):
    """Declared ahead of a game's screen class, once per game in its screen
    module (see the module docstring): the game draws the table from a
    ``ReviewMatch``; the review owns the keys (only its own: none of the
    game's is bound), the status line (the label, the move), the message
    line (whose view) and the log's title."""

    # Each game's review table by the screen class it reviews.
    _tables: ClassVar[dict[type[GameScreen[Any]], type[ReviewTable]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        screens = [base for base in cls.__bases__ if issubclass(base, GameScreen)]
        if cls.__bases__[0] is not ReviewTable or len(screens) != 1:
            raise TypeError(f"{cls.__name__}: a review table is declared as "
                            "class <Game>Review(ReviewTable, <Game>Screen)")
        ReviewTable._tables[screens[0]] = cls

    @classmethod
    def for_screen(cls, screen_class: type[GameScreen[Any]]) -> type[ReviewTable]:
        """The review table of a game's screen class (declared in its module)."""
        table = ReviewTable._tables.get(screen_class)
        if table is None:
            raise TypeError(f"{screen_class.__name__} has no review table: declare "
                            f"class ...Review(ReviewTable, {screen_class.__name__}) beside it")
        return table

    @classmethod
    def _merge_bindings(cls) -> BindingsMap:
        # Only the review's keys: none of the game's own is bound at all.
        return BindingsMap(REVIEW_BINDINGS)

    def __init__(self, match: Match, review: Review) -> None:
        super().__init__(match)
        self.review = review

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in REVIEW_ACTIONS:
            return self.review_allows(action, parameters)
        return False  # every key of the game's own is off

    def act(self, action: Any) -> bool:
        self.say(NOTHING_PLAYED)
        return False

    def my_turn(self) -> bool:
        """Nobody decides in a review: a seat's view is drawn as while
        another player decides (no prompt of keys, no cursor on the hand,
        a click on a card moves nothing)."""
        return False

    def advance(self) -> None:
        """No bot, no handover, no results: the review only steps."""

    def on_mount(self) -> None:
        super().on_mount()
        # Nothing takes the keys from the review (a game's list focused for
        # a decision would answer Enter and digits).
        for widget in self.query("*"):
            widget.can_focus = False
        self.set_focus(None)

    def redraw(self) -> None:
        super().redraw()
        review = self.review
        stage = f", {review.stage_word} {review.stage_of(review.position)}" if review.stage_word else ""
        end = ": the end" if review.position == review.moves else ""
        self.query_one("#status", TextLine).show(
            f"{LABEL}. Move {review.position} of {review.moves}{stage}{end}")
        after = f"{self.glyphs.left_right.split('/')[1]}: the result" if review.position == review.moves else ""
        self.query_one("#message", TextLine).show(
            f"Showing {review.whose()} (Tab: another)" + (f". {after}" if after else ""))
        self.query_one(LogPanel).border_title = f"Log to move {review.position}"
        self._show_analysis()
        self.set_focus(None)

    def _show_analysis(self) -> None:
        """The analysis of the move shown under its lines in the log, or
        the progress of the analysis on the message line."""
        from tablegames.ui import review_analysis

        review = self.review
        if review.analysing is not None:
            self.query_one("#message", TextLine).show(
                review_analysis.progress_line(*review.analysing, ascii=self.glyphs.ascii))
        analysis = review.analysis or {}
        if not analysis:
            return
        assert isinstance(self.match, ReviewMatch)
        lines = review_analysis.marked_lines(self.match.visible_moves(), analysis)
        judged = analysis.get(review.position - 1)
        line = review_analysis.judgement_line(judged, self.match.spec, self.match.names) if judged else None
        self.query_one(LogPanel).show(lines + ([line] if line else []))

    def hidden_hand_note(self) -> str:
        return "The public table: Tab shows each player's view in turn."

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from self.review_commands()
        yield SystemCommand("Rules", f"The rules of {self.match.spec.title}", self.action_rules)


class GenericReview(ReviewTable, GenericGameScreen):
    """The table of a game without a screen of its own, in the review."""


class ReviewResultScreen(_Stepping, Screen[None], inherit_bindings=False):
    """After the last move: the result's breakdown (as on the results
    screen) and, for a match of several hands or rounds, the scores after
    each of them as a chart."""

    if TYPE_CHECKING:
        app: TableGamesApp

    # The review's keys only; up/down scroll the page, as on the results screen.
    BINDINGS = [*REVIEW_BINDINGS, *SCROLL_BINDINGS]
    AUTO_FOCUS = ""
    DEFAULT_CSS = """
    #review-result { padding: 0 1; }
    #review-result #results-title { margin: 0 1 1 1; }
    #review-summary { color: $text-muted; margin: 0 1; height: auto; }
    """

    def __init__(self, review: Review) -> None:
        super().__init__()
        self.review = review
        self.match = ReviewMatch(review.record, review.moves, None)

    def compose(self) -> ComposeResult:
        yield TextLine(id="status")
        with VerticalScroll(id="review-result", can_focus=False):
            yield Static(id="results-title", markup=False)
            yield ScoreTable(id="results-table")
            yield Static(id="results-lines", markup=False)
            yield Static(id="review-summary", markup=False)
            yield StageChart(id="results-chart")
            yield StageChart(id="chance-chart")
        yield KeyFooter()

    def on_mount(self) -> None:
        from tablegames.ui.results import result_rows, winners_line

        review, match = self.review, self.match
        result = match.result()
        self.query_one("#status", TextLine).show(
            f"{LABEL}. The result, after move {review.moves} ({self.app.glyphs.left_right.split('/')[0]}: the last move)")
        self.query_one("#results-title", Static).update(winners_line(match.spec, result, match.names))
        headers, rows, lines = result_rows(result, match.record.seats, self.app.glyphs)
        self.query_one(ScoreTable).show(headers, rows, strong=set(result.winners))
        self.query_one("#results-lines", Static).update(lines)
        self.query_one("#results-lines", Static).display = bool(lines)
        summary = "\n".join(dict.fromkeys(part for part in (match.spec.score_note, result.summary) if part))
        self.query_one("#review-summary", Static).update(summary)
        self._show_stages(result)
        self.redraw()

    def redraw(self) -> None:
        """The analysis' chart of each player's winning chance, once there
        (``a``; it may finish while this page is shown)."""
        from tablegames.ui import review_analysis

        chart = self.query_one("#chance-chart", StageChart)
        moves = self.review.analysis
        chart.display = bool(moves)
        if moves:
            names, points, start = review_analysis.chance_chart(self.review.record, moves)
            chart.show(names, points, word="judged move", start=start,
                       title="Winning chance (%) in the analysis, judged move by judged move")

    def _show_stages(self, result: Result) -> None:
        from tablegames.ui.results import stage_word

        chart = self.query_one(StageChart)
        try:
            stages = summary_of(self.review.path or Path("review.json"), self.review.record).stages
        except RecordError:
            stages = ()
        chart.display = bool(stages)
        if stages:
            chart.show([seat_label(seat) for seat in self.review.record.seats], stages, word=stage_word(self.match.spec))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in REVIEW_ACTIONS:
            return self.review_allows(action, parameters)
        return True

    def action_scroll(self, lines: int) -> None:
        self.query_one("#review-result", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_rules(self) -> None:
        self.app.show_rules(self.match.spec)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield from self.review_commands()


# ----------------------------------------------------------------- opening

def open_review(app: TableGamesApp, path: Path | None, record: MatchRecord | None = None,
                position: int = 0) -> bool:
    """Push the review of the finished match at ``path`` (or of ``record``)
    at move ``position``. A record that cannot be read, or a match that is
    not finished, gets one line (a notification) and nothing opens."""
    try:
        if record is None:
            assert path is not None
            record = reviewable(path)
        else:
            check_finished(record, path)
        review = Review(record.copy(), path, position=position)
    except RecordError as exc:
        app.notify(shown(str(exc)), severity="error", markup=False)
        return False
    app.push_screen(review.screen())
    return True


class ReviewApp(TableGamesApp):
    """The app opened on a review alone (``tablegames review FILE``):
    Escape on the review quits."""

    def __init__(self, review: Review, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        review.leave = "exit"
        self.review = review

    def get_default_screen(self) -> Screen[None]:
        return Screen()  # (the review's screens replace each other over it)

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(self.review.screen())


def run_review(path: Path | str, ascii: bool = False) -> int:
    """``tablegames review FILE`` in a terminal: the review alone (Escape
    quits). A file that is no finished match: one line on stderr, status 2."""
    from tablegames.ui.app import run_app

    try:
        review = Review(reviewable(path), Path(path))
    except RecordError as exc:
        print(f"tablegames: error: Cannot review {shown(' '.join(str(exc).split()))}", file=sys.stderr)
        return 2
    return run_app(app=ReviewApp(review, ascii=ascii, tune_gc=True))
