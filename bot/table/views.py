"""The looking-around desk: the board again, the status, a player's own hand, the log and
the standings. Nothing here changes a game."""

from __future__ import annotations

from bot.table import words
from bot.table.lobby_desk import LobbyDesk
from bot.table.narrate import Narrator, next_line
from bot.table.replies import Reply, TableError
from bot.table.table import Table
from bot.table.tables import Tables


class ViewDesk:
    def __init__(self, tables: Tables, narrator: Narrator, lobby: LobbyDesk) -> None:
        self.tables = tables
        self.narrator = narrator
        self.lobby = lobby

    def _lobby(self, table: Table) -> Reply:
        """A lobby as it stands; one closed before its game started is not shown as open
        (its seats, 'the host can `/start`')."""
        if table.row.status == "lobby":
            return self.lobby.reply(table, "")
        raise TableError(f"The {table.game.title} lobby here was closed before its game "
                         f"started. Open a new one with {table.start_command}.")

    async def board(self, channel_id: int, user_id: int | None = None) -> Reply:
        """The board picture and a short status (the last game here once it is over)."""
        table = await self.tables.here(channel_id, latest=True)
        if table.state is None:
            return self._lobby(table)
        g = table.game
        last = await self.tables.store.last_moves(table.row.id, 1)
        head = f"**{g.title}** — {g.progress(table.state)}".rstrip(" —")
        lines = [f"{head} · last move: {table.names[last[0].seat]} `{last[0].shown}`" if last
                 else f"{head} · no moves yet."]
        if table.row.status == "abandoned":
            lines.append("This game was abandoned.")
        return await self.narrator.board_reply(table, lines, None, notify_next=False)

    async def status(self, channel_id: int) -> Reply:
        """Whose turn, what is pending, each player's resources (text only)."""
        table = await self.tables.here(channel_id, latest=True)
        if table.state is None:
            return self._lobby(table)
        text = words.name_seats(table.game.summary(table.state), table.names)
        variant = words.variant_line(table.game, table.row.options)
        text = f"{text}\n{variant}" if variant else text
        return Reply(text=words.clip(f"{text}\n{next_line(table)}"),
                     progress=table.game.progress(table.state))

    async def hand(self, channel_id: int, user_id: int) -> Reply:
        """The caller's own view, privately: what only they may see."""
        table = await self.tables.here(channel_id, latest=True)
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            raise TableError("You are not playing in this game.")
        text = words.name_seats(table.game.private_text(table.state, seat), table.names)
        return Reply(text=words.clip(f"{table.game.title} · {table.seats[seat].colour}\n{text}"),
                     ephemeral=True)

    async def log(self, channel_id: int, last: int = 15) -> Reply:
        """The last ``last`` moves, with player names, as the channel may see them."""
        table = await self.tables.here(channel_id, latest=True)
        moves = await self.tables.store.last_moves(table.row.id, max(1, min(last, 100)))
        if not moves:
            return Reply(text="No moves yet.", ephemeral=True)
        now = ""
        if table.state is not None and table.game.progress(table.state):
            now = f" (now: {table.game.progress(table.state)})"
        # the newest moves that fit in one message, oldest first; the count says how many
        lines: list[str] = []
        room = words.DISCORD_LIMIT - len(now) - 40
        used = -1                       # the characters of "\n".join(lines)
        for m in reversed(moves):
            icon = "🤖 " if m.user_id is None else ""
            detail = m.summary.replace("\n", " ")
            line = (f"• {icon}{table.names[m.seat]}: `{m.shown}`"
                    + (f" — {detail}" if detail else ""))
            if lines and used + 1 + len(line) > room:
                break
            lines.insert(0, line)
            used += 1 + len(line)
        head = f"**Last {len(lines)} moves**" if len(lines) != 1 else "**Last move**"
        return Reply(text=words.clip("\n".join([head + now, *lines])))

    async def score(self, channel_id: int) -> Reply:
        """Current standings with the per-category breakdown (final result once over)."""
        table = await self.tables.here(channel_id, latest=True)
        if table.state is None:
            raise TableError("The game has not started yet.")
        g = table.game
        final = g.result(table.state)
        result = final or g.standings(table.state)
        if result is None:
            raise TableError(f"{g.title} keeps no running score; see `/status`.")
        return Reply(text=words.standings_text(result, table.names, final is not None,
                                               table.start_command))
