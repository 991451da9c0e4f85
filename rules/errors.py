"""One family of errors for every move a player cannot make.

Modelled on python-chess: all are ``ValueError``s carrying a sentence a player
understands. The state is never changed when one is raised.
"""


class RulesError(ValueError):
    """A move was refused. ``str(error)`` is written for the player."""


class InvalidMoveError(RulesError):
    """The text could not be read as a move at all."""


class IllegalMoveError(RulesError):
    """The move reads fine but is not allowed now."""


class AmbiguousMoveError(RulesError):
    """The text could mean several moves; the message says how to pick one."""


class NotYourTurnError(RulesError):
    """The seat may not act at this moment."""
