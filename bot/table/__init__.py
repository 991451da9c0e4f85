"""The table service and everything it needs, transport-free: lobbies, moves, computer
seats, undo, reminders, the words and the picture of a reply (see ``service.py``)."""

from bot.table.replies import LobbyView, MovedOn, RaceError, Reminder, Reply, TableError
from bot.table.service import TableService
from bot.table.thinkers import start_thinkers

__all__ = ["LobbyView", "MovedOn", "RaceError", "Reminder", "Reply", "TableError", "TableService",
           "start_thinkers"]
