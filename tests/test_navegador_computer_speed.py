"""What makes Navegador's computers fast must never change what they play:

* the fast copy (``simulate``) shares the other seats' sheets until the turn played with
  one turn left: through the end of real games, it gives the states of ``apply`` and
  never changes a state before it;
* ``evaluate`` remembers the other seats' values from one position to the next: in the
  positions a computer weighs, every value it gives is the one worked out afresh.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from rules import get_game
from rules.fuzz import random_game
from rules.navegador import computer
from rules.navegador.computer import Board, evaluate, seat_value, turns_left
from rules.navegador.data import load_data
from rules.navegador.moves import Done, Skip
from tests.fast_path import walk_both_ways

GAME = get_game("navegador")


@cache
def end_game(players: int, seed: int) -> list[Any]:
    """The states of a random game from the moment its end is triggered."""
    states = [s for s, *_ in random_game(GAME, players, seed, policy="explorer")]
    return [s for s in states if s.final_turns_left is not None or s.step in ("king", "over")]


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_the_fast_copy_gives_the_states_of_apply_to_the_end(players: int, seed: int) -> None:
    states = end_game(players, seed)
    assert states and states[-1].step == "over", "the game reached its final scoring"
    end = walk_both_ways(GAME, states[0], random.Random(seed), 10_000,
                         every_earlier_state=True)
    assert end.step == "over"


def fresh_evaluate(state: Any, seat: int) -> float:
    """``evaluate`` as it was written before it remembered anything."""
    board = Board(state)
    values = [seat_value(board, s, turns_left(state, seat if state.final_turns_left is None
                                              else s, board.rows_left))
              for s in range(state.players)]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_remembered_values_are_the_values_worked_out_afresh(players: int, seed: int) -> None:
    """Positions as a computer weighs them: from states along a game (its end included),
    chains of simulated moves by the seat to act, each judged by every seat."""
    states = [s for s, *_ in random_game(GAME, players, seed, policy="explorer")]
    rng = random.Random(seed)
    computer._OTHERS.clear()
    checked = 0
    for state in states[:: max(1, len(states) // 40)] + end_game(players, seed)[::3]:
        acting = GAME.to_act(state)
        if not acting:
            continue
        seat = acting[0]
        here = state
        for _ in range(6):
            moves = GAME.candidates(here, seat)
            if not moves:
                break
            for move in rng.sample(moves, min(4, len(moves))):
                after = GAME.simulate(here, seat, move)
                for judge in range(players):
                    assert evaluate(after, judge) == fresh_evaluate(after, judge)
                    checked += 1
            here = GAME.simulate(here, seat, rng.choice(moves))
            if seat not in GAME.to_act(here):
                break
    assert checked > 500
    assert computer._OTHERS, "the values were remembered"


def test_the_last_turn_copies_every_sheet_the_final_scoring_changes() -> None:
    """Given the last turn, and a seat other than the mover with every privilege slot
    full (the final scoring marks its King's privilege lost on its sheet), when the mover
    ends the turn on the fast path, then the state before is untouched and the state
    after is ``apply``'s."""
    slots = load_data().privilege_rules.slots_per_column
    last = next(s for s in end_game(3, 12) if s.final_turns_left == 1 and s.step == "start")
    full = (last.current + 1) % last.players
    last = GAME.load(GAME.dump(last))
    last.sheets[full].privileges = {key: slots for key in last.sheets[full].privileges}
    last.sheets[full].king = None
    rng = random.Random(5)
    pure = fast = last
    seen = [(last, GAME.dump(last))]
    while pure.step not in ("king", "over"):
        moves = GAME.legal_moves(pure, pure.current)
        ending = [m for m in moves if isinstance(m, (Skip, Done))]
        move = rng.choice(ending or moves)
        pure = GAME.apply(pure, pure.current, move)[0]
        fast = GAME.simulate(fast, fast.current, move)
        assert GAME.dump(fast) == GAME.dump(pure)
        for state, dump in seen:
            assert GAME.dump(state) == dump, "simulate changed a state before"
        seen.append((fast, GAME.dump(fast)))
    assert fast.sheets[full].king_done, "the full seat's King's privilege was lost"
    assert not last.sheets[full].king_done


def test_a_remembered_value_sees_the_regions_its_ships_are_in_change() -> None:
    """Given another seat's ships standing in a face-up region with colonies to found,
    when that region's tokens run out or it is face down, then that seat's value is worked
    out again (its fleet no longer stands by colonies there)."""
    for state, *_ in random_game(GAME, 3, 31, policy="explorer"):
        if not GAME.to_act(state):
            continue
        mover = GAME.to_act(state)[0]
        found = [(s, region) for s in range(state.players) if s != mover
                 for region, ships in state.sheets[s].ships.items()
                 if ships and state.regions[region].revealed and state.regions[region].tokens]
        if found:
            break
    else:
        pytest.fail("no seat's ships stood by a face-up colony")
    other, region = found[0]
    computer._OTHERS.clear()
    assert evaluate(state, mover) == fresh_evaluate(state, mover)   # remembered now
    emptied = computer.copy_state(state, mover=mover, regions=frozenset({region}))
    emptied.regions[region].tokens = []
    hidden = computer.copy_state(state, mover=mover, regions=frozenset({region}))
    hidden.regions[region].revealed = False
    for changed in (emptied, hidden):
        assert changed.sheets[other] is state.sheets[other]     # the very same sheet
        assert evaluate(changed, mover) == fresh_evaluate(changed, mover)
        assert evaluate(changed, mover) != evaluate(state, mover)
