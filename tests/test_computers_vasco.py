"""Vasco da Gama's own computers (the generic checks of every game are in
tests/test_computers.py):

* the fast path (``computer.simulate``, a hand-made copy then the rules code) gives the
  very states ``apply`` gives, along games between computers and for every legal move;
* a determinisation deals stacks that differ only in hidden order alike;
* the 'normal' computer never plays a pointless move (hiring nobody, a second slot of an
  area, a ship to a lower slot than it may take) and passes rather than pay more than
  an action is worth;
* the evaluation of a finished game is its final margin;
* 'normal' beats 'easy' in a handful of seeded games.
"""

from __future__ import annotations

import random

import pytest

from rules import get_game
from rules.arena import run
from rules.policy import computer
from rules.vasco.board import empty_open_slots
from rules.vasco.data import load_data
from rules.vasco.moves import Hire, Place, Send

G = get_game("vasco")


def _game(seed: int, levels: tuple[str, ...]) -> list[tuple[object, int, object]]:
    """(state, seat, move) along one game between these computer levels."""
    policies = [computer(G, level, budget=150) for level in levels]
    state = G.setup(len(levels), seed)
    out = []
    ply = 0
    while (acting := G.to_act(state)):
        seat = acting[0]
        move = policies[seat].choose(G, state, seat, random.Random(f"{seed}:{ply}"))
        out.append((state, seat, move))
        state, _ = G.apply(state, seat, move)
        ply += 1
    out.append((state, -1, None))
    return out


@pytest.mark.parametrize("seed,levels", [(1, ("normal", "easy")),
                                         (2, ("easy", "normal", "easy"))])
def test_simulate_gives_the_states_of_apply(seed: int, levels: tuple[str, ...]) -> None:
    rng = random.Random(seed)
    for state, seat, move in _game(seed, levels)[:-1]:
        before = G.dump(state)
        moves = G.legal_moves(state, seat)
        for other in [move, *rng.sample(moves, min(3, len(moves)))]:
            assert G.dump(G.simulate(state, seat, other)) == G.dump(G.apply(state, seat,
                                                                            other)[0])
        assert G.dump(state) == before, "simulate changed its input"


def test_a_hidden_order_deals_alike() -> None:
    state = _game(3, ("easy", "easy"))[20][0]
    twin = state.model_copy(deep=True)
    for tiles in twin.stacks.values():
        tiles.reverse()
    twin.vdg_stack.reverse()
    a = G.determinize(state, 0, random.Random(5))
    b = G.determinize(twin, 0, random.Random(5))
    assert G.dump(a) == G.dump(b)


def test_normal_plays_no_pointless_move() -> None:
    data = load_data()
    for seed in (4, 5):
        for state, _seat, move in _game(seed, ("normal", "normal"))[:-1]:
            if isinstance(move, Hire):
                assert move.sailors or move.captain, "hired nobody"
            if isinstance(move, Place):
                first = min(s for a, s in empty_open_slots(state) if a == move.area)
                assert move.slot == first
            if isinstance(move, Send):
                info = data.landing_of[move.landing]
                strength = data.tiles[move.ship].strength
                value = info.slots[move.slot - 1]
                assert not any(state.landings[move.landing][j] is None and value < v
                               <= strength and (j + 1 not in info.arrows or strength >= 4)
                               for j, v in enumerate(info.slots)), str(move)


def test_the_end_is_judged_by_the_final_margin() -> None:
    final = _game(6, ("normal", "easy"))[-1][0]
    result = G.result(final)
    assert result is not None
    for seat in (0, 1):
        assert G.evaluate(final, seat) == result.scores[seat] - result.scores[1 - seat]


def test_normal_beats_easy() -> None:
    records = run("vasco", ["normal", "easy"], games=4, seed=11, jobs=1)
    assert sum(s.won for r in records for s in r.seats if s.label == "normal") >= 4
