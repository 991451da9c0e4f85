"""`python -m rules <game> random --variant KEY`: random play with a variant's rules on, as
CI's `rules all random` now plays every variant of every game; a saved log keeps the
variant, so `replay` plays it by the same rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import get_game
from rules.__main__ import main


def test_random_play_of_a_variant_is_saved_with_its_rules_and_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["navegador", "random", "--games", "2", "--variant", "all-rows",
                 "--save", str(tmp_path)]) == 0
    assert "navegador games (uniform, variant all-rows)" in capsys.readouterr().out
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 2
    record = json.loads(saved[0].read_text())
    assert record["options"] == get_game("navegador").options_for("all-rows")
    assert main(["navegador", "replay", str(saved[0])]) == 0


def test_random_play_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vasco", "random", "--games", "1", "--variant", "nope"]) == 2
    assert "no variant 'nope'" in capsys.readouterr().err


def test_random_play_of_every_game_plays_every_variant(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["all", "random", "--games", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for name in ("navegador", "vasco", "neptun", "maracaibo"):
        for variant in get_game(name).texts.variants:
            for policy in ("uniform", "explorer"):
                assert f"{name} games ({policy}, variant {variant.key})" in out
