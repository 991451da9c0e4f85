"""``/mygames``: every table a player sits at, wherever it is — the games waiting on them
first, with what to do and how long they have waited on them, then the others and the
lobbies, and the games in which a computer plays a seat of theirs they may take back.
Someone playing several long games at once sees in one place where they are needed.
Only what the channels show anyway: whose turn it is, the game's progress, public prompts.
"""

from __future__ import annotations

from bot.store import GameRow
from bot.table import words
from bot.table.reclaim import reclaimable
from bot.table.reminders import board_link
from bot.table.replies import Reply
from bot.table.table import Table
from bot.table.tables import Tables
from rules import get_game

LOOKED = 100             # tables looked at at most (the most recently changed)


async def my_games(tables: Tables, user_id: int) -> Reply:
    rows = await tables.store.open_games_of(user_id)
    taken = [line for row in await tables.store.games_taken_over_from(user_id)
             if (line := await taken_line(tables, row, user_id))]
    if not rows and not taken:
        return Reply(text="You are not seated at any table. Open one with "
                          f"{words.start_hint()}, or `/join` a lobby.", ephemeral=True)
    now = tables.clock()
    looked = rows[:LOOKED]
    # since when each game has waited on the player: their reminder row keeps it (one query)
    since = await tables.store.waiting_since(
        user_id, [row.id for row in looked if row.status != "lobby"])
    mine: list[tuple[float, str]] = []
    others: list[str] = []
    # every table is looked at before any is listed: one waiting on the player comes first
    # however long ago it last changed, the one waiting longest (most overdue) at the top
    for row in looked:
        if row.status == "lobby":
            others.append(await lobby_line(tables, row, user_id))
            continue
        table = await tables.load(row)
        began = since.get(row.id, row.updated)
        line, waiting = game_line(table, user_id, now, began)
        if waiting:
            mine.append((began, line))
        else:
            others.append(line)
    mine.sort(key=lambda waited: waited[0])
    total = len(rows) + len(taken)
    head = f"🧭 **Your tables** ({total})" + (
        f" — {len(mine)} waiting on you" if mine else " — none is waiting on you")
    # the seats computers play for the player last: the games go on without them
    return Reply(text=fitted(head, [line for _, line in mine] + others + taken, total),
                 ephemeral=True)


def fitted(head: str, lines: list[str], total: int) -> str:
    """``head`` and as many whole ``lines`` as one message holds, then how many more."""
    kept = [head]
    size = len(head)
    for i, line in enumerate(lines):
        rest = total - i - 1            # the tables after this line, if it is kept
        more = len(f"\n… and {rest} more.") if rest else 0
        if size + 1 + len(line) + more > words.DISCORD_LIMIT:
            break
        kept.append(line)
        size += 1 + len(line)
    if total > len(kept) - 1:
        kept.append(f"… and {total - len(kept) + 1} more.")
    return "\n".join(kept)


def where(row: GameRow) -> str:
    return f"<#{row.channel_id}> {get_game(row.game).title}"


async def lobby_line(tables: Tables, row: GameRow, user_id: int) -> str:
    seats = await tables.store.seats(row.id)
    low, high = get_game(row.game).player_range(row.options)
    short = low - len(seats)            # players still needed before it can start
    hint = ""
    if row.host_id == user_id:
        hint = (" — you are the host: `/start` when ready" if short <= 0 else
                f" — needs {words.plural(short, 'more player')}: `/addbot` or invite someone")
    return f"• {where(row)} — lobby, {len(seats)} of {high} seats{hint}"


async def taken_line(tables: Tables, row: GameRow, user_id: int) -> str:
    """The line of a game in which a computer plays a seat that was the player's, when
    ``/join`` there would give it back (reclaim's rule); else ''."""
    if reclaimable(await tables.load(row), user_id) is None:
        return ""
    return f"• {where(row)} — a computer plays your seat; `/join` there to take it back"


def game_line(table: Table, user_id: int, now: float, since: float) -> tuple[str, bool]:
    """The game's line, and whether it waits on ``user_id`` — since ``since`` if it does
    (when the wait on them began, else when the game last changed)."""
    g, state, row = table.game, table.state, table.row
    assert state is not None
    seat = table.seat_of(user_id)
    waiting = g.waiting_on(state)
    progress = g.progress(state)
    link = f"[board]({board_link(row.guild_id, row.channel_id, row.board_message_id)})"
    at = f" ({progress})" if progress else ""
    if seat in waiting:
        prompt = words.name_seats(g.prompt(state, seat), table.names)
        waited = words.duration(max(0.0, now - since))
        return (f"⏳ {where(row)}{at} — **your turn** (waiting on you for {waited}): {prompt}"
                f" · {link}", True)
    who = words.join_names([table.names[s] for s in waiting]) or "nobody"
    return f"• {where(row)}{at} — waiting on {who} · {link}", False
