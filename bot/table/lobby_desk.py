"""The lobby desk: open a table, join, leave, add a computer, start.

Lobby buttons name the lobby they belong to (``game_id``): a press on an old lobby
message is refused once that lobby is gone, rather than acting on a newer one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import ChannelBusy, DiskFull, SeatRow, StaleVersion
from bot.table import lobby, words
from bot.table.computers import (
    COLOURS,
    check_level,
    former_player,
    level_of,
    old_colour,
    rules_options,
    with_level,
    without_computer,
)
from bot.table.narrate import Narrator, play_lines
from bot.table.replies import RaceError, Reply, TableError
from bot.table.table import Table
from bot.table.tables import DISK_FULL, Tables
from rules import RulesError, game_names, get_game

LOBBY_IDLE = 24 * 3600.0    # seconds a lobby sits unchanged before anyone may close it
TRIES = 3                   # a join, leave or added computer that lost to another change
                            # made at the same moment is tried again on the stored lobby


class LobbyChanged(TableError):
    """A lobby save lost to another change of the same lobby made at the same moment."""


class LobbyDesk:
    def __init__(self, tables: Tables, narrator: Narrator,
                 seed_source: Callable[[], int]) -> None:
        self.tables = tables
        self.narrator = narrator
        self.seed_source = seed_source

    def reply(self, table: Table, first: str) -> Reply:
        """The lobby as a message, with what the adapter needs to draw its buttons."""
        g = table.game
        low, high = g.player_range(table.row.options)
        host = next((s.name for s in table.seats if s.user_id == table.row.host_id), "nobody")
        variant = str(table.row.options.get("variant", ""))
        levels = {s.name: level_of(table.row.options, s.name) for s in table.seats if not s.human}
        body = lobby.lobby_text(g.title, table.seats, host, low, high, variant, levels)
        return Reply(text=f"{first}\n{body}" if first else body,
                     lobby=lobby.lobby_view(table.row, table.seats, low, high))

    async def _lobby(self, channel_id: int, user_id: int, game_id: int | None = None) -> Table:
        row = await self.tables.store.open_game(channel_id)
        if game_id is not None and (row is None or row.id != game_id):
            raise TableError("That lobby is closed (its game started or was abandoned). "
                             + ("Use the newest lobby message in this channel."
                                if row is not None and row.status == "lobby"
                                else "Open a new one with `/<game> start`."))
        if row is None:
            raise TableError(f"There is no lobby in this channel. Open one with "
                             f"{words.start_hint()}.")
        if row.status != "lobby":
            if any(s.user_id == user_id for s in await self.tables.store.seats(row.id)):
                # a second Start press, Join on the lobby message after the start
                raise TableError("A game is already being played here. You play in it: "
                                 "`/board` shows where it stands.")
            raise TableError("A game is already being played here. Watch it with `/board`, or "
                             "open a new lobby in another channel or thread.")
        return await self.tables.load(row)

    async def _write(self, table: Table, **fields: Any) -> None:
        """Change the lobby's row, checking its version: LobbyChanged if another change of
        it landed first (``_again`` makes the change once more)."""
        try:
            await self.tables.store.update_game(table.row, self.tables.clock(), **fields)
        except StaleVersion:
            raise LobbyChanged("The lobby changed at the same moment — please try "
                               "again.") from None
        except DiskFull:
            raise TableError(DISK_FULL) from None

    async def _save(self, table: Table, seats: list[SeatRow], **fields: Any) -> Table:
        seats = [SeatRow(i, s.user_id, s.name, s.colour) for i, s in enumerate(seats)]
        await self._write(table, seats=seats, players=len(seats), **fields)
        row = await self.tables.store.game(table.row.id)
        assert row is not None
        return await self.tables.load(row)

    @staticmethod
    async def _again(change: Callable[[], Awaitable[Reply]]) -> Reply:
        """``change`` (a join, leave or added computer), run again from the stored lobby when
        another change landed between its read and its write: two people pressing Join at
        the same moment both sit down, each checked against the lobby as the other left it
        (a full table, a colour just taken)."""
        for _ in range(TRIES - 1):
            try:
                return await change()
            except LobbyChanged:
                continue
        return await change()

    @staticmethod
    def _promised(table: Table, user_id: int | None = None) -> set[str]:
        """A rematch lobby's colours of the old players not seated yet (but ``user_id``):
        a newcomer or a computer added meanwhile gets another one while any is free."""
        stored = table.row.options.get(COLOURS)
        seated = {str(s.user_id) for s in table.seats if s.user_id is not None}
        return {str(colour) for user, colour in stored.items()
                if user not in seated and user != str(user_id)} \
            if isinstance(stored, dict) else set()

    async def _close(self, table: Table) -> None:
        """Close the lobby unstarted (its last player left)."""
        try:
            await self._write(table, status="abandoned")
        finally:
            self.tables.forget(table.row.id)

    async def open(self, channel_id: int, guild_id: int | None, user_id: int, user_name: str,
                   game: str, colour: str | None = None, variant: str | None = None) -> Reply:
        """Open a lobby for ``game`` here with the caller seated as host."""
        try:
            g = get_game(game)
        except KeyError:
            raise TableError(f"I don't know the game {words.excerpt(game, 30)!r}. Games: "
                             f"{', '.join(game_names())}.") from None
        if variant:         # spaces or underscores typed for a key's hyphens
            variant = "-".join(variant.replace("_", " ").split())
        try:
            options = g.options_for(variant)
        except RulesError as exc:
            raise TableError(str(exc)) from None
        existing = await self.tables.store.open_game(channel_id)
        if existing is not None:
            title = get_game(existing.game).title
            if existing.status == "lobby":
                idle = self.tables.clock() - existing.updated
                stale = (f" It has been idle for {words.duration(idle)}: `/abandon` closes it."
                         if idle >= LOBBY_IDLE else "")
                raise TableError(f"This channel already has a {title} lobby. `/join` it, or "
                                 "open a new one in another channel or thread (one game per "
                                 f"channel).{stale}")
            # a game under way takes no one new: `/join` would only be refused
            raise TableError(f"This channel already has a {title} game under way. Watch it "
                             "with `/board`, or open a new one in another channel or thread "
                             "(one game per channel).")
        seat = SeatRow(0, user_id, lobby.player_name([], user_name),
                       lobby.pick_colour([], colour))
        return self.reply(await self._create(channel_id, guild_id, g.name, seat, options),
                          f"{seat.name} opened a {g.title} table. Who sails along?")

    async def _create(self, channel_id: int, guild_id: int | None, game: str, host: SeatRow,
                      options: dict[str, Any], others: list[SeatRow] | None = None) -> Table:
        try:
            row = await self.tables.store.create_lobby(channel_id, guild_id, game, host,
                                                       self.tables.clock(), options,
                                                       others or [])
        except ChannelBusy:
            raise TableError("Someone opened a game here at the same moment: `/join` it.") from None
        except DiskFull:
            raise TableError(DISK_FULL) from None
        return await self.tables.load(row)

    async def rematch(self, channel_id: int, guild_id: int | None, user_id: int,
                      user_name: str, game_id: int | None = None) -> Reply:
        """A player of the game that ended here opens a new table of it with the same rules
        (its variant): the caller seated as host in their colour, the computers that sat at
        it from the start back at their levels, and the game's other players pinged to
        `/join`. ``game_id``: the game whose "Play again" was pressed (refused once a newer
        one exists)."""
        row = await self.tables.store.latest_game(channel_id)
        if row is not None and row.status == "lobby":
            raise TableError(f"A {get_game(row.game).title} table is open here already: "
                             "`/join` it.")
        if row is not None and row.status == "active":
            raise TableError(f"The {get_game(row.game).title} game here is still being "
                             "played; ask for a rematch once it is over.")
        if row is not None and row.seed is None:   # a lobby closed unstarted: no game
            row = await self.tables.store.last_played(channel_id)
        if row is None:
            raise TableError("There is no game over in this channel to play again. Open a "
                             f"table with {words.start_hint()}.")
        title = get_game(row.game).title
        if game_id is not None and row.id != game_id:
            raise TableError(f"A newer game has been played here since; `/rematch` plays the "
                             f"last one ({title}) again.")
        seats = await self.tables.store.seats(row.id)      # the seats alone: no replay
        # whose each seat was: its player's, or, for a seat a computer took over, the
        # player who left it (who may want to play again too)
        owners = {s.seat: s.user_id if former is None else former[0] for s in seats
                  if (former := former_player(row.options, s.seat)) or s.user_id is not None}
        players = set(owners.values())
        if user_id not in players:
            raise TableError(f"Only the players of the last {title} game here can ask for a "
                             f"rematch; open a new table with `/{row.game} start`.")
        g = get_game(row.game)
        mine = next(s.colour for s in seats if owners.get(s.seat) == user_id)
        computers = [s for s in seats if not s.human
                     and former_player(row.options, s.seat) is None]
        variant = row.options.get("variant")
        options = rules_options(row.options)        # the rules it was played by, as stored
        for s in computers:
            options = with_level(options, s.name, level_of(row.options, s.name))
        # a colour no longer offered (a game begun before the palette changed) is not
        # asked for again: its player gets a free one
        options[COLOURS] = {str(owners[s.seat]): s.colour for s in seats
                            if s.seat in owners and owners[s.seat] != user_id
                            and s.colour in lobby.PALETTE}
        host = SeatRow(0, user_id, lobby.player_name(computers, user_name), lobby.pick_colour(
            computers, mine if mine in lobby.PALETTE else None))
        # the computers sit down with the host, in the same write: a /join between two
        # writes made the second fail, and the lobby went on without its computers
        table = await self._create(channel_id, guild_id, g.name, host, options,
                                   [SeatRow(0, None, s.name, s.colour) for s in computers])
        others = sorted(players - {user_id})
        same = "the same rules" + (f" (variant `{variant}`)" if variant else "")
        if computers:
            same += " and " + words.join_names([s.name for s in computers])
        _, high = g.player_range(table.row.options)
        ask = "Who sails along?" if len(table.seats) < high else "`/start` when ready."
        reply = self.reply(table, f"🔁 {host.name} asks for a rematch: a new {title} table "
                                  f"with {same}. {ask}")
        reply.notify = others
        return reply

    async def join(self, channel_id: int, user_id: int, user_name: str,
                   colour: str | None = None, game_id: int | None = None) -> Reply:
        """Take a seat in this channel's lobby (optionally choosing a colour)."""
        return await self._again(lambda: self._join(channel_id, user_id, user_name, colour,
                                                     game_id))

    async def _join(self, channel_id: int, user_id: int, user_name: str,
                    colour: str | None, game_id: int | None) -> Reply:
        table = await self._lobby(channel_id, user_id, game_id)
        if table.seat_of(user_id) is not None:
            raise TableError("You already have a seat at this table. Wait for the host to "
                             "`/start`, or `/leave`.")
        _, high = table.game.player_range(table.row.options)
        if len(table.seats) >= high:
            raise TableError(f"The table is full ({high} players). Open another "
                             "table in a different channel or thread.")
        if colour is None:                    # a rematch: the colour they played, if free
            colour = old_colour(table.row.options, user_id)
            if colour in {s.colour for s in table.seats} or colour not in lobby.PALETTE:
                colour = None
        seat = SeatRow(len(table.seats), user_id, lobby.player_name(table.seats, user_name),
                       lobby.pick_colour(table.seats, colour, self._promised(table, user_id)))
        table = await self._save(table, [*table.seats, seat])
        return self.reply(table, f"{seat.name} joined as {seat.colour}.")

    async def leave(self, channel_id: int, user_id: int, game_id: int | None = None) -> Reply:
        """Leave the lobby (before the start). The host role passes on."""
        return await self._again(lambda: self._leave(channel_id, user_id, game_id))

    async def _leave(self, channel_id: int, user_id: int, game_id: int | None) -> Reply:
        row = await self.tables.store.open_game(channel_id)
        if game_id is not None and (row is None or row.id != game_id):
            raise TableError("That lobby is closed; nothing to leave there.")
        table = await self.tables.here(channel_id)
        seat = table.seat_of(user_id)
        if table.row.status != "lobby":
            if seat is None:
                raise TableError("The game here has started, and you have no seat in it: "
                                 "there is nothing to leave.")
            raise TableError("The game has started: use `/resign` to hand your seat to a "
                             "computer player.")
        if seat is None:
            raise TableError("You are not seated at this table.")
        name = table.seats[seat].name
        rest = [s for s in table.seats if s.user_id != user_id]
        humans = [s for s in rest if s.human]
        if not humans:
            await self._close(table)
            why = ("only computer players were left" if rest else "the table is empty")
            return Reply(text=f"{name} left and {why}, so the lobby is closed. "
                              f"Open a new one with {table.start_command}.")
        host = table.row.host_id
        passed = ""
        if host == user_id:
            host = humans[0].user_id
            passed = f" {humans[0].name} hosts now."
        table = await self._save(table, rest, host_id=host)
        return self.reply(table, f"{name} left the table.{passed}")

    async def add_computer(self, channel_id: int, user_id: int, game_id: int | None = None,
                           level: str | None = None) -> Reply:
        """A seated player adds a computer player to the lobby, at ``level`` (easy, normal
        or strong; default normal)."""
        level = check_level(level)
        return await self._again(lambda: self._add_computer(channel_id, user_id, game_id,
                                                            level))

    async def _add_computer(self, channel_id: int, user_id: int, game_id: int | None,
                            level: str) -> Reply:
        table = await self._lobby(channel_id, user_id, game_id)
        if table.seat_of(user_id) is None:
            raise TableError("Only players seated at this table can add a computer player. "
                             "`/join` first.")
        _, high = table.game.player_range(table.row.options)
        if len(table.seats) >= high:
            raise TableError(f"The table is full ({high} players).")
        seat = SeatRow(len(table.seats), None,
                       lobby.computer_name(table.seats, table.game.texts.computer_names),
                       lobby.pick_colour(table.seats, None, self._promised(table)))
        table = await self._save(table, [*table.seats, seat],
                                 options=with_level(table.row.options, seat.name, level))
        return self.reply(table, f"{seat.name} takes a seat as {seat.colour}, playing at "
                                 f"{level} level.")

    async def remove_computer(self, channel_id: int, user_id: int, game_id: int | None = None,
                              name: str | None = None) -> Reply:
        """A seated player takes a computer player out of the lobby: the one called ``name``
        (its whole name, or the start of one), else the last one seated — a computer added
        at the wrong level, or one too many, no longer means closing the lobby."""
        return await self._again(lambda: self._remove_computer(channel_id, user_id, game_id,
                                                               name))

    async def _remove_computer(self, channel_id: int, user_id: int, game_id: int | None,
                               name: str | None) -> Reply:
        table = await self._lobby(channel_id, user_id, game_id)
        if table.seat_of(user_id) is None:
            raise TableError("Only players seated at this table can remove a computer "
                             "player. `/join` first.")
        computers = [s for s in table.seats if not s.human]
        if not computers:
            raise TableError("There is no computer player at this table.")
        gone = computers[-1]
        if name and name.strip():
            wanted = name.strip().casefold()
            found = ([s for s in computers if s.name.casefold() == wanted]
                     or [s for s in computers if s.name.casefold().startswith(wanted)])
            if len(found) != 1:
                seated = words.join_names([s.name for s in computers])
                raise TableError(f"No single computer player here is called "
                                 f"{words.excerpt(name, 30)!r}; seated: {seated}.")
            gone = found[0]
        rest = [s for s in table.seats if s.seat != gone.seat]
        table = await self._save(table, rest, options=without_computer(table.row.options,
                                                                       gone.seat, gone.name))
        return self.reply(table, f"{gone.name} leaves the table; {gone.colour} is free again.")

    async def start(self, channel_id: int, user_id: int, game_id: int | None = None) -> Reply:
        """The host starts: seed chosen, seats shuffled; the reply has the first board."""
        table = await self._lobby(channel_id, user_id, game_id)
        g = table.game
        idle = self.tables.clock() - table.row.updated
        at_table = table.seat_of(user_id) is not None
        # a host who went quiet does not hold the table for ever: once the lobby has sat
        # unchanged for LOBBY_IDLE (when it may be closed by anyone), any seated player starts
        if user_id != table.row.host_id and not (at_table and idle >= LOBBY_IDLE):
            host = next((s.name for s in table.seats if s.user_id == table.row.host_id), "")
            later = (f" If {host or 'the host'} has gone quiet, anyone seated may start once "
                     f"the lobby has sat unchanged for {words.duration(LOBBY_IDLE)} "
                     f"({words.duration(LOBBY_IDLE - idle)} to go)." if at_table else "")
            raise TableError(f"Only the host{' ' + host if host else ''} can start the "
                             f"game.{later}")
        low, _ = g.player_range(table.row.options)
        if len(table.seats) < low:
            seated = len(table.seats)
            fits = [v.key for v in g.texts.variants
                    if v.players and v.players[0] <= seated <= v.players[1]]
            # the caller is the host, or anyone seated at a lobby idle for LOBBY_IDLE: either
            # may close it at once
            other = (f" Or play the `{fits[0]}` variant, made for {seated}: close this lobby "
                     f"with `/abandon`, open `/{g.name} start variant:{fits[0]}` and the others "
                     "`/join` again."
                     if fits and not table.row.options.get("variant") else "")
            raise TableError(
                f"{g.title} needs at least {low} players and {seated} "
                f"{'is' if seated == 1 else 'are'} seated. Ask a friend to `/join`, "
                f"or add a computer player.{other}")
        seed = self.seed_source()
        seats = lobby.shuffled(table.seats, seed)
        try:
            state = g.setup(len(seats), seed, rules_options(table.row.options))
        except RulesError as exc:
            raise TableError(str(exc)) from None
        # The rules draw the start player; list the seats in turn order from there.
        first = g.start_player(state)
        table = Table(table.row, seats, g, state, 0)
        plays, state = await self.tables.computers(table, state)
        try:
            table = await self.tables.commit(table, plays, state, mover=None, seats=seats,
                                             status="active", seed=seed, players=len(seats))
        except RaceError:
            # not a move that lost: the lobby changed while the seats were drawn (and the
            # computers made their first moves)
            now = await self.tables.store.game(table.row.id)
            if now is not None and now.status == "active":
                raise TableError("The game has started already (another Start landed "
                                 "first): see its board.") from None
            if now is None or now.status != "lobby":
                raise TableError("The lobby was closed just as the game was starting: "
                                 f"nothing has started. Open a new one with "
                                 f"{table.start_command}.") from None
            raise TableError("The lobby changed just as the game was starting (someone "
                             "joined, left or added a computer): nothing has started. "
                             "Check the lobby and `/start` again.") from None
        turn_order = seats[first:] + seats[:first]
        order = [f"{i + 1}. {s.name} — {s.colour}" + (" (starts)" if i == 0 else "")
                 for i, s in enumerate(turn_order)]
        lines = [f"⚓ **{g.title}** begins! Seats and start player drawn at random "
                 "(play goes in this order):",
                 *order,
                 *filter(None, [words.variant_line(g, table.row.options)]),
                 f"How to move: {g.texts.examples}; `/{g.name} rules` has the rules and "
                 "the notation." if g.texts.examples else f"`/{g.name} rules` has the rules.",
                 *play_lines(table, plays)]
        return await self.narrator.board_reply(table, lines, None)
