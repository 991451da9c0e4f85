"""Turn-reminder DMs: the reminder loop's body over a real service and store."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.discord.reminders import ReminderLoop, deliver_due, send_dm
from bot.table import TableService
from bot.table.replies import Reminder
from tests.discord_fakes import FakeClient, FakeUser

CHANNEL, GUILD = 31, 41


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    service = await TableService.open(tmp_path / "remind.sqlite3", seed_source=lambda: 11)
    yield service
    await service.close()


async def two_player_game(service: TableService, ana: FakeUser, bob: FakeUser) -> int:
    """Returns the user id whose turn it is."""
    await service.open_lobby(CHANNEL, GUILD, ana.id, ana.name, "navegador")
    await service.join(CHANNEL, bob.id, bob.name)
    reply = await service.start_game(CHANNEL, ana.id)
    await service.note_board_message(CHANNEL, 999)
    return reply.notify[0]


async def test_the_player_to_move_gets_a_dm_with_a_board_link(service: TableService) -> None:
    ana, bob = FakeUser(1, "ana"), FakeUser(2, "bob")
    turn = await two_player_game(service, ana, bob)
    client = FakeClient(service, [ana, bob])
    assert await deliver_due(client, service, time.time() + 1) == 1
    mover = client.users[turn]
    assert len(mover.dms) == 1 and f"/{GUILD}/{CHANNEL}/999" in mover.dms[0]
    other = bob if mover is ana else ana
    assert other.dms == []
    # Delivered reminders are not sent again on the next pass (the follow-up comes later).
    assert await deliver_due(client, service, time.time() + 2) == 0
    assert len(mover.dms) == 1


async def test_closed_dms_are_recorded_quietly_and_not_retried(service: TableService) -> None:
    ana, bob = FakeUser(1, "ana", dms_closed=True), FakeUser(2, "bob", dms_closed=True)
    await two_player_game(service, ana, bob)
    client = FakeClient(service, [ana, bob])
    assert await deliver_due(client, service, time.time() + 1) == 0       # no exception
    assert await service.due_reminders(time.time() + 10 * 86400) == []    # given up on them


async def test_send_dm_tells_closed_from_temporary_failures() -> None:
    closed = FakeUser(5, "cy", dms_closed=True)
    client = FakeClient(None, [closed])
    assert await send_dm(client, 5, "hi") == (False, True)
    assert await send_dm(client, 6, "hi") == (False, True)       # unknown user: stop trying

    class Flaky(FakeUser):
        async def send(self, content: str) -> None:
            from tests.discord_fakes import FakeHTTPResponse

            raise discord.HTTPException(FakeHTTPResponse(500, "Server Error"), "oops")

    assert await send_dm(FakeClient(None, [Flaky(7, "dee")]), 7, "hi") == (False, False)
    assert (await send_dm(FakeClient(None, [FakeUser(8, "eve")]), 8, "x" * 3000))[0]


async def test_the_loop_body_survives_a_failing_service() -> None:
    class Broken:
        async def due_reminders(self, now: float) -> list[Reminder]:
            raise RuntimeError("database is locked")

        async def reminder_done(self, reminder: Reminder, delivered: bool,
                                dm_closed: bool = False) -> None:  # pragma: no cover
            raise AssertionError

    loop = ReminderLoop(FakeClient(None), Broken(), seconds=60)  # type: ignore[arg-type]
    await loop.tick()                                  # logged, not raised: the loop lives on
    assert loop.task.seconds == 60


async def test_a_committed_move_sends_the_turn_dm_at_once(service: TableService) -> None:
    """The adapter kicks a reminder pass after a reply that names whose turn it is; the
    once-a-minute loop is only for follow-ups and retries."""
    import asyncio

    from bot.discord.commands import build_commands
    from tests.discord_fakes import FakeInteraction, invoke

    ana, bob = FakeUser(1, "ana"), FakeUser(2, "bob")
    client = FakeClient(service, [ana, bob])
    client.reminders = ReminderLoop(client, service, seconds=3600)   # type: ignore[attr-defined]
    commands = {c.name: c for c in build_commands()}
    turn = await two_player_game(service, ana, bob)
    await deliver_due(client, service)                     # the first DM of the game
    mover = client.users[turn]
    other = bob if mover is ana else ana
    before = len(other.dms)
    interaction = FakeInteraction(client, mover, CHANNEL)
    await invoke(commands["hire"], interaction, workers="1")
    for _ in range(50):                                    # the kicked pass runs at once
        if len(other.dms) > before:
            break
        await asyncio.sleep(0.02)
    assert len(other.dms) == before + 1 and "It is your turn" in other.dms[-1]
    client.reminders.stop()                                # type: ignore[attr-defined]
