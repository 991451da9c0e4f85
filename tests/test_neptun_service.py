"""Neptun at the table service on a real SQLite file: a whole 4-player game by slash
commands and autocomplete to the final score with a picture at every step, the secret oar
choice as the channel and each player see it, computer seats, the two-player variant, and
the local terminal table."""

from __future__ import annotations

import random
import re

import pytest
from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    DAVE,
    NAMES,
    PNG,
    make_service,
)
from neptun_service_support import random_command, started, waiting

from bot.local import LocalTable
from bot.table import TableService
from bot.table.replies import TableError
from rules import get_game

g = get_game("neptun")
HUMANS = [ALICE, BOB, CAROL, DAVE]


async def test_a_whole_four_player_game_by_slash_commands(tmp_path):
    svc = await make_service(tmp_path / "n.sqlite3", seed=21, render=True)
    reply = await started(svc, CH, HUMANS)
    assert "Neptun** begins" in reply.text and reply.image.startswith(PNG)
    assert "Round 1 of 3 · Phase 1 contracts · Turn 1 of 5" in reply.text
    rng = random.Random(4)
    commands = secret = 0
    while (await svc.table(CH)).row.status == "active":
        table = await svc.table(CH)
        seat, user = (await waiting(svc, CH))[0]
        verb, value = await random_command(svc, CH, user, table.state, rng)
        choosing = table.state.phase == "choose"
        reply = await svc.move(CH, user, value, verb)
        commands += 1
        assert reply.image and reply.image.startswith(PNG), "a picture at every step"
        assert NAMES[user] in reply.text
        if choosing:
            secret += 1
            card = table.state.seats[seat].hand[int(value.split("#")[1]) - 1]
            assert "`oar (secret)`" in reply.text
            if "revealed" not in reply.text:
                assert card.value not in reply.text          # the channel never sees it
            assert "🔒" in reply.private and card.value in reply.private   # only the chooser
        assert commands < 1500
    table = await svc.table(CH)
    assert table.row.status == "finished" and secret >= 4 * 5 * 3
    result = g.result(table.state)
    winner = table.names[result.ranking[0]]
    assert "Game over" in reply.text and f"Congratulations, {winner}" in reply.text
    assert "final scores" in (await svc.score(CH)).text
    moves = await svc.store.moves(table.row.id)
    replayed = g.replay(4, table.row.seed, [(m.seat, m.notation) for m in moves])
    assert g.dump(replayed) == g.dump(table.state)
    shown = {m.shown for m in moves if m.notation.startswith("oar #")}
    assert "oar (secret)" in shown and not any("#" in x for x in shown)


async def test_the_channel_is_told_who_still_chooses_not_what(tmp_path):
    svc = await make_service(tmp_path / "c.sqlite3", seed=5, render=False)
    await started(svc, CH, HUMANS)
    table = await svc.table(CH)
    while table.state.phase == "draft":                  # take contracts quickly
        seat, user = (await waiting(svc, CH))[0]
        last = user
        move = next(m for m in g.legal_moves(table.state, seat) if str(m) != "flip") \
            if any(str(m) != "flip" for m in g.legal_moves(table.state, seat)) else "flip"
        reply = await svc.move(CH, user, str(move))
        table = await svc.table(CH)
    assert "choose an oar card in secret" in reply.text
    assert set(reply.notify) == set(HUMANS) - {last}     # the others are pinged and DMed
    assert all(u in reply.text for u in ("Alice", "Bob", "Carol", "Dave"))
    first, second = [u for _, u in await waiting(svc, CH)][:2]
    hand = table.state.seats[table.seat_of(first)].hand
    reply = await svc.move(CH, first, hand[0].value, "oar")
    assert f"{NAMES[first]}: `oar (secret)`" in reply.text.replace("**", "")
    assert "still choosing" in reply.text and NAMES[second] in reply.text
    assert hand[0].value not in reply.text and hand[0].value in reply.private
    # everyone still choosing was pinged when the choosing began (and the reminders DM
    # them): another player's choice pings nobody again
    assert reply.notify == []
    with pytest.raises(TableError, match="You have chosen your oar card"):
        await svc.move(CH, first, "oar #1")
    status = await svc.status(CH)
    assert "(chosen)" in status.text and hand[0].value not in status.text.split("Seat")[0]
    mine = await svc.hand(CH, first)
    assert mine.ephemeral and "Chosen for this turn" in mine.text
    assert hand[0].value in mine.text
    theirs = await svc.hand(CH, second)
    assert "Chosen for this turn" not in theirs.text
    log = await svc.log(CH)
    assert "oar (secret)" in log.text and hand[0].value not in log.text.split("\n")[-1]
    due = await svc.due_reminders(now=10**12)
    texts = {r.user_id: r.text for r in due}
    assert second in texts and "choose an oar card in secret" in texts[second]
    assert all("chose oar card" not in t for t in texts.values())   # the private line
    assert "oar (secret)" in texts[second]
    while (table := await svc.table(CH)).state.phase != "draft" and len(
            chooser := await waiting(svc, CH)) > 1:     # the others choose theirs
        seat, user = chooser[0]
        reply = await svc.move(CH, user, table.state.seats[seat].hand[0].value, "oar")
        assert reply.notify == []
    seat, user = chooser[0]
    reply = await svc.move(CH, user, table.state.seats[seat].hand[0].value, "oar")
    table = await svc.table(CH)
    now = {u for _, u in await waiting(svc, CH)}
    assert now - {user} and set(reply.notify) == now - {user}     # the next to act: pinged


async def test_computer_seats_play_a_whole_game(tmp_path):
    svc = await make_service(tmp_path / "cpu.sqlite3", seed=8, render=False)
    await started(svc, CH, [ALICE], computers=2)
    rng = random.Random(2)
    while (await svc.table(CH)).row.status == "active":
        table = await svc.table(CH)
        _, user = (await waiting(svc, CH))[0]
        verb, value = await random_command(svc, CH, user, table.state, rng)
        reply = await svc.move(CH, user, value, verb)
    assert "Game over" in reply.text and "🤖" in (await svc.log(CH, 50)).text
    table = await svc.table(CH)
    assert g.result(table.state) is not None


async def test_the_two_player_variant_at_the_lobby(tmp_path):
    svc = await make_service(tmp_path / "two.sqlite3", seed=3, render=False)
    reply = await svc.open_lobby(CH, 77, ALICE, "Alice", "neptun", variant="two-player")
    assert "two-player" in reply.text
    await svc.join(CH, BOB, "Bob")
    with pytest.raises(TableError, match="full"):
        await svc.join(CH, CAROL, "Carol")
    reply = await svc.start_game(CH, ALICE)
    assert "begins" in reply.text
    table = await svc.table(CH)
    assert len(table.state.display) == 3


async def test_verbs_complete_and_refuse_in_words(tmp_path):
    svc = await make_service(tmp_path / "v.sqlite3", seed=9, render=False)
    await started(svc, CH, HUMANS)
    seat, user = (await waiting(svc, CH))[0]
    other = next(u for u in HUMANS if u != user)
    with pytest.raises(TableError, match=f"not your turn: {NAMES[user]} is taking"):
        await svc.move(CH, other, "flip", "flip")
    with pytest.raises(TableError, match="face down"):
        await svc.move(CH, user, "2 slot 1", "take")
    pairs = await svc.suggestions(CH, user, "flip", "")
    assert pairs == [("flip", "flip: turn over the next face-down contract")]
    with pytest.raises(TableError, match="Type a move"):     # separators are no move
        await svc.move(CH, user, " ; ", "flip")
    reply = await svc.move(CH, user, "", "flip")             # `/flip` alone flips
    assert "turned over contract 1" in reply.text
    pairs = await svc.suggestions(CH, user, "take", "")
    assert pairs[0][0] == "take 1 slot 1" and "Athenae" in pairs[0][1] or pairs
    with pytest.raises(TableError, match="not a Neptun command"):
        await svc.move(CH, user, "2", "hire")


def test_help_and_rules_name_the_verbs():
    texts = g.texts
    for word in ("/flip", "/take", "/oar", "/sail", "/deliver", "/hand"):
        assert word in texts.help
    assert "take 3 slot 2" in texts.rules and "deliver 2 +temple" in texts.rules
    assert re.search(r"extra yes \| extra no", texts.rules)


async def test_the_local_table_plays_neptun_with_a_computer(tmp_path):
    svc = await TableService.open(tmp_path / "l.sqlite3", render=True, seed_source=lambda: 6)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        out = "\n".join(await table.handle("alice: /neptun start"))
        assert "Neptun" in out
        await table.handle("bob: /join")
        await table.handle("alice: /addbot")
        out = "\n".join(await table.handle("alice: /start"))
        assert "Neptun** begins" in out and "board picture:" in out
        rng = random.Random(1)
        every: list[str] = []
        for step in range(400):
            if step == 20:
                svc.narrator.render = False     # pictures seen; play on more quickly
            game = await svc.table(1)
            if game.row.status != "active" or game.state.sail_turn >= 2:
                break
            seats = game.game.waiting_on(game.state)
            seat = seats[0]
            name = game.seats[seat].name
            verb, value = await random_command(svc, 1, game.seats[seat].user_id,
                                               game.state, rng)
            out = "\n".join(await table.handle(f"{name}: /{verb} {value}"))
            every.append(out)
            assert "⚠️" not in out, out
            if game.state.phase == "choose":
                assert f"(only {name} sees this)" in out and "chose oar card" in out
        played = "\n".join(every)
        assert re.search(r"🤖 \*\*\w+ \(computer\)\*\*: `(sail|stay)", played)   # it sails too
        assert "📨 DM to" in played or "🔔" in played
        out = "\n".join(await table.handle("alice: /hand"))
        assert "(only you see this)" in out and "Your oar cards" in out
        assert list((tmp_path / "boards").glob("board-*.png"))
    finally:
        await svc.close()
