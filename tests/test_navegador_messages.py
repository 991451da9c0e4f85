"""What the engine tells a player who cannot act, or acts out of place: what is actually
happening, and what to type instead. ('seat N' stays; the bot puts names in.)"""

from __future__ import annotations

import pytest

from rules import NotYourTurnError, RulesError
from rules.navegador.moves import Units
from tests.navegador_helpers import A, B, C, G, explore_all, play, put_ships, ready, table


def king_table():
    s = table()
    s.step = "king"
    return s


def test_a_player_who_placed_the_kings_privilege_is_told_so():
    s, _ = play(king_table(), A, "king church")
    for text in ("king shipyard", "workers 2"):
        with pytest.raises(NotYourTurnError) as error:
            play(s, A, text)
        assert str(error.value) == (
            "You have placed your King's privilege; waiting for seat 2 and seat 3."
        )
    with pytest.raises(NotYourTurnError, match="placed your King's privilege"):
        G.apply(s, A, G.parse(s, B, "king church"))


def test_a_player_whose_kings_privilege_was_lost_is_told_so():
    s = king_table()
    s.sheets[A].king_done = True          # no free slot: lost at the start of scoring
    with pytest.raises(NotYourTurnError) as error:
        play(s, A, "king church")
    assert "no free privilege slot" in str(error.value)
    assert "waiting for seat 2 and seat 3" in str(error.value)


def test_waiting_for_the_last_king():
    s, _ = play(king_table(), A, "king church")
    s, _ = play(s, B, "king church")
    with pytest.raises(NotYourTurnError, match=r"placed your King's privilege; waiting for "
                                               r"seat 3\.$"):
        play(s, A, "king colony")


def test_out_of_turn_in_play_names_who_is_to_move():
    s = ready(table(), A, "workers")
    with pytest.raises(NotYourTurnError, match=r"^It is not your turn: waiting for seat 1\.$"):
        play(s, B, "workers 2")
    s = ready(put_ships(table(), A, POR=2), A, "sail")
    s, _ = play(s, A, "sail")
    with pytest.raises(NotYourTurnError, match=r"^It is not your turn: seat 1 is sailing\.$"):
        play(s, C, "workers 2")


def test_after_the_game_no_move_is_taken():
    s = king_table()
    for seat in (A, B, C):
        s, _ = play(s, seat, "king church")
    assert s.step == "over"
    with pytest.raises(NotYourTurnError, match="The game is over"):
        play(s, A, "king church")


# --- 8. In the middle of a Sail, `done` ends it (not `skip`) -------------------------------


@pytest.mark.parametrize("text", ["hire 2", "workers 2", "build church", "market sell gold",
                                  "privilege church", "colony GUI"])
def test_an_action_in_the_middle_of_a_sail_says_give_legs_or_done(text):
    s = ready(put_ships(explore_all(table(), "GUI"), A, POR=2), A, "sail")
    s, _ = play(s, A, "sail POR>GUI ...")
    with pytest.raises(RulesError) as error:
        play(s, A, text)
    message = str(error.value)
    assert "`done`" in message and "skip" not in message, message
    assert "POR>GUI" in message          # an example of a route


def test_an_action_typed_after_an_open_sail_in_one_command_says_the_same():
    s = ready(put_ships(explore_all(table(), "GUI"), A, POR=2), A, "sail")
    with pytest.raises(RulesError) as error:
        play(s, A, "sail POR>GUI ...; hire 2")
    assert "`done`" in str(error.value) and "skip" not in str(error.value)


def test_the_engine_refuses_a_mid_sail_action_step_the_same_way():
    s = ready(put_ships(table(), A, POR=2), A, "sail")
    s, _ = play(s, A, "sail")
    with pytest.raises(RulesError) as error:
        G.apply(s, A, Units(what="workers", count=2))
    assert "`done`" in str(error.value) and "skip" not in str(error.value)


@pytest.mark.parametrize("text", ["hire 2", "build church"])
def test_an_action_in_the_middle_of_the_card_sail_says_give_legs_or_done(text):
    s = ready(put_ships(explore_all(table(), "GUI"), A, POR=2), A, "workers")
    s.card.holder, s.card.mark, s.card.steps = A, s.sheets[A].stone, 0
    s, _ = play(s, A, "card")
    with pytest.raises(RulesError) as error:
        play(s, A, text)
    message = str(error.value)
    assert "`done`" in message and "skip" not in message, message


def test_an_open_sail_in_a_whole_turn_takes_more_legs():
    s = ready(put_ships(explore_all(table(), "GUI", "BAH"), A, POR=3), A, "sail")
    after, _ = play(s, A, "sail POR>GUI ...; POR>BAH x2")
    assert after.step == "sail" and after.sheets[A].ships == {"GUI": 1, "BAH": 2}
    after, _ = play(s, A, "sail ...; POR>GUI; done")
    assert after.current == B


@pytest.mark.parametrize("seat", [3, 7, -1])
def test_a_seat_that_is_not_at_the_table_gets_a_sentence(seat):
    for s in (king_table(), ready(table(), A, "market1")):
        with pytest.raises(NotYourTurnError, match="no seat"):
            play(s, seat, "king church")
        with pytest.raises(NotYourTurnError, match="no seat"):
            G.parse(s, seat, "market sell gold")


def test_waiting_for_text_says_what_is_pending():
    s, _ = play(king_table(), A, "king church")
    assert G.waiting_for(s) == "Waiting for the King's privileges of seat 2 and seat 3."
    assert "waiting for King's privileges from seat 2 and seat 3." in G.summary(s)
    s = ready(put_ships(table(), A, POR=2), A, "sail")
    assert G.waiting_for(s) == "Waiting for seat 1."
    s, _ = play(s, A, "sail")
    assert G.waiting_for(s) == "Waiting for seat 1 to finish sailing."


def test_the_rules_summary_tells_how_the_navegador_card_really_travels():
    """The card is not won by exploring: it starts with the last player, is played before
    one's own turn, and then passes to the right (or lapses after a lap of the rondel)."""
    rules = " ".join(G.texts.rules.split())
    assert "explores furthest" not in rules and "takes it over" not in rules
    assert "starts with the last player in turn order" in rules
    assert "extra Sail just before their own turn (not in the first round)" in rules
    assert "passes to the right (to the player before them in turn order)" in rules
    assert "full lap of the rondel" in rules
    # and the engine does what the summary says: last seat holds it; after use, the seat
    # before the holder gets it
    fresh = G.setup(3, 1)
    assert fresh.card.holder == (fresh.start_player - 1) % 3
    s = put_ships(table(), C, POR=2)
    s = ready(s, C, "workers")
    s, _ = play(s, C, "card POR>GUI x2")
    assert s.card.holder == B


def test_status_counts_the_last_turn_in_the_singular():
    s = table()
    s.end_triggered, s.end_reason, s.final_turns_left = True, "the sugar row is empty", 1
    assert "End triggered (the sugar row is empty): 1 turn left." in G.summary(s)
    s.final_turns_left = 3
    assert "3 turns left." in G.summary(s)


def test_status_while_kings_are_placed_does_not_count_zero_turns():
    s = king_table()
    s.end_triggered, s.end_reason, s.final_turns_left = True, "the sugar row is empty", 0
    text = G.summary(s)
    assert "Final scoring: waiting for King's privileges" in text
    assert "0 turns left" not in text


def test_too_little_cash_for_workers_reads_well():
    s = ready(table(), A, "workers")
    s.sheets[A].cash = 40
    with pytest.raises(RulesError) as one:
        play(s, A, "workers 1")
    assert str(one.value) == "1 worker costs 50 Cr and you have 40 Cr."
    s.sheets[A].workers, s.sheets[A].churches, s.sheets[A].cash = 8, 3, 100
    with pytest.raises(RulesError) as capped:          # T-JP-1's negative: pay, then refund
        play(s, A, "workers 3")
    assert str(capped.value).startswith("3 workers cost 150 Cr and you have 100 Cr; you pay")


def test_too_little_cash_for_one_colony_says_that_colony():
    s = ready(put_ships(explore_all(table(), "GUI"), A, GUI=1), A, "colony")
    s.sheets[A].cash = 10
    low = min(s.regions["GUI"].tokens)
    with pytest.raises(RulesError) as one:
        play(s, A, "colony GUI")
    assert str(one.value) == f"That colony costs {low} Cr; you have 10 Cr."


def test_status_line_of_the_player_to_move_has_no_nested_brackets():
    text = G.summary(table())
    line = next(t for t in text.splitlines() if "to move" in t)
    assert line == "Seat 1 to move: choose a rondel action (the Navegador card is with seat 3)."


def test_the_prompt_after_moving_the_stone_shows_an_order_that_works():
    s = ready(table(), A, "workers")
    s, _ = play(s, A, "workers")
    said = G.prompt(s, A)
    assert said.startswith("carry out Workers, e.g. `workers 1`, or `skip`"), said
    s = ready(table(), A, "build")
    s, _ = play(s, A, "build")
    assert "e.g. `build sugar`" in G.prompt(s, A)
    after, _ = play(s, A, "build sugar")            # the example is a legal order
    assert after.current != A


def test_an_empty_arch_lists_only_privileges_this_player_may_still_take():
    s = ready(table(), A, "privilege")
    s.sheets[A].workers = 5
    s.sheets[A].privileges["church"] = 3          # a full column
    s.gallery["colony"] = 0
    with pytest.raises(RulesError) as refusal:
        play(s, A, "privilege colony")
    assert "available now: factory, explorer, shipyard." in str(refusal.value)


def test_the_card_holder_is_told_the_card_lapses_to_the_right():
    """Unused, the card goes to the holder's right — the player *before* them in turn
    order — not to 'the next player'."""
    from rules.navegador.chat import card_note

    s = table()                     # seat 3 (C) holds the card, its mark on privilege
    note = card_note(s, C)
    assert "the next player" not in note
    assert f"passes to seat {B + 1} (on your right)" in note


def test_paying_for_a_free_rondel_move_says_it_is_free():
    s = ready(put_ships(explore_all(table(), "GUI"), A, POR=2, GUI=1), A, "colony", 1)
    with pytest.raises(RulesError) as refusal:
        play(s, A, "colony GUI pay POR")
    assert str(refusal.value) == ("Moving 1 space to colony is free (1–3 spaces cost no "
                                  "ship): leave out `pay`.")


def test_paying_on_the_first_turn_says_the_first_move_is_free():
    s = G.setup(3, 1)
    with pytest.raises(RulesError, match="Your first move on the rondel is free: leave out"):
        play(s, s.current, "workers 1 pay POR")


def test_two_goods_on_one_orange_factory_are_named():
    s = ready(table(), A, "market1")             # only the starting orange factory
    with pytest.raises(RulesError) as refusal:
        play(s, A, "market process gold+spice")
    assert str(refusal.value) == ("You have no gold or spice factory, and your 1 orange "
                                  "factory processes one good: e.g. `process gold+orange`.")


def test_the_card_prompt_shows_a_sail_the_holder_can_make():
    """Late in the game the holder may have no ship in Portugal: the example must be a
    route of their own ships, not always `POR>GUI x2`."""
    s = ready(put_ships(explore_all(table(), "GUI", "ANG"), A, ANG=2), A, "workers")
    s.card.holder = A
    said = G.prompt(s, A)
    assert "`/navegador-card POR>GUI x2`" not in said
    example = said.split("`/navegador-card ")[1].split("`")[0]
    after, _ = play(s, A, f"card {example}")       # it is a legal card sail
    assert after.card.holder != A


def test_kings_privilege_autocomplete_offers_the_best_column_first():
    s = king_table()
    s.sheets[A].shipyards = 3                       # +6 VP there, +2 in factory, 0 colony
    offered = [str(m) for m in G.suggestions(s, A, G.verb("king"))]
    assert offered[0] == "king shipyard"
    assert offered.index("king colony") > offered.index("king factory")


def test_hand_shows_a_card_sail_the_holder_can_make():
    s = ready(put_ships(explore_all(table(), "GUI", "ANG"), A, ANG=2), A, "workers")
    s.card.holder = A
    text = G.private_text(s, A)
    assert "`/navegador-card ANG>GUI`" in text and "POR>GUI x2" not in text


def test_the_sailing_prompt_shows_a_route_that_works():
    s = ready(put_ships(explore_all(table(), "GUI"), A, GUI=2), A, "sail")
    s, _ = play(s, A, "sail ...")
    said = G.prompt(s, A)
    assert said.startswith("sailing: give routes, e.g. `"), said
    example = said.split("`")[1]
    after, _ = play(s, A, example)
    assert after.sheets[A].ships != s.sheets[A].ships
