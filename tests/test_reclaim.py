"""Taking a seat back: a player whose seat a computer took over (`/resign`, `/replace`)
comes back with `/join` and plays on — on a real database, SQLite and PostgreSQL. Whose
seat it was is kept in the game row's options (by user id, never by name), so it survives
a restart; every refusal is a sentence and changes nothing."""

from __future__ import annotations

import asyncio
import random

import pytest
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
    put_state,
    random_turn,
    started,
    to_move,
)
from databases import Databases

from bot.table import TableService, words
from bot.table.computers import COMPUTERS, HANDED_OVER, former_player, levels
from bot.table.replies import TableError
from bot.table.thinkers import Request, think

LOBBY_ANSWER = "A game is already being played here."


async def version(svc: TableService) -> int:
    return (await svc.table(CH)).row.version


async def play(svc: TableService, user: int, rng: random.Random):
    table = await svc.table(CH)
    seat = table.seat_of(user)
    assert seat is not None and table.state is not None
    return await svc.move(CH, user, random_turn(table.game, table.state, seat, rng))


async def refused(svc: TableService, user: int, name: str, match: str) -> None:
    """Both the check and the claim itself refuse with ``match``; nothing changes."""
    before = await version(svc)
    with pytest.raises(TableError, match=match):
        await svc.check_reclaim(CH, user, name)
    with pytest.raises(TableError, match=match):
        await svc.reclaim(CH, user, name)
    assert await version(svc) == before


async def test_a_resigned_player_takes_the_seat_back(db: Databases):
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE, BOB, CAROL])
    seat = (await svc.table(CH)).seat_of(BOB)
    assert seat is not None
    await svc.resign(CH, BOB, "strong")
    table = await svc.table(CH)
    colour = table.seats[seat].colour
    assert former_player(table.row.options, seat) == (BOB, "Bob")
    assert levels(table.row.options) == {"Bob (computer)": "strong"}
    with pytest.raises(TableError, match="You are not playing in this game"):
        await svc.hand(CH, BOB)
    question = await svc.check_reclaim(CH, BOB, "Bob")
    assert question == (f"Take back your {colour} seat in this Navegador game from Bob "
                        "(computer)? You play it again from where the game stands now.")
    assert await svc.check_reclaim(CH, ALICE, "Alice") is None    # seated: /join as ever
    reply = await svc.reclaim(CH, BOB, "Bob")
    assert reply.text.startswith(f"🙋 Bob is back and takes the {colour} seat back from Bob "
                                 "(computer).")
    table = await svc.table(CH)
    assert table.seats[seat].user_id == BOB and table.seats[seat].name == "Bob"
    assert COMPUTERS not in table.row.options and HANDED_OVER not in table.row.options
    assert table.row.status == "active"
    # and plays on: when it is Bob's turn he is told, and his move is his
    rng = random.Random(3)
    for _ in range(12):
        at, user = await to_move(svc)
        if user == BOB:
            break
        reply = await play(svc, user, rng)
    assert user == BOB and at == seat
    await play(svc, BOB, rng)
    assert (await svc.store.last_moves(table.row.id, 1))[0].user_id == BOB
    # the seat can be handed over, and taken back, again
    await svc.resign(CH, BOB)
    assert (await svc.table(CH)).seats[seat].name == "Bob (computer)"
    await svc.reclaim(CH, BOB, "Bob")
    assert (await svc.table(CH)).seat_of(BOB) == seat
    await svc.close()


async def test_a_replaced_player_takes_the_seat_back_after_a_restart(db: Databases):
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await started(svc, [ALICE, BOB])
    seat, absent = await to_move(svc)
    other = BOB if absent == ALICE else ALICE
    clock.advance(50)
    reply = await svc.replace(CH, other, NAMES[other], absent, NAMES[absent])
    assert reply.dms[absent].endswith("You can watch the game there with `/board`, and take "
                                      "your seat back with `/join` there.")
    await svc.close()
    svc = await make_service(db / "r.sqlite3", clock=clock)        # a restart
    name = NAMES[absent]
    colour = (await svc.table(CH)).seats[seat].colour
    assert await svc.check_reclaim(CH, absent, "renamed") is not None   # the id counts
    reply = await svc.reclaim(CH, absent, "renamed")
    assert f"🙋 {name} is back and takes the {colour} seat back from {name} (computer)." \
        in reply.text
    assert reply.notify == []       # the player to move was told already; nobody has news
    table = await svc.table(CH)
    assert table.seats[seat].name == name                # the name the seat had
    assert HANDED_OVER not in table.row.options
    await svc.close()


async def test_only_the_players_own_seat_and_refusals_change_nothing(db: Databases):
    svc = await make_service(db / "r.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    await svc.join(CH, BOB, "Bob")
    await svc.add_computer(CH, ALICE)
    assert await svc.check_reclaim(CH, CAROL, "Carol") is None      # a lobby: /join as ever
    await svc.start_game(CH, ALICE)
    table = await svc.table(CH)
    from_start = next(s for s in table.seats if not s.human)
    await svc.resign(CH, BOB)
    # not by name: another member called Bob, or called like the computer, gets nothing
    for user, name in ((DAVE, "Bob"), (DAVE, from_start.name.partition(" (")[0]),
                       (CAROL, "Carol")):
        assert await svc.check_reclaim(CH, user, name) is None
        with pytest.raises(TableError, match=LOBBY_ANSWER):        # the answer that stands
            await svc.join(CH, user, name)
        before = await version(svc)
        with pytest.raises(TableError, match="No seat of yours is played by a computer here, "
                                             "so there is nothing to take back; nothing "
                                             "changed."):
            await svc.reclaim(CH, user, name)
        assert await version(svc) == before
    # a seated player
    await refused_seated(svc)
    assert (await svc.table(CH)).seat_of(DAVE) is None
    await svc.close()


async def refused_seated(svc: TableService) -> None:
    colour = (await svc.table(CH)).seats[(await svc.table(CH)).seat_of(ALICE) or 0].colour
    assert await svc.check_reclaim(CH, ALICE, "Alice") is None
    before = await version(svc)
    with pytest.raises(TableError, match=f"You play the {colour} seat of this game already; "
                                         "nothing changed."):
        await svc.reclaim(CH, ALICE, "Alice")
    assert await version(svc) == before


async def test_a_seat_handed_over_before_it_was_remembered(db: Databases):
    """A game handed over before this change has no note of whose the seat was: it cannot
    be taken back, and the player is told so (the name only words the refusal)."""
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE, BOB])
    seat = (await svc.table(CH)).seat_of(BOB)
    assert seat is not None
    await svc.resign(CH, BOB)
    table = await svc.table(CH)
    colour = table.seats[seat].colour
    old = {k: v for k, v in table.row.options.items() if k != HANDED_OVER}
    await svc.store.update_game(table.row, svc.clock(), options=old)
    svc.tables.forget(table.row.id)
    await refused(svc, BOB, "Bob",
                  f"The {colour} seat that Bob \\(computer\\) plays was handed to a computer "
                  "player before the bot kept a note of whose seat it was, so it cannot be "
                  "taken back.")
    assert await svc.check_reclaim(CH, CAROL, "Carol") is None      # anyone else: as ever
    await svc.close()


@pytest.mark.parametrize("end", ["abandoned", "finished"])
async def test_a_game_that_ended_cannot_be_claimed(db: Databases, end: str):
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE, BOB, CAROL])
    seat = (await svc.table(CH)).seat_of(BOB)
    await svc.resign(CH, BOB)
    table = await svc.table(CH)
    assert seat is not None
    colour = table.seats[seat].colour
    await svc.store.update_game(table.row, svc.clock(), status=end)
    svc.tables.forget(table.row.id)
    words = ("is over, so your {c} seat cannot be taken back \\(`/score` shows the final "
             "scores\\)" if end == "finished" else "was abandoned, so your {c} seat cannot "
             "be taken back").format(c=colour)
    before = (await svc.table(CH)).row.version
    for _ in range(2):
        with pytest.raises(TableError, match=f"The Navegador game in this channel {words}. "
                                             "`/rematch` plays it again, or start a new game "
                                             "with `/navegador start`."):
            await svc.check_reclaim(CH, BOB, "Bob")
        with pytest.raises(TableError, match=words):
            await svc.reclaim(CH, BOB, "Bob")
    assert (await svc.table(CH)).row.version == before
    assert (await svc.table(CH)).seats[seat].user_id is None
    await svc.close()


class HeldThinkers:
    """Thinks in a thread like the tests' default, but only once ``go`` is set."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.go = asyncio.Event()

    async def play(self, request: Request):
        self.started.set()
        await self.go.wait()
        return await asyncio.to_thread(think, request)

    async def close(self) -> None:
        return None


async def test_a_computer_mid_move_is_not_cut_off(db: Databases):
    """While the computer (or any computer of the game) thinks about its move, the claim
    is refused — nothing changes, the move lands —, and then it goes through."""
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE, BOB])
    rng = random.Random(5)
    _, first = await to_move(svc)
    if first == BOB:
        await play(svc, BOB, rng)
    await svc.resign(CH, BOB)
    held = HeldThinkers()
    svc.tables.thinkers = held
    _, user = await to_move(svc)
    assert user == ALICE
    ply = (await svc.table(CH)).ply
    move = asyncio.create_task(play(svc, ALICE, rng))
    await held.started.wait()
    await refused(svc, BOB, "Bob", "A computer player is in the middle of its move here, so "
                                   "your .* seat cannot be taken back this very moment; "
                                   "`/join` again once it has moved. Nothing changed.")
    held.go.set()
    reply = await move
    assert "**Bob (computer)**" in reply.text                # the computer's move landed
    assert (await svc.table(CH)).ply > ply + 1
    await svc.reclaim(CH, BOB, "Bob")
    assert (await svc.table(CH)).seat_of(BOB) is not None
    await svc.close()


async def test_a_claim_that_loses_the_race_changes_nothing(db: Databases):
    svc = await make_service(db / "r.sqlite3")
    await started(svc, [ALICE, BOB])
    await svc.resign(CH, BOB)
    check = svc.reclaims.check

    async def then_someone_else(*args):
        claim = await check(*args)
        assert claim is not None
        await svc.store.update_game(claim.table.row, svc.clock())   # a change lands first
        return claim

    svc.reclaims.check = then_someone_else  # type: ignore[method-assign]
    with pytest.raises(TableError, match="The game moved on at that very moment, so your .* "
                                         "seat was not taken back and nothing changed"):
        await svc.reclaim(CH, BOB, "Bob")
    svc.reclaims.check = check  # type: ignore[method-assign]
    assert (await svc.table(CH)).seat_of(BOB) is None
    await svc.reclaim(CH, BOB, "Bob")
    assert (await svc.table(CH)).seat_of(BOB) is not None
    await svc.close()


async def test_the_returning_player_sees_their_own_hand_and_nothing_else(db: Databases):
    """The computer's private knowledge is the seat's own: back at the seat, `/hand` shows
    it — the same whatever is hidden from the seat (a twin with every such value dealt
    anew), and no other seat's."""
    svc = await make_service(db / "r.sqlite3", seed=9)
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "maracaibo")
    for user in (BOB, CAROL):
        await svc.join(CH, user, NAMES[user])
    await svc.start_game(CH, ALICE)
    seat = (await svc.table(CH)).seat_of(BOB)
    assert seat is not None
    reply = await svc.resign(CH, BOB)
    assert BOB not in reply.dms
    reply = await svc.reclaim(CH, BOB, "Bob")
    assert reply.dms == {} and reply.private == ""
    table = await svc.table(CH)
    g, state = table.game, table.state
    assert state is not None
    mine = (await svc.hand(CH, BOB)).text
    assert mine == words.clip(f"{g.title} · {table.seats[seat].colour}\n"
                              + words.name_seats(g.private_text(state, seat), table.names))
    others = [(await svc.hand(CH, u)).text for u in (ALICE, CAROL)]
    assert all(other.partition("\n")[2] != mine.partition("\n")[2] for other in others)
    for n in range(4):       # what is hidden from the seat, dealt anew: the same /hand
        await put_state(svc, g.determinize(state, seat, random.Random(n)))
        assert (await svc.hand(CH, BOB)).text == mine
    secret = False           # (and the hand is a secret: hidden from everyone else, it moves)
    for n in range(8):
        await put_state(svc, g.determinize(state, None, random.Random(n)))
        secret = secret or (await svc.hand(CH, BOB)).text != mine
    assert secret
    await svc.close()


class IdleThinkers:
    """Computers that do not move (as if their thinking stopped short): the game then waits
    on a computer seat at rest."""

    async def play(self, request: Request):
        return []

    async def close(self) -> None:
        return None


async def test_back_on_the_seat_whose_turn_it_is_the_player_is_told(db: Databases):
    """Computers play until a human must act, so a seat handed over is not waited on at
    rest — unless its computer stopped short: then the returning player is pinged, gets
    the turn DM with their panel, and moves."""
    clock = Clock()
    svc = await make_service(db / "r.sqlite3", clock=clock)
    await started(svc, [ALICE, BOB])
    seat, user = await to_move(svc)
    svc.tables.thinkers = IdleThinkers()
    await svc.resign(CH, user)
    table = await svc.table(CH)
    assert table.state is not None and table.game.waiting_on(table.state) == [seat]
    assert not [r for r in await svc.store.reminders() if r.user_id == user]
    clock.advance(1)
    reply = await svc.reclaim(CH, user, NAMES[user])
    assert reply.notify == [user]
    assert "➡️" in reply.text and f"**{NAMES[user]}**" in reply.text
    reminders = await svc.due_reminders(pictures=False)
    mine = [r for r in reminders if r.user_id == user]
    assert len(mine) == 1 and mine[0].panel is not None
    await play(svc, user, random.Random(1))
    assert (await svc.store.last_moves(table.row.id, 1))[0].user_id == user
    await svc.close()


def test_the_options_maps_are_kept_apart_from_the_rules():
    from bot.table.computers import rules_options, taken_over, with_level, without_computer

    options = taken_over(with_level({"variant": "x"}, "Bob (computer)", "easy"), 2, BOB, "Bob")
    options = with_level(options, "Henrique (computer)", "strong")
    assert rules_options(options) == {"variant": "x"}
    assert former_player(options, 2) == (BOB, "Bob") and former_player(options, 1) is None
    back = without_computer(options, 2, "Bob (computer)")
    assert back == {"variant": "x", COMPUTERS: {"Henrique (computer)": "strong"}}
    assert without_computer(back, 1, "Henrique (computer)") == {"variant": "x"}
    for odd in ({HANDED_OVER: []}, {HANDED_OVER: {"2": {"user_id": "1002", "name": "Bob"}}},
                {HANDED_OVER: {"2": {"user_id": True, "name": "Bob"}}}):
        assert former_player(odd, 2) is None
