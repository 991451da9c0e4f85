"""The reclaim desk: a player takes back their own seat from the computer that took it
over (`/resign`, `/replace`) — `/join` in a channel whose game has started.

Whose seat it was is kept in the game row's options (``computers.former_player``: the
seat's number -> the player's user id and name), so it survives a restart and needs no
schema change. Only that user id may take the seat back; a seat that was a computer from
the start has no entry, and neither has a seat handed over before the entry was kept —
neither can be claimed. A finished or abandoned game cannot be.

The seat gets its player's name back, the computer's level entry goes, and the game goes
on from where it stands: nothing of the log changes. The computer's private knowledge was
the seat's own (its hand, its secret choices), so the player sees their own again and
nothing else. The change is version-checked like every other; while a computer of the game
is thinking about its move (in this process) the claim waits for it — it is refused and
asked again — rather than cut the move off, and a claim that loses the race to a move
changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.store import SeatRow
from bot.store.interface import OPEN
from bot.table import lobby
from bot.table.computers import former_player, former_seat, without_computer
from bot.table.narrate import Narrator, play_lines, waited_for
from bot.table.replies import RaceError, Reply, TableError
from bot.table.table import Table
from bot.table.tables import Tables
from rules import get_game


@dataclass(frozen=True)
class Claim:
    """A seat the caller may take back now: the table, the seat, the player's name."""

    table: Table
    seat: int
    name: str

    @property
    def computer(self) -> str:
        return self.table.seats[self.seat].name

    @property
    def colour(self) -> str:
        return self.table.seats[self.seat].colour


def _looks_taken_over(name: str, seat_name: str, computer_names: list[str]) -> bool:
    """Is ``seat_name`` the name a computer taking over a player called ``name`` gets, and
    not one a computer seated from the start gets? (Only to word a refusal: a seat is never
    given by name.)"""
    mark = re.escape(lobby.COMPUTER_MARK)
    if seat_name in {n + lobby.COMPUTER_MARK for n in computer_names} or re.fullmatch(
            r"Computer \d+" + mark, seat_name):
        return False
    return re.fullmatch(re.escape(name) + r"(?: \d+)?" + mark, seat_name) is not None


def seat_taken_over(table: Table, user_id: int) -> Claim | None:
    """The seat of ``user_id``'s that a computer plays at this started table, as stored;
    None when there is none, or when they hold a seat here."""
    if table.state is None or table.seat_of(user_id) is not None:
        return None
    found = former_seat(table.row.options, table.seats, user_id)
    return None if found is None else Claim(table, *found)


def playing_on(claim: Claim) -> bool:
    """Is the game still to be played, so that the seat can be taken back?"""
    assert claim.table.state is not None
    return bool(claim.table.game.to_act(claim.table.state))


def reclaimable(table: Table, user_id: int) -> Claim | None:
    """The seat ``/join`` would give ``user_id`` back at this table under way (``/mygames``
    offers it): ``ReclaimDesk.check``'s rule, less the moment a computer is thinking about
    its move (the claim waits for it)."""
    claim = seat_taken_over(table, user_id)
    return claim if claim is not None and playing_on(claim) else None


class ReclaimDesk:
    def __init__(self, tables: Tables, narrator: Narrator) -> None:
        self.tables = tables
        self.narrator = narrator

    async def check(self, channel_id: int, user_id: int, user_name: str) -> Claim | None:
        """The seat the caller may take back here now; None when the channel has no seat
        of theirs that a computer plays (``/join`` then answers as ever); TableError with
        the reason when theirs cannot be taken back. Nothing changes."""
        store = self.tables.store
        row = await store.latest_game(channel_id)       # the open game first
        if row is None:
            return None
        if row.status not in OPEN:
            if row.status not in ("finished", "abandoned"):
                return None
            seats = await store.seats(row.id)
            found = former_seat(row.options, seats, user_id)
            if found is None:
                return None
            colour = seats[found[0]].colour
            title = get_game(row.game).title
            start = f"`/{row.game} start`"
            if row.status == "finished":
                raise TableError(f"The {title} game in this channel is over, so your {colour} "
                                 "seat cannot be taken back (`/score` shows the final scores). "
                                 f"`/rematch` plays it again, or start a new game with {start}.")
            raise TableError(f"The {title} game in this channel was abandoned, so your "
                             f"{colour} seat cannot be taken back. `/rematch` plays it again, "
                             f"or start a new game with {start}.")
        if row.status == "lobby":
            return None
        table = await self.tables.load(row)
        if table.state is None or table.seat_of(user_id) is not None:
            return None
        claim = seat_taken_over(table, user_id)
        if claim is None:
            old = next((s for s in table.seats if not s.human
                        and former_player(table.row.options, s.seat) is None
                        and _looks_taken_over(user_name, s.name,
                                              table.game.texts.computer_names)), None)
            if old is not None:
                raise TableError(
                    f"The {old.colour} seat that {old.name} plays was handed to a computer "
                    "player before the bot kept a note of whose seat it was, so it cannot be "
                    "taken back. Watch the game with `/board`, or open a new lobby in "
                    "another channel or thread.")
            return None
        if not playing_on(claim):
            raise TableError(f"This {table.game.title} game is over, so your {claim.colour} "
                             "seat cannot be taken back. See `/score`.")
        if self.tables.thinking(row.id):
            raise TableError(f"A computer player is in the middle of its move here, so your "
                             f"{claim.colour} seat cannot be taken back this very moment; "
                             "`/join` again once it has moved. Nothing changed.")
        return claim

    def question(self, claim: Claim) -> str:
        """The "are you sure?" before ``reclaim``."""
        return (f"Take back your {claim.colour} seat in this {claim.table.game.title} game "
                f"from {claim.computer}? You play it again from where the game stands now.")

    async def reclaim(self, channel_id: int, user_id: int, user_name: str) -> Reply:
        """The caller takes back their seat from the computer playing it (adapters ask
        first): their name again, the computer's level gone, the game going on."""
        claim = await self.check(channel_id, user_id, user_name)
        if claim is None:
            table = await self.tables.here(channel_id)
            mine = table.seat_of(user_id)
            if mine is not None:
                raise TableError(f"You play the {table.seats[mine].colour} seat of this game "
                                 "already; nothing changed.")
            raise TableError("No seat of yours is played by a computer here, so there is "
                             "nothing to take back; nothing changed.")
        table, seat = claim.table, claim.seat
        assert table.state is not None
        told = waited_for(table)    # the returning player's seat was a computer's: not told
        computer, colour = claim.computer, claim.colour
        seats = [SeatRow(s.seat, user_id, claim.name, s.colour) if s.seat == seat else s
                 for s in table.seats]
        options = without_computer(table.row.options, seat, computer)
        table = Table(replace(table.row, options=options), seats, table.game, table.state,
                      table.ply)
        # the computers do not owe a move at rest; should one (a game stopped short), it
        # plays now, in the same commit
        plays, state = await self.tables.computers(table, table.state)
        try:
            table = await self.tables.commit(table, plays, state, mover=None, seats=seats,
                                             options=options)
        except RaceError:
            raise TableError(f"The game moved on at that very moment, so your {colour} seat "
                             "was not taken back and nothing changed; `/join` again to take "
                             "it back.") from None
        lines = [f"🙋 {claim.name} is back and takes the {colour} seat back from {computer}.",
                 *play_lines(table, plays)]
        # pings only who has news: the returning player when the game waits on them, or
        # whoever a computer's move just made next — not the player already told it is
        # their turn
        return await self.narrator.board_reply(table, lines, None, told=told)
