"""Benchmark the table service: many live games on one SQLite file, with pictures drawn by
the picture worker processes (prints numbers; not a test).

    .venv/bin/python scripts/bench_service.py [--games 100] [--turns 10] [--render-turns 10]
                                              [--seconds 20] [--rate 40] [--workers N]
                                              [--no-half] [--profile FILE] [--db FILE]
                                              [--default-gc] [--gc Y,M,F] [--choose-live]
                                              [--think-workers N] [--think-nice N]
                                              [--computers 0|1]

1. Without pictures: every game plays ``--turns`` commands (two humans typing random whole
   turns, one computer seat answering), all games at once: commands/s through the service.
   The computer seats think in processes of their own, as the bot's do (one per core;
   ``--think-workers 0``: in a thread of the bot process, as before 2026-12-02).
2. Autocomplete latency (``suggestions``) at turn starts.
3. **Capacity** with pictures (closed loop): every game plays ``--render-turns`` more
   commands flat out, each reply waiting for its picture (no picture skipped or sent to
   follow: the queue holds every game and the wait is long). Commands/s over the wall
   clock. The players' commands are chosen beforehand, in another process on a copy of
   the database (the games are deterministic), as people choose theirs on their own
   devices: the cores do only the bot's work (``--choose-live`` chooses them in the bot's
   process as it goes); so are the open loop's (step 5).
4. **The render floor**: the mean render+encode time of a sample of the pictures drawn in
   step 3, drawn again one at a time in a warm process of their own; cores ÷ that time is
   the most pictures/s the machine could draw if it did nothing else.
5. **Latency** in an open loop at 50% of the capacity (unless ``--no-half``), then at
   ``--rate`` commands/s, ``--seconds`` each: commands *arriving* at random (a Poisson
   process over all games), whatever the replies take; p50/p99 of one command from its arrival
   to its reply with its picture (load, apply, computers, commit, panel, picture).
6. **Memory** at the end: the bot process's RSS, and the picture processes' (the fork
   server holding the warm static layers, and the workers, whose pages are mostly shared
   with it: their PSS counts each shared page once in all).

The bot process's collector is tuned as ``python -m bot`` tunes it (``bot/runtime.py``;
``--default-gc`` keeps CPython's thresholds) and the body prints what its runs cost, and
what one full collection at the end finds and costs (the bot runs one every few minutes).

Ends with three lines a script can read: capacity, p99 at ``--rate``, the bot process's
RSS. Bounded: it ends by itself; the database lives in a temporary folder unless --db.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import multiprocessing
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures import Pictures  # noqa: E402
from bot.pictures.job import Job, make_job, paint  # noqa: E402
from bot.pictures.pool import ProcessPainter, machine_cores  # noqa: E402
from bot.runtime import FULL_EVERY, tune_gc  # noqa: E402
from bot.table import TableService, start_thinkers  # noqa: E402
from bot.table.thinkers import ProcessThinkers  # noqa: E402
from rules.navegador.policy import random_turn  # noqa: E402


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def uptime() -> str:
    """The machine's load (other people's tests run here too)."""
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


# Memory ---------------------------------------------------------------------------------


def memory(pid: int) -> dict[str, int]:
    """Rss, Pss, Private (USS) of a process, in kB."""
    out = {"Rss": 0, "Pss": 0, "Private": 0}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("Rss", "Pss"):
                    out[key] = int(rest.split()[0])
                elif key in ("Private_Clean", "Private_Dirty"):
                    out["Private"] += int(rest.split()[0])
    except OSError:
        pass
    return out


def descendants(pid: int) -> list[tuple[int, str]]:
    """(pid, name) of every process below ``pid``: the fork server and the workers."""
    parents: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1: stat.rindex(")")]
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
        names[int(entry)] = name
    found, todo = [], list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        found.append((child, names.get(child, "?")))
        todo += parents.get(child, [])
    return sorted(found)


def stat_seconds(path: str) -> float:
    """User + system CPU in a ``/proc/.../stat`` file so far (0 when it is gone)."""
    try:
        with open(path) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU the processes have used so far (a process gone counts 0)."""
    return sum(stat_seconds(f"/proc/{pid}/stat") for pid in pids)


def thread_cpu() -> dict[str, float]:
    """CPU seconds each kind of thread of this process has used so far, by the thread's
    name without its number (``thinking_0`` -> ``thinking``); the event loop's is
    ``MainThread``."""
    out: dict[str, float] = {}
    for thread in threading.enumerate():
        kind = re.sub(r"_\d+$", "", thread.name)
        out[kind] = out.get(kind, 0.0) + stat_seconds(
            f"/proc/self/task/{thread.native_id}/stat")
    return out


def mb(kb: int) -> float:
    return kb / 1024


class CollectorWatch:
    """CPU time of the garbage collector's runs in this process, by generation (the bot's
    thresholds are bot/runtime.py's; the body prints what they cost)."""

    def __init__(self) -> None:
        self.started: dict[int, float] = {}
        self.runs: dict[int, list[float]] = {0: [], 1: [], 2: []}
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict[str, int]) -> None:
        generation = info["generation"]
        if phase == "start":
            self.started[generation] = time.thread_time()
        elif generation in self.started:
            self.runs[generation].append(time.thread_time() - self.started.pop(generation))

    def describe(self) -> str:
        parts = [f"gen{g} {len(v)}× {sum(v) * 1000:.0f} ms"
                 + (f" (longest {max(v) * 1000:.1f})" if v else "")
                 for g, v in self.runs.items()]
        return "garbage collector, CPU time over the run: " + ", ".join(parts)


# Playing --------------------------------------------------------------------------------


async def setup_games(svc: TableService, games: int, computers: int = 1) -> None:
    """Three-player games: two humans and a computer, or (``computers`` 0) three humans."""
    for g in range(games):
        ch, a, b = 10_000 + g, 1_000_000 + 2 * g, 1_000_001 + 2 * g
        await svc.open_lobby(ch, 1, a, f"Ann{g}", "navegador")
        await svc.join(ch, b, f"Ben{g}")
        if computers:
            await svc.add_computer(ch, a)
        else:
            await svc.join(ch, 2_000_000 + g, f"Cy{g}")
        await svc.start_game(ch, a)


THINKING: list[float] = []   # seconds the simulated players spent choosing their turns


async def play(svc: TableService, channel: int, turns: int, rng: random.Random,
               latencies: list[float] | None = None, pictures: bool = False,
               record: list[tuple[int, str]] | None = None) -> int:
    done = 0
    for _ in range(turns):
        table = await svc.table(channel)
        if table.row.status != "active" or table.state is None:
            break
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        assert user is not None
        started = time.perf_counter()
        text = random_turn(table.game, table.state, seat, rng)
        THINKING.append(time.perf_counter() - started)
        if record is not None:
            record.append((user, text))
        started = time.perf_counter()
        reply = await svc.move(channel, user, text)
        if latencies is not None:
            latencies.append(time.perf_counter() - started)
        assert not pictures or reply.image, "every command of this phase has its picture"
        done += 1
    return done


def choose_beforehand(path: Path, games: int, turns: int | list[int],
                      seed: int) -> list[list[tuple[int, str]]]:
    """The players' next ``turns`` commands in every game (or ``turns[g]`` in game ``g``),
    as (user, text), chosen before a timed run in a process of their own on a copy of the
    database: the bot never chooses its players' moves (people do, on their own devices),
    so a timed run should not spend the cores — or the bot process's memory — on it. The
    games are deterministic (a computer seat is seeded from the game's seed and the ply),
    so the commands are exactly the ones the games will ask for."""
    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=ctx) as pool:
        return pool.submit(_choose, str(path), games, turns, seed).result()


def _choose(path: str, games: int, turns: int | list[int],
            seed: int) -> list[list[tuple[int, str]]]:
    return asyncio.run(_choose_on_copy(Path(path), games, turns, seed))


async def _choose_on_copy(path: Path, games: int, turns: int | list[int],
                          seed: int) -> list[list[tuple[int, str]]]:
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "copy.sqlite3"
        with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        svc = await TableService.open(copy, render=False)
        try:
            scripts: list[list[tuple[int, str]]] = [[] for _ in range(games)]
            for g in range(games):
                await play(svc, 10_000 + g, turns if isinstance(turns, int) else turns[g],
                           random.Random(seed + g), record=scripts[g])
        finally:
            await svc.close()
    return scripts


async def replay(svc: TableService, channel: int, commands: list[tuple[int, str]],
                 latencies: list[float]) -> int:
    """Send commands chosen beforehand, each as its reply (with its picture) arrives."""
    for user, text in commands:
        started = time.perf_counter()
        reply = await svc.move(channel, user, text)
        latencies.append(time.perf_counter() - started)
        assert reply.image, "every command of this phase has its picture"
    return len(commands)


def arrivals(games: int, commands: int, rate: float, seed: int) -> list[tuple[float, int]]:
    """(seconds from the start, game) of ``commands`` commands arriving at ``rate`` per
    second over all games: a Poisson process, each command to a game picked at random."""
    rng = random.Random(seed)
    out, at = [], 0.0
    for _ in range(commands):
        at += rng.expovariate(rate)
        out.append((at, rng.randrange(games)))
    return out


async def open_loop(svc: TableService, games: int, schedule: list[tuple[float, int]],
                    scripts: list[list[tuple[int, str]]] | None,
                    seed: int) -> tuple[int, float, list[float]]:
    """An open loop: the commands of ``schedule`` *arrive* when it says, whatever the
    replies take — as people move whenever they have a minute. A command's latency counts
    from its arrival: one that arrives while its game's previous command is still being
    answered waits for it, and that wait counts. Each game's commands come from its
    script, in order (chosen beforehand), or are chosen as they arrive (``scripts`` None)."""
    rng = random.Random(seed)
    locks = [asyncio.Lock() for _ in range(games)]
    latencies: list[float] = []
    next_command = [0] * games

    async def command(game: int, arrival: float, choices: random.Random) -> int:
        async with locks[game]:
            if scripts is None:
                done = await play(svc, 10_000 + game, 1, choices)
            elif next_command[game] < len(scripts[game]):
                user, text = scripts[game][next_command[game]]
                next_command[game] += 1
                await svc.move(10_000 + game, user, text)
                done = 1
            else:
                done = 0            # the game ended before its script did
        if done:
            latencies.append(time.perf_counter() - arrival)
        return done

    tasks = []
    started = time.perf_counter()
    for at, game in schedule:
        arrival = started + at
        await asyncio.sleep(max(0.0, arrival - time.perf_counter()))
        tasks.append(asyncio.ensure_future(
            command(game, arrival, random.Random(rng.getrandbits(32)))))
    counts = await asyncio.gather(*tasks)
    return sum(counts), time.perf_counter() - started, latencies


# The render floor ------------------------------------------------------------------------


def time_paint(jobs: list[bytes], rounds: int) -> list[tuple[float, float]]:
    """Render+encode each job ``rounds`` times, one at a time (in a warm process): the
    wall-clock and the CPU seconds of each."""
    decoded = [Job.decode(j) for j in jobs]
    for job in decoded[:5]:
        paint(job)
    out = []
    for _ in range(rounds):
        for job in decoded:
            started, cpu = time.perf_counter(), time.process_time()
            paint(job)
            out.append((time.perf_counter() - started, time.process_time() - cpu))
    return out


def render_seconds(jobs: list[bytes], rounds: int = 3) -> list[tuple[float, float]]:
    """Timings of the jobs drawn in a process forked from the warm fork server (so this
    process never holds the static layers)."""
    ctx = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=ctx) as pool:
        return pool.submit(time_paint, jobs, rounds).result()


def sample_jobs(pictures: Pictures, every: int) -> list[bytes]:
    """Record every ``every``-th picture asked for (the exact job the workers got)."""
    jobs: list[bytes] = []
    submit = pictures.submit
    seen = [0]

    def recording(game: str, view: Any, names: list[str], colours: Any = None,
                  since: Any = None) -> Any:
        seen[0] += 1
        if seen[0] % every == 0:
            jobs.append(make_job(game, view, names, colours, since).encode())
        return submit(game, view, names, colours, since)

    pictures.submit = recording  # type: ignore[method-assign]
    return jobs


# Main -----------------------------------------------------------------------------------


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="live games (default 100)")
    parser.add_argument("--turns", type=int, default=10,
                        help="commands per game without pictures (default 10)")
    parser.add_argument("--render-turns", type=int, default=10,
                        help="commands per game in the capacity run (default 10)")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="length of each open-loop run (default 20 s)")
    parser.add_argument("--rate", type=float, default=40.0,
                        help="commands/s over all games for the open-loop run the p99 line "
                             "reports (default 40)")
    parser.add_argument("--no-half", action="store_true",
                        help="skip the open-loop run at 50%% of the capacity")
    parser.add_argument("--workers", type=int, default=None,
                        help="picture processes (default: one per core; 0: threads)")
    parser.add_argument("--think-workers", type=int, default=None,
                        help="processes the computer seats think in (default: one per "
                             "core, as the bot; 0: a thread of the bot process)")
    parser.add_argument("--think-nice", type=int, default=None,
                        help="the thinking processes' nice below the bot (default: the bot's)")
    parser.add_argument("--choose-live", action="store_true",
                        help="in the capacity and open-loop runs, choose each player's "
                             "command in this process as it goes (by default they are "
                             "chosen beforehand: the bot never chooses its players' moves)")
    parser.add_argument("--default-gc", action="store_true",
                        help="keep CPython's collector thresholds (the bot tunes them: "
                             "bot/runtime.py)")
    parser.add_argument("--gc", metavar="Y,M,F",
                        help="the collector's thresholds to try (default: the bot's)")
    parser.add_argument("--db", help="SQLite file (default: a temporary one, removed after)")
    parser.add_argument("--computers", type=int, choices=(0, 1), default=1,
                        help="computer seats per game (default 1: two humans and a "
                             "computer; 0: three humans, to measure the bot without "
                             "any computer's thinking)")
    parser.add_argument("--profile", metavar="FILE",
                        help="cProfile the bot process during the capacity run into FILE")
    return parser.parse_args()


async def main() -> None:
    args = arguments()
    if args.gc:
        young, middle, full = (int(x) for x in args.gc.split(","))
        tune_gc((young, middle, full))
    elif not args.default_gc:
        tune_gc()           # as `python -m bot` does
    collector = CollectorWatch()
    cores = machine_cores()
    print(f"machine: {cores} cores; {uptime()}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(args.db) if args.db else Path(folder) / "bench.sqlite3"
        started = time.perf_counter()
        # every reply waits for its picture and none is skipped: capacity *with* pictures
        pictures = await Pictures.start(args.workers, wait=60.0, timeout=60.0,
                                        queue=args.games + 8)
        print(f"pictures: {pictures.describe()}, warm in "
              f"{time.perf_counter() - started:.1f} s")
        thinkers = await start_thinkers(args.think_workers, **(
            {} if args.think_nice is None else {"nice": args.think_nice}))
        print(f"computers think in {thinkers.describe()}")
        try:
            svc = await TableService.open(path, render=False, pictures=pictures,
                                          seed_source=iter(range(1, 10**6)).__next__,
                                          thinkers=thinkers)
            try:
                lines = await run(svc, pictures, path, args, cores)
                collected = collector.describe()     # before the full collection below
                full = full_collection()
            finally:
                await svc.close()
        finally:
            await thinkers.close()
            await pictures.close()
    print(collected)
    print(full)
    print("\n".join(lines))


def full_collection() -> str:
    """One full collection with the games still live, timed: what the bot's collector
    thread (bot/runtime.py) does every SAILBOT_GC_SECONDS, and the cyclic garbage the
    whole run left for it."""
    started, cpu = time.perf_counter(), time.thread_time()
    found = gc.collect()
    wall, cpu = time.perf_counter() - started, time.thread_time() - cpu
    return (f"a full collection at the end, games live (bot/runtime.py runs one every "
            f"{FULL_EVERY:.0f} s): {found} unreachable objects found, "
            f"{wall * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU)")


async def run(svc: TableService, pictures: Pictures, path: Path, args: argparse.Namespace,
              cores: int) -> list[str]:
    """Every step; returns the three closing lines."""
    seats = "2 humans + 1 computer" if args.computers else "3 humans, no computer"
    print(f"{args.games} concurrent games ({seats} each), SQLite WAL at {path}")
    started = time.perf_counter()
    await setup_games(svc, args.games, args.computers)
    print(f"setup: {args.games} lobbies opened, joined and started in "
          f"{time.perf_counter() - started:.2f} s")

    # 1. without pictures
    started, cpu = time.perf_counter(), time.process_time()
    counts = await asyncio.gather(*(play(svc, 10_000 + g, args.turns, random.Random(g))
                                    for g in range(args.games)))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    service = elapsed - sum(THINKING)
    if sum(counts):
        print(f"without pictures: {sum(counts)} commands in {elapsed:.2f} s "
              f"({sum(THINKING):.2f} s of it the simulated players choosing): "
              f"{sum(counts) / service:.0f} commands/s through the service, "
              f"{(cpu - sum(THINKING)) / sum(counts) * 1000:.2f} ms CPU per command")

    # 2. autocomplete
    timings: list[float] = []
    for g in range(args.games):
        table = await svc.table(10_000 + g)
        if table.state is None or not table.game.to_act(table.state):
            continue
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id or 0
        for verb in ("hire", None, "sail", "build"):
            t0 = time.perf_counter()
            await svc.suggestions(10_000 + g, user, verb, "")
            timings.append(time.perf_counter() - t0)
    print(f"autocomplete: {len(timings)} calls, p50 {pct(timings, 50) * 1000:.1f} ms, "
          f"p99 {pct(timings, 99) * 1000:.1f} ms")

    # 3. capacity with pictures, closed loop
    svc.narrator.render = True
    await play(svc, 10_000, 1, random.Random(0), pictures=True)     # warm the path
    scripts = None
    if not args.choose_live:
        started = time.perf_counter()
        scripts = await asyncio.to_thread(choose_beforehand, path, args.games,
                                          args.render_turns, 1000)
        print(f"the players' {sum(map(len, scripts))} commands of the capacity run chosen "
              f"beforehand, in another process on a copy of the database, in "
              f"{time.perf_counter() - started:.1f} s")
    jobs = sample_jobs(pictures, every=max(1, args.games * args.render_turns // 60))
    THINKING.clear()
    latencies: list[float] = []
    print(f"load before the capacity run: {uptime()}")
    profiler = cProfile.Profile() if args.profile else None
    workers = pictures.pids()
    thinkers = svc.tables.thinkers
    thinking = await thinkers.pids() if isinstance(thinkers, ProcessThinkers) else []
    worker_cpu, think_cpu = cpu_seconds(workers), cpu_seconds(thinking)
    threads_before = thread_cpu()
    started, cpu = time.perf_counter(), time.process_time()
    if profiler is not None:
        profiler.enable()
    counts = await asyncio.gather(*(
        replay(svc, 10_000 + g, scripts[g], latencies) if scripts is not None else
        play(svc, 10_000 + g, args.render_turns, random.Random(1000 + g), latencies, True)
        for g in range(args.games)))
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(args.profile)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    capacity = sum(counts) / elapsed
    threads = {kind: seconds - threads_before.get(kind, 0.0)
               for kind, seconds in thread_cpu().items()}
    worker_cpu = cpu_seconds(workers) - worker_cpu
    think_cpu = cpu_seconds(thinking) - think_cpu
    print(f"capacity with pictures, all {args.games} games flat out (closed loop): "
          f"{sum(counts)} commands in {elapsed:.2f} s = {capacity:.1f} commands/s; "
          f"turn latency p50 {pct(latencies, 50) * 1000:.0f} ms, "
          f"p99 {pct(latencies, 99) * 1000:.0f} ms; bot process CPU "
          f"{cpu / sum(counts) * 1000:.2f} ms per command (players' choosing "
          f"{sum(THINKING) / sum(counts) * 1000:.2f} ms of it); {dict(pictures.counts)}")
    by_thread = sorted(threads.items(), key=lambda kv: -kv[1])
    print("  the bot process's CPU per command by thread: " + ", ".join(
        f"{kind} {seconds / sum(counts) * 1000:.2f} ms" for kind, seconds in by_thread
        if seconds > 0) + f", threads that ended "
        # the threads' CPU is counted in clock ticks (10 ms each), the process's exactly:
        # the rest can come out a little below zero when no thread ended
        f"{max(0.0, cpu - sum(threads.values())) / sum(counts) * 1000:.2f} ms")
    pictures.submit = type(pictures).submit.__get__(pictures)  # type: ignore[method-assign]
    if isinstance(pictures.painter, ProcessPainter):
        print(f"  pictures per worker: {sorted(pictures.painter.drawn_by.values())}")

    # 4. the render floor
    timings = await asyncio.to_thread(render_seconds, jobs)
    seconds = [wall for wall, _ in timings]
    mean = statistics.mean(seconds)
    paint_cpu = statistics.mean(cpu for _, cpu in timings)
    floor = cores / mean
    print(f"render floor: {len(jobs)} of those pictures drawn {len(seconds) // len(jobs)} "
          f"times each, one at a time: render+encode mean {mean * 1000:.1f} ms (median "
          f"{statistics.median(seconds) * 1000:.1f} ms, CPU {paint_cpu * 1000:.1f} ms) -> "
          f"{cores} cores / {mean * 1000:.1f} ms = {floor:.1f} pictures/s; capacity is "
          f"{capacity / floor:.0%} of it")
    # on a shared machine the wall clock measures the share we got: in CPU time, what
    # each command cost (bot process + picture workers) against what drawing alone costs
    # says what the cores could do if they were ours
    per_command = (cpu + worker_cpu + think_cpu) / sum(counts)
    print(f"in CPU time: a command cost the bot process {cpu / sum(counts) * 1000:.1f} ms + "
          f"the thinking processes {think_cpu / sum(counts) * 1000:.1f} ms + "
          f"the picture workers {worker_cpu / sum(counts) * 1000:.1f} ms; drawing alone "
          f"{paint_cpu * 1000:.1f} ms -> on {cores} idle cores ~{cores / per_command:.1f} "
          f"commands/s against a floor of {cores / paint_cpu:.1f} "
          f"({paint_cpu / per_command:.0%})")

    # 5. latency in an open loop
    half = capacity / 2
    print(f"load before the open-loop runs: {uptime()}")
    rates = [] if args.no_half or abs(args.rate - half) <= 0.5 else [half]
    latencies = []
    for rate in [*rates, args.rate]:
        schedule = arrivals(args.games, round(rate * args.seconds), rate, int(rate * 100))
        scripts = None
        if not args.choose_live:
            per_game = [0] * args.games
            for _, game in schedule:
                per_game[game] += 1
            scripts = await asyncio.to_thread(choose_beforehand, path, args.games, per_game,
                                              int(rate * 100))
        n, took, latencies = await open_loop(svc, args.games, schedule, scripts,
                                             int(rate * 100))
        print(f"open loop at {rate:.0f} commands/s asked ({rate / capacity:.0%} of capacity) "
              f"over {args.games} games: {n} commands in {took:.1f} s ({n / took:.1f}/s); "
              f"turn latency from arrival to the reply with its picture: p50 "
              f"{pct(latencies, 50) * 1000:.0f} ms, p99 {pct(latencies, 99) * 1000:.0f} ms, "
              f"max {max(latencies) * 1000:.0f} ms; {uptime()}")
    if isinstance(thinkers, ProcessThinkers):
        print(f"computers' turns over the run: {thinkers.in_thread} in the bot's thread "
              f"({thinkers.gave_up} of them given up there after {thinkers.give_up * 1000:.0f} "
              f"ms of its CPU), {thinkers.in_processes} in the thinking processes")
    single: list[float] = []
    for g in range(min(args.games, 20)):
        await play(svc, 10_000 + g, 1, random.Random(g), single)
    print(f"one table alone (no contention): p50 {pct(single, 50) * 1000:.0f} ms, "
          f"p99 {pct(single, 99) * 1000:.0f} ms; pictures {dict(pictures.counts)}")

    # 6. memory, the games still live
    live = 0
    for g in range(args.games):
        live += (await svc.table(10_000 + g)).row.status == "active"
    me = memory(os.getpid())
    print(f"memory with {live} live games: bot process RSS {mb(me['Rss']):.0f} MB "
          f"(PSS {mb(me['Pss']):.0f} MB); state cache {len(svc.tables._cache)} of "
          f"{svc.tables.cache_size}, panels {len(svc.panels._offers)} of {svc.panels.size}")
    pool_pss = 0
    for pid, name in descendants(os.getpid()):
        m = memory(pid)
        pool_pss += m["Pss"]
        print(f"  worker process {pid} ({name}): RSS {mb(m['Rss']):.0f} MB, PSS "
              f"{mb(m['Pss']):.0f} MB, own (USS) {mb(m['Private']):.0f} MB")
    print(f"  all processes together (PSS: a shared page counted once): "
          f"{mb(me['Pss'] + pool_pss):.0f} MB; the rss line below is the bot process alone")
    print(f"load at the end: {uptime()}")
    return [f"capacity {capacity:.1f} commands/s (floor {floor:.1f}, {capacity / floor:.0%})",
            f"p99 {pct(latencies, 99) * 1000:.0f} ms at {args.rate:.0f} commands/s over "
            f"{args.games} games",
            f"rss {mb(me['Rss']):.0f} MB"]


if __name__ == "__main__":
    asyncio.run(main())
