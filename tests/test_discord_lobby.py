"""Lobby buttons, pressed the way Discord delivers them after a restart: the bot knows only
the message's components and rebuilds each item from its custom_id."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.components import _component_factory
from discord.ui.view import _component_to_item

from bot.discord.commands import build_commands
from bot.discord.views import LobbyButton, LobbyColour, LobbyLevel
from bot.table import TableService
from tests.discord_fakes import (
    FakeClient,
    FakeInteraction,
    FakeUser,
    Sent,
    autocomplete,
    invoke,
)

CHANNEL = 4242
DYNAMIC = (LobbyButton, LobbyColour, LobbyLevel)


@pytest.fixture
def people() -> dict[str, FakeUser]:
    names = ["ana", "bea", "cid", "dan", "eva", "fay"]
    return {n: FakeUser(i, n) for i, n in enumerate(names, start=201)}


@pytest.fixture
async def client(tmp_path: Path, people: dict[str, FakeUser]) -> AsyncIterator[FakeClient]:
    service = await TableService.open(tmp_path / "lobby.sqlite3", seed_source=lambda: 5)
    yield FakeClient(service, list(people.values()))
    await service.close()


async def open_lobby(client: FakeClient, host: FakeUser) -> Sent:
    group = next(c for c in build_commands() if c.name == "navegador")
    start = group.get_command("start")  # type: ignore[union-attr]
    interaction = FakeInteraction(client, host, CHANNEL)
    await invoke(start, interaction)  # type: ignore[arg-type]
    (message,) = interaction.public
    assert message.view is not None
    return message


def components(message: Sent) -> list[dict[str, Any]]:
    assert message.view is not None
    return [c for row in message.view.to_components() for c in row["components"]]


def custom_id(message: Sent, action: str) -> str:
    ids = [c["custom_id"] for c in components(message)]
    return next(i for i in ids if i.split(":")[2] == action)


async def rebuilt(interaction: FakeInteraction, message: Sent, cid: str) -> discord.ui.Item[Any]:
    """What discord.py does for a registered dynamic item: item from the message's
    component payload, then ``from_custom_id`` with the template match."""
    payload = next(c for c in components(message) if c["custom_id"] == cid)
    base = _component_to_item(_component_factory(payload))  # type: ignore[arg-type]
    for cls in DYNAMIC:
        match = cls.__discord_ui_compiled_template__.fullmatch(cid)
        if match:
            return await cls.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
    raise AssertionError(f"no dynamic item for {cid}")


async def press(client: FakeClient, user: FakeUser, message: Sent, action: str,
                value: str | None = None) -> FakeInteraction:
    cid = custom_id(message, action)
    data: dict[str, Any] = {"custom_id": cid, "component_type": 3 if value else 2}
    if value is not None:
        data["values"] = [value]
    interaction = FakeInteraction(client, user, CHANNEL, component=True, message=message,
                                  data=data)
    item = await rebuilt(interaction, message, cid)
    await item.callback(interaction)
    return interaction


def labels(message: Sent) -> dict[str, bool]:
    """Button label -> enabled."""
    return {c["label"]: not c.get("disabled", False) for c in components(message)
            if c["type"] == 2}


async def test_join_leave_computer_start_through_rebuilt_buttons(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    ana, bea, cid = people["ana"], people["bea"], people["cid"]
    lobby = await open_lobby(client, ana)
    assert labels(lobby) == {"Join": True, "Leave": True, "Add computer": True,
                             "Start": False}                      # 1 seat: cannot start yet
    joined = await press(client, bea, lobby, "join")
    assert joined.events == ["edit"] and not joined.sent          # redrawn in place, quietly
    assert "Bea" in lobby.content and labels(lobby)["Start"]
    await press(client, cid, lobby, "join")
    left = await press(client, cid, lobby, "leave")
    assert left.events == ["edit"] and "Cid left" in lobby.content
    added = await press(client, bea, lobby, "computer")
    assert "(computer)" in lobby.content and added.events == ["edit"]
    refused = await press(client, bea, lobby, "start")
    assert "Only the host" in refused.private[0].content and not refused.public
    assert lobby.view is not None                                 # the lobby stays open
    started = await press(client, ana, lobby, "start")
    assert started.events[0] == "defer-update"                    # slow: deferred first
    assert lobby.view is None and "has started" in lobby.content  # buttons gone
    board = started.public[-1]
    assert "begins" in board.content and board.image
    row = await client.service.store.open_game(CHANNEL)
    assert row is not None and row.status == "active" and row.board_message_id == board.id


async def test_colour_menu_offers_free_colours_and_seats_with_one(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    lobby = await open_lobby(client, people["ana"])
    menu = next(c for c in components(lobby) if c["type"] == 3)
    free = [o["value"] for o in menu["options"]]
    assert "blue" not in free and "green" in free and len(free) <= 25
    await press(client, people["bea"], lobby, "colour", "green")
    assert "Bea" in lobby.content and "green" in lobby.content
    menu = next(c for c in components(lobby) if c["type"] == 3)
    assert "green" not in [o["value"] for o in menu["options"]]
    again = await press(client, people["bea"], lobby, "colour", "purple")
    assert "already have a seat" in again.private[0].content and not again.public


async def test_a_full_table_disables_join(client: FakeClient,
                                          people: dict[str, FakeUser]) -> None:
    names = ["bea", "cid", "dan", "eva"]
    lobby = await open_lobby(client, people["ana"])
    for name in names:
        await press(client, people[name], lobby, "join")
    assert labels(lobby) == {"Join": False, "Leave": True, "Add computer": False,
                             "Start": True}
    assert not [c for c in components(lobby) if c["type"] == 3]  # no free seat, no menu


async def test_the_last_one_out_closes_the_lobby(client: FakeClient,
                                                 people: dict[str, FakeUser]) -> None:
    lobby = await open_lobby(client, people["ana"])
    await press(client, people["ana"], lobby, "leave")
    assert lobby.view is None and "closed" in lobby.content
    assert await client.service.store.open_game(CHANNEL) is None


def test_custom_ids_fit_discord_and_carry_the_channel_and_game() -> None:
    big = 2**63 - 1                                              # the largest snowflake
    for action in ("join", "leave", "computer", "start"):
        item = LobbyButton(action, big, big)
        assert len(item.custom_id) <= 100
        match = LobbyButton.__discord_ui_compiled_template__.fullmatch(item.custom_id)
        assert match and int(match["channel"]) == big and match["action"] == action
        assert int(match["game"]) == big
    menu = LobbyColour(big, big, ["orange", "green"])
    assert len(menu.custom_id) <= 100
    assert LobbyColour.__discord_ui_compiled_template__.fullmatch(menu.custom_id)


async def test_a_fresh_client_dispatches_an_old_lobby_button(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    """discord.py's own dispatch, in a client that never sent the lobby: only the
    registered dynamic items and the message payload from Discord are known."""
    lobby = await open_lobby(client, people["ana"])
    bot = discord.Client(intents=discord.Intents.none())
    bot.service = client.service  # type: ignore[attr-defined]
    bot.add_dynamic_items(*DYNAMIC)
    author = {"id": "1", "username": "sailbot", "discriminator": "0", "avatar": None,
              "bot": True}
    bea = {"id": str(people["bea"].id), "username": "bea", "discriminator": "0",
           "avatar": None, "global_name": "Bea"}
    message = {"id": str(lobby.id), "channel_id": str(CHANNEL), "author": author,
               "content": lobby.content, "timestamp": "2026-01-01T00:00:00+00:00",
               "edited_timestamp": None, "tts": False, "mention_everyone": False,
               "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
               "pinned": False, "type": 0, "flags": 0,
               "components": lobby.view.to_components()}  # type: ignore[union-attr]
    cid = custom_id(lobby, "join")
    payload = {"id": "1", "application_id": "1", "type": 3, "token": "x", "version": 1,
               "channel_id": str(CHANNEL), "user": bea, "message": message,
               "attachment_size_limit": 8 << 20,
               "data": {"custom_id": cid, "component_type": 2}}
    interaction = discord.Interaction(data=payload, state=bot._connection)  # type: ignore[arg-type]
    recorder = FakeInteraction(client, people["bea"], CHANNEL, component=True, message=lobby)
    interaction._cs_response = recorder.response  # type: ignore[attr-defined]
    interaction._cs_followup = recorder.followup  # type: ignore[attr-defined]
    bot._connection._view_store.dispatch_view(2, cid, interaction)
    for _ in range(200):
        if recorder.events:
            break
        await asyncio.sleep(0.01)
    assert recorder.events == ["edit"]
    assert "Bea joined" in lobby.content


async def test_an_old_lobby_message_never_acts_on_a_newer_lobby(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    """Buttons carry the game id: once their lobby is gone they are refused, privately."""
    old = await open_lobby(client, people["ana"])
    old_join = custom_id(old, "join")          # the button as it still shows in the channel
    await press(client, people["ana"], old, "leave")               # the old lobby closes
    await open_lobby(client, people["bea"])                         # a new one, same channel
    pressed = FakeInteraction(client, people["cid"], CHANNEL, component=True, message=old,
                              data={"custom_id": old_join, "component_type": 2})
    match = LobbyButton.__discord_ui_compiled_template__.fullmatch(old_join)
    assert match
    item = await LobbyButton.from_custom_id(
        pressed, discord.ui.Button(custom_id=old_join, label="Join"), match)
    await item.callback(pressed)
    assert pressed.private and "That lobby is closed" in pressed.private[-1].content
    row = await client.service.store.open_game(CHANNEL)
    assert [s.name for s in await client.service.store.seats(row.id)] == ["Bea"]


async def test_join_colour_autocomplete_offers_the_free_colours(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    """`/join colour:` suggests what the lobby's menu offers: a taken colour (the host's
    blue, first of the list) would only be refused. Without a lobby: every colour."""
    join = next(c for c in build_commands() if c.name == "join")
    asking = FakeInteraction(client, people["bea"], CHANNEL)
    everyone = [c.value for c in await autocomplete(join, asking, "colour", "")]  # type: ignore[arg-type]
    assert everyone[0] == "blue" and len(everyone) == 8
    lobby = await open_lobby(client, people["ana"])
    await press(client, people["cid"], lobby, "colour", "green")
    asking = FakeInteraction(client, people["bea"], CHANNEL)
    free = [c.value for c in await autocomplete(join, asking, "colour", "")]  # type: ignore[arg-type]
    assert "blue" not in free and "green" not in free and free[0] == "orange"
    asking = FakeInteraction(client, people["bea"], CHANNEL)
    assert [c.value for c in await autocomplete(join, asking, "colour", "bl")] == ["black"]  # type: ignore[arg-type]


async def test_variant_autocomplete_reads_words_as_typed(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    """'two p' finds `two-player` (keys are hyphenated), and a word of a description finds
    its variant; every choice within Discord's 100 characters."""
    group = next(c for c in build_commands() if c.name == "neptun")
    start = group.get_command("start")  # type: ignore[union-attr]
    asking = FakeInteraction(client, people["ana"], CHANNEL)
    found = await autocomplete(start, asking, "variant", "Two p")  # type: ignore[arg-type]
    assert [c.value for c in found] == ["two-player"]
    asking = FakeInteraction(client, people["ana"], CHANNEL)
    found = await autocomplete(start, asking, "variant", "forecast")  # type: ignore[arg-type]
    assert [c.value for c in found] == ["wind-after-turn-5"]
    asking = FakeInteraction(client, people["ana"], CHANNEL)
    every = await autocomplete(start, asking, "variant", "")  # type: ignore[arg-type]
    assert len(every) == 3 and all(len(c.name) <= 100 for c in every)


async def test_remove_computer_takes_the_last_one_out_and_goes_with_the_last(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    """"Remove computer" shows while a computer sits at the lobby, and takes the last one
    added out in one press; `/removebot name:` suggests the computers seated."""
    lobby = await open_lobby(client, people["ana"])
    assert "Remove computer" not in labels(lobby)
    await press(client, people["ana"], lobby, "computer")
    await press(client, people["ana"], lobby, "computer")
    names = [s.name for s in (await client.service.table(CHANNEL)).seats if s.user_id is None]
    assert labels(lobby)["Remove computer"]
    removebot = next(c for c in build_commands() if c.name == "removebot")
    asking = FakeInteraction(client, people["bea"], CHANNEL)
    offered = [c.value for c in await autocomplete(removebot, asking, "name", "")]  # type: ignore[arg-type]
    assert offered == names
    removed = await press(client, people["ana"], lobby, "uncomputer")
    assert removed.events == ["edit"] and f"{names[1]} leaves" in lobby.content
    assert names[1] not in lobby.content.split("is free again.")[1]        # not seated
    await press(client, people["ana"], lobby, "uncomputer")
    assert "Remove computer" not in labels(lobby)
    assert [s.name for s in (await client.service.table(CHANNEL)).seats] == ["Ana"]
