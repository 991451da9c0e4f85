"""What the table says after a command: the plies played, who is next and what they should
do, the board picture and the turn panel — one reply, the same for every game."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection
from itertools import groupby
from typing import Any

from pydantic import BaseModel

from bot.pictures import Drawing, Drawn, Pictures
from bot.table import words
from bot.table.lobby import colour_hex
from bot.table.panels import Panels
from bot.table.replies import Reply
from bot.table.table import Table
from bot.table.tables import Play

PICTURE_FOLLOWS = "🖼️ The board picture follows in a moment."
PICTURE_BUSY = "🖼️ No picture this time (many boards are being drawn); `/board` shows it."
VIEWS = 256         # public views kept (one per live game is enough: the next move's "since")


def play_lines(table: Table, plays: list[Play]) -> list[str]:
    """One line per player's run of plies, then what happened, in public words."""
    lines: list[str] = []
    i = 0
    while i < len(plays):
        seat, user = plays[i].seat, plays[i].user
        group = [plays[i]]
        while (i + len(group) < len(plays)
               and (plays[i + len(group)].seat, plays[i + len(group)].user) == (seat, user)):
            group.append(plays[i + len(group)])
        icon = "🤖 " if user is None else ""
        notations = " · ".join(f"`{shown}`" + (f" ×{n}" if n > 1 else "")
                               for shown, n in runs([p.shown for p in group]))
        lines.append(f"{icon}{words.bold(table.names[seat])}: {notations}")
        lines += [f"• {words.event_line(e, table.names)}" for p in group for e in p.events
                  if not e.private]
        i += len(group)
    return lines


def runs(items: list[str]) -> list[tuple[str, int]]:
    """Repeats in a row counted once: a computer's three secret choices read
    ``makes secret setup choices`` ×3, not the same words three times."""
    return [(item, len(list(same))) for item, same in groupby(items)]


def private_events(table: Table, plays: list[Play]) -> dict[int, str]:
    """Events only their own seat may read, by the user to tell privately."""
    out: dict[int, list[str]] = {}
    for p in plays:
        for e in p.events:
            if e.private and e.seat is not None and table.seats[e.seat].user_id is not None:
                out.setdefault(table.seats[e.seat].user_id or 0, []).append(
                    "🔒 " + words.event_line(e, table.names))
    return {u: "\n".join(lines) for u, lines in out.items()}


def next_line(table: Table) -> str:
    """Who must act now and what they should do; the final scores once it is over."""
    g, state = table.game, table.state
    assert state is not None
    result = g.result(state)
    if result is not None:
        return words.standings_text(result, table.names, True, table.start_command)
    seats = g.waiting_on(state)
    if not seats:
        return ""
    progress = g.progress(state)
    head = f"➡️ {progress} — next" if progress else "➡️ Next"
    if len(seats) == 1:
        prompt = words.name_seats(g.prompt(state, seats[0]), table.names)
        return f"{head}: {words.bold(table.names[seats[0]])}: {prompt}."
    who = words.join_names([words.bold(table.names[s]) for s in seats])
    return f"{head}: {who}: {words.name_seats(g.prompt(state, None), table.names)}."


def notify(table: Table, mover: int | None = None, told: Collection[int] = ()) -> list[int]:
    """Whom a reply showing ``table`` pings: the users the game now waits for, but not the
    one who just moved nor those in ``told`` — waited for already before this reply (see
    ``waited_for``): they were pinged when it began to wait for them, and the reminders DM
    them, so in a phase where everyone chooses at once each other player's choice does not
    ping them again. Once the game is over, every player but the mover: the end is news for
    all, and a long game's players are not all watching the channel."""
    assert table.state is not None
    if table.game.result(table.state) is not None:
        return [s.user_id for s in table.seats if s.user_id is not None and s.user_id != mover]
    return [u for u in waiting_users(table) if u != mover and u not in told]


def waiting_users(table: Table) -> list[int]:
    assert table.state is not None
    users = [table.seats[s].user_id for s in table.game.waiting_on(table.state)]
    return [u for u in users if u is not None]


def waited_for(table: Table) -> set[int]:
    """The users the game waits for at ``table`` (taken before a change, as ``told``)."""
    return set(waiting_users(table))


class Narrator:
    """Builds replies with the board picture (drawn by ``pictures``, off the event loop —
    in worker processes or threads —, if ``render``)."""

    def __init__(self, render: bool = True, panels: Panels | None = None,
                 pictures: Pictures | None = None) -> None:
        self.render = render
        self.panels = panels or Panels()
        self.pictures = pictures or Pictures(wait=None)
        self._views: OrderedDict[tuple[int, int], tuple[BaseModel, BaseModel]] = OrderedDict()

    def public_view(self, table: Table) -> BaseModel:
        """The table's public view, kept by (game, version) with the very state object it
        was drawn from, so the picture after a move and the next move's "since" share it
        (the table cache hands the same state object on). Any other state — reloaded, or
        planted by a test at the same version — gets its own view."""
        assert table.state is not None
        key = (table.row.id, table.row.version)
        found = self._views.get(key)
        if found is not None and found[0] is table.state:
            self._views.move_to_end(key)
            return found[1]
        view = table.game.view(table.state, None)
        self._views[key] = (table.state, view)
        self._views.move_to_end(key)
        while len(self._views) > VIEWS:
            self._views.popitem(last=False)
        return view

    def since(self, table: Table) -> BaseModel | None:
        """The public view a move's picture shows the changes since — the table before
        the move —, or None when no picture will be drawn (nothing to build)."""
        return self.public_view(table) if self.render else None

    def start_picture(self, table: Table, since: Any = None) -> Drawing:
        """Start drawing the public board (``settle()`` it when the reply needs it)."""
        if not self.render or table.state is None:
            return Drawing()
        return self.pictures.submit(table.game.name, self.public_view(table), table.names,
                                    [colour_hex(s.colour) for s in table.seats], since)

    async def picture(self, table: Table, since: Any = None) -> Drawn:
        """The public board's picture, as ready as the pictures' ``wait`` allows."""
        return await self.start_picture(table, since).settle()

    async def board_reply(self, table: Table, lines: list[str], mover: int | None, *,
                          notify_next: bool = True, told: Collection[int] = (),
                          since: Any = None, drawing: Drawing | None = None) -> Reply:
        """The reply showing ``table``: ``lines``, the next player, the picture (``drawing``
        if the caller already started it) and the public turn panel. It pings the users
        the game now waits for (``notify_next``), except ``mover`` and those ``told``."""
        assert table.state is not None
        # the picture is sent off first and drawn elsewhere while the panel (the event
        # loop's own work) is built
        if drawing is None:
            drawing = self.start_picture(table, since)
        panel = self.panels.public(table)
        drawn = await drawing.settle()
        note = PICTURE_FOLLOWS if drawn.later is not None else PICTURE_BUSY if drawn.busy else ""
        lines = [*lines, next_line(table), note]
        return Reply(text=words.clip("\n".join(line for line in lines if line)),
                     image=drawn.image, image_later=drawn.later,
                     notify=notify(table, mover, told) if notify_next else [],
                     progress=table.game.progress(table.state),
                     panel=panel,
                     rematch=table.row.id if table.game.result(table.state) is not None
                     else None)
