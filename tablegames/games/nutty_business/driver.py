"""Makes the current decision of the human at the keyboard with keys, as a
player would (for the generic whole-match Pilot test). Reads only the screen
and its view; varies the keys so every way of choosing gets pressed."""

from __future__ import annotations

from typing import Any


async def decide(pilot: Any) -> None:
    screen = pilot.app.screen
    kind = screen.decision()
    view = screen.view
    turn = view["turn_no"]
    if kind == "start":
        hand = len(view["hand"])
        pick = view["seat"] * 3 % hand
        # A card by arrows or by its number (digits count the hand's cards).
        keys = ["right"] * pick if view["seat"] % 2 else [str(pick + 1)]
        keys += ["enter"]
    elif kind == "play":
        hand = len(view["hand"])
        if turn % 4 == 3:
            keys = [str(turn % hand + 1)]
        else:
            keys = ["right"] * (turn % hand) + ["left"] * (turn % 2)
        # A pile by its letter, or by arrows and Enter.
        way = turn % 3
        if way == 0:
            keys += ["a"]
        elif way == 1:
            keys += ["b"]
        else:
            keys += ["down" if turn % 2 else "up", "enter"]
    elif kind in ("order", "customs", "raid"):
        count = len(screen.choice_actions)
        pick = turn % count
        keys = [str(pick + 1)] if turn % 2 else ["down"] * pick + ["enter"]
    else:
        raise AssertionError(f"no decision for the keyboard: {kind!r}")
    await pilot.press(*keys)


async def click_decide(pilot: Any, tap: Any = None) -> None:
    """The current decision with clicks only, as on a tablet: a card of the
    hand, then a pile (or the first card's "lay it face down"), or a line
    of the list (which card first, the Customs split, the Police Raid);
    now and then a look through every pile (a click on the players' table,
    a click closes it). Legal choices only, varied by the turn."""
    from tablegames.games.nutty_business.vocab import kind_of

    screen = pilot.app.screen
    kind = screen.decision()
    view = screen.view
    turn = view["turn_no"]
    legal = screen.match.legal_actions()
    if kind in ("start", "play") and turn % 5 == 2:
        assert await pilot.click("#nb-players")
        await pilot.pause()
        assert pilot.app.screen is not screen, "a click on the players' table shows every pile"
        assert await pilot.click(offset=(1, 1))
        await pilot.pause()
        assert pilot.app.screen is screen
    if kind in ("start", "play"):
        action = legal[(turn + view["seat"]) % len(legal)]
        hand = view["hand"]
        index = next(i for i, card in enumerate(hand) if kind_of(card) == action.card)
        # Cards are 5 cells wide with a space between.
        assert await pilot.click("#nb-hand", offset=(2 + 6 * index, 1))
        await pilot.pause()
        assert screen.cursor == index, "a click on a card picks it"
        assert await pilot.click(f"#nb-onto-{0 if kind == 'start' else action.pile}", offset=(1, 0))
    elif kind in ("order", "customs", "raid"):
        count = len(screen.choice_actions)
        assert await pilot.click("#nb-choices _ChoiceLines", offset=(4, turn % min(count, 6)))
    else:
        raise AssertionError(f"no decision to click: {kind!r}")
