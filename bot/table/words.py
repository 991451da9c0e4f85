"""Words for players that no single game owns: the table's help, and the helpers that
turn a game's sentences ('seat 2 explored Guiné') into a reply (names, lengths, lists).

A game's own words — its rules summary, its verbs' help — come from ``data/<game>/``
through the game object; nothing here names a game.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rules import Event, Game, GameResult, game_names

DISCORD_LIMIT = 1900   # a little under Discord's 2000-character message limit
ECHO_LIMIT = 60        # characters of a player's own input echoed back in a refusal

TABLE_HELP = """\
**Sailbot — play-by-chat board games**
**Table** — one game per channel or thread
{starts} open a lobby here · `/join [colour]` take a seat · `/leave`
`/addbot` · `/removebot` a computer player · `/start` begin (host)
`/abandon` end the game (everyone agrees) · `/rematch` the same table again, once it is over
**Looking around**
`/board` picture · `/status` whose turn and what everyone has · `/hand` your private view
`/score` standings · `/log` recent moves · `/undo` take back your move (until anyone else acts)
`/mygames` your tables, those waiting on you first · `/stats` this server's records
`/resign` a computer plays on for you (asks first) · `/notify off|on` turn reminders by DM
`/replace @player` a computer takes the seat of someone waited on for {replace} (asks first)
`/join` in a game under way: take back your own seat from the computer playing it (asks first)
`/move <notation>` plays any move; the game's own commands are below (and `/<game> rules`).
A *turn* is one player's go, of one or several steps."""


def table_help(games: list[Game], replace_after: float) -> str:
    """The table's commands; ``replace_after``: the seconds before ``/replace`` may."""
    starts = ", ".join(f"`/{g.name} start`" for g in games) or "`/<game> start`"
    return TABLE_HELP.format(starts=starts, replace=duration(replace_after))


def variant_text(game: Game, options: dict[str, Any]) -> str:
    """'`card-anytime` — …' for a table that plays a lobby variant, else ''."""
    key = options.get("variant")
    for v in game.texts.variants:
        if key and v.key == key:
            return f"`{v.key}` — {v.description}."
    return ""


def variant_line(game: Game, options: dict[str, Any]) -> str:
    """'🔀 Variant: `card-anytime` — …' (start message, /status), or ''."""
    text = variant_text(game, options)
    return f"🔀 Variant: {text}" if text else ""


def start_hint() -> str:
    """How to open a table, naming every registered game."""
    starts = [f"`/{name} start`" for name in game_names()]
    return ", ".join(starts[:-1]) + " or " + starts[-1] if len(starts) > 1 else "".join(starts)


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
    return text if text.endswith((".", "!", "?")) else text + "."


def duration(seconds: float) -> str:
    """A wait in words, rounded down: 'less than a minute', '40 minutes', '3 hours',
    '2 days and 5 hours'."""
    minutes = int(max(0.0, seconds) // 60)
    hours, days = minutes // 60, minutes // 1440

    def unit(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    if minutes < 1:
        return "less than a minute"
    if minutes < 60:
        return unit(minutes, "minute")
    if hours < 72:
        return unit(hours, "hour")
    rest = hours - days * 24
    return unit(days, "day") + (f" and {unit(rest, 'hour')}" if rest else "")


def plural(n: int, word: str) -> str:
    """'1 game', '2,040 games'."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def bold(name: str) -> str:
    return f"**{name}**"


# The "are you sure?" of the commands that cannot be taken back, one wording for every
# adapter (Discord asks with buttons, the local table with `yes`).

def resign_question(level: str) -> str:
    return (f"Resign? A computer player takes over your seat, at {level} level, and plays on "
            "until you take it back with `/join`.")


def replace_question(name: str, level: str) -> str:
    return (f"Hand {name}'s seat to a computer player, at {level} level? It plays on until "
            f"{name} comes back and takes the seat back with `/join`.")


def abandon_question(can_manage: bool, lobby: bool = False) -> str:
    if lobby:
        return "Close this lobby? Everyone seated at it leaves; a new table can open here."
    if can_manage:
        return "End this game now for everyone? You have Manage Channel, so it ends at once."
    return "Vote to abandon this game? It ends when every human player has voted."


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def excerpt(text: str, limit: int = ECHO_LIMIT) -> str:
    """A short, readable excerpt of what someone typed, to echo back: control and format
    characters dropped (no `\\u200d`), whitespace folded, cut at a character boundary
    that does not split a combining mark, with … when cut."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs")
                   or ch == "\n")
    kept = " ".join(kept.split()).replace("`", "'")
    if len(kept) <= limit:
        return kept
    cut = limit - 1
    while cut > 0 and unicodedata.combining(kept[cut]):
        cut -= 1
    return kept[:cut].rstrip() + "…"


def clip(text: str, limit: int = DISCORD_LIMIT) -> str:
    """Keep a message within Discord's limit, cutting whole lines from the middle (and a
    single monster line at its end)."""
    lines = [line if len(line) <= limit // 2 else line[: limit // 2 - 1] + "…"
             for line in text.split("\n")]
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head, tail = lines[:3], lines[3:]
    note = "… (earlier lines cut — see `/log`)"
    while tail and len("\n".join([*head, note, *tail])) > limit:
        tail.pop(0)
    return "\n".join([*head, note, *tail])[:limit]


def breakdown_text(parts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total" and v)


def standings_text(result: GameResult, names: list[str], final: bool, restart: str) -> str:
    """Scores best first with the per-category breakdown; the final one congratulates."""
    lines = ["🏁 **Game over — final scores**" if final else "**Standings**"]
    medals = ["🥇", "🥈", "🥉"]
    for seat, place in zip(result.ranking, result.places, strict=True):
        medal = medals[place - 1] if final and place <= len(medals) else f"{place}."
        parts = breakdown_text(result.breakdown[seat])
        lines.append(f"{medal} {bold(names[seat])} — {result.scores[seat]} VP"
                     + (f" ({parts})" if parts else ""))
    if result.tie_break:
        lines.append(name_seats(result.tie_break, names))
    if final:
        winners = join_names([names[s] for s in result.winners])
        shared = " — you share the win" if result.shared > 1 else ""
        lines.append(f"Congratulations, {winners}{shared}! `/rematch` plays again with the "
                     f"same rules, or start another game with {restart}.")
    return "\n".join(lines)
