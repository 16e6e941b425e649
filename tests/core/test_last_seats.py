"""The file behind seat setup's remembered seats (core/last_seats.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tablegames.core import last_seats
from tablegames.core.last_seats import LastSeats, SeatRow


def data_dir() -> Path:
    return Path(os.environ["TABLEGAMES_DATA_DIR"])


SEATS = LastSeats(4, (SeatRow("Kim", "human"), SeatRow("[/]Lee", "human"), SeatRow("Ann", "search")),
                  {"hands": 2, "target": 0})


def test_seats_read_back_as_written_and_each_game_keeps_its_own():
    assert last_seats.load("blind-chicken") is None
    last_seats.remember("blind-chicken", SEATS)
    other = LastSeats(2, (SeatRow("Bo", "human"), SeatRow("Cy", "random")), {})
    last_seats.remember("nutty-business", other)
    assert last_seats.load("blind-chicken") == SEATS
    assert last_seats.load("nutty-business") == other
    assert not [p for p in data_dir().iterdir() if p.name != "last_seats.json"]  # no temporary file left


@pytest.mark.parametrize("content", [b"", b"{", b"\xff", b"null", b"[1]", b'{"version": 1, "games": []}',
                                     b'{"version": 1, "games": {"blind-chicken": {"players": "4", '
                                     b'"seats": [], "options": {}}}}'])
def test_a_file_not_in_the_expected_shape_counts_as_nothing_remembered(content):
    data_dir().mkdir(parents=True, exist_ok=True)
    last_seats.path().write_bytes(content)
    assert last_seats.load("blind-chicken") is None
    last_seats.remember("blind-chicken", SEATS)  # and is replaced by the next start
    assert last_seats.load("blind-chicken") == SEATS


def test_a_data_folder_that_cannot_be_written_only_means_nothing_is_remembered(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(blocker / "data"))  # a folder under a file
    last_seats.remember("blind-chicken", SEATS)  # no exception
    assert last_seats.load("blind-chicken") is None


def test_the_file_is_plain_json_a_person_can_read():
    last_seats.remember("blind-chicken", SEATS)
    data = json.loads(last_seats.path().read_text(encoding="utf-8"))
    assert data == {"version": 1, "games": {"blind-chicken": {
        "players": 4, "options": {"hands": 2, "target": 0}, "hints": False,
        "seats": [{"name": "Kim", "type": "human"}, {"name": "[/]Lee", "type": "human"},
                  {"name": "Ann", "type": "search"}]}}}
