"""Neptun through the Discord adapter (fake interactions over a real service): the lobby,
/flip and /take from autocomplete, the secret /oar — the chooser alone reads the card, the
channel reads who is still choosing — and /hand, privately."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord.commands import build_commands
from bot.table import TableService
from tests.discord_fakes import FakeClient, FakeInteraction, FakeUser, autocomplete, invoke

CHANNEL = 556
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def commands() -> dict[str, Any]:
    return {c.name: c for c in build_commands()}


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[FakeClient]:
    service = await TableService.open(tmp_path / "d.sqlite3", seed_source=lambda: 12)
    people = [FakeUser(i, n) for i, n in enumerate(["ana", "ben", "cy"], start=301)]
    yield FakeClient(service, people)
    await service.close()


async def run(client: FakeClient, user: FakeUser, command: Any, **options: Any
              ) -> FakeInteraction:
    interaction = FakeInteraction(client, user, CHANNEL)
    await invoke(command, interaction, **options)
    return interaction


def option(command: Any) -> str:
    return command.parameters[0].display_name


async def test_a_round_of_contracts_and_a_secret_choice(client: FakeClient,
                                                        commands: dict[str, Any]) -> None:
    ana, ben, cy = (client.users[i] for i in (301, 302, 303))
    neptun = commands["neptun"]
    opened = await run(client, ana, neptun.get_command("start"))
    assert "Neptun" in opened.public[0].content
    await run(client, ben, commands["join"])
    await run(client, cy, commands["join"])
    started = await run(client, ana, commands["start"])
    assert started.public[-1].image.startswith(PNG)
    service: TableService = client.service
    while (table := await service.table(CHANNEL)).state.phase == "draft":
        seat = table.game.waiting_on(table.state)[0]
        user = client.users[table.seats[seat].user_id]
        verb = "take" if any(c and c.face_up for c in table.state.display) else "flip"
        choices = await autocomplete(commands[verb], FakeInteraction(client, user, CHANNEL),
                                     option(commands[verb]), "")
        assert choices and all(len(c.name) <= 100 for c in choices)
        played = await run(client, user, commands[verb], **{option(commands[verb]):
                                                           choices[0].value})
        assert played.public and played.public[-1].image.startswith(PNG)
    board = played.public[-1].content
    assert "choose an oar card in secret" in board
    assert len(re.findall(r"<@\d+>", board)) == 2         # the others are pinged
    table = await service.table(CHANNEL)
    seat = table.state.order[0]
    user = client.users[table.seats[seat].user_id]
    oar = commands["oar"]
    choices = await autocomplete(oar, FakeInteraction(client, user, CHANNEL), option(oar), "")
    hand = [c.value for c in table.state.seats[seat].hand]
    assert choices and all(any(v in c.name for v in hand) for c in choices)
    chose = await run(client, user, oar, **{option(oar): choices[0].value})
    public = [m.content for m in chose.public]
    private = [m.content for m in chose.private]
    card = table.state.seats[seat].hand[int(choices[0].value.split("#")[1]) - 1].value
    assert any("`oar (secret)`" in text and "still choosing" in text for text in public)
    assert not any(card in text for text in public)
    assert any("🔒" in text and card in text for text in private)
    mine = await run(client, user, commands["hand"])
    assert not mine.public and "Your oar cards" in mine.private[-1].content
    other = next(u for u in (ana, ben, cy) if u is not user)
    looked = await run(client, other, commands["oar"], **{option(oar): "oar #1"})
    assert looked.public or looked.private                # the other may choose too
