"""Phone seats in the match itself (no server): how they are written, what
a phone is sent (its own seat's snapshot, nothing more), how its moves are
checked, and what the shared keyboard does around them."""

from __future__ import annotations

import json

import pytest

from tablegames.core import registry, saves
from tablegames.core.game import IllegalAction
from tablegames.core.match import Match
from tablegames.core.match_side import RemoteMatch
from tablegames.core.seats import Seat, SeatError, parse_seats

CHICKEN = registry.get("blind-chicken")


def chicken(players: str, seed: int = 3) -> Match:
    return Match.new("blind-chicken", parse_seats(players, CHICKEN), {"hands": 1}, seed=seed, autosave=False)


def test_a_name_at_phone_is_a_phone_seat_and_other_devices_are_refused():
    seats = parse_seats("Kim@phone,Lee,bot", CHICKEN)
    assert [(s.name, s.phone, s.bot) for s in seats] == [("Kim", True, None), ("Lee", False, None),
                                                          ("Bot 1", False, "heuristic")]
    assert parse_seats("Kim @ Phone,Lee,bot", CHICKEN)[0] == Seat("Kim", phone=True)
    with pytest.raises(SeatError, match="names no device"):
        parse_seats("Kim@tablet,Lee,bot", CHICKEN)


def test_a_phone_seat_is_kept_in_the_save_and_other_saves_are_unchanged(tmp_path):
    match = chicken("Kim@phone,Lee,bot")
    data = match.record.to_json()
    assert data["seats"][0] == {"name": "Kim", "bot": None, "phone": True}
    assert data["seats"][1] == {"name": "Lee", "bot": None}  # (no "phone" key: old saves read the same)
    path = saves.save(match.record, tmp_path / "m.json")
    assert saves.read(path).seats == match.record.seats


def test_a_phone_is_sent_its_own_hand_and_never_another_seats():
    match = chicken("Kim@phone,Lee@phone,Ann,bot")
    match.run_bots()
    snapshot = match.seat_snapshot(0)
    json.dumps(snapshot)  # plain data, as it travels
    assert snapshot["view"]["hand"] == list(match._state.view(0)["hand"])
    others = {card for seat in (1, 2, 3) for card in match._state.view(seat)["hand"]}
    assert not others & set(json.dumps(snapshot).replace('"', " ").replace(",", " ").split())
    assert snapshot["public"]["hand"] is None
    assert snapshot["legal"] and all(isinstance(text, str) for text in snapshot["legal"])


def test_a_phones_move_is_checked_as_any_move_and_a_wrong_one_changes_nothing():
    match = chicken("Kim@phone,Lee,bot")
    match.run_bots()
    with pytest.raises(IllegalAction):
        match.play_for(1, match._state.legal_actions(1)[0])  # Lee plays at the keyboard, not on a phone
    before = list(match.record.actions)
    with pytest.raises((IllegalAction, ValueError)):
        match.play_for(0, "not a move")
    assert match.record.actions == before
    match.play_for(0, match.seat_snapshot(0)["legal"][0])
    assert match.record.actions[-1][0] == 0
    with pytest.raises(IllegalAction, match="not your turn"):
        match.play_for(0, match.seat_snapshot(0)["legal"][0] if match.seat_snapshot(0)["legal"] else "x")


def test_the_shared_screen_says_whose_phone_is_to_move():
    match = chicken("Kim@phone,Lee@phone,bot")
    match.run_bots()
    assert match.prompt() == "Waiting for Kim's phone, Lee's phone."
    assert match.on_screen() is None and match.view()["hand"] is None  # the public table


def test_with_phones_at_the_table_a_lone_keyboard_player_gets_a_handover_every_turn():
    match = chicken("Kim@phone,Lee,bot")
    assert match.at_keyboard is None
    match.run_bots()
    assert match.needs_handover() and match.next_human() == 1
    match.take_keyboard(1)
    match.play(match.legal_actions()[0])  # Lee arranges; Kim's phone still decides
    assert match.at_keyboard is None and match.on_screen() is None
    assert not match.can_take_back()  # a move that hands the turn to a phone stands


def test_a_remote_match_holds_only_the_snapshot_and_sends_the_notation_back():
    match = chicken("Kim@phone,Lee,bot")
    match.run_bots()
    sent: list[tuple[str, int]] = []
    remote = RemoteMatch("blind-chicken", 0, list(match.record.seats), lambda text, change: sent.append((text, change)))
    remote.update(match.seat_snapshot(0))
    assert remote.view() == match.seat_snapshot(0)["view"] and remote.on_screen() == 0
    assert not hasattr(remote, "_state")
    with pytest.raises(IllegalAction):
        remote.play("nonsense")
    action = remote.legal_actions()[0]
    remote.play(action)
    assert sent == [(str(action), match.changes)]
    assert remote.legal_actions() == [] and "waiting" in remote.prompt().lower()
    with pytest.raises(IllegalAction):
        remote.play(action)  # one move on its way at a time


def test_a_phone_may_arrange_its_hand_in_any_order_not_only_the_one_legal_actions_lists():
    match = chicken("Kim@phone,bot,bot")
    match.run_bots()
    listed = match.seat_snapshot(0)["legal"]
    hand = match.seat_snapshot(0)["view"]["hand"]
    mine = "order " + " ".join(card[1:] for card in reversed(hand))
    assert mine not in listed
    before = list(match.record.actions)
    with pytest.raises(IllegalAction):
        match.play_for(0, "order " + " ".join(card[1:] for card in hand[:-1]))  # a card missing
    assert match.record.actions == before
    match.play_for(0, mine)
    assert match.record.actions[-1] == (0, mine)
