"""The command tree as Discord will receive it stays within Discord's limits."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.app import TableBot
from bot.discord.commands import build_commands, move_verbs
from rules.registry import game_names

NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    for command in build_commands():
        tree.add_command(command)
    return [command.to_dict(tree) for command in tree.get_commands()]


def walk(options: list[dict[str, Any]], depth: int = 1) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for option in options:
        out.append((depth, option))
        if option.get("type") in (1, 2):        # subcommand / subcommand group
            out += walk(option.get("options", []), depth + 1)
    return out


def check_name_and_description(item: dict[str, Any]) -> None:
    name = item["name"]
    assert NAME.match(name), name
    assert name == name.lower(), name
    assert 1 <= len(item["description"]) <= 100, (name, item["description"])


def test_every_payload_is_within_discord_limits(payloads: list[dict[str, Any]]) -> None:
    slash = [p for p in payloads if p.get("type", 1) == 1]
    assert len(slash) <= 100                               # global slash commands
    assert len({p["name"] for p in payloads}) == len(payloads)
    for payload in payloads:
        check_name_and_description(payload)
        assert len(payload.get("options", [])) <= 25
        total = len(payload["name"]) + len(payload["description"])
        for depth, option in walk(payload.get("options", [])):
            assert depth <= 3                          # command > group > subcommand
            check_name_and_description(option)
            assert len(option.get("options", [])) <= 25
            choices = option.get("choices", [])
            assert len(choices) <= 25
            for choice in choices:
                assert 1 <= len(choice["name"]) <= 100
                assert len(str(choice["value"])) <= 100
            assert not (choices and option.get("autocomplete"))
            total += len(option["name"]) + len(option["description"])
            total += sum(len(c["name"]) + len(str(c["value"])) for c in choices)
        assert total <= 4000                           # characters per command, all told
        subcommands = [o for o in payload.get("options", []) if o["type"] == 1]
        assert len(subcommands) <= 25
        required_seen_optional = False
        for option in payload.get("options", []):       # required options come first
            if option.get("type", 3) in (1, 2):
                continue
            if not option.get("required"):
                required_seen_optional = True
            else:
                assert not required_seen_optional, payload["name"]


def test_every_game_has_its_group_with_start_and_rules(payloads: list[dict[str, Any]]) -> None:
    by_name = {p["name"]: p for p in payloads}
    for game in game_names():
        subcommands = {o["name"] for o in by_name[game]["options"]}
        assert {"start", "rules"} <= subcommands


def test_move_verbs_take_one_autocompleted_text(payloads: list[dict[str, Any]]) -> None:
    by_name = {p["name"]: p for p in payloads}
    for verb in move_verbs():
        options = by_name[verb.name]["options"]
        assert len(options) == 1
        assert options[0]["name"] == verb.option
        assert options[0]["type"] == 3 and options[0]["required"] == (not verb.optional)
        assert options[0]["autocomplete"] is True


def test_table_commands_are_all_there(payloads: list[dict[str, Any]]) -> None:
    names = {p["name"] for p in payloads}
    assert {"board", "status", "hand", "log", "undo", "score", "notify", "resign", "replace",
            "abandon",
            "help", "join", "leave", "addbot", "start", "move", "navegador-card"} <= names
    notify = next(p for p in payloads if p["name"] == "notify")
    assert [c["value"] for c in notify["options"][0]["choices"]] == ["on", "off"]
    replace = next(p for p in payloads if p["name"] == "replace")
    player, level = replace["options"]
    assert player["name"] == "player" and player["type"] == 6 and player["required"]
    assert level["name"] == "level" and not level["required"]
    assert [c["value"] for c in level["choices"]] == ["easy", "normal", "strong"]


def test_the_bot_builds_its_tree_without_connecting() -> None:
    bot = TableBot(service=object(), dev_guild=123, sync=False)  # type: ignore[arg-type]
    names = {c.name for c in bot.tree.get_commands()}
    assert "navegador" in names and "sail" in names
    assert not bot.intents.message_content and not bot.intents.members  # nothing privileged


async def test_startup_registers_buttons_syncs_to_the_dev_guild_and_starts_reminders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bot = TableBot(service=object(), dev_guild=123)  # type: ignore[arg-type]
    synced: list[Any] = []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(guild.id if guild else None)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    await bot.setup_hook()
    try:
        assert synced == [123]
        guild_names = {c.name for c in bot.tree.get_commands(guild=discord.Object(123))}
        assert {"navegador", "hire", "board"} <= guild_names
        templates = {p.pattern for p in bot._connection._view_store._dynamic_items}
        assert any("join|leave|computer|uncomputer|start" in t for t in templates)
        assert any(":colour:" in t for t in templates)
        assert any("sailbot:undo" in t for t in templates)      # ↩ Undo after a restart
        assert bot.reminders.task.is_running()
    finally:
        bot.reminders.stop()


async def test_without_a_dev_guild_commands_sync_globally(monkeypatch: pytest.MonkeyPatch) -> None:
    bot = TableBot(service=object(), reminder_seconds=5)  # type: ignore[arg-type]
    synced: list[Any] = []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    await bot.sync_commands()
    assert synced == [None]
