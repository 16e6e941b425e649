"""The contract every game offers, so the app, bots, CLI, records and tests
treat all five games alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources import files
import random
from collections import Counter
from typing import Any, Callable, Mapping, Protocol, Sequence

from tablegames.core.bots import Bot

from tablegames.core.errors import IllegalAction
from tablegames.core.events import Event
from tablegames.core.info import GameInfo
from tablegames.core.quoting import said
from tablegames.core.words import whole_number

__all__ = ["BotFactory", "Event", "GameInfo", "GameSpec", "GameState", "IllegalAction", "Option", "Result",
           "SearchHooks", "rules_page"]


@dataclass(frozen=True)
class Option:
    """A game option chosen at seat setup, always an integer from ``choices``."""

    key: str
    label: str
    default: int
    choices: tuple[int, ...]
    help: str = ""
    # Text shown for a choice, e.g. {0: "off"}.
    names: dict[int, str] = field(default_factory=dict)

    def describe(self, value: int) -> str:
        return self.names.get(value, str(value))

    def accepted(self) -> str:
        """The values as the command line takes them, with their meaning:
        "0 = full rules, 1 = family rules", "0 = off, 20, 30, 40"; runs of
        plain numbers read "1-12"."""
        parts: list[str] = []
        run: list[int] = []
        for choice in (*self.choices, None):
            if choice is not None and choice not in self.names and (not run or choice == run[-1] + 1):
                run.append(choice)
                continue
            if len(run) > 2:
                parts.append(f"{run[0]}-{run[-1]}")
            else:
                parts += map(str, run)
            run = [] if choice is None or choice in self.names else [choice]
            if choice is not None and choice in self.names:
                parts.append(f"{choice} = {self.names[choice]}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``breakdown[seat]`` lists (label, points) lines that add up to
    ``scores[seat]``; ``winners`` are the seats sharing the win.
    ``other_winner`` names a winner who is no seat (e.g. a dealer figure);
    then ``winners`` may be empty. ``eliminated`` lists seats knocked out.
    ``lowest_best``: the scores rank lowest first.
    """

    scores: tuple[int, ...]
    breakdown: tuple[tuple[tuple[str, int], ...], ...]
    winners: tuple[int, ...]
    # How to read the scores, shown on the results screen.
    summary: str = ""
    other_winner: str = ""
    eliminated: tuple[int, ...] = ()
    # True where the lowest score is best (a spread): how bots rank seats.
    lowest_best: bool = False

    def winner_names(self, names: Sequence[str]) -> list[str]:
        """Who won, by name (a winner who is no seat included)."""
        return [names[s] for s in self.winners] + ([self.other_winner] if self.other_winner else [])


class GameState(Protocol):
    """A full game state. All randomness comes from ``self.rng``.
    Games build theirs on ``tablegames.core.state.BaseState``."""

    names: tuple[str, ...]
    rng: random.Random

    def to_move(self) -> Sequence[int]:
        """Seats that must decide now (several during a simultaneous phase);
        empty exactly when the game is over, so a playout loop asks only this."""

    def legal_actions(self, seat: int) -> list[Any]:
        """The choices a bot may pick from. For a free-form phase (ordering a
        hand) this lists a few canonical choices; ``apply`` accepts any
        action the rules allow."""

    def apply(self, seat: int, action: Any, events: list[Event] | None = None) -> None:
        """Apply ``action`` for ``seat``; append log events to ``events`` if
        given. Raises IllegalAction and leaves the state unchanged when the
        action is not allowed."""

    def is_over(self) -> bool: ...

    def result(self) -> Result: ...

    def copy(self) -> "GameState": ...

    def view(self, seat: int | None) -> Mapping[str, Any]:
        """A JSON-serialisable dict (the game's TypedDict) of what ``seat``
        may see now (None: the public table)."""

    def secret_cards(self, seat: int | None) -> set[str]:
        """Card identifiers (as they appear in views) that ``seat`` may not
        see now. Used by the view-leak audit."""

    def prompt(self, seat: int) -> str:
        """One line: what ``seat`` must do now."""

    def all_card_ids(self) -> list[str]:
        """Every card in the game wherever it lies (hands, tricks, piles,
        deck, removed). The property tests check it never changes as a
        multiset: no card is created or lost."""

    def pieces(self) -> Counter[str]:
        """Every conserved piece (cards, nuts, tokens) as a multiset."""


class Sampler(Protocol):
    """From one seat's view, a full state consistent with it: everything the
    seat cannot know is re-dealt at random (for search bots and the leak
    test). ``memory`` is what the seat remembers beyond its view, as its
    heuristic bot keeps it (``remembered()``), such as the cards it looked at in
    a hand it may no longer see; a game whose views say all a seat knows
    ignores it."""

    def __call__(self, view: Mapping[str, Any], rng: random.Random, memory: Any = None, /) -> GameState: ...


@dataclass(frozen=True)
class StageCount:
    """A game played in several stages (hands, rounds): what the table
    calls one ("hand") and the number of the one a state is in, as the
    table shows it ("Hand 2 of 3"; a match from a position may start at
    hand 2). A stage starts at each move after which the number goes up.
    The review (PgUp/PgDn, "hand 2"), ``tablegames review --text``, the
    chart of running scores and the hard bot's playouts (with
    ``SearchHooks.standings``) all count stages by it."""

    word: str
    number: Callable[[Any], int]


@dataclass(frozen=True)
class SearchHooks:
    """What the hard bot (core/search.py) needs of a game beyond its rules,
    sampler and heuristic. Every field has a default that suits a game of
    one stage played out at random; what a seat remembers is its
    heuristic's (``Bot.remembers``)."""

    # The playouts' policy: "random", "heuristic" (where that is both
    # stronger and fast enough) or a factory of the game's own playout bot
    # (it may read the search's re-deal: ``Bot.reads_state``).
    playout: str | Callable[[], Bot] = "random"
    # A game of several scored stages (its spec's ``stage``): the seats'
    # standings, the highest best. Playouts stop at the end of the stage
    # and are judged by the standings, as if the game ended there: later
    # deals add noise, not information.
    standings: Callable[[Any], Sequence[float]] | None = None
    # At these player counts, playouts look one round ahead with the
    # heuristic and are scored by ``evaluate`` (state, seat) -> float.
    evaluate: Callable[[Any, int], float] | None = None
    evaluate_players: frozenset[int] = frozenset()
    # The first decisions of each playout (how the others answer the move
    # being judged) are the heuristic's.
    lead_steps: int = 0
    # The share of re-deals in which each rival plays at random: a number,
    # or the game's estimate (view, the seat's memory) -> share.
    random_rivals: float | Callable[[Mapping[str, Any], Any], float] = 0.0
    # The seat's own moves in the playouts are its heuristic's, remembering
    # what the seat did (the heuristic ``remembers``).
    own_memory: bool = False
    # In a free-form phase (arranging a hand), the game's variations
    # (view, advice) -> actions of the heuristic's choice.
    alternatives: Callable[[Mapping[str, Any], Any], Sequence[Any]] | None = None


# A bot factory gets the game's spec: the search bot reads the sampler and
# the search hooks from it. A game's levels come from ``bot_levels``
# (core/search.py).
BotFactory = Callable[["GameSpec"], Bot]


@dataclass(frozen=True)
class GameSpec:
    """Everything the app needs to know about one game (its ``spec.py``)."""

    info: GameInfo
    new_state: Callable[[Sequence[str], dict[str, int], int], GameState]
    parse_action: Callable[[str], Any]
    bots: dict[str, BotFactory]
    default_bot: str
    rules_text: Callable[[], str]
    options: tuple[Option, ...] = ()
    # How the results screen words the scores ("lower is better" etc.).
    score_note: str = "Highest score wins."
    # What a score is ("score", "spread"), and whether the lowest is best (as
    # the game's Result.lowest_best): how `tablegames simulate` heads its
    # mean-score column.
    score_name: str = "score"
    lowest_best: bool = False
    sample: Sampler | None = None
    search: SearchHooks = SearchHooks()
    # A game of several hands or rounds: how they are counted (None: one).
    stage: StageCount | None = None
    # A check across options (options, players); raises ValueError, one line.
    check_options: Callable[[dict[str, int], int], None] | None = None
    # Positions (core/position.py): build a state from the game's plain
    # description (names, options, description, seed), raising
    # PositionError for an impossible one; describe a state the same way.
    build_position: Callable[[Sequence[str], dict[str, int], Mapping[str, Any], int], GameState] | None = None
    describe_position: Callable[[Any], dict[str, Any]] | None = None
    # A move in a player's words, (the seat's view, the move) -> "give Gold
    # 7 to Billy": for a hint and the analysis (None: the move's notation).
    move_words: Callable[[Mapping[str, Any], Any], str] | None = None
    # The section of the rules page (a heading of rules.md) on a kind of
    # move: the page opens there after a hint or a refused move.
    move_rules: Callable[[Any], str] | None = None
    # The screen class as "module:name", so the app finds it without a list
    # of games.
    screen: str = ""
    # A screen of the game's own shown when the match is over, before the
    # results (a reveal of the hidden cards, step by step), as "module:name"; built as
    # ``Class(match)``, it calls ``app.before_results_done(match)`` when done.
    before_results: str = ""

    def words_for(self, view: Mapping[str, Any], action: Any) -> str:
        """``action`` (or its notation) in a player's words, as the seat
        with ``view`` would read it."""
        if isinstance(action, str):
            action = self.parse(action)
        return self.move_words(view, action) if self.move_words is not None else str(action)

    def rule_for(self, action: Any) -> str | None:
        """The rules page's section on ``action`` (or its notation), if the
        game says."""
        if self.move_rules is None:
            return None
        if isinstance(action, str):
            action = self.parse(action)
        return self.move_rules(action)

    def new_bot(self, level: str) -> Bot:
        """A new bot of ``level`` (a stored level name) for this game."""
        return self.bots[level](self)

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    @property
    def pitch(self) -> str:
        return self.info.pitch

    @property
    def player_range(self) -> range:
        return self.info.player_range

    def check_players(self, count: int) -> None:
        if count not in self.player_range:
            raise ValueError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {count}."
            )

    def resolve_options(self, given: dict[str, Any] | None, players: int) -> dict[str, int]:
        """Fill in defaults and check values; raise ValueError with a
        one-line message for a bad option."""
        given = dict(given or {})
        known = {opt.key: opt for opt in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(
                f"{self.title} has no option {said(unknown[0])}"
                + (f" (options: {', '.join(known)})." if known else " (it has no options).")
            )
        out: dict[str, int] = {}
        for key, opt in known.items():
            raw = given.get(key, opt.default)
            try:
                # Digits 0-9 only (core/words.py): int() alone reads "٣" too.
                value = whole_number(raw, signed=True) if isinstance(raw, str) else int(raw)
            except (TypeError, ValueError):
                value = None
            if value not in opt.choices:
                kind = "" if value is not None else "a whole number (digits 0-9): "
                raise ValueError(f"Option {key} takes {kind}{opt.accepted()}; not {said(raw, 24)}.")
            out[key] = value
        if self.check_options is not None:
            self.check_options(out, players)
        return out

    def new_game(self, names: Sequence[str], options: dict[str, Any] | None, seed: int) -> GameState:
        self.check_players(len(names))
        return self.new_state(tuple(names), self.resolve_options(options, len(names)), seed)

    def parse(self, text: str) -> Any:
        """Parse an action's notation; IllegalAction on nonsense."""
        try:
            return self.parse_action(text.strip())
        except IllegalAction:
            raise
        except (ValueError, IndexError, KeyError):
            raise IllegalAction(f"Not a move in {self.title}: {said(text)}.") from None


def rules_page(package: str) -> Callable[[], str]:
    """The reader of a game package's ``rules.md`` (read when shown)."""
    return lambda: files(package).joinpath("rules.md").read_text(encoding="utf-8")
