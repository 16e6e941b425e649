"""Charts: win shares as bars (drawn with Plotext, ``textual-plotext``),
and the running scores over the hands or rounds of a match as lines (drawn
cell by cell, so that no player's line hides another's).

The data is kept on the widget and the chart is drawn anew at every render,
at the size the widget has then. In ASCII mode (``--ascii``) a chart draws
with plain characters: bars of ``#``, axes of ``|``, ``-`` and ``+``. Each
player's line is drawn with their number (1, 2, ...) in a colour of their
own, and the legend repeats the number with the player's last score.
"""

from __future__ import annotations

from typing import Callable, Sequence

from rich.text import Text
from textual.app import RenderResult
from textual.widget import Widget
from textual_plotext import PlotextPlot

from tablegames.ui.glyphs import glyphs_of

# Each player's line: a marker that is a letter or digit (readable in ASCII
# too, and without colour), the same in the legend.
SEAT_MARKERS = "123456789"
# And a colour each, one per seat up to nine, that reads on a dark and a
# light background; never the only signal (the markers are).
SEAT_COLOURS = ("cyan", "magenta", "yellow", "green", "red", "blue", "bright_cyan", "bright_magenta", "bright_green")


class _Chart(PlotextPlot, can_focus=False):
    DEFAULT_CSS = """
    _Chart { height: 12; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.title = ""
        self.empty = "Nothing to chart yet."

    def has_data(self) -> bool:
        raise NotImplementedError

    def draw(self, ascii: bool) -> None:
        raise NotImplementedError

    def legend(self, width: int) -> Text | None:
        """Lines drawn under the chart (a legend), if any."""
        return None

    def render(self) -> RenderResult:
        if not self.has_data():
            return Text(self.empty, style="dim")
        plt = self.plt
        plt.clear_figure()
        ascii = glyphs_of(self.app).ascii
        self.draw(ascii)
        if self.title:
            plt.title(self.title)
        if ascii:
            plt.frame(False)
        width, height = self.size.width, self.size.height
        legend = self.legend(width)
        below = len(legend.wrap(self.app.console, width)) if legend is not None else 0
        # As PlotextPlot.render, in the height left above the legend.
        plt.plotsize(width, max(3, height - below))
        plt._set_size(width, max(3, height - below))
        plt.theme(self._get_plotext_theme_name(self.app.theme))
        chart = Text.from_ansi(plt.build().rstrip("\n"))
        if legend is not None:
            chart.append("\n")
            chart.append_text(legend)
        return chart


class BarChart(_Chart):
    """One horizontal bar per label, longest first down the chart's top
    (``show(labels, values)``), e.g. each player's win share in percent."""

    DEFAULT_CSS = """
    BarChart { height: 12; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.labels: list[str] = []
        self.values: list[float] = []
        self.top = 100.0

    def show(self, labels: Sequence[str], values: Sequence[float], *, title: str = "", top: float = 100.0) -> None:
        """``top``: the value a full bar stands for (100 for a share in percent)."""
        self.labels, self.values, self.title, self.top = list(labels), list(values), title, top
        self.refresh()

    def has_data(self) -> bool:
        return bool(self.labels)

    def draw(self, ascii: bool) -> None:
        plt = self.plt
        # Plotext draws the first bar at the bottom: reversed, the first is on top.
        plt.bar(self.labels[::-1], self.values[::-1], orientation="horizontal", width=0.6,
                marker="#" if ascii else "sd")
        ticks = [0.0, self.top / 4, self.top / 2, 3 * self.top / 4, self.top]
        plt.xticks(ticks, [f"{tick:g}" for tick in ticks])
        plt.xlim(0, self.top)


class StageChart(Widget, can_focus=False):
    """Each player's running score after each hand or round: one line per
    player, drawn with the player's number in the player's colour
    (``show(names, stages)``, ``stages[k][seat]`` the score after stage
    k + 1), and a legend of the numbers with each player's last score.

    Drawn cell by cell rather than by Plotext, so that no line can hide
    another: the points of players who share a cell after a stage are drawn
    side by side there, and every point after every stage is drawn over the
    segments between them. The legend gives the exact last scores, which a
    row of the chart (several points when the scores spread wide) cannot.
    """

    DEFAULT_CSS = """
    StageChart { height: 12; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.names: list[str] = []
        self.stages: list[tuple[float, ...]] = []
        self.word = "hand"
        self.title = ""
        self.start: tuple[float, ...] = ()

    def show(self, names: Sequence[str], stages: Sequence[Sequence[float]], *, word: str = "hand",
             title: str = "", start: Sequence[float] | None = None) -> None:
        """``start``: each player's value before the first stage (0 unless given)."""
        self.names = list(names)
        self.stages = [tuple(stage) for stage in stages]
        self.word = word
        self.title = title or f"Scores, {word} by {word}"
        self.start = tuple(start) if start is not None else (0.0,) * len(self.names)
        self.refresh()

    def has_data(self) -> bool:
        return len(self.stages) >= 1 and bool(self.names)

    def legend(self) -> Text:
        last = self.stages[-1]
        text = Text(f"After {self.word} {len(self.stages)}: ", style="dim")
        for seat, name in enumerate(self.names):
            if seat:
                text.append(", ")
            text.append(marker_of(seat), style=f"bold {colour_of(seat)}")
            text.append(f" {name} {_number(last[seat])}")
        return text

    def render(self) -> RenderResult:
        if not self.has_data():
            return Text("Nothing to chart yet.", style="dim")
        width = self.size.width
        legend = self.legend()
        legend_lines = len(legend.wrap(self.app.console, max(1, width)))
        # Title, plot, the stage axis and its labels, the legend.
        plot_height = max(3, self.size.height - 3 - legend_lines)
        lines = [Text(self.title.center(width).rstrip(), style="bold")]
        lines += self._plot(width, plot_height, glyphs_of(self.app).ascii)
        chart = Text("\n").join(lines)
        chart.append("\n")
        chart.append_text(legend)
        return chart

    def _plot(self, width: int, height: int, ascii: bool) -> list[Text]:
        series = [[float(self.start[seat])] + [float(stage[seat]) for stage in self.stages]
                  for seat in range(len(self.names))]
        low = min(min(ys) for ys in series)
        high = max(max(ys) for ys in series)

        def row_of(y: float) -> int:
            if high <= low:
                return height // 2
            return round((high - y) * (height - 1) / (high - low))

        labels = {row_of(tick): _number(tick) for tick in _ticks(low, high)}
        label_width = max(len(label) for label in labels.values())
        plot_width = max(len(series[0]), width - label_width - 2)
        count = len(series[0]) - 1

        def column_of(stage: int) -> int:
            return round(stage * (plot_width - 1) / count) if count else 0

        grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_width for _ in range(height)]
        # The segments first. Where lines run on the same cells, their
        # markers take turns along them, so that none hides another.
        passing: dict[tuple[int, int], list[int]] = {}
        for seat, ys in enumerate(series):
            for stage in range(count):
                for cell in _segment(column_of(stage), row_of(ys[stage]),
                                     column_of(stage + 1), row_of(ys[stage + 1])):
                    seats = passing.setdefault(cell, [])
                    if seat not in seats:
                        seats.append(seat)
        for (column, row), seats in passing.items():
            seat = seats[column % len(seats)]
            grid[row][column] = (marker_of(seat), colour_of(seat))
        # Then the points: those on one cell side by side, centred on it.
        for stage in range(count + 1):
            cells: dict[int, list[int]] = {}
            for seat, ys in enumerate(series):
                cells.setdefault(row_of(ys[stage]), []).append(seat)
            for row, seats in cells.items():
                first = column_of(stage) - (len(seats) - 1) // 2
                first = max(0, min(first, plot_width - len(seats)))
                for offset, seat in enumerate(seats):
                    grid[row][first + offset] = (marker_of(seat), f"bold {colour_of(seat)}")

        axis, tick, corner, rule, mark = ("|", "+", "+", "-", "+") if ascii else ("│", "┤", "└", "─", "┬")
        lines = []
        for row in range(height):
            line = Text(labels.get(row, "").rjust(label_width) + " ", style="dim")
            line.append(tick if row in labels else axis, style="dim")
            for char, style in grid[row]:
                line.append(char, style=style)
            lines.append(line)
        ruler = [rule] * plot_width
        for stage in range(count + 1):
            ruler[column_of(stage)] = mark
        lines.append(Text(" " * label_width + " " + corner + "".join(ruler), style="dim"))
        lines.append(Text(" " * (label_width + 2) + _stage_labels(count, column_of, plot_width), style="dim"))
        return lines


def marker_of(seat: int) -> str:
    """A player's mark on the chart and in its legend: their seat's number."""
    return SEAT_MARKERS[seat % len(SEAT_MARKERS)]


def colour_of(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _number(value: float) -> str:
    return f"{value:g}"


def _segment(c0: int, r0: int, c1: int, r1: int) -> list[tuple[int, int]]:
    """The cells from one point to the next, without gaps."""
    steps = max(abs(c1 - c0), abs(r1 - r0), 1)
    return [(round(c0 + (c1 - c0) * i / steps), round(r0 + (r1 - r0) * i / steps)) for i in range(steps + 1)]


def _stage_labels(count: int, column_of: Callable[[int], int], plot_width: int) -> str:
    """"start", then each stage's number under its point, leaving out those
    that would run into the one before; the last stage's is always shown."""
    placed: list[tuple[int, str]] = [(0, "start")]
    for stage in range(1, count + 1):
        label = str(stage)
        first = min(max(0, column_of(stage) - (len(label) - 1) // 2), plot_width - len(label))
        if stage == count:
            placed = [(at, text) for at, text in placed if at + len(text) < first]
        elif first <= placed[-1][0] + len(placed[-1][1]):
            continue
        placed.append((first, label))
    line = ""
    for first, label in placed:
        line = line.ljust(first) + label
    return line


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """At most ``count`` round values from ``low`` to ``high``."""
    if high <= low:
        return [low]
    span = high - low
    step = 1.0
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = float(candidate)
        if span / step <= count - 1:
            break
    start = step * (low // step)
    ticks = []
    value = start
    while value <= high + 1e-9:
        if value >= low - 1e-9:
            ticks.append(value)
        value += step
    return ticks
