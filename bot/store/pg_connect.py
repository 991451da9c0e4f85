"""Connecting to PostgreSQL, and every way that can fail as a sentence (``StoreError``):
the bot stops at once with what is wrong and what to do — never a hang, never a traceback.
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import asyncpg

from bot.store.interface import StoreError

COMMAND_TIMEOUT = 60.0   # seconds one statement may take before it is an error
EXAMPLE = "postgresql://sailbot:PASSWORD@db-host:5432/sailbot"


def is_postgres(where: str | Path) -> bool:
    """Whether ``SAILBOT_DB`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password, to show in messages and logs."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or parse_qs(parts.query).get("host", ["localhost"])[0]
        port = f":{parts.port}" if parts.port else ""
        user = f"{parts.username}@" if parts.username else ""
    except ValueError:
        return "(a PostgreSQL URL that cannot be read)"
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def named_schema(url: str) -> str | None:
    """The first schema of a ``search_path`` given in the URL (``...?search_path=sailbot``),
    if any: where the bot keeps its tables instead of ``public``."""
    paths = parse_qs(urlsplit(url).query).get("search_path")
    first = paths[0].split(",")[0].strip().strip('"') if paths else ""
    if not first or first.startswith("$"):
        return None
    if not all(c.isalnum() or c == "_" for c in first):
        raise StoreError(f"The schema name {first!r} in SAILBOT_DB's search_path is not a "
                         "plain name: use letters, digits and _ only.")
    return first


async def _reset(con: asyncpg.Connection) -> None:
    """What a connection needs on its way back to the pool. asyncpg's default runs a reset
    query (RESET ALL, UNLISTEN, …) every time — a round trip per operation — for session
    state the bot never sets; only a transaction left open (a cancelled task) matters."""
    if con.is_in_transaction():
        await con.execute("ROLLBACK")


async def connect_pool(url: str, size: int, timeout: float) -> asyncpg.Pool:
    """A pool of up to ``size`` connections, one made now so a bad address fails here."""
    where = redact(url)
    try:
        # asyncpg's own timeout covers connecting; wait_for is the backstop
        return await asyncio.wait_for(
            asyncpg.create_pool(url, min_size=1, max_size=size, timeout=timeout,
                                command_timeout=COMMAND_TIMEOUT, reset=_reset,
                                max_inactive_connection_lifetime=300.0),
            timeout + 5)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError,
            ValueError) as exc:
        raise unusable(where, exc) from exc


def unusable(where: str, exc: BaseException) -> StoreError:
    """What went wrong reaching or using the database at ``where``, as a sentence."""
    if isinstance(exc, TimeoutError):
        return StoreError(f"The PostgreSQL server for {where} did not answer in time. Is it "
                          "running and reachable from here, and is SAILBOT_DB right?")
    if isinstance(exc, socket.gaierror):
        return StoreError(f"Cannot find the host of {where} ({exc.strerror}). Check the host "
                          "name in SAILBOT_DB.")
    if isinstance(exc, ConnectionError) and "rejected SSL upgrade" in str(exc):
        return StoreError(f"The PostgreSQL server for {where} does not offer TLS, and "
                          "SAILBOT_DB asks for it (sslmode=require or stricter). Turn ssl on "
                          "in the server's postgresql.conf, or drop sslmode from SAILBOT_DB.")
    if isinstance(exc, OSError):
        return StoreError(f"Cannot connect to the PostgreSQL server for {where} "
                          f"({exc.strerror or exc}). Is it running, and are the host and port "
                          "in SAILBOT_DB right?")
    if isinstance(exc, asyncpg.InvalidPasswordError
                  | asyncpg.InvalidAuthorizationSpecificationError):
        return StoreError(f"PostgreSQL refused the login for {where}: {exc}. Check the user "
                          "and password in SAILBOT_DB.")
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        name = urlsplit(where).path.lstrip("/") or "sailbot"
        return StoreError(f"PostgreSQL says: {exc}. Create the database (e.g. `createdb "
                          f"{name}`), or fix its name in SAILBOT_DB ({where}).")
    if isinstance(exc, asyncpg.TooManyConnectionsError | asyncpg.CannotConnectNowError):
        return StoreError(f"The PostgreSQL server for {where} takes no connections now "
                          f"({exc}). Try again shortly, or raise its max_connections.")
    if isinstance(exc, asyncpg.InsufficientPrivilegeError):
        return StoreError(f"The user in {where} may not create or change the bot's tables "
                          f"({exc}). Make it the database's owner, or grant it CREATE.")
    if isinstance(exc, asyncpg.ClientConfigurationError | ValueError):
        return StoreError(f"SAILBOT_DB is not a PostgreSQL address I can read ({exc}). It "
                          f"looks like {EXAMPLE}.")
    return StoreError(f"The database {where} cannot be used ({exc}).")
