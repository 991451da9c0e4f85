"""``python -m bot migrate --to postgresql://…``: move the bot's games from its SQLite file
(``SAILBOT_DB``, or ``--from PATH``) into an empty PostgreSQL database.

It copies every game, seat, move, snapshot, preference, reminder and abandon vote (ids
kept), then checks the copy: every table's row count and rows equal, and every started
game, loaded from PostgreSQL the way the bot loads it and replayed from its seed through
its whole log, equal to the state the SQLite file gives. A target that already holds
anything is refused, and a copy that fails a check is deleted again, so the command can
simply be run again. Stop the bot first: a move made while copying stays behind (the
command says so when the file changed meanwhile).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot.store import PostgresStore, SqliteStore, StoreError, describe, is_postgres
from bot.store.copy import LABELS, Tally, copy_all, empty, fingerprint, target_tally
from bot.table.replies import TableError
from bot.table.tables import Tables
from bot.table.words import plural
from rules import get_game

Say = Callable[[str], None]


def usage() -> str:
    return ("usage: python -m bot migrate --to postgresql://USER:PASSWORD@HOST:5432/DB "
            "[--from SQLITE_FILE]\n(--from defaults to SAILBOT_DB.)")


def counts_line(rows: dict[str, int]) -> str:
    return " · ".join(f"{LABELS[t]} {n:,}" for t, n in rows.items())


async def replay_all(source: SqliteStore, target: PostgresStore,
                     say: Say) -> tuple[int, int, list[str]]:
    """Every game's state from PostgreSQL — as the bot loads it (snapshot and the moves
    after it) and replayed from the seed through every move — against the SQLite file's.
    Returns (games replayed, lobbies, problems)."""
    replayed = lobbies = 0
    problems: list[str] = []
    async with target.acquire() as con:
        ids = [r[0] for r in await con.fetch("SELECT id FROM games ORDER BY id")]
    for game_id in ids:
        row, _, snap, moves = await target.read_log(game_id)
        if row.status == "lobby" or row.seed is None:
            lobbies += 1
            continue
        try:
            g = get_game(row.game)
        except KeyError:
            problems.append(f"game {game_id} is a {row.game!r} game, which this bot does "
                            "not know: copied, not replayed")
            continue
        src_row, _, src_snap, src_moves = await source.read_log(game_id)
        try:
            final = g.dump(Tables.replay(g, src_row, src_snap, src_moves)[1])
        except TableError:
            say(f"  note: game {game_id} does not replay in the SQLite file either; copied "
                "as it is")
            continue
        try:
            loaded = g.dump(Tables.replay(g, row, snap, moves)[1])
            whole = g.dump(Tables.replay(g, row, None, await target.moves(game_id))[1])
        except TableError:
            problems.append(f"game {game_id} does not replay from PostgreSQL")
            continue
        if loaded != final or whole != final:
            problems.append(f"game {game_id}: the state in PostgreSQL differs from the "
                            "SQLite file's")
        replayed += 1
    return replayed, lobbies, problems


def compare(source: Tally, target: Tally) -> list[str]:
    problems = []
    for table, count in source.rows.items():
        if target.rows.get(table) != count:
            problems.append(f"{LABELS[table]}: {count} in SQLite, {target.rows.get(table)} "
                            "in PostgreSQL")
        elif target.digests.get(table) != source.digests[table]:
            problems.append(f"{LABELS[table]}: as many rows, but not the same rows")
    return problems


async def migrate(source_path: Path, url: str, say: Say = print) -> int:
    """Copy and check; returns the exit status (0: done and equal)."""
    started = time.perf_counter()
    if not source_path.is_file():
        raise StoreError(f"There is no SQLite database at {source_path}. Set SAILBOT_DB to "
                         "the bot's file, or pass --from PATH.")
    source = await SqliteStore.open(source_path)      # checked, at the latest schema
    try:
        target = await PostgresStore.open(url)        # reachable, ours, migrated
    except BaseException:
        await source.close()
        raise
    say(f"Copying {source_path} → {describe(url)}")
    try:
        async with target.acquire() as con:
            copied = await copy_all(source_path, con)
            say(f"  copied in {time.perf_counter() - started:.1f} s: "
                f"{counts_line(copied.rows)}")
            written = await target_tally(con)
        problems = compare(copied, written)
        if not problems:
            say("  counts equal, and every row equal")
            replaying = time.perf_counter()
            replayed, lobbies, problems = await replay_all(source, target, say)
            if not problems:
                say(f"  replayed {plural(replayed, 'started game')} from PostgreSQL in "
                    f"{time.perf_counter() - replaying:.1f} s: each equals its final state "
                    f"in the SQLite file (lobbies, nothing to replay: {lobbies:,})")
        if problems:
            async with target.acquire() as con:
                await empty(con)
            say("The copy does not match, so I deleted it again (the SQLite file is "
                "untouched):")
            for problem in problems[:20]:
                say(f"  • {problem}")
            return 1
        moved_on = fingerprint(source_path) != copied.fingerprint
    finally:
        await source.close()
        await target.close()
    say(f"Done in {time.perf_counter() - started:.1f} s.")
    if moved_on:
        say("But the SQLite file changed while it was copied — a bot still runs on it. What "
            "changed after the copy began is not in PostgreSQL: stop every bot process, "
            "empty the target (or create a new database) and migrate again.")
        return 1
    say("Now set SAILBOT_DB to the --to URL and start the bot processes (docs/deploy.md).")
    return 0


async def main(args: list[str], default_source: Path | None) -> int:
    """``args``: what follows ``migrate`` on the command line; ``default_source``: the
    SQLite file of SAILBOT_DB (None when SAILBOT_DB is no file)."""
    url = source = None
    rest = list(args)
    while rest:
        flag = rest.pop(0)
        if flag in ("--to", "--from") and rest:
            value = rest.pop(0)
            url, source = (value, source) if flag == "--to" else (url, value)
        elif flag.startswith(("--to=", "--from=")):
            name, value = flag.split("=", 1)
            url, source = (value, source) if name == "--to" else (url, value)
        else:
            print(usage(), file=sys.stderr)
            return 2
    if not url or not is_postgres(url):
        print("migrate needs --to with a PostgreSQL URL (postgresql://…).\n" + usage(),
              file=sys.stderr)
        return 2
    if source is None and default_source is None:
        print("SAILBOT_DB is not a SQLite file: name the file to copy with --from PATH.",
              file=sys.stderr)
        return 2
    return await migrate(Path(source) if source else default_source, url)  # type: ignore[arg-type]
