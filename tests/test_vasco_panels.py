"""Vasco da Gama's turn panels as a player on a phone sees them: buttons and menu options
say what a choice costs or gives in words (not the notation), fit Discord's limits without
being cut, and a lone ship is sent in one press."""

from __future__ import annotations

from bot.table.panels import Menu, Panel, Panels
from tests.panel_support import states, table_of
from tests.vasco_helpers import G, calling, edit, give_sailors, ready, take_out


def labels(panel: Panel) -> list[str]:
    out: list[str] = []
    for row in panel.rows:
        out += [o.label for o in row.options] if isinstance(row, Menu) else [b.label for b in row]
    return out


def root(state, seat: int) -> Panel:
    return Panels().for_seat(table_of("vasco", state), seat)


def test_phase_1_number_buttons_say_what_acting_with_them_costs_now() -> None:
    state = edit(ready(3))
    state.free = 12
    seat = G.to_act(state)[0]
    shown = labels(root(state, seat))
    assert "5 (costs 7 now)" in shown and "12 (free now)" in shown and "20 (free now)" in shown
    inner = Panels().for_seat(table_of("vasco", state), seat, (shown.index("12 (free now)"),))
    assert "on recruit-1" in labels(inner)


def test_the_extra_disc_choices_say_extra_disc_and_the_slot() -> None:
    state = edit(ready(2))
    seat = G.to_act(state)[0]
    state.holders["manuel"] = seat
    state.seats[seat].discs = 0
    state.seats[seat].extra = "hand"
    panel = root(state, seat)
    text = panel.describe()
    assert "21 (extra disc)" in text and "22 (extra disc)" in text, text
    assert "on recruit-1" in text
    assert "keep the extra disc back this round" in labels(panel)


def test_phase_2_pass_and_hire_buttons_say_the_reales() -> None:
    state = calling(ready(2), 0, 14, "recruit", free=10)
    state.seats[0].coins = 3
    shown = labels(root(state, 0))
    assert shown[0] == "pass: take 3 Reales"
    assert "a captain only (free)" in " | ".join(shown)
    hires = [x for x in shown if "section 1: " in x]
    assert hires and all(x.endswith(("Real", "Reales")) for x in hires), hires
    assert "section 1: 1 violet + captain · 2 Reales" in hires
    assert not any(x.startswith("hire 1:") or x == "pass" for x in shown)


def test_many_hires_open_by_section_with_whole_labels() -> None:
    state = calling(ready(4), 0, 14, "recruit", free=10)
    state.seats[0].coins = 30
    panel = root(state, 0)
    shown = labels(panel)
    assert "hire from section 1" in shown and "hire a captain only (free)" in shown
    inner = Panels().for_seat(table_of("vasco", state), 0, (shown.index("hire from section 1"),))
    assert all(x.endswith(("Real", "Reales", "Back")) for x in labels(inner)), inner.describe()
    assert not any(x.endswith("…") for x in shown)


def test_character_buttons_name_the_character_and_what_it_gives() -> None:
    state = calling(ready(3), 0, 14, "character", free=10)
    state.holders = {k: None for k in state.holders}
    shown = labels(root(state, 0))
    assert "Bartolomeu Dias: +2 VP, start player" in shown
    assert "Francisco Alvares: +1 missionary" in shown
    assert any(x.startswith("coin space 1: take ") for x in shown)
    assert "Sernigi: merchant now" in shown          # opens the landings
    assert not any(x.startswith("sernigi") or x.startswith("manuel") for x in shown)


def test_buy_buttons_show_each_project_and_its_price() -> None:
    state = calling(ready(2), 0, 14, "project", free=10)
    state.seats[0].coins = 10
    shown = labels(root(state, 0))
    tile = state.display[0]
    first = next(x for x in shown if x.startswith("project 1: "))
    assert tile in first and "str " in first and first.endswith("· 1 Real")
    assert any(x.startswith("projects 1 + 2 (") and x.endswith("· 4 Reales") for x in shown)


def _with_ship(players: int = 2):
    state = calling(ready(players), 0, 14, "navigation", free=10)
    tile = "I-12"
    take_out(state, tile)
    state.seats[0].ships = [tile]
    state.seats[0].captains = 2
    return state, tile


def test_expedition_choices_name_the_landing_its_vp_and_bonus() -> None:
    state, tile = _with_ship()
    panel = root(state, 0)
    text = panel.describe()
    assert "Mozambique slot" in text and " VP) + 1 captain" in text
    assert f"send {tile} to" not in " | ".join(labels(panel))


def test_a_lone_ship_is_sent_in_one_press_and_the_expedition_ends() -> None:
    state, tile = _with_ship()
    sends = [c for c in G.choices(state, 0) if c.path[0] == f"ship {tile}"]
    assert sends and all(str(c.move).startswith(f"send {tile} to ") for c in sends)
    assert all("..." not in str(c.move) for c in sends)      # no `done` press after it
    after, _ = G.apply(state, 0, sends[0].move)
    assert after.expedition is None and after.called != state.called


def test_with_two_ships_the_expedition_stays_open_for_the_second() -> None:
    state, tile = _with_ship()
    take_out(state, "I-14")
    state.seats[0].ships.append("I-14")
    choices = G.choices(state, 0)
    first = next(c for c in choices if c.path[0] == f"ship {tile}")
    after, _ = G.apply(state, 0, first.move)
    assert after.expedition is not None
    assert any(c.path == ("end the expedition",) for c in G.choices(after, 0))


def test_launch_choices_name_the_project_and_the_crew() -> None:
    state = calling(ready(2), 0, 14, "recruit", free=10)
    take_out(state, "I-12")
    state.seats[0].projects = ["I-12"]
    give_sailors(state, 0, turquoise=1, violet=1, orange=1)
    paths = [c.path for c in G.choices(state, 0) if c.path[0].startswith("launch")]
    assert ("launch I-12 (str 7, crew 3)", "using turquoise violet orange") in paths


def test_no_vasco_label_is_cut_on_discord() -> None:
    """Button labels fit 80 characters and options 100 whole, in every sampled state."""
    from bot.table.menus import LABEL, OPTION_LABEL

    for state in states("vasco")[:80]:
        panels = Panels()
        table = table_of("vasco", state)
        for seat in G.to_act(state):
            for c in G.choices(state, seat):
                assert len(" ".join(c.path)) <= LABEL or len(c.path) > 1, c.path
                assert all(len(p) <= OPTION_LABEL for p in c.path), c.path
            panel = panels.for_seat(table, seat)
            assert not any(x.endswith("…") for x in labels(panel)), panel.describe()


def test_a_launch_and_send_suggestion_keeps_its_vp_and_bonus_within_100_characters() -> None:
    from rules.vasco.moves import Turn

    state, _ = _with_ship()
    state.seats[0].ships = []
    take_out(state, "I-14")                 # crew 4: the longest notation
    state.seats[0].projects = ["I-14"]
    give_sailors(state, 0, turquoise=1, violet=1, orange=1)
    state.seats[0].missionaries = 1
    turns = [m for m in G.suggestions(state, 0, G.verb("sail"))
             if isinstance(m, Turn) and str(m).startswith("launch")]
    assert turns
    for move in turns:
        label = G.describe(state, 0, move)
        assert len(label) <= 100 and " VP" in label.split(" — ", 1)[1], label


def test_a_player_who_may_only_launch_is_told_so_on_their_own_panel() -> None:
    """'Your move' for a seat the table does not wait for: its heading says it may launch
    (the other player's 'recruit … or /pass' is not theirs to do)."""
    state = calling(ready(3), 0, 14, "recruit", free=10)
    take_out(state, "I-12")
    state.seats[1].projects = ["I-12"]
    give_sailors(state, 1, turquoise=1, violet=1, orange=1)
    assert G.waiting_on(state) == [0] and 1 in G.to_act(state)
    panel = root(state, 1)
    assert panel.heading == ("**P2** — you may launch a project now (`/launch`, any time); "
                             "the table waits for P1"), panel.heading
    assert all(x.startswith("launch I-12") for x in labels(panel))
    assert "recruit" in root(state, 0).heading


def test_move_autocomplete_offers_the_pass_beside_many_hires() -> None:
    from bot.table.suggest import suggest

    state = calling(ready(4), 0, 14, "recruit", free=10)
    state.seats[0].coins = 30
    got = suggest(G, state, 0, None, "")
    assert len(got) == 25 and ("pass", "pass — take 3 Reales") in got, got[:3]
