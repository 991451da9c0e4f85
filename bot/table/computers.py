"""Computer seats: each plays its game's policy (``Game.policy``) at its own level,
seeded by the game's seed and the ply, so the log — which records every computer move
like any other — and an undo see the same choices.

A computer seat's level ('easy', 'normal', 'strong') is chosen when it is added to a
lobby (`/addbot strong`) or takes over a seat (`/resign`). It is kept in the game row's
``options`` under ``"computers"``, a map from the seat's name (names are unique at a
table) to its level, so it follows the seat through the shuffle at the start and needs
no schema change; ``rules_options`` is what the rules see of ``options`` (never that
map). A computer without a stored level plays at ``DEFAULT_LEVEL``.

A rematch lobby (`/rematch`) keeps under ``"colours"`` the colour each player of the game
before played (user id -> colour), so each sits in it again on joining.

A seat a computer took over from a player (`/resign`, `/replace`) remembers whose it was
under ``"handed_over"``: the seat's number -> the player's user id and name, so the player
can take it back (`/join`) — by user id, never by name. A seat that was a computer from the
start has no entry and cannot be claimed; nor can a seat handed over before the map
existed (nothing says whose it was).

Thinking is CPU work of up to a second or two per decision at ``strong``: the table
service runs ``play_computers`` in a thinking process (``bot.table.thinkers``), off the
event loop and off the bot process's interpreter lock.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from bot.store import SeatRow
from bot.table.replies import TableError
from bot.table.words import excerpt
from rules import Event, Game, Move
from rules.policy import DEFAULT_LEVEL, LEVELS, THINK_SECONDS, computer

MAX_STEPS = 5000   # a safety net: one command never runs computers longer than this
COMPUTERS = "computers"     # the key of the level map in a game row's options
HANDED_OVER = "handed_over"     # the key of the map of seats taken over from players
COLOURS = "colours"         # a rematch lobby's map: user id -> the colour they played
Step = tuple[int, Move, BaseModel, list[Event]]

__all__ = ["COLOURS", "DEFAULT_LEVEL", "LEVELS", "THINK_SECONDS", "check_level", "former_player",
           "former_seat", "level_of", "levels", "old_colour", "play_computers", "rules_options",
           "taken_over", "with_level", "without_computer"]


def check_level(level: str | None) -> str:
    """A computer level as typed (None or blank: the default), or a TableError naming the
    levels."""
    if level is None or not level.strip():
        return DEFAULT_LEVEL
    key = level.strip().lower()
    if key not in LEVELS:
        raise TableError(f"{excerpt(level, 20)!r} is not a computer level; the levels are "
                         f"{', '.join(LEVELS)}.")
    return key


def rules_options(options: dict[str, Any]) -> dict[str, Any]:
    """A game row's options as the rules take them: without the bot's own maps (the
    computers' levels, the seats handed over, a rematch lobby's colours)."""
    return {k: v for k, v in options.items() if k not in (COMPUTERS, HANDED_OVER, COLOURS)}


def levels(options: dict[str, Any]) -> dict[str, str]:
    """Computer seat name -> level, as stored."""
    stored = options.get(COMPUTERS)
    return {str(k): str(v) for k, v in stored.items()} if isinstance(stored, dict) else {}


def level_of(options: dict[str, Any], name: str) -> str:
    level = levels(options).get(name, DEFAULT_LEVEL)
    return level if level in LEVELS else DEFAULT_LEVEL


def with_level(options: dict[str, Any], name: str, level: str) -> dict[str, Any]:
    """``options`` with ``name`` playing at ``level`` (a new dict)."""
    return {**options, COMPUTERS: {**levels(options), name: level}}


def old_colour(options: dict[str, Any], user_id: int) -> str | None:
    """The colour ``user_id`` played in the game a rematch lobby plays again, as stored."""
    stored = options.get(COLOURS)
    found = stored.get(str(user_id)) if isinstance(stored, dict) else None
    return found if isinstance(found, str) else None


def former_player(options: dict[str, Any], seat: int) -> tuple[int, str] | None:
    """(user id, name) of the player whose seat ``seat`` was before a computer took it
    over, as stored; None when nothing says so (a computer from the start, a seat handed
    over before this was kept, or a human seat)."""
    stored = options.get(HANDED_OVER)
    entry = stored.get(str(seat)) if isinstance(stored, dict) else None
    if not isinstance(entry, dict):
        return None
    user, name = entry.get("user_id"), entry.get("name")
    if isinstance(user, bool) or not isinstance(user, int) or not isinstance(name, str):
        return None
    return user, name


def former_seat(options: dict[str, Any], seats: list[SeatRow],
                user_id: int) -> tuple[int, str] | None:
    """(seat, the player's name) of the computer seat that was ``user_id``'s, as stored;
    None when no computer plays a seat of theirs."""
    for s in seats:
        former = former_player(options, s.seat)
        if not s.human and former is not None and former[0] == user_id:
            return s.seat, former[1]
    return None


def taken_over(options: dict[str, Any], seat: int, user_id: int, name: str) -> dict[str, Any]:
    """``options`` remembering that ``seat`` was ``user_id``'s (named ``name``) before a
    computer took it over (a new dict)."""
    stored = options.get(HANDED_OVER)
    handed = dict(stored) if isinstance(stored, dict) else {}
    handed[str(seat)] = {"user_id": user_id, "name": name}
    return {**options, HANDED_OVER: handed}


def without_computer(options: dict[str, Any], seat: int, name: str) -> dict[str, Any]:
    """``options`` once the computer ``name`` at ``seat`` has given the seat back: its level
    and the seat's takeover entry dropped (a new dict; an emptied map goes)."""
    out = dict(options)
    rest = {k: v for k, v in levels(options).items() if k != name}
    stored = options.get(HANDED_OVER)
    handed = {k: v for k, v in stored.items() if k != str(seat)} if isinstance(stored, dict) else {}
    for key, value in ((COMPUTERS, rest), (HANDED_OVER, handed)):
        if value:
            out[key] = value
        else:
            out.pop(key, None)
    return out


def play_computers(game: Game, state: BaseModel, is_computer: Callable[[int], bool],
                   seed: int, ply: int, level: Callable[[int], str] = lambda s: DEFAULT_LEVEL,
                   think: float | None = None,
                   clock: Callable[[], float] | None = time.perf_counter) -> list[Step]:
    """Let computer seats act until a human must (or the game ends).

    Returns (seat, move, state after, events) for each step, in order; ``ply`` is the
    last ply already played. ``think`` is a strong computer's time per decision (seconds
    of one core, counted as simulated moves); ``clock`` only caps a decision that runs
    far slower than that."""
    played: list[Step] = []
    policies: dict[str, Any] = {}
    for _ in range(MAX_STEPS):
        seats = [s for s in game.waiting_on(state) if is_computer(s)]
        if not seats:
            break
        seat = seats[0]
        rng = random.Random(f"{seed}:{ply + len(played) + 1}")
        name = level(seat)
        if name not in policies:
            policies[name] = computer(game, name, think=think, clock=clock)
        move = policies[name].choose(game, state, seat, rng)
        state, events = game.apply(state, seat, move)
        played.append((seat, move, state, events))
    return played
