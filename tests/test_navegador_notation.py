"""Move notation: forgiving input, canonical output, round trips, precise errors."""

from __future__ import annotations

import pytest

from rules import InvalidMoveError, RulesError
from rules.fuzz import random_game
from tests.navegador_helpers import A, G, explore_all, put_ships, ready, table


@pytest.mark.parametrize("typed, canonical", [
    ("workers 2", "workers 2"),
    ("Hire 2", "workers 2"),
    ("/hire two", "workers 2"),
    ("WORKERS   x2", "workers 2"),
    ("sail POR>GUI x2", "sail POR>GUI x2"),
    ("sail portugal -> guiné ×2", "sail POR>GUI x2"),
    ("sail 2x POR>GUI", "sail POR>GUI x2"),
    ("POR>GUI x2", "sail POR>GUI x2"),
    ("sail Portugal to Guine x2", "sail POR>GUI x2"),
    ("build sugar+shipyard", "build sugar+shipyard"),
    ("build sugar factory and shipyard", "build sugar+shipyard"),
    ("build white, church", "build sugar+church"),
    ("market sell sugar", "market1 sell sugar"),
    ("sell sugar", "market1 sell sugar"),
    ("market2 skip", "market2 skip"),
    ("privilege Bartolomeu Dias", "privilege shipyard"),
    ("privilege churches", "privilege church"),
    ("colony skip", "colony skip"),
    ("sail", "sail"),
    ("sail done", "sail skip"),
])
def test_forgiving_input_reads_as_the_canonical_move(typed, canonical):
    s = ready(put_ships(table(), A, POR=2), A, "workers")
    s.sheets[A].colonies["sugar"] = [40]
    assert str(G.parse(s, A, typed)) == canonical


def test_colony_names_and_codes():
    s = ready(put_ships(explore_all(table(), "GUI", "BAH", "RIO"), A, GUI=2, RIO=1), A, "colony")
    s.sheets[A].workers, s.sheets[A].cash = 6, 1000
    for typed in ("colony GUI x2, RIO", "colony guine guine rio de janeiro",
                  "colony 2 GUI + Rio"):
        assert str(G.parse(s, A, typed)) == "colony GUI x2, RIO"
    after, _ = G.play(s, A, "colony gui x2, rio")
    assert after.sheets[A].colony_count() == 3


def test_market_orange_factory_forms():
    s = ready(table(), A, "market1")
    s.sheets[A].factories["sugar"] = 1
    assert str(G.parse(s, A, "market process sugar")) == "market1 process sugar"
    assert str(G.parse(s, A, "market process sugar+orange")) == "market1 process sugar+orange"
    # with no gold factory, "process gold" can only mean the orange one
    assert str(G.parse(s, A, "market process gold")) == "market1 process gold+orange"


@pytest.mark.parametrize("typed, hint", [
    ("", "Type a move"),
    ("fly to the moon", "Start with an action"),
    ("sail POR", "not a route"),
    ("sail POR>ATLANTIS", "no sea region"),
    ("build castle", "not a building"),
    ("build factory", "Which factory"),
    ("market gold", "sell gold"),
    ("privilege king", "not a privilege"),
    ("workers lots", "how many"),
    ("market sell oil", "not a good"),
])
def test_unreadable_input_says_what_to_type(typed, hint):
    s = ready(table(), A, "workers")
    with pytest.raises(InvalidMoveError, match=hint):
        G.parse(s, A, typed)


def test_ambiguous_region_prefix():
    s = ready(table(), A, "sail")
    with pytest.raises(InvalidMoveError, match="could be"):
        G.parse(s, A, "sail POR>MA x2")   # Malaca or Macau


def test_whole_turn_with_the_card_and_stepwise_play_agree():
    s = ready(put_ships(explore_all(table(), "GUI"), A, POR=2, GUI=2), A, "workers")
    s.card.holder = A
    whole, _ = G.play(s, A, "card GUI>ANG x2; workers 2")
    step = s
    for text in ("card", "GUI>ANG x2", "done", "workers", "workers 2"):
        step, _ = G.play(step, A, text)
    assert whole.model_dump() == step.model_dump()


def test_every_legal_move_round_trips_through_its_notation():
    checked = 0
    for seed in range(3):
        for n, (state, _, _, _) in enumerate(random_game(G, 2 + seed, seed)):
            if n % 7:
                continue
            for seat in G.to_act(state):
                for move in G.legal_moves(state, seat):
                    assert G.parse(state, seat, str(move)) == move, str(move)
                    checked += 1
    assert checked > 1000


def test_legal_moves_are_all_accepted_and_describe_their_cost():
    state = G.setup(3, 11)
    seat = state.current
    state, _ = G.play(state, seat, "workers")
    labels = [G.describe(state, seat, m) for m in G.legal_moves(state, seat)]
    assert "workers 1 — 50 Cr" in labels and "workers 2 — 150 Cr" in labels
    for move in G.legal_moves(state, seat):
        G.apply(state, seat, move)


def test_out_of_turn_is_refused_with_who_is_to_move():
    s = G.setup(3, 1)
    other = (s.current + 1) % 3
    with pytest.raises(RulesError, match=f"waiting for seat {s.current + 1}"):
        G.play(s, other, "workers 2")


@pytest.mark.parametrize("typed", ["colony", "colonies", "Albuquerque", "church", "Xavier"])
def test_the_privilege_command_takes_every_column_name(typed):
    """`/privilege colony` takes the colony privilege: the column's name is also an action
    word, and it used to be read as the Colony action instead."""
    column = "church" if typed in ("church", "Xavier") else "colony"
    for steps in (1, 2, 3):          # the stone 1-3 spaces before Privilege: a free move
        s = ready(table(), A, "privilege", steps)
        s.sheets[A].workers = 4
        text = G.complete(s, A, G.verb("privilege"), typed)
        after, _ = G.play(s, A, text)
        assert after.sheets[A].privileges.get(column) == 1, (typed, steps, text)
        assert after.sheets[A].workers == 3
    s = ready(table(), A, "privilege")
    s, _ = G.play(s, A, "privilege")          # the stone is there; the action is pending
    after, _ = G.play(s, A, G.complete(s, A, G.verb("privilege"), typed))
    assert after.sheets[A].privileges.get(column) == 1


@pytest.mark.parametrize("verb", ["king", "privilege"])
def test_the_king_command_takes_the_colony_column(verb):
    s = table()
    s.step = "king"
    after, _ = G.play(s, A, G.complete(s, A, G.verb(verb), "colony"))
    assert after.sheets[A].king == "colony"


def test_privilege_colony_never_moves_the_stone_to_colony():
    """From Sail, Colony is 1 space on and Privilege 4: `/privilege colony` must ask for
    the ship that pays the long move, not quietly move the stone to Colony."""
    s = ready(table(), A, "privilege", 4)
    text = G.complete(s, A, G.verb("privilege"), "colony")
    assert text == "privilege colony"
    with pytest.raises(RulesError, match="privilege"):
        G.play(s, A, text)
    after, _ = G.play(s, A, G.complete(s, A, G.verb("privilege"), "colony pay POR"))
    assert after.sheets[A].privileges.get("colony") == 1


@pytest.mark.parametrize("typed", ["sail POR>GUI x2", "sail POR>GUI x2; workers 1"])
def test_the_card_command_with_the_word_sail_plays_the_card(typed):
    """`/navegador-card sail POR>GUI x2` is the card's extra Sail, not the Sail action."""
    s = ready(put_ships(table(), A, POR=2), A, "workers")
    s.card.holder = A
    after, events = G.play(s, A, G.complete(s, A, G.verb("navegador-card"), typed))
    assert "uses the Navegador card for an extra Sail" in [e.text for e in events]
    assert after.card.holder != A and after.sheets[A].explorers == 1


@pytest.mark.parametrize("typed", ["sail POR>GUI x2, done", "sail POR>GUI x2 done",
                                   "sail POR>GUI x2, end"])
def test_a_whole_sail_may_end_with_done(typed):
    """The help says 'give routes, then `done`': typed in one go, that is the same sail."""
    s = ready(put_ships(table(), A, POR=2), A, "sail")
    after, _ = G.play(s, A, typed)
    assert after.sheets[A].explorers == 1 and after.current != A


@pytest.mark.parametrize("typed", ["sail POR>GUI x2 POR>BAH x2", "sail POR>GUI POR>BAH"])
def test_routes_without_a_comma_get_a_comma_hint(typed):
    s = ready(put_ships(table(), A, POR=4), A, "sail")
    with pytest.raises(InvalidMoveError, match="Separate routes with commas"):
        G.play(s, A, typed)


@pytest.mark.parametrize("typed", ["king", "privilege"])
def test_a_missing_column_is_asked_for(typed):
    s = table()
    s.step = "king"
    s = ready(s, A, "privilege") if typed == "privilege" else s
    if typed == "privilege":
        s, _ = G.play(s, A, "privilege")
    with pytest.raises(InvalidMoveError) as refusal:
        G.play(s, A, typed + " ")
    assert "Nothing is not" not in str(refusal.value)
    assert "Name a column: colony, factory, explorer, shipyard or church" in str(refusal.value)


@pytest.mark.parametrize(("verb", "typed", "space", "canonical"), [
    ("hire", "2 workers", "workers", "workers 2"),
    ("hire", "1 worker", "workers", "workers 1"),
    ("ships", "1 ship", "ships", "ships 1"),
    ("ships", "two ships", "ships", "ships 2"),
])
def test_a_count_may_name_what_it_counts(verb, typed, space, canonical):
    """`/hire 2 workers` is what many players type."""
    s = ready(table(), A, space)
    after, _ = G.play(s, A, G.complete(s, A, G.verb(verb), typed))
    assert after.last.detail.startswith(f"bought {canonical.split()[1]} ")
