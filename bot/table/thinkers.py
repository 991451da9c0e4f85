"""Where computer seats think: worker processes, or a thread of the bot process.

A strong computer's decision is about a second of pure Python. In a thread of the bot
process it holds the interpreter lock, and every other table waits for it: the event loop
gets the lock back only when the thinking thread lets it go (every 5 ms at best), and each
of a command's hops to the store's thread costs another wait. Measured with
``scripts/bench_thinking.py`` (``docs/performance.md``): twenty tables of two humans at 20
commands/s answer in p50 5 ms / p99 15 ms; beside two strong computers thinking in threads,
p50 8–10 s (the bot process is stuck at one core's worth of interpreter); beside the same
two thinking in processes, p50 6–11 ms. In processes of their own, computers think on
every core and the bot's interpreter never waits for them.

``ProcessThinkers`` — a pool of ``workers`` processes (one per core by default), forked
from the same fork server as the picture workers, at ``nice`` below the bot (a human's
command is answered first; the computers think with the cycles left). A decision depends
only on what it is sent (the state, the seed, the ply, the levels; a strong computer's
time is counted in simulated moves), so a worker that dies mid-thought loses nothing: the
pool is renewed and the same request is thought again, giving the same moves (unless a
strong decision on an overloaded machine hits its wall-time cap; nothing of the lost
attempt was kept either way). If that fails too, the bot thinks in a thread.

A turn that takes the computers only milliseconds (``easy`` and ``normal`` in most games)
costs more on its way to a process and back than thinking it: the pool's queues, threads
and pickling cost the bot process ~1.6 ms and the worker ~1.2 ms more per turn (a typical
``normal`` turn is 2–9 ms), and at nice 19 a busy machine makes it wait. So the pool learns
what each kind of turn (game and levels) costs — the CPU of its last turns, in whichever
place they were thought; a slow turn raises the estimate at once, cheap ones lower it
slowly — and thinks the kinds that take under ``quick`` (10 ms) in a
thread of the bot process, the rest (every ``strong`` search) in the processes.

Quick turns think in **one** thread. With ``asyncio.to_thread`` several computers'
turns thought at once, in as many threads, and each took the interpreter lock in turn:
the event loop got only its share of it. In a benchmark run 161 of 1,974 quick turns
took over 40 ms from request to answer (the longest 131 ms) though few used more than
25 ms of CPU. With one thread, the bot's CPU per command fell 7–20% (three alternating
pairs, ``docs/performance.md``).

The estimate is per kind, not per position, and a kind's cost swings: one game's
``normal`` takes ~3 ms for most turns and 40–700 ms for a few positions (a long sail with
a large fleet; ``docs/performance.md``).
So a turn thought in the thread gives up after ``give_up`` (25 ms) of the thread's CPU
(``rules.policy.GIVE_UP``: a decision is abandoned whole, never cut short, so the
computer plays the very same moves) and is thought again in a process, where it holds no
one up; its kind's estimate rises to at least that much. (1–4 turns a benchmark run.)

``ThreadThinkers`` — a thread of the bot process, as before (the tests' default, the local
table's, and the fallback where processes cannot start).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Protocol

from pydantic import BaseModel

from bot.pictures.pool import PRELOAD, machine_cores
from bot.table.computers import DEFAULT_LEVEL, Step, play_computers
from rules import game_names, get_game
from rules.policy import GIVE_UP as GIVE_UP_CHECK
from rules.policy import GaveUp

log = logging.getLogger(__name__)

NICE = 19           # the thinking processes' CPU priority below the bot's. Beside two strong
                    # computers thinking all the time, other tables' commands answered in
                    # p99 15-17 ms at 19 (as with no computer thinking), 77-92 ms at 10 and
                    # 81-131 ms at 0, the computers as fast at each (scripts/bench_thinking.py)
QUICK = 0.010       # seconds of CPU: a kind of turn that takes less is thought in the bot
                    # process (see above)
GIVE_UP = 0.025     # seconds of the thread's CPU after which a turn thought in the bot
                    # process is abandoned and thought again in a process
LEARNING = 0.2      # how fast the estimate of a kind's cost falls after cheaper turns


@dataclass(frozen=True)
class Request:
    """What the computers of one table need to play until a human must act: everything a
    decision depends on, and nothing of the bot (it crosses to a worker process)."""

    game: str
    state: BaseModel
    computers: frozenset[int]           # the seats a computer plays
    seed: int
    ply: int                            # the last ply already played
    levels: dict[int, str] = field(default_factory=dict)   # seat -> level
    think: float | None = None          # a strong computer's seconds per decision


def think(request: Request) -> list[Step]:
    """The computers' steps for ``request``, in this process."""
    return play_computers(get_game(request.game), request.state,
                          request.computers.__contains__, request.seed, request.ply,
                          lambda seat: request.levels.get(seat, DEFAULT_LEVEL), request.think)


Thinker = Callable[[Request], list[Step]]


def timed(thinker: Thinker, request: Request,
          give_up: float | None = None) -> tuple[list[Step], float]:
    """``thinker(request)`` and the CPU seconds it took (this thread's: in a thinking
    process it is the only one working). ``give_up``: seconds of this thread's CPU after
    which the thinking stops with ``GaveUp`` (nothing of it is kept)."""
    started = time.thread_time()
    check = None if give_up is None else (
        lambda: time.thread_time() - started > give_up)
    token = GIVE_UP_CHECK.set(check)
    try:
        steps = thinker(request)
    finally:
        GIVE_UP_CHECK.reset(token)
    return steps, time.thread_time() - started


def kind(request: Request) -> tuple[str, frozenset[str]]:
    """What a turn's cost depends on most: the game and the computers' levels."""
    return request.game, frozenset(request.levels.get(s, DEFAULT_LEVEL)
                                   for s in request.computers)


class Thinkers(Protocol):
    async def play(self, request: Request) -> list[Step]: ...

    async def close(self) -> None: ...

    def describe(self) -> str: ...


class ThreadThinkers:
    """Thinks in a thread of the bot process (off the event loop, not off its lock)."""

    def __init__(self, thinker: Thinker = think) -> None:
        self.thinker = thinker

    async def play(self, request: Request) -> list[Step]:
        return await asyncio.to_thread(self.thinker, request)

    async def close(self) -> None:
        return None

    def describe(self) -> str:
        return "a thread of the bot process"


def _worker_start(nice: int, bot: int | None = None) -> None:
    """A thinking process's start: Ctrl-C is the bot's to handle, its priority below the
    bot's, an end when the bot process ``bot`` ends, and every game's rules and data
    loaded before the first request."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if bot is not None:
        _end_with(bot)
    if nice:
        os.nice(nice)
    for name in game_names():
        game = get_game(name)
        low, _ = game.player_range(None)
        game.legal_moves(game.setup(low, 0, {}), 0)


def _end_with(bot: int) -> None:
    """End this process when the process ``bot`` has ended, however it ended. A stopping
    bot shuts its pool down itself; one killed outright (SIGKILL, the OOM killer) cannot,
    and a ProcessPoolExecutor's worker, which holds both ends of its call queue, never
    sees it close: it — and the fork server and resource tracker it keeps open — would
    run on for ever. (Its parent is the fork server, not the bot: ``getppid`` cannot
    tell.)"""

    def watch() -> None:
        try:
            handle = os.pidfd_open(bot)           # Linux 5.3: readable once it has ended
        except (AttributeError, OSError):
            handle = None
        if handle is not None:
            select.select([handle], [], [])
        else:
            while True:
                time.sleep(2.0)
                try:
                    os.kill(bot, 0)
                except ProcessLookupError:
                    break
                except PermissionError:           # alive, as another user: not ours
                    pass
        os._exit(0)

    threading.Thread(target=watch, name="end-with-the-bot", daemon=True).start()


def _pid() -> int:
    return os.getpid()


class ProcessThinkers:
    """``workers`` thinking processes. Call ``start`` first (it waits until they are up).
    ``thinker`` runs a request in a worker (a module-level function; tests pass one that
    stalls)."""

    def __init__(self, workers: int, *, nice: int = NICE, thinker: Thinker = think,
                 quick: float = QUICK, give_up: float = GIVE_UP) -> None:
        self.workers = max(1, workers)
        self.nice = nice
        self.thinker = thinker
        self.quick = quick          # seconds of CPU; 0: every turn in the processes
        self.give_up = give_up      # seconds of CPU a turn may take in the thread
        self.gave_up = 0            # turns abandoned in the thread and thought in a process
        self.renewed = 0            # pools started again after a worker died
        self.fallbacks = 0          # requests thought in a thread after that failed too
        self.in_thread = 0          # quick turns thought in the bot process
        self.in_processes = 0       # turns sent to the processes (given up ones too)
        self.costs: dict[tuple[str, frozenset[str]], float] = {}   # CPU s per turn, by kind
        self._executor = self._new_executor()
        # one thread for the quick turns: several threads thinking at once would each take
        # the interpreter lock in turn, and the event loop would get only its share of it
        self._here = ThreadPoolExecutor(1, thread_name_prefix="thinking")

    def _new_executor(self) -> ProcessPoolExecutor:
        ctx = multiprocessing.get_context("forkserver")
        # the picture workers' preload, whichever pool starts the (one) fork server first:
        # their workers then always start warm, as they expect
        ctx.set_forkserver_preload([PRELOAD])
        return ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_worker_start,
                                   initargs=(self.nice, os.getpid()))

    async def start(self) -> None:
        """Start every worker and wait until each has loaded the games."""
        await self.pids()

    async def pids(self) -> list[int]:
        """The workers' process ids (starting any that are not up yet)."""
        loop = asyncio.get_running_loop()
        # as many requests at once as workers: the pool starts one process per request
        # that finds none idle
        answers = await asyncio.gather(*(loop.run_in_executor(self._executor, _pid)
                                         for _ in range(self.workers)))
        procs = getattr(self._executor, "_processes", None) or {}
        return sorted(set(answers) | set(procs))

    async def play(self, request: Request) -> list[Step]:
        loop = asyncio.get_running_loop()
        key = kind(request)
        if self.costs.get(key, self.quick) < self.quick:
            self.in_thread += 1
            try:
                return self._learn(key, await loop.run_in_executor(
                    self._here, timed, self.thinker, request, self.give_up))
            except GaveUp:
                # a costly position of a cheap kind: think it where it holds no one up
                self.gave_up += 1
                self.costs[key] = max(self.costs.get(key, 0.0), self.give_up)
        self.in_processes += 1
        for _ in range(2):
            executor = self._executor
            try:
                return self._learn(key, await loop.run_in_executor(
                    executor, timed, self.thinker, request))
            except BrokenProcessPool as exc:
                self._renew(executor)
                log.warning("a thinking process died (%s); thinking again", exc)
        self.fallbacks += 1
        log.warning("thinking processes keep failing; this decision is thought in a thread")
        return await asyncio.to_thread(self.thinker, request)

    def _learn(self, key: tuple[str, frozenset[str]],
               answer: tuple[list[Step], float]) -> list[Step]:
        steps, seconds = answer
        before = self.costs.get(key)
        # up at once with a slow turn, down slowly: a kind with an occasional long turn
        # (one game's 'normal' takes 5 ms early on, 90 ms on average) stays in the processes
        self.costs[key] = seconds if before is None else max(
            seconds, (1 - LEARNING) * before + LEARNING * seconds)
        return steps

    def _renew(self, broken: ProcessPoolExecutor) -> None:
        """Replace the pool once for all the requests it broke (they all come here)."""
        if self._executor is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()
            self.renewed += 1

    async def close(self) -> None:
        executor = self._executor
        await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
        self._here.shutdown(wait=False, cancel_futures=True)

    def describe(self) -> str:
        return f"{self.workers} thinking process(es)"


async def start_thinkers(workers: int | None, *, nice: int = NICE) -> Thinkers:
    """Computers thinking in ``workers`` processes (None: one per core; 0: a thread of the
    bot process), up before this returns. Where processes cannot be started, a thread of
    the bot process thinks instead (and a warning says why)."""
    count = machine_cores() if workers is None else workers
    if count <= 0:
        return ThreadThinkers()
    pool = ProcessThinkers(count, nice=nice)
    try:
        await pool.start()
    except Exception as exc:
        log.warning("thinking processes could not be started (%r); computers think in a "
                    "thread of the bot process instead", exc)
        await pool.close()
        return ThreadThinkers()
    return pool
