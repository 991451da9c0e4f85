"""Computers thinking in worker processes: the same moves as in the bot's own thread, a
thinking process killed mid-thought loses no move, the bot process does none of the
thinking (so a strong computer holds up no other table), and the processes run below the
bot's CPU priority."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest
from bot_support import ALICE, CH, GUILD, Clock
from picture_support import StallOnce, stalled_pid

from bot.config import ConfigError, load_config
from bot.table import TableService, start_thinkers
from bot.table.thinkers import ProcessThinkers, Request, ThreadThinkers, kind, think
from rules import game_names, get_game
from rules.policy import GIVE_UP, GaveUp


def first_turn(name: str, seed: int = 3) -> Request:
    """The computers' turns from a game's start until the seat after the first to act
    (a human) must act: the first at 'normal', the others 'easy'."""
    game = get_game(name)
    players, _ = game.player_range(None)
    players = max(players, 2)
    state = game.setup(players, seed, {})
    first = game.waiting_on(state)[0]
    human = (first + 1) % players
    computers = frozenset(s for s in range(players) if s != human)
    levels = {s: "normal" if s == first else "easy" for s in computers}
    return Request(name, state, computers, seed, 0, levels)


async def pool(workers: int = 2, **options: object) -> ProcessThinkers:
    thinkers = ProcessThinkers(workers, **options)       # type: ignore[arg-type]
    await thinkers.start()
    return thinkers


async def test_processes_think_the_same_moves_as_the_bots_thread() -> None:
    thinkers = await pool(2)
    try:
        requests = [first_turn(name) for name in game_names()]
        there = await asyncio.gather(*(thinkers.play(r) for r in requests))
        for request, steps in zip(requests, there, strict=True):
            here = think(request)
            assert steps, request.game
            assert [(s, str(m)) for s, m, _, _ in steps] == \
                [(s, str(m)) for s, m, _, _ in here], request.game
            assert [(st, ev) for _, _, st, ev in steps] == \
                [(st, ev) for _, _, st, ev in here], request.game
    finally:
        await thinkers.close()


async def test_a_thinking_process_killed_mid_thought_loses_no_move(tmp_path: Path) -> None:
    """The computer's turn after the host's move is thought in a process that is killed
    (SIGKILL) mid-thought: the pool is renewed, the same moves are thought again, and the
    log holds the same game as a table whose computer thinks in a thread."""
    async def play(svc: TableService) -> list[str]:
        await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
        await svc.add_computer(CH, ALICE, level="normal")
        await svc.start_game(CH, ALICE)
        table = await svc.table(CH)
        assert table.state is not None
        if not table.seats[table.game.waiting_on(table.state)[0]].human:
            raise AssertionError("the computer should have moved already")
        return [m.notation for m in await svc.store.moves(table.row.id)]

    reference = await TableService.open(tmp_path / "thread.sqlite3", clock=Clock(),
                                        render=False, seed_source=lambda: 13)
    try:
        expected = await play(reference)
    finally:
        await reference.close()

    thinkers = await pool(2, thinker=StallOnce(tmp_path, then=think))
    svc = await TableService.open(tmp_path / "process.sqlite3", clock=Clock(), render=False,
                                  seed_source=lambda: 13, thinkers=thinkers)
    try:
        game = asyncio.create_task(play(svc))
        stalled = await stalled_pid(tmp_path)
        os.kill(stalled, signal.SIGKILL)
        logged = await asyncio.wait_for(game, 60)
        assert thinkers.renewed == 1
        assert stalled not in await thinkers.pids()
    finally:
        await svc.close()
        await thinkers.close()
    assert logged == expected and len(logged) >= 2


async def test_a_strong_computer_thinks_outside_the_bot_process(tmp_path: Path) -> None:
    """A strong computer's decision costs the bot process (all its threads) next to no
    CPU when it thinks in a process — in a thread it costs the whole decision, and holds
    the interpreter lock every other table needs."""
    request = first_turn("navegador")
    request = Request(request.game, request.state, request.computers, request.seed,
                      request.ply, {s: "strong" for s in request.computers}, think=0.3)

    async def cpu_of(thinkers: ProcessThinkers | ThreadThinkers) -> tuple[float, float]:
        cpu, wall = time.process_time(), time.perf_counter()
        await thinkers.play(request)
        return time.process_time() - cpu, time.perf_counter() - wall

    thinkers = await pool(1)
    try:
        in_process, wall = await cpu_of(thinkers)
    finally:
        await thinkers.close()
    in_thread, _ = await cpu_of(ThreadThinkers())
    assert in_thread > 0.2                      # the decision's own work, here
    assert wall > 0.2 and in_process < 0.1 * in_thread, (in_process, in_thread)


async def test_quick_turns_are_thought_in_the_bot_process_once_known_to_be_quick() -> None:
    """A Navegador 'normal' turn takes milliseconds: after the first (in a process, which
    measures it) the same kind is thought in the bot's thread — the same moves; a strong
    search always goes to a process."""
    thinkers = await pool(1)
    try:
        quick = first_turn("navegador")
        expected = [(s, str(m)) for s, m, _, _ in think(quick)]
        for _ in range(3):
            assert [(s, str(m)) for s, m, _, _ in await thinkers.play(quick)] == expected
        assert thinkers.in_thread >= 1              # ~5 ms of CPU: in the thread after one
        assert 0 < thinkers.costs[("navegador", frozenset({"normal"}))] < 0.010
        in_thread = thinkers.in_thread
        strong = Request(quick.game, quick.state, quick.computers, quick.seed, quick.ply,
                         {s: "strong" for s in quick.computers}, think=0.05)
        for _ in range(2):
            await thinkers.play(strong)
        assert thinkers.in_thread == in_thread
        assert thinkers.costs[("navegador", frozenset({"strong"}))] > 0.010
    finally:
        await thinkers.close()


async def test_a_kind_of_turn_that_turns_out_slow_goes_back_to_the_processes() -> None:
    thinkers = await pool(1)
    try:
        request = first_turn("navegador")
        await thinkers.play(request)
        await thinkers.play(request)
        assert thinkers.in_thread == 1
        thinkers._learn(kind(request), ([], 5.0))       # a turn that took 5 s of CPU
        await thinkers.play(request)
        assert thinkers.in_thread == 1
        none = await pool(1, quick=0)                    # quick 0: never in the bot
        try:
            for _ in range(3):
                await none.play(request)
            assert none.in_thread == 0
        finally:
            await none.close()
    finally:
        await thinkers.close()


async def test_a_turn_slower_in_the_thread_than_give_up_is_thought_again_in_a_process(
) -> None:
    """A kind known to be quick, in a position that is not: the thread gives up (here at
    once: give_up 0) and a process thinks the turn again — the very same moves."""
    thinkers = await pool(1, quick=1.0, give_up=0.0)
    try:
        request = first_turn("navegador")
        expected = [(s, str(m)) for s, m, _, _ in think(request)]
        assert [(s, str(m)) for s, m, _, _ in await thinkers.play(request)] == expected
        assert (thinkers.in_thread, thinkers.gave_up) == (0, 0)     # unknown: a process
        assert [(s, str(m)) for s, m, _, _ in await thinkers.play(request)] == expected
        assert (thinkers.in_thread, thinkers.gave_up) == (1, 1)     # known quick: tried here
        assert thinkers.in_processes == 2                           # ...and thought there
    finally:
        await thinkers.close()


def test_giving_up_never_changes_a_decision_it_only_abandons_it() -> None:
    """rules.policy.GIVE_UP: a check that never fires leaves every decision as it was;
    one that fires abandons the decision with GaveUp instead of playing another move."""
    calls = 0

    def never() -> bool:
        nonlocal calls
        calls += 1
        return False

    for name in game_names():
        request = first_turn(name)
        plain = [(s, str(m)) for s, m, _, _ in think(request)]
        token = GIVE_UP.set(never)
        try:
            assert [(s, str(m)) for s, m, _, _ in think(request)] == plain, name
        finally:
            GIVE_UP.reset(token)
    assert calls > 0                     # the check was asked: a real search ran
    token = GIVE_UP.set(lambda: True)
    try:
        with pytest.raises(GaveUp):
            think(first_turn("navegador"))
    finally:
        GIVE_UP.reset(token)


async def test_thinking_processes_run_below_the_bots_cpu_priority() -> None:
    thinkers = await pool(2, nice=7)
    try:
        pids = await thinkers.pids()
        want = min(19, os.getpriority(os.PRIO_PROCESS, 0) + 7)
        assert len(pids) == 2
        # a process that answered no request yet may still be starting (its first step
        # lowers its priority)
        for _ in range(500):
            seen = [os.getpriority(os.PRIO_PROCESS, pid) for pid in pids]
            if seen == [want, want]:
                break
            await asyncio.sleep(0.02)
        assert seen == [want, want]
    finally:
        await thinkers.close()


async def test_start_thinkers_takes_processes_or_a_thread() -> None:
    thread = await start_thinkers(0)
    assert isinstance(thread, ThreadThinkers)
    assert thread.describe() == "a thread of the bot process"
    two = await start_thinkers(2, nice=0)
    try:
        assert isinstance(two, ProcessThinkers) and two.describe() == "2 thinking process(es)"
    finally:
        await two.close()


def test_the_thinking_settings_are_read_from_the_environment() -> None:
    config = load_config({}, create_dirs=False)
    assert config.think_workers is None and config.think_nice == 19
    config = load_config({"SAILBOT_THINK_WORKERS": "0", "SAILBOT_THINK_NICE": "3"},
                         create_dirs=False)
    assert (config.think_workers, config.think_nice) == (0, 3)
    with pytest.raises(ConfigError, match="SAILBOT_THINK_NICE must be 0 to 19"):
        load_config({"SAILBOT_THINK_NICE": "25"}, create_dirs=False)
    with pytest.raises(ConfigError, match="SAILBOT_THINK_WORKERS must be a whole number"):
        load_config({"SAILBOT_THINK_WORKERS": "many"}, create_dirs=False)
