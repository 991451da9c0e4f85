"""Neptun played by clicking on a phone: what the turn panels' buttons and menus and the
autocomplete say. One test per finding of the second player's-eye pass; a player reads a
button's label only (buttons carry no description), so the label must say what it does.

Seats are 0-based; P1.. are seat + 1.
"""

from __future__ import annotations

from functools import cache

from neptun_helpers import (
    GAME,
    acting,
    at_athenae_state,
    chart,
    new,
    play,
    sailing_state,
    set_miles,
)
from panel_support import table_of

from bot.table import menus
from bot.table.panels import Menu, Panel, Panels, make_offer
from bot.table.suggest import suggest
from rules.fuzz import random_game
from rules.neptun.cards import city_name, city_of
from rules.neptun.state import NeptunState


def labels(panel: Panel) -> list[str]:
    out: list[str] = []
    for row in panel.rows:
        out += [o.label for o in row.options] if isinstance(row, Menu) else [b.label
                                                                             for b in row]
    return out


def own_panel(state: NeptunState, seat: int) -> Panel:
    return Panels().for_seat(table_of("neptun", state), seat)


@cache
def along_games() -> list[NeptunState]:
    """States along random games of 2 to 5 players."""
    out: list[NeptunState] = []
    for players in (2, 3, 4, 5):
        for policy in ("explorer", "random"):
            out += [s for s, *_ in random_game(GAME, players, 70 + players, policy=policy)]
    return out


# Sailing ---------------------------------------------------------------------------------


def in_thessalonica_with_gold() -> tuple[NeptunState, int]:
    """In Thessalonica with open contracts for Corinthus (slot 1) and Cyrene (slot 2) and
    gold enough to reach far."""
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "THE"
    state.seats[seat].gold = 20
    state.wind = 5
    set_miles(state, THE_ATH=4)
    chart(state, seat, ("COR-1", "wine", "open"), ("CYR-1", "oil", "open"), None, None, None)
    return state, seat


def test_a_voyage_button_names_the_port_its_gold_and_the_contract_that_can_be_fulfilled():
    """Sailing shows at most 16 choices, so they are buttons, which carry no description:
    'sail THE>ATH>CRE>CYR pay 6' named neither the port in words nor that slot 2 could be
    fulfilled there (that was only in a menu's description, which never showed)."""
    state, seat = in_thessalonica_with_gold()
    shown = labels(own_panel(state, seat))
    cyrene = [x for x in shown if "Cyrene" in x]
    assert len(cyrene) == 1 and cyrene[0].startswith("sail to Cyrene")
    assert "pay" in cyrene[0] and "gold" in cyrene[0]
    assert "slot 2 can be fulfilled" in cyrene[0]
    athenae = next(x for x in shown if "Athenae" in x)
    assert athenae == "sail to Athenae" and "fulfilled" not in athenae
    assert "stay in Thessalonica" in shown


def test_staying_says_which_contract_can_be_fulfilled_in_the_port_one_is_in():
    state, seat = in_thessalonica_with_gold()
    chart(state, seat, ("THE-1", "wine", "open"), None, None, None, None)
    assert "stay in Thessalonica · slot 1 can be fulfilled" in labels(own_panel(state, seat))


# Fulfilling ------------------------------------------------------------------------------


def test_delivery_buttons_say_the_reward_the_donation_and_what_they_turn_down():
    """'deliver 3 +temple' said neither that it costs 3 gold nor that slots 1 and 2 would
    be turned down."""
    state, seat = at_athenae_state(5, ("COR-1", "wine", "open"), ("CYR-1", "oil", "done"),
                                   ("ATH-1", "oil", "open"), None, None)
    shown = labels(own_panel(state, seat))
    assert "deliver slot 3: 4 gold · turns down 1" in shown
    assert "deliver slot 3: 4 gold +1 step on Minerva for 3 gold · turns down 1" in shown
    assert "done: end your turn" in shown
    assert not any("+temple" in x for x in shown)


# Oar cards -------------------------------------------------------------------------------


def test_an_oar_card_button_says_how_far_it_sails_this_turn():
    """'oar 6/-1' left a new player to work out power, forecast and miles."""
    state = new(4, seed=2)
    from neptun_helpers import finish_draft

    state = finish_draft(state)
    seat = state.order[0]
    state.wind = 4
    shown = labels(own_panel(state, seat))
    for card in state.seats[seat].hand:
        assert f"oar {card.shown} · {4 + card.power} miles" in shown, shown


# Taking contracts ------------------------------------------------------------------------


def town(state: NeptunState, column: int) -> str:
    found = state.display[column - 1]
    assert found is not None
    return city_name(city_of(found.city))


def test_with_every_contract_face_up_the_public_buttons_say_take_and_the_city():
    """Five players, all six contracts turned over by the first: 25 takes do not fit one
    panel, so the contracts are offered first — as bare numbers '1 ▸ … 5 ▸' on the public
    board (the common word 'take' went to a heading the board message does not show)."""
    state = new(5, seed=7)
    seat = GAME.to_act(state)[0]
    for _ in range(6):
        state = play(state, seat, "flip")
    state = play(state, seat, "take")
    panel = Panels().public(table_of("neptun", state))
    assert panel is not None
    shown = labels(panel)
    up = [i + 1 for i, c in enumerate(state.display) if c is not None and c.face_up]
    assert len(up) == 5
    assert shown == [f"take {col} {town(state, col)}" + gold(state, col) for col in up]


def gold(state: NeptunState, column: int) -> str:
    found = state.display[column - 1]
    return f" +{found.gold} gold" if found is not None and found.gold else ""


def test_two_face_up_contracts_get_a_row_each_with_their_city():
    """'take 2 slot 1 … take 3 slot 1' shared rows, and nothing told contract 2 from 3."""
    state = new(3, seed=4)
    first = GAME.to_act(state)[0]
    for _ in range(3):
        state = play(state, first, "flip")
    state = play(state, first, "take 3 slot 1")
    seat = GAME.to_act(state)[0]
    rows = [[b.label for b in row] for row in own_panel(state, seat).rows
            if not isinstance(row, Menu)]
    up = [i + 1 for i, c in enumerate(state.display) if c is not None and c.face_up]
    assert len(up) == 2
    takes = [[f"take {col} {town(state, col)} → slot {s}" for s in range(1, 6)] for col in up]
    assert rows == [["flip: turn over the next face-down contract"], *takes]


# Every panel ------------------------------------------------------------------------------


def test_every_legal_move_has_a_button_and_no_label_is_cut_or_repeated():
    for state in along_games()[::3]:
        for seat in GAME.to_act(state):
            offer = make_offer(GAME, state, seat)
            assert len(offer.choices) == len(GAME.legal_moves(state, seat))
            shown = [" ".join(c.path) for c in offer.choices]
            assert len(set(shown)) == len(shown)
            assert all(len(x) <= menus.LABEL for x in shown), shown


# Autocomplete ----------------------------------------------------------------------------


def test_autocomplete_never_shows_two_choices_alike():
    """'sail to Corinthus (CRE>ATH>COR, pay 2 gold) · deliver slot 5 (turns down slots 1, 2,
    3, 4): Corinth…' was shown twice: the '+1 step for 3 gold' that told the two apart was
    cut off at Discord's 100 characters."""
    for state in along_games()[::5]:
        for seat in GAME.to_act(state):
            for verb in ("sail", "deliver", "oar", "take", None):
                pairs = suggest(GAME, state, seat, GAME.verb(verb), "")
                names = [label for _, label in pairs]
                assert len(set(names)) == len(names), names
