"""Turn reminders: schedules in the store, follow-ups, restarts, notify off, closed DMs."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    DAVE,
    GUILD,
    NAMES,
    Clock,
    make_service,
    started,
    to_move,
)

from bot.table.reminders import DM_LIMIT, reminder_text
from rules import game_names, get_game


async def test_first_reminder_then_follow_up_after_the_delay(tmp_path):
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock, hours=24)
    await started(svc, [ALICE, BOB])
    _, first = await to_move(svc)
    second = BOB if first == ALICE else ALICE
    due = await svc.due_reminders()
    assert [r.user_id for r in due] == [first]
    assert "It is your turn in **Navegador**" in due[0].text and f"<#{CH}>" in due[0].text
    assert f"https://discord.com/channels/{GUILD}/{CH}" in due[0].text
    assert await svc.due_reminders() == []          # claimed while the adapter sends it
    await svc.reminder_done(due[0], delivered=True)
    clock.advance(23.9)
    assert await svc.due_reminders() == []
    clock.advance(0.2)
    again = await svc.due_reminders()
    assert [r.kind for r in again] == ["follow-up"] and "Still your turn" in again[0].text
    await svc.reminder_done(again[0], delivered=True)
    clock.advance(100)
    assert await svc.due_reminders() == []          # one follow-up, then quiet

    await svc.move(CH, first, "workers 2")
    due = await svc.due_reminders()
    assert [r.user_id for r in due] == [second]
    assert f"{NAMES[first]}: `workers 2`" in due[0].text   # what happened since
    assert "bought 2 workers" in due[0].text
    await svc.close()


async def test_reminders_survive_a_restart(tmp_path):
    clock = Clock()
    path = tmp_path / "r.sqlite3"
    svc = await make_service(path, clock, hours=2)
    await started(svc, [ALICE, BOB, CAROL])
    _, user = await to_move(svc)
    (reminder,) = await svc.due_reminders()
    await svc.reminder_done(reminder, delivered=True)
    await svc.close()

    svc = await make_service(path, clock, hours=2)      # a new process, same file
    clock.advance(2.01)
    due = await svc.due_reminders(datetime.fromtimestamp(clock(), tz=UTC))
    assert [(r.user_id, r.kind) for r in due] == [(user, "follow-up")]
    await svc.close()


async def test_a_lost_reminder_lease_is_retried(tmp_path):
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock)
    await started(svc, [ALICE, BOB])
    first = await svc.due_reminders()
    assert first                               # the adapter crashed before reminder_done
    clock.advance(0.1)
    assert [r.user_id for r in await svc.due_reminders()] == [first[0].user_id]
    await svc.reminder_done(first[0], delivered=False)        # a passing failure: retry
    clock.advance(0.3)
    assert await svc.due_reminders()
    await svc.close()


async def test_notify_off_and_on(tmp_path):
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock)
    await started(svc, [ALICE, BOB])
    _, user = await to_move(svc)
    reply = await svc.set_notify(user, False)
    assert reply.ephemeral and "No more turn reminders" in reply.text
    assert await svc.due_reminders() == []
    reply = await svc.set_notify(user, True)
    assert "I'll DM you" in reply.text
    assert [r.user_id for r in await svc.due_reminders()] == [user]
    await svc.close()


async def test_closed_dms_are_noted_and_the_game_goes_on(tmp_path):
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock)
    await started(svc, [ALICE, BOB])
    _, user = await to_move(svc)
    other = BOB if user == ALICE else ALICE
    (reminder,) = await svc.due_reminders()
    await svc.reminder_done(reminder, delivered=False, dm_closed=True)
    assert await svc.store.prefs(user) == (True, True)
    clock.advance(48)
    assert await svc.due_reminders() == []
    reply = await svc.move(CH, user, "workers 1")          # the game goes on
    assert reply.notify == [other]
    await svc.move(CH, other, "workers 1")
    clock.advance(48)
    assert all(r.user_id != user for r in await svc.due_reminders())
    await svc.set_notify(user, True)                         # opening DMs again
    assert await svc.store.prefs(user) == (True, False)
    await svc.close()


async def test_no_reminders_for_computers_or_finished_tables(tmp_path):
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock)
    await started(svc, [ALICE], computers=2)
    due = await svc.due_reminders()
    assert [r.user_id for r in due] == [ALICE]
    await svc.abandon(CH, ALICE)
    clock.advance(30)
    assert await svc.due_reminders() == []
    await svc.close()


async def test_a_player_at_several_tables_is_told_of_mygames(tmp_path):
    svc = await make_service(tmp_path / "r.sqlite3")
    await started(svc, [ALICE, BOB])
    _, first = await to_move(svc)
    (due,) = await svc.due_reminders()
    assert "/mygames" not in due.text                    # one table: nothing to list
    await svc.reminder_done(due, delivered=True)
    await started(svc, [first, CAROL], channel=CH + 1)
    await svc.open_lobby(CH + 2, GUILD, first, NAMES[first], "vasco")
    _, user = await to_move(svc, CH + 1)
    if user != first:                    # the shuffle made Carol first: she moves
        await svc.move(CH + 1, user, "workers 1")
    mine = [r for r in await svc.due_reminders() if r.user_id == first]
    assert mine and "`/mygames` lists your 3 tables; `/notify off`" in mine[0].text
    await svc.close()


async def test_a_wait_gets_one_reminder_and_one_follow_up_whoever_else_moves(tmp_path):
    """Maracaibo's setup: everyone chooses at once. Alice, reminded and reminded again, is
    not DMed a third time because Bob made his choice meanwhile (the game still waits on
    her, as before): her wait's reminders are spent until it ends. Her next wait starts
    afresh."""
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock, hours=24)
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "maracaibo")
    await svc.join(CH, BOB, "Bob")
    await svc.join(CH, CAROL, "Carol")
    await svc.start_game(CH, ALICE)
    for kind in ("first", "follow-up"):
        due = await svc.due_reminders()
        assert [r.kind for r in due if r.user_id == ALICE] == [kind]
        for r in due:
            await svc.reminder_done(r, delivered=True)
        clock.advance(24.1)
    table = await svc.table(CH)
    assert table.state is not None
    bob = table.seat_of(BOB)
    await svc.move(CH, BOB, str(table.game.legal_moves(table.state, bob)[0]))
    table = await svc.table(CH)
    assert table.state is not None and table.seat_of(ALICE) in table.game.waiting_on(
        table.state)
    assert ALICE not in [r.user_id for r in await svc.due_reminders()]
    mine = (await svc.my_games(ALICE)).text
    assert "(waiting on you for 48 hours)" in mine, mine      # since the start
    await svc.close()


async def test_notify_on_after_closed_dms_tries_the_wait_again(tmp_path):
    """Closed DMs stop the reminders; `/notify on` tries again — the turn the player is
    still waited on included, although nothing moved meanwhile (their rows were dropped,
    so only a later change would have DMed them)."""
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock, hours=24)
    await started(svc, [ALICE, BOB])
    _, user = await to_move(svc)
    (reminder,) = await svc.due_reminders()
    await svc.reminder_done(reminder, delivered=False, dm_closed=True)
    clock.advance(30)
    assert await svc.due_reminders() == []                  # closed: nothing tried
    await svc.set_notify(user, True)
    due = await svc.due_reminders()
    assert [(r.user_id, r.kind) for r in due] == [(user, "first")]
    await svc.reminder_done(due[0], delivered=True)
    clock.advance(24.1)
    assert [r.kind for r in await svc.due_reminders()] == ["follow-up"]
    assert "(waiting on you for 54 hours)" in (await svc.my_games(user)).text
    await svc.close()


async def test_a_game_that_no_longer_loads_holds_up_no_other_reminder(tmp_path):
    """One table that cannot be loaded (a move that no longer replays after an upgrade)
    costs only its own DM: the others claimed with it in the same pass still go out, and
    its own is tried again later."""
    clock = Clock()
    path = tmp_path / "r.sqlite3"
    svc = await make_service(path, clock)
    await started(svc, [ALICE, BOB])
    _, first = await to_move(svc)
    await svc.move(CH, first, "workers 1")
    await started(svc, [CAROL, DAVE], channel=CH + 1)
    broken = (await svc.table(CH)).row.id
    con = sqlite3.connect(path)           # as if a rules change refused an old move
    con.execute("DROP TRIGGER moves_no_update")
    con.execute("UPDATE moves SET notation = 'sail nowhere' WHERE game_id = ?", (broken,))
    con.commit()
    con.close()
    svc.tables.forget(broken)
    due = await svc.due_reminders()
    assert len(due) == 1 and due[0].user_id in (CAROL, DAVE)
    assert any(r.game_id == broken for r in await svc.store.reminders())   # kept, for later
    await svc.close()


def test_a_long_history_leaves_the_hand_and_the_last_line_whole():
    """The moves since the player's last turn get the room left by everything else —
    the closing line measured as it is (with `/mygames`, the longest examples), and the
    '… and N earlier moves' line too. Guessed, they overflowed the DM for some move
    lengths, and the cut then fell in the player's hand ('earlier lines cut — see
    `/log`') instead of among the old moves."""
    examples = max((get_game(n).texts.examples for n in game_names()), key=len)
    hand = "Your hidden things:\n✋ Hand (4/4):\n" + "\n".join(
        f"• card {i}: prestige costs 3 less · 1 VP" for i in range(8))
    for size in range(1, 300):
        happened = ["• " + "y" * size for _ in range(500)]
        text = reminder_text("Maracaibo", CH, "https://discord.com/channels/77/500/1", False,
                             "scoring ①: buy a card", happened, examples, private=hand,
                             tables=12)
        assert len(text) <= DM_LIMIT, size
        assert hand in text and "earlier lines cut" not in text, size
        assert text.endswith("`/mygames` lists your 12 tables; `/notify off` stops these.")
        assert "\nSince your last turn:\n… and " in text, size


async def test_a_game_abandoned_after_its_reminder_was_claimed_sends_none(tmp_path):
    """A pass claims its reminders first and builds them one by one (each with its
    picture): a game abandoned meanwhile must not DM 'It is your turn' after all."""
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock)
    await started(svc, [ALICE, BOB])
    claim = svc.store.claim_reminders

    async def claim_then_abandon(now: float, lease: float, limit: int = 100):
        rows = await claim(now, lease, limit)
        await svc.abandon(CH, ALICE, can_manage=True)
        return rows

    svc.store.claim_reminders = claim_then_abandon      # type: ignore[method-assign]
    assert await svc.due_reminders() == []
    assert await svc.store.reminders() == []
    await svc.close()


def test_a_move_line_keeps_its_first_300_characters():
    """Each move since the player's last turn keeps up to 300 characters, as meant:
    ``words.clip(line, 300)`` cut a single line at half its limit, so a delivery or a
    round's end lost its second half at 150."""
    long = "• Bob: `deliver 3` — " + "Bob fulfilled slot 3, " * 20
    text = reminder_text("Neptun", CH, "link", False, "sail", [long[:250], long], "")
    assert long[:250] in text.split("\n")
    assert long[:299] + "…" in text.split("\n")


async def test_a_player_back_after_many_moves_is_not_told_a_short_count(tmp_path):
    """The DM reads the last 60 moves. A player whose last move is older (back at their
    seat after the computer played it for long) is told that more moves came before —
    not '… and N earlier moves' counted within those 60 only."""
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock)
    await started(svc, [ALICE, BOB])
    await svc.resign(CH, ALICE)
    while (await svc.table(CH)).ply < 80:
        table = await svc.table(CH)
        assert table.state is not None and table.row.status == "active"
        seat, user = await to_move(svc)
        await svc.move(CH, user, str(table.game.legal_moves(table.state, seat)[0]))
    await svc.reclaim(CH, ALICE, "Alice")
    for r in await svc.due_reminders(pictures=False):
        await svc.reminder_done(r, delivered=True)
    while (user := (await to_move(svc))[1]) != ALICE:
        table = await svc.table(CH)
        assert table.state is not None
        await svc.move(CH, user, str(table.game.legal_moves(table.state, (await to_move(
            svc))[0])[0]))
    (due,) = [r for r in await svc.due_reminders(pictures=False) if r.user_id == ALICE]
    assert "\nSince your last turn:\n… and more than " in due.text, due.text
    await svc.close()
    few = reminder_text("Navegador", CH, "link", False, "sail", ["• Bob: `sail`"], "",
                        earlier=True)           # all of the 60 fit; older ones did not
    assert "\nSince your last turn:\n… and earlier moves\n• Bob: `sail`\n" in few


def test_a_computers_moves_one_after_another_show_once_with_a_count():
    """A computer's secret setup choices read "• Ana (computer): `a secret choice`" three
    times in a row in the DM; they show once, "(×3)", as the board does."""
    from bot.store import MoveRow
    from bot.table.reminders import since_last_turn

    secret = [MoveRow(i, 1, None, f"keep {i}", public="a secret choice") for i in (1, 2, 3)]
    moves = [MoveRow(0, 0, ALICE, "setup"), *secret, MoveRow(4, 2, CAROL, "sail 3")]
    assert since_last_turn(moves, ALICE, ["Alice", "Ana (computer)", "Carol"]) == [
        "• Ana (computer): `a secret choice` (×3)", "• Carol: `sail 3`"]


async def test_a_players_first_dm_lists_the_game_so_far(tmp_path):
    """Before a player has moved, what came before is "So far", not "Since your last turn"
    (they have had none); after their first move, it is."""
    clock = Clock()
    svc = await make_service(tmp_path / "r.sqlite3", clock, hours=24)
    await started(svc, [ALICE, BOB])
    _, first = await to_move(svc)
    second = BOB if first == ALICE else ALICE
    for r in await svc.due_reminders():
        await svc.reminder_done(r, delivered=True)
    await svc.move(CH, first, "workers 2")
    (dm,) = await svc.due_reminders()
    assert dm.user_id == second and "\nSo far:\n• " in dm.text
    assert "Since your last turn" not in dm.text
    await svc.reminder_done(dm, delivered=True)
    await svc.move(CH, second, "workers 2")
    (dm,) = await svc.due_reminders()
    assert dm.user_id == first and "\nSince your last turn:\n• " in dm.text
    await svc.close()
