"""Answering one Discord interaction from a table-service call, on time.

Discord wants every interaction answered (or deferred) within 3 seconds. The rule here:

* **Slow calls** (moves, ``/board``, ``/undo``, ``/resign``, ``/replace``, ``/abandon``, the Start
  button — anything that may render a board) are deferred *before* the service is
  called (``defer_after=0``). A slash command is deferred **ephemerally** ("thinking…",
  seen only by the caller), so a refused move stays private: the error replaces the
  thinking message. On success the thinking message becomes a short private
  acknowledgement and the board goes to the channel as a **public followup** (interaction
  followups need no channel permissions). A button press is deferred as an invisible
  "update", after which ephemeral and public followups both work.
* **Quick calls** (lobby, ``/status``, ``/log``, …) run first and are answered directly
  (public or private as the reply says, errors private); should one take longer than
  ``QUICK_BUDGET`` seconds, we defer as above and finish the same way.

Only ``bot/discord*`` imports discord.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.discord.reminders import send_dm
from bot.table.narrate import PICTURE_FOLLOWS
from bot.table.replies import Reply, TableError

if TYPE_CHECKING:
    from bot.table import TableService

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
QUICK_BUDGET = 1.5       # seconds a quick call may take before we defer anyway
DONE_NOTE = "✅ Done — posted in the channel."
OOPS = ("Something went wrong on our side (it has been logged). "
        "Check `/status` to see where the game stands, then try again.")
NO_MENTIONS = discord.AllowedMentions.none()

Call = Callable[[], Awaitable[Reply]]
T = TypeVar("T")


def service_of(interaction: discord.Interaction) -> TableService:
    """The table service hangs on the client (see ``bot.discord.app.TableBot``)."""
    return interaction.client.service  # type: ignore[attr-defined]


def user_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Cut a long text into messages at line breaks, keeping ``` code blocks balanced."""
    text = text.strip() or "…"
    chunks: list[str] = []
    current = ""
    fence_open = False
    for line in text.split("\n"):
        while len(line) > limit - 8:              # a single monster line: hard cut
            head, line = line[: limit - 8], line[limit - 8:]
            chunks.append((current + "\n" + head).strip("\n") if current else head)
            current = ""
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) + (4 if fence_open else 0) > limit:
            chunks.append(current + ("\n```" if fence_open else ""))
            current = ("```\n" if fence_open else "") + line
        else:
            current = candidate
        if line.strip().startswith("```"):
            fence_open = not fence_open
    if current:
        chunks.append(current)
    return chunks


def with_mentions(reply: Reply) -> tuple[str, discord.AllowedMentions]:
    """The public text, ending with a ping for whoever must act now (and nobody else)."""
    if not reply.notify:
        return reply.text, NO_MENTIONS
    pings = " ".join(f"<@{uid}>" for uid in reply.notify)
    allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                      users=[discord.Object(uid) for uid in reply.notify])
    return f"{reply.text}\n🔔 {pings}", allowed


def board_file(reply: Reply) -> discord.File | None:
    if not reply.image:
        return None
    return discord.File(io.BytesIO(reply.image), filename=reply.image_name or "board.png")


def has_board(reply: Reply) -> bool:
    """The reply shows the board: its picture, now or following."""
    return bool(reply.image) or reply.image_later is not None


_FOLLOWING: set[asyncio.Task[None]] = set()   # pictures on their way to their message


def attach_later(message: Any, reply: Reply) -> None:
    """When the picture that follows ``reply`` is drawn, attach it to the board message
    (whose text loses its "follows" line). A picture that failed leaves the text as it is:
    ``/board`` draws it again."""
    if reply.image_later is None:
        return
    later = reply.image_later

    async def attach() -> None:
        image = await later
        if not image:
            return
        extra: dict[str, Any] = {}
        content = getattr(message, "content", None)
        if isinstance(content, str) and PICTURE_FOLLOWS in content:
            extra["content"] = content.replace(PICTURE_FOLLOWS, "").rstrip()
        try:
            await message.edit(attachments=[discord.File(io.BytesIO(image),
                                                          filename=reply.image_name)],
                               allowed_mentions=NO_MENTIONS, **extra)
        except discord.HTTPException:
            log.exception("Could not attach the board picture to message %s",
                          getattr(message, "id", "?"))

    task = asyncio.ensure_future(attach())
    _FOLLOWING.add(task)
    task.add_done_callback(_FOLLOWING.discard)


class Answer:
    """One interaction's answer: defer when needed, then errors privately and replies
    publicly (or privately when the reply says so)."""

    def __init__(self, interaction: discord.Interaction, *, component: bool = False) -> None:
        self.interaction = interaction
        self.component = component     # a button / select press rather than a slash command
        self.deferred = False

    # Getting the reply ---------------------------------------------------------------

    async def defer(self) -> None:
        if self.interaction.response.is_done():
            return
        if self.component:
            await self.interaction.response.defer()          # invisible "update"
        else:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
        self.deferred = True

    async def run(self, call: Callable[[], Awaitable[T]],
                  defer_after: float = QUICK_BUDGET) -> T | None:
        """The service's reply, or None when it refused (the user has been told why)."""
        task: asyncio.Future[T] | None = None
        try:
            task = asyncio.ensure_future(call())
            if defer_after > 0:
                await asyncio.wait({task}, timeout=defer_after)
            if not task.done():
                await self.defer()
            return await task
        except TableError as exc:
            await self.error(str(exc))
        except Exception:
            log.exception("Service call failed for %s", _describe(self.interaction))
            await self.error(OOPS)
        finally:
            if task is not None and not task.done():
                # Answering failed (e.g. the interaction expired) while the service is still
                # working: let it finish — a move half-cancelled helps nobody — and log it.
                task.add_done_callback(_log_orphan)
        return None

    # Sending -------------------------------------------------------------------------

    async def error(self, text: str) -> None:
        """Tell only the caller. Works before or after any kind of defer."""
        text = text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"
        try:
            if not self.interaction.response.is_done():
                await self.interaction.response.send_message(
                    text, ephemeral=True, allowed_mentions=NO_MENTIONS)
            else:
                await self.interaction.followup.send(
                    text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.exception("Could not send an error to %s", _describe(self.interaction))

    async def send(self, reply: Reply, *, ephemeral: bool | None = None,
                   view: discord.ui.View | None = None) -> discord.Message | None:
        """Send ``reply`` (text, board, view). Returns the public message holding the
        board (or that will, when its picture follows), so its id can be remembered for
        DM links."""
        private = reply.ephemeral if ephemeral is None else ephemeral
        text, allowed = (reply.text, NO_MENTIONS) if private else with_mentions(reply)
        chunks = split_text(text)
        response = self.interaction.response
        followup = self.interaction.followup
        message: discord.Message | None = None
        extra: dict[str, Any] = {}
        if view is not None:
            extra["view"] = view
        file = board_file(reply)
        if file is not None:
            extra["file"] = file
        if not response.is_done():
            await response.send_message(chunks[0], ephemeral=private, allowed_mentions=allowed,
                                        **extra)
            if has_board(reply) and not private:
                message = await self.interaction.original_response()
        elif private or self.component:
            sent = await followup.send(chunks[0], ephemeral=private, allowed_mentions=allowed,
                                       wait=True, **extra)
            message = None if private else sent
        else:
            # Deferred ephemerally: settle the private "thinking…" first, so that the
            # next followup is a new, public message rather than an edit of it.
            await self.interaction.edit_original_response(content=DONE_NOTE)
            message = await followup.send(chunks[0], allowed_mentions=allowed, wait=True,
                                          **extra)
        for chunk in chunks[1:]:
            await followup.send(chunk, ephemeral=private, allowed_mentions=allowed)
        return message if has_board(reply) else None

    async def edit_message(self, content: str | None, view: discord.ui.View | None) -> None:
        """Button presses: redraw the message the button sits on (the lobby, a panel);
        ``content`` None keeps its text."""
        extra: dict[str, Any] = {"view": view, "allowed_mentions": NO_MENTIONS}
        if content is not None:
            extra["content"] = split_text(content)[0]
        if not self.interaction.response.is_done():
            await self.interaction.response.edit_message(**extra)
        else:
            await self.interaction.edit_original_response(**extra)


async def finish(interaction: discord.Interaction, answer: Answer, reply: Reply,
                 *, ephemeral: bool | None = None, view: discord.ui.View | None = None) -> None:
    """Send the reply (a public board carries its turn panel), remember the board message,
    deliver private messages, and send the turn DMs it made due at once (the reminder loop
    is for follow-ups and retries)."""
    private = reply.ephemeral if ephemeral is None else ephemeral
    if view is None and not private:
        view = board_view(interaction.channel_id or 0, reply)
    message = await answer.send(reply, ephemeral=ephemeral, view=view)
    if message is not None:
        attach_later(message, reply)
    if message is not None and interaction.channel_id is not None:
        await note_board(interaction.client, interaction.channel_id, message)
    if reply.private:
        await answer.error(reply.private)
    await deliver_dms(interaction.client, reply)
    if reply.notify:
        kick_reminders(interaction.client)


def board_view(channel_id: int, reply: Reply) -> discord.ui.View | None:
    """The controls on a public board message: the turn panel while the game goes on,
    "Play again" once it is over."""
    from bot.discord.panels import panel_view
    from bot.discord.views import rematch_view

    if reply.panel is not None:
        return panel_view(reply.panel)
    if reply.rematch is not None:
        return rematch_view(channel_id, reply.rematch)
    return None


def kick_reminders(client: Any) -> None:
    kick = getattr(getattr(client, "reminders", None), "kick", None)
    if kick is not None:
        kick()


async def note_board(client: Any, channel_id: int, message: discord.Message) -> None:
    """Remember the newest board message; the one before it loses its (stale) panel."""
    try:
        old = await client.service.note_board_message(channel_id, message.id)
    except Exception:
        log.exception("Could not remember board message %s", message.id)
        return
    if old is None or not hasattr(client, "get_partial_messageable"):
        return
    try:
        await client.get_partial_messageable(channel_id).get_partial_message(old).edit(
            view=None)
    except discord.HTTPException as exc:
        log.debug("Could not clear the panel of board message %s: %s", old, exc)


async def deliver_dms(client: Any, reply: Reply) -> None:
    """Private texts from the reply; closed DMs are skipped quietly."""
    for user_id, text in reply.dms.items():
        await send_dm(client, user_id, text)


async def respond(interaction: discord.Interaction, call: Call, *, slow: bool = False,
                  ephemeral: bool | None = None) -> Reply | None:
    """The whole round trip for a slash command backed by one service call. A public reply
    showing an open lobby gets the lobby buttons."""
    answer = Answer(interaction)
    reply = await answer.run(call, defer_after=0 if slow else QUICK_BUDGET)
    if reply is not None:
        private = reply.ephemeral if ephemeral is None else ephemeral
        view = None
        if reply.lobby is not None and not reply.lobby.started and not private:
            from bot.discord.views import lobby_view

            channel = interaction.channel_id or 0
            view = lobby_view(channel, reply.lobby, service_of(interaction).colour_names())
        try:
            await finish(interaction, answer, reply, ephemeral=ephemeral, view=view)
        except discord.HTTPException:
            log.exception("Could not send the reply for %s", _describe(interaction))
            await answer.error("Your command was carried out, but posting the answer failed; "
                               "use `/board` or `/status` to see the table.")
    return reply


def _log_orphan(task: asyncio.Future[Reply]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("A service call finished after its interaction failed: %r", task.exception())


def _describe(interaction: discord.Interaction) -> str:
    command = getattr(interaction, "command", None)
    name = getattr(command, "qualified_name", None) or "component"
    return f"/{name} by {interaction.user.id} in {interaction.channel_id}"
