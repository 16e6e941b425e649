"""The match controller: handovers exactly when the keyboard passes between
humans, bots in between, take-backs by BGA's policy, saving after every move."""

import pytest

from tablegames.core import records, saves
from tablegames.core.game import IllegalAction
from tablegames.core.match import Match
from tablegames.core.records import Seat


def new_match(seats, seed=11, **options):
    return Match.new("blind-chicken", seats, options or {"hands": 1}, seed)


def pass_if_done(match):
    """The mover at the keyboard lets it go (Enter on "your move is done")."""
    if match.pending_pass:
        match.confirm_pass()


def play_to_end(match, handovers):
    """Drive a match with the first legal action; count handovers per seat."""
    while not match.is_over():
        match.run_bots()
        if match.is_over():
            break
        pass_if_done(match)
        if match.needs_handover():
            seat = match.next_human()
            handovers.append(seat)
            match.take_keyboard(seat)
        match.play(match.legal_actions()[0])


def test_no_handover_ever_with_a_single_human():
    match = new_match([Seat("Kim"), Seat("Bot", "random"), Seat("Bot 2", "random")])
    handovers = []
    assert match.at_keyboard == 0
    play_to_end(match, handovers)
    assert handovers == []


def test_handover_whenever_the_next_decision_belongs_to_another_human():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    handovers = []
    # Nobody holds the keyboard at the start: the bot arranges its hand,
    # then the first human is handed the keyboard.
    assert match.at_keyboard is None and not match.needs_handover()
    match.run_bots()
    assert match.needs_handover() and match.next_human() == 0
    keyboard_owner = []
    while not match.is_over():
        match.run_bots()
        if match.is_over():
            break
        pass_if_done(match)
        due = match.needs_handover()
        assert due == (match.next_human() != match.at_keyboard)
        if due:
            handovers.append(match.next_human())
            match.take_keyboard(match.next_human())
        keyboard_owner.append(match.at_keyboard)
        match.play(match.legal_actions()[0])
    # Every change of the human at the keyboard went through a handover.
    changes = sum(1 for a, b in zip(keyboard_owner, keyboard_owner[1:]) if a != b) + 1
    assert len(handovers) == changes
    assert set(handovers) == {0, 1}


def test_view_is_the_keyboard_seats_and_public_before_anyone_sits_down():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    assert match.view()["hand"] is None
    match.take_keyboard(0)
    assert match.view()["hand"] and match.view()["seat"] == 0


def test_recap_holds_only_public_events_since_the_seat_last_looked():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])  # Kim orders
    match.take_keyboard(1)
    recap = [e.text for e in match.recap(1)]
    assert "Kim has arranged their hand." in recap
    match.play(match.legal_actions()[0])  # Lee orders
    match.run_bots()
    recap_for_kim = [e.text for e in match.recap(0)]
    assert "Kim has arranged their hand." not in recap_for_kim  # Kim saw that already
    assert "Lee has arranged their hand." in recap_for_kim
    assert all(e.public for e in match.recap(0))


def test_only_the_seat_to_move_at_the_keyboard_may_play():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    with pytest.raises(IllegalAction, match="not your turn"):
        match.play("L")
    match.take_keyboard(0)
    with pytest.raises(IllegalAction):
        match.play("nonsense move")
    assert match.record.actions == []


def test_take_back_own_action_while_still_at_the_keyboard():
    match = new_match([Seat("Kim"), Seat("Bot", "random"), Seat("Bot 2", "random")])
    match.run_bots()
    before = match.view()
    hand = before["hand"]
    order = "order " + " ".join(c[1:] for c in reversed(hand))
    match.play(order)
    assert match.can_take_back()
    match.take_back()
    assert match.view() == before
    assert [seat for seat, _ in match.record.actions] == [1, 2]  # only the bots' moves remain


def test_no_take_back_across_another_players_turn():
    match = new_match([Seat("Kim"), Seat("Bot", "random"), Seat("Bot 2", "random")], seed=2)
    match.run_bots()
    match.play(match.legal_actions()[0])  # Kim orders; play begins
    while match.next_bot() is None and not match.is_over():
        match.play(match.legal_actions()[0])
    match.step_bot()
    assert not match.can_take_back()
    with pytest.raises(IllegalAction):
        match.take_back()


def test_no_take_back_after_a_new_deal():
    """Finishing a hand deals the next one (a card draw): it cannot be taken back."""
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Ann")], seed=4, hands=2)
    while match.record.actions == [] or match.view()["hand_no"] == 1:
        pass_if_done(match)
        if match.needs_handover():
            match.take_keyboard(match.next_human())
        match.play(match.legal_actions()[0])
    assert match.view()["hand_no"] == 2
    assert not match.can_take_back()


def test_after_a_resume_the_recap_lists_only_what_is_new_to_that_player():
    # Issue 30: the whole match was listed, the player's own moves included.
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")], hands=2)
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])  # Kim arranges
    match.confirm_pass()
    match.take_keyboard(1)
    match.play(match.legal_actions()[0])  # Lee arranges; saved with Lee at the keyboard
    before = [e.text for e in match.recap(0)]
    match.lock.release()  # the app is closed
    resumed = Match.resume(match.save_path, match.record.game, match.record.id)
    try:
        for_lee = [e.text for e in resumed.recap(1)]
        for_kim = [e.text for e in resumed.recap(0)]
    finally:
        resumed.lock.release()
    assert "Lee has arranged their hand." not in for_lee
    assert "Kim has arranged their hand." not in for_lee  # Lee saw it at her handover
    assert for_kim == before and "Lee has arranged their hand." in for_kim
    assert "Kim has arranged their hand." not in for_kim


def test_a_record_from_before_seen_was_kept_counts_everything_as_new():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])
    data = saves.load(match.save_path).to_json()
    assert data["seen"] == [len(match.log), 0, 0]
    del data["seen"]
    old = Match(records.MatchRecord.from_json(data), autosave=False)
    assert [e.text for e in old.recap(0)] == [e.text for e in old.log if e.public]


def test_a_record_whose_seen_counts_are_not_per_seat_is_refused_in_one_sentence():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])
    data = saves.load(match.save_path).to_json()
    for bad in ([1, 2], [-1, 0, 0], ["3", 0, 0], {"0": 3}, [10**30, 0, 0]):
        data["seen"] = bad
        with pytest.raises(records.RecordError, match="'seen' must be"):
            records.MatchRecord.from_json(data)


def test_every_action_is_saved_and_a_resumed_match_continues_identically():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")])
    match.run_bots()
    match.take_keyboard(0)
    match.play(match.legal_actions()[0])
    saved = saves.load(match.save_path)
    assert saved.actions == match.record.actions
    resumed = Match(saved, save_path=match.save_path)
    assert resumed.public_view() == match.public_view()
    assert [e.text for e in resumed.log] == [e.text for e in match.log]


def test_rematch_keeps_seats_and_options_with_a_new_deal():
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")], hands=2)
    again = match.rematch(seed=99)
    assert again.record.seats == match.record.seats
    assert again.record.options == match.record.options
    assert again.record.id != match.record.id and again.record.seed == 99


def _blind_business_until(match, phase):
    while match.public_view()["phase"] != phase:
        pass_if_done(match)
        if match.needs_handover():
            match.take_keyboard(match.next_human())
        match.play(match.legal_actions()[0])
    pass_if_done(match)
    if match.needs_handover():
        match.take_keyboard(match.next_human())


def test_take_back_allowed_for_a_move_that_showed_nothing():
    match = Match.new("blind-business", [Seat("Kim"), Seat("Lee")], {}, seed=6)
    _blind_business_until(match, "ask")
    match.play(match.legal_actions()[0])  # ask: the requester saw that hand already
    assert match.can_take_back()
    match.take_back()
    assert match.public_view()["phase"] == "ask"


def test_no_take_back_once_the_move_showed_the_player_a_hidden_card():
    """Answering "no" wins the asked card from your own hand: you now know
    its face, so the answer cannot be taken back."""
    match = Match.new("blind-business", [Seat("Kim"), Seat("Lee")], {}, seed=6)
    _blind_business_until(match, "answer")
    match.play("no")
    assert not match.can_take_back()


def test_public_table_on_screen_while_bots_move_between_two_humans():
    """The last human's cards leave the screen once it is a bot's turn: the
    next human may already be watching."""
    match = new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")], seed=3)
    match.run_bots()
    while match.next_bot() is None:
        pass_if_done(match)
        if match.needs_handover():
            match.take_keyboard(match.next_human())
        match.play(match.legal_actions()[0])
    assert match.at_keyboard is not None and match.on_screen() is None
    assert match.view()["hand"] is None
    assert all(event.public for event in match.visible_log())


def test_a_single_human_keeps_their_view_while_bots_move():
    match = new_match([Seat("Kim"), Seat("Bot", "random"), Seat("Bot 2", "random")], seed=3)
    match.run_bots()
    match.play(match.legal_actions()[0])
    while match.next_bot() is None:
        match.play(match.legal_actions()[0])
    assert match.on_screen() == 0 and match.view()["hand"]


def test_a_bot_decision_made_before_a_take_back_is_dropped_even_if_the_same_move_is_replayed():
    match = new_match([Seat("Kim"), Seat("Bot", "random"), Seat("Bot 2", "random")])
    match.run_bots()
    order = "order " + " ".join(c[1:] for c in reversed(match.view()["hand"]))
    match.play(order)
    turn = match.bot_turn()  # a bot starts thinking about the position after Kim's move
    assert turn is not None and not turn.slow
    decided = turn.decide()
    match.take_back()
    match.play(order)  # the same move again: still another moment of the match
    moves = list(match.record.actions)
    assert match.play_bot(turn, decided) == []
    assert match.record.actions == moves
    fresh = match.bot_turn()
    assert fresh is not None
    match.play_bot(fresh, fresh.decide())
    assert len(match.record.actions) == len(moves) + 1


def test_only_the_hard_bot_is_slow_enough_to_think_off_the_screens_thread():
    match = new_match([Seat("Hard", "search"), Seat("Normal", "heuristic"), Seat("Easy", "random")])
    slow = []
    while (turn := match.bot_turn()) is not None and len(slow) < 3:
        slow.append((turn.seat, turn.slow))
        match.play_bot(turn, turn.decide() if not turn.slow else match._state.legal_actions(turn.seat)[0])
    assert slow == [(0, True), (1, False), (2, False)]


def _until_a_move_waits_to_pass(match):
    """Play first legal actions until a human's move may be taken back while
    the next decision belongs to another human."""
    for _ in range(200):
        match.run_bots()
        if match.pending_pass:
            return match
        if match.needs_handover():
            match.take_keyboard(match.next_human())
        match.play(match.legal_actions()[0])
    raise AssertionError("no move waited to pass the keyboard")


def test_a_move_that_may_be_taken_back_waits_on_the_movers_screen_before_any_handover():
    """The next player's name would tell the table something about the move
    (in a trick: whether the card won it), so no handover while it may be
    taken back: the mover's screen shows the public table and waits."""
    match = _until_a_move_waits_to_pass(new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")]))
    mover = match.at_keyboard
    assert match.can_take_back() and not match.needs_handover()
    assert match.on_screen() is None and match.view()["hand"] is None
    assert match.prompt() == (f"{match.names[mover]}, your move is done: "
                              "Enter passes the keyboard, u takes it back.")
    with pytest.raises(IllegalAction, match="Your move is done"):
        match.play(match.spec.parse("L"))


def test_passing_the_keyboard_makes_the_move_stand_and_brings_the_handover():
    match = _until_a_move_waits_to_pass(new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")]))
    actions = list(match.record.actions)
    match.confirm_pass()
    assert not match.pending_pass and not match.can_take_back()
    assert match.needs_handover() and match.next_human() != match.at_keyboard
    assert match.record.actions == actions
    with pytest.raises(IllegalAction):
        match.take_back()
    with pytest.raises(IllegalAction):
        match.confirm_pass()  # nothing waits any more


def test_taking_back_a_move_that_waits_to_pass_gives_the_mover_their_turn_again():
    match = _until_a_move_waits_to_pass(new_match([Seat("Kim"), Seat("Lee"), Seat("Bot", "random")]))
    mover = match.at_keyboard
    match.take_back()
    assert not match.pending_pass and not match.needs_handover()
    assert mover in match.deciders() and match.next_human() == mover
    assert match.view()["seat"] == mover


def test_the_waiting_line_names_five_twelve_character_names_within_80_columns():
    from tablegames.core.records import Seat

    names = ["Annabelle-AA", "Benedictus-B", "Cid Campbell", "Dee-Dominika", "Evangeline-E"]
    match = Match.new("blenders-tricks", [Seat(name) for name in names], {}, seed=1, autosave=False)
    assert match.at_keyboard is None and len(match.deciders()) == 5  # the pass: everyone chooses
    line = match.prompt()
    assert len(line) <= 80 and all(name in line for name in names)
