"""scripts/maracaibo_evaluation.py: the fit recovers weights it is shown, and a played-and-
fitted file is one the strong computer can read."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules.maracaibo import computer
from rules.maracaibo.data import load_leaf_weights

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "maracaibo_evaluation.py"
spec = importlib.util.spec_from_file_location("maracaibo_evaluation", SCRIPT)
assert spec and spec.loader
fitting = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fitting)


def synthetic(rows: int, weights: dict[str, float]) -> list[dict]:
    """Rows whose margin is exactly the weighted sum of the parts' differences."""
    rng = random.Random(5)
    out = []
    for i in range(rows):
        own = [rng.uniform(0, 30) for _ in computer.TERMS]
        other = [rng.uniform(0, 30) for _ in computer.TERMS]
        margin = sum(weights.get(t, 1.0) * (a - b)
                     for t, a, b in zip(computer.TERMS, own, other, strict=True))
        out.append({"deal": i % 10, "seat": 0, "time": rng.uniform(0, 4), "own": own,
                    "other": other, "margin": margin})
    return out


def test_the_fit_recovers_the_weights_behind_the_margins() -> None:
    truth = {"money": 2.0, "hand": 0.5, "figures": 1.5}
    w = fitting.fit(synthetic(600, truth), ridge=0.01)
    n = len(computer.TERMS)
    for j in range(len(fitting.KNOTS)):
        for k, term in enumerate(computer.TERMS):
            assert w[j * n + k] == pytest.approx(truth.get(term, 1.0), abs=0.02)


def test_a_fixed_part_keeps_its_weight() -> None:
    w = fitting.fit(synthetic(600, {"scored": 0.3}), ridge=0.01, fixed=("scored",))
    n = len(computer.TERMS)
    assert all(w[j * n] == pytest.approx(1.0) for j in range(len(fitting.KNOTS)))


def test_played_games_fit_into_a_file_the_strong_computer_reads(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    subprocess.run([sys.executable, str(SCRIPT), "play", "--games", "2", "--first", "11",
                    str(rows)], check=True, capture_output=True, timeout=300)
    assert len(rows.read_text().splitlines()) > 40
    out = subprocess.run([sys.executable, str(SCRIPT), "fit", str(rows), "--write",
                          str(tmp_path / "evaluation.toml")], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    assert "hand R²" in out and "wrote" in out
    weights = load_leaf_weights(str(tmp_path))
    assert set(weights.weights) == set(computer.TERMS)
    assert weights.knots == fitting.KNOTS
