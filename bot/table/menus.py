"""The menu tree of a click panel, for any game: how a game's choices (``Game.choices``, a
path of labels per move) fit messages of at most 4 rows of choices — a row is up to 5
buttons or one menu of up to 25 options — with a fifth row kept for Back / Your move.

At every node of the tree:

* up to 20 choices show flat, one button each, a row per first label when that fits;
* more, in a few groups (their first labels), show flat with a row per group — a row of
  buttons for a small one, menus for a big one — when that fits in 4 rows: one press
  still plays a move;
* else the groups themselves are offered (buttons, or menus when more than 20), and a
  press on a group opens the choices under it: from where -> to where -> how many;
* a long list with nothing to group it by is cut into runs ("A … K").

The tree depends on nothing but the list of choices, so it is rebuilt on every press and a
panel needs no memory: an item is addressed by its position (``"2.0.5"``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

PER_ROW = 5                      # buttons in a row
OPTIONS = 25                     # options in a menu
CHOICE_ROWS = 4                  # rows for choices; the fifth is for Back / Your move
BUTTONS = CHOICE_ROWS * PER_ROW  # 20
MENU_OPTIONS = CHOICE_ROWS * OPTIONS
LABEL = 80                       # characters on a button
OPTION_LABEL = 100               # characters in a menu option


@dataclass(slots=True)
class Entry:
    """A choice below a node: the labels left of its path, and its index in the choices.
    (Not frozen: a turn panel makes thousands, and a frozen dataclass's ``__init__`` is
    several times slower; nothing changes one after it is made.)"""

    rest: tuple[str, ...]
    index: int


@dataclass
class Leaf:
    label: str
    index: int


@dataclass
class Node:
    """A panel: its items in ``rows`` (item positions), each row a row of buttons or one
    menu (``kinds``: "buttons" / "menu"), a placeholder per row (menus show it)."""

    label: str
    items: list[Leaf | Node] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)    # labels common to all its items

    @property
    def trail(self) -> list[str]:
        """What this panel stands for, for its heading: its label and the labels every
        item below shares."""
        return [x for x in (self.label, *self.skipped) if x]

    @property
    def own(self) -> str:
        """The label of an item that is this node's path itself."""
        return self.skipped[-1] if self.skipped else self.label

    def add_row(self, positions: list[int], kind: str, placeholder: str = "") -> None:
        self.rows.append(positions)
        self.kinds.append(kind)
        self.placeholders.append(placeholder)

    @property
    def size(self) -> int:
        return sum(1 if isinstance(i, Leaf) else i.size for i in self.items)


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_detail(text: str, limit: int) -> str:
    """A move's description within ``limit``: when it reads "notation — effect" (as
    ``Game.describe`` says it should), the notation is cut, never the effect — the cost
    or gain a player reads it for ("… — to Market, pay 4 ships; +150 Cr")."""
    text = " ".join(text.split())
    head, sep, effect = text.partition(" — ")
    if len(text) <= limit or not sep or len(sep) + len(effect) + 2 > limit:
        return clip(text, limit)
    return clip(head, limit - len(sep) - len(effect)) + sep + effect


def _label(entry: Entry, own: str) -> str:
    return " ".join(entry.rest) or own


def _groups(entries: Sequence[Entry]) -> list[tuple[str, list[Entry]]]:
    """Entries by their first label, in order of first appearance."""
    out: dict[str, list[Entry]] = {}
    for e in entries:
        out.setdefault(e.rest[0] if e.rest else "", []).append(e)
    return list(out.items())


def _chunks(items: Sequence[int], size: int) -> list[list[int]]:
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def _button_rows(sizes: list[int]) -> list[list[int]]:
    """Item positions in rows of up to 5: a new row per group when there are groups and
    that fits in 4 rows, else packed in order."""
    total = sum(sizes)
    grouped = 1 < len(sizes) < total
    if grouped and sum(math.ceil(s / PER_ROW) for s in sizes) <= CHOICE_ROWS:
        rows: list[list[int]] = []
        start = 0
        for s in sizes:
            rows += _chunks(range(start, start + s), PER_ROW)
            start += s
        return rows
    return _chunks(range(total), PER_ROW)


def _span(first: str, last: str, limit: int = OPTION_LABEL) -> str:
    if first == last:
        return clip(first, limit)
    half = (limit - 3) // 2
    return f"{clip(first, half)} … {clip(last, half)}"


def _group_rows(size: int) -> int:
    """Rows a group takes shown flat beside others: a row of buttons when it fits, else
    menus of up to 25."""
    return 1 if size <= PER_ROW else math.ceil(size / OPTIONS)


def _flat(node: Node, entries: Sequence[Entry], groups: list[tuple[str, list[Entry]]],
          style: str) -> Node:
    """Every entry on this panel: buttons (a row per group when that fits), or a row per
    group — buttons for a small one, menus for a big one — or menus packed in order."""
    node.items = [Leaf(_label(e, node.own), e.index) for e in entries]
    if style == "buttons":
        for row in _button_rows([len(g) for _, g in groups]):
            node.add_row(row, "buttons")
        return node
    if len(groups) > 1 and sum(_group_rows(len(g)) for _, g in groups) <= CHOICE_ROWS:
        start = 0
        for name, group in groups:
            # a menu's placeholder names the group; a row of buttons has none, so its
            # labels keep the group's name
            if len(group) > PER_ROW:
                for i in range(start, start + len(group)):
                    rest = entries[i].rest[1:]
                    node.items[i] = Leaf(" ".join(rest) or name, entries[i].index)
            positions = list(range(start, start + len(group)))
            if len(group) <= PER_ROW:
                node.add_row(positions, "buttons")
            else:
                parts = _chunks(positions, OPTIONS)
                for k, part in enumerate(parts):
                    node.add_row(part, "menu", name + (f" ({k + 1}/{len(parts)})"
                                                       if len(parts) > 1 else ""))
            start += len(group)
        return node
    labels = [i.label for i in node.items]
    for row in _chunks(range(len(entries)), OPTIONS):
        node.add_row(row, "menu", _span(labels[row[0]], labels[row[-1]]))
    return node


def _chain(node: Node, groups: list[tuple[str, list[Entry]]]) -> Node:
    for name, group in groups:
        if len(group) == 1:
            node.items.append(Leaf(_label(group[0], node.own), group[0].index))
        else:
            inner = [Entry(e.rest[1:], e.index) for e in group]
            node.items.append(build(inner, name))
    if len(node.items) <= BUTTONS:
        for row in _chunks(range(len(node.items)), PER_ROW):
            node.add_row(row, "buttons")
        return node
    names = [i.label for i in node.items]
    for row in _chunks(range(len(node.items)), OPTIONS):
        node.add_row(row, "menu", _span(names[row[0]], names[row[-1]]))
    return node


def _runs(node: Node, entries: Sequence[Entry]) -> Node:
    """Too many to group: runs of the list, each a node of its own."""
    size = max(MENU_OPTIONS, math.ceil(len(entries) / BUTTONS))
    for part in _chunks(range(len(entries)), size):
        run = [entries[i] for i in part]
        label = _span(_label(run[0], node.own), _label(run[-1], node.own), LABEL)
        node.items.append(build(run, label))
    for row in _chunks(range(len(node.items)), PER_ROW):
        node.add_row(row, "buttons")
    return node


def build(entries: Sequence[Entry], label: str = "") -> Node:
    """The menu tree over ``entries`` (see the module's docstring)."""
    node = Node(label)
    # a label every entry starts with is no choice: skip it (the heading shows it)
    while (len(entries) > BUTTONS and entries[0].rest
           and all(e.rest[:1] == entries[0].rest[:1] for e in entries)):
        node.skipped.append(entries[0].rest[0])
        entries = [Entry(e.rest[1:], e.index) for e in entries]
    groups = _groups(entries)
    grouped = 1 < len(groups) < len(entries)
    if len(entries) <= BUTTONS:
        return _flat(node, entries, groups, "buttons")
    if grouped and sum(_group_rows(len(g)) for _, g in groups) <= CHOICE_ROWS:
        return _flat(node, entries, groups, "menus")
    if grouped and len(groups) <= BUTTONS:
        return _chain(node, groups)
    if len(entries) <= MENU_OPTIONS:
        return _flat(node, entries, groups, "menus")
    if grouped and len(groups) <= MENU_OPTIONS:
        return _chain(node, groups)
    return _runs(node, entries)


def tree(paths: Sequence[tuple[str, ...]]) -> Node:
    """The menu tree of a game's choices, given their paths in order."""
    return build([Entry(tuple(p), i) for i, p in enumerate(paths)])


def walk(root: Node, position: Sequence[int]) -> tuple[list[Node], Leaf | Node] | None:
    """The nodes passed and the item at ``position`` (item indices from the root); None
    when there is no such item."""
    trail = [root]
    item: Leaf | Node = root
    for i in position:
        if not isinstance(item, Node) or not 0 <= i < len(item.items):
            return None
        if item is not root:
            trail.append(item)
        item = item.items[i]
    return trail, item


def clicks(root: Node, index: int) -> int:
    """Presses from the root to the choice at ``index`` (1 when it shows at the root)."""
    def depth(node: Node) -> int | None:
        for item in node.items:
            if isinstance(item, Leaf) and item.index == index:
                return 1
            if isinstance(item, Node):
                d = depth(item)
                if d is not None:
                    return d + 1
        return None

    found = depth(root)
    if found is None:
        raise KeyError(index)
    return found
