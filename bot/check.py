"""``python -m bot check``: load every game in progress the way the bot loads it, and say
which do not load — after an upgrade (a rules change may mean an old move no longer
replays), and to try a restored backup before trusting it.

It opens the database as the bot does (``SAILBOT_DB``; a schema older than this bot is
upgraded, as the bot's start would) and only reads; it may run while the bot runs.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot.store import StoreError, describe, is_postgres, open_store
from bot.table.replies import TableError
from bot.table.tables import Tables
from bot.table.words import plural
from rules import get_game

Say = Callable[[str], None]


async def check(database: str | Path, say: Say = print) -> int:
    """0 when every game in progress loads; 1 when one does not (each is named)."""
    if not is_postgres(database) and not Path(database).is_file():
        raise StoreError(f"There is no database at {database} (SAILBOT_DB) to check.")
    started = time.monotonic()
    store = await open_store(database)
    try:
        say(f"Checking {describe(database)} (schema {await store.schema_version()})")
        games = await store.games_in_progress()
        problems: list[str] = []
        moves = 0
        for row in games:
            where = f"game {row.id} ({row.game}, channel {row.channel_id})"
            try:
                row, _, snap, log = await store.read_log(row.id)
                Tables.replay(get_game(row.game), row, snap, log)
                moves += len(log)
            except KeyError:
                problems.append(f"{where}: this bot has no game called {row.game!r}")
            except TableError as exc:
                # the players' sentence says "tell whoever runs the bot"; that is us: the
                # move and the rules' reason
                cause = exc.__cause__
                move = next((m for m in log if cause and f"move {m.ply} " in str(exc)), None)
                said = (f"move {move.ply} `{move.notation}` no longer replays: {cause}"
                        if move else str(exc))
                problems.append(f"{where}: {said[:400]}")
            except Exception as exc:  # noqa: BLE001 — each game's reason, whatever it is
                reason = str(exc).split("\n")[0][:300] or type(exc).__name__
                problems.append(f"{where}: {reason}")
    finally:
        await store.close()
    for problem in problems:
        say(f"  does not load: {problem}")
    seconds = time.monotonic() - started
    if problems:
        say(f"{plural(len(problems), 'game')} of {len(games):,} in progress "
            f"{'does' if len(problems) == 1 else 'do'} not load ({seconds:.1f} s). Their "
            "tables answer \"I could not load this game\"; the others play on. Run the "
            "version of the bot that wrote them, or restore a backup it made.")
        return 1
    say(f"{plural(len(games), 'game')} in progress: every one loads ({plural(moves, 'move')} "
        f"replayed after the snapshots, {seconds:.1f} s).")
    return 0


def main(database: str | Path) -> int:
    import asyncio
    import logging

    # the table service logs a game that does not replay; here the report says it
    logging.getLogger("bot.table.tables").setLevel(logging.CRITICAL)
    try:
        return asyncio.run(check(database))
    except StoreError as exc:
        print(f"Cannot check: {exc}", file=sys.stderr)
        return 3
