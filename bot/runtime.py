"""Process-wide settings of the bot process, applied once at start-up by ``python -m bot``
(the Discord app and the local table alike) and by ``scripts/bench_service.py``, which
measures that process.

The garbage collector. Every move makes a new game state, a turn panel and a public view
— tens of thousands of small objects — and most live only until the next move. With
CPython's default thresholds (700, 10, 10) a full collection ran every ~200 commands under
load and walked every live object (~180,000 with 100 live games): ~95 ms of CPU each, a
pause every table felt, and half of all the collector's CPU. Full collections are now
~100 times rarer, the young ones unchanged; what start-up built (modules, data, schemas)
is frozen out of every collection. Measured with ``scripts/bench_service.py`` (CPU time of
the collections over one run): 1.9 → 0.9 s, the longest pause 128 → 22 ms. Objects caught
in reference cycles wait longer to be freed; the benchmark's RSS line keeps watch.
"""

from __future__ import annotations

import gc

GC_THRESHOLDS = (700, 10, 1000)     # young, middle, full: see above


def tune_gc(thresholds: tuple[int, int, int] = GC_THRESHOLDS) -> None:
    """Freeze what exists now (call it once start-up has loaded everything) and set the
    collector's thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)
