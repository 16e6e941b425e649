"""Every frame the app hands to the terminal, as text (for tests and benchmarks).

``FrameRecorder`` hooks ``App._display`` (the one place where Textual hands a
frame to the driver), times each frame and applies it to a virtual terminal:
a grid of cells, so ``recorder.frames[i].text`` is exactly what the screen
showed after frame ``i`` (the previous frames' cells included), not only the
part that frame redrew.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.cells import cell_len
from textual.app import App
from textual.strip import Strip

try:  # the update classes of the pinned Textual
    from textual._compositor import ChopsUpdate, LayoutUpdate
except ImportError:  # pragma: no cover
    ChopsUpdate = LayoutUpdate = None  # type: ignore[assignment,misc]


@dataclass
class Frame:
    time: float  # perf_counter when the frame was handed to the terminal
    text: str  # the whole terminal after it
    screen: str  # the class name of the app's screen when it was drawn
    cpu: float = 0.0  # process_time then (the CPU the process had used: benchmarks)


class VirtualTerminal:
    """A grid of cells that frames are written into."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]

    def write(self, x: int, y: int, strip: Strip) -> None:
        if not 0 <= y < self.height:
            return
        row = self.rows[y]
        for segment in strip:
            if segment.control:
                continue
            for char in segment.text:
                width = cell_len(char)
                if width == 0:
                    continue
                if 0 <= x < self.width:
                    row[x] = char
                    if width == 2 and x + 1 < self.width:
                        row[x + 1] = ""
                x += width

    def apply(self, update) -> None:
        if LayoutUpdate is not None and isinstance(update, LayoutUpdate):
            for y, line in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in line:
                    self.write(x, y, strip)
                    x += strip.cell_length
        elif ChopsUpdate is not None and isinstance(update, ChopsUpdate):
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items()):
                    if strip is None or x > x2 or end <= x1:
                        continue
                    if not (x2 > x >= x1 and end <= x2):
                        strip = strip.crop(0, min(end, x2) - x)
                    self.write(x, y, strip)

    @property
    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.rows)


class FrameRecorder:
    """Use as a context manager around ``app.run_test``::

        with FrameRecorder(80, 24) as frames:
            async with app.run_test(size=(80, 24)) as pilot: ...
        frames.frames  # every frame, in order
    """

    def __init__(self, width: int, height: int, *, keep_text: bool = True) -> None:
        self.terminal = VirtualTerminal(width, height)
        self.frames: list[Frame] = []
        self.keep_text = keep_text
        self._original = App._display

    def __enter__(self) -> "FrameRecorder":
        original = self._original
        recorder = self

        def hooked(app: App, screen, renderable) -> None:
            original(app, screen, renderable)
            if renderable is None or app._batch_count:
                return
            now = time.perf_counter()
            renderable.render_segments(app.console)  # what a real driver does with it
            recorder.terminal.apply(renderable)
            text = recorder.terminal.text if recorder.keep_text else ""
            recorder.frames.append(Frame(now, text, type(app.screen).__name__, time.process_time()))

        App._display = hooked  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc) -> None:
        App._display = self._original  # type: ignore[method-assign]

    def since(self, start: float) -> list[Frame]:
        return [frame for frame in self.frames if frame.time > start]
