"""Neptun's moves and their canonical notation (``str(move)``, read back by notation.py).

    flip                          turn over the leftmost face-down contract
    take 3 slot 2                 take contract column 3 into chart slot 2
    oar #2                        choose (or, in an extra turn, play) the 2nd card of your hand
    sail CRE>ATH>COR pay 1        sail to Corinthus, paying 1 gold for a missing mile
    stay                          do not sail
    deliver 2 +temple             fulfil slot 2; pay 3 gold for one more temple space
    done                          end your turn without (another) delivery
    extra yes / extra no          take (or not) the extra turn 5-I or 5-II
    sail ATH; deliver 2           several decisions at once, separated by ';'

An oar card is named by its place in the owner's sorted hand (``#2``), so what a player's
notation means never depends on anyone else's hidden cards; players may also type its
values (``oar 6/-1``, ``oar 6``), which notation.py resolves to that place.
"""

from __future__ import annotations

from rules.contract import Move


class Flip(Move):
    def __str__(self) -> str:
        return "flip"


class Take(Move):
    column: int                      # 1-based, counted from the decks
    slot: int                        # 1-based, left to right

    def __str__(self) -> str:
        return f"take {self.column} slot {self.slot}"


class Oar(Move):
    index: int                       # 1-based place in the owner's sorted hand

    def __str__(self) -> str:
        return f"oar #{self.index}"


class Sail(Move):
    route: tuple[str, ...]           # cities from the ship's port to the destination
    pay: int = 0                     # gold paid for missing miles

    @property
    def dest(self) -> str:
        return self.route[-1]

    def __str__(self) -> str:
        if len(self.route) < 2:
            return "stay"
        text = "sail " + ">".join(self.route)
        return f"{text} pay {self.pay}" if self.pay else text


class Deliver(Move):
    slot: int                        # 1-based
    donate: bool = False

    def __str__(self) -> str:
        return f"deliver {self.slot}" + (" +temple" if self.donate else "")


class Done(Move):
    def __str__(self) -> str:
        return "done"


class Extra(Move):
    yes: bool

    def __str__(self) -> str:
        return "extra yes" if self.yes else "extra no"


Step = Flip | Take | Oar | Sail | Deliver | Done | Extra


class Turn(Move):
    """Several decisions typed at once, applied atomically."""

    steps: tuple[Step, ...]

    def __str__(self) -> str:
        return "; ".join(str(s) for s in self.steps)
