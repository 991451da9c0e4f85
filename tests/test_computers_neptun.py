"""Neptun's computer players: the fast path, what the evaluation reads, and a few games."""

from __future__ import annotations

import random

import pytest

from rules import arena
from rules.neptun import computer
from rules.neptun.moves import Flip, Sail
from rules.policy import computer as computer_for
from rules.registry import get_game

GAME = get_game("neptun")


def random_walk(players: int, seed: int):
    """(state, seat to act) along a random game."""
    rng = random.Random(seed)
    state = GAME.setup(players, seed)
    while acting := GAME.to_act(state):
        seat = rng.choice(acting)
        yield state, seat
        move = rng.choice(GAME.legal_moves(state, seat))
        state = GAME.apply(state, seat, move)[0]


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2), (5, 3)])
def test_simulate_gives_the_states_of_apply(players: int, seed: int) -> None:
    rng = random.Random(seed)
    for state, seat in random_walk(players, seed):
        before = GAME.dump(state)
        for move in rng.sample(GAME.legal_moves(state, seat),
                               min(3, len(GAME.legal_moves(state, seat)))):
            assert GAME.dump(GAME.simulate(state, seat, move)) == \
                GAME.dump(GAME.apply(state, seat, move)[0])
        assert GAME.dump(state) == before, "simulate changed the state it was given"


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5), (5, 6)])
def test_the_evaluation_reads_only_what_the_seat_may_see(players: int, seed: int) -> None:
    """Dealing every hidden value afresh (other hands, secret choices, decks, face-down
    contracts) never changes how a seat judges the table."""
    rng = random.Random(seed)
    for ply, (state, _) in enumerate(random_walk(players, seed)):
        if ply % 3:
            continue
        for seat in range(players):
            twin = GAME.determinize(state, seat, rng)
            assert computer.evaluate(twin, seat) == pytest.approx(
                computer.evaluate(state, seat))


def test_paying_to_sail_is_only_for_a_contract() -> None:
    for state, seat in random_walk(3, 7):
        if state.phase != "sail" or state.stage != "sail":
            continue
        ports = {s.city.split("-")[0] for s in state.seats[seat].chart
                 if s and s.status == "open"}
        for move in GAME.candidates(state, seat):
            if isinstance(move, Sail) and move.pay:
                assert move.dest in ports


def test_a_turned_over_contract_is_part_of_the_turn() -> None:
    state = GAME.setup(3, 11)
    seat = GAME.to_act(state)[0]
    assert not GAME.turn_continues(state, seat)
    after = GAME.apply(state, seat, Flip())[0]
    assert GAME.turn_continues(after, seat)


def test_normal_fulfils_most_of_its_contracts() -> None:
    """Over a two-player game against itself, 'normal' fulfils at least 3 contracts in 5."""
    policy = computer_for(GAME, "normal")
    state = GAME.setup(2, 3)
    fulfilled = 0
    ply = 0
    while acting := GAME.to_act(state):
        seat = acting[0]
        move = policy.choose(GAME, state, seat, random.Random(f"3:{ply}"))
        state, events = GAME.apply(state, seat, move)
        fulfilled += sum(1 for e in events if e.kind == "deliver")
        ply += 1
    assert fulfilled >= 0.6 * 2 * 3 * 5


def test_normal_beats_easy() -> None:
    records = arena.run("neptun", ["normal", "easy"], games=12, seed=1, jobs=1)
    wins = sum(s.won for r in records for s in r.seats if s.label == "normal")
    assert wins >= 9


def test_strong_beats_easy_in_a_short_game() -> None:
    records = arena.run("neptun", ["strong", "easy"], games=2, seed=2, budget=120, jobs=1)
    wins = sum(s.won for r in records for s in r.seats if s.label == "strong")
    assert wins == 2
