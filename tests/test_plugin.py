"""A game is a plug-in: a toy game registered in a few lines (tests/toy_game.py) plays
through the table service and the fake Discord adapter to its result, with its own verbs,
words and picture, and no line of ``bot/`` knowing it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord.commands import build_commands
from bot.table import TableService
from tests import toy_game
from tests.discord_fakes import FakeClient, FakeInteraction, FakeUser, autocomplete, invoke

CHANNEL = 777
BOT = Path(__file__).resolve().parents[1] / "bot"


@pytest.fixture
def nim() -> Iterator[None]:
    toy_game.install()
    yield
    toy_game.uninstall()


@pytest.fixture
async def client(tmp_path: Path, nim: None) -> AsyncIterator[FakeClient]:
    service = await TableService.open(tmp_path / "toy.sqlite3", seed_source=lambda: 4)
    people = [FakeUser(201, "ann"), FakeUser(202, "ben")]
    yield FakeClient(service, people)
    await service.close()


def test_bot_names_no_game() -> None:
    """No module of bot/ mentions a game by name (the registries and contract do)."""
    for path in BOT.rglob("*.py"):
        text = path.read_text().lower()
        for game in ("navegador", "vasco", "neptun", "maracaibo", "nim"):
            assert game not in text, f"{path.relative_to(BOT.parent)} names {game}"


async def test_a_toy_game_plays_to_its_result_through_the_discord_adapter(
        client: FakeClient) -> None:
    commands: dict[str, Any] = {c.name: c for c in build_commands()}
    assert "nim" in commands and "take" in commands     # its group and its verb, from data
    ann, ben = client.users[201], client.users[202]

    async def run(user: FakeUser, command: Any, **options: Any) -> FakeInteraction:
        interaction = FakeInteraction(client, user, CHANNEL)
        await invoke(command, interaction, **options)
        return interaction

    opened = await run(ann, commands["nim"].get_command("start"))
    assert "Nim" in opened.public[0].content and opened.public[0].view is not None
    await run(ben, commands["join"])
    started = await run(ann, commands["start"])
    board = started.public[-1]
    assert board.image and board.image.startswith(b"\x89PNG")      # the toy's own picture
    assert "e.g. `/take 2`" in board.content and "/nim rules" in board.content
    moves = 0
    # `/take` may be shared with other games; its option is then named for all of them
    stones = commands["take"].parameters[0].display_name
    while True:
        table = await client.service.table(CHANNEL)
        if table.row.status != "active":
            break
        seat = table.game.waiting_on(table.state)[0]
        mover = ann if table.seats[seat].user_id == ann.id else ben
        waiting = ben if mover is ann else ann
        refused = await run(waiting, commands["take"], **{stones: "1"})
        assert refused.private and "not your turn" in refused.private[-1].content.lower()
        choices = await autocomplete(commands["take"], FakeInteraction(client, mover, CHANNEL),
                                     stones, "")
        assert choices and all(re.fullmatch(r"take [123]", c.value) for c in choices)
        played = await run(mover, commands["take"], **{stones: choices[-1].value})
        assert played.public and "took" in played.public[-1].content
        moves += 1
    final = played.public[-1].content
    assert "Game over" in final and "start another game with `/nim start`" in final
    assert moves <= 10
    score = await run(ann, commands["score"])
    assert "Game over" in score.public[0].content
    # a move after the end is told the game is over, not that there never was one
    late = await run(ben, commands["take"], **{stones: "1"})
    assert late.private and "The Nim game in this channel is over" in late.private[-1].content
    assert "`/score`" in late.private[-1].content and "`/nim start`" in late.private[-1].content
    await plays_again(client, played.public[-1], ann, ben, commands)


async def plays_again(client: FakeClient, final: Any, ann: FakeUser, ben: FakeUser,
                      commands: dict[str, Any]) -> None:
    """The final board carries "Play again"; a press (rebuilt from its custom id, as after
    a restart) opens the same game's lobby in a new message, pinging the other player."""
    from discord.components import _component_factory
    from discord.ui.view import _component_to_item

    from bot.discord.views import RematchButton

    assert final.view is not None
    (payload,) = [c for row in final.view.to_components() for c in row["components"]]
    assert payload["label"] == "🔁 Play again"
    cid = payload["custom_id"]
    stranger = FakeUser(299, "cat")
    for who in (stranger, ben):
        pressed = FakeInteraction(client, who, CHANNEL, component=True, message=final,
                                  data={"custom_id": cid, "component_type": 2})
        match = RematchButton.__discord_ui_compiled_template__.fullmatch(cid)
        item = await RematchButton.from_custom_id(
            pressed, _component_to_item(_component_factory(payload)), match)
        await item.callback(pressed)
        if who is stranger:
            assert not pressed.public and "Only the players of the last Nim game" in \
                pressed.private[-1].content
    (lobby,) = pressed.public
    assert lobby.content.startswith("🔁 Ben asks for a rematch: a new Nim table")
    assert f"<@{ann.id}>" in lobby.content and lobby.view is not None     # ann is pinged
    assert {c.get("label") for row in lobby.view.to_components()
            for c in row["components"]} >= {"Join", "Start"}
    again = FakeInteraction(client, ann, CHANNEL)
    await invoke(commands["rematch"], again)
    assert "A Nim table is open here already: `/join` it." in again.private[-1].content
    tables = FakeInteraction(client, ben, CHANNEL)
    await invoke(commands["mygames"], tables)
    assert not tables.public and f"<#{CHANNEL}> Nim — lobby, 1 of 3 seats" in \
        tables.private[0].content                           # only ben sees his tables
    records = FakeInteraction(client, ann, CHANNEL)
    await invoke(commands["stats"], records)
    assert "Records in this server** — 1 game played to the end: Nim 1" in \
        records.public[0].content


async def test_help_and_rules_come_from_the_game(client: FakeClient) -> None:
    service = client.service
    assert "last stone wins" in await service.rules_text("nim")
    await service.open_lobby(CHANNEL, None, 201, "Ann", "nim")
    assert "`/take 1`" in await service.help_text(CHANNEL)
    reply = await service.add_computer(CHANNEL, 201)
    assert "Marvin" in reply.text                       # the game's computer names


async def test_replace_hands_a_toy_seat_to_a_computer(tmp_path: Path, nim: None) -> None:
    """`/replace` knows no game: the toy's absent player is replaced once the table has
    waited on them long enough, and the toy's computer plays on."""
    from tests.bot_support import Clock

    clock = Clock()
    service = await TableService.open(tmp_path / "r.sqlite3", seed_source=lambda: 4,
                                      clock=clock, replace_hours=2)
    client = FakeClient(service, [FakeUser(201, "ann"), FakeUser(202, "ben")])
    commands: dict[str, Any] = {c.name: c for c in build_commands()}
    try:
        await service.open_lobby(CHANNEL, None, 201, "Ann", "nim")
        await service.join(CHANNEL, 202, "Ben")
        await service.start_game(CHANNEL, 201)
        table = await service.table(CHANNEL)
        absent = client.users[table.seats[table.game.waiting_on(table.state)[0]].user_id]
        other = client.users[202 if absent.id == 201 else 201]
        clock.advance(1)
        early = FakeInteraction(client, other, CHANNEL)
        await invoke(commands["replace"], early, player=absent)
        assert "for 1 hour; a player can hand" in early.private[-1].content
        assert "after 2 hours, or a moderator now." in early.private[-1].content
        clock.advance(1)
        asked = FakeInteraction(client, other, CHANNEL)
        await invoke(commands["replace"], asked, player=absent)
        question = asked.private[0]
        assert question.view is not None
        confirm = next(i for i in question.view.children
                       if getattr(i, "label", "") == "Replace")
        press = FakeInteraction(client, other, CHANNEL, component=True, message=question)
        await confirm.callback(press)  # type: ignore[union-attr]
        board = press.public[-1].content
        assert "handed" in board and "(the game had waited on" in board and "🤖" in board
        assert absent.dms and "The Nim game in" in absent.dms[-1]
        assert (await service.table(CHANNEL)).seat_of(absent.id) is None
    finally:
        await service.close()
