"""Where a command's wall time goes under load: ``scripts/bench_service.py`` with every
stage of each command timed in its open-loop runs (prints numbers; not a test).

    .venv/bin/python scripts/bench_stages.py [bench_service.py's options]

After each open-loop run it prints the mean milliseconds of each stage of ``move()`` —
loading the table, the computers' turn, the commit, submitting the picture job, the turn
panel, and the wait for the picture — over all commands and over the slowest 2%, and the
p50/p99 of ``move()`` beside the benchmark's own (from each command's arrival).
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bench_service  # noqa: E402

from bot.pictures.front import Drawing  # noqa: E402
from bot.table.moves import MoveDesk  # noqa: E402
from bot.table.narrate import Narrator  # noqa: E402
from bot.table.panels import Panels  # noqa: E402
from bot.table.tables import Tables  # noqa: E402

STAGES = ["total", "load", "computers", "commit", "submit", "panel", "picture"]
CURRENT: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
    "stages", default=None)
RECORDS: list[dict[str, float]] = []


def _add(label: str, started: float) -> None:
    record = CURRENT.get()
    if record is not None:
        record[label] = record.get(label, 0.0) + time.perf_counter() - started


def time_stage(owner: type, name: str, label: str) -> None:
    """Wrap ``owner.name`` (a coroutine function or a plain one) so that its wall time
    is added to the current command's ``label``."""
    original = getattr(owner, name)
    if inspect.iscoroutinefunction(original):
        async def timed_async(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                _add(label, started)
        setattr(owner, name, timed_async)
        return

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            _add(label, started)
    setattr(owner, name, timed)


def instrument() -> None:
    for owner, name, label in ((Tables, "active", "load"), (Tables, "computers", "computers"),
                               (Tables, "commit", "commit"), (Narrator, "start_picture", "submit"),
                               (Panels, "public", "panel"), (Drawing, "settle", "picture")):
        time_stage(owner, name, label)
    move = MoveDesk.move

    async def timed_move(self: MoveDesk, *args: Any, **kwargs: Any) -> Any:
        record: dict[str, float] = {}
        CURRENT.set(record)
        started = time.perf_counter()
        try:
            return await move(self, *args, **kwargs)
        finally:
            record["total"] = time.perf_counter() - started
            RECORDS.append(record)
    MoveDesk.move = timed_move  # type: ignore[method-assign]

    open_loop: Callable[..., Any] = bench_service.open_loop

    async def reporting(*args: Any, **kwargs: Any) -> Any:
        RECORDS.clear()
        answer = await open_loop(*args, **kwargs)
        report()
        return answer
    bench_service.open_loop = reporting


def report() -> None:
    records = sorted(RECORDS, key=lambda r: r["total"])
    if not records:
        return

    def line(chosen: list[dict[str, float]], title: str) -> str:
        means = "  ".join(f"{k} {1000 * sum(r.get(k, 0.0) for r in chosen) / len(chosen):.1f}"
                          for k in STAGES)
        return f"  stages, mean ms, {title} ({len(chosen)} commands): {means}"
    print(line(records, "all"))
    print(line(records[int(len(records) * 0.98):], "the slowest 2%"))
    totals = [r["total"] for r in records]
    print(f"  move() p50 {1000 * bench_service.pct(totals, 50):.0f} ms, "
          f"p99 {1000 * bench_service.pct(totals, 99):.0f} ms")


if __name__ == "__main__":
    instrument()
    sys.argv[0] = "bench_service.py"
    asyncio.run(bench_service.main())
