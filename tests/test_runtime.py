"""The bot process's own settings (bot/runtime.py): the garbage collector's thresholds."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from bot.runtime import GC_THRESHOLDS

ROOT = Path(__file__).resolve().parents[1]


def test_the_bot_makes_full_collections_rare_and_freezes_what_start_up_built() -> None:
    """In a process of its own (freezing would keep this test process's objects forever):
    after ``tune_gc`` the full collection waits ~100 times longer than CPython's default,
    the young collections are unchanged, and start-up's objects are frozen out of them."""
    script = ("import gc; from bot.runtime import tune_gc; tune_gc(); "
              "print(*gc.get_threshold(), gc.get_freeze_count())")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    young, middle, full, frozen = map(int, out)
    assert (young, middle, full) == GC_THRESHOLDS
    assert young == 700 and full >= 100 * 10, "full collections ~100 times rarer"
    assert frozen > 1000, "start-up's objects (modules, functions) are frozen"
    assert gc.get_threshold()[2] < GC_THRESHOLDS[2], "this test process is untouched"
