"""Settings from environment variables (see docs/bot.md).

    DISCORD_TOKEN            the bot token; without it `python -m bot` opens the local table
    SAILBOT_DB               SQLite file (default ./var/sailbot.sqlite3 under the project), or
                             a PostgreSQL URL (postgresql://user:pw@host:5432/db) for several
                             bot processes on one database (docs/deploy.md)
    SAILBOT_SHARDS           the Discord shards this process runs, e.g. 0-3/8 (shards 0 to 3
                             of 8); unset: one process, Discord's recommended shard count
    SAILBOT_DEV_GUILD        a guild id to sync slash commands to instantly (development)
    SAILBOT_REMINDER_HOURS   hours before the follow-up turn reminder (default 24)
    SAILBOT_REPLACE_HOURS    hours the game must have waited on a player before another
                             player may hand their seat to a computer with /replace
                             (default 48; a member with Manage Channel may at any time)
    SAILBOT_BOARD_DIR        where the local table writes board images (default ./boards)
    SAILBOT_BOARD_KEEP       how many board images the local table keeps (default 20)
    SAILBOT_REMINDER_POLL    seconds between passes of the reminder loop (default 60); turn
                             DMs go out as soon as a move is committed, the loop is for
                             follow-ups and retries
    SAILBOT_CACHE            games whose state is kept in memory (default 512)
    SAILBOT_THINK            seconds of one core a strong computer player thinks per
                             decision (default 1; counted in simulated moves, so a slower
                             machine plays the same moves, only later — up to a cap)
    SAILBOT_THINK_WORKERS    processes in which computer players think (default: one per core);
                             0 thinks in a thread of the bot process (the local table's
                             default), where a strong computer holds up every other table
    SAILBOT_THINK_NICE       how much lower the thinking processes' CPU priority is than the
                             bot's, 0-19 (default 19): turns are answered first, computers
                             think with the cycles left
    SAILBOT_PANEL_CACHE      turn panels (a seat's menu of choices) kept in memory (default 256)
    SAILBOT_RENDER_WORKERS   processes drawing board pictures (default: one per core); 0 draws
                             them in threads of the bot process
    SAILBOT_RENDER_WORKER_MB memory of its own (MB) past which a picture process is replaced
                             by a fresh one after its picture (checked after its first
                             picture and every 16th; default 256; 0: no limit)
    SAILBOT_PICTURE_NICE     how much lower the picture processes' CPU priority is than the
                             bot's, 0-19 (default 10): turns are answered first
    SAILBOT_PICTURE_QUEUE    pictures waiting or being drawn at most; a board asked for beyond
                             that goes without (default 64)
    SAILBOT_PICTURE_WAIT     seconds a reply waits for its picture; later, it goes without and
                             the picture follows (default 1)
    SAILBOT_PICTURE_TIMEOUT  seconds after which a picture is given up and its process
                             replaced (default 30)
    SAILBOT_GC_SECONDS       seconds between the bot process's full garbage collections
                             (default 600, at most 86400; bot/runtime.py)
    SAILBOT_DISCORD_API      the Discord API base URL (default https://discord.com/api/v10);
                             another one — a proxy, a self-hosted gateway, a test server —
                             also names the gateway (its /gateway/bot)
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


class ConfigError(ValueError):
    """A setting has a value we cannot use; the message names it."""


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path
    dev_guild: int | None
    reminder_hours: float
    board_dir: Path
    replace_hours: float = 48.0
    board_keep: int = 20
    reminder_poll: float = 60.0
    cache_size: int = 512
    think: float = 1.0
    panel_cache: int = 256
    render_workers: int | None = None  # None: one per core; 0: threads of the bot process
    render_worker_mb: float = 256.0
    picture_queue: int = 64
    picture_wait: float = 1.0
    picture_timeout: float = 30.0
    picture_nice: int = 10
    think_workers: int | None = None   # None: one per core; 0: a thread of the bot process
    think_nice: int = 19
    gc_seconds: float = 600.0
    discord_api: str | None = None
    db_url: str | None = None          # a PostgreSQL URL; None: the SQLite file db_path
    shards: Shards | None = None

    @property
    def discord(self) -> bool:
        return bool(self.token)

    @property
    def database(self) -> str | Path:
        """What the store opens: the PostgreSQL URL, else the SQLite file."""
        return self.db_url or self.db_path


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process runs: ``ids`` of ``count`` in all."""

    ids: tuple[int, ...]
    count: int

    def __str__(self) -> str:
        return f"shards {', '.join(map(str, self.ids))} of {self.count}"


def parse_shards(text: str) -> Shards:
    """``0-3/8`` (shards 0 to 3 of 8), ``5/8``, ``0,2,4-5/8``."""
    usage = (f"SAILBOT_SHARDS must be the shards this process runs and how many there are "
             f"in all, like 0-3/8 (shards 0 to 3 of 8) — not {text!r}.")
    ids_text, slash, count_text = text.replace(" ", "").partition("/")
    if not slash or not ids_text or not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(usage)
    count = int(count_text)
    ids: set[int] = set()
    for part in ids_text.split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(usage)
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ConfigError(usage)
        ids.update(range(first, last + 1))
    if max(ids) >= count:
        raise ConfigError(f"SAILBOT_SHARDS: shard {max(ids)} does not exist when there are "
                          f"{count} (they are numbered 0 to {count - 1}).")
    return Shards(tuple(sorted(ids)), count)


def _path(value: str | None, default: Path) -> Path:
    if not value:
        return default
    path = Path(value).expanduser()
    return path if path.is_absolute() else Path.cwd() / path


def _number(env: Mapping[str, str], name: str, default: float, low: float,
            integer: bool = False, high: float | None = None) -> float:
    text = (env.get(name) or "").strip()
    if not text:
        return default
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):   # float() also reads nan, inf and 1e400 (= inf)
        kind = "a whole number" if integer else "a number"
        raise ConfigError(f"{name} must be {kind}, not {text[:40]!r}.")
    if value < low:
        raise ConfigError(f"{name} must be at least {low:g}.")
    if high is not None and value > high:
        raise ConfigError(f"{name} must be at most {high:g}.")
    return value


def _nice(env: Mapping[str, str], name: str, default: int) -> int:
    nice = int(_number(env, name, default, 0, integer=True))
    if nice > 19:
        raise ConfigError(f"{name} must be 0 to 19 (a process's nice value).")
    return nice


def load_config(env: Mapping[str, str] | None = None, create_dirs: bool = True) -> Config:
    env = os.environ if env is None else env
    token = (env.get("DISCORD_TOKEN") or "").strip() or None
    db_text = (env.get("SAILBOT_DB") or "").strip()
    db_url = db_text if db_text.startswith(("postgresql://", "postgres://")) else None
    if db_url is None and "://" in db_text:
        raise ConfigError(f"SAILBOT_DB must be a SQLite file path or a postgresql:// URL, not "
                          f"{db_text.split('://')[0]}://….")
    db_path = _path(None if db_url else db_text, PROJECT / "var" / "sailbot.sqlite3")
    shards_text = (env.get("SAILBOT_SHARDS") or "").strip()
    shards = parse_shards(shards_text) if shards_text else None
    guild_text = (env.get("SAILBOT_DEV_GUILD") or "").strip()
    try:
        dev_guild = int(guild_text) if guild_text else None
    except ValueError:
        dev_guild = 0
    if dev_guild is not None and dev_guild <= 0:
        raise ConfigError(f"SAILBOT_DEV_GUILD must be a guild id (a number), not "
                          f"{guild_text[:40]!r}.")
    hours = _number(env, "SAILBOT_REMINDER_HOURS", 24.0, -math.inf)
    if hours <= 0:
        raise ConfigError("SAILBOT_REMINDER_HOURS must be more than 0.")
    replace_hours = _number(env, "SAILBOT_REPLACE_HOURS", 48.0, 0.0)
    board_dir = _path(env.get("SAILBOT_BOARD_DIR"), Path.cwd() / "boards")
    keep = int(_number(env, "SAILBOT_BOARD_KEEP", 20, 1, integer=True))
    poll = _number(env, "SAILBOT_REMINDER_POLL", 60.0, 1.0)
    cache = int(_number(env, "SAILBOT_CACHE", 512, 1, integer=True))
    think = _number(env, "SAILBOT_THINK", 1.0, 0.01)
    panel_cache = int(_number(env, "SAILBOT_PANEL_CACHE", 256, 1, integer=True))
    workers_text = (env.get("SAILBOT_RENDER_WORKERS") or "").strip()
    workers = int(_number(env, "SAILBOT_RENDER_WORKERS", 0, 0, integer=True)) \
        if workers_text else None
    worker_mb = _number(env, "SAILBOT_RENDER_WORKER_MB", 256.0, 0.0)
    queue = int(_number(env, "SAILBOT_PICTURE_QUEUE", 64, 1, integer=True))
    nice = _nice(env, "SAILBOT_PICTURE_NICE", 10)
    thinkers_text = (env.get("SAILBOT_THINK_WORKERS") or "").strip()
    thinkers = int(_number(env, "SAILBOT_THINK_WORKERS", 0, 0, integer=True)) \
        if thinkers_text else None
    think_nice = _nice(env, "SAILBOT_THINK_NICE", 19)
    # a day at most: the collector thread's time.sleep() overflows near 1e10 s
    gc_seconds = _number(env, "SAILBOT_GC_SECONDS", 600.0, 1.0, high=86_400.0)
    wait = _number(env, "SAILBOT_PICTURE_WAIT", 1.0, 0.0)
    timeout = _number(env, "SAILBOT_PICTURE_TIMEOUT", 30.0, 1.0)
    api = (env.get("SAILBOT_DISCORD_API") or "").strip().rstrip("/") or None
    if api is not None and not api.startswith(("http://", "https://")):
        raise ConfigError(f"SAILBOT_DISCORD_API must be an http(s) URL such as "
                          f"https://discord.com/api/v10, not {api[:80]!r}.")
    if create_dirs and db_url is None:
        try:
            db_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"SAILBOT_DB: cannot create the folder {db_path.parent} "
                              f"({exc.strerror or exc}).") from None
    return Config(token=token, db_path=db_path, dev_guild=dev_guild, reminder_hours=hours,
                  board_dir=board_dir, replace_hours=replace_hours, board_keep=keep,
                  reminder_poll=poll, cache_size=cache,
                  think=think, panel_cache=panel_cache, render_workers=workers,
                  render_worker_mb=worker_mb, picture_queue=queue, picture_wait=wait,
                  picture_timeout=timeout, picture_nice=nice, think_workers=thinkers,
                  think_nice=think_nice, gc_seconds=gc_seconds, discord_api=api,
                  db_url=db_url, shards=shards)
