"""The public view keeps one round of turn records (for the picture's arrows and log), the
owner of every colony, and one turn numbering (turn and round) shared with the summary."""

from __future__ import annotations

import json

import pytest

from rules import get_game
from rules.fuzz import random_game
from rules.navegador.data import load_data
from rules.navegador.view import round_of

GAME = get_game("navegador")


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 1), (5, 2)])
def test_the_view_keeps_at_most_one_round_of_turn_records(players, seed):
    biggest = 0
    for state, *_ in random_game(GAME, players, seed, policy="explorer"):
        view = GAME.view(state)
        turns = view.turns
        assert len(turns) <= players
        assert len(state.recent) <= players - 1
        biggest = max(biggest, len(turns))
        if turns:
            assert turns[-1] == view.last
            assert all(t.seat is not None for t in turns)
            numbers = [t.turn for t in turns]
            assert numbers == sorted(numbers)
            assert numbers[-1] - numbers[0] <= players   # never more than a round back
        json.dumps(state.model_dump())                    # still plain JSON
    assert biggest == players


def test_turn_records_follow_the_turns_in_order_with_legs_and_explorations():
    seen = {}
    finished = {}
    for state, *_ in random_game(GAME, 3, 7, policy="explorer"):
        for record in GAME.view(state).turns:
            key = (record.turn, record.seat)
            if key in finished:
                assert record == finished[key], "a finished turn's record never changes"
            elif record.turn < state.turn:
                finished[key] = record
            seen[key] = record
    sails = [r for r in seen.values() if r.legs or r.card_legs]
    assert sails and any(r.explored for r in seen.values())
    turns = sorted(seen)
    assert [t for t, _ in turns] == sorted(t for t, _ in turns)


def test_the_same_moves_give_the_same_records():
    a = [GAME.view(s).turns for s, *_ in random_game(GAME, 4, 9)][-1]
    b = [GAME.view(s).turns for s, *_ in random_game(GAME, 4, 9)][-1]
    assert a == b and len(a) == 4


def test_every_colony_on_the_map_names_its_owner():
    data = load_data()
    state = [s for s, *_ in random_game(GAME, 4, 5, policy="explorer")][-1]
    view = GAME.view(state)
    founded = 0
    for region in view.regions:
        info = data.region(region.id)
        assert region.stack + len(region.colonists) == info.stack
        founded += len(region.colonists)
        for seat in region.colonists:
            assert 0 <= seat < 4
    assert founded == sum(sum(p.colonies.values()) for p in view.sheets) > 0
    for seat, sheet in enumerate(view.sheets):
        owned = sum(r.colonists.count(seat) for r in view.regions)
        assert owned == sum(sheet.colonies.values())


def test_turns_and_rounds_are_counted_one_way_in_the_view_and_the_summary():
    assert [round_of(t, 3) for t in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    states = [s for s, *_ in random_game(GAME, 3, 4)]
    state = states[40]
    view = GAME.view(state)
    assert view.round == (view.turn - 1) // 3 + 1
    first = GAME.summary(state).splitlines()[0]
    assert f"turn {view.turn} (round {view.round})" in first
