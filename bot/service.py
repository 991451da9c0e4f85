"""The table service: the one path every command takes (see docs/bot.md).

Adapters (Discord, the terminal) call these async methods and nothing else. Each returns a
:class:`~bot.replies.Reply` or raises :class:`~bot.replies.TableError`, whose text is a
sentence for the user (send it privately). ``channel_id`` / ``user_id`` are ints
(a thread is a channel); ``user_name`` is a display name.

A move: load (cached state, or snapshot + replay of later moves) -> authorise -> parse ->
apply -> computer seats play until a human must act -> append everything in one
version-checked transaction -> render off the event loop -> reply.
"""

from __future__ import annotations

import logging
from datetime import datetime

from bot import lobby, texts
from bot.core import Play
from bot.lobby_commands import LobbyCommands
from bot.reminders import LEASE, RETRY, board_link, reminder_text, since_last_turn, waiting_on
from bot.replies import Reminder, Reply, TableError
from bot.store import MoveRow, SeatRow, StaleVersion
from bot.table import Table
from bot.verbs import suggest, with_verb
from rules import RulesError, game_names, get_game

log = logging.getLogger(__name__)

UNDO_LOOKBACK = 400     # moves looked at for an undo (computer runs can be long)


class TableService(LobbyCommands):
    """Lobbies, moves, computer seats, undo, reminders — over one store.

    Construct with ``await TableService.open(db_path, reminder_hours=24)``; lobby commands
    come from :class:`~bot.lobby_commands.LobbyCommands`."""

    # Moves ---------------------------------------------------------------------------

    async def move(self, channel_id: int, user_id: int, text: str,
                   verb: str | None = None) -> Reply:
        """Play ``text`` (a whole turn or one decision). ``verb`` is the slash command used
        ("hire", "ships", "sail", "colony", "build", "market", "privilege",
        "navegador-card", "king"; None for /move) and prefixes bare parameters."""
        table = await self._active(channel_id)
        seat = self._authorise(table, user_id)
        g, state = table.game, table.state
        assert state is not None
        typed = with_verb(state, verb, text)
        try:
            move = g.parse(state, seat, typed)
            after, events = g.apply(state, seat, move)
        except RulesError as exc:
            raise TableError(f"{texts.name_seats(str(exc), table.names)}"
                             f"\n(You sent `{typed}`; nothing was changed.)") from None
        plays: list[Play] = [(seat, user_id, self._notation(table, seat, move, typed),
                              events)]
        more, after = self._computers(Table(table.row, table.seats, g, after, table.ply + 1),
                                      after)
        plays += more
        table = await self._commit(table, plays, after, mover=user_id)
        return await self._board_reply(table, self._play_lines(table, plays), user_id)

    async def suggestions(self, channel_id: int, user_id: int, verb: str | None,
                          typed: str) -> list[tuple[str, str]]:
        """Autocomplete: up to 25 (value, label) pairs from the legal moves. ``value`` is a
        full notation that ``move(..., verb)`` accepts back as ``text``. Empty when the
        caller may not act."""
        try:
            table = await self._active(channel_id)
            seat = self._authorise(table, user_id)
        except TableError:
            return []
        assert table.state is not None
        return suggest(table.game, table.state, seat, verb, typed)

    # Table ---------------------------------------------------------------------------

    async def board(self, channel_id: int, user_id: int | None = None) -> Reply:
        """The board picture and a short status (the last game here once it is over)."""
        table = await self._table(channel_id, latest=True)
        if table.state is None:
            return self._lobby_reply(table, "")
        last = await self.store.last_moves(table.row.id, 1)
        lines = [f"**{table.game.title}** — move {table.ply}, last: "
                 f"{table.names[last[0].seat]} `{last[0].notation}`" if last
                 else f"**{table.game.title}** — no moves yet."]
        if table.row.status == "abandoned":
            lines.append("This game was abandoned.")
        return await self._board_reply(table, lines, None, notify=False)

    async def status(self, channel_id: int) -> Reply:
        """Whose turn, what is pending, each player's resources (text only)."""
        table = await self._table(channel_id, latest=True)
        if table.state is None:
            return self._lobby_reply(table, "")
        text = texts.name_seats(table.game.summary(table.state), table.names)
        return Reply(text=texts.clip(f"{text}\n{self._next_line(table)}"))

    async def hand(self, channel_id: int, user_id: int) -> Reply:
        """The caller's own sheet, privately (Navegador has no hidden hand)."""
        table = await self._active(channel_id)
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            raise TableError("You are not playing in this game.")
        view = table.game.view(table.state, seat)
        sheet = view.sheets[seat]  # type: ignore[attr-defined]
        def listing(counts: dict[str, int]) -> str:
            return ", ".join(f"{k} {v}" for k, v in counts.items() if v) or "none"

        lines = [f"Your sheet ({table.seats[seat].colour}) — nothing in Navegador is hidden:",
                 f"💰 {sheet.cash} Cr · 👷 {sheet.workers} workers · ⛵ ships "
                 f"{listing(sheet.ships)} ({sheet.supply} in supply)",
                 f"🏭 factories {listing(sheet.factories)}"
                 + (f" + {sheet.orange} orange" if sheet.orange else "")
                 + f" · shipyards {sheet.shipyards} · churches {sheet.churches}",
                 f"🏝️ colonies {listing(sheet.colonies)} · explorers {sheet.explorers}",
                 f"📜 privileges {listing(sheet.privileges)} · {sheet.score} VP if the game "
                 "ended now"]
        return Reply(text="\n".join(lines), ephemeral=True)

    async def log(self, channel_id: int, last: int = 15) -> Reply:
        """The last ``last`` moves, with player names."""
        table = await self._table(channel_id, latest=True)
        moves = await self.store.last_moves(table.row.id, max(1, min(last, 100)))
        if not moves:
            return Reply(text="No moves yet.", ephemeral=True)
        lines = [f"**Last {len(moves)} moves**" if len(moves) != 1 else "**Last move**"]
        for m in moves:
            icon = "🤖 " if m.user_id is None else ""
            detail = m.summary.replace("\n", " ")
            lines.append(f"{m.ply}. {icon}{table.names[m.seat]}: `{m.notation}`"
                         + (f" — {detail}" if detail else ""))
        return Reply(text=texts.clip("\n".join(lines)))

    async def score(self, channel_id: int) -> Reply:
        """Current standings with the per-category breakdown (final result once over)."""
        table = await self._table(channel_id, latest=True)
        if table.state is None:
            raise TableError("The game has not started yet.")
        result = table.game.result(table.state)
        if result is not None:
            return Reply(text=texts.result_text(result, table.names))
        view = table.game.view(table.state, None)
        sheets = sorted(view.sheets, key=lambda p: -p.score)  # type: ignore[attr-defined]
        lines = ["**Standings if the game ended now** (before the King's privilege)"]
        for rank, p in enumerate(sheets, 1):
            parts = texts.breakdown_text(p.breakdown)
            lines.append(f"{rank}. {texts.bold(table.names[p.seat])} — {p.score} VP"
                         + (f" ({parts})" if parts else ""))
        return Reply(text="\n".join(lines))

    async def undo(self, channel_id: int, user_id: int) -> Reply:
        """Take back the caller's last move while nobody else has acted since and it
        revealed nothing. Computer moves that followed it are taken back too."""
        table = await self._active(channel_id)
        if table.seat_of(user_id) is None:
            raise TableError("You are not playing in this game.")
        moves = await self.store.last_moves(table.row.id, UNDO_LOOKBACK)
        drop: list[MoveRow] = []
        for m in reversed(moves):
            drop.append(m)
            if m.user_id is not None:
                break
        mine = drop[-1] if drop and drop[-1].user_id is not None else None
        if mine is None or not any(m.user_id == user_id for m in moves):
            raise TableError("You have not moved yet in this game, so there is nothing to undo. "
                             "(A move cannot be taken back once the next player has acted.)")
        if mine.user_id != user_id:
            who = table.names[mine.seat]
            raise TableError(f"{who} has moved since your last move, so it cannot be taken "
                             "back (undo only works until the next player acts).")
        if mine.reveals:
            raise TableError("Your move brought hidden information to light (a colony stack "
                             "was turned face up), so it cannot be taken back.")
        if any(m.reveals for m in drop):
            who = table.names[next(m.seat for m in drop if m.reveals)]
            raise TableError(f"{who} turned a colony stack face up after your move, so it "
                             "cannot be taken back.")
        target = mine.ply - 1
        row, seats, snap, log_moves = await self.store.read_log(table.row.id, upto=target)
        _, state = self._replay(table.game, row, snap, log_moves)
        back = Table(table.row, table.seats, table.game, state, target)
        waiting = [u for u in self._notify(back) if u is not None]
        if table.seat_of(user_id) in waiting_on(table.game, state):
            waiting.append(user_id)
        try:
            version = await self.store.truncate(table.row, target, self.clock(),
                                                waiting=waiting, mover=user_id,
                                                follow_up=self.follow_up)
        except StaleVersion:
            self._cache.pop(table.row.id, None)
            raise await self._race(channel_id) from None
        self._remember(table.row.id, version, target, state, table.seats)
        table = await self._table(channel_id)
        extra = len(drop) - 1
        lines = [f"↩️ {table.names[mine.seat]} took back `{mine.notation}`"
                 + (f" (and {extra} computer move{'s' if extra > 1 else ''} after it)"
                    if extra else "") + "."]
        return await self._board_reply(table, lines, user_id)

    async def resign(self, channel_id: int, user_id: int) -> Reply:
        """The caller's seat becomes a computer seat, which plays on."""
        table = await self._table(channel_id)
        if table.row.status == "lobby":
            return await self.leave(channel_id, user_id)
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            raise TableError("You are not playing in this game.")
        old = table.seats[seat]
        seats = [SeatRow(s.seat, None, s.name + lobby.COMPUTER_MARK, s.colour)
                 if s.seat == seat else s for s in table.seats]
        if not any(s.human for s in seats):
            await self._update(table, seats=seats, status="abandoned", clear_reminders=True)
            return Reply(text=f"{old.name} resigned and no human players are left, so the game "
                              "is closed. Start a new one with `/navegador start`.")
        table = Table(table.row, seats, table.game, table.state, table.ply)
        plays, state = self._computers(table, table.state)
        table = await self._commit(table, plays, state, mover=None, seats=seats)
        lines = [f"🏳️ {old.name} resigned; a computer player takes over the {old.colour} seat "
                 "and plays on.", *self._play_lines(table, plays)]
        return await self._board_reply(table, lines, None)

    async def abandon(self, channel_id: int, user_id: int, can_manage: bool = False) -> Reply:
        """Vote to end the game; it ends when every human player agrees, or at once for a
        member with Manage Channel (``can_manage``). A lobby's host closes it at once."""
        table = await self._table(channel_id)
        seated = table.seat_of(user_id) is not None
        if table.row.status == "lobby":
            if not (can_manage or user_id == table.row.host_id):
                raise TableError("Only the host can close the lobby; you can `/leave` it.")
            await self._update(table, status="abandoned")
            return Reply(text="The lobby is closed. Open a new one with `/navegador start`.")
        if not seated and not can_manage:
            raise TableError("Only the players (or someone who can manage this channel) can "
                             "abandon the game.")
        humans = {s.user_id for s in table.seats if s.user_id is not None}
        votes = humans if can_manage else await self.store.vote_abandon(
            table.row.id, user_id, self.clock())
        if not humans <= votes:
            missing = [s.name for s in table.seats if s.human and s.user_id not in votes]
            return Reply(text=f"🗳️ {len(votes & humans)} of {len(humans)} players want to "
                              f"abandon this game. Waiting for {texts.join_names(missing)}: "
                              "`/abandon` to agree, or simply play on.")
        await self._update(table, status="abandoned", clear_reminders=True)
        why = "closed by a channel manager" if can_manage else "every player agreed"
        return Reply(text=f"The {table.game.title} game is abandoned ({why}). "
                          "Start a new one with `/navegador start`.")

    async def set_notify(self, user_id: int, on: bool) -> Reply:
        """Turn turn-reminder DMs on or off for the caller (on also clears a closed-DM mark)."""
        await self.store.set_prefs(user_id, self.clock(), dms=on,
                                   dm_closed=False if on else None)
        text = ("🔔 I'll DM you when it is your turn (make sure your DMs are open to members "
                "of this server)." if on else
                "🔕 No more turn reminders by DM. `/notify on` brings them back.")
        return Reply(text=text, ephemeral=True)

    async def help_text(self) -> str:
        """The commands, briefly."""
        return texts.HELP

    async def rules_text(self, game: str = "navegador") -> str:
        """A short rules summary with the move notation table."""
        try:
            name = get_game(game).name
        except KeyError:
            raise TableError(f"I don't know the game {game!r}. Games: "
                             f"{', '.join(game_names())}.") from None
        return texts.NAVEGADOR_RULES if name == "navegador" else f"No summary for {name} yet."

    async def note_board_message(self, channel_id: int, message_id: int) -> None:
        """Remember the message holding the latest board (reminder DMs link to it)."""
        row = await self.store.open_game(channel_id) or await self.store.latest_game(channel_id)
        if row is not None:
            await self.store.set_board_message(row.id, message_id)

    # Reminders -----------------------------------------------------------------------

    async def due_reminders(self, now: float | datetime | None = None) -> list[Reminder]:
        """DMs due now. Each is claimed for a few minutes; call ``reminder_done`` after
        trying to send it."""
        when = now.timestamp() if isinstance(now, datetime) else (
            self.clock() if now is None else float(now))
        out: list[Reminder] = []
        for r in await self.store.due_reminders(when):
            row = await self.store.game(r.game_id)
            table = await self._load(row) if row else None
            if table is None or table.state is None:
                await self.store.reschedule(r.id, None)
                continue
            seat = table.seat_of(r.user_id)
            if seat is None or seat not in waiting_on(table.game, table.state):
                await self.store.reschedule(r.id, None)
                continue
            await self.store.reschedule(r.id, when + LEASE)
            moves = await self.store.last_moves(table.row.id, 60)
            prompt = getattr(table.game, "prompt", lambda s: "your move")(table.state)
            text = reminder_text(
                table.game.title, table.row.channel_id,
                board_link(table.row.guild_id, table.row.channel_id,
                           table.row.board_message_id),
                r.kind == "follow-up", prompt, since_last_turn(moves, r.user_id, table.names))
            out.append(Reminder(user_id=r.user_id, channel_id=table.row.channel_id,
                                guild_id=table.row.guild_id, text=text, id=r.id,
                                game_id=table.row.id, kind=r.kind))
        return out

    async def reminder_done(self, reminder: Reminder, delivered: bool,
                            dm_closed: bool = False) -> None:
        """Record a DM attempt: delivered -> schedule the follow-up (or finish);
        ``dm_closed`` (Discord error 50007) -> mark the user and stop DMing them."""
        now = self.clock()
        if dm_closed:
            await self.store.set_prefs(reminder.user_id, now, dm_closed=True)
            await self.store.drop_user_reminders(reminder.user_id)
        elif not delivered:
            await self.store.reschedule(reminder.id, now + RETRY)
        elif reminder.kind == "first":
            await self.store.reschedule(reminder.id, now + self.follow_up, "follow-up")
        else:
            await self.store.reschedule(reminder.id, None)

