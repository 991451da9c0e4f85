"""Lobby buttons that keep working after a restart.

Each control is a :class:`discord.ui.DynamicItem`: its ``custom_id`` carries everything
needed to act (``sailbot:lobby:<action>:<channel id>:<game id>``) — the game id, so that a
press on an old lobby message is refused once that lobby is gone instead of acting on a
newer one in the same channel — and the bot registers the classes
once at startup with ``client.add_dynamic_items``. When someone presses a button on a
lobby message posted weeks and several restarts ago, discord.py matches the custom_id
against the templates, rebuilds the item with :meth:`from_custom_id`, and calls it. No
view objects need to be kept in memory or re-attached to messages.

A lobby message carries: Join · Leave · Add computer (a normal one) · Start, a colour
menu ("Join as …") listing the colours still free, and a level menu ("Add computer at
level …": easy, normal, strong). After every press the message is redrawn
from the service's reply, so the free colours and disabled buttons stay true.

A finished game's board carries "🔁 Play again" (``sailbot:rematch:<channel>:<game>``):
a new lobby of the same game and rules, as ``/rematch``.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.respond import (
    QUICK_BUDGET,
    Answer,
    deliver_dms,
    finish,
    service_of,
    user_name,
)
from bot.table.replies import LobbyView, Reply

PREFIX = "sailbot:lobby"
ACTIONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "computer": ("Add computer", discord.ButtonStyle.primary),
    "uncomputer": ("Remove computer", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.danger),
}
BUTTON_TEMPLATE = re.compile(
    rf"{PREFIX}:(?P<action>join|leave|computer|uncomputer|start):(?P<channel>\d+)"
    r"(?::(?P<game>\d+))?")
COLOUR_TEMPLATE = re.compile(rf"{PREFIX}:colour:(?P<channel>\d+)(?::(?P<game>\d+))?")
LEVEL_TEMPLATE = re.compile(rf"{PREFIX}:level:(?P<channel>\d+):(?P<game>\d+)")
REMATCH_TEMPLATE = re.compile(r"sailbot:rematch:(?P<channel>\d+):(?P<game>\d+)")
PLAY_AGAIN = "🔁 Play again"
LEVELS = {"easy": "Easy computer — random, but sensible",
          "normal": "Normal computer — the best-looking turn",
          "strong": "Strong computer — thinks ahead"}


def button_id(action: str, channel_id: int, game_id: int) -> str:
    return f"{PREFIX}:{action}:{channel_id}:{game_id}"


def colour_id(channel_id: int, game_id: int) -> str:
    return f"{PREFIX}:colour:{channel_id}:{game_id}"


def level_id(channel_id: int, game_id: int) -> str:
    return f"{PREFIX}:level:{channel_id}:{game_id}"


def _game(match: re.Match[str]) -> int:
    # Lobby messages posted before game ids were carried name no game: 0 never matches
    # a lobby, so such a press is refused as "that lobby is closed".
    return int(match["game"] or 0)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """Join / Leave / Add computer / Start for the lobby in one channel."""

    def __init__(self, action: str, channel_id: int, game_id: int, *,
                 disabled: bool = False) -> None:
        label, style = ACTIONS[action]
        super().__init__(discord.ui.Button(label=label, style=style, disabled=disabled,
                                           custom_id=button_id(action, channel_id, game_id),
                                           row=0))
        self.action = action
        self.channel_id = channel_id
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["action"], int(match["channel"]), _game(match))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await lobby_action(interaction, self.action, self.channel_id, self.game_id)


class LobbyColour(discord.ui.DynamicItem[discord.ui.Select], template=COLOUR_TEMPLATE):
    """"Join as …": take a seat with a chosen colour."""

    def __init__(self, channel_id: int, game_id: int, colours: list[str]) -> None:
        options = [discord.SelectOption(label=c.capitalize(), value=c) for c in colours[:25]]
        super().__init__(discord.ui.Select(custom_id=colour_id(channel_id, game_id), row=1,
                                           placeholder="Join as colour…", options=options,
                                           min_values=1, max_values=1))
        self.channel_id = channel_id
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyColour:
        options = getattr(item, "options", None) or []
        return cls(int(match["channel"]), _game(match), [o.value for o in options])

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        data: dict[str, Any] = dict(interaction.data or {})  # type: ignore[arg-type]
        values = data.get("values") or getattr(self.item, "values", None) or []
        await lobby_action(interaction, "join", self.channel_id, self.game_id,
                           colour=values[0] if values else None)


class LobbyLevel(discord.ui.DynamicItem[discord.ui.Select], template=LEVEL_TEMPLATE):
    """"Add computer at level …": a computer player at easy, normal or strong (the
    "Add computer" button adds a normal one)."""

    def __init__(self, channel_id: int, game_id: int) -> None:
        options = [discord.SelectOption(label=label, value=level)
                   for level, label in LEVELS.items()]
        super().__init__(discord.ui.Select(custom_id=level_id(channel_id, game_id), row=2,
                                           placeholder="Add computer at level…",
                                           options=options, min_values=1, max_values=1))
        self.channel_id = channel_id
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyLevel:
        return cls(int(match["channel"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        data: dict[str, Any] = dict(interaction.data or {})  # type: ignore[arg-type]
        values = data.get("values") or getattr(self.item, "values", None) or []
        await lobby_action(interaction, "computer", self.channel_id, self.game_id,
                           level=values[0] if values else None)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=REMATCH_TEMPLATE):
    """"Play again" on a finished game's board: a new lobby of the same game and rules
    (``TableService.rematch``), posted in the channel with its lobby buttons."""

    def __init__(self, channel_id: int, game_id: int) -> None:
        super().__init__(discord.ui.Button(
            label=PLAY_AGAIN, style=discord.ButtonStyle.success,
            custom_id=f"sailbot:rematch:{channel_id}:{game_id}"))
        self.channel_id = channel_id
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RematchButton:
        return cls(int(match["channel"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        service = service_of(interaction)
        user = interaction.user
        answer = Answer(interaction, component=True)
        reply = await answer.run(lambda: service.rematch(
            self.channel_id, interaction.guild_id, user.id, user_name(user), self.game_id))
        if reply is None:
            return
        view = (lobby_view(self.channel_id, reply.lobby, service.colour_names())
                if reply.lobby is not None else None)
        await finish(interaction, answer, reply, view=view)


def rematch_view(channel_id: int, game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(channel_id, game_id))
    return view


def lobby_view(channel_id: int, lobby: LobbyView, colours: list[str]) -> discord.ui.View | None:
    """The controls for an open lobby; None once the game has started."""
    if lobby.started:
        return None
    view = discord.ui.View(timeout=None)
    full = len(lobby.seats) >= lobby.max_players
    game = lobby.game_id
    view.add_item(LobbyButton("join", channel_id, game, disabled=full))
    view.add_item(LobbyButton("leave", channel_id, game))
    view.add_item(LobbyButton("computer", channel_id, game, disabled=full))
    view.add_item(LobbyButton("start", channel_id, game,
                              disabled=len(lobby.seats) < lobby.min_players))
    if any(user is None for user, _, _ in lobby.seats):     # a computer seated: the last
        view.add_item(LobbyButton("uncomputer", channel_id, game))   # one out, in one press
    taken = {colour for _, _, colour in lobby.seats}
    free = [c for c in colours if c not in taken]
    if free and not full:
        view.add_item(LobbyColour(channel_id, game, free))
    if not full:
        view.add_item(LobbyLevel(channel_id, game))
    return view


STARTED = "⚓ **{title}** — this table has started; the board is below."


def game_title(game: str) -> str:
    from rules.registry import get_game

    try:
        return get_game(game).title
    except KeyError:
        return game.capitalize()


async def lobby_action(interaction: discord.Interaction, action: str, channel_id: int,
                       game_id: int, colour: str | None = None,
                       level: str | None = None) -> None:
    """A lobby button or the colour menu was used: ask the service, redraw the lobby."""
    service = service_of(interaction)
    user = interaction.user
    calls: dict[str, Callable[[], Awaitable[Reply]]] = {
        "join": lambda: service.join(channel_id, user.id, user_name(user), colour, game_id),
        "leave": lambda: service.leave(channel_id, user.id, game_id),
        "computer": lambda: service.add_computer(channel_id, user.id, game_id, level),
        "uncomputer": lambda: service.remove_computer(channel_id, user.id, game_id),
        "start": lambda: service.start_game(channel_id, user.id, game_id),
    }
    answer = Answer(interaction, component=True)
    reply = await answer.run(calls[action], defer_after=0 if action == "start" else QUICK_BUDGET)
    if reply is None:
        return
    await show_lobby_reply(interaction, answer, channel_id, reply, started=action == "start")


async def show_lobby_reply(interaction: discord.Interaction, answer: Answer, channel_id: int,
                           reply: Reply, *, started: bool = False) -> None:
    """Redraw the lobby message in place. At the start the buttons go away and the first
    board is posted publicly; a closed lobby keeps only its last words."""
    lobby = reply.lobby
    if lobby is not None and not lobby.started:
        view = lobby_view(channel_id, lobby, service_of(interaction).colour_names())
        await answer.edit_message(reply.text, view)
        await deliver_dms(interaction.client, reply)
    elif started or (lobby is not None and lobby.started):
        title = game_title(lobby.game) if lobby is not None else "The game"
        await answer.edit_message(STARTED.format(title=title), None)
        await finish(interaction, answer, reply)
    else:
        await answer.edit_message(reply.text, None)
        await deliver_dms(interaction.client, reply)
