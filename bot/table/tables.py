"""Loading and committing tables over one store: the state cache, snapshots, the version
check, and the computer seats' replies. Every desk of the table service works through
one ``Tables``.

A load is a cached state when the stored version still matches, else the latest snapshot
plus a replay of the moves after it. A commit appends every ply of a command — the
player's and the computers' — in one version-checked transaction.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from bot.store import DiskFull, GameRow, MoveRow, SeatRow, StaleVersion, Store
from bot.table import words
from bot.table.computers import level_of, rules_options
from bot.table.replies import RaceError, TableError
from bot.table.table import Table
from bot.table.thinkers import Request, Thinkers, ThreadThinkers
from rules import Event, Game, RulesError, get_game

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 20     # plies between snapshots: a load replays at most about this many
CACHE_SIZE = 512        # tables whose state is kept in memory
DISK_FULL = ("The bot's disk is full, so nothing could be saved and nothing changed. "
             "Please tell whoever runs the bot; try again once there is space.")


@dataclass(frozen=True)
class Play:
    """One ply about to be logged: who, the notation that replays it, what happened, and
    how it shows in public when its notation is secret."""

    seat: int
    user: int | None
    notation: str
    events: list[Event] = field(default_factory=list)
    public: str = ""

    @property
    def shown(self) -> str:
        return self.public or self.notation


def no_game(last: GameRow | None = None) -> str:
    """Why there is nothing to play here; a game that just ended says so, rather than
    leave its players wondering where it went."""
    start = f"with {words.start_hint()}, then friends `/join`."
    if last is not None and last.status == "finished":
        return (f"The {get_game(last.game).title} game in this channel is over (`/score` "
                f"shows the final scores, `/log` its last moves). Start a new one {start}")
    if last is not None and last.status == "abandoned":
        return (f"The {get_game(last.game).title} game in this channel was abandoned. "
                f"Start a new one {start}")
    return f"There is no game in this channel. Start one {start}"


class Tables:
    def __init__(self, store: Store, clock: Callable[[], float], follow_up: float,
                 cache_size: int = CACHE_SIZE, think: float | None = None,
                 thinkers: Thinkers | None = None) -> None:
        self.store = store
        self.clock = clock
        self.follow_up = follow_up
        self.cache_size = cache_size
        self.think = think            # a strong computer's seconds per decision (None: 1)
        self.thinkers = thinkers or ThreadThinkers()
        self._cache: OrderedDict[int, tuple[int, int, BaseModel, list[SeatRow]]] = OrderedDict()
        self._thinking: dict[int, int] = {}     # game id -> computer turns being thought now

    # Loading -------------------------------------------------------------------------

    async def here(self, channel_id: int, latest: bool = False) -> Table:
        """The channel's open game (with ``latest``: else its most recent one)."""
        row = await (self.store.latest_game(channel_id) if latest
                     else self.store.open_game(channel_id))
        if row is None:
            # only on the way to a refusal: which game this channel had, if any
            raise TableError(no_game(None if latest else
                                     await self.store.latest_game(channel_id)))
        return await self.load(row)

    async def active(self, channel_id: int) -> Table:
        """The channel's game, which must have started."""
        table = await self.here(channel_id)
        if table.row.status == "lobby":
            low, high = table.game.player_range(table.row.options)
            raise TableError(
                f"The {table.game.title} game has not started yet: the host can `/start` once "
                f"{low}–{high} players are seated.")
        return table

    async def load(self, row: GameRow) -> Table:
        g = get_game(row.game)
        if row.status == "lobby" or row.seed is None:
            return Table(row, await self.store.seats(row.id), g)
        cached = self._cache.get(row.id)
        if cached and cached[0] == row.version:
            self._cache.move_to_end(row.id)
            return Table(row, list(cached[3]), g, cached[2], cached[1])
        row, seats, snap, moves = await self.store.read_log(row.id)
        ply, state = self.replay(g, row, snap, moves)
        self.remember(row.id, row.version, ply, state, seats)
        return Table(row, seats, g, state, ply)

    @staticmethod
    def replay(g: Game, row: GameRow, snap: tuple[int, str] | None,
               moves: list[MoveRow]) -> tuple[int, BaseModel]:
        if snap:
            ply, state = snap[0], g.load(snap[1])
        else:
            ply, state = 0, g.setup(row.players, row.seed or 0, rules_options(row.options))
        for m in moves:
            try:
                state, _ = g.play(state, m.seat, m.notation)
            except RulesError as exc:
                log.error("game %s: move %s %r does not replay: %s", row.id, m.ply,
                          m.notation, exc)
                raise TableError(f"I could not load this game: its move {m.ply} no longer "
                                 "replays. Please tell whoever runs the bot.") from exc
            ply = m.ply
        return ply, state

    def remember(self, game_id: int, version: int, ply: int, state: BaseModel,
                 seats: list[SeatRow]) -> None:
        self._cache[game_id] = (version, ply, state, list(seats))
        self._cache.move_to_end(game_id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    # Writing -------------------------------------------------------------------------

    async def commit(self, table: Table, plays: list[Play], state: BaseModel, *,
                     mover: int | None, seats: list[SeatRow] | None = None,
                     **fields: Any) -> Table:
        """Append ``plays`` (ending in ``state``) and any changed game fields at once."""
        g = table.game
        names = [s.name for s in (seats or table.seats)]
        rows = [MoveRow(ply=table.ply + i + 1, seat=p.seat, user_id=p.user,
                        notation=p.notation, reveals=any(e.reveals for e in p.events),
                        summary="\n".join(words.event_line(e, names) for e in p.events
                                          if not e.private),
                        public=p.public if p.public != p.notation else "")
                for i, p in enumerate(plays)]
        ply = table.ply + len(rows)
        if not g.to_act(state):
            fields["status"] = "finished"
        snapshot = None
        if rows and ply // SNAPSHOT_EVERY > table.ply // SNAPSHOT_EVERY:
            snapshot = (ply, g.dump(state))
        new_seats = seats or table.seats
        waiting = [new_seats[s].user_id for s in g.waiting_on(state)
                   if new_seats[s].user_id is not None]
        try:
            version = await self.store.append_moves(
                table.row, rows, self.clock(), snapshot=snapshot, seats=seats,
                waiting=waiting, mover=mover, follow_up=self.follow_up, **fields)
        except StaleVersion:
            self.forget(table.row.id)
            raise await self.race(table.row.channel_id) from None
        except DiskFull:
            raise TableError(DISK_FULL) from None
        self.remember(table.row.id, version, ply, state, new_seats)
        row = replace(table.row, version=version, updated=self.clock(), **fields)
        return Table(row, new_seats, g, state, ply)

    async def update(self, table: Table, **changes: Any) -> None:
        """A version-checked change to the game row (status, seats, ...)."""
        try:
            await self.store.update_game(table.row, self.clock(), **changes)
        except StaleVersion:
            raise TableError("The table changed at that very moment — please try "
                             "again.") from None
        except DiskFull:
            raise TableError(DISK_FULL) from None
        finally:
            self.forget(table.row.id)

    async def race(self, channel_id: int) -> RaceError:
        from bot.table.narrate import next_line

        try:
            table = await self.here(channel_id, latest=True)
            now = next_line(table) if table.state is not None else ""
        except TableError:
            now = ""
        return RaceError("Someone moved first — here is the board now."
                         + (f"\n{now}" if now else "")
                         + "\nIf your move still fits, send it again.")

    # Computer seats ------------------------------------------------------------------

    def thinking(self, game_id: int) -> bool:
        """Are computer seats of this game thinking about a move in this process now?"""
        return game_id in self._thinking

    async def computers(self, table: Table, state: BaseModel) -> tuple[list[Play], BaseModel]:
        """The computer seats' moves from ``state`` until a human must act, each at its
        seat's level. They think in ``thinkers`` (worker processes, or a thread), so other
        tables keep moving; ``thinking`` tells meanwhile."""
        g = table.game
        seats, options = table.seats, table.row.options
        if not any(not seats[s].human for s in g.waiting_on(state)):
            return [], state
        computers = frozenset(s for s, seat in enumerate(seats) if not seat.human)
        game_id = table.row.id
        self._thinking[game_id] = self._thinking.get(game_id, 0) + 1
        try:
            steps = await self.thinkers.play(Request(
                table.row.game, state, computers, table.row.seed or 0, table.ply,
                {s: level_of(options, seats[s].name) for s in computers}, self.think))
        finally:
            self._thinking[game_id] -= 1
            if not self._thinking[game_id]:
                del self._thinking[game_id]
        plays = [Play(seat, None, str(move), events, g.public_text(before, seat, move))
                 for (seat, move, _, events), before
                 in zip(steps, [state, *(s[2] for s in steps)], strict=False)]
        return plays, (steps[-1][2] if steps else state)
