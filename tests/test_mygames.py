"""`/mygames`: every table a player sits at, in whichever channel — those waiting on them
first, with what to do and how long the game has waited on them — only to them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bot_support import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GUILD,
    NAMES,
    Clock,
    make_service,
    put_state,
    to_move,
)
from databases import Databases

from bot.store import SqliteStore
from bot.table import TableService
from bot.table.replies import TableError
from bot.table.words import DISCORD_LIMIT
from tests import toy_game

CH1, CH2, CH3, CH4 = 701, 702, 703, 704


async def game(svc: TableService, channel: int, players: list[int]) -> None:
    await svc.open_lobby(channel, GUILD, players[0], NAMES[players[0]], "navegador")
    for user in players[1:]:
        await svc.join(channel, user, NAMES[user])
    await svc.start_game(channel, players[0])


async def test_the_tables_waiting_on_you_come_first_with_what_to_do(db: Databases):
    clock = Clock()
    svc = await make_service(db / "m.sqlite3", clock=clock)
    for channel in (CH1, CH2):
        await game(svc, channel, [ALICE, BOB])
    # CH1 waits on Alice, CH2 on Bob: whoever the shuffle made first plays one turn there
    for channel, wanted in ((CH1, ALICE), (CH2, BOB)):
        _, user = await to_move(svc, channel)
        if user != wanted:
            await svc.move(channel, user, "workers 1")
    await svc.open_lobby(CH3, GUILD, ALICE, "Alice", "vasco")          # her lobby
    await svc.join(CH3, CAROL, "Carol")
    await svc.open_lobby(CH4, GUILD, CAROL, "Carol", "neptun")         # not hers
    clock.advance(3)
    reply = await svc.my_games(ALICE)
    assert reply.ephemeral
    lines = reply.text.split("\n")
    assert lines[0] == "🧭 **Your tables** (3) — 1 waiting on you"
    assert lines[1].startswith(f"⏳ <#{CH1}> Navegador (Phase I · Turn ")
    assert "— **your turn** (waiting on you for 3 hours): choose a rondel action" in lines[1]
    assert " · [board](https://discord.com/channels/77/701" in lines[1]
    rest = "\n".join(lines[2:])
    assert f"• <#{CH2}> Navegador (Phase I · Turn " in rest and "— waiting on Bob" in rest
    assert (f"• <#{CH3}> Vasco da Gama — lobby, 2 of 4 seats — you are the host: `/start` "
            "when ready") in rest
    assert f"<#{CH4}>" not in reply.text
    bobs = (await svc.my_games(BOB)).text
    assert bobs.startswith("🧭 **Your tables** (2) — 1 waiting on you\n⏳ <#" + str(CH2))


async def test_your_turn_counts_the_wait_on_you_not_the_last_change(db: Databases):
    """Maracaibo's setup: everyone chooses at once. Bob's choice two hours ago changes the
    game, but it has waited on Alice since the start (nobody's "last move"); Bob, still to
    finish his setup, has been waited on since his own choice. With no reminder row the
    game's last change is all there is."""
    clock = Clock()
    svc = await make_service(db / "m.sqlite3", clock=clock)
    await svc.open_lobby(CH1, GUILD, ALICE, "Alice", "maracaibo")
    await svc.join(CH1, BOB, "Bob")
    await svc.start_game(CH1, ALICE)
    clock.advance(5)
    table = await svc.table(CH1)
    assert table.state is not None
    bob = table.seat_of(BOB)
    await svc.move(CH1, BOB, str(table.game.legal_moves(table.state, bob)[0]))
    clock.advance(2)
    table = await svc.table(CH1)
    assert table.state is not None and table.game.waiting_on(table.state) == [0, 1]
    alices = (await svc.my_games(ALICE)).text
    assert "— **your turn** (waiting on you for 7 hours): in secret" in alices
    assert "last move" not in alices
    assert "— **your turn** (waiting on you for 2 hours): in secret" in (
        await svc.my_games(BOB)).text
    # a game that waits on her with no reminder row (one begun before reminders were kept)
    if isinstance(svc.store, SqliteStore):
        await svc.store._read_all(f"DELETE FROM reminders WHERE user_id = {ALICE}")
    else:
        await svc.store._pool.execute(  # type: ignore[attr-defined]
            f"DELETE FROM reminders WHERE user_id = {ALICE}")
    assert "(waiting on you for 2 hours)" in (await svc.my_games(ALICE)).text


async def test_the_table_waiting_on_you_longest_comes_first(tmp_path, nim):
    """The most overdue table is the one to act on: it heads the list, although another
    table changed after it (the others keep the most recently changed first)."""
    clock = Clock()
    svc = await make_service(tmp_path / "m.sqlite3", clock=clock)
    for channel in (CH1, CH2, CH3, CH4):
        await svc.open_lobby(channel, GUILD, ALICE, "Alice", "nim")
        await svc.join(channel, BOB, "Bob")
        await svc.start_game(channel, ALICE)
        _, user = await to_move(svc, channel)
        if user != (ALICE if channel in (CH1, CH2) else BOB):
            await svc.move(channel, user, "take 1")
        clock.advance(24)
    lines = (await svc.my_games(ALICE)).text.split("\n")
    assert [line.split(">")[0] for line in lines[1:]] == [
        f"⏳ <#{CH1}", f"⏳ <#{CH2}", f"• <#{CH4}", f"• <#{CH3}"]
    assert "(waiting on you for 4 days)" in lines[1]
    assert "(waiting on you for 3 days)" in lines[2]


async def test_a_lobby_you_host_that_is_short_of_players_says_what_it_needs(tmp_path):
    """The host of a lobby too small to start is told how many more it needs and how to
    get them; once it can start, `/start`; a guest is told neither."""
    svc = await make_service(tmp_path / "m.sqlite3")
    await svc.open_lobby(CH1, GUILD, ALICE, "Alice", "neptun")         # 3 to 5 players
    await svc.open_lobby(CH2, GUILD, ALICE, "Alice", "vasco")          # 2 to 4
    await svc.open_lobby(CH3, GUILD, BOB, "Bob", "vasco")
    lines = sorted((await svc.my_games(ALICE)).text.split("\n")[1:])
    assert lines == [f"• <#{CH1}> Neptun — lobby, 1 of 5 seats — needs 2 more players: "
                     "`/addbot` or invite someone",
                     f"• <#{CH2}> Vasco da Gama — lobby, 1 of 4 seats — needs 1 more player: "
                     "`/addbot` or invite someone"]
    await svc.add_computer(CH1, ALICE)
    await svc.join(CH3, ALICE, "Alice")
    await svc.join(CH2, BOB, "Bob")
    lines = sorted((await svc.my_games(ALICE)).text.split("\n")[1:])
    assert lines == [f"• <#{CH1}> Neptun — lobby, 2 of 5 seats — needs 1 more player: "
                     "`/addbot` or invite someone",
                     f"• <#{CH2}> Vasco da Gama — lobby, 2 of 4 seats — you are the host: "
                     "`/start` when ready",
                     f"• <#{CH3}> Vasco da Gama — lobby, 2 of 4 seats"]


async def test_no_table_says_how_to_open_one(tmp_path):
    svc = await make_service(tmp_path / "m.sqlite3")
    reply = await svc.my_games(DAVE)
    assert reply.ephemeral and reply.text.startswith("You are not seated at any table. Open "
                                                     "one with `/maracaibo start`")


async def test_finding_a_players_tables_walks_the_open_games_only(tmp_path):
    """The queries read the partial index of open games, not every seat ever taken nor
    every game's options (a server's seats and games grow with every game played; its
    open games do not)."""
    import sqlite3

    svc = await make_service(tmp_path / "m.sqlite3")
    await game(svc, CH1, [ALICE, BOB])
    asked: list[tuple[str, tuple]] = []
    read_all = svc.store._read_all

    async def spy(sql, args=()):
        asked.append((sql, tuple(args)))
        return await read_all(sql, args)

    svc.store._read_all = spy                      # type: ignore[method-assign]
    await svc.my_games(ALICE)
    found = [(q, a) for q, a in asked if "EXISTS" in q]
    assert len(found) == 2                    # the seats held, the seats computers play
    for sql, args in found:
        with sqlite3.connect(tmp_path / "m.sqlite3") as db:
            plan = " ".join(str(row) for row in db.execute(f"EXPLAIN QUERY PLAN {sql}",
                                                           args))
        assert "games_one_open" in plan and "SCAN s" not in plan, plan


@pytest.fixture
def nim() -> Iterator[None]:
    toy_game.install()
    yield
    toy_game.uninstall()


async def test_many_tables_list_those_waiting_on_you_first_in_whole_lines(tmp_path, nim):
    """30 tables, the three waiting on Alice the longest untouched: they still come first
    (and are counted), the one waiting longest at the top, and the list stops at a whole
    line within one message, saying how many more there are — Discord's channel ids are 19
    digits, so each line is long."""
    clock = Clock()
    svc = await make_service(tmp_path / "m.sqlite3", clock=clock)
    first = 1_234_567_890_123_456_000
    for i in range(30):
        channel = first + i
        await svc.open_lobby(channel, GUILD, ALICE, "Alice", "nim")
        await svc.join(channel, BOB, "Bob")
        await svc.start_game(channel, ALICE)
        _, user = await to_move(svc, channel)
        if user != (ALICE if i < 3 else BOB):           # the first three wait on Alice
            await svc.move(channel, user, "take 1")
        clock.advance(1)
    text = (await svc.my_games(ALICE)).text
    lines = text.split("\n")
    assert len(text) <= DISCORD_LIMIT
    assert lines[0] == "🧭 **Your tables** (30) — 3 waiting on you"
    assert [line.split("> ")[0] for line in lines[1:4]] == [
        f"⏳ <#{first + i}" for i in range(3)]
    assert all(line.startswith("• <#") and line.endswith(")") for line in lines[4:-1])
    shown = len(lines) - 2
    assert lines[-1] == f"… and {30 - shown} more."
    assert "cut" not in text


async def test_a_seat_a_computer_took_over_is_offered_back_where_join_would_give_it(
        db: Databases, nim):
    """Bob resigned at three tables: where the game plays on, `/mygames` says `/join` there
    takes his seat back (and it would); not where the game stopped short with nobody to
    act, nor in an abandoned game; nor once he has taken it back (his own seat again)."""
    svc = await make_service(db / "m.sqlite3", clock=Clock())
    for channel, name in ((CH1, "navegador"), (CH2, "nim"), (CH3, "nim"), (CH4, "nim")):
        await svc.open_lobby(channel, GUILD, ALICE, "Alice", name)
        for user in (BOB, CAROL):
            await svc.join(channel, user, NAMES[user])
        await svc.start_game(channel, ALICE)
        await svc.resign(channel, BOB)
    assert "a computer plays your seat" in (await svc.my_games(BOB)).text
    await put_state(svc, toy_game.NimState(players=3, pile=0, winner=0, taken=[10, 0, 0]),
                    CH2)
    with pytest.raises(TableError, match="is over"):
        await svc.check_reclaim(CH2, BOB, "Bob")
    row = (await svc.table(CH3)).row
    await svc.store.update_game(row, svc.clock(), status="abandoned")
    svc.tables.forget(row.id)
    await svc.reclaim(CH4, BOB, "Bob")
    lines = (await svc.my_games(BOB)).text.split("\n")
    assert lines[0].startswith("🧭 **Your tables** (2) — ")
    assert len(lines) == 3
    assert f"<#{CH4}> Nim (" in lines[1] and "a computer" not in lines[1]
    assert lines[2] == (f"• <#{CH1}> Navegador — a computer plays your seat; `/join` there "
                        "to take it back")
    assert await svc.check_reclaim(CH1, BOB, "Bob") is not None
    # nobody else is offered Bob's seat
    assert "a computer plays" not in (await svc.my_games(CAROL)).text
