"""The lobby as players meet it at its edges: changes made at the same moment, the host
leaving, a Leave pressed by someone with no seat."""

from __future__ import annotations

import asyncio

import pytest
from bot_support import ALICE, BOB, CAROL, CH, DAVE, GUILD, make_service
from databases import Databases

from bot.table import TableService
from bot.table.replies import RaceError, TableError


@pytest.fixture
async def svc(db: Databases):
    service = await make_service(db / "lobby.sqlite3")
    yield service
    await service.close()


async def seated(svc: TableService) -> list[str]:
    return [s.name for s in (await svc.table(CH)).seats]


async def test_people_joining_at_the_same_moment_all_sit_down(svc: TableService):
    """Two Join presses at once: the later save lost to the first and was refused with
    "please try again"; it is made again on the lobby as the first left it."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "vasco")
    await asyncio.gather(svc.join(CH, BOB, "Bob"), svc.join(CH, CAROL, "Carol"),
                         svc.add_computer(CH, ALICE))           # none refused
    assert sorted(await seated(svc)) == ["Alice", "Bob", "Carol", "Pêro (computer)"]
    colours = [s.colour for s in (await svc.table(CH)).seats]
    assert len(set(colours)) == 4                      # no colour handed out twice
    with pytest.raises(TableError, match="full"):       # the retried join checks again
        await svc.join(CH, DAVE, "Dave")


async def test_a_start_that_loses_to_a_join_says_so_in_lobby_words(svc: TableService,
                                                                  monkeypatch):
    """Someone joins while the start draws the seats (and the computers think): the
    start is refused as a lobby change, not as "Someone moved first — here is the board"
    (there is no board yet)."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "vasco")
    await svc.join(CH, BOB, "Bob")
    real = svc.tables.computers

    async def joined_meanwhile(table, state):
        await svc.join(CH, CAROL, "Carol")
        return await real(table, state)

    monkeypatch.setattr(svc.tables, "computers", joined_meanwhile)
    with pytest.raises(TableError, match="lobby changed just as the game was starting") as e:
        await svc.start_game(CH, ALICE)
    assert not isinstance(e.value, RaceError) and "board" not in str(e.value)
    monkeypatch.setattr(svc.tables, "computers", real)
    table = await svc.table(CH)
    assert table.row.status == "lobby" and len(table.seats) == 3
    assert "begins" in (await svc.start_game(CH, ALICE)).text


async def test_a_second_start_at_the_same_moment_says_the_game_started(svc: TableService,
                                                                      monkeypatch):
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "vasco")
    await svc.join(CH, BOB, "Bob")
    real = svc.tables.computers
    first: list[str] = []

    async def started_meanwhile(table, state):
        if not first:
            first.append("pressed")
            first.append((await svc.start_game(CH, ALICE)).text)   # a double click
        return await real(table, state)

    monkeypatch.setattr(svc.tables, "computers", started_meanwhile)
    with pytest.raises(TableError, match="has started already"):
        await svc.start_game(CH, ALICE)
    assert "begins" in first[1]
    assert (await svc.table(CH)).row.status == "active"


async def test_a_start_after_the_lobby_closed_meanwhile_says_so(svc: TableService,
                                                                 monkeypatch):
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "vasco")
    await svc.join(CH, BOB, "Bob")
    real = svc.tables.computers

    async def closed_meanwhile(table, state):
        await svc.leave(CH, BOB)
        await svc.abandon(CH, ALICE)                   # the host closes the lobby
        return await real(table, state)

    monkeypatch.setattr(svc.tables, "computers", closed_meanwhile)
    with pytest.raises(TableError, match="lobby was closed just as the game was starting"):
        await svc.start_game(CH, ALICE)


async def test_the_host_leaving_says_who_hosts_now(svc: TableService):
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    await svc.add_computer(CH, ALICE)
    await svc.join(CH, BOB, "Bob")
    reply = await svc.leave(CH, ALICE)
    assert reply.text.startswith("Alice left the table. Bob hosts now.")
    await svc.join(CH, CAROL, "Carol")
    reply = await svc.leave(CH, CAROL)                 # not the host: nothing passes on
    assert reply.text.splitlines()[0] == "Carol left the table."


async def test_the_last_human_leaving_computers_closes_the_lobby_in_those_words(
        svc: TableService):
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    await svc.add_computer(CH, ALICE)
    reply = await svc.leave(CH, ALICE)
    assert "only computer players were left, so the lobby is closed" in reply.text
    assert "empty" not in reply.text
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    reply = await svc.leave(CH, ALICE)
    assert "the table is empty, so the lobby is closed" in reply.text


async def test_leave_in_a_started_game_by_someone_without_a_seat(svc: TableService):
    """The resign hint is for the game's players; anyone else is told there is no seat
    to leave (an old lobby message's Leave, pressed after the start)."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    game_id = (await svc.table(CH)).row.id
    await svc.join(CH, BOB, "Bob")
    await svc.start_game(CH, ALICE)
    with pytest.raises(TableError, match="resign"):
        await svc.leave(CH, BOB, game_id)
    with pytest.raises(TableError, match="you have no seat in it") as e:
        await svc.leave(CH, CAROL, game_id)
    assert "resign" not in str(e.value)


async def test_a_colour_typed_in_part_seats_with_the_one_it_fits(svc: TableService):
    """`/join blu` (Discord sends what was typed when no suggestion was picked): the
    start of one colour's name is that colour; one that fits two asks which."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador", "Pur")
    with pytest.raises(TableError, match=r"Did you mean blue or black\?"):
        await svc.join(CH, BOB, "Bob", "bl")
    assert "Bob joined as blue" in (await svc.join(CH, BOB, "Bob", "blu")).text
    with pytest.raises(TableError, match="already plays purple"):
        await svc.join(CH, CAROL, "Carol", "purp")
    with pytest.raises(TableError, match="not one of our colours") as e:
        await svc.join(CH, CAROL, "Carol", "mauve")
    assert "Did you mean" not in str(e.value)
    assert [s.colour for s in (await svc.table(CH)).seats] == ["purple", "blue"]


async def test_lobby_commands_in_a_started_game_tell_its_players_they_play_in_it(
        svc: TableService):
    """A second Start press, or Join / Add computer on the lobby message once the game
    has begun: its players are not told to watch it or to open a lobby elsewhere."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    game_id = (await svc.table(CH)).row.id
    await svc.join(CH, BOB, "Bob")
    await svc.start_game(CH, ALICE)
    for call in (svc.start_game(CH, ALICE, game_id), svc.join(CH, BOB, "Bob", None, game_id),
                 svc.add_computer(CH, BOB, game_id)):
        with pytest.raises(TableError, match="You play in it: `/board` shows where it") as e:
            await call
        assert "open a new lobby" not in str(e.value)
    with pytest.raises(TableError, match="Watch it with `/board`, or open a new lobby"):
        await svc.join(CH, CAROL, "Carol", None, game_id)          # an onlooker: as ever


async def test_closing_someone_elses_lobby_points_to_leave_only_if_seated(
        svc: TableService):
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    await svc.join(CH, BOB, "Bob")
    with pytest.raises(TableError, match="Only the host can close the lobby") as e:
        await svc.abandon(CH, BOB)
    assert "`/leave` it" in str(e.value)
    with pytest.raises(TableError, match="Only the host can close the lobby") as e:
        await svc.abandon(CH, CAROL)                  # not at the table: nothing to leave
    assert "/leave" not in str(e.value) and str(e.value).endswith("to go).")
    assert len((await svc.table(CH)).seats) == 2


async def test_board_and_status_of_a_lobby_closed_unstarted_do_not_show_it_open(
        svc: TableService):
    """The last one out closes the lobby; /board and /status showed it still as an open
    lobby ('The table is full: the host can `/start`')."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "maracaibo")
    await svc.add_computer(CH, ALICE)
    assert "host can `/start`" in (await svc.status(CH)).text      # open: as ever
    await svc.leave(CH, ALICE)
    for look in (svc.status(CH), svc.board(CH)):
        with pytest.raises(TableError, match="The Maracaibo lobby here was closed before its "
                                             "game started. Open a new one with "
                                             "`/maracaibo start`."):
            await look


async def test_a_variant_typed_with_spaces_or_capitals_opens_it(svc: TableService):
    """`/neptun start variant:Two Player` (typed, not picked from the suggestions): the
    variant keys are hyphenated; the lobby takes its player range from the variant."""
    reply = await svc.open_lobby(CH, GUILD, ALICE, "Alice", "neptun", None, "Two Player")
    assert "1/2 seats taken" in reply.text and "variant: two-player" in reply.text
    assert reply.lobby is not None and (reply.lobby.min_players, reply.lobby.max_players) \
        == (2, 2)
    await svc.leave(CH, ALICE)
    with pytest.raises(TableError, match="Neptun has no variant 'two'"):
        await svc.open_lobby(CH, GUILD, ALICE, "Alice", "neptun", None, "two")


async def test_two_at_a_three_player_table_are_shown_the_way_to_the_two_player_variant(
        svc: TableService):
    """The hint said 'everyone `/leave`s and the host opens …': the host closes the lobby
    at once with /abandon (the others leaving one by one is not needed)."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "neptun")
    await svc.join(CH, BOB, "Bob")
    with pytest.raises(TableError, match="Neptun needs at least 3 players") as e:
        await svc.start_game(CH, ALICE)
    assert str(e.value).endswith(
        "Or play the `two-player` variant, made for 2: close this lobby with `/abandon`, "
        "open `/neptun start variant:two-player` and the others `/join` again.")
    await svc.abandon(CH, ALICE)                        # the way it names works
    reply = await svc.open_lobby(CH, GUILD, ALICE, "Alice", "neptun", None, "two-player")
    assert "1/2 seats taken" in reply.text


async def test_leave_on_a_closed_lobbys_message_says_that_lobby_is_closed(svc: TableService):
    """Leave pressed on an old lobby message once its lobby is closed and none is open:
    the same answer as when a newer lobby is open, not 'the game … was abandoned'."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    game_id = (await svc.table(CH)).row.id
    await svc.join(CH, BOB, "Bob")
    await svc.abandon(CH, ALICE)
    with pytest.raises(TableError, match="That lobby is closed; nothing to leave there."):
        await svc.leave(CH, BOB, game_id)


async def test_a_computer_added_by_mistake_is_taken_out_of_the_lobby(svc: TableService):
    """`/removebot`: the last computer seated, or the one named (its whole name or the
    start of it), leaves with its level; the seats close up. Refusals change nothing."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    with pytest.raises(TableError, match="There is no computer player at this table"):
        await svc.remove_computer(CH, ALICE)
    await svc.add_computer(CH, ALICE, level="strong")
    await svc.join(CH, BOB, "Bob")
    await svc.add_computer(CH, BOB, level="easy")
    await svc.add_computer(CH, BOB)
    first, second, third = [s.name for s in (await svc.table(CH)).seats if s.user_id is None]
    with pytest.raises(TableError, match="Only players seated"):
        await svc.remove_computer(CH, CAROL)
    with pytest.raises(TableError, match="No single computer player here is called 'Zed'"):
        await svc.remove_computer(CH, ALICE, name="Zed")
    assert len((await svc.table(CH)).seats) == 5                 # nothing changed
    reply = await svc.remove_computer(CH, ALICE)                 # the last one seated
    assert reply.text.startswith(f"{third} leaves the table; ")
    assert await seated(svc) == ["Alice", first, "Bob", second]
    reply = await svc.remove_computer(CH, BOB, name=first[:3].lower())   # by its start
    assert await seated(svc) == ["Alice", "Bob", second]
    table = await svc.table(CH)
    assert [s.seat for s in table.seats] == [0, 1, 2]
    levels = table.row.options.get("computers", {})
    assert first not in levels and third not in levels and levels[second] == "easy"
    await svc.start_game(CH, ALICE)
    with pytest.raises(TableError, match="You play in it"):
        await svc.remove_computer(CH, ALICE)


async def test_two_players_of_one_name_are_told_apart_and_no_one_passes_for_a_computer(
        svc: TableService):
    """Messages name seats by their names: a second "Alex" sits as "Alex 2", and a person
    whose display name ends in "(computer)" is not taken for a computer player."""
    await svc.open_lobby(CH, GUILD, ALICE, "Alex", "navegador")
    reply = await svc.join(CH, BOB, "alex")
    assert reply.text.startswith("alex 2 joined as ")
    await svc.join(CH, CAROL, "Cyd (Computer)")
    await svc.add_computer(CH, ALICE)
    names = await seated(svc)
    assert names[:3] == ["Alex", "alex 2", "Cyd"] and names[3].endswith(" (computer)")
    seats = (await svc.table(CH)).seats
    assert [s.human for s in seats] == [True, True, True, False]


async def test_a_host_gone_quiet_does_not_hold_the_table(db: Databases):
    """Only the host starts — until the lobby has sat unchanged for a day (when anyone may
    close it): then any seated player may start it. Someone not seated never may, and the
    refusal says when it will be possible."""
    from bot_support import Clock

    clock = Clock()
    svc = await make_service(db / "quiet.sqlite3", clock=clock)
    try:
        await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
        await svc.join(CH, BOB, "Bob")
        clock.advance(23)
        with pytest.raises(TableError, match=r"Only the host Alice can start the game\. If "
                           r"Alice has gone quiet, anyone seated may start once the lobby has "
                           r"sat unchanged for 24 hours \(1 hour to go\)\."):
            await svc.start_game(CH, BOB)
        clock.advance(1.5)
        with pytest.raises(TableError, match=r"^Only the host Alice can start the game\.$"):
            await svc.start_game(CH, CAROL)                      # not seated: never
        reply = await svc.start_game(CH, BOB)
        assert "begins" in reply.text
    finally:
        await svc.close()
