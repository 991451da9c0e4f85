"""Process-wide settings of the bot process, applied once at start-up by ``python -m bot``
(the Discord app and the local table alike) and by ``scripts/bench_service.py``, which
measures that process.

The garbage collector. Every move makes a new game state, a turn panel and a public view
— tens of thousands of small objects — and most live until that game's next move, long
enough to outlive a young collection. CPython's collector then keeps walking them: with
its default thresholds (700, 10, 10) a full collection ran every ~200 commands under load
and walked every live object (~180,000 with 100 live games, ~95 ms of CPU each); with full
collections made rare, the middle collections still walked the last few thousand
survivors every tenth young collection (~150 of them in a benchmark run, 1 s of CPU, the
longest 35–58 ms — a pause every table felt).

The young collections themselves are paced by the table service, one after every command
(``bot.table.service.young_collection``): CPython's own count of allocations minus
deallocations is held down by each move freeing the game's previous state, so between
two of its young collections the young generation grew to 20,000–44,000 objects, a
10–40 ms pause; one per command keeps each under a few milliseconds.

No game leaves a reference cycle on a move (``tests/test_no_cycles.py``): the objects the
collector walks are freed by their reference counts, never by it. So the young
collections stay (they catch the short-lived cycles of asyncio and exceptions), the middle
and full ones are left to a thread that runs a full collection every ``full_every``
seconds (``SAILBOT_GC_SECONDS``, default 600): what a cycle holds past its first young
collection is freed within minutes, and the pause (150–210 ms with 100 live games) comes once
in those minutes instead of every few seconds. What start-up built (modules, data,
schemas) is frozen out of every collection. ``scripts/bench_service.py`` prints what a
full collection found at the end of its run and what it cost.
"""

from __future__ import annotations

import gc
import threading
import time

# young, middle, full: the middle and full collections are never due on their own
GC_THRESHOLDS = (700, 1_000_000, 1_000_000)
FULL_EVERY = 600.0      # seconds between the full collections of the collector thread


class FullCollections(threading.Thread):
    """A daemon thread running ``gc.collect()`` every ``every`` seconds, for the life of
    the process."""

    def __init__(self, every: float) -> None:
        super().__init__(name="full-collections", daemon=True)
        self.every = every
        self.runs = 0
        self.found = 0          # unreachable objects found (and freed) over all runs

    def run(self) -> None:
        while True:
            time.sleep(self.every)
            self.found += gc.collect()
            self.runs += 1


def tune_gc(thresholds: tuple[int, int, int] = GC_THRESHOLDS,
            full_every: float | None = FULL_EVERY) -> FullCollections | None:
    """Freeze what exists now (call it once start-up has loaded everything), set the
    collector's thresholds and start the thread of full collections (none if
    ``full_every`` is None or 0)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)
    if not full_every:
        return None
    collector = FullCollections(full_every)
    collector.start()
    return collector
