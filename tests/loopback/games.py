"""Games set up on the bot's database before the bot starts: a late-game position is the
start of a real game played by clicks through the table service, stopped about a given
number of moves before its end (found by playing the same game to the end once,
elsewhere) where the turn has just passed to another player — whose turn DM, with its
panel, the bot sends when it starts."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from bot.table import TableService
from tests.clicking import Tally, click_game, click_one


async def _started(db: Path, channel: int, guild: int, game: str, seed: int,
                   humans: list[tuple[int, str]]) -> tuple[TableService, dict[int, int]]:
    svc = await TableService.open(db, render=False, seed_source=lambda: seed)
    (host, host_name), *rest = humans
    await svc.open_lobby(channel, guild, host, host_name, game)
    for user, name in rest:
        await svc.join(channel, user, name)
    await svc.start_game(channel, host)
    table = await svc.table(channel)
    return svc, {s.seat: s.user_id for s in table.seats if s.user_id is not None}


async def late_game(db: Path, channel: int, guild: int, humans: list[tuple[int, str]],
                    left: int, game: str = "navegador", seed: int = 3) -> dict[int, int]:
    """A game at ``channel`` about ``left`` moves before its end; returns seat -> user."""
    with tempfile.TemporaryDirectory() as scratch:
        svc, users = await _started(Path(scratch) / "count.sqlite3", channel, guild, game,
                                    seed, humans)
        whole = await click_game(svc, channel, users, random.Random(seed))
        await svc.close()
    svc, users = await _started(db, channel, guild, game, seed, humans)
    rng = random.Random(seed)
    await click_game(svc, channel, users, rng, stop_after=max(0, whole.moves - left))
    table = await svc.table(channel)
    # stop where a turn passed to someone else: their turn DM is due when the bot starts
    while table.row.status == "active" and not any(
            r.kind == "first" for r in await svc.store.reminders(table.row.id)):
        await click_one(svc, channel, users, rng, Tally())
        table = await svc.table(channel)
    await svc.close()
    return users
