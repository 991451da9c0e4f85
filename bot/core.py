"""The core of the table service (``bot.service.TableService``): loading, authorising,
committing, computer seats, pictures and the words of replies.

A move: load (cached state, or snapshot + replay of later moves) -> authorise -> parse ->
apply -> computer seats play until a human must act -> append everything in one
version-checked transaction -> render off the event loop -> reply.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Self

from pydantic import BaseModel

from bot import lobby, texts
from bot.computer import play_computers
from bot.pictures import render_picture
from bot.reminders import waiting_on
from bot.replies import RaceError, Reply, TableError
from bot.store import GameRow, MoveRow, SeatRow, StaleVersion, Store
from bot.table import Table
from rules import Event, Game, Move, RulesError, get_game

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 20     # plies between snapshots: a load replays at most about this many
CACHE_SIZE = 512
Play = tuple[int, int | None, str, list[Event]]   # seat, user id, notation, events

NO_GAME = ("There is no game in this channel. Start one with `/navegador start`, "
           "then friends `/join`.")


class TableCore:
    """State and plumbing shared by the command groups of ``TableService``."""

    def __init__(self, store: Store, *, clock: Callable[[], float] | None = None,
                 reminder_hours: float = 24.0, render: bool = True,
                 seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.clock = clock or time.time
        self.follow_up = reminder_hours * 3600.0
        self.render = render
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**31))
        self._cache: OrderedDict[int, tuple[int, int, BaseModel, list[SeatRow]]] = OrderedDict()

    @classmethod
    async def open(cls, db_path: str | Path, **kwargs: Any) -> Self:
        """Open (and migrate) the SQLite store at ``db_path`` and return a service on it."""
        return cls(await Store.open(db_path), **kwargs)

    async def close(self) -> None:
        """Close the store."""
        await self.store.close()

    # Loading -------------------------------------------------------------------------

    async def _table(self, channel_id: int, latest: bool = False) -> Table:
        row = await (self.store.latest_game(channel_id) if latest
                     else self.store.open_game(channel_id))
        if row is None:
            raise TableError(NO_GAME)
        return await self._load(row)

    async def _load(self, row: GameRow) -> Table:
        g = get_game(row.game)
        if row.status == "lobby" or row.seed is None:
            return Table(row, await self.store.seats(row.id), g)
        cached = self._cache.get(row.id)
        if cached and cached[0] == row.version:
            self._cache.move_to_end(row.id)
            return Table(row, list(cached[3]), g, cached[2], cached[1])
        row, seats, snap, moves = await self.store.read_log(row.id)
        ply, state = self._replay(g, row, snap, moves)
        self._remember(row.id, row.version, ply, state, seats)
        return Table(row, seats, g, state, ply)

    @staticmethod
    def _replay(g: Game, row: GameRow, snap: tuple[int, str] | None,
                moves: list[MoveRow]) -> tuple[int, BaseModel]:
        if snap:
            ply, state = snap[0], g.load(snap[1])
        else:
            ply, state = 0, g.setup(row.players, row.seed or 0, row.options)
        for m in moves:
            try:
                state, _ = g.play(state, m.seat, m.notation)
            except RulesError as exc:
                log.error("game %s: move %s %r does not replay: %s", row.id, m.ply,
                          m.notation, exc)
                raise TableError(f"I could not load this game: its move {m.ply} "
                                 f"(`{m.notation}`) no longer replays. Please tell whoever "
                                 "runs the bot.") from exc
            ply = m.ply
        return ply, state

    def _remember(self, game_id: int, version: int, ply: int, state: BaseModel,
                  seats: list[SeatRow]) -> None:
        self._cache[game_id] = (version, ply, state, list(seats))
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def table(self, channel_id: int) -> Table:
        """The channel's open game (else its latest) as loaded: row, seats, state, ply.
        For tools and tests; adapters use the commands below."""
        return await self._table(channel_id, latest=True)

    async def _active(self, channel_id: int) -> Table:
        table = await self._table(channel_id)
        if table.row.status == "lobby":
            raise TableError(
                f"The {table.game.title} game has not started yet: the host can `/start` once "
                f"{table.game.min_players}–{table.game.max_players} players are seated.")
        return table

    # Writing -------------------------------------------------------------------------

    async def _commit(self, table: Table, plays: list[Play], state: BaseModel, *,
                      mover: int | None, seats: list[SeatRow] | None = None,
                      **fields: Any) -> Table:
        g = table.game
        rows = [MoveRow(ply=table.ply + i + 1, seat=seat, user_id=user, notation=notation,
                        reveals=any(e.reveals for e in events),
                        summary="\n".join(texts.event_line(e, table.names) for e in events))
                for i, (seat, user, notation, events) in enumerate(plays)]
        ply = table.ply + len(rows)
        if not g.to_act(state):
            fields["status"] = "finished"
        snapshot = None
        if rows and ply // SNAPSHOT_EVERY > table.ply // SNAPSHOT_EVERY:
            snapshot = (ply, g.dump(state))
        new_seats = seats or table.seats
        waiting = [new_seats[s].user_id for s in waiting_on(g, state)
                   if new_seats[s].user_id is not None]
        try:
            version = await self.store.append_moves(
                table.row, rows, self.clock(), snapshot=snapshot, seats=seats,
                waiting=waiting, mover=mover, follow_up=self.follow_up, **fields)
        except StaleVersion:
            self._cache.pop(table.row.id, None)
            raise await self._race(table.row.channel_id) from None
        self._remember(table.row.id, version, ply, state, new_seats)
        row = replace(table.row, version=version, updated=self.clock(), **fields)
        return Table(row, new_seats, g, state, ply)

    async def _update(self, table: Table, **changes: Any) -> None:
        """A version-checked change to the game row (status, seats, ...)."""
        try:
            await self.store.update_game(table.row, self.clock(), **changes)
        except StaleVersion:
            raise TableError("The table changed at that very moment — please try "
                             "again.") from None
        finally:
            self._cache.pop(table.row.id, None)

    async def _race(self, channel_id: int) -> RaceError:
        try:
            table = await self._table(channel_id, latest=True)
            now = self._next_line(table) if table.state is not None else ""
        except TableError:
            now = ""
        return RaceError("Someone moved first — here is the board now."
                         + (f"\n{now}" if now else "")
                         + "\nIf your move still fits, send it again.")

    async def _picture(self, table: Table) -> bytes | None:
        if not self.render or table.state is None:
            return None
        return await render_picture(table.game.view(table.state, None), table.names,
                                    [lobby.PALETTE.get(s.colour, s.colour) for s in table.seats])

    # Words ---------------------------------------------------------------------------

    def _play_lines(self, table: Table, plays: list[Play]) -> list[str]:
        lines: list[str] = []
        i = 0
        while i < len(plays):
            seat, user = plays[i][0], plays[i][1]
            group = [plays[i]]
            while i + len(group) < len(plays) and plays[i + len(group)][:2] == (seat, user):
                group.append(plays[i + len(group)])
            icon = "🤖 " if user is None else ""
            notations = " · ".join(f"`{p[2]}`" for p in group)
            lines.append(f"{icon}{texts.bold(table.names[seat])}: {notations}")
            lines += [f"• {texts.event_line(e, table.names)}" for p in group for e in p[3]]
            i += len(group)
        return lines

    def _next_line(self, table: Table) -> str:
        g, state = table.game, table.state
        assert state is not None
        result = g.result(state)
        if result is not None:
            return texts.result_text(result, table.names)
        seats = waiting_on(g, state)
        who = texts.join_names([texts.bold(table.names[s]) for s in seats])
        prompt = getattr(g, "prompt", lambda s: "your move")(state)
        hint = ""
        if getattr(state, "step", "") == "start":
            hint = " — e.g. `/hire 2`, `/sail POR>GUI x2`, `/build sugar`"
        return f"➡️ Next: {who}: {prompt}{hint}."

    def _notify(self, table: Table, mover: int | None = None) -> list[int]:
        assert table.state is not None
        users = [table.seats[s].user_id for s in waiting_on(table.game, table.state)]
        return [u for u in users if u is not None and u != mover]

    async def _board_reply(self, table: Table, lines: list[str], mover: int | None,
                           notify: bool = True) -> Reply:
        lines = [*lines, self._next_line(table)]
        return Reply(text=texts.clip("\n".join(lines)), image=await self._picture(table),
                     notify=self._notify(table, mover) if notify else [])

    # Moves (shared) ---------------------------------------------------------------------------

    def _computers(self, table: Table, state: BaseModel) -> tuple[list[Play], BaseModel]:
        g = table.game
        steps = play_computers(
            g, state, lambda s: not table.seats[s].human, lambda st: waiting_on(g, st),
            table.row.seed or 0, table.ply)
        plays = [(seat, None, str(move), events) for seat, move, _, events in steps]
        return plays, (steps[-1][2] if steps else state)

    def _authorise(self, table: Table, user_id: int) -> int:
        assert table.state is not None
        seat = table.seat_of(user_id)
        if seat is None:
            playing = texts.join_names([s.name for s in table.seats])
            raise TableError(f"You are not playing in this game ({playing} are). You can "
                             "watch with `/board`, or start your own table in another channel.")
        g = table.game
        if not g.to_act(table.state):
            raise TableError("This game is over. See `/score`, or start a new one with "
                             "`/navegador start`.")
        if seat not in g.to_act(table.state):
            names = texts.join_names([table.names[s] for s in waiting_on(g, table.state)])
            raise TableError(f"It is not your turn: waiting for {names}. I'll DM you when "
                             "it is your turn (unless you turned that off with `/notify off`).")
        return seat

    def _notation(self, table: Table, seat: int, move: Move, typed: str) -> str:
        """The text to log: the canonical notation when it reads back as the same move
        (so the log replays exactly), else what the player typed."""
        assert table.state is not None
        try:
            if table.game.parse(table.state, seat, str(move)) == move:
                return str(move)
        except RulesError:
            pass
        log.warning("notation %r does not read back as the move; logging %r", str(move), typed)
        return typed

