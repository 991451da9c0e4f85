"""Autocomplete matches what a player reads, not only the notation: a Neptun oar card is
typed as its power/forecast (`/oar 6/-1`) though its notation is its place in the hand
(`oar #3`), and a port by its name (`/sail Ephesus`) though a route is written in codes."""

from __future__ import annotations

from bot.table.suggest import fold, suggest
from rules import get_game
from rules.fuzz import random_game
from rules.neptun.cards import city_name
from rules.neptun.moves import Oar, Sail

G = get_game("neptun")
VERBS = {v.name: v for v in G.texts.verbs}


def moments(phase: str, stage: str):
    for seed in range(4, 10):
        for state, seat, _, _ in random_game(G, 3, seed):
            if seat is not None and state.phase == phase and state.stage == stage \
                    and seat in G.waiting_on(state):
                yield state, seat


def test_an_oar_card_typed_as_power_and_forecast_comes_first():
    checked = 0
    for state, seat in moments("choose", "sail"):
        hand = state.seats[seat].hand
        for card in hand:
            typed = card.value                                   # e.g. "6/-1"
            value, label = suggest(G, state, seat, VERBS["oar"], typed)[0]
            chosen = G.parse(state, seat, value)
            assert isinstance(chosen, Oar) and hand[chosen.index - 1].value == typed, \
                (typed, value, label)
            checked += 1
        if checked > 20:
            break
    assert checked > 20


def test_a_port_typed_by_name_offers_the_voyages_there():
    checked = 0
    for state, seat in moments("sail", "sail"):
        sails = [m for m in G.legal_moves(state, seat) if isinstance(m, Sail)
                 and len(m.route) > 1]
        for move in sails[:3]:
            name = city_name(move.dest)
            found = suggest(G, state, seat, VERBS["sail"], name[:5])
            assert found, name
            assert fold(name) in fold(found[0][1]), (name, found[0])
            checked += 1
        if checked > 20:
            break
    assert checked > 20
