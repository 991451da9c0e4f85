"""The bot process's collector settings (bot/runtime.py): young collections as usual, the
middle and full ones left to a thread that runs a full collection every few minutes."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
from pathlib import Path

from bot.runtime import GC_THRESHOLDS

ROOT = Path(__file__).resolve().parents[1]

# run in a process of its own: tune_gc freezes and retunes the whole process
PROBE = textwrap.dedent("""
    import gc, time, weakref
    from bot.runtime import GC_THRESHOLDS, tune_gc

    collector = tune_gc(full_every=0.3)
    assert gc.get_threshold() == GC_THRESHOLDS

    class Node:
        pass

    node = Node()
    node.me = node                  # a reference cycle, as an exception's traceback makes
    freed = weakref.ref(node)
    gc.collect(0)                   # it outlives a young collection...
    del node
    gc.collect(0)
    gc.collect(0)
    print("after young collections:", "alive" if freed() is not None else "freed")
    junk = [[i] for i in range(50_000)]      # ...and many young collections' worth of work
    del junk
    print("after allocations:", "alive" if freed() is not None else "freed")
    deadline = time.monotonic() + 10
    while freed() is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    print("after the collector thread:", "alive" if freed() is not None else "freed",
          collector.runs >= 1, collector.found >= 1)
    assert tune_gc(full_every=None) is None
""")


def test_a_cycle_waits_for_the_full_collection_and_is_freed_by_it() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True).stdout.splitlines()
    assert out == ["after young collections: alive",
                   "after allocations: alive",
                   "after the collector thread: freed True True"]


def test_young_collections_stay_and_what_start_up_built_is_frozen() -> None:
    """In a process of its own (freezing would keep this test process's objects forever):
    after ``tune_gc`` the young collections are CPython's, the middle and full ones never
    come due on their own, and start-up's objects are frozen out of every collection."""
    script = ("import gc; from bot.runtime import tune_gc; tune_gc(full_every=None); "
              "print(*gc.get_threshold(), gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    young, middle, full, frozen = map(int, out)
    assert (young, middle, full) == GC_THRESHOLDS
    assert young == 700 and middle >= 10**6 and full >= 10**6
    assert frozen > 1000, "start-up's objects (modules, functions) are frozen"
    assert gc.get_threshold()[1] < GC_THRESHOLDS[1], "this test process is untouched"
