"""Games stored by an earlier version still load and play on after an upgrade.

A game may run for weeks across bot restarts and upgrades, and must never lose a move. The
store keeps a game as its seed and options, a snapshot every few plies and each move's
notation; loading reads the snapshot back and replays the moves after it
(``bot.table.tables.Tables.replay``). ``tests/data/stored_games/`` holds complete games
recorded that way by ``scripts/stored_games.py`` (every game, its fewest and most seats,
every lobby variant). If one of these tests fails, a change has broken games that are in
progress on a server:

* a move no longer replays → that game cannot be loaded at all ("its move N no longer
  replays"): keep the old notation readable, or migrate the stored games;
* the snapshot no longer loads → every stored game is unloadable: give the new state field
  a default;
* the final scores differ → the rules now play the same moves differently. If that is a
  deliberate rule fix, games in progress continue under the new rule; say so in the
  commit, then record the corpus again with ``python scripts/stored_games.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import game_names, get_game

CORPUS = Path(__file__).parent / "data" / "stored_games"
GAMES = [n for n in game_names() if not n.startswith("toy")]


def stored(name: str) -> list[dict[str, Any]]:
    return json.loads((CORPUS / f"{name}.json").read_text())["games"]


def label(entry: dict[str, Any]) -> str:
    return f"{entry['players']} players, seed {entry['seed']}, variant {entry['variant']}"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_and_variant_has_stored_games(name: str) -> None:
    game = get_game(name)
    entries = stored(name)
    assert {e["players"] for e in entries} >= {game.min_players, game.max_players}
    assert {e["variant"] for e in entries if e["variant"]} == \
        {v.key for v in game.texts.variants}, "record the new variant: scripts/stored_games.py"


@pytest.mark.parametrize("name", GAMES)
def test_a_stored_game_replays_move_by_move_to_its_recorded_score(name: str) -> None:
    game = get_game(name)
    for entry in stored(name):
        state = game.setup(entry["players"], entry["seed"], entry["options"])
        for ply, (seat, text) in enumerate(entry["moves"], 1):
            try:
                state, _ = game.play(state, seat, text)
            except Exception as exc:    # any failure here is a game lost on a server
                pytest.fail(f"{name} ({label(entry)}): move {ply} {text!r} no longer "
                            f"replays: {exc}")
        result = game.result(state)
        assert result is not None, f"{name} ({label(entry)}) no longer ends"
        assert list(result.scores) == entry["scores"], \
            f"{name} ({label(entry)}): the same moves now score differently"


@pytest.mark.parametrize("name", GAMES)
def test_a_stored_snapshot_loads_and_plays_on_to_the_same_score(name: str) -> None:
    game = get_game(name)
    for entry in stored(name):
        state = game.load(entry["snapshot"])
        for seat, text in entry["moves"][entry["snapshot_after"]:]:
            state, _ = game.play(state, seat, text)
        result = game.result(state)
        assert result is not None and list(result.scores) == entry["scores"], label(entry)
