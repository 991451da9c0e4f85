"""Discord faked at the adapter boundary: interactions, users and a client.

The fakes follow Discord's rules where they matter to us:

* an interaction is answered once (``send_message`` / ``defer`` / ``edit_message``);
* after a slash command is deferred with ``thinking``, the **first** followup edits that
  deferred message and keeps *its* visibility, whatever ``ephemeral`` the followup asks
  for — so a test sees an error leak into the channel if the adapter gets this wrong;
* after a button press is deferred (an invisible "update"), followups are new messages
  and ``edit_original_response`` edits the message the button sits on.

Everything the user or the channel would see lands in ``interaction.sent`` as ``Sent``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

_ids = itertools.count(10_000)


@dataclass
class Sent:
    """One message as Discord would show it."""

    content: str
    ephemeral: bool
    image: bytes | None = None
    filename: str | None = None
    view: discord.ui.View | None = None
    id: int = field(default_factory=lambda: next(_ids))
    pending: bool = False              # a deferred "thinking…" not yet replaced
    allowed_mentions: discord.AllowedMentions | None = None
    edits: int = 0                     # times edited after it was posted (``edit``)

    @property
    def flags(self) -> discord.MessageFlags:
        return discord.MessageFlags(ephemeral=self.ephemeral)

    def update(self, content: Any = ..., view: Any = ..., file: discord.File | None = None,
               allowed_mentions: Any = ...) -> None:
        if content is not ...:
            self.content = content
        if view is not ...:
            self.view = view
        if file is not None:
            self.image, self.filename = _read(file)
        if allowed_mentions is not ...:
            self.allowed_mentions = allowed_mentions
        self.pending = False

    async def edit(self, *, content: Any = ..., view: Any = ...,
                   attachments: list[discord.File] | None = None, allowed_mentions: Any = ...,
                   **_: Any) -> Sent:
        """Discord's Message.edit: new text, view or attachments (a picture that followed)."""
        self.update(content, view, attachments[0] if attachments else None, allowed_mentions)
        self.edits += 1
        return self


def _read(file: discord.File | None) -> tuple[bytes | None, str | None]:
    if file is None:
        return None, None
    return file.fp.read(), file.filename


class FakeUser:
    def __init__(self, user_id: int, name: str, *, dms_closed: bool = False) -> None:
        self.id = user_id
        self.name = name
        self.display_name = name.capitalize()
        self.bot = False
        self.dms: list[str] = []
        self.dm_messages: list[Sent] = []      # the same DMs with their picture and panel
        self.dms_closed = dms_closed

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    async def send(self, content: str, *, file: discord.File | None = None,
                   view: discord.ui.View | None = None, **_: Any) -> Sent:
        if self.dms_closed:
            raise discord.Forbidden(FakeHTTPResponse(403, "Forbidden"),
                                    {"code": 50007,
                                     "message": "Cannot send messages to this user"})
        self.dms.append(content)
        image, name = _read(file)
        message = Sent(content, False, image, name, view)
        self.dm_messages.append(message)
        return message


class FakeHTTPResponse:
    """What discord.HTTPException reads from an aiohttp response."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


class FakeChannel:
    """A channel the bot posts to directly (a move made from a DM posts the board here)."""

    def __init__(self, channel_id: int) -> None:
        self.id = channel_id
        self.sent: list[Sent] = []

    async def send(self, content: str | None = None, *, file: discord.File | None = None,
                   view: discord.ui.View | None = None,
                   allowed_mentions: discord.AllowedMentions | None = None, **_: Any) -> Sent:
        image, name = _read(file)
        message = Sent(content or "", False, image, name, view,
                       allowed_mentions=allowed_mentions)
        self.sent.append(message)
        return message


class FakeClient:
    """The bits of ``TableBot`` the adapter uses: the service, user and channel lookup."""

    def __init__(self, service: Any, users: list[FakeUser] | None = None) -> None:
        self.service = service
        self.users: dict[int, FakeUser] = {u.id: u for u in users or []}
        self.channels: dict[int, FakeChannel] = {}

    def get_channel(self, channel_id: int) -> FakeChannel:
        return self.channels.setdefault(channel_id, FakeChannel(channel_id))

    async def fetch_channel(self, channel_id: int) -> FakeChannel:
        return self.get_channel(channel_id)

    def get_user(self, user_id: int) -> FakeUser | None:
        return self.users.get(user_id)

    async def fetch_user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise discord.NotFound(FakeHTTPResponse(404, "Not Found"),
                                   {"code": 10013, "message": "Unknown User"}) from None

    async def wait_until_ready(self) -> None:
        return None


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._i = interaction
        self.kind: str | None = None
        self.choices: list[app_commands.Choice[Any]] | None = None

    def is_done(self) -> bool:
        return self.kind is not None

    def _answer(self, kind: str) -> None:
        if self.kind is not None:
            raise AssertionError(f"interaction answered twice ({self.kind}, then {kind})")
        self.kind = kind
        self._i.events.append(kind)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        if self._i.component and not thinking:
            self._answer("defer-update")
            return
        self._answer("defer-thinking")
        self._i.original = Sent("thinking…", ephemeral, pending=True)
        self._i.sent.append(self._i.original)

    async def send_message(self, content: str | None = None, *, ephemeral: bool = False,
                           file: discord.File | None = None, view: discord.ui.View | None = None,
                           allowed_mentions: discord.AllowedMentions | None = None,
                           **_: Any) -> None:
        self._answer("message")
        image, name = _read(file)
        self._i.original = Sent(content or "", ephemeral, image, name, view,
                                allowed_mentions=allowed_mentions)
        self._i.sent.append(self._i.original)

    async def edit_message(self, *, content: Any = ..., view: Any = ...,
                           allowed_mentions: Any = ..., **_: Any) -> None:
        assert self._i.component, "only component interactions can edit their message"
        self._answer("edit")
        assert self._i.message is not None
        self._i.message.update(content, view, allowed_mentions=allowed_mentions)

    async def autocomplete(self, choices: list[app_commands.Choice[Any]]) -> None:
        self._answer("autocomplete")
        self.choices = list(choices)


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._i = interaction

    async def send(self, content: str | None = None, *, ephemeral: bool = False,
                   file: discord.File | None = None, view: discord.ui.View | None = None,
                   wait: bool = False, allowed_mentions: discord.AllowedMentions | None = None,
                   **_: Any) -> Sent:
        assert self._i.response.is_done(), "a followup needs a response first"
        original = self._i.original
        if original is not None and original.pending:
            # Discord: the first followup after a "thinking" defer replaces it, keeping the
            # visibility chosen at defer time.
            original.update(content or "", view if view is not None else ..., file,
                            allowed_mentions)
            self._i.events.append("followup-edit")
            return original
        image, name = _read(file)
        message = Sent(content or "", ephemeral, image, name, view,
                       allowed_mentions=allowed_mentions)
        self._i.sent.append(message)
        self._i.events.append("followup")
        return message


class FakeInteraction:
    """A slash command (``component=False``) or a button/select press."""

    def __init__(self, client: FakeClient, user: FakeUser, channel_id: int = 555,
                 guild_id: int | None = 777, *, component: bool = False,
                 message: Sent | None = None, data: dict[str, Any] | None = None,
                 manage_channels: bool = False) -> None:
        self.client = client
        self.user = user
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.guild = None
        self._state = None
        self.component = component
        self.message = message
        self.data = data or {}
        self.permissions = discord.Permissions(manage_channels=manage_channels)
        self.command = None
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.original: Sent | None = None
        self.sent: list[Sent] = []
        self.events: list[str] = []

    async def edit_original_response(self, *, content: Any = ..., view: Any = ...,
                                     allowed_mentions: Any = ..., **_: Any) -> Sent:
        assert self.response.is_done()
        target = self.message if self.component else self.original
        assert target is not None
        target.update(content, view, allowed_mentions=allowed_mentions)
        self.events.append("edit-original")
        return target

    async def original_response(self) -> Sent:
        assert self.original is not None
        return self.original

    # What people see ---------------------------------------------------------------------

    @property
    def public(self) -> list[Sent]:
        return [m for m in self.sent if not m.ephemeral]

    @property
    def private(self) -> list[Sent]:
        return [m for m in self.sent if m.ephemeral]


def options_payload(**options: Any) -> list[dict[str, Any]]:
    """Options as Discord sends them (by their Discord names)."""
    out = []
    for name, value in options.items():
        if isinstance(value, FakeUser):             # a user option: Discord sends its id
            out.append({"type": 6, "name": name, "value": str(value.id)})
            continue
        kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 3
        out.append({"type": kind, "name": name, "value": value})
    return out


async def invoke(command: app_commands.Command, interaction: FakeInteraction,
                 **options: Any) -> None:
    """Run a command the way the tree does: Discord option names -> parameters."""
    namespace = app_commands.Namespace(interaction, {}, options_payload(**options))  # type: ignore[arg-type]
    for name, value in options.items():
        if isinstance(value, FakeUser):             # ... and the user it resolved
            setattr(namespace, name, value)
    interaction.command = command  # type: ignore[assignment]
    await command._invoke_with_namespace(interaction, namespace)  # type: ignore[arg-type]


async def autocomplete(command: app_commands.Command, interaction: FakeInteraction,
                       option: str, typed: str) -> list[app_commands.Choice[Any]]:
    payload = [{"type": 3, "name": option, "value": typed, "focused": True}]
    namespace = app_commands.Namespace(interaction, {}, payload)  # type: ignore[arg-type]
    await command._invoke_autocomplete(interaction, option, namespace)  # type: ignore[arg-type]
    assert interaction.response.choices is not None
    return interaction.response.choices
