"""Words for players: help, rules summaries, and formatting helpers for replies."""

from __future__ import annotations

import re

from rules import Event, GameResult

DISCORD_LIMIT = 1900   # a little under Discord's 2000-character message limit

HELP = """\
**Sailbot — play-by-chat board games**
**Table**
`/navegador start` open a lobby here · `/join [colour]` take a seat · `/leave`
`/addbot` add a computer player · `/start` begin (host) · `/abandon` end the game (everyone agrees)
**Your turn** (type the whole turn in one command, or one step at a time)
`/hire 2` Workers · `/ships 1` Ships · `/sail POR>GUI x2, POR>BAH` Sail
`/colony GUI x2` · `/build sugar+shipyard` · `/market sell gold, process sugar`
`/privilege church` · `/navegador-card POR>GUI x2` extra Sail · `/king shipyard` (at the end)
`/move <any notation>` · long rondel moves name the ships they pay: `/build sugar pay GUI`
While sailing, each `/sail` adds legs; finish with `/sail done`.
**Looking around**
`/board` picture · `/status` · `/hand` your sheet · `/score` standings · `/log` recent moves
`/navegador rules` the rules in brief and the full move notation
`/undo` take back your last move (until the next player acts) · `/resign` a computer plays on
`/notify off|on` turn reminders by DM"""

NAVEGADOR_RULES = """\
**Navegador in brief** — Portugal, 15th century. Sail out, explore the sea, found colonies,
build factories, shipyards and churches, trade on the market and buy privileges. On your turn
move your stone 1–3 spaces clockwise on the rondel for free (each further space costs a ship
from the board) and carry out that space's action:
• **Workers / Ships** buy workers or ships (cheaper with churches / shipyards).
• **Sail** move ships along open sea routes; the first to enter an unexplored region explores
it (losing ships, earning an explorer disk) and turns its colony stack face up.
• **Colony** found colonies where you have ships. **Build** factories, shipyards, churches
(needs workers). **Market** sell colony goods and process goods in factories (two spaces).
• **Privilege** pay a worker for a privilege: cash now, and more VP at the end for one column
(colonies, factories, explorers, shipyards, churches).
The end comes when one building row is sold out or Nagasaki is explored; after one more turn each,
everyone places the King's privilege and the game is scored: privileges × achievements,
workers, ships on the board and cash.

**Move notation** (what `/move` accepts; slash commands add the action word for you)
```
workers 2 | hire 2                    ships 1
sail POR>GUI x2, POR>BAH              sail GUI>ANG x2 pay POR   (ships paid for the rondel)
sail POR>GUI x2 ...                   (keep sailing: add legs later, then `done`)
sail ANG>CAB + RIO>CAB                (routes entering one unexplored region together)
colony GUI x2, BAH                    build sugar+shipyard
market sell gold, process sugar+orange  market2 skip          privilege church
card POR>GUI x2; workers 2            (Navegador card: extra Sail first, then your turn)
king shipyard                         (King's privilege at the end)      done / skip
```
Regions take a code or a name (`POR`, `Portugal`, `Guiné`); `market1`/`market2` pick a Market
space (plain `market` means the nearer one); `pay BAH x2` names where rondel ships come from."""

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def name_seats(text: str, names: list[str]) -> str:
    """Replace the engine's 'seat N' with the player's name."""

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(2)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)

    return _SEAT.sub(sub, text)


def event_line(event: Event, names: list[str]) -> str:
    text = name_seats(event.text, names)
    if event.seat is not None and 0 <= event.seat < len(names):
        text = f"{names[event.seat]} {text}"
    else:
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def bold(name: str) -> str:
    return f"**{name}**"


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def clip(text: str, limit: int = DISCORD_LIMIT) -> str:
    """Keep a message within Discord's limit, cutting whole lines from the middle."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    head, tail = lines[:3], lines[3:]
    note = "… (earlier lines cut — see `/log`)"
    while tail and len("\n".join([*head, note, *tail])) > limit:
        tail.pop(0)
    out = "\n".join([*head, note, *tail])
    return out[:limit]


def breakdown_text(parts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total" and v)


def result_text(result: GameResult, names: list[str]) -> str:
    lines = ["🏁 **Game over — final scores**"]
    medals = ["🥇", "🥈", "🥉"]
    for rank, seat in enumerate(result.ranking):
        medal = medals[rank] if rank < len(medals) else f"{rank + 1}."
        parts = breakdown_text(result.breakdown[seat])
        lines.append(f"{medal} {bold(names[seat])} — {result.scores[seat]} VP"
                     + (f" ({parts})" if parts else ""))
    if result.tie_break:
        lines.append(name_seats(result.tie_break, names))
    lines.append(f"Congratulations, {names[result.ranking[0]]}! "
                 "Start a new game with `/navegador start`.")
    return "\n".join(lines)
