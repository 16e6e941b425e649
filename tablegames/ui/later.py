"""A one-shot timer that always fires: ``later(node, delay, callback)``.

Textual 8.2.8's ``set_timer`` drops a one-shot timer whose task is held up
for longer than its delay between its first two looks at the clock
(``Timer._run`` skips the late tick, and a one-shot has no other): on a
busy machine a bot's turn, or the handover's arming, then never came.
asyncio's own timer has no such skip. The callback runs on the node's
message loop (``call_next``), as a Textual timer's would, and, as a Textual
timer stops with its node, not once the node is detached or the app is
closing (its widgets may be gone by then). Cancel the handle when the node
is unmounted.
"""

from __future__ import annotations

import asyncio
from typing import Callable

from textual.message_pump import MessagePump


def later(node: MessagePump, delay: float, callback: Callable[[], object]) -> asyncio.TimerHandle:
    def run() -> None:
        if node.is_attached and node.is_running:
            callback()

    return asyncio.get_running_loop().call_later(max(delay, 0.0), node.call_next, run)
