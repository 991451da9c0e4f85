"""Lobby rules: seats before the start, the colour palette, seat order at the start."""

from __future__ import annotations

import random
from collections.abc import Collection

from bot.store import GameRow, SeatRow
from bot.table.replies import LobbyView, TableError
from render import palette

# Seat colours told apart by everyone, colour-blind players included (render/palette.py
# measures it); games stored before the switch may still name the old colours.
PALETTE: dict[str, str] = dict(palette.PALETTE)
OLD_COLOURS = {"sky blue": "#56B4E9", "vermillion": "#D55E00"}
COMPUTER_MARK = " (computer)"


def colour_names() -> list[str]:
    return list(PALETTE)


def colour_hex(name: str) -> str:
    """"#rrggbb" of a seat colour (a colour already in hex passes through)."""
    return PALETTE.get(name) or OLD_COLOURS.get(name) or name


def pick_colour(seats: list[SeatRow], wanted: str | None,
                promised: Collection[str] = ()) -> str:
    """The colour asked for, if free; none asked for: the first free one, handing out
    the ``promised`` ones (a rematch's old players' colours) only when no other is free."""
    taken = {s.colour for s in seats}
    if wanted:
        key = find_colour(wanted)
        if key in taken:
            free = ", ".join(c for c in PALETTE if c not in taken)
            raise TableError(f"Someone already plays {key}. Free colours: {free}.")
        return key
    free = [c for c in PALETTE if c not in taken]
    return next((c for c in free if c not in promised), free[0])


def find_colour(wanted: str) -> str:
    """The seat colour a player means: its name or an alias (case and spaces forgiven), or
    the start of one that fits a single colour ("blu", "pur")."""
    found = palette.colour(wanted)
    if found is not None:
        return found.name
    typed = " ".join(wanted.lower().replace("-", " ").replace("_", " ").split())
    words = [*PALETTE, *palette.ALIASES]
    fits = list(dict.fromkeys(palette.ALIASES.get(w, w) for w in words
                              if len(typed) >= 2 and w.startswith(typed)))
    if len(fits) == 1:
        return fits[0]
    guess = f" Did you mean {' or '.join(fits)}?" if fits else ""
    raise TableError(f"{wanted[:30]!r} is not one of our colours: {', '.join(PALETTE)}."
                     + guess)


def computer_name(seats: list[SeatRow], names: list[str]) -> str:
    """The first of the game's computer names not yet at the table."""
    used = {s.name for s in seats}
    for name in names:
        if name + COMPUTER_MARK not in used:
            return name + COMPUTER_MARK
    return f"Computer {len(seats) + 1}{COMPUTER_MARK}"


def player_name(seats: list[SeatRow], name: str) -> str:
    """A person's name at the table: never one that reads as a computer's ("Bob
    (computer)" is Bob), and numbered if a seat of that name is taken ("Alex 2"): the
    messages name seats by their names, so two alike would be two players in one."""
    base = name.strip()
    mark = COMPUTER_MARK.strip().casefold()
    while base.casefold().endswith(mark):
        base = base[:-len(mark)].rstrip()
    base = base or "Player"
    used = {s.name.casefold() for s in seats}
    new, n = base, 2
    while new.casefold() in used:
        new = f"{base} {n}"
        n += 1
    return new


def takeover_name(seats: list[SeatRow], name: str) -> str:
    """The name of the computer taking over ``name``'s seat: "Ann (computer)", numbered
    if a seat of that name already exists (names stay unique at a table)."""
    used = {s.name for s in seats}
    new = name + COMPUTER_MARK
    n = 2
    while new in used:
        new = f"{name} {n}{COMPUTER_MARK}"
        n += 1
    return new


def shuffled(seats: list[SeatRow], seed: int) -> list[SeatRow]:
    """Seat order for the game: a shuffle decided by the game's seed."""
    order = list(seats)
    random.Random(seed).shuffle(order)
    return [SeatRow(seat=i, user_id=s.user_id, name=s.name, colour=s.colour)
            for i, s in enumerate(order)]


def lobby_view(row: GameRow, seats: list[SeatRow], min_players: int,
               max_players: int) -> LobbyView:
    return LobbyView(
        game=row.game, game_id=row.id, seats=[(s.user_id, s.name, s.colour) for s in seats],
        host_id=row.host_id or 0, min_players=min_players, max_players=max_players,
        started=row.status != "lobby",
    )


def lobby_text(title: str, seats: list[SeatRow], host: str, min_players: int,
               max_players: int, variant: str = "",
               levels: dict[str, str] | None = None) -> str:
    """The lobby message; ``levels`` gives each computer seat's level by name."""
    levels = levels or {}
    lines = [f"⚓ **{title}** lobby — {len(seats)}/{max_players} seats taken "
             f"(host: {host})" + (f" · variant: {variant}" if variant else "")]
    lines += [f"• {s.name} — {s.colour}"
              + (f" · {levels[s.name]} level" if s.name in levels else "") for s in seats]
    if len(seats) < min_players:
        need = min_players - len(seats)
        lines.append(f"Needs {need} more player{'s' if need > 1 else ''}: `/join` to sit down, "
                     "or add a computer player (`/addbot easy|normal|strong`).")
    elif len(seats) < max_players:
        lines.append("Ready: the host can `/start`, or more can `/join`.")
    else:
        lines.append("The table is full: the host can `/start`.")
    return "\n".join(lines)
