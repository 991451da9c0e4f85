"""scripts/bench_search.py runs and prints what it promises (its numbers are a benchmark's,
not checked here): the same digests on two runs, so a speed-up can be checked with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "bench_search.py"


def run(*args: str) -> list[str]:
    out = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                         text=True, check=True, timeout=300)
    return out.stdout.splitlines()


def test_bench_search_prints_the_same_digests_twice() -> None:
    args = ("neptun", "--games", "1", "--every", "25", "--budget", "60")
    first, second = run(*args), run(*args)
    assert len(first) == 2
    assert "positions" in first[0] and "evaluate digest" in first[0]
    assert "strong decisions at a budget of 60 moves" in first[1]
    digests = [line.rsplit("digest ", 1)[1] for line in first]
    assert digests == [line.rsplit("digest ", 1)[1] for line in second]
