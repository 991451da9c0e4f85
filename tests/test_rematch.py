"""`/rematch` (and the "Play again" button): once a game is over, one of its players opens a
new table of the same game with the same rules, the computers that sat at it from the start
back at their levels, and the other players pinged to join."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bot_support import ALICE, BOB, CAROL, CH, DAVE, GUILD, NAMES, make_service, to_move
from databases import Databases

from bot.table import TableService
from bot.table.computers import level_of
from bot.table.lobby import colour_names
from bot.table.replies import TableError
from tests import toy_game


@pytest.fixture
def nim() -> Iterator[None]:
    toy_game.install()
    yield
    toy_game.uninstall()


async def take(svc: TableService, most: int = 3):
    """The player to move takes ``most`` stones, or what is left."""
    table = await svc.table(CH)
    _, user = await to_move(svc, CH)
    return await svc.move(CH, user, f"take {min(most, table.state.pile)}")


async def nim_played_out(svc: TableService, players: list[int]) -> None:
    await svc.open_lobby(CH, GUILD, players[0], NAMES[players[0]], "nim")
    for user in players[1:]:
        await svc.join(CH, user, NAMES[user])
    await svc.start_game(CH, players[0])
    while (table := await svc.table(CH)).row.status == "active":
        reply = await take(svc)
    assert "Game over" in reply.text and "`/rematch` plays again" in reply.text
    assert reply.rematch == table.row.id


async def test_a_player_of_the_game_over_opens_the_same_table_again_and_the_others_are_pinged(
        tmp_path, nim):
    svc = await make_service(tmp_path / "r.sqlite3")
    await nim_played_out(svc, [ALICE, BOB, CAROL])
    old = await svc.table(CH)
    colour = old.seats[old.seat_of(BOB)].colour
    reply = await svc.rematch(CH, GUILD, BOB, "Bob")
    assert reply.text.startswith("🔁 Bob asks for a rematch: a new Nim table with the same "
                                 "rules. Who sails along?")
    assert sorted(reply.notify) == [ALICE, CAROL]
    assert reply.lobby is not None and not reply.lobby.started
    table = await svc.table(CH)
    assert table.row.status == "lobby" and table.row.id != old.row.id
    assert table.row.host_id == BOB and table.game.name == "nim"
    assert [(s.user_id, s.colour) for s in table.seats] == [(BOB, colour)]   # their colour
    alices = old.seats[old.seat_of(ALICE)].colour
    await svc.join(CH, ALICE, "Alice")             # no colour asked: the one she played
    table = await svc.table(CH)
    assert table.seats[table.seat_of(ALICE)].colour == alices
    await svc.leave(CH, ALICE)
    await svc.join(CH, CAROL, "Carol", alices)     # Carol takes it first ...
    await svc.join(CH, ALICE, "Alice")             # ... so Alice gets a free one
    table = await svc.table(CH)
    assert len({s.colour for s in table.seats}) == 3
    await svc.start_game(CH, BOB)
    assert (await svc.table(CH)).row.status == "active"


async def test_a_rematch_is_refused_with_a_reason_and_changes_nothing(tmp_path, nim):
    svc = await make_service(tmp_path / "r.sqlite3")
    with pytest.raises(TableError, match="There is no game over in this channel to play again"):
        await svc.rematch(CH, GUILD, ALICE, "Alice")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nim")
    with pytest.raises(TableError, match="A Nim table is open here already: `/join` it"):
        await svc.rematch(CH, GUILD, ALICE, "Alice")
    await svc.join(CH, BOB, "Bob")
    await svc.start_game(CH, ALICE)
    with pytest.raises(TableError, match="still being played; ask for a rematch once it is"):
        await svc.rematch(CH, GUILD, BOB, "Bob")
    while (table := await svc.table(CH)).row.status == "active":
        await take(svc)
    with pytest.raises(TableError, match="Only the players of the last Nim game here can ask"):
        await svc.rematch(CH, GUILD, DAVE, "Dave")
    with pytest.raises(TableError, match="A newer game has been played here since"):
        await svc.rematch(CH, GUILD, ALICE, "Alice", game_id=table.row.id - 1)
    assert (await svc.table(CH)).row.id == table.row.id                 # nothing opened
    await svc.rematch(CH, GUILD, ALICE, "Alice", game_id=table.row.id)   # the button's game
    with pytest.raises(TableError, match="A Nim table is open here already"):
        await svc.rematch(CH, GUILD, BOB, "Bob", game_id=table.row.id)   # pressed twice


async def test_the_rematch_keeps_the_variant_and_the_computers_but_not_a_takeover(
        db: Databases):
    svc = await make_service(db / "r.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador", variant="card-anytime")
    await svc.join(CH, BOB, "Bob")
    await svc.join(CH, CAROL, "Carol")
    await svc.add_computer(CH, ALICE, level="strong")
    await svc.start_game(CH, ALICE)
    await svc.resign(CH, CAROL, "easy")                  # Carol's seat: a computer now
    await svc.abandon(CH, ALICE, can_manage=True)
    old = await svc.table(CH)
    computer = next(s for s in old.seats if not s.human and s.user_id is None
                    and level_of(old.row.options, s.name) == "strong")
    reply = await svc.rematch(CH, GUILD, CAROL, "Carol")        # who resigned may ask too
    assert "same rules (variant `card-anytime`) and " + computer.name in reply.text
    assert sorted(reply.notify) == [ALICE, BOB]
    table = await svc.table(CH)
    assert table.row.options["variant"] == "card-anytime"
    carols = next(s.colour for s in old.seats if s.name != computer.name and not s.human)
    assert [(s.user_id, s.name, s.colour) for s in table.seats] == [
        (CAROL, "Carol", carols), (None, computer.name, computer.colour)]
    assert level_of(table.row.options, computer.name) == "strong"
    assert "easy" not in str(table.row.options)          # the takeover did not come along


async def test_a_finished_board_offers_to_play_again_but_not_one_under_way(tmp_path, nim):
    svc = await make_service(tmp_path / "r.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nim")
    await svc.join(CH, BOB, "Bob")
    started = await svc.start_game(CH, ALICE)
    assert started.rematch is None
    assert (await take(svc, 1)).rematch is None
    while (await svc.table(CH)).row.status == "active":
        await take(svc)
    board = await svc.board(CH, ALICE)
    assert board.rematch == (await svc.table(CH)).row.id


async def test_the_games_end_pings_every_player_but_the_one_who_ended_it(tmp_path, nim):
    """A long game's players are not all watching the channel: the last move pings all
    the others (the game waits on nobody any more, so no turn ping would)."""
    svc = await make_service(tmp_path / "r.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nim")
    await svc.join(CH, BOB, "Bob")
    await svc.join(CH, CAROL, "Carol")
    await svc.start_game(CH, ALICE)
    while True:
        _, user = await to_move(svc, CH)
        reply = await take(svc)
        if "Game over" in reply.text:
            break
        assert len(reply.notify) == 1                   # only the next player, as ever
    assert sorted(reply.notify) == sorted({ALICE, BOB, CAROL} - {user})
    board = await svc.board(CH, ALICE)
    assert board.notify == []                           # told once, not on every /board


async def test_a_game_stored_with_the_old_colours_is_played_again_in_free_ones(tmp_path, nim):
    """A game begun before the palette changed names colours no longer offered ('sky
    blue', 'vermillion'): asking for a rematch, and joining it, give a free colour instead
    of refusing the old one as 'not one of our colours'."""
    import sqlite3

    svc = await make_service(tmp_path / "r.sqlite3")
    await nim_played_out(svc, [ALICE, BOB])
    old = await svc.table(CH)
    with sqlite3.connect(tmp_path / "r.sqlite3") as db:
        for user, colour in ((ALICE, "vermillion"), (BOB, "sky blue")):
            db.execute("UPDATE seats SET colour = ? WHERE game_id = ? AND user_id = ?",
                       (colour, old.row.id, user))
    svc.tables.forget(old.row.id)
    await svc.rematch(CH, GUILD, BOB, "Bob")
    await svc.join(CH, ALICE, "Alice")
    table = await svc.table(CH)
    assert [s.user_id for s in table.seats] == [BOB, ALICE]
    assert all(s.colour in colour_names() for s in table.seats)


async def test_a_lobby_opened_and_closed_since_does_not_hide_the_game_to_play_again(
        db: Databases):
    """After the game ended someone opened a lobby and closed it unstarted: the game over
    is still the last one played here, by `/rematch` and by its "Play again"."""
    toy_game.install()
    try:
        svc = await make_service(db / "r.sqlite3")
        await nim_played_out(svc, [ALICE, BOB])
        played = (await svc.table(CH)).row.id
        await svc.open_lobby(CH, GUILD, CAROL, "Carol", "nim")
        await svc.leave(CH, CAROL)                       # empty: the lobby is closed
        reply = await svc.rematch(CH, GUILD, BOB, "Bob", game_id=played)
        assert reply.text.startswith("🔁 Bob asks for a rematch: a new Nim table")
        await svc.leave(CH, BOB)
        reply = await svc.rematch(CH, GUILD, ALICE, "Alice")
        assert reply.notify == [BOB]
    finally:
        toy_game.uninstall()


async def test_the_last_player_handed_over_closes_the_game_with_play_again(tmp_path, nim):
    """The game whose last human resigned, or was replaced, is abandoned like one everyone
    voted to end: its last message offers to play it again, as /abandon's does."""
    svc = await make_service(tmp_path / "r.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nim")
    await svc.add_computer(CH, ALICE)
    await svc.start_game(CH, ALICE)
    game = (await svc.table(CH)).row.id
    reply = await svc.resign(CH, ALICE)
    assert "no human players are left, so the game is closed. `/rematch` plays it again, " \
           "or start a new one with `/nim start`." in reply.text
    assert reply.rematch == game
    again = await svc.rematch(CH, GUILD, ALICE, "Alice", game_id=game)
    assert [s.user_id for s in (await svc.table(CH)).seats] == [ALICE, None]
    assert again.notify == []
    await svc.start_game(CH, ALICE)                    # and a channel manager hands her
    game = (await svc.table(CH)).row.id                # seat over: the same
    reply = await svc.replace(CH, DAVE, "Dave", ALICE, "Alice", "easy", can_manage=True)
    assert "so the Nim game is closed. `/rematch` plays it again, or start a new one " \
           "with `/nim start`." in reply.text
    assert reply.rematch == game


async def test_a_rematch_at_a_table_full_of_computers_asks_nobody_to_sail_along(
        tmp_path, nim):
    """Against computers only, the rematch's table is full at once: it does not ask who
    sails along (nobody can join), it says the host can start."""
    svc = await make_service(tmp_path / "r.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nim")
    await svc.add_computer(CH, ALICE)
    await svc.add_computer(CH, ALICE)
    await svc.start_game(CH, ALICE)
    while (await svc.table(CH)).row.status == "active":
        await take(svc)
    reply = await svc.rematch(CH, GUILD, ALICE, "Alice")
    first = reply.text.split("\n")[0]
    assert first.startswith("🔁 Alice asks for a rematch: a new Nim table with the same rules "
                            "and ")
    assert "Who sails along?" not in first and first.endswith("`/start` when ready.")
    assert reply.text.endswith("The table is full: the host can `/start`.")


async def test_a_newcomer_or_a_computer_leaves_the_old_players_their_colours(tmp_path, nim):
    """Someone who did not play the last game joins the rematch (or a computer is added)
    before an old player: they get a colour nobody played, so the old player still sits
    in their own when they come. They got the first free colour, often the old player's."""
    svc = await make_service(tmp_path / "r.sqlite3")
    await nim_played_out(svc, [ALICE, BOB])
    old = await svc.table(CH)
    alices = old.seats[old.seat_of(ALICE)].colour
    await svc.rematch(CH, GUILD, BOB, "Bob")
    for newcomer in (svc.join(CH, DAVE, "Dave"), svc.add_computer(CH, BOB)):
        await newcomer
        table = await svc.table(CH)
        assert table.seats[1].colour != alices
        await svc.join(CH, ALICE, "Alice")
        table = await svc.table(CH)
        assert table.seats[table.seat_of(ALICE)].colour == alices
        await svc.leave(CH, ALICE)
        if table.seats[1].human:
            await svc.leave(CH, DAVE)
