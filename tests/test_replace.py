"""`/replace`: a player hands the seat of someone the game has long waited on to a computer
player (a member with Manage Channel: at once) — on a real database, SQLite and PostgreSQL.
How long the game has waited is read from the store (the moves' times, the reminders'
rows), so it survives a restart; every refusal is a sentence and changes nothing."""

from __future__ import annotations

import re

import pytest
from bot_support import ALICE, BOB, CAROL, CH, DAVE, NAMES, Clock, make_service, started, to_move
from databases import Databases

from bot.table import TableService
from bot.table.computers import level_of
from bot.table.replies import TableError


async def replace(svc: TableService, by: int, target: int, level: str | None = None,
                  manage: bool = False):
    return await svc.replace(CH, by, NAMES.get(by, "Mod"), target, NAMES[target], level,
                             can_manage=manage)


async def unchanged(svc: TableService, version: int, target: int) -> None:
    table = await svc.table(CH)
    assert table.row.version == version
    assert table.seat_of(target) is not None


async def test_a_player_replaces_someone_the_game_waited_on_long_enough(db: Databases):
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await started(svc, [ALICE, BOB, CAROL])
    seat, absent = await to_move(svc)
    other = next(u for u in (ALICE, BOB, CAROL) if u != absent)
    version = (await svc.table(CH)).row.version
    name = NAMES[absent]
    with pytest.raises(TableError) as refused:
        await replace(svc, other, absent)
    assert str(refused.value) == (
        f"The game has waited on {name} for less than a minute; a player can hand {name}'s "
        "seat to a computer after 48 hours, or a moderator now.")
    clock.advance(3)
    with pytest.raises(TableError, match=f"waited on {name} for 3 hours;"):
        await replace(svc, other, absent)
    await unchanged(svc, version, absent)
    clock.advance(45)
    reply = await replace(svc, other, absent, "easy")
    colour = (await svc.table(CH)).seats[seat].colour
    assert reply.text.startswith(
        f"🤖 {NAMES[other]} handed {name}'s {colour} seat to a computer player, which plays "
        f"on at easy level (the game had waited on {name} for 48 hours).")
    assert f"**{name} (computer)**" in reply.text          # it played the turn at once
    table = await svc.table(CH)
    assert table.seats[seat].user_id is None and table.seats[seat].name == f"{name} (computer)"
    assert level_of(table.row.options, f"{name} (computer)") == "easy"
    assert (await to_move(svc))[1] != absent
    assert absent not in reply.notify
    dm = reply.dms[absent]
    assert dm.startswith(f"🤖 The Navegador game in <#{CH}> had waited on you for 48 hours, so "
                         f"{NAMES[other]} handed your {colour} seat to a computer player")
    with pytest.raises(TableError, match=f"^Your {colour} seat is played by {name} "
                                         rf"\(computer\) now; `/join` in <#{CH}> takes it back"):
        await svc.move(CH, absent, "workers 1")
    await svc.close()


async def test_refusals_say_why_and_change_nothing(db: Databases):
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await svc.open_lobby(CH, 1, ALICE, NAMES[ALICE], "navegador")
    await svc.join(CH, BOB, NAMES[BOB])
    with pytest.raises(TableError, match="has not started, so there is no seat to hand over: "
                                         "Bob can `/leave` the lobby, or the host can close "
                                         "it with `/abandon`"):
        await replace(svc, ALICE, BOB, manage=True)
    await svc.join(CH, CAROL, NAMES[CAROL])
    await svc.add_computer(CH, ALICE)
    await svc.start_game(CH, ALICE)
    clock.advance(100)
    table = await svc.table(CH)
    version = table.row.version
    _, absent = await to_move(svc)
    idle = next(u for u in (ALICE, BOB, CAROL) if u != absent)
    third = next(u for u in (ALICE, BOB, CAROL) if u not in (absent, idle))
    with pytest.raises(TableError, match="That is your own seat: `/resign`"):
        await replace(svc, absent, absent)
    with pytest.raises(TableError, match=f"The game is not waiting on {NAMES[idle]} \\(it "
                                         f"waits on {NAMES[absent]}\\)"):
        await replace(svc, third, idle)
    with pytest.raises(TableError, match="Only the players of this game \\(or someone who can "
                                         "manage this channel\\)"):
        await replace(svc, DAVE, absent)
    with pytest.raises(TableError, match="Dave is not playing in this game"):
        await replace(svc, ALICE if absent != ALICE else BOB, DAVE)
    computer = next(s.name for s in table.seats if not s.human)
    for typed in (computer, computer.partition(" (")[0]):
        with pytest.raises(TableError, match=re.escape(f"{computer} is a computer player "
                                                       "already.")):
            await svc.replace(CH, idle, NAMES[idle], 999, typed)
    with pytest.raises(TableError, match="level"):
        await replace(svc, idle, absent, "grandmaster")
    await unchanged(svc, version, absent)
    await svc.close()


async def test_a_channel_manager_replaces_at_once(db: Databases):
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE, BOB])
    _, absent = await to_move(svc)
    await svc.set_notify(absent, False)                    # `/notify off`: no DM at all
    reply = await replace(svc, DAVE, absent, manage=True)
    assert reply.text.startswith(f"🤖 Dave handed {NAMES[absent]}'s")
    assert "for less than a minute)" in reply.text
    assert reply.dms == {}
    assert (await svc.table(CH)).seat_of(absent) is None
    await svc.close()


async def test_replacing_the_last_human_closes_the_game(db: Databases):
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE], computers=2)
    reply = await replace(svc, DAVE, ALICE, manage=True)
    assert "no human players are left, so the Navegador game is closed" in reply.text
    assert (await svc.table(CH)).row.status == "abandoned"
    await svc.close()


async def test_the_wait_survives_a_restart(db: Databases):
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await started(svc, [ALICE, BOB])
    _, first = await to_move(svc)
    await svc.move(CH, first, "workers 1")
    _, absent = await to_move(svc)
    await svc.close()
    clock.advance(30)
    svc = await make_service(db / "r.sqlite3", clock=clock)        # a restart, 30 hours on
    with pytest.raises(TableError, match=f"waited on {NAMES[absent]} for 30 hours"):
        await replace(svc, first, absent)
    clock.advance(18)
    reply = await replace(svc, first, absent)
    assert "had waited on" in reply.text and "for 48 hours" in reply.text
    await svc.close()


async def test_the_wait_counts_from_the_players_last_undo(db: Databases):
    """An undo leaves no move in the log; the wait still starts when the player acted."""
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await started(svc, [ALICE, BOB])
    _, first = await to_move(svc)
    await svc.move(CH, first, "workers 1")
    _, second = await to_move(svc)
    clock.advance(47)
    await svc.move(CH, second, "workers 1")
    await svc.undo(CH, second)
    clock.advance(2)
    with pytest.raises(TableError, match=f"waited on {NAMES[second]} for 2 hours"):
        await replace(svc, first, second)
    await svc.close()


async def test_the_setting_sets_the_wait(db: Databases):
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock, replace_hours=0.5)
    await started(svc, [ALICE, BOB])
    _, absent = await to_move(svc)
    other = BOB if absent == ALICE else ALICE
    clock.advance(0.25)
    with pytest.raises(TableError, match="for 15 minutes; a player can hand .* after 30 "
                                         "minutes"):
        await replace(svc, other, absent)
    assert "waited on for 30 minutes" in await svc.help_text(CH)
    clock.advance(0.25)
    assert "handed" in (await replace(svc, other, absent)).text
    await svc.close()


async def test_a_phase_that_waits_on_several_players(db: Databases):
    """Everyone chooses at once (a setup choice): one player's choice does not make the
    others' wait start again, and a player already done is not waited on."""
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await svc.open_lobby(CH, 1, ALICE, NAMES[ALICE], "maracaibo")
    for user in (BOB, CAROL):
        await svc.join(CH, user, NAMES[user])
    await svc.start_game(CH, ALICE)
    table = await svc.table(CH)
    assert table.state is not None
    waiting = table.game.waiting_on(table.state)
    if len(waiting) < 2:
        pytest.skip("this game's start waits on one player")
    chooser = table.seats[waiting[0]].user_id
    absent = table.seats[waiting[1]].user_id
    assert chooser is not None and absent is not None
    clock.advance(10)
    for _ in range(10):                         # the chooser makes every choice of theirs
        after = await svc.table(CH)
        assert after.state is not None
        if waiting[0] not in after.game.waiting_on(after.state):
            break
        move = after.game.legal_moves(after.state, waiting[0])[0]
        await svc.move(CH, chooser, str(move))
        clock.advance(1)
    assert waiting[0] not in after.game.waiting_on(after.state)
    assert waiting[1] in after.game.waiting_on(after.state)
    clock.advance(30)
    with pytest.raises(TableError, match=f"waited on {NAMES[absent]} for 4[0-9] hours"):
        await replace(svc, chooser, absent)
    with pytest.raises(TableError, match=f"The game is not waiting on {NAMES[chooser]} "
                                         r"\(it waits on [^)]*\byou\b"):
        await replace(svc, absent, chooser)
    await svc.close()
