"""The arena: computer levels play each other, and we count.

    python -m rules <game> arena --players 2 --seats strong,normal --games 200 --seed 1
                                 [--variant KEY]

Game ``i`` deals seed ``S + i // P`` and rotates the seats by ``i % P`` (P = players), so
every deal is played from every chair; ``--variant`` plays a lobby variant's rules
(``Game.options_for``), as at a table that chose it. Each decision is seeded like the bot
seeds a computer (the game's seed and the ply), and a search's budget is counted in
simulated moves, so a run is reproducible whatever the load; ``--cap`` adds the bot's
safety cap on wall time (which the load can then reach). Games run in a process pool
(``--jobs``, default every core). One line per level:

    strong  71.5% [65.0–77.3]  mean 64.2 VP  margin +8.1  decision 0.930 s (p99 1.410,
            max 1.650; cpu 0.910)  11,000 sim/s

the win rate with its 95% Wilson interval, the mean score and the mean margin (score
minus the best other seat's), the mean and 99th percentile of its decision time, and
the simulated moves per second of CPU time its search ran at (wall time inflates under
load; the CPU time per decision is printed too).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from rules.policy import LEVELS, computer
from rules.registry import get_game

MAX_PLIES = 20_000


@dataclass
class SeatRecord:
    label: str
    score: int
    margin: int
    won: bool
    times: list[float] = field(default_factory=list)
    cpu: float = 0.0
    sims: int = 0
    capped: int = 0


@dataclass
class GameRecord:
    seed: int
    seats: list[SeatRecord]
    plies: int
    turns: int = 0


def labels(levels: list[str]) -> list[str]:
    """Seat labels: the level, numbered when a level sits twice (normal, normal-2)."""
    out = []
    for level in levels:
        n = sum(1 for x in out if x.split("-")[0] == level)
        out.append(level if n == 0 else f"{level}-{n + 1}")
    return out


def play_one(game_name: str, seats: list[str], seed: int, rotation: int,
             think: float | None, budget: int | None, cap: bool = False,
             options: dict[str, Any] | None = None) -> GameRecord:
    """One game; ``seats`` are the labels in chair order before rotating; ``options``:
    the setup options of a variant (``Game.options_for``)."""
    game = get_game(game_name)
    n = len(seats)
    order = seats[rotation:] + seats[:rotation]      # chair -> label
    policies = []
    for label in order:
        policies.append(computer(game, label.split("-")[0], think=think,
                                 clock=time.perf_counter if cap else None, budget=budget))
    state = game.setup(n, seed, options)
    records = [SeatRecord(label, 0, 0, False) for label in order]
    ply = 0
    while (acting := game.to_act(state)) and ply < MAX_PLIES:
        seat = acting[0]
        rng = random.Random(f"{seed}:{ply + 1}")
        started, cpu = time.perf_counter(), time.process_time()
        move = policies[seat].choose(game, state, seat, rng)
        records[seat].times.append(time.perf_counter() - started)
        records[seat].cpu += time.process_time() - cpu
        stats = getattr(policies[seat], "stats", None)
        if stats is not None:
            records[seat].sims += stats.sims
            records[seat].capped += int(stats.capped)
        state, _ = game.apply(state, seat, move)
        ply += 1
    result = game.result(state)
    if result is None:
        raise RuntimeError(f"game with seed {seed} did not end within {MAX_PLIES} plies")
    for seat, rec in enumerate(records):
        best_other = max(s for i, s in enumerate(result.scores) if i != seat)
        rec.score = result.scores[seat]
        rec.margin = result.scores[seat] - best_other
        rec.won = seat in result.winners
    return GameRecord(seed, records, ply, getattr(state, "turn", 0))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def report(records: list[GameRecord], seat_labels: list[str]) -> list[str]:
    lines = []
    width = max(len(x) for x in seat_labels)
    for label in seat_labels:
        mine = [s for g in records for s in g.seats if s.label == label]
        n = len(mine)
        wins = sum(s.won for s in mine)
        low, high = wilson(wins, n)
        times = [t for s in mine for t in s.times]
        sims = sum(s.sims for s in mine)
        cpu = sum(s.cpu for s in mine)
        capped = sum(s.capped for s in mine)
        line = (f"{label:<{width}}  {100 * wins / max(1, n):5.1f}% "
                f"[{100 * low:.1f}–{100 * high:.1f}]  "
                f"mean {sum(s.score for s in mine) / max(1, n):.1f} VP  "
                f"margin {sum(s.margin for s in mine) / max(1, n):+.1f}  "
                f"decision {sum(times) / max(1, len(times)):.3f} s "
                f"(p99 {percentile(times, 0.99):.3f}, max {max(times, default=0):.3f}; "
                f"cpu {cpu / max(1, len(times)):.3f})")
        if sims:
            line += f"  {sims / max(cpu, 1e-9):,.0f} sim/s"
        if capped:
            line += f"  capped {capped}"
        lines.append(line)
    return lines


def run(game_name: str, seats: list[str], games: int, seed: int, think: float | None = None,
        budget: int | None = None, jobs: int = 0,
        progress: Callable[[GameRecord], None] | None = None,
        cap: bool = False, options: dict[str, Any] | None = None) -> list[GameRecord]:
    for level in seats:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    get_game(game_name)
    seat_labels = labels(seats)
    n = len(seats)
    tasks = [(game_name, seat_labels, seed + i // n, i % n, think, budget, cap, options)
             for i in range(games)]
    records: list[GameRecord] = []
    jobs = jobs or os.cpu_count() or 1
    # Ctrl-C (SIGINT) stops the run and keeps the games already finished: a long
    # benchmark stopped at a deadline still reports what it played
    if jobs == 1:
        try:
            for task in tasks:
                records.append(play_one(*task))
                if progress:
                    progress(records[-1])
        except KeyboardInterrupt:
            pass
        return records
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        for rec in pool.map(_play_task, tasks):
            records.append(rec)
            if progress:
                progress(rec)
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)
        return records
    pool.shutdown()
    return records


def _play_task(task: tuple) -> GameRecord:
    return play_one(*task)
