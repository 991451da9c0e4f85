"""Pure, deterministic rules engines for the games the bot hosts.

No I/O beyond reading the packaged data files, no Discord, no clock; every random choice
comes from the seed given to ``setup``. See ``rules.contract`` for the shape every game
implements and ``rules.registry`` for looking games up by name.
"""

from rules.contract import Choice, Event, Game, GameResult, Move
from rules.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    NotYourTurnError,
    RulesError,
)
from rules.registry import game_names, get_game

__all__ = [
    "AmbiguousMoveError",
    "Choice",
    "Event",
    "Game",
    "GameResult",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "NotYourTurnError",
    "RulesError",
    "game_names",
    "get_game",
]
