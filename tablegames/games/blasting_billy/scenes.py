"""Seeded moments of a Blasting Billy game, the same every time: used by the
snapshot tests and by scripts/make_screenshots.py."""

from __future__ import annotations

import random
from typing import Any, Callable

from tablegames.core.game import Scene
from tablegames.core.match import Match
from tablegames.core.records import Seat
from tablegames.games.blasting_billy import INFO

GAME = INFO.id


def seeded_position(seats: list[Seat], seed: int, stop: Callable[[Match], bool]) -> Match:
    """Seeded random moves by the humans (bots play their own way) until
    ``stop(match)`` holds with a human about to decide; that human has the
    keyboard (as after their handover)."""
    match = Match.new(GAME, seats, {}, seed=seed, autosave=False)
    return match.advance_to(lambda _view, _seat: stop(match), seed)


def five_players_turn() -> Match:
    """Five at the table (Ann and Ben, three bots), halfway through: Ann plays."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic"), Seat("Dee", "heuristic"),
             Seat("Eve", "random")]
    return seeded_position(seats, 12, lambda m: m.view()["draw"] <= 16 and m.at_keyboard == 0)


def three_players_turn() -> Match:
    """Ann, Ben and a bot: Ann's turn with a few columns on the table."""
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cid", "heuristic")]
    return seeded_position(seats, 7, lambda m: m.view()["draw"] <= 20 and m.at_keyboard == 0)


def last_turn() -> Match:
    """Ann and two bots: Ann drew the last card and plays the very last turn."""
    seats = [Seat("Ann"), Seat("Cid", "heuristic"), Seat("Dee", "heuristic")]
    return seeded_position(seats, 2, lambda m: m.view()["final_left"] == 1)


def finished(seed: int = 3) -> Match:
    """A finished four-player game: Ann and three bots."""
    seats = [Seat("Ann"), Seat("Cid", "heuristic"), Seat("Dee", "heuristic"), Seat("Eve", "random")]
    match = Match.new(GAME, seats, {}, seed=seed, autosave=False)
    rng = random.Random(seed)
    match.run_bots()
    while not match.is_over():
        match.play(rng.choice(match.legal_actions()))
        match.run_bots()
    return match


SCENES: tuple[Scene, ...] = (
    Scene("blasting-billy", five_players_turn, (),
          "Blasting Billy: Ann's turn at five; Billy's loot and everyone's first card lie face down"),
    Scene("blasting-billy-reveal", last_turn, ("d", "enter"),
          "Blasting Billy: the reveal, gold: Billy's dynamite blasts his 2"),
    Scene("blasting-billy-outcome", last_turn, ("d", "s"),
          "Blasting Billy: who survives Billy (Ann was shot in banknotes)"),
)


async def decide(pilot: Any) -> None:
    """The human at the keyboard plays one card with keys: a card by its
    digit or by the arrows, and a place by its letter or by up/down (at
    least one: Enter plays only a place picked so) and Enter (varied from
    the view so a whole game uses every key)."""
    screen = pilot.app.screen
    view = screen.view
    hand = view["hand"]
    step = view["draw"] + view["final_left"] + sum(view["box"]) + sum(map(len, view["billy"]))
    keys = [str(1 + step % len(hand))] if step % 4 else ["right"] * (step % len(hand))
    if step % 5 == 0:
        keys += ["down"] * (1 + step % 3) + ["enter"]
    else:
        keys += ["bcd"[step % 3]]
    await pilot.press(*keys)


async def click_decide(pilot: Any, tap: Callable[..., Any]) -> None:
    """The human at the screen plays one card with clicks only, as on a
    tablet: a tap on a card of the hand, then a tap on a place (varied from
    the view). ``tap(pattern, offset=0, row=0)`` clicks where the screen
    shows ``pattern`` (``row`` lines below it)."""
    view = pilot.app.screen.view
    hand = view["hand"]
    step = view["draw"] + view["final_left"] + sum(view["box"]) + sum(map(len, view["billy"]))
    # The hand's cards are 5 cells wide with a space between, after the frame's top.
    await tap(r"[┏╭][─━]{3}[┓╮]", offset=2 + 6 * (step % len(hand)), row=1)
    await tap(("b to Billy", "c into your loot", "d into the box")[step % 3], offset=3)
