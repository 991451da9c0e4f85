"""Lobby commands of the table service: open, join, leave, add a computer, start."""

from __future__ import annotations

from typing import Any

from bot import lobby
from bot.core import TableCore
from bot.replies import Reply, TableError
from bot.store import ChannelBusy, SeatRow, StaleVersion
from bot.table import Table
from rules import game_names, get_game


class LobbyCommands(TableCore):
    def _lobby_reply(self, table: Table, first: str) -> Reply:
        g = table.game
        host = next((s.name for s in table.seats if s.user_id == table.row.host_id), "nobody")
        body = lobby.lobby_text(g.title, table.seats, host, g.min_players, g.max_players)
        return Reply(text=f"{first}\n{body}" if first else body,
                     lobby=lobby.lobby_view(table.row, table.seats, g.min_players,
                                            g.max_players))

    async def _lobby(self, channel_id: int) -> Table:
        row = await self.store.open_game(channel_id)
        if row is None:
            raise TableError("There is no lobby in this channel. Open one with "
                             "`/navegador start`.")
        if row.status != "lobby":
            raise TableError("A game is already being played here. Watch it with `/board`, or "
                             "open a new lobby in another channel or thread.")
        return await self._load(row)

    async def _save_lobby(self, table: Table, seats: list[SeatRow], **fields: Any) -> Table:
        seats = [SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(seats)]
        try:
            await self.store.update_game(table.row, self.clock(), seats=seats,
                                         players=len(seats), **fields)
        except StaleVersion:
            raise TableError("The lobby changed at the same moment — please try again.") from None
        row = await self.store.game(table.row.id)
        assert row is not None
        return await self._load(row)

    async def open_lobby(self, channel_id: int, guild_id: int | None, user_id: int,
                         user_name: str, game: str = "navegador",
                         colour: str | None = None) -> Reply:
        """Open a lobby for ``game`` here with the caller seated as host."""
        try:
            g = get_game(game)
        except KeyError:
            raise TableError(f"I don't know the game {game!r}. Games: "
                             f"{', '.join(game_names())}.") from None
        existing = await self.store.open_game(channel_id)
        if existing is not None:
            what = "lobby" if existing.status == "lobby" else "game"
            raise TableError(f"This channel already has a {get_game(existing.game).title} "
                             f"{what}. `/join` it, or open a new one in another channel "
                             "or thread (one game per channel).")
        seat = SeatRow(0, user_id, user_name, lobby.pick_colour([], colour))
        try:
            row = await self.store.create_lobby(channel_id, guild_id, g.name, seat, self.clock())
        except ChannelBusy:
            raise TableError("Someone opened a game here at the same moment: `/join` it.") from None
        return self._lobby_reply(await self._load(row),
                                 f"{user_name} opened a {g.title} table. Who sails along?")

    async def join(self, channel_id: int, user_id: int, user_name: str,
                   colour: str | None = None) -> Reply:
        """Take a seat in this channel's lobby (optionally choosing a colour)."""
        table = await self._lobby(channel_id)
        if table.seat_of(user_id) is not None:
            raise TableError("You already have a seat at this table. Wait for the host to "
                             "`/start`, or `/leave`.")
        g = table.game
        if len(table.seats) >= g.max_players:
            raise TableError(f"The table is full ({g.max_players} players). Open another "
                             "table in a different channel or thread.")
        seat = SeatRow(len(table.seats), user_id, user_name,
                       lobby.pick_colour(table.seats, colour))
        table = await self._save_lobby(table, [*table.seats, seat])
        return self._lobby_reply(table, f"{user_name} joined as {seat.colour}.")

    async def leave(self, channel_id: int, user_id: int) -> Reply:
        """Leave the lobby (before the start). The host role passes on."""
        table = await self._table(channel_id)
        if table.row.status != "lobby":
            raise TableError("The game has started: use `/resign` to hand your seat to a "
                             "computer player.")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("You are not seated at this table.")
        name = table.seats[seat].name
        rest = [s for s in table.seats if s.user_id != user_id]
        humans = [s for s in rest if s.human]
        if not humans:
            await self._update(table, status="abandoned")
            return Reply(text=f"{name} left and the table is empty, so the lobby is closed. "
                              "Open a new one with `/navegador start`.")
        host = table.row.host_id
        if host == user_id:
            host = humans[0].user_id
        table = await self._save_lobby(table, rest, host_id=host)
        return self._lobby_reply(table, f"{name} left the table.")

    async def add_computer(self, channel_id: int, user_id: int) -> Reply:
        """A seated player adds a computer player to the lobby."""
        table = await self._lobby(channel_id)
        if table.seat_of(user_id) is None:
            raise TableError("Only players seated at this table can add a computer player. "
                             "`/join` first.")
        if len(table.seats) >= table.game.max_players:
            raise TableError(f"The table is full ({table.game.max_players} players).")
        seat = SeatRow(len(table.seats), None, lobby.computer_name(table.seats),
                       lobby.pick_colour(table.seats, None))
        table = await self._save_lobby(table, [*table.seats, seat])
        return self._lobby_reply(table, f"{seat.name} takes a seat as {seat.colour}.")

    async def start_game(self, channel_id: int, user_id: int) -> Reply:
        """The host starts: seed chosen, seats shuffled; the reply has the first board."""
        table = await self._lobby(channel_id)
        g = table.game
        if user_id != table.row.host_id:
            host = next((s.name for s in table.seats if s.user_id == table.row.host_id), "")
            raise TableError(f"Only the host{' ' + host if host else ''} can start the game.")
        if len(table.seats) < g.min_players:
            raise TableError(
                f"{g.title} needs at least {g.min_players} players and {len(table.seats)} "
                f"{'is' if len(table.seats) == 1 else 'are'} seated. Ask a friend to `/join`, "
                "or add a computer player.")
        seed = self.seed_source()
        seats = lobby.shuffled(table.seats, seed)
        state = g.setup(len(seats), seed, table.row.options)
        # The rules draw the start player; list the seats in turn order from there.
        first = (g.to_act(state) or [0])[0]
        table = Table(table.row, seats, g, state, 0)
        plays, state = self._computers(table, state)
        table = await self._commit(table, plays, state, mover=None, seats=seats,
                                   status="active", seed=seed, players=len(seats))
        turn_order = seats[first:] + seats[:first]
        order = [f"{i + 1}. {s.name} — {s.colour}" + (" (starts)" if i == 0 else "")
                 for i, s in enumerate(turn_order)]
        lines = [f"⚓ **{g.title}** begins! Seats and start player drawn at random "
                 "(play goes in this order):",
                 *order,
                 *self._play_lines(table, plays)]
        return await self._board_reply(table, lines, None)

    def colour_names(self) -> list[str]:
        """The colour palette (colour-blind safe), for autocomplete on /join."""
        return lobby.colour_names()

