"""The hint's time on screen: from the h key to the suggestion drawn on the
message line, per game, beside the hard bot's own decision at the same
positions (its 1.2 s a turn: the goal is a p95 within it).

    python benchmarks/bench_hint.py [--hints N] [--game G ...] [--quick] [--json]

Each game: Ann and Ben (humans) and bots up to five seats (the longest
playouts), the app headless at 80x24 (Textual's Pilot) with the hint's
shipped budget. Per sample, a match is played on (seeded random moves) to
a human's decision, the app opened on it, h pressed and the clock stopped
at the first frame whose message line holds the hint. The floor, in the
same run at the same positions: the hard bot choosing there, as it does
in play (its full budget), timed alone.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time

from _common import ROOT, emit_json, median, parser_for, percentile, print_table

DONE = "% to win)."


def position(game: str, seed: int):
    from tablegames.core import registry
    from tablegames.core.match import Match
    from tablegames.core.records import Seat

    spec = registry.get(game)
    players = min(5, spec.max_players)
    seats = [Seat("Ann"), Seat("Ben")] + [Seat(f"Bot{n}", spec.default_bot) for n in range(players - 2)]
    match = Match.new(game, seats, seed=seed, autosave=False, hints=True)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 12)):
        match.run_bots()
        if match.is_over():
            break
        match.take_keyboard(match.next_human())
        match.play(rng.choice(match.legal_actions()))
        if match.pending_pass:
            match.confirm_pass()
    match.run_bots()
    if match.is_over():
        return position(game, seed + 1000)
    match.take_keyboard(match.next_human())
    return match


async def time_hint(match) -> float:
    from tablegames.ui.app import TableGamesApp
    from tablegames.ui.game_screen import GameScreen
    from tablegames.ui.widgets import TextLine

    app = TableGamesApp(match=match, bot_delay=0, handover_guard=0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        while not (isinstance(app.screen, GameScreen) and app.is_idle()):
            await pilot.pause(0.01)
        line = app.screen.query_one("#message", TextLine)
        start = time.perf_counter()
        await pilot.press("h")
        while DONE not in str(line.render()):
            await asyncio.sleep(0.005)
        await pilot.pause()  # (the frame with it)
        return time.perf_counter() - start


def time_bot(match) -> float:
    spec = match.spec
    seat = match.at_keyboard
    bot = spec.new_bot("search")
    view, legal = match._state.view(seat), list(match._state.legal_actions(seat))
    start = time.perf_counter()
    bot.choose(view, legal, random.Random(1))
    return time.perf_counter() - start


def main() -> None:
    parser = parser_for(__doc__, games=True, quick={"hints": 2})
    parser.add_argument("--hints", type=int, default=12, help="hints per game (default 12)")
    args = parser.parse_args()
    os.environ["TABLEGAMES_DATA_DIR"] = tempfile.mkdtemp(prefix="tablegames-bench-")
    sys.path.insert(0, str(ROOT))
    from tablegames.core import registry

    games = args.game or registry.ids()
    results = {}
    for game in games:
        hints, bots = [], []
        for seed in range(args.hints):
            hints.append(asyncio.run(time_hint(position(game, seed))))
            bots.append(time_bot(position(game, seed)))
        results[game] = {"samples": len(hints), "median_ms": round(1000 * median(hints)),
                         "p95_ms": round(1000 * percentile(hints, 0.95)),
                         "bot_median_ms": round(1000 * median(bots)), "bot_p95_ms": round(1000 * percentile(bots, 0.95)),
                         "x_bot": round(median(hints) / median(bots), 2) if median(bots) else None}
    if args.json:
        emit_json({"benchmark": "hint", "results": results})
        return
    print_table(["game", "hints", "key to hint median ms", "p95 ms", "hard bot median ms", "p95 ms", "x bot"],
                [[g, r["samples"], r["median_ms"], r["p95_ms"], r["bot_median_ms"], r["bot_p95_ms"], r["x_bot"]]
                 for g, r in results.items()],
                title=f"The hint's time on screen, headless 80x24, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
