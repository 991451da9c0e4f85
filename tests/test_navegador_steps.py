"""A whole typed turn is its steps: applying ``Turn.steps`` one at a time gives exactly the
state and events of applying the Turn, and every step is a legal move where it stands.

The table service relies on this to commit a compound move up to a step that revealed
hidden information (a face-down colony stack) and refuse only the rest. And a refusal of
a whole turn never quotes a quantity that depends on a stack still face down when the move
began: two tables that differ only in face-down values refuse alike.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.fuzz import random_game
from rules.navegador.data import load_data
from rules.navegador.moves import CardSail, Leg, Rondel, Turn
from tests.navegador_helpers import A, G, explore_all, put_ships, ready, table


@cache
def turn_starts() -> list:
    """States at the start of someone's turn, from random games that reach phases II-III."""
    states = []
    for seed, players in ((21, 2), (22, 3), (23, 4), (24, 5), (25, 3)):
        for n, (state, _, _, _) in enumerate(random_game(G, players, seed, policy="explorer")):
            if state.step == "start" and n % 7 == 0:
                states.append(state)
    return states


def random_whole_turn(state, rng: random.Random) -> tuple[int, list]:
    """The current player's whole turn, chosen step by step from the legal moves; the card
    and sail legs are preferred so card explorations followed by an action come up often."""
    seat, start = state.current, state.turn
    steps: list = []
    while seat in G.to_act(state) and state.turn == start and state.step not in ("king", "over"):
        moves = G.legal_moves(state, seat)
        keen = [m for m in moves if isinstance(m, (CardSail, Leg))]
        move = rng.choice(keen if keen and rng.random() < 0.6 else moves)
        steps.append(move)
        state, _ = G.apply(state, seat, move)
    return seat, steps


def apply_one_by_one(state, seat, steps):
    events = []
    for step in steps:
        assert step in G.legal_moves(state, seat) or _accepted(state, seat, step), step
        state, more = G.apply(state, seat, step)
        events += more
    return state, events


def _accepted(state, seat, step) -> bool:
    G.apply(state, seat, step)
    return True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32))
def test_a_whole_turn_equals_its_steps_applied_one_by_one(index, seed):
    states = turn_starts()
    state = states[index % len(states)]
    seat, steps = random_whole_turn(state, random.Random(seed))
    turn = Turn(steps=tuple(steps))
    parsed = G.parse(state, seat, str(turn))
    assert parsed == (turn if len(steps) > 1 else steps[0]), str(turn)
    whole, whole_events = G.apply(state, seat, parsed)
    stepwise, step_events = state, []
    for step in steps:
        assert step in G.legal_moves(stepwise, seat), (str(turn), str(step))
        stepwise, more = G.apply(stepwise, seat, step)
        step_events += more
    assert G.dump(whole) == G.dump(stepwise)
    assert whole_events == step_events


TWEAKS = [" x2", " x3", "; workers 9", "; ships 7", "; build church+shipyard", ", POR>GUI",
          "; colony BAH x2", "; market sell gold", "; privilege church", " pay POR"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32),
       cut=st.integers(min_value=0, max_value=6), tweak=st.sampled_from(TWEAKS))
def test_a_refused_whole_turn_fails_at_the_same_step_with_the_same_sentence(
        index, seed, cut, tweak):
    states = turn_starts()
    state = states[index % len(states)]
    seat, steps = random_whole_turn(state, random.Random(seed))
    text = str(Turn(steps=tuple(steps[:cut + 1]))) + tweak
    try:
        move = G.parse(state, seat, text)
    except RulesError:
        return
    parts = move.steps if isinstance(move, Turn) else (move,)
    try:
        G.apply(state, seat, move)
        whole_error = None
    except RulesError as error:
        whole_error = str(error)
    stepwise, step_error, revealed = state, None, False
    for step in parts:
        try:
            stepwise, events = G.apply(stepwise, seat, step)
        except RulesError as error:
            step_error = str(error)
            break
        revealed = revealed or any(e.reveals for e in events)
    assert (whole_error is None) == (step_error is None)
    if revealed and whole_error:
        # once a stack is face up the next step may quote the new cash; the whole move not
        assert whole_error == step_error or not re.search(r"you have \d+ Cr", whole_error)
    else:
        assert whole_error == step_error


def test_card_sail_with_no_legs_round_trips():
    s = ready(put_ships(table(), A, POR=2), A, "workers")
    s.card.holder, s.card.mark, s.card.steps = A, s.sheets[A].stone, 0
    steps = []
    for text in ("card", "done", "workers", "workers 1"):
        move = G.parse(s, A, text)
        steps.append(move)
        s_next, _ = G.apply(s, A, move)
        s = s_next
    turn = Turn(steps=tuple(steps))
    start = ready(put_ships(table(), A, POR=2), A, "workers")
    start.card.holder, start.card.mark, start.card.steps = A, start.sheets[A].stone, 0
    assert G.parse(start, A, str(turn)) == turn


# --- Hidden information in refusals ------------------------------------------------------


def twins(state):
    """The same table twice, differing only in the values of face-down colony stacks."""
    data = load_data()
    other = G.load(G.dump(state))
    rng = random.Random(7)
    for good in ("sugar", "gold", "spice"):
        down = [rid for rid, sea in other.regions.items()
                if not sea.revealed and sea.tokens and data.region(rid).good == good]
        seen = {v for sea in other.regions.values() for v in sea.tokens}
        seen |= {v for sheet in other.sheets for v in sheet.colonies[good]}
        spare = [v for v in data.colonies.values(good) if v not in seen]
        pool = [v for rid in down for v in other.regions[rid].tokens] + spare
        rng.shuffle(pool)
        for rid in down:
            n = len(other.regions[rid].tokens)
            other.regions[rid].tokens, pool = sorted(pool[:n], reverse=True), pool[n:]
    for seat in [None, *range(state.players)]:
        assert G.view(state, seat) == G.view(other, seat)
    return state, other


def card_table():
    s = table(seed=3)
    explore_all(s, "GUI")
    s = ready(put_ships(s, A, POR=3, GUI=2), A, "workers")
    s.card.holder, s.card.mark, s.card.steps = A, s.sheets[A].stone, 0
    return s


@pytest.mark.parametrize("typed", [
    "card POR>BAH x2; ships 7",
    "card POR>BAH x2; workers 9",
    "card POR>BAH x3; workers 5 pay BAH",
    "card POR>BAH x2; build church+shipyard",
])
def test_a_refusal_after_an_exploration_never_quotes_the_new_cash(typed):
    first, second = twins(card_table())
    first.regions["BAH"].tokens = [40, 50, 60, 70]
    second.regions["BAH"].tokens = [50, 80, 90, 120]
    messages = []
    for state in (first, second):
        with pytest.raises(RulesError) as error:
            G.play(state, A, typed)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    for cash in (240, 250):
        assert f"{cash} Cr" not in messages[0], messages[0]


def test_colony_prices_revealed_in_the_same_move_are_not_quoted():
    first, second = twins(card_table())
    for state, tokens in ((first, [40, 50, 60, 70]), (second, [60, 80, 90, 120])):
        state.regions["BAH"].tokens = tokens
        state.sheets[A].cash, state.sheets[A].workers = 0, 9
        state.sheets[A].stone = 3               # one step before Colony
    messages = []
    for state in (first, second):
        with pytest.raises(RulesError) as error:
            G.play(state, A, "card POR>BAH x3; colony BAH x2")
        messages.append(str(error.value))
    assert messages[0] == messages[1], messages


def test_the_same_refusal_quotes_cash_once_the_stack_was_face_up_before_the_move():
    s = card_table()
    s, _ = G.play(s, A, "card POR>BAH x2")     # the exploration is now public
    with pytest.raises(RulesError, match=f"you have {s.sheets[A].cash} Cr"):
        G.play(s, A, "ships 7")


def test_autocomplete_never_prices_a_face_down_colony():
    s = card_table()
    move = G.parse(s, A, "card POR>BAH x3; colony BAH")
    text = G.describe(s, A, move)
    hidden = sorted(s.regions["BAH"].tokens)[0]
    assert f"{hidden} Cr" not in text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32),
       cut=st.integers(min_value=0, max_value=6), tweak=st.sampled_from(TWEAKS))
def test_tables_differing_only_in_face_down_values_refuse_alike(index, seed, cut, tweak):
    states = turn_starts()
    first, second = twins(states[index % len(states)])
    seat, steps = random_whole_turn(first, random.Random(seed))
    text = str(Turn(steps=tuple(steps[:cut + 1]))) + tweak
    messages = []
    for state in (first, second):
        try:
            G.play(state, seat, text)
            messages.append(None)
        except RulesError as error:
            messages.append(str(error))
    if None not in messages:
        assert messages[0] == messages[1], text


def explore_then_act(state, rng: random.Random) -> tuple[int, str]:
    """A turn that explores if it can (card sail or Sail action) and then types an action
    with random amounts: the refusals that could quote an exploration reward."""
    seat, start, steps = state.current, state.turn, []
    while seat in G.to_act(state) and state.turn == start and state.step not in ("action", "king"):
        moves = G.legal_moves(state, seat)
        weights = [20.0 if isinstance(m, CardSail) else
                   30.0 if isinstance(m, Leg) and state.regions[m.paths[0].dest].explorer else
                   1.0 for m in moves]
        move = rng.choices(moves, weights)[0]
        steps.append(move)
        state, _ = G.apply(state, seat, move)
    text = str(Turn(steps=tuple(steps)))
    if state.step != "action" or state.turn != start:
        return seat, text
    action = state.sheets[seat].stone
    kind = load_data().rondel[action].action
    regions = [r.id for r in load_data().regions if r.good]
    typed = {
        "workers": f"workers {rng.randint(1, 12)}",
        "ships": f"ships {rng.randint(1, 12)}",
        "build": "build " + "+".join(rng.choices(["sugar", "gold", "spice", "shipyard",
                                                  "church"], k=rng.randint(1, 3))),
        "colony": "colony " + ", ".join(rng.choices(regions, k=rng.randint(1, 3))),
        "market": rng.choice(["market sell gold", "market process sugar", "market sell spice"]),
        "privilege": rng.choice(["privilege church", "privilege explorer"]),
    }[kind]
    return seat, f"{text}; {typed}"


def can_explore(state) -> bool:
    seat = state.current
    for first in G.legal_moves(state, seat):
        if isinstance(first, CardSail) or (isinstance(first, Rondel) and not first.pay
                                           and first.key == "sail"):
            after, _ = G.apply(state, seat, first)
            if any(isinstance(m, Leg) and after.regions[m.paths[0].dest].explorer
                   for m in G.legal_moves(after, seat)):
                return True
    return False


@cache
def exploring_starts() -> list:
    """Turn starts where the player can explore, half of them holding a fresh card."""
    states = []
    for seed, players in ((31, 2), (32, 3), (33, 4), (34, 5)):
        for policy in ("uniform", "explorer"):
            for n, (state, _, _, _) in enumerate(random_game(G, players, seed, policy=policy)):
                if state.step != "start" or n % 5 or not all(state.first_turn_done):
                    continue
                if n % 2:
                    state = G.load(G.dump(state))
                    stone = state.sheets[state.current].stone
                    state.card.holder, state.card.mark, state.card.steps = state.current, stone, 0
                if can_explore(state):
                    states.append(state)
    return states


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32))
def test_twin_tables_refuse_an_exploring_turn_alike(index, seed):
    states = exploring_starts()
    first, second = twins(states[index % len(states)])
    seat, text = explore_then_act(first, random.Random(seed))
    messages = []
    for state in (first, second):
        try:
            G.play(state, seat, text)
            messages.append(None)
        except RulesError as error:
            messages.append(str(error))
    if None not in messages:
        assert messages[0] == messages[1], text

