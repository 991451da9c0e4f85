"""Maracaibo's turn panels as a player on a phone sees them: buttons carry no description,
so each says what it does in words (cards, buildings, ship spaces and careers by name), and
the sails are listed along the route."""

from __future__ import annotations

from bot.table.panels import Menu, Panels
from rules.maracaibo.data import Atom
from rules.maracaibo.state import Combat, Decision, Figure, MaracaiboState
from tests.maracaibo_helpers import DATA, at, g, hand, ready, unlock
from tests.panel_support import table_of


def panel(state: MaracaiboState, seat: int) -> str:
    return Panels().for_seat(table_of("maracaibo", state), seat).describe()


def rows(state: MaracaiboState, seat: int) -> list[str]:
    return panel(state, seat).splitlines()[1:]


def test_the_sails_follow_the_route_and_name_the_way_and_its_steps() -> None:
    state = ready(2)
    seat = state.current
    sails = [b for r in rows(state, seat) for b in r.strip()[1:-1].split("] [")
             if b.startswith("sail")]
    assert sails[:6] == [
        "sail 1 Santiago de Cuba (1 step)", "sail 2 Petit-Goave (2 steps)",
        "sail 3 Tortuga (2 steps)", "sail 4 Puerto Plata (3 steps)",
        "sail 5 Santo Domingo (3 steps)", "sail 6 San Juan via 2 Petit-Goave (4 steps)"]
    assert "sail 9 Cumaná via 3 Tortuga (7 steps)" in sails
    assert len(sails) == len({str(m) for m in g.legal_moves(state, seat)
                              if str(m).startswith("sail")})


def test_card_buttons_name_the_card_and_what_it_costs() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "1", mp=3)           # a village: 1 action
    hand(state, seat, ["A05b", "A06a"])
    state.seats[seat].dbl = 10
    text = panel(state, seat)
    assert "[village buy A05b Ship's Carpenter, 3 dbl]" in text
    assert "[plan A06a Spanish Envoy]" in text
    assert "[village invest P" in text and " dbl]" in text.split("[village invest P")[1]
    assert "[village buy A05b]" not in text and "[plan A06a]" not in text


def test_a_disc_button_says_what_the_space_opens() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "1", mp=3)
    hand(state, seat, ["A05b"])                  # Ship's Carpenter: remove 1 disc
    state.seats[seat].dbl = 10
    state, _ = g.play(state, seat, "village buy A05b")
    text = panel(state, seat)
    s1 = DATA.space["S1"]
    assert s1.perm and "[disc S1: hand limit +1 (2 discs on it)]" in text
    assert "[disc S1]" not in text


def test_the_career_choice_at_setup_names_the_careers() -> None:
    state = g.setup(2, 1, None)
    seat = 0
    p = state.seats[seat]
    state, _ = g.play(state, seat, f"plan {p.dealt[0]}")
    state, _ = g.play(state, seat, "keep " + " ".join(state.seats[seat].dealt[:4]))
    text = panel(state, seat)
    for cid in state.seats[seat].careers_dealt:
        assert f"[career {cid} {DATA.career[cid].name}]" in text


def test_a_free_ownership_marker_is_one_press_in_a_menu_per_nation() -> None:
    """39 (place, nation) pairs: a menu per nation, each option a place and its flag —
    not a press on a bare "11 ▸" and then one on "france"."""
    state = ready(3)
    seat = state.current
    state = at(state, seat, "1", mp=3)
    state.decision = Decision(kind="annex_free", seat=seat)
    p = Panels().for_seat(table_of("maracaibo", state), seat)
    menus = [r for r in p.rows if isinstance(r, Menu)]
    assert sorted(m.placeholder for m in menus) == [
        "annex for England", "annex for France", "annex for Spain"]
    for m in menus:                      # every option is of the nation its menu names
        nation = m.placeholder.removeprefix("annex for ").lower()
        assert all(o.description.endswith(nation) for o in m.options), m
    assert "12 Santa Marta: +3 dbl" in [o.label for o in menus[0].options]
    legal = g.legal_moves(state, seat)
    assert len(p.refs()) == len(legal) and all(r.startswith("m") for r in p.refs())


def test_an_annex_in_a_fight_shows_its_cost_and_flag() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "11", mp=3)
    state.seats[seat].cp = 9
    state.combat = Combat(token=0, nation="FR")
    panels, table = Panels(), table_of("maracaibo", state)
    root = panels.for_seat(table, seat)
    group = next(b for r in root.rows if not isinstance(r, Menu) for b in r
                 if b.label == "annex / expel")
    position = tuple(int(i) for i in group.ref[1:].split("."))
    text = panels.for_seat(table, seat, position).describe()
    assert "annex / expel ›" in text.splitlines()[0]
    assert "[12 Santa Marta, 4 CP: +3 dbl]" in text, text


def test_an_assistant_action_says_what_it_gives_on_the_panel_and_in_autocomplete() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "3", mp=3)                     # Tortuga: A15a's assistant
    state.seats[seat].figures.append(Figure(loc="3", card="A15a"))
    move = next(m for m in g.legal_moves(state, seat) if str(m) == "assistant A15a")
    assert g.describe(state, seat, move) == (
        "assistant A15a — Harbor Informant's assistant: +3 dbl")
    assert "[assistant A15a Harbor Informant: +3 dbl]" in panel(state, seat)


def test_a_buy_with_a_discount_shows_the_price_it_pays() -> None:
    """An effect's "buy a card, 2 less": the button and autocomplete said the full price
    (3 dbl) and the buy then cost 1."""
    state = ready(2)
    seat = state.current
    state = at(state, seat, "1", mp=3)
    hand(state, seat, ["A18b"])                            # Fencing Master, 3 dbl
    state.seats[seat].dbl = 10
    state.decision = Decision(kind="buy", seat=seat, n=2)
    assert "[buy A18b Fencing Master, 1 dbl]" in panel(state, seat)
    move = next(m for m in g.legal_moves(state, seat) if str(m) == "buy A18b")
    assert g.describe(state, seat, move).startswith("buy A18b — Fencing Master, 1 dbl")
    after, _ = g.play(state, seat, "buy A18b")
    assert after.seats[seat].dbl == 9


def test_the_village_actions_and_the_scoring_pass_say_what_they_pay() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "1", mp=3)
    hand(state, seat, ["A05b"])
    text = panel(state, seat)
    assert "[village discard your hand: +2 dbl]" in text and "[village take 1 dbl]" in text
    unlock(state, seat, "S6")            # discarding your hand pays +3 dbl, +1 figure
    text = panel(state, seat)
    assert "[village discard your hand: +3 dbl, +1 figure]" in text
    move = next(m for m in g.legal_moves(state, seat) if str(m) == "village discard")
    assert g.describe(state, seat, move) == "village discard — +3 dbl, +1 figure, whole hand"


def test_the_scoring_pass_says_what_it_gives() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "21a", mp=3)
    state, _ = g.play(state, seat, "done")
    assert state.step == "scoring"
    who = g.to_act(state)[0]
    assert "[pass: +2 VP]" in panel(state, who)


def test_the_turn_dm_lists_the_whole_hand_not_a_cut_pointing_to_the_log() -> None:
    """The DM kept 600 characters of /hand by cutting lines from its middle: three of
    four hand cards were gone, with "earlier lines cut — see `/log`"."""
    from bot.table.reminders import reminder_text

    state = ready(2)
    seat = state.current
    hand(state, seat, ["A12a", "A12b", "A14b", "A17a"])
    text = reminder_text("Maracaibo", 1, "link", False, "phase A", [], "",
                         private=g.private_text(state, seat))
    for cid in ("A12a", "A12b", "A14b", "A17a"):
        assert f"• {cid} " in text
    assert "/log" not in text
    assert len(g.private_text(state, seat)) <= 600 or "`/hand`" in text


def test_sail_autocomplete_follows_the_route_and_names_the_way() -> None:
    from bot.table.suggest import suggest

    state = ready(2)
    seat = state.current
    verb = g.verb("sail")
    labels = [label for _, label in suggest(g, state, seat, verb, "")]
    assert labels[:4] == ["sail 1 — Santiago de Cuba (village, 1 step)",
                          "sail 2 — Petit-Goave (village, 2 steps)",
                          "sail 3 — Tortuga (village, 2 steps)",
                          "sail 4 — Puerto Plata (city, 3 steps)"]
    assert "sail 6 via 3 — San Juan via Tortuga (village, 4 steps)" in labels


def test_the_city_action_and_an_optional_payment_say_what_they_give() -> None:
    state = ready(2)
    seat = state.current
    state = at(state, seat, "17", mp=3)                    # Puerto Cabezas
    name, atoms = ("Recruit", "+1 figure, +2 dbl")
    assert f"[city action — {name}: {atoms}]" in panel(state, seat)
    state.decision = Decision(kind="pay", seat=seat, n=3, then=[Atom(vp=2)])
    state.seats[seat].dbl = 5
    assert "[pay 3 dbl: +2 VP]" in panel(state, seat)
    move = next(m for m in g.legal_moves(state, seat) if str(m) == "pay")
    assert g.describe(state, seat, move) == "pay — 3 dbl for +2 VP"
