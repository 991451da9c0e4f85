"""The table service: the one object both adapters (Discord, the terminal) talk to.

It is a facade over desks that each do one thing, all working through one ``Tables``
(loading, caching, committing) and one ``Narrator`` (reply text and picture):

* ``LobbyDesk`` — open, join, leave, add a computer, start;
* ``MoveDesk`` — moves, autocomplete, undo, resign, replace;
* ``ReclaimDesk`` — a player takes back their seat from the computer that took it over;
* ``ViewDesk`` — board, status, hand, log, score;
* ``PanelDesk`` — presses on turn panels (``bot.table.panels``: what they offer);
* ``ReminderDesk`` — due turn DMs (with the picture and the panel) and what became of them.

Every method returns a :class:`~bot.table.replies.Reply` or raises
:class:`~bot.table.replies.TableError`, whose text is a sentence for the user (send it
privately). ``channel_id`` / ``user_id`` are ints (a thread is a channel).
"""

from __future__ import annotations

import functools
import gc
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any, ParamSpec, Self, TypeVar

from bot.pictures import Pictures
from bot.store import DiskFull, GameRow, SeatRow, Store, open_store
from bot.table import lobby, words
from bot.table.lobby_desk import LOBBY_IDLE, LobbyDesk
from bot.table.moves import MoveDesk
from bot.table.narrate import Narrator
from bot.table.overview import my_games
from bot.table.panel_desk import Outcome, PanelDesk
from bot.table.panels import CACHE as PANEL_CACHE
from bot.table.panels import Panels
from bot.table.reclaim import ReclaimDesk
from bot.table.reminders import ReminderDesk
from bot.table.replies import Reminder, Reply, TableError
from bot.table.stats import StatsDesk
from bot.table.table import Table
from bot.table.tables import CACHE_SIZE, DISK_FULL, Tables
from bot.table.thinkers import Thinkers
from bot.table.views import ViewDesk
from rules import game_names, get_game

P = ParamSpec("P")
R = TypeVar("R")


def new_seed() -> int:
    """A game's seed: 63 random bits, far too many to find by trying seeds against what
    the table shows (a 31-bit seed could be recovered from a board's public layout in
    hours, and with it every hidden card). 63 bits fit a signed 64-bit database column."""
    return secrets.randbits(63)


def _guarded(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """A full disk is a sentence for the user, never a crash (the bot goes on). After the
    command, a young collection (see ``young_collection``)."""
    @functools.wraps(fn)
    async def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await fn(*args, **kwargs)
        except DiskFull:
            raise TableError(DISK_FULL) from None
        finally:
            young_collection()
    return call


def young_collection() -> None:
    """Collect the collector's youngest generation now, while it holds one command's
    objects. CPython starts a young collection when allocations outnumber deallocations
    by 700, and a move frees the game's previous state (thousands of old objects), so the
    young generation grew to 20,000–44,000 objects between two collections, each then
    a 10–40 ms pause for every table (``scripts/bench_service.py``). One per command walks
    the same objects in pieces of at most ~3 ms (about the same CPU in all: 0.9–1.0 s a
    benchmark run, before and after)."""
    gc.collect(0)


class TableService:
    """Lobbies, moves, computer seats, undo, reminders — over one store.

    Construct with ``await TableService.open(db_path, reminder_hours=24)``;
    ``replace_hours``: how long the game waits on a player before another may hand their
    seat to a computer (``replace``). Pictures are
    drawn by ``pictures`` (``Pictures.start``: worker processes; the caller closes them);
    without it, in a thread of this process, each reply waiting for its picture. Computer
    seats think in ``thinkers`` (``start_thinkers``: worker processes; the caller closes
    them); without them, in a thread of this process. The memory it keeps is bounded:
    ``cache_size`` game states, ``panel_cache`` turn panels."""

    def __init__(self, store: Store, *, clock: Callable[[], float] | None = None,
                 reminder_hours: float = 24.0, replace_hours: float = 48.0,
                 render: bool = True,
                 seed_source: Callable[[], int] | None = None,
                 cache_size: int = CACHE_SIZE, panel_cache: int = PANEL_CACHE,
                 pictures: Pictures | None = None, think: float | None = None,
                 thinkers: Thinkers | None = None) -> None:
        self.store = store
        self.clock = clock or time.time
        self.tables = Tables(store, self.clock, reminder_hours * 3600.0, cache_size, think,
                             thinkers)
        self.panels = Panels(panel_cache)
        self._own_pictures = pictures is None
        self.narrator = Narrator(render, self.panels, pictures)
        self.lobbies = LobbyDesk(self.tables, self.narrator,
                                 seed_source or new_seed)
        self.moves = MoveDesk(self.tables, self.narrator, replace_hours * 3600.0)
        self.reclaims = ReclaimDesk(self.tables, self.narrator)
        self.views = ViewDesk(self.tables, self.narrator, self.lobbies)
        self.reminders = ReminderDesk(self.tables, self.narrator)
        self.panel_desk = PanelDesk(self.tables, self.moves, self.panels)
        self.records = StatsDesk(self.tables)

    @classmethod
    async def open(cls, db_path: str | Path, **kwargs: Any) -> Self:
        """Open (check and migrate) the store at ``db_path`` and return a service on it."""
        return cls(await open_store(db_path), **kwargs)

    async def close(self) -> None:
        await self.store.close()
        if self._own_pictures:
            await self.narrator.pictures.close()

    async def table(self, channel_id: int) -> Table:
        """The channel's open game (else its latest) as loaded: row, seats, state, ply.
        For tools and tests; adapters use the commands below."""
        return await self.tables.here(channel_id, latest=True)

    # Lobby ---------------------------------------------------------------------------

    @_guarded
    async def open_lobby(self, channel_id: int, guild_id: int | None, user_id: int,
                         user_name: str, game: str, colour: str | None = None,
                         variant: str | None = None) -> Reply:
        return await self.lobbies.open(channel_id, guild_id, user_id, user_name, game,
                                       colour, variant)

    @_guarded
    async def rematch(self, channel_id: int, guild_id: int | None, user_id: int,
                      user_name: str, game_id: int | None = None) -> Reply:
        return await self.lobbies.rematch(channel_id, guild_id, user_id, user_name, game_id)

    @_guarded
    async def join(self, channel_id: int, user_id: int, user_name: str,
                   colour: str | None = None, game_id: int | None = None) -> Reply:
        return await self.lobbies.join(channel_id, user_id, user_name, colour, game_id)

    @_guarded
    async def leave(self, channel_id: int, user_id: int, game_id: int | None = None) -> Reply:
        return await self.lobbies.leave(channel_id, user_id, game_id)

    @_guarded
    async def add_computer(self, channel_id: int, user_id: int, game_id: int | None = None,
                           level: str | None = None) -> Reply:
        """Add a computer player at ``level`` (easy, normal, strong; default normal)."""
        return await self.lobbies.add_computer(channel_id, user_id, game_id, level)

    @_guarded
    async def start_game(self, channel_id: int, user_id: int,
                         game_id: int | None = None) -> Reply:
        return await self.lobbies.start(channel_id, user_id, game_id)

    def colour_names(self) -> list[str]:
        """The seat colours, for autocomplete on /join."""
        return lobby.colour_names()

    @_guarded
    async def remove_computer(self, channel_id: int, user_id: int, game_id: int | None = None,
                              name: str | None = None) -> Reply:
        """Take a computer player out of this channel's lobby (``name``, else the last)."""
        return await self.lobbies.remove_computer(channel_id, user_id, game_id, name)

    async def _lobby_seats(self, channel_id: int) -> list[SeatRow]:
        """The seats of this channel's lobby, read straight from the store (autocomplete
        must be quick); none where there is no lobby."""
        row = await self.store.open_game(channel_id)
        if row is None or row.status != "lobby":
            return []
        return await self.store.seats(row.id)

    async def lobby_computers(self, channel_id: int) -> list[str]:
        """The computer players seated in this channel's lobby, for autocomplete on
        /removebot."""
        return [s.name for s in await self._lobby_seats(channel_id) if s.user_id is None]

    async def free_colours(self, channel_id: int) -> list[str]:
        """The seat colours nobody has taken in this channel's lobby (all of them where
        there is no lobby), for autocomplete on /join."""
        taken = {s.colour for s in await self._lobby_seats(channel_id)}
        return [c for c in lobby.colour_names() if c not in taken]

    # Moves ---------------------------------------------------------------------------

    @_guarded
    async def move(self, channel_id: int, user_id: int, text: str,
                   verb: str | None = None) -> Reply:
        return await self.moves.move(channel_id, user_id, text, verb)

    async def suggestions(self, channel_id: int, user_id: int, verb: str | None,
                          typed: str) -> list[tuple[str, str]]:
        return await self.moves.suggestions(channel_id, user_id, verb, typed)

    async def reads_as_move(self, channel_id: int, user_id: int, text: str) -> bool:
        return await self.moves.reads_as_move(channel_id, user_id, text)

    async def cannot_move(self, channel_id: int, user_id: int, verb: str | None) -> str | None:
        return await self.moves.cannot_move(channel_id, user_id, verb)

    @_guarded
    async def press(self, game_id: int, version: int, seat: int | None, ref: str,
                    user_id: int) -> Outcome:
        """A press on a turn panel: open more choices, or play one exactly like a typed
        move — only while the game is still at ``version``."""
        return await self.panel_desk.press(game_id, version, seat, ref, user_id)

    async def open_panel(self, game_id: int, user_id: int) -> Outcome:
        """The caller's own turn panel (to show privately)."""
        return await self.panel_desk.open(game_id, user_id)

    @_guarded
    async def undo(self, channel_id: int, user_id: int, version: int | None = None) -> Reply:
        """Take back the caller's last move. ``version``: the game's version the "↩ Undo"
        button was offered at — refused once the game has changed since (that button
        would otherwise take back a later move of theirs)."""
        return await self.moves.undo(channel_id, user_id, version)

    @_guarded
    async def resign(self, channel_id: int, user_id: int, level: str | None = None) -> Reply:
        """The caller's seat becomes a computer seat at ``level`` (default normal), which
        plays on (a lobby: leave it)."""
        table = await self.tables.here(channel_id)
        if table.row.status == "lobby":
            return await self.lobbies.leave(channel_id, user_id)
        return await self.moves.resign(channel_id, user_id, level)

    async def check_replace(self, channel_id: int, user_id: int, target_id: int,
                            target_name: str, can_manage: bool = False) -> None:
        """Raise TableError (why not) unless the caller may ``replace`` that player now;
        adapters ask this before their "are you sure?"."""
        await self.moves.check_replace(channel_id, user_id, target_id, target_name,
                                       can_manage)

    @_guarded
    async def replace(self, channel_id: int, user_id: int, user_name: str, target_id: int,
                      target_name: str, level: str | None = None,
                      can_manage: bool = False) -> Reply:
        """Hand the seat of a player the game has long waited on (``replace_hours``; at
        once for a member with Manage Channel, ``can_manage``) to a computer player at
        ``level`` (default normal), which plays on; the player hears of it by DM."""
        return await self.moves.replace(channel_id, user_id, user_name, target_id,
                                        target_name, level, can_manage)

    async def check_reclaim(self, channel_id: int, user_id: int, user_name: str) -> str | None:
        """`/join` in a game under way: the question to ask before the caller takes back
        their own seat from the computer that took it over (``reclaim``); None when no
        seat here is theirs to take back (``join`` answers as ever); TableError (why not)
        when theirs cannot be taken back. Nothing changes."""
        claim = await self.reclaims.check(channel_id, user_id, user_name)
        return None if claim is None else self.reclaims.question(claim)

    @_guarded
    async def reclaim(self, channel_id: int, user_id: int, user_name: str) -> Reply:
        """The caller takes back their seat from the computer that took it over (`/resign`,
        `/replace`) and plays on. (Adapters ask first: ``check_reclaim``.)"""
        return await self.reclaims.reclaim(channel_id, user_id, user_name)

    # Looking around ------------------------------------------------------------------

    async def board(self, channel_id: int, user_id: int | None = None) -> Reply:
        return await self.views.board(channel_id, user_id)

    async def status(self, channel_id: int) -> Reply:
        return await self.views.status(channel_id)

    async def hand(self, channel_id: int, user_id: int) -> Reply:
        return await self.views.hand(channel_id, user_id)

    async def log(self, channel_id: int, last: int = 15) -> Reply:
        return await self.views.log(channel_id, last)

    async def score(self, channel_id: int) -> Reply:
        return await self.views.score(channel_id)

    # The table as a whole --------------------------------------------------------------

    async def abandon_question(self, channel_id: int, can_manage: bool = False) -> str:
        """The "are you sure?" before ``abandon``: closing a lobby, or ending a game."""
        row = await self.store.open_game(channel_id)
        return words.abandon_question(can_manage, row is not None and row.status == "lobby")

    async def resign_question(self, channel_id: int, level: str) -> str:
        """The "are you sure?" before ``resign``: in a lobby it only leaves it."""
        row = await self.store.open_game(channel_id)
        if row is not None and row.status == "lobby":
            return ("Leave this lobby? The game has not started, so no computer takes your "
                    "seat; you can `/join` again while the lobby is open.")
        return words.resign_question(level)

    async def check_abandon(self, channel_id: int, user_id: int,
                            can_manage: bool = False) -> None:
        """Raise TableError (why not) unless the caller may ``abandon`` here now: asked
        before "are you sure?", so that a refusal comes at once rather than after a yes."""
        self._may_abandon(await self.tables.here(channel_id), user_id, can_manage)

    def _may_abandon(self, table: Table, user_id: int, can_manage: bool) -> None:
        seated = table.seat_of(user_id) is not None
        if table.row.status == "lobby":
            idle = self.clock() - table.row.updated
            if not (can_manage or user_id == table.row.host_id or idle >= LOBBY_IDLE):
                # a host who vanished would hold the channel for ever
                raise TableError(
                    "Only the host can close the lobby, or anyone once it has been idle for "
                    f"{words.duration(LOBBY_IDLE)} ({words.duration(LOBBY_IDLE - idle)} to "
                    "go)" + ("; you can `/leave` it." if seated else "."))
        elif not seated and not can_manage:
            raise TableError("Only the players (or someone who can manage this channel) can "
                             "abandon the game.")

    @_guarded
    async def abandon(self, channel_id: int, user_id: int, can_manage: bool = False) -> Reply:
        """Vote to end the game; it ends when every human player agrees, or at once for a
        member with Manage Channel (``can_manage``). A lobby's host closes it at once."""
        table = await self.tables.here(channel_id)
        self._may_abandon(table, user_id, can_manage)
        if table.row.status == "lobby":
            await self.tables.update(table, status="abandoned")
            return Reply(text=f"The lobby is closed. Open a new one with {table.start_command}.")
        humans = {s.user_id for s in table.seats if s.user_id is not None}
        votes = humans if can_manage else await self.store.vote_abandon(
            table.row.id, user_id, self.clock())
        if not humans <= votes:
            missing = [s.name for s in table.seats if s.human and s.user_id not in votes]
            return Reply(text=f"🗳️ {len(votes & humans)} of {len(humans)} players want to "
                              f"abandon this game. Waiting for {words.join_names(missing)}: "
                              "`/abandon` to agree, or simply play on.")
        await self.tables.update(table, status="abandoned", clear_reminders=True)
        why = "closed by a channel manager" if can_manage else "every player agreed"
        return Reply(text=f"The {table.game.title} game is abandoned ({why}). `/rematch` "
                          f"plays it again, or start a new one with {table.start_command}.",
                     rematch=table.row.id)

    @_guarded
    async def my_games(self, user_id: int) -> Reply:
        """Every table the caller sits at, those waiting on them first (``/mygames``)."""
        return await my_games(self.tables, user_id)

    @_guarded
    async def stats(self, guild_id: int | None, channel_id: int, user_id: int) -> Reply:
        """The records of the games played to the end in this server (``/stats``)."""
        return await self.records.stats(guild_id, channel_id, user_id)

    @_guarded
    async def set_notify(self, user_id: int, on: bool) -> Reply:
        """Turn turn-reminder DMs on or off for the caller (on also clears a closed-DM mark)."""
        await self.store.set_prefs(user_id, self.clock(), dms=on,
                                   dm_closed=False if on else None)
        text = ("🔔 I'll DM you when it is your turn (make sure your DMs are open to members "
                "of this server)." if on else
                "🔕 No more turn reminders by DM. `/notify on` brings them back.")
        return Reply(text=text, ephemeral=True)

    async def _game_here(self, channel_id: int | None) -> GameRow | None:
        """The channel's open game, else its most recent one (one read: the store's
        ``latest_game`` puts an open game first)."""
        return await self.store.latest_game(channel_id) if channel_id is not None else None

    async def help_text(self, channel_id: int | None = None) -> str:
        """The table's commands, and the moves of the channel's game (else every game's
        start command)."""
        games = [get_game(n) for n in game_names()]
        text = words.table_help(games, self.moves.replace_after)
        row = await self._game_here(channel_id)
        if row is not None:
            text += "\n" + get_game(row.game).texts.help
        else:
            text += "\n**Games**: " + " · ".join(
                f"{g.title} (`/{g.name} rules`)" for g in games)
        return text

    async def rules_text(self, game: str, channel_id: int | None = None) -> str:
        """A game's rules in brief, with its move notation; when the channel's game (open,
        else the latest) is this game played with a lobby variant, a last line says so."""
        try:
            g = get_game(game)
        except KeyError:
            raise TableError(f"I don't know the game {words.excerpt(game, 30)!r}. Games: "
                             f"{', '.join(game_names())}.") from None
        text = g.texts.rules
        if g.texts.variants:
            text += "\n**Variants** (`/" + g.name + " start variant:<name>`): " + "; ".join(
                f"`{v.key}` — {v.description}" for v in g.texts.variants)
        row = await self._game_here(channel_id)
        variant = words.variant_text(g, row.options) if row and row.game == g.name else ""
        if variant:
            text += (f"\n**This table plays the variant** {variant} Where it differs, it "
                     "replaces the rule above.")
        return text

    async def game_of(self, channel_id: int) -> str | None:
        """The name of this channel's game (open, else latest), if any."""
        row = await self._game_here(channel_id)
        return row.game if row else None

    async def note_board_message(self, channel_id: int, message_id: int) -> int | None:
        """Remember the message holding the latest board (reminder DMs link to it); returns
        the one it replaces, whose turn panel is then out of date."""
        row = await self._game_here(channel_id)
        if row is None:
            return None
        await self.store.set_board_message(row.id, message_id)
        return row.board_message_id if row.board_message_id != message_id else None

    # Reminders -----------------------------------------------------------------------

    async def due_reminders(self, now: float | datetime | None = None,
                            pictures: bool = True) -> list[Reminder]:
        """DMs due now, each claimed for this caller; call ``reminder_done`` after trying.
        ``pictures`` False: without the board picture (an adapter that shows none)."""
        return await self.reminders.due(now, pictures)

    async def reminder_done(self, reminder: Reminder, delivered: bool,
                            dm_closed: bool = False) -> None:
        await self.reminders.done(reminder, delivered, dm_closed)
