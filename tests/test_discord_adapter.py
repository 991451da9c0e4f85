"""Slash commands end to end: fake Discord interactions over a real service and SQLite file."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord import respond as discord_respond
from bot.discord.commands import build_commands
from bot.discord.respond import Answer, split_text
from bot.table import TableService
from bot.table.replies import Reply, TableError
from tests.discord_fakes import FakeClient, FakeInteraction, FakeUser, Sent, autocomplete, invoke

CHANNEL = 555
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def commands() -> dict[str, Any]:
    return {c.name: c for c in build_commands()}


@pytest.fixture
def people() -> dict[str, FakeUser]:
    return {n: FakeUser(i, n) for i, n in enumerate(["alice", "bob", "carol"], start=101)}


@pytest.fixture
async def client(tmp_path: Path, people: dict[str, FakeUser]) -> AsyncIterator[FakeClient]:
    service = await TableService.open(tmp_path / "table.sqlite3", seed_source=lambda: 11)
    yield FakeClient(service, list(people.values()))
    await service.close()


def sub(group: app_commands.Group, name: str) -> app_commands.Command:
    command = group.get_command(name)
    assert isinstance(command, app_commands.Command)
    return command


async def run(client: FakeClient, user: FakeUser, command: Any, **options: Any) -> FakeInteraction:
    interaction = FakeInteraction(client, user, CHANNEL)
    await invoke(command, interaction, **options)
    return interaction


async def started_table(client: FakeClient, commands: dict[str, Any],
                        people: dict[str, FakeUser]) -> tuple[FakeUser, FakeUser, Sent]:
    """Alice opens, Bob joins, Alice starts. Returns (to move, waiting, board message)."""
    alice, bob = people["alice"], people["bob"]
    opened = await run(client, alice, sub(commands["navegador"], "start"), colour="green")
    assert opened.public and opened.public[0].view is not None
    await run(client, bob, commands["join"])
    started = await run(client, alice, commands["start"])
    board = started.public[-1]
    assert board.image and board.image.startswith(PNG)
    ping = re.search(r"<@(\d+)>", board.content)
    assert ping, board.content
    first = alice if int(ping.group(1)) == alice.id else bob
    return first, (bob if first is alice else alice), board


def only_private(interaction: FakeInteraction) -> str:
    """The interaction said something to the caller only, and nothing to the channel."""
    assert not interaction.public, [m.content for m in interaction.public]
    assert interaction.private
    assert not any(m.pending for m in interaction.sent)
    return interaction.private[-1].content


# Moves ------------------------------------------------------------------------------------


async def test_a_legal_move_is_deferred_then_posts_the_board(client: FakeClient,
                                                             commands: dict[str, Any],
                                                             people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    played = await run(client, first, commands["hire"], workers="1")
    assert played.events[0] == "defer-thinking"          # answered before the service ran
    ack, board = played.sent
    assert ack.ephemeral and not ack.pending             # the caller's private "done"
    assert not board.ephemeral and board.image and board.image.startswith(PNG)
    assert board.filename and board.filename.endswith(".png")
    assert "workers 1" in board.content
    assert f"<@{other.id}>" in board.content              # the next player is pinged
    assert board.allowed_mentions is not None
    assert [u.id for u in board.allowed_mentions.users] == [other.id]  # type: ignore[union-attr]
    row = await client.service.store.open_game(CHANNEL)
    assert row is not None and row.board_message_id == board.id   # DM links point here


async def test_an_illegal_move_is_refused_privately(client: FakeClient, commands: dict[str, Any],
                                                    people: dict[str, FakeUser]) -> None:
    first, _, _ = await started_table(client, commands, people)
    refused = await run(client, first, commands["hire"], workers="99")
    text = only_private(refused)
    assert "nothing was changed" in text
    row = await client.service.store.open_game(CHANNEL)
    assert row is not None
    assert await client.service.store.last_moves(row.id, 5) == []


async def test_out_of_turn_and_onlooker_moves_are_refused_privately(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    early = await run(client, other, commands["move"], notation="workers 1")
    assert "not your turn" in only_private(early)
    assert first.display_name in only_private(early)          # says who is to move
    onlooker = await run(client, people["carol"], commands["sail"], route="POR>GUI")
    assert "not playing" in only_private(onlooker)


async def test_a_move_with_no_game_here_says_how_to_start(client: FakeClient,
                                                          commands: dict[str, Any],
                                                          people: dict[str, FakeUser]) -> None:
    lonely = await run(client, people["alice"], commands["build"], buildings="sugar")
    assert "/navegador start" in only_private(lonely)


async def test_autocomplete_offers_legal_moves_within_discord_limits(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    for name, option in [("move", "notation"), ("hire", "workers"), ("sail", "route"),
                         ("privilege", "privilege")]:
        interaction = FakeInteraction(client, first, CHANNEL)
        choices = await autocomplete(commands[name], interaction, option, "")
        assert len(choices) <= 25
        assert all(1 <= len(c.name) <= 100 and 1 <= len(str(c.value)) <= 100 for c in choices)
    hire = await autocomplete(commands["hire"], FakeInteraction(client, first, CHANNEL),
                              "workers", "")
    assert hire and all(str(c.value).startswith("workers") for c in hire)
    # The value goes back in as the move.
    played = await run(client, first, commands["hire"], workers=str(hire[0].value))
    assert played.public and played.public[0].image
    # Not your turn / not playing: nothing to offer.
    assert await autocomplete(commands["move"], FakeInteraction(client, first, CHANNEL),
                              "notation", "") == []
    assert await autocomplete(commands["move"], FakeInteraction(client, people["carol"],
                                                                CHANNEL), "notation", "") == []


def test_long_suggestions_are_cut_to_discord_limits() -> None:
    from bot.discord.commands import to_choices

    pairs = [(f"sail {i}", "x" * 300) for i in range(40)] + [("y" * 101, "too long a value")]
    choices = to_choices(pairs)
    assert len(choices) == 25
    assert all(len(c.name) == 100 and c.name.endswith("…") for c in choices)
    assert all(len(c.value) <= 100 for c in choices)


# Table commands -----------------------------------------------------------------------------


async def test_board_status_log_score_and_undo(client: FakeClient, commands: dict[str, Any],
                                               people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    await run(client, first, commands["hire"], workers="1")
    board = await run(client, other, commands["board"])
    assert board.events[0] == "defer-thinking"
    assert board.public[-1].image
    for name in ("status", "score"):
        shown = await run(client, other, commands[name])
        assert shown.events == ["message"] and shown.public, name   # quick: answered directly
    log = await run(client, other, commands["log"], last=5)
    assert "workers 1" in log.public[0].content
    hand = await run(client, first, commands["hand"])
    assert hand.private and not hand.public
    refused = await run(client, other, commands["undo"])
    assert "nothing to undo" in only_private(refused)
    undone = await run(client, first, commands["undo"])
    assert "took back" in undone.public[-1].content and undone.public[-1].image


async def test_notify_help_and_rules_are_private(client: FakeClient, commands: dict[str, Any],
                                                 people: dict[str, FakeUser]) -> None:
    off = await run(client, people["bob"], commands["notify"], setting="off")
    assert "No more turn reminders" in only_private(off)
    helped = await run(client, people["bob"], commands["help"])
    assert "/navegador start" in only_private(helped)
    rules = await run(client, people["bob"], sub(commands["navegador"], "rules"))
    assert not rules.public and len(rules.private) >= 1
    assert all(len(m.content) <= 2000 for m in rules.private)
    assert "Move notation" in "\n".join(m.content for m in rules.private)


async def test_resign_asks_first_then_a_computer_plays_on(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    asked = await run(client, other, commands["resign"])
    question = asked.private[0]
    assert question.view is not None and not asked.public
    confirm = next(i for i in question.view.children if getattr(i, "label", "") == "Resign")
    press = FakeInteraction(client, other, CHANNEL, component=True, message=question)
    await confirm.callback(press)  # type: ignore[union-attr]
    assert question.view is None                          # the private question is settled
    assert "resigned" in press.public[-1].content and press.public[-1].image


async def test_join_gives_a_player_their_seat_back_after_asking(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    asked = await run(client, other, commands["resign"])
    confirm = next(i for i in asked.private[0].view.children  # type: ignore[union-attr]
                   if getattr(i, "label", "") == "Resign")
    await confirm.callback(FakeInteraction(client, other, CHANNEL, component=True,  # type: ignore[union-attr]
                                           message=asked.private[0]))
    table = await client.service.table(CHANNEL)
    seat = next(s for s in table.seats if not s.human)
    onlooker = await run(client, people["carol"], commands["join"])   # the answer that stands
    assert only_private(onlooker).startswith("A game is already being played here.")
    seated = await run(client, first, commands["join"])
    assert only_private(seated).startswith("A game is already being played here.")
    cancelled = await run(client, other, commands["join"])
    question = cancelled.private[0]
    assert question.view is not None and not cancelled.public
    name = other.display_name
    assert question.content == (f"Take back your {seat.colour} seat in this Navegador game "
                                f"from {name} (computer)? You play it again from where the "
                                "game stands now.")
    cancel = next(i for i in question.view.children if getattr(i, "label", "") == "Cancel")
    await cancel.callback(FakeInteraction(client, other, CHANNEL,  # type: ignore[union-attr]
                                          component=True, message=question))
    assert "nothing changed" in question.content
    assert (await client.service.table(CHANNEL)).seat_of(other.id) is None
    asked = await run(client, other, commands["join"])
    question = asked.private[0]
    take = next(i for i in question.view.children  # type: ignore[union-attr]
                if getattr(i, "label", "") == "Take it back")
    press = FakeInteraction(client, other, CHANNEL, component=True, message=question)
    await take.callback(press)  # type: ignore[union-attr]
    assert question.view is None
    board = press.public[-1]
    assert board.content.startswith(f"🙋 {name} is back and takes the {seat.colour} seat back "
                                    f"from {name} (computer).") and board.image
    assert (await client.service.table(CHANNEL)).seat_of(other.id) == seat.seat
    again = await run(client, other, commands["join"])      # seated again: as ever
    assert only_private(again).startswith("A game is already being played here.")


async def test_mygames_privately_points_a_resigned_player_back_to_their_seat(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    """`/mygames` as Discord shows it: only to the caller; the game waiting on them says
    for how long; once they resigned, it says `/join` there gives the seat back — and it
    does."""
    first, other, _ = await started_table(client, commands, people)
    mine = only_private(await run(client, first, commands["mygames"]))
    assert mine.startswith("🧭 **Your tables** (1) — 1 waiting on you\n"
                           f"⏳ <#{CHANNEL}> Navegador (Phase I · Turn 1 · Round 1) — "
                           "**your turn** (waiting on you for less than a minute): ")
    asked = await run(client, other, commands["resign"])
    confirm = next(i for i in asked.private[0].view.children  # type: ignore[union-attr]
                   if getattr(i, "label", "") == "Resign")
    await confirm.callback(FakeInteraction(client, other, CHANNEL, component=True,  # type: ignore[union-attr]
                                           message=asked.private[0]))
    theirs = only_private(await run(client, other, commands["mygames"]))
    assert theirs == ("🧭 **Your tables** (1) — none is waiting on you\n"
                      f"• <#{CHANNEL}> Navegador — a computer plays your seat; `/join` there "
                      "to take it back")
    back = await run(client, other, commands["join"])
    assert back.private[0].content.startswith("Take back your ")
    assert "a computer plays" not in only_private(await run(client, first, commands["mygames"]))


async def test_replace_refuses_at_once_then_asks_first_and_a_computer_plays_on(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    first, other, _ = await started_table(client, commands, people)
    early = await run(client, other, commands["replace"], player=first)
    text = only_private(early)                  # refused before any "are you sure?"
    name = first.display_name
    assert text == (f"The game has waited on {name} for less than a minute; a player can hand "
                    f"{name}'s seat to a computer after 48 hours, or a moderator now.")
    assert early.private[-1].view is None
    mine = await run(client, first, commands["replace"], player=first)
    assert "`/resign`" in only_private(mine)
    carol = people["carol"]
    asked = FakeInteraction(client, carol, CHANNEL, manage_channels=True)
    await invoke(commands["replace"], asked, player=first, level="strong")
    question = asked.private[0]
    assert question.view is not None and not asked.public
    assert question.content == (f"Hand {name}'s seat to a computer player, at strong level? "
                                f"It plays on until {name} comes back and takes the seat back "
                                "with `/join`.")
    confirm = next(i for i in question.view.children if getattr(i, "label", "") == "Replace")
    press = FakeInteraction(client, carol, CHANNEL, component=True, message=question,
                            manage_channels=True)
    await confirm.callback(press)  # type: ignore[union-attr]
    assert question.view is None
    board = press.public[-1]
    assert board.content.startswith(f"🤖 Carol handed {name}'s") and board.image
    assert "at strong level (the game had waited on" in board.content
    assert f"<@{other.id}>" in board.content                 # the computer played: next up
    assert first.dms and first.dms[-1].startswith("🤖 The Navegador game in")
    table = await client.service.table(CHANNEL)
    assert table.seat_of(first.id) is None


async def test_abandon_passes_manage_channel(client: FakeClient, commands: dict[str, Any],
                                             people: dict[str, FakeUser]) -> None:
    await started_table(client, commands, people)
    carol = people["carol"]
    asked = FakeInteraction(client, carol, CHANNEL, manage_channels=True)
    await invoke(commands["abandon"], asked)
    question = asked.private[0]
    assert question.view is not None and "at once" in question.content
    confirm = next(i for i in question.view.children if getattr(i, "label", "") == "Abandon")
    press = FakeInteraction(client, carol, CHANNEL, component=True, message=question,
                            manage_channels=True)
    await confirm.callback(press)  # type: ignore[union-attr]
    assert "abandoned" in press.public[-1].content
    assert "`/rematch` plays it again" in press.public[-1].content
    labels = [c.get("label") for row in press.public[-1].view.to_components()
              for c in row["components"]]
    assert labels == ["🔁 Play again"]                 # as on a finished game's board
    assert await client.service.store.open_game(CHANNEL) is None


async def test_resign_in_a_lobby_asks_to_leave_it(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    await run(client, people["alice"], sub(commands["navegador"], "start"))
    await run(client, people["bob"], commands["join"])
    asked = await run(client, people["bob"], commands["resign"])
    assert asked.private[0].content.startswith("Leave this lobby? The game has not started")


async def test_abandon_refuses_at_once_rather_than_after_the_question(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    """Someone who may not close the lobby (not its host, not idle a day) or who may not
    end the game (not a player) is told so at once: they were asked "Close this lobby?"
    first, and refused only after pressing Abandon."""
    nobody = await run(client, people["carol"], commands["abandon"])
    assert only_private(nobody).startswith("There is no game in this channel.")
    alice, bob = people["alice"], people["bob"]
    await run(client, alice, sub(commands["navegador"], "start"))
    await run(client, bob, commands["join"])
    for user in (bob, people["carol"]):
        asked = await run(client, user, commands["abandon"])
        assert only_private(asked).startswith("Only the host can close the lobby")
        assert asked.private[-1].view is None                   # nothing to confirm
    asked = await run(client, alice, commands["abandon"])       # the host: asked as ever
    assert asked.private[0].content.startswith("Close this lobby?")
    assert asked.private[0].view is not None
    assert (await client.service.store.open_game(CHANNEL)) is not None


# The 3-second rule and message sizes ------------------------------------------------------


async def test_a_slow_quick_call_is_deferred_and_its_error_stays_private(
        client: FakeClient, people: dict[str, FakeUser],
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def slow_refusal() -> Reply:
        await asyncio.sleep(0.05)
        raise TableError("Not now.")

    interaction = FakeInteraction(client, people["alice"], CHANNEL)
    assert await Answer(interaction).run(slow_refusal, defer_after=0.01) is None
    assert interaction.events[0] == "defer-thinking"
    assert only_private(interaction) == "Not now."


async def test_a_slow_quick_call_still_posts_publicly(
        client: FakeClient, people: dict[str, FakeUser],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord_respond, "QUICK_BUDGET", 0.01)

    async def slow() -> Reply:
        await asyncio.sleep(0.05)
        return Reply(text="Here it is.", image=PNG, notify=[people["bob"].id])

    interaction = FakeInteraction(client, people["alice"], CHANNEL)
    reply = await discord_respond.respond(interaction, slow)  # type: ignore[arg-type]
    assert reply is not None
    assert interaction.events[0] == "defer-thinking"
    assert interaction.public[0].content.startswith("Here it is.")
    assert interaction.public[0].image == PNG


async def test_a_bug_in_the_service_gets_a_private_apology(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    async def broken() -> Reply:
        raise RuntimeError("boom")

    interaction = FakeInteraction(client, people["alice"], CHANNEL)
    assert await Answer(interaction).run(broken, defer_after=0) is None
    assert "went wrong" in only_private(interaction)


def test_long_texts_are_split_with_code_blocks_kept_whole() -> None:
    text = "intro\n```\n" + "\n".join(f"line {i} " + "x" * 60 for i in range(80)) + "\n```\nend"
    parts = split_text(text)
    assert len(parts) > 1
    assert all(len(p) <= 2000 for p in parts)
    assert all(p.count("```") % 2 == 0 for p in parts)
    assert split_text("y" * 4500) and all(len(p) <= 2000 for p in split_text("y" * 4500))


async def test_private_texts_in_a_reply_go_by_dm(client: FakeClient,
                                                 people: dict[str, FakeUser]) -> None:
    bob, carol = people["bob"], people["carol"]
    carol.dms_closed = True

    async def secret() -> Reply:
        return Reply(text="Cards dealt.", dms={bob.id: "Your hand: 3, 5", carol.id: "2, 4"})

    interaction = FakeInteraction(client, people["alice"], CHANNEL)
    await discord_respond.respond(interaction, secret)  # type: ignore[arg-type]
    assert interaction.public[0].content == "Cards dealt."
    assert "Your hand" not in "".join(m.content for m in interaction.sent)
    assert bob.dms == ["Your hand: 3, 5"] and carol.dms == []      # closed DMs: skipped


async def test_errors_escaping_a_command_are_answered_privately(
        client: FakeClient, people: dict[str, FakeUser]) -> None:
    from bot.discord.app import TableTree

    tree = TableTree(discord.Client(intents=discord.Intents.none()))
    interaction = FakeInteraction(client, people["alice"], CHANNEL)
    await tree.on_error(interaction, app_commands.AppCommandError("boom"))  # type: ignore[arg-type]
    assert "went wrong" in only_private(interaction)


async def test_an_unanswered_confirmation_says_nothing_changed(
        client: FakeClient, commands: dict[str, Any], people: dict[str, FakeUser]) -> None:
    await started_table(client, commands, people)
    asked = await run(client, people["bob"], commands["resign"])
    question = asked.private[0]
    assert question.view is not None
    await question.view.on_timeout()
    assert question.view is None and "nothing changed" in question.content
