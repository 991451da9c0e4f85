"""Navegador's moves: the small decisions a turn is made of, and their notation.

A turn is a sequence of steps: [card sail] -> rondel -> action. Each step is a move of its
own (what ``legal_moves`` lists); a ``Turn`` strings several together so a player can type
a whole turn at once (``sail POR>GUI x2, POR>BAH``), applied atomically.

``str(move)`` is the canonical notation; ``notation.parse`` reads it back.
"""

from __future__ import annotations

from typing import Literal

from rules.contract import Move


def _count(n: int) -> str:
    return f" x{n}" if n != 1 else ""


def multiset(items: tuple[str, ...], sep: str) -> str:
    """("GUI", "GUI", "BAH") -> "GUI x2, BAH" (first-seen order)."""
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return sep.join(f"{item}{_count(items.count(item))}" for item in seen)


class CardSail(Move):
    """Use the Navegador card: an extra Sail before the turn."""

    kind: Literal["card"] = "card"

    def __str__(self) -> str:
        return "card"


class Rondel(Move):
    """Move the rondel stone to ``space`` paying ships from ``pay`` regions."""

    kind: Literal["rondel"] = "rondel"
    space: int
    key: str
    pay: tuple[str, ...] = ()

    def pay_text(self) -> str:
        return f" pay {multiset(self.pay, ', ')}" if self.pay else ""

    def __str__(self) -> str:
        return f"{self.key}{self.pay_text()}"


class Units(Move):
    """Workers or Ships action: buy ``count`` workers/ships."""

    kind: Literal["units"] = "units"
    what: Literal["workers", "ships"]
    count: int

    def params(self) -> str:
        return str(self.count)

    def __str__(self) -> str:
        return f"{self.what} {self.count}"


class Path(Move):
    """``count`` ships leaving ``origin`` for ``dest`` by the shortest open route."""

    kind: Literal["path"] = "path"
    origin: str
    dest: str
    count: int = 1

    def __str__(self) -> str:
        return f"{self.origin}>{self.dest}{_count(self.count)}"


class Leg(Move):
    """One sailing order. Several paths only when they enter an unexplored region together."""

    kind: Literal["leg"] = "leg"
    paths: tuple[Path, ...]

    def params(self) -> str:
        return " + ".join(str(p) for p in self.paths)

    def __str__(self) -> str:
        return self.params()


class Done(Move):
    """End the current sail (or skip the action)."""

    kind: Literal["done"] = "done"

    def __str__(self) -> str:
        return "done"


class Skip(Move):
    """Move the stone but carry out no action."""

    kind: Literal["skip"] = "skip"

    def params(self) -> str:
        return "skip"

    def __str__(self) -> str:
        return "skip"


class Colony(Move):
    kind: Literal["colony"] = "colony"
    regions: tuple[str, ...]

    def params(self) -> str:
        return multiset(self.regions, ", ")

    def __str__(self) -> str:
        return f"colony {self.params()}"


class Build(Move):
    kind: Literal["build"] = "build"
    rows: tuple[str, ...]

    def params(self) -> str:
        return "+".join(self.rows)

    def __str__(self) -> str:
        return f"build {self.params()}"


class Process(Move):
    """Process ``good``: all its dedicated factories (or ``dedicated`` of them) + orange ones."""

    kind: Literal["process"] = "process"
    good: str
    orange: int = 0
    dedicated: int | None = None   # None = every dedicated factory of the good

    def __str__(self) -> str:
        text = self.good if self.dedicated is None else f"{self.good}:{self.dedicated}"
        if self.orange:
            text += "+orange" if self.orange == 1 else f"+{self.orange}orange"
        return text


class Market(Move):
    kind: Literal["market"] = "market"
    sell: tuple[str, ...] = ()
    process: tuple[Process, ...] = ()

    def params(self) -> str:
        parts = []
        if self.sell:
            parts.append("sell " + "+".join(self.sell))
        if self.process:
            parts.append("process " + "+".join(str(p) for p in self.process))
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"market {self.params()}"


class Privilege(Move):
    kind: Literal["privilege"] = "privilege"
    column: str

    def params(self) -> str:
        return self.column

    def __str__(self) -> str:
        return f"privilege {self.column}"


class King(Move):
    """Place the King's privilege before the final scoring."""

    kind: Literal["king"] = "king"
    column: str

    def __str__(self) -> str:
        return f"king {self.column}"


Step = CardSail | Rondel | Units | Leg | Done | Skip | Colony | Build | Market | Privilege | King
ACTION_STEPS = (Units, Colony, Build, Market, Privilege, Skip)


class Turn(Move):
    """Several steps typed as one command, applied all or nothing."""

    kind: Literal["turn"] = "turn"
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return format_steps(self.steps)


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """Canonical text of a step sequence, e.g. ``card POR>GUI x2; workers 2 pay GUI``."""
    segments: list[str] = []
    i = 0
    steps = list(steps)
    while i < len(steps):
        step = steps[i]
        if isinstance(step, CardSail):
            legs, i = _legs_until_done(steps, i + 1)
            if not legs and isinstance(steps[i - 1], Done):
                legs = "...; done"      # the card used with no leg: plain `card` stays open
            segments.append("card" + (" " + legs if legs else ""))
        elif isinstance(step, Rondel):
            nxt = steps[i + 1] if i + 1 < len(steps) else None
            if isinstance(nxt, ACTION_STEPS):
                segments.append(f"{step.key} {nxt.params()}{step.pay_text()}")
                i += 2
            elif isinstance(nxt, (Leg, Done)):
                legs, i = _legs_until_done(steps, i + 1)
                segments.append(f"{step.key} {legs or 'skip'}{step.pay_text()}")
            else:
                segments.append(str(step))
                i += 1
        elif isinstance(step, Leg):     # typed mid-sail, where bare legs keep it open
            legs, i = _legs_until_done(steps, i)
            segments.append(f"{legs}, done" if isinstance(steps[i - 1], Done) else legs)
        else:
            segments.append(str(step))
            i += 1
    return "; ".join(segments)


def _legs_until_done(steps: list[Step], i: int) -> tuple[str, int]:
    """Join legs from index i; swallow the closing Done. Returns (text, next index)."""
    legs: list[str] = []
    closed = False
    while i < len(steps) and isinstance(steps[i], (Leg, Done)):
        if isinstance(steps[i], Done):
            closed = True
            i += 1
            break
        legs.append(str(steps[i]))
        i += 1
    text = ", ".join(legs)
    if not closed:
        # an open sail: the legs were typed while sailing, without ending it
        text = text + " ..." if text else "..."
    return text, i
