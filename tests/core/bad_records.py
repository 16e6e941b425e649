"""A folder of hostile save files, as a user (or an attacker) could leave
them in the matches folder: links to nowhere, loops, pipes, devices, numbers
no record holds, nesting a parser chokes on, seats that do not exist, names
that would clear the terminal, moves that are not legal, a game over but
not marked finished (or the reverse). Each must become one "cannot resume"
line, never a traceback or a hang, and stay on disk as it was.

``make_bad_records(folder)`` writes them all and returns, per file name, a
fragment the one-line reason must contain."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tablegames.core import records, registry
from tablegames.core.records import MatchRecord, Seat
from tablegames.core.simulate import play_out

GAME = "blind-chicken"


def good_record(seed: int = 5, moves: int | None = 12, finished: bool = False) -> dict:
    """A sound unfinished record (as JSON data) to spoil one field at a
    time; with ``moves=None``, the whole match (over, marked ``finished``
    or not)."""
    out = play_out(registry.get(GAME), ["random"] * 3, seed, record_actions=True)
    record = MatchRecord(game=GAME, seats=[Seat("Kim"), Seat("Lee"), Seat("Bot 1", "random")],
                         seed=seed, actions=out.actions[:moves], finished=finished)
    return record.to_json()


def _spoiled(**changes) -> str:
    return json.dumps({**good_record(), **changes})


def _with_seed(text: str) -> str:
    """The good record with ``text`` written as the seed, verbatim."""
    data = good_record()
    data["seed"] = 424242
    return json.dumps(data).replace("424242", text)


def _with_option(text: str) -> str:
    data = good_record()
    data["options"] = {"hands": 424242}
    return json.dumps(data).replace("424242", text)


def _with_action(action: list) -> str:
    data = good_record()
    data["actions"] = data["actions"][:3] + [action]
    return json.dumps(data)


# name -> (file content, fragment of the reason)
CONTENTS: dict[str, tuple[str | bytes, str]] = {
    "empty.json": ("", "not json"),
    "not-json.json": ("{this is not json", "not json"),
    "not-utf8.json": (b"\xff\xfe\x00garbage", "not utf-8"),
    "json-list.json": ("[1, 2, 3]", "not a tablegames match record"),
    "future-format.json": (_spoiled(format=99), "format 99"),
    "format-true.json": (_spoiled(format=True), "format true"),
    "unknown-game.json": (_spoiled(game="snap"), "unknown game 'snap'"),
    "game-number.json": (_spoiled(game=7), "'game' must be short text"),
    "seed-1e400.json": (_with_seed("1e400"), "fraction or exponent"),
    "seed-infinity.json": (_with_seed("Infinity"), "infinity"),
    "seed-nan.json": (_with_seed("NaN"), "nan"),
    "seed-fraction.json": (_with_seed("3.7"), "fraction"),
    "seed-negative.json": (_with_seed("-1"), "seed must be a whole number"),
    "seed-true.json": (_with_seed("true"), "seed must be a whole number"),
    "seed-too-big.json": (_with_seed(str(2**64)), "seed must be a whole number"),
    "seed-5000-digits.json": (_with_seed("9" * 5000), "5000 digits"),
    "option-infinity.json": (_with_option("-Infinity"), "infinity"),
    "option-1e400.json": (_with_option("1e400"), "fraction or exponent"),
    "option-out-of-range.json": (_spoiled(options={"hands": 99}), "option hands"),
    "option-unknown.json": (_spoiled(options={"speed": 3}), "no option 'speed'"),
    "option-text.json": (_spoiled(options={"hands": "2"}), "whole numbers"),
    "action-seat-99.json": (_with_action([99, "L"]), "seat 99"),
    "action-seat-negative.json": (_with_action([-1, "L"]), "seat -1"),
    "action-seat-text.json": (_with_action(["0", "L"]), "move 4"),
    "action-not-a-pair.json": (_with_action([0]), "move 4"),
    "action-long.json": (_with_action([0, "L" * 5000]), "move 4"),
    "actions-missing.json": (_spoiled(actions=None), "'actions' must be a list"),
    "deep-nesting.json": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "deep-nesting-objects.json": ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    "no-seats.json": (_spoiled(seats=[]), "'seats' must be a list"),
    "seven-seats.json": (_spoiled(seats=[{"name": f"P{i}", "bot": None} for i in range(7)]), "3-6 players"),
    "name-escape.json": (_spoiled(seats=[{"name": "\x1b[2J", "bot": None}, {"name": "Lee", "bot": None},
                                         {"name": "Bot", "bot": "random"}]), "control character"),
    "name-empty.json": (_spoiled(seats=[{"name": " ", "bot": None}, {"name": "Lee", "bot": None},
                                        {"name": "Bot", "bot": "random"}]), "needs a name"),
    "name-too-long.json": (_spoiled(seats=[{"name": "K" * 100, "bot": None}, {"name": "Lee", "bot": None},
                                           {"name": "Bot", "bot": "random"}]), "too long"),
    "name-twice.json": (_spoiled(seats=[{"name": "Kim", "bot": None}, {"name": "kim", "bot": None},
                                        {"name": "Bot", "bot": "random"}]), "both called"),
    "bot-genius.json": (_spoiled(seats=[{"name": "Kim", "bot": None}, {"name": "Lee", "bot": None},
                                        {"name": "Bot", "bot": "genius"}]), "unknown bot level 'genius'"),
    "id-path.json": (_spoiled(id="../../etc/passwd"), "'id' must be letters and digits"),
    "finished-text.json": (_spoiled(finished="yes"), "'finished' must be true or false"),
    "illegal-move.json": (_with_action([0, "aside 7"]), "move 4 ('aside 7' by seat 0) is not legal"),
}

# Files that read and replay, but cannot be resumed: the listing says why.
UNRESUMABLE: dict[str, tuple[str, str]] = {
    "over-not-marked-finished.json": (json.dumps(good_record(moves=None)),
                                      "the game in it is over, but it is not marked finished"),
    "finished-not-over.json": (_spoiled(finished=True), "it is marked finished, but the game in it is not over"),
}


def make_bad_records(folder: Path) -> dict[str, str]:
    """Write every hostile file into ``folder``; name -> reason fragment."""
    folder.mkdir(parents=True, exist_ok=True)
    expected: dict[str, str] = {}
    for name, (content, fragment) in [*CONTENTS.items(), *UNRESUMABLE.items()]:
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        expected[name] = fragment
    (folder / "dangling-link.json").symlink_to(folder / "nowhere" / "gone.json")
    expected["dangling-link.json"] = "does not exist"
    (folder / "link-loop.json").symlink_to(folder / "link-loop.json")
    expected["link-loop.json"] = "loop"
    os.mkfifo(folder / "fifo.json")
    expected["fifo.json"] = "pipe"
    (folder / "dev-zero.json").symlink_to("/dev/zero")
    expected["dev-zero.json"] = "device"
    (folder / "folder.json").mkdir()
    expected["folder.json"] = "folder"
    with open(folder / "huge.json", "wb") as fh:  # sparse: no disk space used
        fh.truncate(records.MAX_BYTES + 1)
    expected["huge.json"] = "too large"
    return expected


def fingerprint(path: Path) -> tuple:
    """What must not change about a file we only read: its kind, size,
    modification time and (for small regular files) its bytes."""
    st = os.lstat(path)
    content = path.read_bytes() if path.is_file() and not path.is_symlink() and st.st_size < 1 << 20 else None
    return st.st_mode, st.st_size, st.st_mtime_ns, content
