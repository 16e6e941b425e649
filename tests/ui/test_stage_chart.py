"""The scores chart of the results and review screens, read as a player
reads it at 80x24: every player's line stays in sight and every final score
can be read, also when the finals are close or equal, also in ASCII."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult

from tablegames.ui.glyphs import ASCII, UNICODE, Glyphs
from tablegames.ui.widgets.chart import StageChart
from tests.ui.helpers import SIZE, screen_text

NAMES = ["Kim", "Lee", "Cy (bot)"]
MARKERS = "123"

# Blind Chicken from a position (issue 30): Kim won at -11, Cy -12, Lee -39.
CLOSE = [(-4.0, -15.0, -5.0), (-9.0, -27.0, -9.0), (-11.0, -39.0, -12.0)]
# Kim and Cy level after every hand: two lines on the same cells.
EQUAL = [(-4.0, -15.0, -4.0), (-9.0, -27.0, -9.0), (-11.0, -39.0, -11.0)]
# A one-point gap where a row of the chart spans more than a point.
NEAR = [(-10.0, -40.0, -11.0), (-18.0, -60.0, -19.0)]
# Everyone level throughout: all three lines on the same cells.
ALL_LEVEL = [(0.0, 0.0, 0.0), (5.0, 5.0, 5.0)]


class ChartBench(App):
    """A bare app holding one scores chart, as tall as the results screen's."""

    def __init__(self, stages, glyphs: Glyphs) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.stages = stages

    def compose(self) -> ComposeResult:
        yield StageChart()

    def on_mount(self) -> None:
        self.query_one(StageChart).show(NAMES, self.stages, word="hand")


def plot_rows(text: str) -> list[str]:
    """The chart's plot area: the lines from under the title to over the
    "start" of the hand axis, less the score labels (numbers too) and the
    axis left of it."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "Scores, hand by hand" in line)
    bottom = next(i for i, line in enumerate(lines) if "start" in line and i > top)
    # The hand axis's own line, if drawn, has no marker: keeping it is harmless.
    rows = lines[top + 1:bottom]
    labels = [re.match(r"^\s*-?\d+ ?[│┤|+]?|^\s*[│┤|+]", row) for row in rows]
    width = max((found.end() for found in labels if found), default=0)
    return [row[width:] for row in rows]


@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
@pytest.mark.parametrize("stages", [CLOSE, EQUAL, NEAR, ALL_LEVEL], ids=["close", "equal", "near", "all-level"])
async def test_every_players_line_and_final_score_is_visible(stages, glyphs):
    app = ChartBench(stages, glyphs)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        rows = plot_rows(text)
        assert rows, text
        last_points = []
        for marker in MARKERS:
            cells = [(y, x) for y, row in enumerate(rows) for x, char in enumerate(row) if char == marker]
            assert cells, f"line {marker} hidden:\n{text}"
            last_points.append(max(cells, key=lambda cell: cell[1]))
        # Where the lines end, each player's marker is in sight, and one
        # scoring higher ends no lower on the chart.
        finals = stages[-1]
        for a in range(3):
            for b in range(3):
                if finals[a] > finals[b]:
                    assert last_points[a][0] <= last_points[b][0], text
        legend = " ".join(text.split())
        for marker, name, score in zip(MARKERS, NAMES, finals):
            assert f"{marker} {name} {score:g}" in legend, text
