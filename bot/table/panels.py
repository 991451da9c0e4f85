"""Turn panels, transport-free: which choices a seat is offered, in which order, as which
rows of buttons or menus, for whom, in public or only privately — as plain data an adapter
turns into components (``bot/discord/panels.py`` on Discord).

A panel is a node of the game's menu tree (``bot.table.menus``) for one seat at one
version of the game. Every item carries a *ref*, which a press sends back with the game id,
the version and the seat:

* ``n2.0`` — the group at position 2.0: open the choices under it;
* ``m2.0.5!1a2b3c`` — the choice at 2.0.5, whose notation hashes to ``1a2b3c``: play it;
* ``y`` — "Your move": open the presser's own panel, privately.

The tree is rebuilt from the state, which the version pins, so panels need no memory and
keep working after a restart. Choices that could reveal anything hidden — the game says so
(``choices_private``), or they differ between two states a spectator cannot tell apart —
are never put on a public panel: it carries a "Your move" button instead.
"""

from __future__ import annotations

import hashlib
import random
from collections import OrderedDict
from dataclasses import dataclass

from pydantic import BaseModel

from bot.table import menus, words
from bot.table.table import Table
from rules import Choice, Game

YOUR_MOVE = "y"
ROOT = "n"
DESCRIPTION = 100
CACHE = 256
TWINS = 4           # states a spectator cannot tell apart, compared by legal moves


@dataclass(frozen=True)
class Button:
    """``style``: "move" (plays a move), "group" (opens more), "back", "open"."""

    label: str
    ref: str
    style: str = "move"


@dataclass(frozen=True)
class Option:
    label: str
    ref: str
    description: str = ""


@dataclass(frozen=True)
class Menu:
    """A select menu: one press on an option plays it (or opens it, for a group)."""

    key: str            # tells the menus of one panel apart
    placeholder: str
    options: tuple[Option, ...]


Row = tuple[Button, ...] | Menu


@dataclass(frozen=True)
class Panel:
    """What one message shows: ``rows`` for ``seat`` of game ``game_id`` at ``version``.
    ``seat`` None: a panel anyone to act may press (only "Your move"). ``private``: the
    choices are for the seat's eyes only (an ephemeral message or a DM)."""

    game_id: int
    version: int
    seat: int | None
    heading: str
    rows: tuple[Row, ...]
    private: bool = False

    def refs(self) -> list[str]:
        out: list[str] = []
        for row in self.rows:
            out += [o.ref for o in row.options] if isinstance(row, Menu) else [b.ref for b in row]
        return out

    def describe(self) -> str:
        """The panel as text, a line per row (for the terminal, the demo and tests)."""
        lines = [self.heading] if self.heading else []
        for row in self.rows:
            if isinstance(row, Menu):
                lines.append(f"  ▾ {row.placeholder} [{len(row.options)}]: "
                             + " | ".join(o.label for o in row.options))
            else:
                lines.append("  " + " ".join(f"[{_shown(b)}]" for b in row))
        return "\n".join(lines)


def _shown(button: Button) -> str:
    return f"{button.label} ▸" if button.style == "group" else button.label


def digest(notation: str) -> str:
    return hashlib.blake2s(notation.encode(), digest_size=3).hexdigest()


def position_ref(position: list[int] | tuple[int, ...]) -> str:
    return ROOT + ".".join(str(i) for i in position)


def parse_ref(ref: str) -> tuple[str, tuple[int, ...], str] | None:
    """(kind, position, hash) from a ref; None when it is not one of ours."""
    if ref == YOUR_MOVE:
        return YOUR_MOVE, (), ""
    kind, body = ref[:1], ref[1:]
    body, _, check = body.partition("!")
    if kind not in ("n", "m") or len(body) > 60:
        return None
    try:
        position = tuple(int(i) for i in body.split(".")) if body else ()
    except ValueError:
        return None
    return kind, position, check


@dataclass
class Offer:
    """A seat's choices and their menu tree, at one version; ``private`` once known."""

    choices: list[Choice]
    root: menus.Node
    private: bool | None = None


class Panels:
    """Builds panels, with the menu trees of recent (game, version, seat)s kept."""

    def __init__(self, size: int = CACHE) -> None:
        self.size = size
        self._offers: OrderedDict[tuple[int, int, int], Offer] = OrderedDict()

    def offer(self, table: Table, seat: int) -> Offer:
        key = (table.row.id, table.row.version, seat)
        found = self._offers.get(key)
        if found is not None:
            self._offers.move_to_end(key)
            return found
        assert table.state is not None
        offer = make_offer(table.game, table.state, seat)
        self._offers[key] = offer
        while len(self._offers) > self.size:
            self._offers.popitem(last=False)
        return offer

    # Panels -------------------------------------------------------------------------

    def for_seat(self, table: Table, seat: int, position: tuple[int, ...] = (),
                 private: bool = True) -> Panel:
        """The seat's choices at ``position`` of its menu tree (the root by default)."""
        assert table.state is not None
        offer = self.offer(table, seat)
        found = menus.walk(offer.root, position)
        if found is None or not isinstance(found[1], menus.Node):
            position, found = (), ([offer.root], offer.root)
        trail, node = found
        rows = node_rows(table.game, table.state, seat, offer, node, position)
        if position:
            rows.append((Button("◂ Back", position_ref(position[:-1]), "back"),))
        nodes = [*trail, node] if node is not offer.root else [node]
        heading = seat_heading(table, seat, [x for n in nodes for x in n.trail])
        return Panel(table.row.id, table.row.version, seat, heading, tuple(rows), private)

    def public(self, table: Table) -> Panel | None:
        """The panel for the public board message: the one waiting seat's choices when
        nothing in them is hidden, with "Your move" for anyone else who may act; else only
        "Your move" (each player's choices then open privately). None once it is over."""
        if table.state is None or table.row.status not in ("active", "finished"):
            return None
        g, state = table.game, table.state
        humans = [s for s in g.to_act(state) if table.seats[s].human]
        if not humans:
            return None
        waiting = [s for s in g.waiting_on(state) if table.seats[s].human]
        opener = (Button("🔒 Your move", YOUR_MOVE, "open"),)
        if len(waiting) == 1 and not self.private(table, waiting[0]):
            panel = self.for_seat(table, waiting[0], private=False)
            others = [s for s in humans if s != waiting[0]]
            rows = panel.rows + ((opener,) if others else ())
            return Panel(panel.game_id, panel.version, panel.seat, "", rows)
        return Panel(table.row.id, table.row.version, None, "", (opener,))

    def private(self, table: Table, seat: int) -> bool:
        """May the seat's choices be seen only by its player?"""
        assert table.state is not None
        g, state = table.game, table.state
        offer = self.offer(table, seat)
        if offer.private is None:
            offer.private = g.choices_private(state, seat) or (
                not g.moves_public and hidden_in(g, state, seat))
        return offer.private


def make_offer(game: Game, state: BaseModel, seat: int) -> Offer:
    choices = list(game.choices(state, seat))
    seen: set[tuple[str, ...]] = set()
    kept: list[Choice] = []
    for c in choices:                        # distinct, non-empty paths
        path = tuple(p for p in c.path if p) or (str(c.move),)
        if path not in seen:
            seen.add(path)
            kept.append(Choice(path, c.move))
    return Offer(kept, menus.tree([c.path for c in kept]))


def hidden_in(game: Game, state: BaseModel, seat: int) -> bool:
    """Do the seat's legal moves differ between this state and a few a spectator cannot
    tell from it (``determinize``)? Then a public panel would show something hidden. A
    safety net for games that forget ``choices_private``: several twins, so that one
    which happens to deal the same hidden cards does not hide the difference (the test
    suite compares whole public panels of twins for every registered game)."""
    rng = random.Random(seat)
    moves: list[str] | None = None
    for _ in range(TWINS):
        twin = game.determinize(state, None, rng)
        if twin is state:
            return False
        if moves is None:
            moves = [str(m) for m in game.legal_moves(state, seat)]
        if [str(m) for m in game.legal_moves(twin, seat)] != moves:
            return True
    return False


def node_rows(game: Game, state: BaseModel, seat: int, offer: Offer, node: menus.Node,
              position: tuple[int, ...]) -> list[Row]:
    """The rows of buttons or menus showing ``node``'s items."""
    def ref(i: int) -> str:
        item = node.items[i]
        where = (*position, i)
        if isinstance(item, menus.Leaf):
            move = offer.choices[item.index].move
            return "m" + ".".join(map(str, where)) + "!" + digest(str(move))
        return position_ref(where)

    rows: list[Row] = []
    for k, positions in enumerate(node.rows):
        if node.kinds[k] == "buttons":
            rows.append(tuple(
                Button(menus.clip(node.items[i].label, menus.LABEL), ref(i),
                       "move" if isinstance(node.items[i], menus.Leaf) else "group")
                for i in positions))
            continue
        options = []
        for i in positions:
            item = node.items[i]
            if isinstance(item, menus.Leaf):
                move = offer.choices[item.index].move
                text = " ".join(game.describe(state, seat, move).split())
                detail = "" if text == item.label else text
            else:
                detail = f"{item.size} choices ▸"
            options.append(Option(menus.clip(item.label, menus.OPTION_LABEL), ref(i),
                                  menus.clip_detail(detail, DESCRIPTION) if detail else ""))
        rows.append(Menu(f"{position_ref(position)}/{k}",
                         menus.clip(node.placeholders[k] or "Choose…", 150), tuple(options)))
    return rows


def seat_heading(table: Table, seat: int, trail: list[str]) -> str:
    """"**Ann** — choose a rondel action · build ›" for a private or DM panel."""
    assert table.state is not None
    prompt = words.name_seats(table.game.prompt(table.state, seat), table.names)
    head = f"{words.bold(table.names[seat])} — {prompt}"
    return head + (" · " + " › ".join(trail) + " ›" if trail else "")


def resolve(offer: Offer, position: tuple[int, ...], check: str) -> Choice | None:
    """The choice a "play" ref names, if it still names the same move."""
    found = menus.walk(offer.root, position)
    if found is None or not isinstance(found[1], menus.Leaf):
        return None
    choice = offer.choices[found[1].index]
    return choice if digest(str(choice.move)) == check else None
