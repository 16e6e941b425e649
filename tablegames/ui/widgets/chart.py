"""Charts drawn with Plotext (``textual-plotext``): win shares as bars, and
the running scores over the hands or rounds of a match as lines.

The data is kept on the widget and the chart is drawn anew at every render,
at the size the widget has then. In ASCII mode (``--ascii``) a chart has no
frame and draws with plain characters: bars of ``#``, and each player's line
with their number (1, 2, ...), which the legend repeats.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import RenderResult
from textual_plotext import PlotextPlot

from tablegames.ui.glyphs import glyphs_of

# Each player's line: a marker that is a letter or digit (readable in ASCII
# too, and without colour), the same in the legend.
SEAT_MARKERS = "123456789"


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


class StageChart(_Chart):
    """Each player's running score after each hand or round: one line per
    player, marked with the player's number (``show(names, stages)``,
    ``stages[k][seat]`` the score after stage k + 1)."""

    DEFAULT_CSS = """
    StageChart { height: 12; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.names: list[str] = []
        self.stages: list[tuple[float, ...]] = []
        self.word = "hand"

    def show(self, names: Sequence[str], stages: Sequence[Sequence[float]], *, word: str = "hand",
             title: str = "") -> None:
        self.names = list(names)
        self.stages = [tuple(stage) for stage in stages]
        self.word = word
        self.title = title or f"Scores, {word} by {word}"
        self.refresh()

    def has_data(self) -> bool:
        return len(self.stages) >= 1 and bool(self.names)

    def draw(self, ascii: bool) -> None:
        plt = self.plt
        xs = [float(x) for x in range(0, len(self.stages) + 1)]
        low = min([0.0, *(min(stage) for stage in self.stages)])
        high = max([0.0, *(max(stage) for stage in self.stages)])
        for seat, name in enumerate(self.names):
            marker = SEAT_MARKERS[seat % len(SEAT_MARKERS)]
            ys = [0.0] + [float(stage[seat]) for stage in self.stages]
            plt.plot(xs, ys, marker=marker)
        plt.xticks(xs, ["start" if x == 0 else f"{x:g}" for x in xs])
        # Whole numbers on the score axis, a space before the chart (ASCII
        # mode has no frame line between them).
        ticks = _ticks(low, high)
        plt.yticks(ticks, [f"{tick:g} " for tick in ticks])

    def legend(self, width: int) -> Text | None:
        text = Text(f"After each {self.word}: ", style="dim")
        for seat, name in enumerate(self.names):
            if seat:
                text.append(", ")
            text.append(SEAT_MARKERS[seat % len(SEAT_MARKERS)], style="bold")
            text.append(f" {name}")
        return text


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
