"""Vasco da Gama through the fake Discord adapter: `/vasco start` with the lobby buttons,
the game's verbs with autocomplete, pings for whoever places next, `/launch` out of turn."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord.commands import build_commands
from bot.table import TableService
from tests.discord_fakes import FakeClient, FakeInteraction, FakeUser, autocomplete, invoke

CHANNEL = 909
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[FakeClient]:
    service = await TableService.open(tmp_path / "d.sqlite3", seed_source=lambda: 17)
    yield FakeClient(service, [FakeUser(301, "ana"), FakeUser(302, "bo"), FakeUser(303, "cy")])
    await service.close()


async def run(client: FakeClient, user: FakeUser, command: Any, **options: Any
              ) -> FakeInteraction:
    interaction = FakeInteraction(client, user, CHANNEL)
    await invoke(command, interaction, **options)
    return interaction


def pinged(text: str) -> int:
    found = re.search(r"<@(\d+)>", text)
    assert found, text
    return int(found.group(1))


async def test_a_vasco_table_on_discord(client: FakeClient) -> None:
    commands = {c.name: c for c in build_commands()}
    assert {"vasco", "place", "hire", "buy", "character", "sail", "launch", "pass"} <= \
        set(commands)
    ana, bo, cy = client.users[301], client.users[302], client.users[303]
    people = {u.id: u for u in (ana, bo, cy)}
    opened = await run(client, ana, commands["vasco"].get_command("start"))
    assert "Vasco da Gama" in opened.public[0].content and opened.public[0].view is not None
    await run(client, bo, commands["join"])
    await run(client, cy, commands["join"])
    started = await run(client, ana, commands["start"])
    board = started.public[-1]
    assert board.image and board.image.startswith(PNG)
    holder = people[pinged(board.content)]            # the Sernigi holder: merchant first
    choices = await autocomplete(commands["sail"], FakeInteraction(client, holder, CHANNEL),
                                 "route", "mombasa")
    assert choices and all("mombasa" in str(c.value) for c in choices)
    played = await run(client, holder, commands["sail"], route=str(choices[0].value))
    board = played.public[-1]
    assert "merchant" in board.content and "Phase 1" in board.content
    # phase 1: everyone places in turn, and the next one is pinged each time
    for _ in range(4):
        placer = people[pinged(board.content)]
        choices = await autocomplete(commands["place"], FakeInteraction(client, placer,
                                                                        CHANNEL), "disc", "")
        assert 1 <= len(choices) <= 25
        assert all(1 <= len(c.name) <= 100 and str(c.value).startswith("place ")
                   for c in choices)
        other = next(u for u in people.values() if u is not placer)
        early = await run(client, other, commands["place"], disc=str(choices[0].value))
        assert "not your turn" in early.private[-1].content and not early.public
        played = await run(client, placer, commands["place"], disc=str(choices[0].value))
        board = played.public[-1]
        assert board.image and "placed a disc" in board.content
    # a launch out of turn: give someone a project and crew, then let them launch
    table = await client.service.table(CHANNEL)
    waiting = table.game.waiting_on(table.state)[0]
    seat = (waiting + 1) % 3
    state = table.state.model_copy(deep=True)
    tile = next(t for t in state.display if t)
    state.display[state.display.index(tile)] = None
    state.seats[seat].projects.append(tile)
    for colour in ("turquoise", "violet", "grey", "orange"):
        if state.bag[colour]:
            state.bag[colour] -= 1
            state.seats[seat].sailors[colour] += 1
    client.service.tables.remember(table.row.id, table.row.version, table.ply, state,
                                   table.seats)
    launcher = people[table.seats[seat].user_id]
    choices = await autocomplete(commands["launch"], FakeInteraction(client, launcher, CHANNEL),
                                 "project", "")
    assert choices
    launched = await run(client, launcher, commands["launch"], project=str(choices[0].value))
    assert launched.public and "launched" in launched.public[-1].content
