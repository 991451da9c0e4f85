"""The data-file switches for readings the seeds disagree on (spec §9) really switch."""

from __future__ import annotations

import pytest

from rules import IllegalMoveError, NotYourTurnError
from rules.navegador.data import load_data
from tests.navegador_helpers import A, B, C, G, explore_all, play, put_ships, ready, table


def test_card_anytime_lets_the_holder_sail_during_another_turn(monkeypatch):
    monkeypatch.setattr(load_data().navegador_card, "anytime", True)
    s = ready(put_ships(explore_all(table(), "GUI"), C, GUI=2), A, "workers")
    s.card.holder = C
    assert G.to_act(s) == [A, C]
    s, _ = play(s, C, "card GUI>ANG x2")
    assert s.current == A and s.step == "start" and s.card.holder == B
    assert s.sheets[C].ships == {"ANG": 1}
    s, _ = play(s, A, "workers 1")
    assert s.current == B


def test_card_only_on_own_turn_by_default():
    s = ready(put_ships(explore_all(table(), "GUI"), C, GUI=2), A, "workers")
    s.card.holder = C
    assert G.to_act(s) == [A]
    with pytest.raises(NotYourTurnError, match="waiting for seat 1"):
        play(s, C, "card GUI>ANG x2")


def test_end_when_all_rows_are_empty(monkeypatch):
    monkeypatch.setattr(load_data().end, "any_row_empty", False)
    s = ready(table(), A, "build")
    s.bought["sugar"] = 5
    s.sheets[A].cash = 1000
    s, _ = play(s, A, "build sugar")
    assert not s.end_triggered


def test_processing_with_some_dedicated_factories(monkeypatch):
    s = ready(table(), A, "market1")
    s.sheets[A].factories["gold"] = 2
    with pytest.raises(IllegalMoveError, match="all 2"):
        play(s, A, "market process gold:1")
    monkeypatch.setattr(load_data().market, "all_dedicated_factories_process", False)
    after, _ = play(s, A, "market process gold:1")
    assert after.sheets[A].cash == 200 + 30 and after.market["gold"] == 3


def test_data_file_is_validated(tmp_path):
    from pydantic import ValidationError

    from rules.navegador.data import DATA_DIR

    source = tmp_path / "bad.toml"
    good = (DATA_DIR / "game.toml").read_text()
    source.write_text(good.replace('id = "NAG"', 'id = "GUI"'))
    with pytest.raises(ValidationError, match="unique"):
        load_data(str(source))
    source.write_text(good.replace("stack = 1\n", "stack = 2\n"))
    with pytest.raises(ValidationError, match="spice"):
        load_data(str(source))


def test_card_anytime_trigger_player_still_plays_last(monkeypatch):
    """CN reading: C explores Nagasaki with the card before A's turn. Everyone gets one more
    turn after A's and the game ends with C, the trigger player (JP: trigger plays last)."""
    monkeypatch.setattr(load_data().navegador_card, "anytime", True)
    s = table(players=3, seed=9)
    s.phase = 3
    explore_all(s, "GUI", "ANG", "BAH", "RIO", "CAB", "MOC", "IND", "CEI", "MAL", "TIM", "MAC")
    s = ready(put_ships(s, C, MAC=3), A, "workers")
    s.card.holder = C
    s, _ = play(s, C, "card MAC>NAG x3")
    assert s.end_triggered and s.current == A
    order = []
    while s.step not in ("king", "over"):
        order.append(s.current)
        s = ready(s, s.current, "workers")
        s, _ = play(s, s.current, "workers skip")
    assert order == [A, B, C, A, B, C]


def test_all_rows_variant_says_every_row_is_sold_out_when_the_last_one_goes():
    """With `all-rows`, buying the last church when every other row is long gone ends the
    game because *every* row is empty; the message must not say a single row did it."""
    s = table()
    s.options["end_any_row_empty"] = False
    for row in load_data().buildings:
        s.bought[row.key] = row.on_board(s.players)
    s.bought["church"] -= 1
    s = ready(s, A, "build")
    s.sheets[A].cash, s.sheets[A].workers = 1000, 5
    s, events = play(s, A, "build church")
    assert s.end_triggered
    said = " ".join(e.text for e in events if e.kind == "end")
    assert "every building row is sold out" in said
    assert "the church row is empty" not in said
    assert "every building row is sold out" in s.end_reason
