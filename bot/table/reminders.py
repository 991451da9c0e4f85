"""Turn reminders: who to remind, and the DM text. Schedules live in the store
(``reminders`` table), so a restart loses none. Each due reminder is *claimed* in one
transaction before it is sent, so two bot processes (or two passes) never send the same
DM twice; a claim is a lease that runs out if the sender dies."""

from __future__ import annotations

import logging
from datetime import datetime

from bot.store import MoveRow, ReminderRow
from bot.table import words
from bot.table.narrate import Narrator
from bot.table.replies import Reminder
from bot.table.tables import Tables

log = logging.getLogger(__name__)

LEASE = 300.0     # seconds a claimed reminder stays with its sender
RETRY = 900.0     # seconds before retrying a DM that failed for another reason
SPENT = 253_402_300_799.0    # 9999-12-31: the due time of a wait's reminders once the
                             # follow-up is sent (never due; both databases keep it)
DM_LIMIT = 1900
PRIVATE_LIMIT = 600
LINE_LIMIT = 300   # characters of one move since the player's last turn
SINCE = 60         # the moves read for 'Since your last turn'
MORE = "… (the rest: `/hand`)"


def board_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


def since_last_turn(moves: list[MoveRow], user_id: int, names: list[str]) -> list[str]:
    """What the others did since ``user_id`` last moved, one line per move."""
    last = max((i for i, m in enumerate(moves) if m.user_id == user_id), default=-1)
    lines: list[str] = []
    repeats: list[int] = []         # how many times each line came in a row
    for m in moves[last + 1:]:
        who = names[m.seat] if 0 <= m.seat < len(names) else f"seat {m.seat + 1}"
        detail = m.summary.replace("\n", " ") if m.summary else ""
        line = f"• {who}: `{m.shown}`" + (f" — {detail}" if detail else "")
        if lines and lines[-1] == line:     # a computer's secret choices, one after another
            repeats[-1] += 1
        else:
            lines.append(line)
            repeats.append(1)
    return [line if n == 1 else f"{line} (×{n})" for line, n in zip(lines, repeats,
                                                                     strict=True)]


def top_lines(text: str, limit: int) -> str:
    """The first whole lines of a private text (a hand lists what matters first), and
    where the rest is — not lines cut from its middle."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    used = 0                        # the characters of the lines kept, a newline each
    for line in text.split("\n"):
        if used + len(line) > limit - len(MORE) - 1:
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join([*kept, MORE])


def reminder_text(title: str, channel_id: int, link: str, follow_up: bool, prompt: str,
                  happened: list[str], example: str, private: str = "", tables: int = 1,
                  earlier: bool = False, first: bool = False) -> str:
    """The turn DM. ``private``: what only this player may see (their hand), when their
    choice depends on it — a DM is private, so it can say what the channel never does.
    ``tables``: how many tables the player sits at (more than one: `/mygames` lists them).
    ``earlier``: more moves came since the player's last turn than ``happened`` lists.
    ``first``: the player has not moved yet: ``happened`` is the game so far."""
    head = ("⏰ Still your turn" if follow_up else "⚓ It is your turn")
    lines = [f"{head} in **{title}** in <#{channel_id}> — {prompt}.", f"Board: {link}"]
    if private:
        lines.append(top_lines(private, PRIVATE_LIMIT))
    hint = f" ({example})" if example else ""
    mine = f"`/mygames` lists your {tables} tables; " if tables > 1 else ""
    last = (f"Choose below, or reply in the channel with a move{hint}; {mine}"
            "`/notify off` stops these.")
    if happened:
        lines.append("So far:" if first else "Since your last turn:")
        # the room left by everything else, the last line and the "… and N earlier
        # moves" line included (measured, not guessed: an overflow made ``clip`` cut
        # lines after the third, i.e. in the player's hand)
        more = "more than " if earlier else ""
        budget = (DM_LIMIT - sum(len(x) + 1 for x in lines) - len(last)
                  - len(f"… and {more}{len(happened)} earlier moves") - 1)
        kept: list[str] = []
        for line in reversed(happened):
            line = line if len(line) <= LINE_LIMIT else line[:LINE_LIMIT - 1] + "…"
            if budget - len(line) - 1 < 0:
                kept.append(f"… and {more}{len(happened) - len(kept)} earlier moves")
                break
            budget -= len(line) + 1
            kept.append(line)
        else:
            if earlier:
                kept.append("… and earlier moves")
        lines += reversed(kept)
    lines.append(last)
    return words.clip("\n".join(lines), DM_LIMIT)


class ReminderDesk:
    def __init__(self, tables: Tables, narrator: Narrator | None = None) -> None:
        self.tables = tables
        self.narrator = narrator or Narrator(render=False)

    async def due(self, now: float | datetime | None = None,
                  pictures: bool = True) -> list[Reminder]:
        """DMs due now, claimed for this caller; call ``done`` after trying each. With
        ``pictures``, each carries the board picture (waited for: a DM is no reply)."""
        when = now.timestamp() if isinstance(now, datetime) else (
            self.tables.clock() if now is None else float(now))
        store = self.tables.store
        out: list[Reminder] = []
        for r in await store.claim_reminders(when, LEASE):
            try:
                reminder = await self._reminder(r, pictures)
            except Exception:
                # one table that cannot be loaded or drawn holds up no other DM claimed
                # with it (an escaping error dropped the whole pass, every pass): its own
                # is tried again later
                log.exception("reminder %s (game %s): not sent", r.id, r.game_id)
                await store.reschedule(r.id, when + RETRY)
                continue
            if reminder is not None:
                out.append(reminder)
        return out

    async def _reminder(self, r: ReminderRow, pictures: bool) -> Reminder | None:
        """The DM of a claimed reminder, or None (its row dropped) when it is owed no more."""
        store = self.tables.store
        row = await store.game(r.game_id)
        # read after the claim: a game abandoned since (while this pass drew others) owes none
        table = await self.tables.load(row) if row and row.status == "active" else None
        if table is None or table.state is None:
            await store.reschedule(r.id, None)
            return None
        seat = table.seat_of(r.user_id)
        g = table.game
        if seat is None or seat not in g.waiting_on(table.state):
            await store.reschedule(r.id, None)
            return None
        moves = await store.last_moves(table.row.id, SINCE)
        mine = any(m.user_id == r.user_id for m in moves)
        text = reminder_text(
            g.title, table.row.channel_id,
            board_link(table.row.guild_id, table.row.channel_id,
                       table.row.board_message_id),
            r.kind == "follow-up",
            words.name_seats(g.prompt(table.state, seat), table.names),
            since_last_turn(moves, r.user_id, table.names), g.texts.examples,
            private=words.name_seats(g.private_text(table.state, seat), table.names)
            if g.choices_private(table.state, seat) else "",
            tables=len(await store.open_games_of(r.user_id)),
            earlier=len(moves) == SINCE and not mine,
            first=len(moves) < SINCE and not mine)
        drawn = await self.narrator.picture(table) if pictures else None
        return Reminder(user_id=r.user_id, channel_id=table.row.channel_id,
                        guild_id=table.row.guild_id, text=text, id=r.id,
                        game_id=table.row.id, kind=r.kind,
                        panel=self.narrator.panels.for_seat(table, seat),
                        image=await drawn.finished() if drawn else None)

    async def done(self, reminder: Reminder, delivered: bool, dm_closed: bool = False) -> None:
        """Record a DM attempt: delivered -> schedule the follow-up (or finish);
        ``dm_closed`` (Discord error 50007) -> mark the user: no DMs until `/notify on`."""
        now = self.tables.clock()
        store = self.tables.store
        if dm_closed:
            await store.set_prefs(reminder.user_id, now, dm_closed=True)
            # the user's rows stay (claims skip a user whose DMs are closed): `/notify on`
            # tries again, this DM included, though nothing moved meanwhile
            await store.reschedule(reminder.id, now)
        elif not delivered:
            await store.reschedule(reminder.id, now + RETRY)
        elif reminder.kind == "first":
            await store.reschedule(reminder.id, now + self.tables.follow_up, "follow-up")
        else:
            # spent, not deleted: while the row stays, a change by another player (in a
            # phase where all choose at once) starts no new "first" DM for the same wait,
            # and its ``created`` still says since when the game has waited on them
            await store.reschedule(reminder.id, SPENT)
