"""The statistics screen: the numbers of a small fixture, head to head,
the chart of win shares (ASCII too), and 80x24."""

from __future__ import annotations

from tablegames.core import records
from tablegames.ui.stats import StatsScreen
from tablegames.ui.widgets.chart import BarChart
from tests.ui.helpers import SIZE, make_app, screen_text
from tests.ui.test_history_screen import open_history, settle
from tests.ui.test_no_cut_text import cut_lines
from tests.ui.test_review import finished_record


def fixture():
    """Four matches of Blind Chicken: Kim in all, Lee in three, Zoe in one."""
    made = [finished_record("blind-chicken", names, seed=seed, day=seed)
            for seed, names in enumerate([("Kim", "Lee", "Bot 1"), ("kim ", "Lee", "Bot 1"),
                                          ("KIM", "Lee", "Bot 1"), ("Kim", "Zoe", "Bot 1")], start=1)]
    return [record for _, record in made]


def expected(made, player: str) -> tuple[int, float, list[int]]:
    """Matches, wins (1/k for a shared win) and the scores of a player, from the records."""
    matches, wins, scores = 0, 0.0, []
    for record in made:
        result = records.replay(record).result()
        for seat, name in enumerate(record.names):
            if name.strip().casefold() == player.casefold():
                matches += 1
                scores.append(result.scores[seat])
                if seat in result.winners:
                    wins += 1 / len(result.winners)
    return matches, wins, scores


async def open_stats(pilot) -> StatsScreen:
    await pilot.pause()
    await pilot.press("s")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def row_of(text: str, label: str) -> list[str]:
    return next(line.split() for line in text.splitlines() if line.strip().startswith(label + " "))


async def test_statistics_show_each_players_matches_wins_share_mean_and_best():
    made = fixture()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        text = screen_text(app)
        for name in ("Kim", "Lee", "Zoe"):
            matches, wins, scores = expected(made, name)
            row = row_of(text, name)
            assert int(row[1]) == matches, (name, row)
            assert float(row[2]) == round(wins, 2), (name, row)
            assert row[3] == f"{wins / matches:.0%}", (name, row)
            # One game: mean and best (fewest minus points is best in Blind Chicken).
            assert row[4] == f"{sum(scores) / len(scores):.1f}" and int(row[5]) == max(scores), (name, row)
        assert "Kim" in text and "kim " not in text.replace("Kim", "")  # one row for all spellings


async def test_head_to_head_of_two_chosen_players():
    made = fixture()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        for side, key in (("b", "lee"), ("a", "kim")):
            for _ in range(5):
                if getattr(screen, side) == key:
                    break
                await pilot.press(side)
                await settle(pilot)
        assert (screen.a, screen.b) == ("kim", "lee")
        text = screen_text(app)
        assert "Head to head, 3 matches:" in text
        ahead = {}
        for record in made[:3]:
            result = records.replay(record).result()
            k, l = result.scores[0], result.scores[1]
            kim_won, lee_won = 0 in result.winners, 1 in result.winners
            if kim_won != lee_won:
                ahead["Kim" if kim_won else "Lee"] = ahead.get("Kim" if kim_won else "Lee", 0) + 1
            elif k != l:
                ahead["Kim" if k > l else "Lee"] = ahead.get("Kim" if k > l else "Lee", 0) + 1
        assert f"Kim ahead {ahead.get('Kim', 0)}" in text and f"Lee ahead {ahead.get('Lee', 0)}" in text


async def test_the_chart_shows_each_players_win_share_also_in_ascii():
    made = fixture()
    for ascii in (False, True):
        app = make_app(ascii=ascii)
        async with app.run_test(size=SIZE) as pilot:
            await open_stats(pilot)
            chart = app.screen.query_one(BarChart)
            shares = dict(zip(chart.labels, chart.values))
            matches, wins, _ = expected(made, "Lee")
            assert abs(shares["Lee"] - 100 * wins / matches) < 1e-9
            text = screen_text(app)
            assert "Win share (%)" in text
            assert cut_lines(app) == []
            if ascii:
                assert text.isascii(), [line for line in text.splitlines() if not line.isascii()]
                if wins:
                    assert "Lee#" in text.replace(" ", "") or "#" in text


async def test_statistics_of_many_players_page_with_up_and_down_and_fit_80x24():
    for seed in range(1, 7):
        finished_record("blind-chicken", (f"Player {seed}", f"Other {seed}", "Bot 1"), seed=seed, day=seed)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_stats(pilot)
        assert "of 13" in screen_text(app)
        first = screen.first
        await pilot.press("down")
        assert screen.first == first + 1
        assert cut_lines(app) == []


async def test_statistics_open_from_the_history_for_its_game():
    finished_record("nutty-business", ("Ann", "Lee", "Bot 1"), seed=2, day=2)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(pilot)
        for _ in range(10):
            if history.game == "nutty-business":
                break
            await pilot.press("g")
            await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert "Statistics, Nutty Business: 3 players" in screen_text(app)
        await pilot.press("escape")
        assert app.screen is history


async def test_eliminated_players_show_out_in_the_history_and_the_statistics():
    # Seeds 1 and 3: Bot 1 is shot (out) with 17, then with 10.
    for seed in (1, 3):
        finished_record("blasting-billy", ("Kim", "Lee", "Bot 1"), seed=seed, day=seed)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        history = await open_history(pilot)
        text = screen_text(app)
        assert "Bot 1 17 (out)" in text and "Bot 1 10 (out)" in text and "Kim 34 (out)" not in text
        for _ in range(10):
            if history.game == "blasting-billy":
                break
            await pilot.press("g")
            await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        text = screen_text(app)
        headers = next(line.split() for line in text.splitlines() if "Player" in line and "Matches" in line)
        assert headers[6] == "Out", headers
        # Out in both: played and lost twice, no score counted.
        # (Then the rating: out twice, it fell below the start.)
        assert row_of(text, "Bot (normal)")[2:10] == ["2", "0", "0%", "-", "-", "2", "0", "0"]
        assert headers[9] == "Rating" and float(row_of(text, "Bot (normal)")[10]) < 0
        assert row_of(text, "Kim")[6] == "0"
        assert cut_lines(app) == []


async def choose_game(pilot, screen: StatsScreen, game: str) -> None:
    for _ in range(10):
        if screen.game == game:
            break
        await pilot.press("g")
        await settle(pilot)
    assert screen.game == game


async def test_one_games_statistics_show_each_players_rating_and_r_charts_them_at_80x24():
    fixture()
    from tablegames.core.history import History
    from tablegames.ui.widgets.chart import StageChart
    with History() as h:
        ratings = h.ratings("blind-chicken")
        steps, _ = h.rating_history("blind-chicken", ratings)
    for ascii in (False, True):
        app = make_app(ascii=ascii)
        async with app.run_test(size=SIZE) as pilot:
            screen = await open_stats(pilot)
            assert "Rating " not in screen_text(app)  # no column over all games: a rating is per game
            await pilot.press("r")
            assert "Ratings are per game" in screen_text(app)
            await choose_game(pilot, screen, "blind-chicken")
            text = screen_text(app)
            header = next(line.split() for line in text.splitlines() if "Player" in line and "Matches" in line)
            column = header.index("Rating")
            for name, key in (("Kim", "kim"), ("Lee", "lee"), ("Zoe", "zoe")):
                assert row_of(text, name)[column] == f"{ratings[key].ordinal:.1f}", name
            await pilot.press("r")
            await settle(pilot)
            chart = screen.query_one("#stats-ratings", StageChart)
            assert chart.display and not screen.query_one(BarChart).display
            # Kim (in every match) after each of the four.
            kim = chart.names.index("Kim")
            assert [stage[kim] for stage in chart.stages] == [round(after["kim"].ordinal, 1) for after in steps]
            text = screen_text(app)
            assert "Rating (mu - 3 sigma), match by match" in text and "After match 4:" in text
            assert cut_lines(app) == []
            if ascii:
                assert text.isascii()
            await pilot.press("r")
            await settle(pilot)
            assert not chart.display and screen.query_one(BarChart).display
