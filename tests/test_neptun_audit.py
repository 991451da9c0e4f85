"""What an audit of Neptun against the spec and the seed found, one test per finding: given a
table, when a player acts (or looks), then what the seed, a player or an opponent checks.

Each test is named after the rule or the channel it guards; docs/neptun.md has the
readings. Seats are 0-based; P1.. are seat + 1.
"""

from __future__ import annotations

import random

from neptun_helpers import GAME, finish_draft, new

from rules.neptun import hidden
from rules.neptun.moves import Oar
from rules.neptun.state import NeptunState

# Hidden information -------------------------------------------------------------------


def chose_a_starting_card() -> tuple[NeptunState, int]:
    """Sailing turn 1: the first seat in turn order has chosen its 5/0 starting card in
    secret; the others are still choosing."""
    state = finish_draft(new(4, seed=2))
    seat = state.order[0]
    hand = state.seats[seat].hand
    start = next(i for i, c in enumerate(hand) if c.start and c.power == 5) + 1
    state = GAME.apply(state, seat, Oar(index=start))[0]
    assert state.seats[seat].choice is not None and state.seats[seat].choice.start
    return state, seat


def test_a_twin_may_have_chosen_a_drafted_card_where_the_table_chose_a_starting_card():
    """Given a seat chose one of its starting cards in secret, when twins are dealt for a
    spectator (or another seat), then some twin has it choose a drafted card instead:
    which card it chose — a starting one or not — is as hidden as its value."""
    state, seat = chose_a_starting_card()
    rng = random.Random(1)
    for viewer in (None, state.order[1]):
        twins = [hidden.determinize(state, viewer, rng) for _ in range(40)]
        assert any(not t.seats[seat].choice.start for t in twins)
        for twin in twins:
            mine = twin.seats[seat]
            held = [*mine.hand, mine.choice]
            # still the two starting cards it holds, still as many cards, still chosen
            assert sorted(c.value for c in held if c.start) == ["3/+1", "5/0"]
            assert len(mine.hand) == len(state.seats[seat].hand)
            assert GAME.view(twin, viewer) == GAME.view(state, viewer)


def test_the_chooser_keeps_its_own_choice_in_its_own_twins():
    state, seat = chose_a_starting_card()
    rng = random.Random(2)
    for _ in range(20):
        twin = hidden.determinize(state, seat, rng)
        assert twin.seats[seat].choice == state.seats[seat].choice
        assert twin.seats[seat].hand == state.seats[seat].hand


def test_the_reveal_shows_which_card_is_a_starting_card():
    """Starting cards are printed in the player's colour (seed, setup 4): when the cards
    are turned over everyone sees which one is a starting card — the public view and the
    reveal say so, as the open extra-turn card already does."""
    state, seat = chose_a_starting_card()
    events = []
    for other in list(GAME.to_act(state)):
        hand = state.seats[other].hand
        drafted = next(i for i, c in enumerate(hand) if not c.start) + 1
        state, events = GAME.apply(state, other, Oar(index=drafted))
    reveal = next(e for e in events if e.kind == "reveal")
    assert f"seat {seat + 1} 5/0 start" in reveal.text
    sheet = GAME.view(state).sheets[seat]
    assert sheet.revealed == "5/0 start"
    drafted_sheet = GAME.view(state).sheets[state.order[1]]
    assert drafted_sheet.revealed is not None and "start" not in drafted_sheet.revealed

