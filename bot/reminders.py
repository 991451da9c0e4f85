"""Turn reminders: who to remind, and the DM text. Schedules live in the store
(``reminders`` table), so a restart loses none; the adapter polls ``due_reminders``."""

from __future__ import annotations

from pydantic import BaseModel

from bot.store import MoveRow
from rules import Game

LEASE = 300.0     # seconds a reminder handed to the adapter stays claimed
RETRY = 900.0     # seconds before retrying a DM that failed for another reason
DM_LIMIT = 1900


def waiting_on(game: Game, state: BaseModel) -> list[int]:
    """Seats the game is waiting for. A card holder who *may* act before the current
    player's turn is not waited for (and is not reminded)."""
    seats = game.to_act(state)
    current = getattr(state, "current", None)
    if current in seats and getattr(state, "step", "") != "king":
        return [current]
    return seats


def board_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


def since_last_turn(moves: list[MoveRow], user_id: int, names: list[str]) -> list[str]:
    """What the others did since ``user_id`` last moved, one line per move."""
    last = max((i for i, m in enumerate(moves) if m.user_id == user_id), default=-1)
    lines = []
    for m in moves[last + 1:]:
        who = names[m.seat] if 0 <= m.seat < len(names) else f"seat {m.seat + 1}"
        detail = m.summary.replace("\n", " ") if m.summary else ""
        lines.append(f"• {who}: `{m.notation}`" + (f" — {detail}" if detail else ""))
    return lines


def reminder_text(title: str, channel_id: int, link: str, follow_up: bool,
                  prompt: str, happened: list[str]) -> str:
    head = ("⏰ Still your turn" if follow_up else "⚓ It is your turn")
    lines = [f"{head} in **{title}** in <#{channel_id}> — {prompt}.", f"Board: {link}"]
    if happened:
        lines.append("Since your last turn:")
        budget = DM_LIMIT - sum(len(x) + 1 for x in lines) - 40
        kept: list[str] = []
        for line in reversed(happened):
            if budget - len(line) - 1 < 0:
                kept.append(f"… and {len(happened) - len(kept)} earlier moves")
                break
            budget -= len(line) + 1
            kept.append(line)
        lines += reversed(kept)
    lines.append("Reply in the channel with a move (e.g. `/hire 2`); `/notify off` stops these.")
    return "\n".join(lines)
