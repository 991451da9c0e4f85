"""Helpers for the table-service tests: a fake clock, services on a real database (a SQLite
file path, or a PostgreSQL URL: see the ``db`` fixture in tests/databases.py), and a test
player that picks random legal whole turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.table import TableService
from rules.navegador.policy import random_turn  # noqa: F401 (re-exported for the tests)

PNG = b"\x89PNG\r\n\x1a\n"
CH = 500            # channel id used by the tests
GUILD = 77
ALICE, BOB, CAROL, DAVE, ERIN, FRANK = 1001, 1002, 1003, 1004, 1005, 1006
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave", ERIN: "Erin", FRANK: "Frank"}


class Clock:
    """Time that moves only when a test says so."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


_OPEN: list[TableService] = []     # closed after every test by conftest.py


async def make_service(where: Path | str, clock: Clock | None = None, seed: int = 7,
                       render: bool = False, hours: float = 24.0,
                       replace_hours: float = 48.0) -> TableService:
    """A service on the database at ``where`` (a SQLite path or a ``postgresql://`` URL)."""
    svc = await TableService.open(where, clock=clock or Clock(), render=render,
                                  seed_source=lambda: seed, reminder_hours=hours,
                                  replace_hours=replace_hours)
    _OPEN.append(svc)
    return svc


async def started(svc: TableService, humans: list[int], computers: int = 0,
                  channel: int = CH) -> None:
    """A started game at ``channel`` with these humans (first is host) and computers."""
    await svc.open_lobby(channel, GUILD, humans[0], NAMES[humans[0]], "navegador")
    for user in humans[1:]:
        await svc.join(channel, user, NAMES[user])
    for _ in range(computers):
        await svc.add_computer(channel, humans[0])
    await svc.start_game(channel, humans[0])


async def to_move(svc: TableService, channel: int = CH) -> tuple[int, int]:
    """(seat, user id) of the human the game waits for."""
    table = await svc.table(channel)
    assert table.state is not None
    seat = table.game.waiting_on(table.state)[0]
    user = table.seats[seat].user_id
    assert user is not None, "waiting on a computer after a command returned"
    return seat, user


async def put_state(svc: TableService, state: Any, channel: int = CH) -> None:
    """Make ``state`` the table's current state, stored as a snapshot at the current ply
    (the way a long game loads), so tests can start from any position — e.g. two states
    that differ only in hidden values."""
    table = await svc.table(channel)
    await svc.store.append_moves(table.row, [], svc.clock(),
                                 snapshot=(table.ply, table.game.dump(state)))
    svc.tables.forget(table.row.id)
