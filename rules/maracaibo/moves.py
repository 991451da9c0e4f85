"""Every single decision of Maracaibo as a move, and ``Turn``: several typed at once.

``str(move)`` is the canonical notation (the move log stores it; ``notation.parse`` reads
it back). Cards are named by instance (``A03a``), nations, goods and synergy symbols by
their lower-case English names.
"""

from __future__ import annotations

from typing import Literal

from rules.contract import Move


class Plan(Move):
    card: str

    def __str__(self) -> str:
        return f"plan {self.card}"


class Keep(Move):
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "keep " + " ".join(self.cards)


class ChooseCareer(Move):
    career: str

    def __str__(self) -> str:
        return f"career {self.career}"


class Claim(Move):
    task: int                       # 1-based
    cond: str = "a"                 # which of the two conditions is met: a or b

    def __str__(self) -> str:
        return f"career {self.task}{self.cond}"


class Sail(Move):
    dest: str
    via: str = ""                   # the first location after a fork, when it matters

    def __str__(self) -> str:
        return f"sail {self.dest}" + (f" via {self.via}" if self.via else "")


class Village(Move):
    action: Literal["discard", "take", "buy", "invest"]
    target: str = ""

    def __str__(self) -> str:
        if self.action == "take":
            return "village take 1" + (f" {self.target}" if self.target else "")
        return f"village {self.action}" + (f" {self.target}" if self.target else "")


class Deliver(Move):
    good: str
    card: str

    def __str__(self) -> str:
        return f"deliver {self.good.lower()} {self.card}"


class City(Move):
    def __str__(self) -> str:
        return "city"


class QuestMove(Move):
    quest: str
    pay: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"quest {self.quest}" + (" pay " + " ".join(self.pay) if self.pay else "")


class Assist(Move):
    card: str

    def __str__(self) -> str:
        return f"assistant {self.card}"


class FightPile(Move):
    pile: int

    def __str__(self) -> str:
        return f"fight {self.pile}"


class FightNation(Move):
    nation: str
    card: str = ""                  # the hand card discarded when the token asks an object

    def __str__(self) -> str:
        from rules.maracaibo.data import load_data

        name = load_data().nation_name(self.nation).lower()
        return f"fight {name}" + (f" with {self.card}" if self.card else "")


class FightInfluence(Move):
    steps: int

    def __str__(self) -> str:
        return f"fight influence {self.steps}"


class FightAnnex(Move):
    loc: str

    def __str__(self) -> str:
        return f"fight annex {self.loc}"


class FightFigures(Move):
    n: int

    def __str__(self) -> str:
        return f"fight figures {self.n}"


class FightDone(Move):
    def __str__(self) -> str:
        return "fight done"


class Explore(Move):
    steps: int
    branch: str = ""                # upper | lower, when the fork makes it matter

    def __str__(self) -> str:
        return f"explore {self.steps}" + (f" {self.branch}" if self.branch else "")


class Nation(Move):
    nation: str

    def __str__(self) -> str:
        from rules.maracaibo.data import load_data

        return f"nation {load_data().nation_name(self.nation).lower()}"


class Disc(Move):
    space: str

    def __str__(self) -> str:
        return f"disc {self.space}"


class Synergy(Move):
    symbol: str

    def __str__(self) -> str:
        return f"synergy {self.symbol.lower()}"


class Buy(Move):
    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


class Invest(Move):
    building: str

    def __str__(self) -> str:
        return f"invest {self.building}"


class Pass(Move):
    def __str__(self) -> str:
        return "pass"


class Skip(Move):
    def __str__(self) -> str:
        return "skip"


class Pay(Move):
    def __str__(self) -> str:
        return "pay"


class AnnexFree(Move):
    loc: str
    nation: str

    def __str__(self) -> str:
        from rules.maracaibo.data import load_data

        return f"annex {self.loc} {load_data().nation_name(self.nation).lower()}"


class Done(Move):
    def __str__(self) -> str:
        return "done"


class Draw(Move):
    source: str                     # "deck" or a display card

    def __str__(self) -> str:
        return f"draw {self.source}"


class Turn(Move):
    """Several decisions typed at once, applied atomically (all or none)."""

    steps: tuple[Move, ...]

    def __str__(self) -> str:
        return "; ".join(str(s) for s in self.steps)


FIGHT = (FightPile, FightNation, FightInfluence, FightAnnex, FightFigures, FightDone)
DECISIONS = (Nation, Disc, Explore, QuestMove, Synergy, Buy, Pay, Skip, AnnexFree)
