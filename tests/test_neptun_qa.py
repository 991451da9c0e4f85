"""A player's-eye pass over Neptun at the local table, one test per finding: given a table,
when a player types what they would type, then what they read or what happens.

Seats are 0-based; P1.. are seat + 1.
"""

from __future__ import annotations

from neptun_helpers import (
    GAME,
    acting,
    chart,
    choose_all,
    finish_draft,
    new,
    play,
    refused,
    sailing_state,
    set_miles,
)

from rules.neptun.state import NeptunState

# Fulfilling typed before sailing ------------------------------------------------------


def in_thessalonica() -> tuple[NeptunState, int]:
    """The seat to sail is in Thessalonica with open contracts for Corinthus (slot 1) and
    Cyrene (slot 2), nothing for Thessalonica or Athenae, and miles enough for Athenae."""
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "THE"
    state.wind = 5
    set_miles(state, THE_ATH=4)
    chart(state, seat, ("COR-1", "wine", "open"), ("CYR-1", "oil", "open"), None, None, None)
    return state, seat


def test_deliver_before_sailing_for_another_port_names_that_port_not_the_next_sailor():
    """`/deliver 2` while still in Thessalonica means "stay and fulfil slot 2": the player
    reads why slot 2 cannot be fulfilled here, not that it is someone else's turn."""
    state, seat = in_thessalonica()
    why = refused(state, seat, "deliver 2")
    assert "goes to Cyrene" in why and "Thessalonica" in why
    assert "not your turn" not in why
    assert acting(state) == seat


def test_sailing_then_fulfilling_a_contract_of_another_port_names_that_port():
    state, seat = in_thessalonica()
    why = refused(state, seat, "sail ATH; deliver 1")
    assert "goes to Corinthus" in why and "Athenae" in why
    assert "not your turn" not in why


def test_a_slot_that_does_not_exist_is_refused_as_such_before_sailing():
    state, seat = in_thessalonica()
    assert "slots 1-5" in refused(state, seat, "deliver 9")


def test_stay_or_sail_then_done_ends_the_turn_when_there_is_nothing_to_fulfil():
    """`stay; done` and `sail ATH; done` say what the player means: the turn ends."""
    for text, port in (("stay; done", "THE"), ("sail ATH; done", "ATH")):
        state, seat = in_thessalonica()
        after = play(state, seat, text)
        assert after.seats[seat].ship == port
        assert seat not in GAME.to_act(after)


def test_deliver_alone_with_nothing_to_fulfil_here_says_so():
    state, seat = in_thessalonica()
    why = refused(state, seat, "deliver")
    assert "None of your open contracts goes to Thessalonica" in why


def test_deliver_alone_while_choosing_an_oar_card_says_not_now():
    state = finish_draft(new(4, seed=1))
    seat = state.order[0]
    why = refused(state, seat, "deliver")
    assert why.startswith("Not now") and "oar card" in why
    assert refused(choose_all(state), state.order[1], "deliver").startswith("It is not")


# Taking a contract --------------------------------------------------------------------


def test_take_slot_n_takes_the_contract_just_turned_over_into_that_slot():
    """`/take slot 4` right after turning a contract over loads that contract into slot 4
    (it used to be read as column 4, a face-down one)."""
    state = new(4, seed=1)
    seat = acting(state)
    state = play(state, seat, "flip")
    after = play(state, seat, "take slot 4")
    assert after.seats[seat].chart[3] is not None
    assert [i for i, s in enumerate(after.seats[seat].chart) if s] == [3]
    assert str(GAME.parse(state, seat, "take in 2")) == "take 1 slot 2"


# Words --------------------------------------------------------------------------------


def test_status_counts_one_oar_card_in_the_singular():
    state = sailing_state(3)
    seat = state.order[0]
    state.seats[seat].hand = state.seats[seat].hand[:1]
    line = next(x for x in GAME.summary(state).splitlines() if x.startswith(f"Seat {seat + 1}:"))
    assert line.endswith("1 oar card") and "1 oar cards" not in line


def test_flip_after_turning_over_the_last_contract_says_it_must_be_taken():
    """Having turned over the rightmost contract, `/flip` again is told to take that one,
    not "take one of them" while the others are closed to the player."""
    state = new(3, seed=1)
    seat = acting(state)
    for _ in range(4):
        state = play(state, seat, "flip")
    why = refused(state, seat, "flip")
    assert "must take it" in why and "`take 4`" in why
    why = refused(state, seat, "take 1")
    assert "column 4" in why and "must take it" in why and "flip" not in why


# The picture --------------------------------------------------------------------------


def test_ships_in_port_leave_every_distance_marker_readable():
    """With one to three ships in any port, no ship disc covers a distance marker beyond
    its rim (it used to hide e.g. Corinthus-Athenae or Roma-Neapolis under a ship)."""
    import math

    from render.neptun.geometry import RIM, SHIP_R, marker_at
    from render.neptun.layout import load_layout
    from render.neptun.ships import ship_places

    layout = load_layout()
    state = sailing_state(3)
    for port in layout.ports:
        for count in (1, 2, 3):
            for seat in range(3):
                state.seats[seat].ship = port if seat < count else "CRE" if port != "CRE" \
                    else "ATH"
            view = GAME.view(state, None)
            spots = ship_places(layout, view)[port]
            for link in view.links:
                marker = marker_at(layout, link.a, link.b)
                for spot in spots:
                    overlap = 14 + SHIP_R - math.dist(spot, marker)
                    assert overlap <= RIM, (port, count, link.a, link.b)


# /log ---------------------------------------------------------------------------------


async def test_log_shows_the_newest_moves_that_fit_and_counts_them(tmp_path):
    """The round-1 drafting summaries are long: `/log` used to print the two oldest of
    its 15 moves, then "… (earlier lines cut — see `/log`)", then the newest. It now
    shows the newest moves that fit, oldest first, under a header counting them."""
    import random

    from bot_support import ALICE, BOB, CAROL, CH, make_service
    from neptun_service_support import random_command, started, waiting

    svc = await make_service(tmp_path / "log.sqlite3", seed=21)
    await started(svc, CH, [ALICE, BOB, CAROL])
    rng = random.Random(3)
    for _ in range(60):
        table = await svc.table(CH)
        _, user = (await waiting(svc, CH))[0]
        verb, value = await random_command(svc, CH, user, table.state, rng)
        await svc.move(CH, user, value, verb)
    text = (await svc.log(CH, 30)).text
    assert "earlier lines cut" not in text and len(text) <= 1900
    bullets = [line for line in text.splitlines() if line.startswith("• ")]
    assert text.startswith(f"**Last {len(bullets)} moves**") and 1 < len(bullets) < 30
    table = await svc.table(CH)
    newest = (await svc.store.last_moves(table.row.id, 1))[0]
    assert bullets[-1].split(": `")[1].startswith(newest.shown)


# The lobby ----------------------------------------------------------------------------


async def test_starting_with_two_players_points_to_the_two_player_variant(tmp_path):
    """Two friends open a Neptun table and press start: the refusal tells them how to
    play the two-player variant, not only to find a third player."""
    import pytest
    from bot_support import ALICE, BOB, CH, GUILD, NAMES, make_service

    from bot.table.replies import TableError

    svc = await make_service(tmp_path / "two.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, NAMES[ALICE], "neptun")
    await svc.join(CH, BOB, NAMES[BOB])
    with pytest.raises(TableError) as refused_start:
        await svc.start_game(CH, ALICE)
    why = str(refused_start.value)
    assert "needs at least 3 players" in why
    assert "`two-player` variant" in why and "/neptun start variant:two-player" in why


def test_take_while_sailing_says_not_now_not_that_the_chart_is_full():
    state, seat = in_thessalonica()
    chart(state, seat, *[("COR-1", "wine", "open")] * 5)
    assert refused(state, seat, "take 1").startswith("Not now: sail")


def test_a_voyage_that_ends_the_turn_is_named_as_sailed_when_more_follows():
    state, seat = in_thessalonica()
    why = refused(state, seat, "sail ATH; sail COR")
    assert "`sail THE>ATH` ends your turn" in why and "Athenae" in why


def test_the_fulfilling_prompt_and_suggestions_warn_which_contracts_it_turns_down():
    """Fulfilling slot 2 turns down the open slot 1 for good: the prompt and the
    autocomplete say so before the player commits, not only the event afterwards."""
    state, seat = in_thessalonica()
    state.seats[seat].ship = "CYR"
    state = play(state, seat, "stay")
    prompt = GAME.prompt(state, seat)
    assert "`/deliver 2` (" in prompt and "turns down slot 1" in prompt
    labels = [GAME.describe(state, seat, m) for m in GAME.legal_moves(state, seat)]
    assert any(label.startswith("deliver slot 2 (turns down slot 1):") for label in labels)


def test_choosing_a_card_and_sailing_in_one_command_is_refused_without_naming_a_port():
    state = finish_draft(new(4, seed=1))
    seat = state.order[0]
    why = refused(state, seat, "oar #1; stay")
    assert "it is not your turn" in why and "fulfil" not in why


def test_the_rules_say_any_card_may_be_played_in_an_extra_turn():
    """The seed: the card played in an extra turn need not be a starting card."""
    rules = GAME.texts.rules
    assert "any card of your hand" in rules
    assert "you only have your two starting cards for them" not in rules


def test_a_voyage_in_the_turn_panel_says_which_contracts_could_be_fulfilled_there():
    """The phone panel lists voyages before deliveries: a voyage's description names the
    open contracts of that port, so a player need not look up their chart first."""
    state, seat = in_thessalonica()
    state.seats[seat].gold = 20
    by_dest = {m.dest: GAME.describe(state, seat, m) for m in GAME.legal_moves(state, seat)}
    assert by_dest["CYR"].endswith("slot 2 can be fulfilled there")
    assert "fulfilled" not in by_dest["ATH"]


def test_hand_in_an_extra_turn_says_how_to_play_a_card():
    from rules.neptun.moves import Extra

    state = sailing_state(3)
    for _ in range(5 * 3 * 4):                       # play the five turns out quickly
        if state.phase != "choose" and state.phase != "sail":
            break
        seat = GAME.to_act(state)[0]
        state = play(state, seat, "oar #1" if state.phase == "choose" else "done")
    assert state.phase == "ask", state.phase
    while state.phase == "ask":
        state = GAME.apply(state, GAME.to_act(state)[0], Extra(yes=True))[0]
    seat = acting(state)
    text = GAME.private_text(state, seat)
    assert "Play one for extra turn 5-I with `/oar`" in text
