"""The panel desk: a press on a turn panel, read back and carried out.

A press names a game, the version its panel was drawn at, the seat it was drawn for and
the item pressed (``bot.table.panels``). A group opens the choices under it; a choice is
played through the move desk exactly as if its notation had been typed, and only if the
game is still at that version — so an old panel is refused ("the board has moved on", with
the current choices offered instead), and of two fast presses only the first lands.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.moves import MoveDesk
from bot.table.panels import YOUR_MOVE, Panel, Panels, parse_ref, resolve
from bot.table.replies import MovedOn, RaceError, Reply, TableError
from bot.table.table import Table
from bot.table.tables import Tables

MOVED_ON = "The board has moved on since that panel was posted"
OVER = "That game is over; its panel no longer does anything. See `/score`."


@dataclass
class Outcome:
    """What a press came to: a ``panel`` to show the presser (privately, or in place of a
    private panel), a ``reply`` when a move was played (the board, as after a typed move),
    and a ``note`` for the presser alone. ``channel_id`` is the game's channel. With a
    ``reply``, ``panel`` is the presser's next choices when the game waits on them again
    (their turn goes on), for a private panel or a DM to carry on in place."""

    channel_id: int
    panel: Panel | None = None
    reply: Reply | None = None
    note: str = ""
    played: str = ""
    undo: int | None = None     # the game's version after the move, while the presser may
                                # still take it back (an "↩ Undo" button carries it)


class PanelDesk:
    def __init__(self, tables: Tables, moves: MoveDesk, panels: Panels) -> None:
        self.tables = tables
        self.moves = moves
        self.panels = panels

    async def _table(self, game_id: int) -> Table:
        row = await self.tables.store.game(game_id)
        if row is None:
            raise TableError("That panel belongs to a game I no longer have.")
        if row.status != "active":
            raise TableError(OVER if row.status == "finished" else
                             "That game was abandoned; its panel no longer does anything.")
        return await self.tables.load(row)

    async def press(self, game_id: int, version: int, seat: int | None, ref: str,
                    user_id: int) -> Outcome:
        """Carry out a press by ``user_id``. Raises TableError with a sentence when they may
        not act (not playing, not their turn: "waiting for …")."""
        table = await self._table(game_id)
        mine = self.moves.authorise(table, user_id)
        channel = table.row.channel_id
        parsed = parse_ref(ref)
        if parsed is None or version != table.row.version:
            return self.moved_on(table, mine)
        kind, position, check = parsed
        if kind == YOUR_MOVE:
            return Outcome(channel, self.panels.for_seat(table, mine))
        if seat is not None and seat != mine:
            return Outcome(channel, self.panels.for_seat(table, mine),
                           note=f"That panel is {table.names[seat]}'s; here are your choices.")
        if kind == "n":
            return Outcome(channel, self.panels.for_seat(table, mine, position))
        choice = resolve(self.panels.offer(table, mine), position, check)
        if choice is None:
            return self.moved_on(table, mine)
        try:
            reply = await self.moves.move(channel, user_id, str(choice.move),
                                          expect=(game_id, version))
        except (MovedOn, RaceError):
            table = await self._table(game_id)
            return self.moved_on(table, self.moves.authorise(table, user_id))
        try:        # the table after the move, read once for what the presser sees next
            after: Table | None = await self._table(game_id)
        except TableError:          # the move ended the game (or it is gone)
            after = None
        return Outcome(channel, reply=reply, played=" ".join(choice.path),
                       panel=self._still_yours(after, user_id),
                       undo=await self._undoable(after, user_id))

    async def _undoable(self, table: Table | None, user_id: int) -> int | None:
        """The game's version if its last move is ``user_id``'s and could be taken back
        (nothing came to light, nobody — a computer included — acted since): a misplaced
        tap on a phone is one more tap from undone."""
        if table is None:
            return None
        last = await self.tables.store.last_moves(table.row.id, 1)
        if not last or last[-1].user_id != user_id or last[-1].reveals:
            return None
        return table.row.version

    def _still_yours(self, table: Table | None, user_id: int) -> Panel | None:
        """The presser's choices now, if the game waits on them again: a turn of several
        steps then goes on where it was played, without another "Your move"."""
        if table is None:
            return None
        seat = table.seat_of(user_id)
        if seat is None or table.state is None or \
                seat not in table.game.waiting_on(table.state):
            return None
        return self.panels.for_seat(table, seat)

    def moved_on(self, table: Table, seat: int) -> Outcome:
        return Outcome(table.row.channel_id, self.panels.for_seat(table, seat),
                       note=f"{MOVED_ON} — here are your choices now.")

    async def open(self, game_id: int, user_id: int) -> Outcome:
        """"Your move": the caller's own choices, to show privately."""
        table = await self._table(game_id)
        seat = self.moves.authorise(table, user_id)
        return Outcome(table.row.channel_id, self.panels.for_seat(table, seat))
