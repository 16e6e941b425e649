"""Blenders Tricks positions: the fields docs/positions.md describes, checked
against each other and the rounds so far (core/position.py: the shared checks)."""

from typing import Any, Mapping, Sequence

from tablegames.core.position import (Cards, PositionError, Reader, lists, put_away, refuse_if, said, seat_of,
                                      seat_of_key, whole_numbers)
from tablegames.core.secret import SecretChoices
from tablegames.games.blenders_tricks.rules import (CLAIM_REASON, SPEND_REASON, BlendersState, LastTrick, RoundRecord,
                                                    first_deal, trick_winner_claims)
from tablegames.games.blenders_tricks.vocab import (DECK, HAND_SIZE, ICONS, IS_WILD, PASSES, ROUNDS, SUIT, TOKENS,
                                                    TRICK_TURNS, BlendersDecision, ClaimChoice, Pass, Phase,
                                                    SpendChoice)

FIELDS = ("decision", "hands", "leader", "round", "to_move", "trick", "aside", "discard", "last_trick",
          "claimed", "ignored", "received", "totals", "tokens", "rounds", "passed", "spenders")
CARDS = Cards.numbered(1, 40, "cards are 1-40")


def build_position(names: Sequence[str], options: Mapping[str, int], description: Mapping[str, Any],
                   seed: int) -> BlendersState:
    r = Reader(description, names, FIELDS)
    n, size = len(names), HAND_SIZE[len(names)]
    phase = Phase(r.word("decision", (p.value for p in Phase)))
    rnd = r.number("round", 1, ROUNDS, 1)
    leader = r.seat("leader", "who leads the trick")
    hands = r.cards_per_seat("hands", CARDS, "{}'s hand")
    trick = r.cards("trick", CARDS, [])
    claimed, ignored, received = (r.cards_per_seat(key, CARDS, f"{{}}'s {key} cards", [])
                                  for key in ("claimed", "ignored", "received"))
    for s in range(n):
        refuse_if(any(c not in claimed[s] for c in ignored[s]), f"{names[s]} ignores a card they did not claim.")
        refuse_if(len(received[s]) > 2, f"{names[s]} received {len(received[s])} cards; a pass gives each player two.")
    totals = [whole_numbers(t, f"{name}'s totals", 3) for name, t in zip(names, r.per_seat("totals", [0, 0, 0]))]
    tokens = r.numbers_per_seat("tokens")
    refuse_if(sum(tokens) > TOKENS, f"The players hold {sum(tokens)} barley tokens; the game has {TOKENS}.")
    rounds = _rounds(r.get("rounds", []), names)
    finished = ROUNDS if phase is Phase.OVER else rnd - 1
    refuse_if(phase is Phase.OVER and rnd != ROUNDS, f"The game is over only after round {ROUNDS}.")
    refuse_if(len(rounds) != finished, f"Round {rnd} {'ends' if phase is Phase.OVER else 'comes after'} {finished} "
                                       f"finished round(s); 'rounds' lists {len(rounds)}.")
    if phase in (Phase.PASS, Phase.PLAY, Phase.CLAIM) and any(ignored):
        raise PositionError("Cards are ignored only when tokens are spent at the round's end.")
    last_trick = _last_trick(r.get("last_trick"), names)
    placed = [c for h in hands for c in h] + trick + [c for cl in claimed for c in cl]
    want = 40 - n * size
    aside, discard = r.cards("aside", CARDS, None), r.cards("discard", CARDS, None)
    if aside is not None and len(aside) != want:
        raise PositionError(f"With {n} players {want} card(s) are set aside, not {len(aside)}.")
    aside, discard = put_away(DECK, placed, seed, aside, want, discard)
    _check_hands(names, hands, trick, leader, received, phase, size)
    choices: SecretChoices[Pass] | None = None
    due: list[BlendersDecision] = []
    earner: int | None = None
    if phase is Phase.PASS:
        if trick or last_trick or any(claimed) or any(received):
            raise PositionError("In the pass no card has been played, claimed or received yet.")
        choices = _passed(r, hands)
    elif phase is Phase.PLAY:
        due += TRICK_TURNS[n][leader][len(trick):]
    elif phase is Phase.CLAIM:
        refuse_if(len(trick) != n, "A claim comes after every player has played to the trick.")
        best, others = trick_winner_claims(trick)
        refuse_if(IS_WILD[best] or len(others) < 2, "No claim is chosen here: the winner takes the trick's cards at "
                  "once.")
        due.append(ClaimChoice((leader + trick.index(best)) % n, others, reason=CLAIM_REASON))
    elif phase is Phase.SPEND:
        if last_trick is None or trick:
            raise PositionError("Tokens are spent at the round's end, after its last trick.")
        # The token goes to the most cards claimed, a tie to the higher card in the last trick.
        counts, last = [len(c) for c in claimed], dict(last_trick[0])
        earner = max((s for s in range(n) if counts[s] == max(counts)), key=last.__getitem__)
        due += _spenders(r, earner, tokens, claimed, ignored)
    elif trick:
        raise PositionError("The game ends after the last trick is taken: 'trick' must be empty.")
    else:
        earner = rounds[-1].earner  # over: nothing is pending
    # (Later rounds are dealt from the seed, by the rng as a new game's first deal leaves it.)
    state = BlendersState(names, first_deal(seed, n)[0], round=rnd, totals=totals, tokens=tokens, rounds=rounds,
                          leader=leader, hands=hands, aside=aside, discard=discard,
                          received=received, claimed=claimed, ignored=ignored, trick=trick, last_trick=last_trick,
                          earner=earner, choices=choices, due=due)
    _check_rounds(state)
    _check_this_round(state, phase, size)
    for s in range(n):  # the tokens earned, less one for each card a token ignored
        earned = sum(rd.earner == s for rd in rounds) + (phase is Phase.SPEND and earner == s)
        spent = sum(len(rd.ignored[s]) for rd in rounds) + (0 if phase is Phase.OVER else len(ignored[s]))
        refuse_if(tokens[s] != earned - spent, f"{names[s]} holds {tokens[s]} barley token(s), but earned {earned} "
                  f"and spent {spent}: a token is earned at a round's end and spent on an ignored card.")
    refuse_if(phase is not Phase.PASS and "passed" in description, "'passed' belongs to the pass only.")
    refuse_if(phase is not Phase.SPEND and "spenders" in description, "'spenders' belongs to the round's scoring "
              "(decision spend) only.")
    if "to_move" in description:
        refuse_if(not isinstance(r.get("to_move"), list), f"'to_move' must be a list of seats, not "
                  f"{said(r.get('to_move'))}.")
        refuse_if(sorted(r.seats("to_move")) != sorted(state.to_move()), "'to_move' does not match the position: "
                  f"{', '.join(names[s] for s in state.to_move()) or 'nobody'} must decide.")
    return state


def _rounds(value: Any, names: Sequence[str]) -> list[RoundRecord]:
    refuse_if(not isinstance(value, list), "'rounds' must be a list of the finished rounds.")
    out = []
    for raw in value:
        refuse_if(not isinstance(raw, dict), "Each of 'rounds' is an object with gains, ignored, claimed and earner.")
        r = Reader(raw, names, ("gains", "ignored", "claimed", "earner"))
        gains = [whole_numbers(g, "a round's gains", 3) for g in r.per_seat("gains", [])]
        ignored, claimed = (r.cards_per_seat(key, CARDS, f"a round's {key} cards", [])
                            for key in ("ignored", "claimed"))
        out.append(RoundRecord(tuple((g[0], g[1], g[2]) for g in gains), tuple(tuple(c) for c in ignored),
                               tuple(tuple(c) for c in claimed), r.seat("earner", "who earned the round's token")))
    return out


def _last_trick(value: Any, names: Sequence[str]) -> LastTrick | None:
    if value is None:
        return None
    refuse_if(not isinstance(value, dict), "'last_trick' must be an object with plays, winner and claimed.")
    r = Reader(value, names, ("plays", "winner", "claimed"))
    pairs = []
    for p in r.field("plays", list, "[seat, card] in playing order"):
        refuse_if(not isinstance(p, list) or len(p) != 2, f"A play of the last trick is [seat, card], not {said(p)}.")
        pairs.append((seat_of(names, p[0], "a seat in the last trick"), CARDS.one(p[1], "the last trick")))
    refuse_if(len(pairs) != len(names) or len({s for s, _ in pairs}) != len(names), "The last trick has one card "
              "from every player.")
    winner = r.agrees("winner", max(pairs, key=lambda p: p[1])[0], "the highest card wins the last trick")
    refuse_if(not r.given("winner"), "The position needs 'winner' (who won the last trick).")
    return tuple(pairs), winner, tuple(CARDS.read(r.field("claimed", list), "the last trick's claimed cards"))


def _check_hands(names: Sequence[str], hands: list[list[int]], trick: list[int], leader: int,
                 received: list[list[int]], phase: Phase, size: int) -> None:
    n, played = len(names), len(trick)
    refuse_if(played > n or (played == n and phase is not Phase.CLAIM), f"A trick has at most {n - 1} cards before "
              f"it is won (claim: {n}).")
    # Those who played to the trick hold one card fewer than the others.
    base = len(hands[leader]) + (1 if played else 0)
    expect = [size if phase is Phase.PASS else base - (1 if (s - leader) % n < played else 0)
              for s in range(n)]
    if phase is Phase.SPEND or phase is Phase.OVER:
        expect = [0] * n
    for s in range(n):
        refuse_if(len(hands[s]) > size, f"{names[s]} holds {len(hands[s])} card(s); with {n} players {size} are dealt.")
        refuse_if(len(hands[s]) != expect[s] or expect[s] > size, f"{names[s]} holds {len(hands[s])} card(s); this "
                                                                  f"point of the round needs {max(expect[s], 0)}.")
    refuse_if(phase is Phase.PLAY and not hands[(leader + played) % n], "Every hand is played out: the round is "
              "scored, nobody plays a card.")
    refuse_if(phase is not Phase.PASS and any(len(r) not in (0, 2) for r in received), "Each player received two "
              "cards in the pass (or none are marked).")


def _passed(r: Reader, hands: list[list[int]]) -> SecretChoices[Pass]:
    """The passes chosen so far, in the order they were chosen."""
    names = r.names
    choices: SecretChoices[Pass] = SecretChoices(range(r.n))
    passed = r.get("passed", {})
    refuse_if(not isinstance(passed, dict), "'passed' maps a seat to its [left, right] cards.")
    for who, pair in passed.items():
        seat = seat_of_key(names, who, "a seat in 'passed'")
        cards = CARDS.read(pair, f"{names[seat]}'s pass")
        refuse_if(len(cards) != 2 or cards[0] == cards[1] or any(c not in hands[seat] for c in cards),
                  f"{names[seat]} passes two different cards from their own hand.")
        choices.choose(seat, PASSES[cards[0]][cards[1]])
    refuse_if(choices.complete, "Everyone has passed: the cards are delivered then, so the play is on.")
    return choices


def _spenders(r: Reader, earner: int, tokens: list[int], claimed: list[list[int]],
              ignored: list[list[int]]) -> list[SpendChoice]:
    names, n = r.names, r.n
    able = [s for s in ((earner + i) % n for i in range(n)) if tokens[s] and set(claimed[s]) - set(ignored[s])]
    raw = r.get("spenders")
    refuse_if(raw is not None and not isinstance(raw, list), f"'spenders' must be a list of seats, not {said(raw)}.")
    spenders = able if raw is None else [seat_of(names, s, "a seat in 'spenders'") for s in raw]
    refuse_if(not tokens[earner] and not ignored[earner], f"{names[earner]} claimed the most cards and holds this "
                                                          "round's barley token (or has spent it).")
    refuse_if(not spenders or spenders[0] not in able or spenders != able[able.index(spenders[0]):]
              or any(ignored[s] for s in spenders[1:]), "'spenders' cannot arise: token holders with a claimed card "
              f"decide in turn from {names[earner]} leftwards, each once (a holder of two again after a spend).")
    return [SpendChoice(s, tuple(c for c in claimed[s] if c not in ignored[s]), reason=SPEND_REASON)
            for s in spenders]


def _gains(claimed: Sequence[int], ignored: Sequence[int]) -> tuple[int, int, int]:
    """The icons a round adds per suit: its claimed cards but the ignored."""
    gains = [0, 0, 0]
    for card in claimed:
        if card not in ignored:
            gains[SUIT[card]] += ICONS[card]
    return gains[0], gains[1], gains[2]


def _no_wild_claimed(claimed: Sequence[Sequence[int]], names: Sequence[str], when: str) -> None:
    for s, cards in enumerate(claimed):
        wild = next((c for c in cards if IS_WILD[c]), None)
        refuse_if(wild is not None, f"{names[s]} claimed the wild {wild} {when}: wilds are never claimed.")


def _check_rounds(state: BlendersState) -> None:
    """Each finished round scored what it claimed, its token went to a
    player who claimed the most, and the totals are the rounds' sums."""
    names, n = state.names, state.n
    for number, r in enumerate(state.rounds, start=1):
        when = f"in round {number}"
        _no_wild_claimed(r.claimed, names, when)
        cards = [c for cl in r.claimed for c in cl]
        refuse_if(len(set(cards)) != len(cards), f"A card is claimed twice {when}: each card is claimed once a round.")
        refuse_if(len(cards) > (n - 1) * HAND_SIZE[n], f"{len(cards)} cards are claimed {when}; its {HAND_SIZE[n]} "
                                                       f"tricks give at most {(n - 1) * HAND_SIZE[n]}.")
        for s in range(n):
            refuse_if(any(c not in r.claimed[s] for c in r.ignored[s]), f"{names[s]} ignores a card {when} they did "
                      "not claim in it.")
            refuse_if(r.gains[s] != _gains(r.claimed[s], r.ignored[s]), f"{names[s]}'s gains {when} are "
                      f"{list(r.gains[s])}, but their claimed cards give {list(_gains(r.claimed[s], r.ignored[s]))}.")
        most = max(len(cl) for cl in r.claimed)
        refuse_if(len(r.claimed[r.earner]) != most, f"{names[r.earner]} earned the token {when} with "
                  f"{len(r.claimed[r.earner])} card(s) claimed; the most claimed was {most}.")
    for s in range(n):
        summed = [sum(r.gains[s][suit] for r in state.rounds) for suit in range(3)]
        refuse_if(state.totals[s] != summed, f"{names[s]}'s totals are {state.totals[s]}, but the finished rounds add "
                                             f"up to {summed}.")


def _check_this_round(state: BlendersState, phase: Phase, size: int) -> None:
    """The cards claimed this round came from the tricks taken, the last as ``last_trick`` shows, its winner next."""
    names, n = state.names, state.n
    if phase is Phase.OVER:
        return  # the last round is scored: its claims are in 'rounds'
    _no_wild_claimed(state.claimed, names, "this round")
    played = len(state.trick_cards)
    taken = 0 if phase is Phase.PASS else size if phase is Phase.SPEND else \
        size - len(state.hands[state.leader]) - (1 if played else 0)
    claimed = sum(len(c) for c in state.claimed)
    refuse_if(claimed > (n - 1) * taken, f"{claimed} card(s) are claimed this round, but {taken} trick(s) taken give "
                                         f"at most {(n - 1) * taken}: every claimed card was won in a trick.")
    if taken == 0:
        refuse_if(state.last_trick is not None, "No trick is taken yet this round, so there is no 'last_trick'.")
        if state.rounds and state.leader != state.rounds[-1].earner:
            raise PositionError(f"{names[state.rounds[-1].earner]} earned the last round's token and leads this "
                                "round's first trick.")
        return
    if state.last_trick is None:
        return  # (optional while the play goes on: the round's last trick sets it)
    plays, winner, got = state.last_trick
    refuse_if(any(seat != (plays[0][0] + i) % n for i, (seat, _) in enumerate(plays)), "The last trick's plays go "
              "round to the left from its leader.")
    if phase is not Phase.SPEND and state.leader != winner:
        raise PositionError(f"{names[winner]} won the last trick and leads this one, not {names[state.leader]}.")
    cards = [c for _, c in plays]
    best = max(cards)
    others = [c for c in cards if c != best and not IS_WILD[c]]
    if IS_WILD[best]:
        rule, fits = "a wild's winner claims every non-wild card", sorted(got) == sorted(others)
    else:
        rule = "the winner claims their card and one other non-wild card, if any"
        fits = best in got and len(got) == 1 + min(1, len(others)) and all(c in others for c in got if c != best)
    refuse_if(len(set(got)) != len(got) or not fits, f"The last trick's claimed cards {list(got)} cannot be: {rule}.")
    refuse_if(any(c not in state.claimed[winner] for c in got), f"{names[winner]} claimed {list(got)} from the last "
              f"trick: they must be among {names[winner]}'s claimed cards.")
    elsewhere = {c for h in state.hands for c in h} | set(state.trick_cards) | \
        {c for s, cl in enumerate(state.claimed) for c in cl if s != winner or c not in got}
    stray = next((c for c in cards if c in elsewhere), None)
    refuse_if(stray is not None, f"Card {stray} was played to the last trick, so it is in no hand, trick or other "
              "claim.")


def describe_position(state: BlendersState) -> dict[str, Any]:
    names, last = state.names, state.last_trick
    out: dict[str, Any] = {
        "round": state.round, "decision": state.phase.value, "to_move": [names[s] for s in state.to_move()],
        "leader": names[state.leader], "hands": lists(state.hands), "trick": list(state.trick_cards),
        "aside": list(state.aside), "discard": list(state.discard), "last_trick": None if last is None else {
            "plays": [[names[s], c] for s, c in last[0]], "winner": names[last[1]], "claimed": list(last[2])},
        "claimed": lists(state.claimed), "ignored": lists(state.ignored), "received": lists(state.received),
        "totals": lists(state.totals), "tokens": list(state.tokens),
        "rounds": [{"gains": lists(r.gains), "ignored": lists(r.ignored), "claimed": lists(r.claimed),
                    "earner": names[r.earner]} for r in state.rounds],
    }
    if state.choices is not None:
        # In the order they chose: the passed cards are delivered in that order.
        chosen = {s: state.choices.own(s) for s in state.choices.chosen()}
        out["passed"] = {names[s]: [p.left, p.right] for s, p in chosen.items() if p is not None}
    if state.phase is Phase.SPEND:
        out["spenders"] = [names[d.seat] for d in state.decisions]
    return out
