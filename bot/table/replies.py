"""What the table service hands back to an adapter (Discord or the terminal).

Adapters turn these into messages; nothing here knows about Discord.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.table.panels import Panel


class TableError(Exception):
    """A request the table refuses. ``str(error)`` is a sentence for the user.

    Adapters send it privately (ephemeral on Discord); nothing was changed.
    """


class RaceError(TableError):
    """Someone else's move landed first; the caller's move was not applied."""


class MovedOn(TableError):
    """The game is no longer at the version the caller saw (an old panel was pressed)."""


@dataclass(frozen=True)
class LobbyView:
    """A lobby (or a started table) as the adapter shows it: who sits where."""

    game: str
    game_id: int
    seats: list[tuple[int | None, str, str]]   # (user id or None for a computer, name, colour)
    host_id: int
    min_players: int
    max_players: int
    started: bool = False


@dataclass
class Reply:
    """One answer to a command.

    ``text``: the public message (or the private one if ``ephemeral``).
    ``image``: PNG bytes of the board, if any, to attach as ``image_name``.
    ``image_later``: the board picture when it was not ready in time: the text says it
    follows, and the adapter attaches it once this gives it (None: it failed).
    ``dms``: user id -> private text (hidden information, never in ``text``).
    ``notify``: user ids whose turn it now is (the adapter may mention them;
    DMs are scheduled by the service as reminders).
    ``lobby``: the lobby, for adapters that draw join buttons.
    ``private``: a note for the caller alone, sent beside a public ``text`` (e.g. the part
    of a typed turn that was refused after its first steps were played).
    ``progress``: where the game stands ("Turn 18 · phase II"), so an adapter can tell a
    new turn's picture from one more of the same turn.
    ``panel``: the turn panel to put on the public board message (``bot.table.panels``).
    ``rematch``: the id of the game this reply shows over, for adapters that offer to play
    it again (``TableService.rematch``).
    """

    text: str
    image: bytes | None = None
    image_name: str = "board.png"
    image_later: Awaitable[bytes | None] | None = None
    ephemeral: bool = False
    dms: dict[int, str] = field(default_factory=dict)
    notify: list[int] = field(default_factory=list)
    lobby: LobbyView | None = None
    private: str = ""
    progress: str = ""
    panel: Panel | None = None
    rematch: int | None = None


@dataclass(frozen=True)
class Reminder:
    """A DM to send: it is ``user_id``'s turn at ``channel_id``. ``id`` is the schedule row;
    the DM carries the board picture and the player's turn panel."""

    user_id: int
    channel_id: int
    guild_id: int | None
    text: str
    id: int = 0
    game_id: int = 0
    kind: str = "first"
    panel: Panel | None = None          # the player's turn panel (private: a DM)
    image: bytes | None = None          # the board picture
