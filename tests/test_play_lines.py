"""How a run of plies reads in the channel: one line per player's run, and the same public
words repeated in a row counted once (a computer's secret choices), never dropped."""

from __future__ import annotations

from types import SimpleNamespace

from bot.table.narrate import play_lines, runs
from bot.table.tables import Play


def test_repeats_in_a_row_are_counted_and_other_moves_kept_in_order():
    assert runs(["a", "a", "b", "a"]) == [("a", 2), ("b", 1), ("a", 1)]
    assert runs([]) == []


def test_a_computers_three_secret_choices_read_once_with_a_count():
    table = SimpleNamespace(names=["alice", "Isabela (computer)"])
    secret = "makes secret setup choices"
    plays = [Play(1, None, f"plan #{i}", public=secret) for i in range(3)]
    plays.append(Play(0, 7, "sail 3"))
    lines = play_lines(table, plays)      # type: ignore[arg-type]
    assert lines == [f"🤖 **Isabela (computer)**: `{secret}` ×3", "**alice**: `sail 3`"]
