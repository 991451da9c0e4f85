"""What an audit of Neptun against the spec and the seed found, one test per finding: given a
table, when a player acts (or looks), then what the seed, a player or an opponent checks.

Each test is named after the rule or the channel it guards; docs/neptun.md has the
readings. Seats are 0-based; P1.. are seat + 1.
"""

from __future__ import annotations

import random

import pytest
from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    DAVE,
    make_service,
    put_state,
)
from neptun_helpers import (
    GAME,
    acting,
    chart,
    finish_draft,
    new,
    oar,
    play,
    refused,
    sailing_state,
)
from neptun_service_support import started

from bot.table.replies import TableError
from rules.neptun import hidden
from rules.neptun.moves import Extra, Oar
from rules.neptun.policy import SensibleRandom
from rules.neptun.state import NeptunState

HUMANS = [ALICE, BOB, CAROL, DAVE]

# Hidden information -------------------------------------------------------------------


def chose_a_starting_card() -> tuple[NeptunState, int]:
    """Sailing turn 1: the first seat in turn order has chosen its 5/0 starting card in
    secret; the others are still choosing."""
    state = finish_draft(new(4, seed=2))
    seat = state.order[0]
    hand = state.seats[seat].hand
    start = next(i for i, c in enumerate(hand) if c.start and c.power == 5) + 1
    state = GAME.apply(state, seat, Oar(index=start))[0]
    assert state.seats[seat].choice is not None and state.seats[seat].choice.start
    return state, seat


def test_a_twin_may_have_chosen_a_drafted_card_where_the_table_chose_a_starting_card():
    """Given a seat chose one of its starting cards in secret, when twins are dealt for a
    spectator (or another seat), then some twin has it choose a drafted card instead:
    which card it chose — a starting one or not — is as hidden as its value."""
    state, seat = chose_a_starting_card()
    rng = random.Random(1)
    for viewer in (None, state.order[1]):
        twins = [hidden.determinize(state, viewer, rng) for _ in range(40)]
        assert any(not t.seats[seat].choice.start for t in twins)
        for twin in twins:
            mine = twin.seats[seat]
            held = [*mine.hand, mine.choice]
            # still the two starting cards it holds, still as many cards, still chosen
            assert sorted(c.value for c in held if c.start) == ["3/+1", "5/0"]
            assert len(mine.hand) == len(state.seats[seat].hand)
            assert GAME.view(twin, viewer) == GAME.view(state, viewer)


def test_the_chooser_keeps_its_own_choice_in_its_own_twins():
    state, seat = chose_a_starting_card()
    rng = random.Random(2)
    for _ in range(20):
        twin = hidden.determinize(state, seat, rng)
        assert twin.seats[seat].choice == state.seats[seat].choice
        assert twin.seats[seat].hand == state.seats[seat].hand


def test_the_reveal_shows_which_card_is_a_starting_card():
    """Starting cards are printed in the player's colour (seed, setup 4): when the cards
    are turned over everyone sees which one is a starting card — the public view and the
    reveal say so, as the open extra-turn card already does."""
    state, seat = chose_a_starting_card()
    events = []
    for other in list(GAME.to_act(state)):
        hand = state.seats[other].hand
        drafted = next(i for i, c in enumerate(hand) if not c.start) + 1
        state, events = GAME.apply(state, other, Oar(index=drafted))
    reveal = next(e for e in events if e.kind == "reveal")
    assert f"seat {seat + 1} 5/0 start" in reveal.text
    sheet = GAME.view(state).sheets[seat]
    assert sheet.revealed == "5/0 start"
    drafted_sheet = GAME.view(state).sheets[state.order[1]]
    assert drafted_sheet.revealed is not None and "start" not in drafted_sheet.revealed


def test_the_last_choosers_private_note_does_not_promise_a_secret_already_revealed():
    state = finish_draft(new(4, seed=3))
    *first, last = state.order
    for seat in first:
        state, events = GAME.apply(state, seat, Oar(index=1))
        note = next(e for e in events if e.private)
        assert "secret until everyone has chosen" in note.text
    state, events = GAME.apply(state, last, Oar(index=1))
    note = next(e for e in events if e.private)
    assert "secret" not in note.text and note.seat == last


# What the table says ------------------------------------------------------------------


def test_the_drafting_prompt_names_a_free_slot():
    """Given P1's slot 1 is filled, when P1 turns a contract over, then the prompt (posted
    in the channel) suggests a command that works: the leftmost free slot, not slot 1."""
    state = new(4, seed=4)
    seat = acting(state)
    chart(state, seat, ("ATH-1", "oil", "open"), None, None, None, None)
    state = play(state, seat, "flip")
    prompt = GAME.prompt(state, seat)
    assert "`/take 1 slot 2`" in prompt and "slot 1`" not in prompt
    state = play(state, seat, "flip")                  # turns down contract 1
    state = play(state, seat, "take 2 slot 2")
    other = acting(state)                              # contract 1 lies face up for P2
    chart(state, other, ("ATH-1", "oil", "open"), ("ATH-2", "oil", "open"), None, None, None)
    assert "slot 3`" in GAME.prompt(state, other)


def test_the_fulfilling_prompt_names_the_slot_that_can_be_fulfilled():
    """Given the sailor stopped in Athenae with its Athenae contract in slot 3, then the
    prompt says `/deliver 3` (and what it earns), not an example slot that is not there."""
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "ATH"
    chart(state, seat, ("ROM-1", "oil", "open"), ("ROM-2", "oil", "open"),
          ("ATH-1", "oil", "open"), None, None)
    state = play(state, seat, "stay")
    prompt = GAME.prompt(state, seat)
    assert "`/deliver 3`" in prompt and "Athenae · Oil → 4 gold" in prompt
    assert "/deliver 2`" not in prompt and "`/deliver done`" in prompt


def test_sailing_typed_while_choosing_is_refused_as_not_now_not_priced_with_last_turns_card():
    """Given sailing turn 2 has begun and P1 still chooses, when P1 types a voyage with too
    little gold, then the answer is what to do now — not a price worked out with the card
    P1 played last turn."""
    state = sailing_state(4)
    while state.phase == "sail":
        seat = acting(state)
        state = play(state, seat, "done" if state.stage == "deliver" else "stay")
    assert state.phase == "choose" and state.sail_turn == 2
    seat = state.order[0]
    assert state.revealed[seat] is not None          # last turn's card, still in the state
    why = refused(state, seat, "sail MAL pay 0")
    assert why.startswith("Not now: choose an oar card"), why


def test_taking_a_contract_already_taken_says_so():
    state = new(4, seed=4)
    p1 = acting(state)
    state = play(state, p1, "flip")
    state = play(state, p1, "take 1")
    p2 = acting(state)
    why = refused(state, p2, "take 1")
    assert "already been taken" in why and "columns 1-5" not in why


def test_an_ambiguous_oar_power_lists_the_players_own_cards_of_that_power():
    state = finish_draft(new(4, seed=2))
    seat = state.order[0]
    player = state.seats[seat]
    player.hand = sorted([oar(5, -1), oar(6, 0), *[c for c in player.hand if c.start]],
                         key=lambda c: c.sort_key())
    why = refused(state, seat, "oar 5")
    assert "`oar 5/-1`" in why and "`oar 5/0 start`" in why and "6/0" not in why


# The click panel ----------------------------------------------------------------------


def test_the_oar_panel_shows_the_cards_values_not_their_places_in_the_hand():
    """The panel for a secret choice is private (choices_private): its buttons may and
    must say which card they play."""
    state = finish_draft(new(4, seed=2))
    seat = state.order[0]
    assert GAME.choices_private(state, seat)
    choices = GAME.choices(state, seat)
    labels = [" ".join(c.path) for c in choices]
    hand = state.seats[seat].hand
    assert {c.shown for c in hand} == {label.removeprefix("oar ").split(" · ")[0]
                                       for label in labels}
    assert not any("#" in label for label in labels)
    for choice in choices:
        assert GAME.parse(state, seat, str(choice.move)) == choice.move
        assert isinstance(choice.move, Oar)


# The easy computer --------------------------------------------------------------------


def ask_state(power: int, gold: int, port: str) -> tuple[NeptunState, int]:
    """Asked about extra turn 5-I: in Crete, one open contract to ``port``, one oar card of
    ``power``, ``gold`` gold."""
    state = sailing_state(4)
    state.sail_turn = 5
    for seat in range(4):
        chart(state, seat, *[("ROM-1", "oil", "done")] * 5)
    seat = state.order[0]
    chart(state, seat, *[("ROM-1", "oil", "done")] * 4, (f"{port}-1", "oil", "open"))
    state.seats[seat].hand = [oar(power, 0)]
    state.seats[seat].gold = gold
    while state.phase == "sail":
        s = acting(state)
        state = play(state, s, "done" if state.stage == "deliver" else "stay")
    assert state.phase == "ask" and acting(state) == seat
    return state, seat


def test_the_easy_computer_takes_no_extra_turn_it_cannot_use():
    """An extra turn spends an oar card (in rounds 1-2 the card a later extra turn would
    need): the computer takes one only if an open contract's port is within reach."""
    state, seat = ask_state(power=1, gold=0, port="MAL")
    for i in range(30):
        move = SensibleRandom().choose(GAME, state, seat, random.Random(i))
        assert move == Extra(yes=False)
    state, seat = ask_state(power=8, gold=5, port="ATH")
    answers = {SensibleRandom().choose(GAME, state, seat, random.Random(i)) for i in range(30)}
    assert Extra(yes=True) in answers


# The picture --------------------------------------------------------------------------


def test_while_asking_about_an_extra_turn_no_card_shows_as_played_in_it():
    """Given turn 5 is over and players are asked about extra turn 5-I, then the public
    view shows no oar card as played in it (turn 5's cards are not the extra turn's), and
    the picture tells who takes it, who declines and who is still to answer."""
    from render.neptun.panels import _answer

    state = sailing_state(4)
    state.sail_turn = 5
    p1, p2, p3, p4 = state.order
    for seat in range(4):
        chart(state, seat, *[("ROM-1", "oil", "done")] * 4, ("ATH-1", "oil", "open"))
    chart(state, p4, *[("ROM-1", "oil", "done")] * 5)
    while state.phase == "sail":
        s = acting(state)
        state = play(state, s, "done" if state.stage == "deliver" else "stay")
    assert state.phase == "ask" and state.queue == [p1, p2, p3]
    view = GAME.view(state)
    assert all(s.revealed is None for s in view.sheets)
    state = play(state, p1, "extra yes")
    state = play(state, p2, "extra no")
    view = GAME.view(state)
    assert view.said_yes == [p1]
    assert [_answer(view, s) for s in (p1, p2, p3, p4)] == [
        "takes it", "declines", "deciding…", "not asked"]


def test_the_header_says_the_last_contract_turned_over_must_be_taken():
    from render.neptun.panels import status_line
    from render.neptun.seats import seat_styles

    state = new(4, seed=4)
    seat = acting(state)
    for _ in range(5):
        state = play(state, seat, "flip")
    line = status_line(GAME.view(state), seat_styles(4, None, None))
    assert "must take contract 5" in line and "turn over the next" not in line



# At the table -------------------------------------------------------------------------


async def test_slash_take_and_deliver_alone_play_the_only_choice(tmp_path):
    """`/take` with nothing after it takes the contract just turned over (into the
    leftmost free slot) and `/deliver` alone fulfils the one contract possible — as the
    notation and the docs say — instead of 'Type a move'."""
    svc = await make_service(tmp_path / "v.sqlite3", seed=9, render=False)
    await started(svc, CH, HUMANS)
    table = await svc.table(CH)
    user = table.seats[acting(table.state)].user_id
    await svc.move(CH, user, "", "flip")
    reply = await svc.move(CH, user, "", "take")
    assert "took contract 1" in reply.text and "into slot 1" in reply.text
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "ATH"
    chart(state, seat, ("ATH-1", "oil", "open"), *[None] * 4)
    await put_state(svc, state)
    user = (await svc.table(CH)).seats[seat].user_id
    await svc.move(CH, user, "stay", "sail")
    reply = await svc.move(CH, user, "", "deliver")
    assert "fulfilled slot 1" in reply.text


# Hidden information at the table: every channel, with twins that differ in what P1 chose ----


def drafted_twin(state: NeptunState, chooser: int, viewer: int | None) -> NeptunState:
    """A twin ``viewer`` cannot tell from ``state`` in which ``chooser`` chose a drafted
    card (the table has it choose a starting card)."""
    rng = random.Random(5)
    for _ in range(200):
        twin = hidden.determinize(state, viewer, rng)
        if not twin.seats[chooser].choice.start:
            return twin
    raise AssertionError("no twin with a drafted choice")


def panel_rows(reply) -> object:
    return None if reply.panel is None else (reply.panel.heading, reply.panel.rows)


async def what_everyone_sees(svc, state: NeptunState) -> list[object]:
    await put_state(svc, state)
    out: list[object] = []
    for reply in (await svc.board(CH), await svc.status(CH), await svc.log(CH, 30),
                  await svc.score(CH)):
        out.append((reply.text, reply.image, panel_rows(reply)))
    return out


async def test_secret_choice_channels_look_the_same_whichever_card_was_chosen(tmp_path):
    """Given P1 chose its 5/0 starting card in secret and the others still choose, then a
    twin where P1 chose a drafted card instead looks the same: the picture (bytes), the
    board message and its panel, /status, /log, /score, the public view and summary — to a
    spectator; and to each player still choosing: their /hand, autocomplete with its
    labels, their private panel, their turn DM, and what they are told when they (or P1)
    type an oar card."""
    svc = await make_service(tmp_path / "s.sqlite3", seed=11, render=True)
    await started(svc, CH, HUMANS)
    state, p1 = chose_a_starting_card()
    user_of = {s.seat: s.user_id for s in (await svc.table(CH)).seats}
    twin = drafted_twin(state, p1, None)
    assert GAME.view(twin) == GAME.view(state) and GAME.summary(twin) == GAME.summary(state)
    assert await what_everyone_sees(svc, state) == await what_everyone_sees(svc, twin)
    for seat in GAME.to_act(state):
        twin = drafted_twin(state, p1, seat)
        user = user_of[seat]
        seen = []
        for table_state in (state, twin):
            await put_state(svc, table_state)
            table = await svc.table(CH)
            looks = [(await svc.hand(CH, user)).text,
                     await svc.suggestions(CH, user, "oar", ""),
                     await svc.suggestions(CH, user, None, ""),
                     svc.panels.for_seat(table, seat).rows,
                     sorted((r.user_id, r.text) for r in await svc.due_reminders(now=10**12)
                            if r.user_id == user)]
            for who, text in ((user, "oar 8/-2"), (user, "oar #9"), (user, "oar 5"),
                              (user_of[p1], "oar 3/+1"), (user_of[p1], "sail ATH")):
                try:
                    await svc.move(CH, who, text)
                    looks.append("accepted")        # (then it is the mover's own choice)
                    await put_state(svc, table_state)
                except TableError as exc:
                    looks.append(str(exc))
            seen.append(looks)
        assert seen[0] == seen[1], seat
        assert "You have chosen your oar card" in str(seen[0][-2:])


async def test_the_log_and_the_dms_never_show_the_place_of_a_chosen_card(tmp_path):
    """`oar #2` (the place in the sorted hand) is what the log keeps for replay; the
    channel, /log, the turn DMs and the undo line only ever say `oar (secret)`."""
    svc = await make_service(tmp_path / "l.sqlite3", seed=12, render=False)
    await started(svc, CH, HUMANS)
    table = await svc.table(CH)
    state = finish_draft(table.state)
    await put_state(svc, state)
    first, second, *_ = state.order
    users = {s.seat: s.user_id for s in table.seats}
    reply = await svc.move(CH, users[first], "oar #2")
    assert "#2" not in reply.text and "oar (secret)" in reply.text
    assert "#" not in (await svc.log(CH, 5)).text
    dms = {r.user_id: r.text for r in await svc.due_reminders(now=10**12)}
    assert dms and all("#2" not in text for text in dms.values())
    undo = await svc.undo(CH, users[first])
    assert "took back `oar (secret)`" in undo.text and "#" not in undo.text


async def test_undo_takes_back_a_secret_choice_but_never_the_reveal(tmp_path):
    """A choice may be taken back while nobody has acted since (it revealed nothing: the
    board is as before it); the last choice turns every card over, so it cannot."""
    svc = await make_service(tmp_path / "u.sqlite3", seed=13, render=True)
    await started(svc, CH, HUMANS)
    table = await svc.table(CH)
    state = finish_draft(table.state)
    await put_state(svc, state)
    users = {s.seat: s.user_id for s in table.seats}
    before = (await svc.board(CH)).image
    *first, last = state.order
    await svc.move(CH, users[first[0]], "oar #1")
    await svc.undo(CH, users[first[0]])
    assert (await svc.board(CH)).image == before
    for seat in first:
        await svc.move(CH, users[seat], "oar #1")
    reply = await svc.move(CH, users[last], "oar #1")
    assert "Oar cards revealed" in reply.text
    with pytest.raises(TableError, match="brought hidden information to light"):
        await svc.undo(CH, users[last])


def test_still_choosing_is_told_in_turn_order_not_in_the_order_of_choosing():
    """Who is still choosing is public; the order in which the others chose, and what, is
    not: the channel lists those still choosing in turn order, the same whatever they
    chose."""
    state = finish_draft(new(4, seed=6))
    p1, p2, p3, p4 = state.order
    texts = []
    for firsts in ((p3, p2), (p2, p3)):
        s = state
        for seat in firsts:
            s, events = GAME.apply(s, seat, Oar(index=len(s.seats[seat].hand)))
        public = [e.text for e in events if not e.private]
        texts.append(public)
    assert texts[0] == texts[1] == [f"chose an oar card in secret (still choosing: seat "
                                    f"{p1 + 1}, seat {p4 + 1})"]


# The seed ----------------------------------------------------------------------------


def test_the_public_markers_identify_the_seed_and_the_seed_every_hidden_card():
    """The distance markers are dealt from the game's seed and lie face up from the start
    (about 54 bits of public information), and the decks are shuffled from the same seed:
    whoever finds a seed that deals the same markers knows every face-down contract and
    every card still to come. Only a seed drawn from far more values than a computer can
    try keeps the decks secret (see the next test)."""
    from rules.neptun.setup import deal_markers

    dealt = {tuple(sorted(deal_markers(seed).items())) for seed in range(3000)}
    assert len(dealt) == 3000                              # the markers tell seeds apart
    table = new(4, seed=2024)
    found = next(s for s in range(2000, 2100)
                 if deal_markers(s) == table.miles)      # a search over candidate seeds
    assert new(4, seed=found).display == table.display   # ... gives the face-down columns


async def test_game_seeds_are_too_many_to_try(tmp_path):
    from bot.table import TableService

    svc = await TableService.open(tmp_path / "seed.sqlite3", render=False)
    try:
        seeds = [svc.lobbies.seed_source() for _ in range(64)]
    finally:
        await svc.close()
    assert max(seed.bit_length() for seed in seeds) > 56


def test_a_starting_card_played_openly_in_an_extra_turn_shows_as_one_in_the_channel():
    state, seat = ask_state(power=8, gold=5, port="ATH")
    state.seats[seat].hand = sorted([oar(8, 0), oar(5, 0, start=True)],
                                    key=lambda c: c.sort_key())
    state = play(state, seat, "extra yes")
    start = next(i for i, c in enumerate(state.seats[seat].hand) if c.start) + 1
    assert GAME.public_text(state, seat, Oar(index=start)) == "oar 5/0 start"


def test_take_alone_with_nothing_face_up_says_to_flip():
    state = new(4, seed=4)
    why = refused(state, acting(state), "take")
    assert "`flip`" in why and "Which contract" not in why
