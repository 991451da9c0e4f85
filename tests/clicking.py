"""A player who only clicks: picks a choice the way the game's explorer policy weighs moves,
then reaches it through the panels the table shows — the public board's panel, or "Your
move" and the private panel — pressing only refs that the panel on screen carries.
Used by the panel tests and ``scripts/bench_panels.py`` (clicks per decision)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.table import TableService
from bot.table.menus import Leaf, Node
from bot.table.panels import YOUR_MOVE, Panel
from bot.table.table import Table


@dataclass
class Tally:
    clicks: int = 0
    decisions: int = 0          # single decisions played (steps of the moves)
    moves: int = 0              # presses that played a move
    opened: int = 0             # "Your move" presses
    went_on: int = 0            # moves made on a private panel that went on after the last
    per_move: list[int] = field(default_factory=list)
    # a seat's private panel that went on after its move (its turn continued), by seat
    carried: dict[int, Panel] = field(default_factory=dict)

    @property
    def per_decision(self) -> float:
        return self.clicks / self.decisions if self.decisions else 0.0


def position_of(root: Node, index: int) -> tuple[int, ...]:
    """Where choice ``index`` sits in the menu tree."""
    def find(node: Node, at: tuple[int, ...]) -> tuple[int, ...] | None:
        for i, item in enumerate(node.items):
            if isinstance(item, Leaf) and item.index == index:
                return (*at, i)
            if isinstance(item, Node):
                found = find(item, (*at, i))
                if found is not None:
                    return found
        return None

    found = find(root, ())
    assert found is not None, index
    return found


def ref_on(panel: Panel, position: tuple[int, ...]) -> str:
    """The ref on ``panel`` for the item at ``position`` (a group or a move)."""
    body = ".".join(map(str, position))
    for ref in panel.refs():
        if ref == "n" + body or ref.startswith("m" + body + "!"):
            return ref
    raise AssertionError(f"no item {body} on the panel:\n{panel.describe()}")


def pick(table: Table, seat: int, choices: list, rng: random.Random) -> int:
    assert table.state is not None
    weights = [max(0.0, table.game.weight(table.state, seat, c.move)) for c in choices]
    if not any(weights):
        weights = [1.0] * len(choices)
    return rng.choices(range(len(choices)), weights)[0]


async def click_one(service: TableService, channel: int, users: dict[int, int],
                    rng: random.Random, tally: Tally) -> bool:
    """One move by clicks for a seat the game waits for. False once the game is over."""
    table = await service.table(channel)
    assert table.state is not None
    g = table.game
    acting = [s for s in g.waiting_on(table.state) if table.seats[s].human]
    if not acting or table.row.status != "active":
        return False
    seat = rng.choice(acting)
    user = users[seat]
    panel = service.panels.public(table)
    assert panel is not None
    clicks = 0
    carried = tally.carried.pop(seat, None)
    if carried is not None and carried.version == table.row.version:
        panel = carried                   # the turn goes on where it was played
        tally.went_on += 1
    elif panel.seat != seat:
        assert panel.refs() and YOUR_MOVE in panel.refs(), panel.describe()
        out = await service.press(panel.game_id, panel.version, panel.seat, YOUR_MOVE, user)
        assert out.panel is not None and out.panel.private
        panel = out.panel
        clicks += 1
        tally.opened += 1
    offer = service.panels.offer(table, seat)
    index = pick(table, seat, offer.choices, rng)
    target = position_of(offer.root, index)
    for depth in range(1, len(target) + 1):
        ref = ref_on(panel, target[:depth])
        out = await service.press(panel.game_id, panel.version, panel.seat, ref, user)
        clicks += 1
        if ref.startswith("n"):
            assert out.panel is not None, out.note
            panel = out.panel
            continue
        assert out.reply is not None, out.note
        if panel.private and out.panel is not None:
            assert out.panel.seat == seat and out.panel.private
            tally.carried[seat] = out.panel
        tally.clicks += clicks
        tally.moves += 1
        tally.decisions += len(g.steps(offer.choices[index].move))
        tally.per_move.append(clicks)
        return True
    raise AssertionError("the path ended on a group")


async def click_game(service: TableService, channel: int, users: dict[int, int],
                     rng: random.Random, limit: int = 100_000,
                     stop_after: int | None = None) -> Tally:
    """Click until the game is over (or ``stop_after`` moves); ``users``: seat -> user id
    of every human seat."""
    tally = Tally()
    for _ in range(limit if stop_after is None else stop_after):
        if not await click_one(service, channel, users, rng, tally):
            return tally
    if stop_after is not None:
        return tally
    raise AssertionError(f"no end after {limit} moves")
