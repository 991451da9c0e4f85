"""Settings for running several bot processes on one database: SAILBOT_DB as a PostgreSQL
URL (no folder is made for it, the password is never shown), SAILBOT_SHARDS as this
process's shard range, and the sharded Discord client it chooses."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.config import ConfigError, Shards, load_config, parse_shards
from bot.discord.app import ShardedTableBot, TableBot, make_bot
from bot.store import describe, is_postgres

ROOT = Path(__file__).resolve().parents[1]


def test_sailbot_db_takes_a_postgresql_url(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    url = "postgresql://sailbot:s3cret@db.example:5432/sailbot"
    config = load_config({"SAILBOT_DB": url})
    assert config.database == url and config.db_url == url and is_postgres(config.database)
    assert not any(tmp_path.iterdir())                  # no folder made for a URL
    assert describe(url) == "postgresql://sailbot@db.example:5432/sailbot"
    plain = load_config({"SAILBOT_DB": str(tmp_path / "x.sqlite3")}, create_dirs=False)
    assert plain.db_url is None and plain.database == tmp_path / "x.sqlite3"
    assert not is_postgres(plain.database)
    with pytest.raises(ConfigError, match="SQLite file path or a postgresql:// URL"):
        load_config({"SAILBOT_DB": "mysql://root:pw@host/db"}, create_dirs=False)


def test_sailbot_shards():
    assert parse_shards("0-3/8") == Shards((0, 1, 2, 3), 8)
    assert parse_shards("4-7/8") == Shards((4, 5, 6, 7), 8)
    assert parse_shards("5/8") == Shards((5,), 8)
    assert parse_shards("0, 2, 4-5 / 8") == Shards((0, 2, 4, 5), 8)
    assert load_config({}, create_dirs=False).shards is None
    for bad in ("x", "0-3", "3-1/8", "/8", "0-3/0", "a-b/8"):
        with pytest.raises(ConfigError, match="SAILBOT_SHARDS must be"):
            parse_shards(bad)
    with pytest.raises(ConfigError, match="shard 8 does not exist when there are 8"):
        load_config({"SAILBOT_SHARDS": "4-8/8"}, create_dirs=False)


async def test_the_bot_runs_the_shards_it_is_given():
    service = object()
    config = load_config({"DISCORD_TOKEN": "t", "SAILBOT_SHARDS": "2-3/4"}, create_dirs=False)
    async with make_bot(service, config) as bot:          # type: ignore[arg-type]
        assert isinstance(bot, ShardedTableBot) and isinstance(bot, discord.AutoShardedClient)
        assert bot.shard_ids == [2, 3] and bot.shard_count == 4
        assert bot.service is service
        assert not bot.sync_on_start              # shard 0's process syncs the commands
    first = load_config({"DISCORD_TOKEN": "t", "SAILBOT_SHARDS": "0-1/4"}, create_dirs=False)
    assert make_bot(service, first).sync_on_start  # type: ignore[arg-type]
    one = make_bot(service, load_config({"DISCORD_TOKEN": "t"}, create_dirs=False))  # type: ignore[arg-type]
    assert type(one) is TableBot and not isinstance(one, discord.AutoShardedClient)


def test_the_compose_file_runs_every_shard_once_on_one_database():
    """deploy/compose.yaml cannot be run here (no Docker engine): its shape is checked."""
    import yaml

    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    services = compose["services"]
    db = services["db"]["environment"]
    bots = {name: s for name, s in services.items() if "SAILBOT_SHARDS" in s["environment"]}
    assert len(bots) == 2
    shards = [parse_shards(s["environment"]["SAILBOT_SHARDS"]) for s in bots.values()]
    assert len({s.count for s in shards}) == 1                    # one total everywhere
    ids = sorted(i for s in shards for i in s.ids)
    assert ids == list(range(shards[0].count))                     # every shard, once
    for bot in bots.values():
        env = bot["environment"]
        url = env["SAILBOT_DB"]
        assert is_postgres(url) and url.endswith(f"@db:5432/{db['POSTGRES_DB']}")
        assert f"//{db['POSTGRES_USER']}:" in url and env["DISCORD_TOKEN"]
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["build"]["context"] == ".." and (ROOT / "Dockerfile").exists()
    assert "pgdata" in compose["volumes"]
