"""Playing on the loopback Discord as a person would: what an interaction showed only to
its user, waiting for the next player's DM, and a move made by clicks alone — from the
board message's panel, "Your move", or the turn DM — reaching a choice the way the game's
explorer policy would pick it. A referee (the table service on the bot's database, read
only) says whose turn it is and what the choices are."""

from __future__ import annotations

import random

from bot.table import TableService
from tests.clicking import pick, position_of
from tests.loopback.people import People
from tests.loopback.server import Exchange, Stored

PNG = b"\x89PNG\r\n\x1a\n"


def private_to(people: People, ex: Exchange, user: int) -> list[Stored]:
    """The messages an interaction made that only ``user`` sees."""
    lb = people.lb
    made = [lb.messages[m] for m in {*ex.created, *ex.edited} if m in lb.messages]
    assert all(m.visible_to == user for m in made if m.id in ex.created), "a public answer"
    return [m for m in made if m.visible_to == user]


async def next_dm(people: People, before: int, user: int) -> None:
    """Wait for a DM attempt to ``user`` after the first ``before`` attempts."""
    lb = people.lb
    try:
        await people.settle(lambda: any(u == user for u, _, _ in lb.dm_attempts[before:]),
                            timeout=10)
    except AssertionError:
        raise AssertionError(f"no DM to {lb.users[user]['username']}") from None


async def waited_for(referee: TableService, channel: int) -> set[int]:
    table = await referee.table(channel)
    if table.state is None:
        return set()
    return {u for s in table.game.waiting_on(table.state)
            if (u := table.seats[s].user_id) is not None}


async def after_move(people: People, referee: TableService, channel: int, mover: int,
                     boards_before: int, dms_before: int, waited: set[int]) -> None:
    """The board followed (with its picture), and whoever the game now waits for (and did
    not before) was DMed."""
    boards = people.boards(channel)
    assert len(boards) > boards_before, "no board after a move"
    assert all(b.images and b.images[0].startswith(PNG) for b in boards[boards_before:])
    closed = {u for u, delivered, _ in people.lb.dm_attempts if not delivered}
    for user in await waited_for(referee, channel) - waited - {mover}:
        # a user whose DMs failed with 50007 is not tried again (until /notify on)
        if user not in closed:
            await next_dm(people, dms_before, user)


def item_for(message: Stored, ref_prefix: str) -> tuple[str, str | None] | None:
    """(custom_id, option value) of the component on ``message`` whose ref starts so."""
    for c in message.components():
        if c["type"] == 2 and c["custom_id"].split(":")[-1].startswith(ref_prefix):
            return c["custom_id"], None
        for o in c.get("options") or []:
            if o["value"].startswith(ref_prefix):
                return c["custom_id"], o["value"]
    return None


def current(message: Stored, version: int) -> bool:
    ids = [c["custom_id"] for c in message.components() if c.get("custom_id")]
    return bool(ids) and all(i.split(":")[3] == str(version) for i in ids)


async def click_move(people: People, referee: TableService, ch: int, from_dm: bool,
                     rng: random.Random) -> tuple[int, int, bool]:
    """One move by clicks only (from the turn DM when asked and it is current); returns
    (user, clicks, whether the DM was used)."""
    lb = people.lb
    table = await referee.table(ch)
    seat = table.game.waiting_on(table.state)[0]
    user = table.seats[seat].user_id
    assert user is not None
    dms = [m for m in people.dms(user) if m.components()]
    boards = people.boards(ch)
    dm = dms[-1] if dms and current(dms[-1], table.row.version) else None
    start = dm if dm is not None and (from_dm or not boards) else boards[-1]
    clicks = 0
    if not item_for(start, "n") and not item_for(start, "m"):
        opener = item_for(start, "y")
        assert opener is not None, start.components()
        ex = await people.press(user, start, opener[0])
        (start,) = private_to(people, ex, user)
        clicks += 1
    offer = referee.panels.offer(table, seat)
    target = position_of(offer.root, pick(table, seat, offer.choices, rng))
    message = start
    for depth in range(1, len(target) + 1):
        body = ".".join(map(str, target[:depth]))
        leaf = depth == len(target)
        found = item_for(message, ("m" if leaf else "n") + body + ("!" if leaf else ""))
        assert found is not None, (body, message.components())
        boards, dms_before = len(people.boards(ch)), len(lb.dm_attempts)
        waited = await waited_for(referee, ch)
        ex = await people.press(user, message, found[0], found[1],
                                settle=(lambda b=boards: len(people.boards(ch)) > b)
                                if leaf else None)
        clicks += 1
        if leaf:
            await after_move(people, referee, ch, user, boards, dms_before, waited)
            return user, clicks, start is dm
        if not message.ephemeral and message.channel_id == ch:
            (message,) = private_to(people, ex, user)           # opened privately
        else:
            message = lb.messages[message.id]                   # redrawn in place
    raise AssertionError("no move")
