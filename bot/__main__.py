"""``python -m bot``: the Discord bot when DISCORD_TOKEN is set, else the local table.

    python -m bot            Discord with a token, otherwise the terminal table
    python -m bot --local    the terminal table even when a token is set
    python -m bot --no-render  (local) skip the board pictures
    python -m bot --verbose  log at level INFO at the local table too (the Discord bot
                             always does: connected, commands synced, stopped — its
                             log is stderr)
    python -m bot migrate --to postgresql://USER:PASSWORD@HOST:5432/DB [--from FILE]
                             copy the SQLite file (SAILBOT_DB) into an empty PostgreSQL
                             database and check the copy (docs/deploy.md)
    python -m bot check      load every game in progress as the bot does and name any that
                             does not load (after an upgrade; on a restored backup)
    python -m bot backup FILE
                             copy the SQLite file (SAILBOT_DB) to FILE, consistent even
                             while the bot runs (README, Backups)
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

from bot.config import Config, ConfigError, load_config
from bot.runtime import tune_gc

OWN_PACKAGES = ("bot", "rules", "render")


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(sys.argv[1:] if argv is None else argv)
    except ModuleNotFoundError as exc:
        if not exc.name or exc.name.split(".")[0] in OWN_PACKAGES:
            raise
        print(f"Cannot start: the package {exc.name!r} is not installed for "
              f"{sys.executable}. Run the bot with the Python `make run` set up — "
              "`make run`, or `.venv/bin/python -m bot …` (or `source .venv/bin/activate` "
              "first) — or install it into this one: `pip install -e .`.", file=sys.stderr)
        return 2


def _main(args: list[str]) -> int:
    if any(a in ("-h", "--help") for a in args):
        print(__doc__)
        return 0
    try:
        config = load_config()
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    # the Discord bot is a service: its log says when it is up, and when it stopped; the
    # terminal table and `migrate` talk to a person and log only what went wrong
    discord_bot = bool(config.token) and "--local" not in args and args[:1] != ["migrate"]
    logging.basicConfig(level=logging.INFO if discord_bot or "--verbose" in args
                        else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args[:1] == ["migrate"]:
        return _migrate(args[1:], config)
    if args[:1] == ["backup"]:
        return _backup(args[1:], config)
    if args[:1] == ["check"]:
        from bot import check
        return check.main(config.database)
    if config.token and "--local" not in args:
        try:
            from bot.discord import app
        except ImportError as exc:
            print("DISCORD_TOKEN is set but the Discord adapter could not be loaded "
                  f"(bot/discord/app.py): {exc}.\nUnset DISCORD_TOKEN (or pass --local) to "
                  "play at the terminal table instead.", file=sys.stderr)
            return 2
        tune_gc(full_every=config.gc_seconds)
        return app.run(config)
    from bot import local
    from bot.store import StoreError

    tune_gc(full_every=config.gc_seconds)

    try:
        return asyncio.run(local.run(config, render="--no-render" not in args))
    except KeyboardInterrupt:
        return 130
    except StoreError as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 3


def _backup(args: list[str], config: Config) -> int:
    from bot.store import StoreError, backup_sqlite

    if config.db_url:
        print("SAILBOT_DB is a PostgreSQL database: back it up with pg_dump "
              "(docs/deploy.md, Backups and restore).", file=sys.stderr)
        return 2
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m bot backup FILE   (a new file; SAILBOT_DB is copied)",
              file=sys.stderr)
        return 2
    try:
        print(backup_sqlite(config.db_path, Path(args[0]).expanduser()))
    except StoreError as exc:
        print(f"Cannot back up: {exc}", file=sys.stderr)
        return 2
    return 0


def _migrate(args: list[str], config: Config) -> int:
    from bot import migrate
    from bot.store import StoreError

    try:
        return asyncio.run(migrate.main(args, None if config.db_url else config.db_path))
    except KeyboardInterrupt:
        return 130
    except StoreError as exc:
        print(f"Cannot migrate: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
