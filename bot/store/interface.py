"""The store's one narrow interface: games, seats, the move log, snapshots, preferences and
reminders. The table service talks to this and nothing else, so another database can
implement it (``bot.store.sqlite`` is the embedded default).

Guarantees every implementation keeps:

* each write is one transaction, and every write to a game first bumps the game's
  ``version`` where it still has the version the caller read (else ``StaleVersion``, and
  nothing is written) — two racing moves can never both land;
* the move log is append-only (undo drops a game's *last* moves; nothing is rewritten);
* a due reminder is handed out to one caller only (``claim_reminders``), for a lease.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

OPEN = ("lobby", "active")


class StoreError(Exception):
    """The database cannot be used; ``str(error)`` says what is wrong and what to do."""


class DiskFull(StoreError):
    """A write failed because the disk (or the database's size limit) is full. Nothing
    was written; the bot goes on and the write can be tried again when space returns."""


class StaleVersion(Exception):
    """The game changed since it was read; nothing was written."""


class ChannelBusy(Exception):
    """This channel already has an open game."""


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    seed: int | None
    players: int
    options: dict[str, Any]
    status: str
    version: int
    host_id: int | None
    board_message_id: int | None
    created: float
    updated: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None      # None: a computer seat
    name: str
    colour: str

    @property
    def human(self) -> bool:
        return self.user_id is not None


@dataclass(frozen=True)
class MoveRow:
    ply: int
    seat: int
    user_id: int | None
    notation: str            # what replays: the real move, secret or not
    reveals: bool = False
    summary: str = ""
    created: float = 0.0
    public: str = ""         # how the move shows in public ('' = its notation)

    @property
    def shown(self) -> str:
        """The move as the channel may see it."""
        return self.public or self.notation


@dataclass(frozen=True)
class ReminderRow:
    id: int
    user_id: int
    game_id: int
    due: float
    kind: str
    created: float = 0.0     # when the row was made: the user came to be waited on, or moved
                             # and is still waited on (``reminders`` only; claims leave it 0)


Snapshot = tuple[int, str]          # (ply, state as JSON)
Log = tuple[GameRow, list[SeatRow], Snapshot | None, list[MoveRow]]


class Store(Protocol):
    """What the table service needs from a database."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    # Games and seats
    async def open_game(self, channel_id: int) -> GameRow | None: ...

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The open game here (lobby or active), else the most recent one."""
        ...

    async def last_played(self, channel_id: int) -> GameRow | None:
        """The most recent game here that was started (under way, over or abandoned): a
        lobby closed unstarted is none."""
        ...

    async def game(self, game_id: int) -> GameRow | None: ...

    async def games_in_progress(self) -> list[GameRow]: ...

    async def finished_games(self, guild_id: int | None, channel_id: int,
                             limit: int) -> list[GameRow]: ...

    async def open_games_of(self, user_id: int) -> list[GameRow]: ...

    async def games_taken_over_from(self, user_id: int) -> list[GameRow]:
        """The open games in which a computer plays a seat that was ``user_id``'s."""
        ...

    async def waiting_since(self, user_id: int, game_ids: list[int]) -> dict[int, float]:
        """Game id -> since when that game has waited on ``user_id`` (its reminder row's
        ``created``), for the ``game_ids`` that have a row."""
        ...

    async def create_lobby(self, channel_id: int, guild_id: int | None, game: str,
                           host: SeatRow, now: float,
                           options: dict[str, Any] | None = None,
                           others: Sequence[SeatRow] = ()) -> GameRow:
        """A new lobby here with ``host`` in seat 0 and ``others`` after it (a rematch's
        computers), in one write; ChannelBusy if the channel has an open game."""
        ...

    async def update_game(self, game: GameRow, now: float, seats: list[SeatRow] | None = None,
                          clear_reminders: bool = False, **fields: Any) -> int: ...

    async def seats(self, game_id: int) -> list[SeatRow]: ...

    async def set_board_message(self, game_id: int, message_id: int) -> None: ...

    # The move log and snapshots
    async def read_log(self, game_id: int, upto: int | None = None) -> Log: ...

    async def append_moves(self, game: GameRow, moves: list[MoveRow], now: float, *,
                           snapshot: Snapshot | None = None, seats: list[SeatRow] | None = None,
                           waiting: Iterable[int] = (), mover: int | None = None,
                           follow_up: float = 86400.0, **fields: Any) -> int: ...

    async def truncate(self, game: GameRow, ply: int, now: float, *,
                       waiting: Iterable[int] = (), mover: int | None = None,
                       follow_up: float = 86400.0) -> int: ...

    async def moves(self, game_id: int, after: int = 0) -> list[MoveRow]: ...

    async def last_moves(self, game_id: int, count: int) -> list[MoveRow]: ...

    # Abandon votes and preferences
    async def vote_abandon(self, game_id: int, user_id: int, now: float) -> set[int]: ...

    async def prefs(self, user_id: int) -> tuple[bool, bool]: ...

    async def set_prefs(self, user_id: int, now: float, dms: bool | None = None,
                        dm_closed: bool | None = None) -> None: ...

    # Reminders
    async def claim_reminders(self, now: float, lease: float,
                              limit: int = 100) -> list[ReminderRow]: ...

    async def reminders(self, game_id: int | None = None) -> list[ReminderRow]: ...

    async def reschedule(self, reminder_id: int, due: float | None,
                         kind: str | None = None) -> None: ...
