"""The local terminal table, `python -m bot`, and configuration from the environment."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.config import PROJECT, ConfigError, load_config
from bot.local import LocalTable, user_id
from bot.table import TableService
from render.registry import renderer_for

ROOT = Path(__file__).resolve().parents[1]


async def test_a_line_without_a_name_speaks_as_alice_at_first(tmp_path):
    """Sentences about the first speaker read as about a person ("alice opened …"), never
    "you opened …" / "you takes a contract"."""
    svc = await TableService.open(tmp_path / "l.sqlite3", render=False, seed_source=lambda: 3)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        out = "\n".join(await table.handle("/neptun start"))
        assert "alice opened a Neptun table" in out and "you " not in out
        assert (await svc.table(1)).seats[0].name == "alice"
    finally:
        await svc.close()


async def test_local_table_lines(tmp_path):
    svc = await TableService.open(tmp_path / "l.sqlite3", render=True, seed_source=lambda: 3)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        out = await table.handle("alice: /navegador start")
        assert any("alice opened a Navegador table" in line for line in out)
        assert "already have a seat" in "\n".join(await table.handle("alice: /join"))
        await table.handle("bob: /join green")
        out = "\n".join(await table.handle("bob: /start"))
        assert "Only the host alice" in out and "only bob sees this" in out
        out = "\n".join(await table.handle("alice: /start"))
        assert "begins" in out
        if renderer_for("navegador") is not None:
            assert "board picture:" in out and list((tmp_path / "boards").glob("board-*.png"))
        current = (await svc.table(1)).state.current
        player = (await svc.table(1)).seats[current].name
        other = "bob" if player == "alice" else "alice"
        out = "\n".join(await table.handle(f"{other}: /hire 2"))
        assert "not your turn" in out
        out = "\n".join(await table.handle(f"{player}: /hire 2"))
        assert "`workers 2`" in out and f"DM to {other}" in out
        out = "\n".join(await table.handle("/suggest sail gui"))
        assert "sail" in out or "No suggestions" in out
        assert "/hire 2" in "\n".join(await table.handle("/help"))
        assert "Unknown command /fly" in "\n".join(await table.handle("/fly"))
        assert await table.handle("   ") == []
        assert user_id("Alice") == user_id("alice") != user_id("bob")
    finally:
        await svc.close()


def test_python_m_bot_reads_piped_stdin(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(SAILBOT_DB=str(tmp_path / "var" / "local.sqlite3"),
               SAILBOT_BOARD_DIR=str(tmp_path / "boards"), PYTHONPATH=str(ROOT))
    script = "\n".join([
        "alice: /navegador start", "bob: /join", "alice: /addbot", "alice: /start",
        "/board", "/status", "/score",
    ]) + "\n"
    done = subprocess.run([sys.executable, "-m", "bot"], input=script, text=True,
                          capture_output=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Navegador** begins" in done.stdout
    assert "Goodbye" in done.stdout                       # a clean exit at EOF
    assert (tmp_path / "var" / "local.sqlite3").exists()
    if renderer_for("navegador") is not None:
        assert len(list((tmp_path / "boards").glob("board-*.png"))) >= 1
    # the table is still there on the next run
    again = subprocess.run([sys.executable, "-m", "bot"], input="/log\nquit\n", text=True,
                           capture_output=True, env=env, cwd=tmp_path, timeout=60)
    assert again.returncode == 0 and ("No moves yet" in again.stdout or "Last" in again.stdout)


def test_config_defaults_and_values(tmp_path):
    config = load_config({}, create_dirs=False)
    assert config.token is None and not config.discord
    assert config.db_path == PROJECT / "var" / "sailbot.sqlite3"
    assert config.reminder_hours == 24 and config.dev_guild is None
    assert config.replace_hours == 48
    assert config.board_dir.name == "boards"
    config = load_config({"DISCORD_TOKEN": " abc ", "SAILBOT_DB": str(tmp_path / "x" / "db"),
                          "SAILBOT_DEV_GUILD": "123", "SAILBOT_REMINDER_HOURS": "1.5",
                          "SAILBOT_BOARD_DIR": str(tmp_path / "pics")})
    assert config.token == "abc" and config.discord and config.dev_guild == 123
    assert config.reminder_hours == 1.5 and (tmp_path / "x").is_dir()
    with pytest.raises(ConfigError, match="SAILBOT_DEV_GUILD"):
        load_config({"SAILBOT_DEV_GUILD": "my guild"}, create_dirs=False)
    with pytest.raises(ConfigError, match="SAILBOT_REMINDER_HOURS"):
        load_config({"SAILBOT_REMINDER_HOURS": "-2"}, create_dirs=False)
    assert load_config({"SAILBOT_REPLACE_HOURS": "0.01"},
                       create_dirs=False).replace_hours == 0.01
    with pytest.raises(ConfigError, match="SAILBOT_REPLACE_HOURS must be a number"):
        load_config({"SAILBOT_REPLACE_HOURS": "two days"}, create_dirs=False)


def test_with_a_token_python_m_bot_runs_the_discord_app(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("SAILBOT_DB", str(tmp_path / "d.sqlite3"))
    seen = {}
    # the bot tunes the collector once loaded (bot/runtime.py): not this test process's
    monkeypatch.setattr(entry, "tune_gc",
                        lambda **kw: seen.setdefault("collector", kw["full_every"]))
    fake = types.ModuleType("bot.discord.app")
    fake.run = lambda config: seen.setdefault("token", config.token) and 0
    monkeypatch.setitem(sys.modules, "bot.discord.app", fake)
    monkeypatch.setattr("bot.discord.app", fake, raising=False)
    assert entry.main([]) == 0 and seen == {"collector": 600.0, "token": "token"}
    monkeypatch.setitem(sys.modules, "bot.discord.app", None)     # the adapter is missing
    monkeypatch.delattr("bot.discord.app", raising=False)
    assert entry.main([]) == 2
    assert "Discord adapter could not be loaded" in capsys.readouterr().err


async def local_game(tmp_path, keep: int = 20, render: bool = False):
    svc = await TableService.open(tmp_path / "g.sqlite3", render=render, seed_source=lambda: 3)
    table = LocalTable(svc, tmp_path / "boards", keep=keep)
    for line in ("alice: /navegador start", "bob: /join", "alice: /start"):
        await table.handle(line)
    return svc, table


async def whose_turn(svc: TableService) -> tuple[str, str]:
    t = await svc.table(1)
    player = t.seats[t.state.current].name
    return player, ("bob" if player == "alice" else "alice")


async def test_resign_asks_first_and_says_what_will_happen(tmp_path):
    svc, table = await local_game(tmp_path)
    try:
        out = "\n".join(await table.handle("bob: /resign"))
        assert "Resign? A computer player takes over your seat, at normal level" in out
        assert "Type `yes` to confirm" in out
        assert (await svc.table(1)).seats[[s.name for s in (await svc.table(1)).seats]
                                          .index("bob")].human
        assert "Cancelled" in "\n".join(await table.handle("bob: no"))
        await table.handle("bob: /resign")
        out = "\n".join(await table.handle("bob: yes"))
        assert "bob resigned" in out
        assert not any(s.human and s.name == "bob" for s in (await svc.table(1)).seats)
    finally:
        await svc.close()


async def test_replace_checks_then_asks_first(tmp_path):
    svc, table = await local_game(tmp_path)
    try:
        player, other = await whose_turn(svc)
        out = "\n".join(await table.handle(f"{other}: /replace {player}"))
        assert out == (f"⚠️  (only {other} sees this) The game has waited on {player} for less "
                       f"than a minute; a player can hand {player}'s seat to a computer after "
                       "48 hours, or a moderator now.")
        out = "\n".join(await table.handle("alice: /replace"))
        assert "Whose seat?" in out
        out = "\n".join(await table.handle(f"{other}: /replace {other}"))
        assert "`/resign`" in out
        out = "\n".join(await table.handle(f"mod: /replace {player} strong force"))
        assert f"Hand {player}'s seat to a computer player, at strong level?" in out
        assert "Type `yes` to confirm" in out
        out = "\n".join(await table.handle("mod: yes"))
        assert out.startswith(f"🤖 mod handed {player}'s"), out
        assert f"📨 DM to {player}: 🤖 The Navegador game in <#1> had waited on you" in out
        assert not any(s.human and s.name == player for s in (await svc.table(1)).seats)
    finally:
        await svc.close()


async def test_join_takes_a_replaced_seat_back_after_asking(tmp_path):
    svc, table = await local_game(tmp_path)
    try:
        player, _ = await whose_turn(svc)
        await table.handle(f"mod: /replace {player} force yes")
        seats = (await svc.table(1)).seats
        colour = next(s.colour for s in seats if s.name == f"{player} (computer)")
        out = "\n".join(await table.handle("carol: /join"))
        assert "A game is already being played here." in out        # as ever
        out = "\n".join(await table.handle(f"{player}: /join"))
        assert out == (f"(only you see this) /join: Take back your {colour} seat in this "
                       f"Navegador game from {player} (computer)? You play it again from where "
                       "the game stands now. Type `yes` to confirm, anything else cancels.")
        assert "Cancelled" in "\n".join(await table.handle(f"{player}: no"))
        await table.handle(f"{player}: /join")
        out = "\n".join(await table.handle(f"{player}: yes"))
        assert out.startswith(f"🙋 {player} is back and takes the {colour} seat back from "
                              f"{player} (computer)."), out
        assert any(s.human and s.name == player for s in (await svc.table(1)).seats)
    finally:
        await svc.close()


async def test_the_readmes_words_work_as_commands(tmp_path):
    """`/market2`, `/ship`, `/priv` are words the notation knows: they play as moves."""
    svc, table = await local_game(tmp_path)
    try:
        player, _ = await whose_turn(svc)
        out = "\n".join(await table.handle(f"{player}: /ship 1"))
        assert "`ships 1`" in out, out
        player, _ = await whose_turn(svc)
        out = "\n".join(await table.handle(f"{player}: /market2 skip"))
        assert "market2" in out and "Unknown command" not in out, out
        player, _ = await whose_turn(svc)
        out = "\n".join(await table.handle(f"{player}: /priv church"))
        assert "Unknown command" not in out, out
        assert "Unknown command /zebra" in "\n".join(await table.handle(f"{player}: /zebra 2"))
    finally:
        await svc.close()


@pytest.mark.skipif(renderer_for("navegador") is None, reason="no picture")
async def test_one_picture_per_turn_and_only_the_newest_kept(tmp_path):
    svc, table = await local_game(tmp_path, keep=3, render=True)
    try:
        boards = tmp_path / "boards"
        player, _ = await whose_turn(svc)
        await table.handle(f"{player}: /sail")                 # a sail step by step:
        first = sorted(boards.glob("board-*.png"))
        await table.handle(f"{player}: /sail POR>GUI")         # same turn, same file
        assert sorted(boards.glob("board-*.png")) == first
        await table.handle(f"{player}: /sail done")
        for _ in range(4):
            player, _ = await whose_turn(svc)
            await table.handle(f"{player}: /hire 1")
        assert len(list(boards.glob("board-*.png"))) == 3      # only the newest 3
    finally:
        await svc.close()


async def test_after_a_restart_the_table_says_whose_turn_it_is(tmp_path):
    svc, table = await local_game(tmp_path)
    await svc.close()
    svc = await TableService.open(tmp_path / "g.sqlite3", render=False)
    try:
        lines = "\n".join(await LocalTable(svc, tmp_path / "boards").greeting())
        assert "Resuming" in lines and "next:" in lines
    finally:
        await svc.close()


async def test_a_private_line_shows_one_lock(tmp_path):
    from bot.table.replies import Reply

    svc = await TableService.open(tmp_path / "l.sqlite3", render=False, seed_source=lambda: 3)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        table.speaker = "bob"
        out = table._show(Reply(text="played", private="🔒 bob drew A03a"))
        assert "🔒 (only bob sees this) bob drew A03a" in out
    finally:
        await svc.close()


async def test_a_picture_that_cannot_be_written_is_said_and_play_goes_on(tmp_path):
    svc, table = await local_game(tmp_path, render=True)
    try:
        boards = tmp_path / "boards"
        for old in boards.glob("*"):
            old.unlink()
        boards.rmdir()
        boards.write_text("")          # the folder is gone, a file in its place
        player, _ = await whose_turn(svc)
        lines = await table.handle(f"{player}: /hire 1")
        await table.settle()
        text = "\n".join(lines + table.late)   # in the reply, or following it
        assert "board picture not saved" in text and "SAILBOT_BOARD_DIR" in text, text
        assert (await whose_turn(svc))[0] != player          # the move was played
    finally:
        await svc.close()


async def test_rematch_after_the_game_ended_opens_its_table_again(tmp_path):
    svc, table = await local_game(tmp_path)
    try:
        out = "\n".join(await table.handle("bob: /rematch"))
        assert "still being played; ask for a rematch once it is over" in out
        await table.handle("alice: /abandon force")
        out = "\n".join(await table.handle("bob: /rematch"))
        assert out.startswith("🔁 bob asks for a rematch: a new Navegador table"), out
        assert "🔔 alice" in out
        await table.handle("alice: /join")
        out = "\n".join(await table.handle("bob: /start"))
        assert "Navegador** begins" in out
    finally:
        await svc.close()


async def test_abandon_by_someone_who_may_not_is_refused_before_asking(tmp_path):
    svc = await TableService.open(tmp_path / "a.sqlite3", render=False)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        await table.handle("alice: /navegador start")
        await table.handle("bob: /join")
        out = "\n".join(await table.handle("bob: /abandon"))
        assert "Only the host can close the lobby" in out and "yes" not in out
        assert "bob joined" not in "\n".join(await table.handle("bob: yes"))   # not a reply
        assert not table.confirming
    finally:
        await svc.close()


async def test_resign_in_a_lobby_asks_to_leave_it_not_to_hand_the_seat_over(tmp_path):
    """/resign before the start leaves the lobby; its question said a computer would take
    over the seat and play on."""
    svc = await TableService.open(tmp_path / "a.sqlite3", render=False)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        await table.handle("alice: /navegador start")
        await table.handle("bob: /join")
        out = "\n".join(await table.handle("bob: /resign"))
        assert "/resign: Leave this lobby?" in out and "computer player takes" not in out
        assert "bob left the table" in "\n".join(await table.handle("bob: yes"))
    finally:
        await svc.close()


async def test_abandon_asks_to_close_a_lobby_in_a_lobbys_words(tmp_path):
    svc = await TableService.open(tmp_path / "a.sqlite3", render=False)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        await table.handle("alice: /navegador start")
        out = "\n".join(await table.handle("alice: /abandon"))
        assert "/abandon: Close this lobby? Everyone seated at it leaves" in out
        assert "The lobby is closed" in "\n".join(await table.handle("alice: yes"))
    finally:
        await svc.close()


async def test_removebot_on_the_local_table(tmp_path):
    svc = await TableService.open(tmp_path / "l.sqlite3", render=False, seed_source=lambda: 3)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        await table.handle("alice: /vasco start")
        await table.handle("alice: /addbot strong")
        await table.handle("alice: /addbot")
        names = [s.name for s in (await svc.table(1)).seats if s.user_id is None]
        out = "\n".join(await table.handle(f"alice: /removebot {names[0]}"))
        assert f"{names[0]} leaves the table" in out
        out = "\n".join(await table.handle("alice: /removebot"))
        assert f"{names[1]} leaves the table" in out
        out = "\n".join(await table.handle("alice: /removebot"))
        assert "no computer player" in out and "only alice sees this" in out
    finally:
        await svc.close()
