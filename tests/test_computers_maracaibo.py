"""Maracaibo's own computers (``rules/maracaibo/computer.py``); the generic checks of every
game are in ``test_computers.py``.

* the fast path: ``simulate`` equals ``apply`` along seeded games of the greedy player
  (its side branches too), and the state copy shares nothing mutable;
* the evaluation reads no other seat's secrets: states differing only in what the seat
  cannot see evaluate alike;
* candidates: never empty, always legal; the 70 ways to keep 4 of 8 cut to a few;
* the normal computer never ends a turn at a village with nothing done (taking a
  doubloon is always better), and beats the easy one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from rules import get_game
from rules.arena import run
from rules.maracaibo import computer
from rules.maracaibo.data import load_data
from rules.maracaibo.moves import Done, Keep
from rules.maracaibo.scoring import breakdown, lead_vp
from rules.maracaibo.state import MaracaiboState
from rules.policy import computer as make_computer

game = get_game("maracaibo")


def played(players: int, seed: int, level: str = "normal",
           most: int = 2000) -> list[tuple[MaracaiboState, int, Any]]:
    """(state, seat, move) along a game between computers of ``level``."""
    policy = make_computer(game, level, budget=60)
    state = game.setup(players, seed)
    out = []
    for ply in range(most):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        move = policy.choose(game, state, seat, random.Random(f"{seed}:{ply}"))
        out.append((state, seat, move))
        state = game.apply(state, seat, move)[0]
    return out


@pytest.fixture(scope="module")
def normal_game() -> list[tuple[MaracaiboState, int, Any]]:
    return played(2, 7)


@pytest.fixture(scope="module")
def walk(normal_game: list) -> list[tuple[MaracaiboState, int, Any]]:
    return normal_game + played(3, 8, level="easy")


def test_simulate_gives_the_states_of_apply(walk: list) -> None:
    rng = random.Random(3)
    for state, seat, move in walk:
        before = game.dump(state)
        assert game.dump(game.simulate(state, seat, move)) == \
            game.dump(game.apply(state, seat, move)[0])
        for other in rng.sample(game.legal_moves(state, seat), 1):
            assert game.dump(game.simulate(state, seat, other)) == \
                game.dump(game.apply(state, seat, other)[0])
        assert game.dump(state) == before, "simulate changed its input"


def _shared(a: Any, b: Any, path: str) -> list[str]:
    mutable = isinstance(a, (list, dict)) or (
        isinstance(a, BaseModel) and not a.model_config.get("frozen"))
    if not mutable:
        return []
    out = [path] if a is b else []
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += _shared(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            out += _shared(a[k], b[k], f"{path}.{k}")
    else:
        for k, v in a.__dict__.items():
            out += _shared(v, b.__dict__[k], f"{path}.{k}")
    return out


def test_the_state_copy_shares_nothing_mutable(walk: list) -> None:
    for state, _, _ in walk[::5]:
        assert _shared(state, computer.copy_state(state), "state") == []


def test_the_evaluation_starts_from_the_standings(walk: list) -> None:
    for state, _, _ in walk[::4]:
        leads = lead_vp(state)
        for seat, parts in enumerate(breakdown(state)):
            assert computer.scored_now(state, seat, leads[seat]) == \
                parts["total"] - parts["nations"]


@pytest.mark.parametrize("evaluation", [computer.evaluate, computer.leaf_evaluate],
                         ids=["evaluate", "leaf_evaluate"])
def test_the_evaluation_reads_no_secret_of_other_seats(walk: list, evaluation: Any) -> None:
    for state, seat, _ in walk[::3]:
        twins = [game.determinize(state, seat, random.Random(k)) for k in range(3)]
        values = {round(evaluation(t, seat), 9) for t in [state, *twins]}
        assert len(values) == 1


def test_candidates_are_legal_and_never_empty(walk: list) -> None:
    for state, seat, _ in walk[::2]:
        legal = game.legal_moves(state, seat)
        kept = game.candidates(state, seat)
        assert kept and all(m in legal for m in kept)


def test_a_few_good_hands_are_kept_at_setup() -> None:
    state = game.setup(2, 4)
    keeps = [m for m in game.candidates(state, 0) if isinstance(m, Keep)]
    assert len(keeps) == computer.KEEPS


def test_normal_never_ends_a_turn_at_a_village_with_nothing_done(normal_game: list) -> None:
    data = load_data()
    for state, seat, move in normal_game:
        if isinstance(move, Done) and state.step == "main" and not state.t.main:
            assert data.loc[state.seats[seat].ship].kind != "village"


def test_normal_beats_easy() -> None:
    records = run("maracaibo", ["normal", "easy"], games=2, seed=21, jobs=1)
    assert all(s.won for r in records for s in r.seats if s.label == "normal")


def rollout_end(state: MaracaiboState, seat: int, to_the_end: bool = False
                ) -> MaracaiboState:
    """Where one strong rollout of the planner's best turn from ``state`` stops (the state
    it is valued at)."""
    from rules.greedy import Greedy
    from rules.maracaibo.search import VoyageSearch
    from rules.policy import Budget, Simulator

    ends: list[MaracaiboState] = []

    class Probe(VoyageSearch):
        def value(self, game: Any, state: Any, seat: int) -> float:
            ends.append(state)
            return super().value(game, state, seat)

    search = Probe(horizon=3, player=Greedy(beam=1, depth=6))
    plan = Greedy(beam=1).plans(game, state, seat, random.Random(1))[0]
    search.rollout(game, state, seat, plan, Simulator(game, Budget()), random.Random(1),
                   to_the_end=to_the_end)
    return ends[0]


def test_strong_rollouts_play_whole_turns_of_both_seats(normal_game: list) -> None:
    """A draw of phase C is a framework 'turn' of its own: the strong search counts turn
    starts instead, so its rollouts see the other seat's whole turn and the seat's next."""
    from rules.maracaibo.search import turn_starts

    for state, seat, _ in normal_game[20:120:25]:
        if state.step != "main":
            continue
        end = rollout_end(state, seat)
        # three turns started after the seat's: the other's, its own next, the other's
        assert end.step == "over" or (turn_starts(end) and end.turn >= state.turn + 3)


def test_strong_plays_to_the_final_scoring_near_the_end(normal_game: list) -> None:
    """In the last round's second half the evaluation's guesses about the final scoring
    are weakest: strong's rollouts there play on to the end and score the real result
    (the horizon's turn count no longer stops them)."""
    from rules.search import WIN, Search

    late = [(s, seat) for s, seat, _ in normal_game
            if computer.near_the_end(s) and s.step == "main"]
    early = [(s, seat) for s, seat, _ in normal_game
             if not computer.near_the_end(s) and s.step == "main"]
    assert late and early
    assert computer.strong().to_the_end is computer.near_the_end
    for state, seat in late[:3]:
        end = rollout_end(state, seat, to_the_end=True)
        assert end.step == "over"
        assert Search.value(game, end, seat) == game.evaluate(end, seat) + (
            WIN if game.result(end).ranking[0] == seat else -WIN)
    # from the game's start the same rollout stops after three turn starts
    state, seat = early[5]
    assert rollout_end(state, seat).step != "over"


def test_the_evaluation_is_the_sum_of_its_parts(walk: list) -> None:
    """The strong computer's leaf evaluation weighs the parts ``seat_terms`` gives: with
    every weight 1 it is the normal computer's evaluation."""
    ones = (1.0,) * len(computer.TERMS)
    for state, seat, _ in walk[::4]:
        assert computer._margin(state, seat, ones) == pytest.approx(
            game.evaluate(state, seat), abs=1e-9)


def test_the_leaf_weights_are_read_from_data_and_blend_between_knots() -> None:
    knots, table = computer._leaf_table()
    assert len(knots) >= 2 and all(len(row) == len(computer.TERMS) for row in table)
    assert computer.leaf_weights(knots[0]) == table[0]
    assert computer.leaf_weights(knots[0] - 0.5) == table[0]
    assert computer.leaf_weights(knots[-1] + 1) == table[-1]
    middle = (knots[0] + knots[1]) / 2
    for got, a, b in zip(computer.leaf_weights(middle), table[0], table[1], strict=True):
        assert got == pytest.approx((a + b) / 2)


def test_the_leaf_weights_file_is_checked() -> None:
    from rules.maracaibo.data import LeafWeights, load_leaf_weights

    assert set(load_leaf_weights().weights) == set(computer.TERMS)

    with pytest.raises(ValueError, match="weights for"):
        LeafWeights(knots=(1.0, 2.0), weights={"scored": (1.0,)})
    with pytest.raises(ValueError, match="rise"):
        LeafWeights(knots=(2.0, 1.0), weights={})


def test_the_leaf_evaluation_is_fitted_for_two_players_only(walk: list) -> None:
    three = [(s, seat) for s, seat, _ in walk if s.players == 3][::20]
    two = [(s, seat) for s, seat, _ in walk if s.players == 2 and s.step != "over"][::20]
    assert three and two
    assert all(computer.leaf_evaluate(s, seat) == game.evaluate(s, seat) for s, seat in three)
    assert any(computer.leaf_evaluate(s, seat) != game.evaluate(s, seat) for s, seat in two)


def test_strong_scores_where_its_rollouts_stop_with_the_leaf_evaluation(
        normal_game: list) -> None:
    """The greedy players inside the rollouts keep the normal evaluation (they stand for
    the normal player); only the position where a rollout stops is scored by the leaf
    evaluation, and a finished game still by its real result."""
    from rules.search import Search

    search = computer.strong()
    assert search.leaf is computer.leaf_evaluate
    state, seat, _ = normal_game[40]
    assert search.value(game, state, seat) == computer.leaf_evaluate(state, seat)
    end = normal_game[-1][0]
    over = game.apply(end, normal_game[-1][1], normal_game[-1][2])[0]
    assert game.result(over) is not None
    assert search.value(game, over, 0) == Search.value(game, over, 0)
