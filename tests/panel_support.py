"""Helpers for the panel tests: tables started for any game, tables made from bare states,
and the panel as Discord components. (The ``toys`` fixture, which installs the toy games,
is in conftest.py.)"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from bot.store import GameRow, SeatRow
from bot.table import TableService
from bot.table.table import Table
from rules import get_game
from rules.fuzz import random_game

CH = 600
GUILD = 77
USERS = [3001, 3002, 3003, 3004, 3005]
TOYS = ["nim", "cards", "quietcards"]


async def start(svc: TableService, game: str, humans: int = 2, computers: int = 0,
                channel: int = CH) -> dict[int, int]:
    """A started game; returns seat -> user id of the human seats. Computers fill the
    seats a game needs beyond ``humans``."""
    computers = max(computers, get_game(game).min_players - humans)
    await svc.open_lobby(channel, GUILD, USERS[0], "Ann", game)
    for i in range(1, humans):
        await svc.join(channel, USERS[i], ["Ann", "Ben", "Cy", "Di", "Ed"][i])
    for _ in range(computers):
        await svc.add_computer(channel, USERS[0])
    await svc.start_game(channel, USERS[0])
    table = await svc.table(channel)
    return {s.seat: s.user_id for s in table.seats if s.user_id is not None}


def table_of(game: str, state: Any, version: int = 1, game_id: int = 1) -> Table:
    """A table around a bare state, every seat human."""
    g = get_game(game)
    players = getattr(state, "players", None) or g.max_players
    row = GameRow(id=game_id, channel_id=CH, guild_id=GUILD, game=game, seed=1,
                  players=players, options={}, status="active", version=version,
                  host_id=USERS[0], board_message_id=None, created=0.0, updated=0.0)
    seats = [SeatRow(s, USERS[s], f"P{s + 1}", "blue") for s in range(players)]
    return Table(row, seats, g, state, 0)


@cache
def states(game: str, every: int = 6) -> list[Any]:
    """States along random games of every player count."""
    g = get_game(game)
    out: list[Any] = []
    for players in range(g.min_players, g.max_players + 1):
        played = [s for s, *_ in random_game(g, players, 4000 + players, policy="explorer")]
        out += played[::every]
    random.Random(1).shuffle(out)
    return out


def components(view: Any) -> list[dict[str, Any]]:
    """The view's rows as Discord's component payload."""
    return view.to_components() if view is not None else []
