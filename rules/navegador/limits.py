"""The most a count in a typed move can be, from what the game allows.

The parser checks every count against these before it builds anything from it (a tuple of
repeated regions or buildings), so ``build sugar x300000000`` is one quick sentence, not a
gigabyte of "sugar". The numbers come from the data file; the legality checks later say
what the player's own position allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import IllegalMoveError
from rules.navegador.data import load_data


@dataclass(frozen=True)
class Limit:
    most: int
    sentence: str          # names the limit and why


def at_most(count: int, limit: Limit) -> int:
    if count > limit.most:
        raise IllegalMoveError(limit.sentence)
    return count


def units(what: str) -> Limit:
    most = load_data().notation.max_units
    return Limit(most, f"You can buy at most {most} {what} in one action.")


def route_ships() -> Limit:
    most = load_data().ship_pieces
    return Limit(most, f"You have {most} ships in all, so a route moves at most {most}.")


def colonies() -> Limit:
    data = load_data()
    each = data.colonies.workers_per_colony
    most = data.worker_max // each
    return Limit(most, f"You can found at most {most} colonies in one action: each needs "
                       f"{each} workers and nobody has more than {data.worker_max}.")


def buildings() -> Limit:
    data = load_data()
    cheapest = min(row.workers for row in data.buildings)
    most = data.worker_max // cheapest
    return Limit(most, f"You can build at most {most} buildings in one action: each needs at "
                       f"least {cheapest} workers and nobody has more than {data.worker_max}.")


def rondel_pay() -> Limit:
    data = load_data()
    rules = data.rondel_rules
    most = min((len(data.rondel) - rules.free_steps) * rules.ships_per_extra_step,
               data.ship_pieces)
    return Limit(most, f"A rondel move costs at most {most} ships (a full lap), so name at "
                       f"most {most} to pay with.")


def orange_factories() -> Limit:
    most = load_data().start_sheet.orange_factories
    noun = "orange factory" if most == 1 else "orange factories"
    return Limit(most, f"Each player has at most {most} {noun}.")


def factories(good: str) -> Limit:
    most = max(len(row.costs) for row in load_data().buildings if row.good == good)
    return Limit(most, f"A player has at most {most} {good} factories.")
