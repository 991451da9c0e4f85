"""Computer players, checked the same way for every registered game (a new game is covered
the moment it is registered), at every level with small budgets:

* a decision depends only on what the seat may see: two states that differ only in
  values hidden from that seat (``determinize(state, seat, rng)``) give the same decision
  for the same rng;
* games between computers end normally (no loops, no stalls);
* the fast path (``Game.simulate``) gives the same states as the pure ``apply`` and never
  changes its input;
* a decision is the same for the same rng and budget;
* the arena counts right (the Wilson interval, one line per level).

Navegador's own computers: never a pointless move (buying over the cap at a loss,
sailing straight back, skipping a real action, moving the stone to an action that can do
nothing), and 'normal' beating 'easy' from both chairs of a deal.

Kept quick (under a minute on a quiet machine): a search spends ``SMALL`` simulated moves,
'normal' looks one state wide inside a turn when it plays whole games, a few sampled
states per game — but every check runs for every game and every level. How strong the
levels are is the arena's business (docs/computers.md), not a timed test's.
"""

from __future__ import annotations

import pathlib
import random
import signal
import subprocess
import sys
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import Game, game_names, get_game
from rules.arena import labels, report, run, wilson
from rules.fuzz import random_game
from rules.greedy import Greedy
from rules.navegador.moves import Leg, Path, Rondel, Skip, Units
from rules.policy import LEVELS, Policy, computer
from rules.search import Search
from tests.fast_path import walk_both_ways

GAMES = game_names()
SMALL = 120           # simulated moves per strong decision in these tests
MAX_PLIES = 5000


def small(game: Game, level: str, narrow: bool = False) -> Policy:
    """A level's player on a small budget; ``narrow``: the greedy player (and the search's
    planner) keeps one state per decision inside a turn instead of a beam (its judgement
    is the same, a whole game costs a fraction)."""
    policy = computer(game, level, budget=SMALL)
    if narrow and isinstance(policy, Greedy):
        return Greedy(beam=1)
    if narrow and isinstance(policy, Search):
        return Search(budget=SMALL, planner=Greedy(beam=1))
    return policy


@cache
def sample(name: str) -> list[Any]:
    """States along random games of the smallest and largest player counts."""
    game = get_game(name)
    out: list[Any] = []
    for players in sorted({game.min_players, game.max_players}):
        states = [s for s, *_ in random_game(game, players, 300 + players,
                                             policy="explorer")]
        out += states[:: max(1, len(states) // 8)]
    return out


def has_hidden_information(game: Game) -> bool:
    rng = random.Random(1)
    return any(game.dump(game.determinize(s, None, rng)) != game.dump(s)
               for s in sample(game.name) if game.to_act(s))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", GAMES)
def test_a_decision_depends_only_on_what_the_seat_may_see(name: str, level: str) -> None:
    game = get_game(name)
    if not has_hidden_information(game):
        pytest.skip(f"{name} has no hidden information")
    rng = random.Random(7)
    checked = 0
    for state in sample(name)[1::4]:
        for seat in game.to_act(state)[:1]:
            # a twin the seat cannot tell apart: its own hand kept, every other hidden
            # value dealt anew
            twin = game.determinize(state, seat, rng)
            if game.dump(twin) == game.dump(state):
                continue
            seed = rng.random()
            mine = small(game, level).choose(game, state, seat, random.Random(seed))
            theirs = small(game, level).choose(game, twin, seat, random.Random(seed))
            assert mine == theirs, (level, str(mine), str(theirs))
            checked += 1
    assert checked


def play_out(game: Game, levels: list[str], seed: int) -> tuple[Any, int]:
    state = game.setup(len(levels), seed)
    policies = [small(game, level, narrow=True) for level in levels]
    ply = 0
    while (acting := game.to_act(state)) and ply < MAX_PLIES:
        seat = acting[0]
        move = policies[seat].choose(game, state, seat, random.Random(f"{seed}:{ply}"))
        state, _ = game.apply(state, seat, move)
        ply += 1
    return state, ply


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", GAMES)
def test_games_between_computers_end_normally(name: str, level: str) -> None:
    game = get_game(name)
    # the most seats for the cheap level; a table of every level (below) fills them too
    players = game.max_players if level == "easy" else game.min_players
    state, plies = play_out(game, [level] * players, seed=3)
    assert game.result(state) is not None, f"no end after {plies} plies"
    assert not game.to_act(state)


@pytest.mark.parametrize("name", GAMES)
def test_a_table_of_every_level_ends_normally(name: str) -> None:
    game = get_game(name)
    players = max(game.min_players, min(game.max_players, len(LEVELS)))
    levels = [LEVELS[i % len(LEVELS)] for i in range(players)]
    state, _ = play_out(game, levels, seed=5)
    assert game.result(state) is not None


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_the_fast_path_gives_the_states_of_apply(name: str, seed: int, players: int) -> None:
    """A random walk played twice, by ``apply`` and by ``simulate`` on ``simulate``'s own
    results: the same state at every step, and no step changes a state before it."""
    game = get_game(name)
    players = max(game.min_players, min(game.max_players, players))
    walk_both_ways(game, game.setup(players, seed), random.Random(seed), 250)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_rng_and_budget_give_the_same_decision(name: str) -> None:
    game = get_game(name)
    for state in sample(name)[2::6]:
        for seat in game.to_act(state)[:1]:
            first = small(game, "strong").choose(game, state, seat, random.Random(3))
            again = small(game, "strong").choose(game, state, seat, random.Random(3))
            assert first == again


def test_the_budget_bounds_a_strong_decision() -> None:
    game = get_game("navegador")
    state = sample("navegador")[3]
    seat = game.to_act(state)[0]
    policy = computer(game, "strong", budget=400)
    policy.choose(game, state, seat, random.Random(1))
    # the planner's pass over the candidates may finish above the budget, never far
    assert policy.stats.sims < 400 + 600


def test_the_think_time_sets_the_budget_and_a_clock_only_caps_it() -> None:
    game = get_game("navegador")
    policy = computer(game, "strong", think=0.5)
    assert policy.moves_budget(game) == int(0.5 * game.sim_rate)
    ticks = iter(range(10**9))
    capped = computer(game, "strong", think=0.5, clock=lambda: next(ticks) * 10.0)
    state = sample("navegador")[3]
    capped.choose(game, state, game.to_act(state)[0], random.Random(1))
    assert capped.stats.capped


# The arena -----------------------------------------------------------------------------


def test_wilson_interval() -> None:
    low, high = wilson(143, 200)
    assert (round(100 * low, 1), round(100 * high, 1)) == (64.9, 77.3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(20, 20)[1] == 1.0


@cache
def normal_against_easy() -> list[Any]:
    """One Navegador deal played from both chairs, 'normal' against 'easy' (the arena
    test and the level test share it: a game against 'easy' runs long)."""
    return run("navegador", ["normal", "easy"], games=2, seed=11, jobs=1, budget=SMALL)


def test_the_arena_prints_one_line_per_level() -> None:
    records = normal_against_easy()
    assert [r.seed for r in records] == [11, 11]
    assert [r.seats[0].label for r in records] == ["normal", "easy"]   # seats rotated
    lines = report(records, labels(["normal", "easy"]))
    assert [line.split()[0] for line in lines] == ["normal", "easy"]
    for line in lines:
        assert "% [" in line and "VP" in line and "margin" in line and "decision" in line
    assert labels(["normal", "normal", "easy"]) == ["normal", "normal-2", "easy"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_background_arena_stopped_by_a_signal_still_reports(signum: int) -> None:
    """A long arena started as a script's background job (SIGINT ignored from the start)
    and stopped at a deadline by SIGINT or SIGTERM prints its report of the games played."""
    def ignore_sigint() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    proc = subprocess.Popen(
        [sys.executable, "-m", "rules", "navegador", "arena", "--players", "2",
         "--seats", "easy,easy", "--games", "5000", "--seed", "1", "--jobs", "1", "-v"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        preexec_fn=ignore_sigint, cwd=pathlib.Path(__file__).resolve().parents[1])
    assert proc.stdout is not None
    try:
        first = proc.stdout.readline()
        assert first.startswith("game 1:"), first
        proc.send_signal(signum)
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()              # a run that did not stop must not outlive the test
        proc.wait()
    assert proc.returncode == 0, out
    assert "games (stopped after" in out and "of 5000)" in out
    assert [line.split()[0] for line in out.splitlines() if "% [" in line] == \
        ["easy", "easy-2"]


# Navegador ---------------------------------------------------------------------------


def navegador_states() -> list[Any]:
    return [s for s in sample("navegador") if get_game("navegador").to_act(s)]


def test_navegador_computers_never_buy_over_the_cap_at_a_loss() -> None:
    game = get_game("navegador")
    state = game.setup(2, 1)
    seat = state.current
    sheet = state.sheets[seat]
    sheet.workers, sheet.cash, sheet.churches = 9, 900, 1
    sheet.stone = 7
    state.step, state.first_turn_done = "start", [True, True]
    state, _ = game.apply(state, seat, Rondel(space=0, key="workers"))
    moves = game.candidates(state, seat)
    # one worker at 50 sells back for 100 (+50, a real if small income); a second costs
    # 100 and sells for 100: no gain
    assert Units(what="workers", count=1) in moves
    assert Units(what="workers", count=2) not in moves
    assert Skip() not in moves
    for level in LEVELS[1:]:
        move = small(game, level).choose(game, state, seat, random.Random(2))
        assert move not in {Units(what="workers", count=n) for n in range(2, 10)}


def test_navegador_computers_never_sail_straight_back() -> None:
    game = get_game("navegador")
    state = game.setup(2, 1)
    state.regions["GUI"].explorer, state.regions["GUI"].revealed = False, True
    state.phase = 2                       # ships sail two borders: out and back is possible
    seat = state.current
    state, _ = game.apply(state, seat, Rondel(space=3, key="sail"))
    state, _ = game.apply(state, seat, Leg(paths=(Path(origin="POR", dest="GUI", count=2),)))
    back = [m for m in game.legal_moves(state, seat)
            if isinstance(m, Leg) and m.paths[0].origin == "GUI" and m.paths[0].dest == "POR"]
    assert back and not set(back) & set(game.candidates(state, seat))


def test_navegador_computers_move_only_to_actions_that_do_something() -> None:
    game = get_game("navegador")
    state = game.setup(2, 1)
    seat = state.current
    state.sheets[seat].workers = 2        # no privilege possible (it costs a worker)
    state.sheets[seat].cash = 0           # nothing to buy or found
    spaces = {m.space for m in game.candidates(state, seat) if isinstance(m, Rondel)}
    # left: sail (ships) and the two markets (the orange factory)
    assert spaces == {2, 3, 6}


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_navegador_computers_play_only_sensible_moves(level: str) -> None:
    game = get_game("navegador")
    for state in navegador_states()[::2]:
        seat = game.to_act(state)[0]
        move = small(game, level).choose(game, state, seat, random.Random(4))
        assert move in game.candidates(state, seat)
        assert game.parse(state, seat, str(move)) == move


def test_navegador_normal_beats_easy() -> None:
    records = normal_against_easy()
    assert all(s.won for r in records for s in r.seats if s.label == "normal")


def test_navegador_computers_end_a_stand_off() -> None:
    """A position from an arena game (strong vs normal, deal 126) where both seats had
    hoarded tens of thousands of Cr and every factory row was two pieces from empty: nobody
    bought the last building, since ending the game would lose the money's "use", and the
    game reached turn 860 before it was stopped. Money beyond what the turns left can buy
    is worth its final VP only (``MONEY_USEFUL``), so the seat ahead ends it."""
    from pathlib import Path

    from rules.navegador.state import NavegadorState

    game = get_game("navegador")
    text = (Path(__file__).parent / "data" / "navegador_standoff.json").read_text()
    state = NavegadorState.model_validate_json(text)
    assert state.turn == 320 and min(s.cash for s in state.sheets) > 20_000
    players = [computer(game, "normal"), computer(game, "normal")]
    for ply in range(300):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        move = players[seat].choose(game, state, seat, random.Random(ply))
        state, _ = game.apply(state, seat, move)
    assert game.result(state) is not None, f"still going at turn {state.turn}"
