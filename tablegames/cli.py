"""The `tablegames` command line.

`tablegames` alone opens the app at the game picker; the subcommands start a
match directly, list the games, show a rules page, run bot-only simulations
and replay saved records. Bad input of any kind ends with one line on stderr
and exit status 2, never a traceback.

Only the commands that open the app import Textual (lazily), so `list`,
`rules`, `simulate` and `replay` start quickly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn, Sequence

from tablegames import __version__
# history, stats and review (finished matches) live in their own module.
from tablegames import analysis_cli, cli_common, history_cli
# Exit statuses, the one-line error, flags' numbers, the console: shared
# with history_cli.py.
from tablegames.cli_common import (FAILED, INTERRUPTED, OK, PIPE_CLOSED, PROG, USAGE, CliError, game_spec,
                                   mean_score_heading, options_text, whole_flag)
# Names, bot levels and seeds follow one rule everywhere (core/seats.py).
from tablegames.core.bots import SIMULATE_ITERATIONS
from tablegames.core.seats import MAX_SEED, Seat, SeatError, parse_seed, quoted, shown

if TYPE_CHECKING:  # (loaded lazily, by the commands that need them)
    from tablegames.core.game import Event, GameSpec, Option
    from tablegames.core.match import Match

# simulate's bounds: beyond them a run would not end in any useful time (or
# memory). Workers are bounded by the cores instead (simulate.default_workers).
MAX_GAMES = 1_000_000
MAX_ITERATIONS = 100_000


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (plus the --help hint)
    instead of the usage block, and lets main() choose the exit status."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())
        raise CliError(f"{message} (see '{self.prog} --help')")


# ----------------------------------------------------------------- help text

DESCRIPTION = """\
Hot-seat card games for several people at one terminal. Each player sees
only their own cards: the screen hands over between players. Empty seats can
be taken by computer players ("bots").

Run without a command to open the game picker."""

EPILOG = """\
examples:
  tablegames                                   open the game picker
  tablegames --ascii                           the same, drawn with ASCII only
  tablegames --host 192.168.1.5 --port 8765    the picker; a match with phone seats
                                               started or resumed there listens there
  tablegames list                              the games and their player counts
  tablegames rules blind-chicken               read a game's rules
  tablegames play blind-chicken --players "Kim,Lee,bot,bot:hard"
                                               two humans and two bots
  tablegames play blind-chicken --players "Kim,bot,bot" --seed 7 --option hands=2
  tablegames simulate blind-chicken --players 4 --games 500
                                               bots only: win shares and speed
  tablegames simulate blind-chicken --players 3 --games 200 --seats normal,normal --json
  tablegames replay ~/.local/share/tablegames/matches/blind-chicken-1a2b3c4d.json

Saved matches live in the user data directory (on Linux
~/.local/share/tablegames/matches, finished ones in matches/finished); set
TABLEGAMES_DATA_DIR to use another one. After a crash the app exits with
status 1 and names the report file it wrote there (TABLEGAMES_DEBUG=1 prints
the traceback instead).
Run 'tablegames COMMAND --help' for the details of a command."""

SEATS_HELP = """\
seats, comma-separated, in playing order: a name (at most 12 characters,
no control characters, each different) is a human player; "bot"
is a computer player at the game's default level (normal), "bot:LEVEL" one
at LEVEL: easy (random moves), normal (the game's rules of thumb) or hard
(searches ahead, up to a second a move); "NAME@phone" a human who plays
on their own phone (the kitchen table: the shared screen shows each phone
seat's link and QR code; see --host and --port). Default: "You" and bots up
to the game's smallest player count."""

PLAY_EPILOG = """\
examples:
  tablegames play blind-chicken --players "Kim,Lee,bot,bot:hard"
  tablegames play blind-chicken --players "Kim,bot:easy,bot" --seed 42
  tablegames play blind-chicken --players "A,B,C" --option hands=1 --option target=30
  tablegames play blind-chicken --position endgame.json --players "Ann,bot,bot:hard"
  tablegames play nutty-business --players "Kim,Lee,bot" --hints

Bots are named "Bot 1", "Bot 2 (hard)", ... in seat order. The match is saved
after every move and can be resumed from the picker.

A position file (JSON) sets up the table instead of a deal: {"game": GAME,
"players": [names in seat order], "options": {...}, "seed": N, "position":
{the game's own description}}; docs/positions.md says what each game's
description holds. The file gives the names ("bot" is no name there),
options and seed; --players then only says which seats are bots ("bot" or
"bot:LEVEL" in that seat's place, the seat's name from the file otherwise),
and with every seat a bot the match plays itself."""

SIMULATE_EPILOG = """\
examples:
  tablegames simulate blind-chicken --players 4 --games 1000
  tablegames simulate blind-chicken --players 3 --games 300 --seats easy,normal,easy
  tablegames simulate blind-chicken --players 4 --games 50 --seats hard,normal --iterations 200
  tablegames simulate blind-chicken --players 5 --games 100 --seed 9 --json

A shared win counts 1/k to each of the k winners, so win shares add up to 1.
The same seed, seats, options and --iterations give the same games, whatever
the number of --workers: here a hard bot searches a fixed number of
iterations per move instead of for up to a second."""

REPLAY_EPILOG = """\
examples:
  tablegames replay ~/.local/share/tablegames/matches/blind-chicken-1a2b3c4d.json
  tablegames replay ~/.local/share/tablegames/matches/finished/blind-chicken-1a2b3c4d.json --json

The file is only read, never changed. An unfinished match shows the position
it reached; resume it from the picker."""


SERVE_EPILOG = """\
examples:
  tablegames serve                             open http://127.0.0.1:8000 in a browser here
  tablegames serve --host 0.0.0.0 --port 8080  a tablet on the same network opens
                                               http://THIS-MACHINE:8080

Ctrl+C stops the server and every copy of the app it started."""


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog=PROG, description=DESCRIPTION, epilog=EPILOG, formatter_class=fmt)
    parser.add_argument("--ascii", action="store_true",
                        help="draw cards and boxes with ASCII only (for terminals without good Unicode)")
    # Not argparse's "version" action: that one exits 0 even with other arguments after it.
    parser.add_argument("--version", action="store_true", help="show the version and exit")
    # Also before `play` or `serve` (theirs, SUPPRESS: a value given here stands unless given there too).
    parser.add_argument("--host", default=None,
                        help="with the picker or play: where phone seats (NAME@phone) connect, an address "
                             "of this machine (default: 127.0.0.1); with serve: where it listens")
    parser.add_argument("--port", default=None,
                        help="with the picker or play: the port phone seats connect to (default: any free "
                             "one); with serve: the port it listens on (default: 8000)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    play = sub.add_parser("play", help="start a match straight away", formatter_class=fmt,
                          description="Start a match of GAME with the given seats, skipping the picker.",
                          epilog=PLAY_EPILOG)
    play.add_argument("game", metavar="GAME", help="game id, see 'tablegames list'")
    play.add_argument("--players", metavar="SEATS", help=SEATS_HELP)
    play.add_argument("--seed", type=_seed, metavar="N", help=f"seed for the deal, a whole number from 0 to "
                                                             f"{MAX_SEED} (default: random)")
    _add_option_flag(play)
    play.add_argument("--host", default=argparse.SUPPRESS,
                      help="where phone seats (NAME@phone) connect: an address of this machine (default: "
                           "127.0.0.1, this machine only; at a real table its address on the Wi-Fi)")
    play.add_argument("--port", default=argparse.SUPPRESS,
                      help="the port phone seats connect to, 1 to 65535 (default: any free one)")
    play.add_argument("--position", metavar="FILE",
                      help="start from the position in FILE (JSON: players, options, seed and the game's "
                           "description) instead of a deal")
    play.add_argument("--hints", action="store_true",
                      help="let each player ask for a hint (h): the hard bot's move for them and its chance "
                           "of winning, on their own screen only; the record counts each player's hints")
    # SUPPRESS: `tablegames --ascii play ...` and `tablegames play ... --ascii` both work.
    play.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                      help="draw with ASCII only")

    sub.add_parser("list", help="list the games", description="List the games, their player counts and options.")

    rules = sub.add_parser("rules", help="show a game's rules", description="Show GAME's rules page.")
    rules.add_argument("game", metavar="GAME", help="game id, see 'tablegames list'")

    sim = sub.add_parser("simulate", help="play bot-only games: win shares and speed", formatter_class=fmt,
                         description="Play GAMES bot-only games of GAME and report each seat's win "
                                     "share and mean score, and the games and actions per second.",
                         epilog=SIMULATE_EPILOG)
    sim.add_argument("game", metavar="GAME", help="game id, see 'tablegames list'")
    sim.add_argument("--players", metavar="N",
                     help="number of seats (default: the length of --seats, else the game's minimum)")
    sim.add_argument("--games", default="100", metavar="K",
                     help=f"games to play, 1 to {MAX_GAMES} (default: 100)")
    sim.add_argument("--seats", metavar="LEVELS",
                     help="bot level per seat, comma-separated: easy, normal, hard (or random, "
                          "heuristic, search). Default: normal in seat 1, easy elsewhere; a shorter "
                          "list is padded with easy")
    sim.add_argument("--seed", type=_seed, default=1, metavar="N",
                     help=f"seed of the first game; game i uses N+i, so N+K-1 (the last game's seed) "
                          f"must be at most {MAX_SEED} (default: 1)")
    sim.add_argument("--workers", metavar="N",
                     help="games played at once, in N processes: 1 to the number of cores (default: "
                          "one per core); the results do not depend on it")
    sim.add_argument("--iterations", metavar="N",
                     help=f"search iterations per move of a hard bot, 1 to {MAX_ITERATIONS} (default: "
                          f"{SIMULATE_ITERATIONS}); no time limit, so results are the same on any machine")
    _add_option_flag(sim)
    sim.add_argument("--json", action="store_true", help="print one JSON object on stdout instead of a table")

    serve = sub.add_parser("serve", help="play in a web browser (a tablet passed around the table)",
                           formatter_class=fmt, epilog=SERVE_EPILOG,
                           description="Serve the app as a web page: each browser tab that opens it "
                                       "plays in its own copy of the app, saving to the same folder.")
    serve.add_argument("--host", default=argparse.SUPPRESS,
                       help="the address to listen on (default: 127.0.0.1, this machine only); any "
                            "other lets everyone on that network open the table")
    serve.add_argument("--port", default=argparse.SUPPRESS,
                       help="the port to listen on, 1 to 65535 (default: 8000)")
    serve.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help="draw with ASCII only")

    rep = sub.add_parser("replay", help="replay a saved match and show its result", formatter_class=fmt,
                         description="Replay a saved match record and show the result, or the "
                                     "position reached if it is unfinished.",
                         epilog=REPLAY_EPILOG)
    rep.add_argument("file", metavar="FILE", help="a match record (.json)")
    rep.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    history_cli.add_parsers(sub)
    analysis_cli.add_parser(sub)
    return parser


def _seed(text: str) -> int:
    try:
        return parse_seed(text)
    except SeatError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, repeatable (see 'tablegames list' for each game's options)")


# ----------------------------------------------------------------- helpers

def parse_options(items: Sequence[str]) -> dict[str, str]:
    """--option KEY=VALUE items -> {key: value}; the game checks the values
    (GameSpec.resolve_options: whole numbers written with the digits 0-9)."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise CliError(f"--option wants KEY=VALUE, not {quoted(item)}.")
        options[key] = value
    return options


def _level(text: str, where: str) -> str:
    from tablegames.core.bots import normalise_level

    try:
        return normalise_level(text)
    except ValueError as exc:
        raise CliError(f"{where}: {exc}") from None


def parse_seats(text: str | None, spec: GameSpec) -> list[Seat]:
    """--players "Kim,Lee,bot,bot:hard" -> Seat list (core/seats.py's
    rule, the same as seat setup's)."""
    from tablegames.core.seats import parse_seats as parse

    try:
        return parse(text, spec)
    except SeatError as exc:
        raise CliError(str(exc)) from None


def _resolve_options(spec: GameSpec, options: dict[str, str], players: int) -> dict[str, int]:
    try:
        resolved = spec.resolve_options(options, players)
        # Some limits involve several options (or the player count): starting
        # a throwaway game checks them all with the game's own message.
        spec.new_game([f"Seat {i + 1}" for i in range(players)], resolved, 0)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return resolved


# ----------------------------------------------------------------- commands

# Where a match's phone seats connect unless --host/--port say otherwise:
# this machine only, any free port.
DEFAULT_TABLE_ADDRESS = ("127.0.0.1", 0)


def _run_app(match: Match | None, ascii: bool, table_address: tuple[str, int] = DEFAULT_TABLE_ADDRESS) -> int:
    problem = cli_common.terminal_problem()
    if problem:
        raise CliError(problem + " (The list, rules, simulate and replay commands work anywhere.)")
    try:
        from tablegames.ui.app import run_app
    except ImportError as exc:
        raise CliError(f"The app cannot start: {exc}.") from None
    if table_address == DEFAULT_TABLE_ADDRESS:
        return run_app(match, ascii=ascii) or OK
    return run_app(match, ascii=ascii, table_address=table_address) or OK


def cmd_picker(args: argparse.Namespace) -> int:
    """The picker; a match with phone seats opened there listens where
    --host and --port say (checked now, before the app starts)."""
    if args.host is None and args.port is None:
        return _run_app(None, args.ascii)
    return _run_app(None, args.ascii, _table_address(args, True))


def cmd_play(args: argparse.Namespace) -> int:
    from tablegames.core.match import Match

    spec = game_spec(args.game)
    if args.position is not None:
        match = position_match(spec, args)
    else:
        seats = parse_seats(args.players, spec)
        options = _resolve_options(spec, parse_options(args.option), len(seats))
        match = Match.new(spec.id, seats, options, args.seed, hints=args.hints)
    return _run_app(match, args.ascii, _table_address(args, bool(match.phones)))


def _table_address(args: argparse.Namespace, phones: bool) -> tuple[str, int]:
    """--host and --port, checked as `serve` checks them (one line if the
    port is taken) when the match has phone seats to listen for."""
    from tablegames.serve import ServeError, check_address, parse_port

    host = DEFAULT_TABLE_ADDRESS[0] if args.host is None else args.host
    try:
        port = 0 if args.port is None else parse_port(args.port)
        if phones:
            check_address(host, port)
    except ServeError as exc:
        raise CliError(str(exc)) from None
    return host, port


def position_match(spec: GameSpec, args: argparse.Namespace) -> Match:
    """`play GAME --position FILE`: the match starting from the file's
    position, every problem with the file one line (CliError)."""
    from tablegames.core import position
    from tablegames.core.match import Match
    from tablegames.core.seats import check_seats

    if args.seed is not None or args.option:
        raise CliError("--position takes the seed and the options from the file: drop --seed and --option.")
    try:
        found, names, raw_options, seed, description = position.load(args.position)
    except position.PositionError as exc:
        raise CliError(str(exc)) from None
    if found.id != spec.id:
        raise CliError(f"The position file {quoted(args.position)} is for {found.title}, not {spec.title}.")
    posing = next((name for name in names if name.strip().lower().partition(":")[0].strip() == "bot"), None)
    if posing is not None:  # (it would be a human called "bot": the file names people, --players makes bots)
        raise CliError(f"The position file's players are names, and {quoted(posing)} would be a human's; make "
                       f"seats bots with --players (e.g. --players {','.join(['bot'] * len(names))}).")
    try:
        seats = check_seats([Seat(name) for name in names], spec)
    except SeatError as exc:
        raise CliError(f"The position file's players: {exc}") from None
    if args.players is not None:
        seats = _position_bots(args.players, seats, spec)
    options = _resolve_options(spec, raw_options, len(seats))
    names = tuple(seat.name for seat in seats)
    try:
        state = position.build(spec, names, description, options, seed)
    except position.PositionError as exc:
        raise CliError(f"The position in {quoted(args.position)} is impossible: {exc}") from None
    return Match.new(spec.id, seats, options, seed, position=position.recorded(spec, state, description),
                     hints=args.hints)


def _position_bots(text: str, seats: list[Seat], spec: GameSpec) -> list[Seat]:
    """--players with a position: each seat's name as in the file, or
    "bot"/"bot:LEVEL" to make that seat a bot (it keeps its name, which the
    position may use)."""
    from tablegames.core.seats import check_level

    parts = text.split(",")
    if len(parts) != len(seats):
        raise CliError(f"--players lists {len(parts)} seats but the position file has {len(seats)} players "
                       f"({', '.join(shown(seat.name) for seat in seats)}).")
    out = []
    for number, (part, seat) in enumerate(zip(parts, seats), start=1):
        head, colon, level = part.strip().partition(":")
        if head.strip().lower() == "bot":
            try:
                out.append(Seat(seat.name, check_level(level, spec) if colon else spec.default_bot))
            except SeatError as exc:
                raise CliError(f"--players, seat {number}: {exc}") from None
        elif " ".join(part.split()).casefold() == seat.name.casefold():
            out.append(seat)
        else:
            raise CliError(f"--players: seat {number} is {shown(seat.name)} in the position file, not "
                           f"{quoted(part)} (write the name, or bot / bot:LEVEL).")
    return out


def cmd_serve(args: argparse.Namespace) -> int:
    from tablegames.serve import ServeError, serve

    from tablegames.serve import DEFAULT_HOST, DEFAULT_PORT

    host = DEFAULT_HOST if args.host is None else args.host
    try:
        return serve(host, DEFAULT_PORT if args.port is None else args.port, args.ascii)
    except ServeError as exc:
        raise CliError(str(exc)) from None


def describe_choices(opt: Option) -> str:
    """'0 = one per player, 1-12, -1 = no limit': runs of plain numbers shortened."""
    parts: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if len(run) > 2:
            parts.append(f"{run[0]}-{run[-1]}")
        else:
            parts.extend(map(str, run))
        run.clear()

    for choice in opt.choices:
        if choice in opt.names:
            flush()
            parts.append(f"{choice} = {opt.names[choice]}")
        elif run and choice == run[-1] + 1:
            run.append(choice)
        else:
            flush()
            run.append(choice)
    flush()
    return ", ".join(parts)


def cmd_list(args: argparse.Namespace) -> int:
    from rich.table import Table
    from rich.text import Text

    from tablegames.core import registry

    table = Table()
    table.add_column("Game", no_wrap=True)
    table.add_column("Players", justify="center", no_wrap=True)
    table.add_column("What it is about")
    for spec in registry.all_specs():
        # Text, not markup: a bracket in a title or help is printed as it is.
        about = Text.assemble((spec.title, "bold"), f": {spec.pitch}")
        for opt in spec.options:
            about.append(f"\n--option {opt.key}=N: {opt.help} {describe_choices(opt)}; default {opt.default}.",
                         "dim")
        table.add_row(Text(spec.id), f"{spec.min_players}-{spec.max_players}", about)
    console = cli_common.console()
    console.print(table)
    console.print('Play: tablegames play GAME --players "You,bot,bot"', markup=False)
    console.print("Rules: tablegames rules GAME", markup=False)
    return OK


def cmd_rules(args: argparse.Namespace) -> int:
    from rich.markdown import Markdown

    spec = game_spec(args.game)
    cli_common.console().print(Markdown(spec.rules_text()))
    return OK


def simulation_levels(seats: str | None, players: int | None, spec: GameSpec) -> list[str]:
    given = [] if seats is None else [part.strip() for part in seats.split(",")]
    if seats is not None and any(not part for part in given):
        raise CliError(f"--seats has an empty entry in {quoted(seats)}.")
    levels = []
    for part in given:
        head, colon, level = part.partition(":")
        levels.append(_level(level if colon and head.lower() == "bot" else part, "--seats"))
    if players is None:
        players = max(len(levels), spec.min_players)
    try:
        spec.check_players(players)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if len(levels) > players:
        raise CliError(f"--seats names {len(levels)} bots but there are {players} players.")
    if seats is None:
        levels = ["heuristic"]
    return levels + ["random"] * (players - len(levels))


def cmd_simulate(args: argparse.Namespace) -> int:
    from tablegames.core.simulate import default_workers, simulate

    spec = game_spec(args.game)
    games = whole_flag("--games", args.games, 1, MAX_GAMES)
    last_seed = args.seed + games - 1
    if last_seed > MAX_SEED:
        raise CliError(f"--seed {args.seed} with --games {games} gives the last game the seed {last_seed}, "
                       f"past the largest seed {MAX_SEED}: use --seed {MAX_SEED - games + 1} or less.")
    cores = default_workers()
    workers = (cores if args.workers is None else
               whole_flag("--workers", args.workers, 1, cores, f" (one per core: this machine lets it use {cores})"))
    iterations = None if args.iterations is None else whole_flag("--iterations", args.iterations, 1, MAX_ITERATIONS)
    players = None if args.players is None else whole_flag("--players", args.players, 1)
    levels = simulation_levels(args.seats, players, spec)
    options = _resolve_options(spec, parse_options(args.option), len(levels))

    show_progress = not args.json and sys.stderr.isatty()
    if show_progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(TextColumn(spec.title, markup=False), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=cli_common.console(stderr=True), transient=True) as bar:
            task = bar.add_task("games", total=games)
            sim = simulate(spec, levels, games, args.seed, options=options, workers=workers,
                           iterations=iterations, progress=lambda done: bar.update(task, completed=done))
    else:
        sim = simulate(spec, levels, games, args.seed, options=options, workers=workers,
                       iterations=iterations)

    data = sim.to_json()
    data["seed"] = args.seed
    data["options"] = options
    data["score_name"] = spec.score_name
    data["lower_is_better"] = spec.lowest_best
    if args.json:
        print(json.dumps(data))
        return OK

    from rich.table import Table
    from rich.text import Text

    title = f"{spec.title}: {sim.games} games, {sim.players} players, seeds {args.seed}-{args.seed + sim.games - 1}"
    changed = {key: value for key, value in options.items()
               if value != next(opt.default for opt in spec.options if opt.key == key)}
    if changed:
        title += f", {options_text(changed)}"
    # Plain text throughout (Text, markup=False): nothing here is read as styling.
    table = Table(caption=Text(shown(spec.score_note)), caption_justify="left")
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column("Wins", justify="right")
    table.add_column("Win share", justify="right")
    table.add_column(Text(mean_score_heading(spec)), justify="right")
    for row in data["seats"]:
        table.add_row(str(row["seat"]), row["level"], f"{row['wins']:g}", f"{row['win_share']:.1%}",
                      f"{row['mean_score']:.2f}")
    console = cli_common.console()
    console.print(title, markup=False)
    console.print(table)
    searched = f", hard bots at {sim.iterations} iterations a move" if sim.iterations else ""
    console.print(f"{sim.games} games, {sim.actions} actions in {sim.seconds:.2f} s "
                  f"({sim.workers} worker{'s' if sim.workers > 1 else ''}{searched}): "
                  f"{data['games_per_second'] or 0:,.0f} games/s, {data['actions_per_second'] or 0:,.0f} actions/s")
    return OK


def cmd_replay(args: argparse.Namespace) -> int:
    from tablegames.core import records, registry, saves

    try:
        record = saves.load(args.file)
        events: list[Event] = []
        state = records.replay(record, events)
    except records.RecordError as exc:
        raise CliError(f"Cannot replay {exc}") from None
    spec = registry.get(record.game)
    over = state.is_over()
    names = record.names
    data: dict[str, Any] = {
        "file": str(args.file),
        "game": record.game,
        "title": spec.title,
        "seed": record.seed,
        "options": record.options,
        "seats": [s.to_json() for s in record.seats],
        "moves": len(record.actions),
        "finished": over,
    }
    if over:
        result = state.result()
        data["result"] = {
            "scores": list(result.scores),
            "breakdown": [[[label, points] for label, points in lines] for lines in result.breakdown],
            "winners": list(result.winners),
            "winner_names": result.winner_names(names),
            "eliminated": list(result.eliminated),
            "summary": result.summary or spec.score_note,
        }
    else:
        data["to_move"] = [{"seat": s, "name": names[s], "prompt": state.prompt(s)} for s in state.to_move()]
        data["table"] = state.view(None)
    if args.json:
        print(json.dumps(data))
        return OK

    from rich.table import Table
    from rich.text import Text

    # Names come from a file, and a game's summary or breakdown may hold them:
    # everything is printed as text (Text, markup=False; never markup), control
    # characters escaped.
    console = cli_common.console()
    head = f"{spec.title}, {len(names)} players, seed {record.seed}"
    if record.options:
        head += f", {options_text(record.options)}"
    moves = len(record.actions)
    console.print(Text.assemble((shown(head), "bold"), f": {moves} move{'' if moves == 1 else 's'} replayed."))
    if over:
        result = state.result()
        table = Table(caption=Text(shown(data["result"]["summary"])), caption_justify="left")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_column("Breakdown")
        for seat in range(len(names)):
            crown = " (winner)" if seat in result.winners else ""
            lines = ", ".join(f"{label} {points:+d}" if points else f"{label} 0"
                              for label, points in result.breakdown[seat])
            table.add_row(Text(shown(record.seats[seat].label()) + crown), str(result.scores[seat]),
                          Text(shown(lines)))
        console.print(table)
        winners = [shown(name) for name in result.winner_names(names)]
        console.print(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners), markup=False)
    else:
        console.print("The match is unfinished; resume it from the picker (tablegames).")
        table_view = data["table"]
        if isinstance(table_view.get("scores"), list) and len(table_view["scores"]) == len(names):
            console.print("Scores so far: " + ", ".join(
                f"{shown(name)} {score}" for name, score in zip(names, table_view["scores"])), markup=False)
        public = [e.text for e in events if e.public][-8:]
        if public:
            console.print("Last moves:")
            for text in public:
                console.print(f"  {shown(text)}", markup=False)
        for entry in data["to_move"]:
            console.print(f"Next: {shown(entry['name'])}: {shown(entry['prompt'])}", markup=False)
    return OK


# The commands --host and --port are for: the picker, play (where phone
# seats connect), serve (where it listens).
LISTENING = (None, "play", "serve")

COMMANDS = {
    None: cmd_picker,
    "play": cmd_play,
    "list": cmd_list,
    "rules": cmd_rules,
    "simulate": cmd_simulate,
    "replay": cmd_replay,
    **history_cli.COMMANDS,
    **analysis_cli.COMMANDS,
    "serve": cmd_serve,
}


def _error(message: str) -> None:
    # One line, plain text (print, not Rich), control characters escaped: a
    # message may quote what was typed (a name, an unknown argument).
    print(f"{PROG}: error: {shown(' '.join(message.split()))}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help
            return exc.code if isinstance(exc.code, int) else OK
        if args.version:
            if args.command is not None or args.ascii:
                raise CliError(f"--version takes no other arguments (see '{PROG} --help')")
            print(f"{PROG} {__version__}")
            return OK
        if args.command not in LISTENING and (args.host is not None or args.port is not None):
            raise CliError(f"--host and --port go with the picker, play or serve, not {args.command} "
                           f"(see '{PROG} --help')")
        return COMMANDS[args.command](args)
    except CliError as exc:
        _error(str(exc))
        return USAGE
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:
        # `tablegames list | head`: the reader went away; say nothing.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return PIPE_CLOSED
    except Exception as exc:  # a bug: one line naming the report, unless debugging
        if os.environ.get("TABLEGAMES_DEBUG"):
            raise
        from tablegames.core.crash import crash_line, write_crash_report

        print(crash_line(exc, write_crash_report(exc)), file=sys.stderr)
        return FAILED


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
