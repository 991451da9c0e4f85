"""Turn-reminder DMs on Discord: a loop that asks the service what is due and sends it —
the text, the board picture and the player's turn panel (a whole turn can be played from
the DM).

The schedule lives in the store (``TableService.due_reminders``), so a restart loses
nothing: the loop simply picks up whatever became due while the bot was away. A user
whose DMs are closed (Discord error 50007) is reported to the service, which stops
DMing them until they run ``/notify on`` again.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import discord
from discord.ext import tasks

from bot.table.replies import Reminder

log = logging.getLogger(__name__)

DM_LIMIT = 2000
CANNOT_DM = 50007  # "Cannot send messages to this user"


class _UserSource(Protocol):
    """What we need from the client to reach a user (``discord.Client`` fits)."""

    def get_user(self, user_id: int, /) -> discord.abc.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.abc.User: ...


class _ReminderService(Protocol):
    async def due_reminders(self, now: float) -> list[Reminder]: ...

    async def reminder_done(self, reminder: Reminder, delivered: bool,
                            dm_closed: bool = False) -> None: ...


async def send_dm(client: _UserSource, user_id: int, text: str, *,
                  image: bytes | None = None,
                  view: discord.ui.View | None = None) -> tuple[bool, bool]:
    """DM ``text`` (with the board picture and a turn panel, if given) to a user. Returns
    ``(delivered, dm_closed)``; never raises for a user we cannot reach. ``dm_closed``
    means "stop trying": closed DMs, a blocked bot, or a user Discord no longer knows."""
    extra: dict[str, Any] = {}
    if image is not None:
        extra["file"] = discord.File(io.BytesIO(image), filename="board.png")
    if view is not None:
        extra["view"] = view
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(text[:DM_LIMIT], **extra)
    except discord.Forbidden as exc:
        # 50007 is the usual one (DMs closed / no shared server); any 403 on a DM means
        # the same for us: we may not write to this person.
        log.info("DMs closed for user %s (code %s)", user_id, exc.code)
        return False, True
    except discord.NotFound:
        log.info("User %s not found; giving up on DMs to them", user_id)
        return False, True
    except discord.HTTPException as exc:
        log.warning("DM to user %s failed (%s); it will be retried", user_id, exc)
        return False, False
    return True, False


async def deliver_due(client: _UserSource, service: _ReminderService,
                      now: float | None = None) -> int:
    """Send every reminder that is due; report each attempt back. Returns how many
    were delivered. One failing reminder never stops the others."""
    from bot.discord.panels import panel_view

    delivered_count = 0
    for reminder in await service.due_reminders(time.time() if now is None else now):
        try:
            delivered, closed = await send_dm(client, reminder.user_id, reminder.text,
                                              image=reminder.image,
                                              view=panel_view(reminder.panel))
            await service.reminder_done(reminder, delivered, dm_closed=closed)
        except Exception:
            log.exception("Reminder %s for user %s failed", reminder.id, reminder.user_id)
            continue
        delivered_count += delivered
    return delivered_count


class ReminderLoop:
    """``discord.ext.tasks`` loop calling :func:`deliver_due` every ``seconds`` — for
    follow-ups and retries, and whatever fell due while the bot was away. A committed move
    does not wait for it: the adapter calls :meth:`kick`, which runs a pass at once (each
    reminder is claimed in the store, so a pass never sends a DM another already sent)."""

    def __init__(self, client: discord.Client, service: _ReminderService,
                 seconds: float = 60.0, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.service = service
        self.clock = clock
        self.task: tasks.Loop = tasks.loop(seconds=seconds)(self.tick)
        self.task.before_loop(self._wait_until_ready)
        self._kicked: asyncio.Task[None] | None = None

    def kick(self) -> None:
        """Run a pass now (unless one started by a kick is still running)."""
        if self._kicked is None or self._kicked.done():
            self._kicked = asyncio.get_running_loop().create_task(self.tick())

    async def _wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    async def tick(self) -> None:
        """One pass. Exceptions are logged here: an unhandled one would end the loop."""
        try:
            await deliver_due(self.client, self.service, self.clock())
        except Exception:
            log.exception("Reminder pass failed; trying again next time")

    def start(self) -> None:
        if not self.task.is_running():
            self.task.start()

    def stop(self) -> None:
        self.task.cancel()
        if self._kicked is not None:
            self._kicked.cancel()
