"""Moves and their canonical notation (``str(move)``, which ``notation.parse`` reads back).

    place 7 recruit-2                       pass
    hire 2: turquoise violet violet + captain          hire captain
    buy 3,5          buy san-gabriel
    character coins 1 | bartolomeu | francisco | manuel 22 recruit-4 | sernigi natal-1 take 3
    send I-13 to mombasa-2, I-03 to mombasa-4           done
    merchant natal-1 take 3                 launch I-13 using turquoise violet missionary
    launch I-05 using grey orange; send I-05 to terra-2 take violet from 1

A single ``Send`` keeps the expedition open (``send … ...``); typed as a whole turn the
expedition closes after the last ship (``Turn`` adds the ``done``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from rules.contract import Move


class Bonus(BaseModel):
    """A landing bonus that needs a choice: a display project (Natal) or a sailor from a
    section or the bag (Terra de Boa Gente)."""

    model_config = {"frozen": True}

    kind: Literal["project", "sailor", "bag"]
    index: int = 0           # display position (1-based) or section number
    colour: str = ""

    def __str__(self) -> str:
        if self.kind == "project":
            return f"take {self.index}"
        if self.kind == "bag":
            return "take bag"
        return f"take {self.colour} from {self.index}"


def _bonus(bonus: Bonus | None) -> str:
    return f" take {str(bonus)[5:]}" if bonus else ""


class Place(Move):
    number: int
    area: str
    slot: int

    def __str__(self) -> str:
        return f"place {self.number} {self.area}-{self.slot}"


class Pass(Move):
    def __str__(self) -> str:
        return "pass"


class Hire(Move):
    section: int = 0
    sailors: tuple[str, ...] = ()
    captain: bool = False

    def __str__(self) -> str:
        if not self.sailors:
            return "hire captain" if self.captain else "hire none"
        text = f"hire {self.section}: {' '.join(self.sailors)}"
        return text + (" + captain" if self.captain else "")


class Buy(Move):
    tiles: tuple[int, ...] = ()
    san_gabriel: bool = False

    def __str__(self) -> str:
        if self.san_gabriel:
            return "buy san-gabriel"
        return "buy " + ",".join(str(t) for t in self.tiles)


class Coins(Move):
    space: int

    def __str__(self) -> str:
        return f"character coins {self.space}"


class Character(Move):
    who: Literal["manuel", "bartolomeu", "francisco", "sernigi"]
    number: int = 0          # Manuel: 21 or 22 for the extra disc
    area: str = ""           # Manuel: the action slot it goes to
    slot: int = 0
    landing: str = ""        # Sernigi: where the merchant ship goes now
    later: bool = False      # Sernigi: at the start of phase 3 instead
    bonus: Bonus | None = None

    def __str__(self) -> str:
        text = f"character {self.who}"
        if self.who == "manuel" and self.number:
            return f"{text} {self.number} {self.area}-{self.slot}"
        if self.who == "sernigi":
            if self.later:
                return f"{text} later"
            if self.landing:
                return f"{text} {self.landing}-{self.slot}{_bonus(self.bonus)}"
        return text


class Send(Move):
    """One ship of an expedition; the expedition stays open for more (or ``done``)."""

    ship: str
    landing: str
    slot: int
    bonus: Bonus | None = None

    def leg(self) -> str:
        return f"{self.ship} to {self.landing}-{self.slot}{_bonus(self.bonus)}"

    def __str__(self) -> str:
        return f"send {self.leg()} ..."


class Merchant(Move):
    landing: str
    slot: int
    bonus: Bonus | None = None

    def __str__(self) -> str:
        return f"merchant {self.landing}-{self.slot}{_bonus(self.bonus)}"


class Launch(Move):
    tile: str
    colours: tuple[str, ...]

    def __str__(self) -> str:
        return f"launch {self.tile} using {' '.join(self.colours)}"


class Done(Move):
    def __str__(self) -> str:
        return "done"


Step = Place | Pass | Hire | Buy | Coins | Character | Send | Merchant | Launch | Done


class Turn(Move):
    """Several decisions typed at once, applied atomically (all or none)."""

    steps: tuple[Step, ...]

    def __str__(self) -> str:
        parts: list[str] = []
        sends: list[Send] = []
        for step in self.steps:
            if isinstance(step, Send):
                sends.append(step)
                continue
            if sends:
                parts.append("send " + ", ".join(s.leg() for s in sends))
                sends = []
                if isinstance(step, Done):
                    continue
            parts.append(str(step))
        if sends:
            parts.append("send " + ", ".join(s.leg() for s in sends) + " ...")
        return "; ".join(parts)
