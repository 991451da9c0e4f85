"""`/stats`: the records of the games played to the end in a server — how many, who won
most, the best scores, and the caller's own — worked out from the stored games."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from bot_support import ALICE, BOB, CAROL, DAVE, GUILD, NAMES, make_service
from databases import Databases

from bot.table import TableService
from bot.table.stats import Finish, Seat, records_text
from tests import toy_game

CH1, CH2, ELSEWHERE = 501, 502, 601


@pytest.fixture
def nim() -> Iterator[None]:
    toy_game.install()
    yield
    toy_game.uninstall()


async def nim_game(svc: TableService, channel: int, players: list[int], guild: int = GUILD,
                   computer: bool = False, takes: int = 3) -> str:
    """A Nim game played to the end (each player takes ``takes``, or what is left);
    returns the winner's name."""
    await svc.open_lobby(channel, guild, players[0], NAMES[players[0]], "nim")
    for user in players[1:]:
        await svc.join(channel, user, NAMES[user])
    if computer:
        await svc.add_computer(channel, players[0])
    await svc.start_game(channel, players[0])
    while (table := await svc.table(channel)).row.status == "active":
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        await svc.move(channel, user, f"take {min(takes, table.state.pile)}")
    return table.seats[table.state.winner].name


async def test_no_game_over_yet_says_so_and_how_to_start(tmp_path, nim):
    svc = await make_service(tmp_path / "s.sqlite3")
    await svc.open_lobby(CH1, GUILD, ALICE, "Alice", "nim")
    reply = await svc.stats(GUILD, CH1, ALICE)
    assert reply.text.startswith("📊 No game has been played to the end in this server yet")
    assert "`/nim start`" in reply.text


async def test_the_records_count_the_servers_finished_games_only(db: Databases, nim):
    svc = await make_service(db / "s.sqlite3")
    winners = [await nim_game(svc, CH1, [ALICE, BOB]),
               await nim_game(svc, CH1, [BOB, ALICE], takes=2),
               await nim_game(svc, CH2, [ALICE, CAROL], computer=True)]
    await svc.open_lobby(CH2, GUILD, ALICE, "Alice", "nim")           # abandoned: no result
    await svc.join(CH2, BOB, "Bob")
    await svc.start_game(CH2, ALICE)
    await svc.abandon(CH2, ALICE, can_manage=True)
    await nim_game(svc, ELSEWHERE, [DAVE, BOB], guild=GUILD + 1)     # another server
    text = (await svc.stats(GUILD, CH1, ALICE)).text
    lines = text.split("\n")
    assert lines[0] == "📊 **Records in this server** — 3 games played to the end: Nim 3"
    wins = {name: winners.count(name) for name in ("Alice", "Bob", "Carol")}
    games = {"Alice": 3, "Bob": 2, "Carol": 1}
    for name in ("Alice", "Bob", "Carol"):
        w = wins[name]
        assert (f"**{name}** — {w} win{'s' if w != 1 else ''} in {games[name]} "
                f"game{'s' if games[name] != 1 else ''}") in text
    leaders = [line for line in lines if line.startswith(("🥇", "🥈", "🥉", "1.", "2.", "3."))]
    order = [line.split("**")[1] for line in leaders]
    assert [wins[n] for n in order] == sorted((wins[n] for n in order), reverse=True)
    assert "🤖 Computer players — " in text and " in 1 game" in text
    assert "Dave" not in text                                        # not this server
    assert re.search(r"\nNim — 1 VP: \w+ \([23] players\)", text)
    you = lines[-1]
    assert you.startswith(f"**You** — {wins['Alice']} win") and "in 3 games" in you
    other = (await svc.stats(GUILD, CH1, DAVE)).text
    assert other.endswith("**You** have not played a game to the end in this server yet.")
    elsewhere = (await svc.stats(GUILD + 1, ELSEWHERE, DAVE)).text
    assert "1 game played to the end" in elsewhere and "Alice" not in elsewhere


async def test_the_records_do_not_crowd_out_the_games_being_played(tmp_path, nim):
    """Replaying finished games for /stats never goes through the table cache, which
    holds the games in play; the results are kept instead, so a second /stats reads no
    game log again."""
    svc = await make_service(tmp_path / "s.sqlite3")
    for _ in range(3):
        await nim_game(svc, CH1, [ALICE, BOB])
    svc.tables.cache_size = 1
    await svc.open_lobby(CH2, GUILD, ALICE, "Alice", "nim")
    await svc.join(CH2, BOB, "Bob")
    await svc.start_game(CH2, ALICE)
    live = (await svc.table(CH2)).row.id
    reads = 0
    read_log = svc.store.read_log

    async def counted(*args, **kwargs):
        nonlocal reads
        reads += 1
        return await read_log(*args, **kwargs)

    svc.store.read_log = counted             # type: ignore[method-assign]
    first = (await svc.stats(GUILD, CH1, ALICE)).text
    assert reads == 3 and list(svc.tables._cache) == [live]
    assert (await svc.stats(GUILD, CH1, ALICE)).text == first and reads == 3


def seat(user: int | None, name: str, score: int, won: bool = False) -> Seat:
    return Seat(user, name, score, won)


def test_equal_records_share_their_place(nim):
    """Two players with as many wins in as many games are tied: the same medal, the same
    number, and the next one counts the places before it."""
    finishes = [Finish("nim", (seat(ALICE, "Alice", 1, True), seat(BOB, "Bob", 0))),
                Finish("nim", (seat(BOB, "Bob", 1, True), seat(ALICE, "Alice", 0))),
                Finish("nim", (seat(CAROL, "Carol", 1, True), seat(DAVE, "Dave", 0))),
                Finish("nim", (seat(DAVE, "Dave", 0), seat(CAROL, "Carol", 1, True)))]
    lines = records_text(finishes, "in this server", ALICE, False)
    board = lines[lines.index("**Most wins**") + 1:lines.index("**Best scores**")]
    assert board == ["🥇 **Carol** — 2 wins in 2 games",
                     "🥈 **Alice** — 1 win in 2 games", "🥈 **Bob** — 1 win in 2 games",
                     "4. **Dave** — 0 wins in 2 games"]


def test_the_computers_count_games_not_seats(nim):
    """Two computers at one table are one game for the computers, and one win if either
    won it — never two."""
    finishes = [Finish("nim", (seat(ALICE, "Alice", 0), seat(None, "Ana (computer)", 1, True),
                               seat(None, "Bea (computer)", 0))),
                Finish("nim", (seat(ALICE, "Alice", 1, True), seat(None, "Ana (computer)", 0),
                               seat(None, "Alice 2 (computer)", 0)))]
    text = "\n".join(records_text(finishes, "in this server", ALICE, False))
    assert "🤖 Computer players — 1 win in 2 games" in text


async def test_a_finished_game_that_no_longer_replays_is_left_out_not_the_records(
        tmp_path, nim):
    """One old game whose log the rules no longer replay (a rule changed since) is left
    out of the records; /stats still answers with the others instead of 'I could not
    load this game'."""
    import sqlite3

    svc = await make_service(tmp_path / "s.sqlite3")
    await nim_game(svc, CH1, [ALICE, BOB])
    await nim_game(svc, CH2, [ALICE, CAROL])
    broken = (await svc.table(CH1)).row.id
    with sqlite3.connect(tmp_path / "s.sqlite3") as db:
        db.execute("DROP TRIGGER moves_no_update")
        db.execute("DELETE FROM snapshots WHERE game_id = ?", (broken,))
        db.execute("UPDATE moves SET notation = 'take 9' WHERE game_id = ? AND ply = 1",
                   (broken,))
    svc.tables.forget(broken)
    text = (await svc.stats(GUILD, CH1, ALICE)).text
    assert text.startswith("📊 **Records in this server** — 1 game played to the end: Nim 1")
    assert "Carol" in text and "Bob" not in text


def test_a_best_score_says_what_it_was_made_under(nim):
    """A best score names the player count and the variant of the game it was made in (a
    two-player score and a five-player one are not the same feat); each holder once, at
    most three named."""
    finishes = [Finish("nim", (seat(ALICE, "Alice", 9, True), seat(BOB, "Bob", 2)),
                       "misere"),
                Finish("nim", (seat(ALICE, "Alice", 9, True), seat(BOB, "Bob", 1),
                               seat(CAROL, "Carol", 0))),
                Finish("nim", (seat(CAROL, "Carol", 9, True), seat(DAVE, "Dave", 9),
                               seat(BOB, "Bob", 9), seat(None, "Ana (computer)", 9)))]
    lines = records_text(finishes, "in this server", BOB, False)
    best = lines[lines.index("**Best scores**") + 1]
    assert best == ("Nim — 9 VP: Alice (2 players, `misere`), Carol (4 players), "
                    "Dave (4 players) and 2 others")
    assert lines[-1] == "**You** — 0 wins in 3 games; your best: 9 VP at Nim (4 players)."
