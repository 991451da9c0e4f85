"""The rondel actions other than Sail: Workers, Ships, Colony, Build, Market, Privilege.

Each ``do_*`` function checks everything first and raises IllegalMoveError with a sentence
for the player; it mutates the (already copied) state only once the move is known legal.
"""

from __future__ import annotations

from collections import Counter

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.navegador.data import GOODS, load_data
from rules.navegador.moves import Build, Colony, Market, Privilege, Process, Units
from rules.navegador.options import switch
from rules.navegador.scoring import achievements
from rules.navegador.sea import region_name
from rules.navegador.state import NavegadorState, PlayerSheet


class CashRefusal(IllegalMoveError):
    """A refusal that quotes the player's cash or a colony's price.

    Either can hold the value of a colony stack turned face up earlier in the same move (the
    exploration reward is cash; a token just revealed has a price). When that happened,
    ``Navegador.apply`` refuses with ``public`` instead, which says the same without them:
    a refusal must never tell what was face down when the move began."""

    def __init__(self, message: str, public: str) -> None:
        super().__init__(message)
        self.public = public


def cr(amount: int) -> str:
    return f"{amount} Cr"


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy")):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


# Workers and Ships ------------------------------------------------------------------


def unit_cost(state: NavegadorState, sheet: PlayerSheet, what: str, count: int) -> int:
    """50 Cr for each church (workers) / shipyard (ships), 100 x phase for the rest."""
    data = load_data()
    cheap = min(count, sheet.churches if what == "workers" else sheet.shipyards)
    extra = data.phases.extra_unit_price[state.phase - 1]
    return cheap * data.cheap_unit_price + (count - cheap) * extra


def unit_outcome(
    state: NavegadorState, sheet: PlayerSheet, what: str, count: int
) -> tuple[int, int, int]:
    """(price paid, pieces gained, pieces sold back over the cap)."""
    data = load_data()
    price = unit_cost(state, sheet, what, count)
    room = data.worker_max - sheet.workers if what == "workers" else sheet.supply
    gained = min(count, room)
    return price, gained, count - gained


def sold_back_at_a_loss(state: NavegadorState, sheet: PlayerSheet, what: str, count: int) -> bool:
    """Buying past the cap only to sell back for no gain: the dearest piece (the cheap ones
    come first) costs at least what it sells back for. One at 50 Cr sold back for 100 is a
    small income the seeds name (JP: "a net profit of 50 Cr each"; CN: "net 50 per worker")."""
    price, _, sold = unit_outcome(state, sheet, what, count)
    if not sold:
        return False
    last = price - unit_cost(state, sheet, what, count - 1)
    return last >= load_data().overflow_sell_price


def do_units(state: NavegadorState, seat: int, move: Units) -> list[Event]:
    data = load_data()
    sheet = state.sheets[seat]
    noun = "worker" if move.what == "workers" else "ship"
    if move.count < 1:
        raise IllegalMoveError(f"Say how many {noun}s to buy, at least 1 (or `skip`).")
    price, gained, sold = unit_outcome(state, sheet, move.what, move.count)
    if price > sheet.cash:
        # the over-cap refund comes after the payment (T-JP-1), worth saying when it applies
        rule = "; you pay in full before any over-cap piece is sold back" if sold else ""
        cost = f"{plural(move.count, noun)} cost{'s' if move.count == 1 else ''} {cr(price)}"
        raise CashRefusal(f"{cost} and you have {cr(sheet.cash)}{rule}.",
                          f"{cost}, more than you have{rule}.")
    sheet.cash -= price
    if move.what == "workers":
        sheet.workers += gained
    else:
        sheet.supply -= gained
        if gained:
            sheet.ships[data.start_region] = sheet.ships.get(data.start_region, 0) + gained
    refund = sold * data.overflow_sell_price
    sheet.cash += refund
    text = f"bought {plural(move.count, noun)} for {cr(price)}"
    if sold:
        cap = f"{data.worker_max} workers" if move.what == "workers" else "all 7 ships out"
        text += f"; {plural(sold, noun)} over the cap ({cap}) sold back for {cr(refund)}"
    if move.what == "ships" and gained:
        text += f"; {plural(gained, 'new ship')} in {region_name(data.start_region)}"
    return [Event(kind=move.what, seat=seat, text=text,
                  data={"count": move.count, "paid": price, "refund": refund})]


# Colony ------------------------------------------------------------------------------


def colony_cost(state: NavegadorState, regions: tuple[str, ...]) -> int:
    total = 0
    for region, n in Counter(regions).items():
        total += sum(sorted(state.regions[region].tokens)[:n])
    return total


def check_colony(state: NavegadorState, seat: int, move: Colony) -> int:
    data = load_data()
    sheet = state.sheets[seat]
    if not move.regions:
        raise IllegalMoveError("Name at least one region to colonise, e.g. `colony GUI`.")
    for region, n in Counter(move.regions).items():
        info = data.region(region)
        sea = state.regions[region]
        if not info.good:
            raise IllegalMoveError(f"{info.name} has no colonies.")
        if not sea.revealed:
            raise IllegalMoveError(
                f"{info.name} is unexplored: its colonies are still face down. Explore it first."
            )
        if len(sea.tokens) < n:
            left = plural(len(sea.tokens), "colony") if sea.tokens else "no colonies"
            raise IllegalMoveError(f"{info.name} has {left} left.")
        have = sheet.ships.get(region, 0)
        if have < n * data.colonies.ships_per_colony:
            raise IllegalMoveError(
                f"Each colony needs one of your ships in its region: you have "
                f"{plural(have, 'ship')} in {info.name} for {plural(n, 'colony')}."
            )
    need = len(move.regions) * data.colonies.workers_per_colony
    if sheet.workers < need:
        raise IllegalMoveError(
            f"{plural(len(move.regions), 'colony')} need{'s' if len(move.regions) == 1 else ''} "
            f"{need} workers; you have {sheet.workers}."
        )
    cost = colony_cost(state, move.regions)
    if cost > sheet.cash:
        those = "That colony costs" if len(move.regions) == 1 else "Those colonies cost"
        raise CashRefusal(f"{those} {cr(cost)}; you have {cr(sheet.cash)}.",
                          f"{those} more than you have.")
    return cost


def do_colony(state: NavegadorState, seat: int, move: Colony) -> list[Event]:
    cost = check_colony(state, seat, move)
    sheet = state.sheets[seat]
    data = load_data()
    sheet.cash -= cost
    taken: list[str] = []
    for region, n in Counter(move.regions).items():
        sea = state.regions[region]
        good = data.region(region).good
        for _ in range(n):
            value = min(sea.tokens)
            sea.tokens.remove(value)
            sheet.colonies[good].append(value)
            sea.colonists.append(seat)
            taken.append(f"{data.region(region).name} {good} ({value})")
    state.last.regions = sorted(set(move.regions))
    return [Event(kind="colony", seat=seat, text=f"founded {', '.join(taken)} for {cr(cost)}",
                  data={"regions": list(move.regions), "paid": cost})]


# Build -------------------------------------------------------------------------------


def build_cost(state: NavegadorState, rows: tuple[str, ...]) -> int:
    data = load_data()
    total = 0
    for key, n in Counter(rows).items():
        row = data.row(key)
        start = state.bought[key]
        total += sum(row.costs[start:start + n])
    return total


def pieces_left(state: NavegadorState, key: str) -> int:
    return load_data().row(key).on_board(state.players) - state.bought[key]


def check_build(state: NavegadorState, seat: int, move: Build) -> int:
    data = load_data()
    sheet = state.sheets[seat]
    if not move.rows:
        raise IllegalMoveError("Name what to build, e.g. `build sugar+shipyard`.")
    for key, n in Counter(move.rows).items():
        left = pieces_left(state, key)
        if left < n:
            what = f"only {left}" if left else "none"
            raise IllegalMoveError(f"The {key} row has {what} left; you asked for {n}.")
    need = sum(data.row(key).workers for key in move.rows)
    if sheet.workers < need:
        detail = " + ".join(f"{data.row(k).workers} ({k})" for k in move.rows)
        raise IllegalMoveError(
            f"That needs {need} workers ({detail}); you have {sheet.workers}. "
            "Workers are not used up, but you need them all at once."
        )
    cost = build_cost(state, move.rows)
    if cost > sheet.cash:
        raise CashRefusal(f"That costs {cr(cost)}; you have {cr(sheet.cash)}.",
                          f"That costs {cr(cost)}, more than you have.")
    return cost


def do_build(state: NavegadorState, seat: int, move: Build) -> list[Event]:
    cost = check_build(state, seat, move)
    data = load_data()
    sheet = state.sheets[seat]
    sheet.cash -= cost
    bought: list[str] = []
    for key in move.rows:
        row = data.row(key)
        price = row.costs[state.bought[key]]
        state.bought[key] += 1
        if row.kind == "factory":
            sheet.factories[row.good] += 1
        elif row.kind == "shipyard":
            sheet.shipyards += 1
        else:
            sheet.churches += 1
        name = f"{row.good} factory" if row.kind == "factory" else row.kind
        bought.append(f"a {name} ({price})")
    state.last.built = list(move.rows)
    return [Event(kind="build", seat=seat, text=f"built {', '.join(bought)} for {cr(cost)}",
                  data={"rows": list(move.rows), "paid": cost})]


def building_end_reached(state: NavegadorState) -> bool:
    data = load_data()
    empty = [pieces_left(state, row.key) <= 0 for row in data.buildings]
    return any(empty) if switch(state, "end_any_row_empty") else all(empty)


# Market ------------------------------------------------------------------------------


def sell_price(state: NavegadorState, good: str) -> int:
    return load_data().market.sell[good][state.market[good] - 1]


def process_price(state: NavegadorState, good: str) -> int:
    return load_data().market.process[state.market[good] - 1]


def check_market(state: NavegadorState, seat: int, move: Market) -> None:
    sheet = state.sheets[seat]
    processed = [p.good for p in move.process]
    if not move.sell and not move.process:
        raise IllegalMoveError("Say what to sell or process, e.g. `market sell gold`, or `skip`.")
    for good in (*move.sell, *processed):
        if good not in GOODS:
            raise IllegalMoveError(f"There is no good {good}: sugar, gold or spice.")
    for good in set(move.sell) & set(processed):
        raise IllegalMoveError(
            f"You cannot sell and process {good} in the same Market action; pick one."
        )
    if len(set(move.sell)) != len(move.sell) or len(set(processed)) != len(processed):
        raise IllegalMoveError("Name each good once; all its colonies or factories are used.")
    for good in move.sell:
        if not sheet.colony_count(good):
            raise IllegalMoveError(f"You have no {good} colony to sell from.")
    oranges = sum(p.orange for p in move.process)
    lacking = [p.good for p in move.process if p.orange and not sheet.factories[p.good]]
    if oranges > sheet.orange and len(lacking) > sheet.orange:
        names = " or ".join([", ".join(lacking[:-1]), lacking[-1]] if len(lacking) > 1
                            else lacking)
        each = "processes one good" if sheet.orange == 1 else "process one good each"
        raise IllegalMoveError(
            f"You have no {names} factory, and your {plural(sheet.orange, 'orange factory')} "
            f"{each}: e.g. `process {lacking[0]}+orange`."
        )
    if oranges > sheet.orange:
        raise IllegalMoveError(
            f"You have {plural(sheet.orange, 'orange factory')}, and each processes one good once."
        )
    for p in move.process:
        own = sheet.factories[p.good]
        if p.orange < 0 or (p.dedicated is not None and not 0 <= p.dedicated <= own):
            raise IllegalMoveError(f"You have {plural(own, p.good + ' factory')}.")
        every = switch(state, "market_all_dedicated_factories_process")
        if p.dedicated is not None and p.dedicated != own and every:
            raise IllegalMoveError(
                f"Processing {p.good} uses all {own} of your {p.good} factories."
            )
        if process_units(sheet, p) < 1:
            raise IllegalMoveError(
                f"You have no {p.good} factory; add your orange factory: `process {p.good}+orange`."
            )


def process_units(sheet: PlayerSheet, p: Process) -> int:
    dedicated = sheet.factories[p.good] if p.dedicated is None else p.dedicated
    return dedicated + p.orange


def market_income(state: NavegadorState, seat: int, move: Market) -> int:
    sheet = state.sheets[seat]
    total = sum(sheet.colony_count(g) * sell_price(state, g) for g in move.sell)
    return total + sum(process_units(sheet, p) * process_price(state, p.good) for p in move.process)


def do_market(state: NavegadorState, seat: int, move: Market) -> list[Event]:
    check_market(state, seat, move)
    rows = load_data().market.rows
    sheet = state.sheets[seat]
    parts: list[str] = []
    total = 0
    # Each unit is paid at the price before the cube moves; goods do not affect each other.
    for good in move.sell:
        units = sheet.colony_count(good)
        price = sell_price(state, good)
        total += units * price
        state.market[good] = min(rows, state.market[good] + units)
        parts.append(f"sold {units} {good} at {price} ({sell_price(state, good)} now)")
    for p in move.process:
        units = process_units(sheet, p)
        price = process_price(state, p.good)
        total += units * price
        state.market[p.good] = max(1, state.market[p.good] - units)
        parts.append(f"processed {units} {p.good} at {price}")
    sheet.cash += total
    return [Event(kind="market", seat=seat, text=f"{'; '.join(parts)}: +{cr(total)}",
                  data={"income": total})]


# Privilege ---------------------------------------------------------------------------


def check_privilege(state: NavegadorState, seat: int, move: Privilege) -> int:
    data = load_data()
    sheet = state.sheets[seat]
    keys = [c.key for c in data.privileges]
    if move.column not in keys:
        raise IllegalMoveError(f"Privileges are {', '.join(keys)}.")
    paid = data.privilege_rules.workers_paid
    if sheet.workers - paid < data.worker_min:
        raise IllegalMoveError(
            f"A privilege costs {plural(paid, 'worker')} and you may never go below "
            f"{data.worker_min}; you have {sheet.workers}. Hire workers first."
        )
    if sheet.privileges[move.column] >= data.privilege_rules.slots_per_column:
        raise IllegalMoveError(f"Your {move.column} column is full (3 privileges).")
    if state.gallery[move.column] < 1:
        avail = [k for k in keys if state.gallery[k] > 0
                 and sheet.privileges[k] < data.privilege_rules.slots_per_column]
        refill = state.phase < 3 and state.privilege_supply[move.column] > 0
        when = ("until the next phase begins" if refill
                else "and none will come back this game")
        raise IllegalMoveError(
            f"No {move.column} privilege is left in the gallery {when}; "
            f"available now: {', '.join(avail) or 'none'}."
        )
    slot = sheet.privileges[move.column]
    return data.column(move.column).cash[slot] * achievements(sheet, move.column)


def do_privilege(state: NavegadorState, seat: int, move: Privilege) -> list[Event]:
    cash = check_privilege(state, seat, move)
    data = load_data()
    sheet = state.sheets[seat]
    slot = sheet.privileges[move.column]
    mult = data.column(move.column).cash[slot]
    count = achievements(sheet, move.column)
    sheet.workers -= data.privilege_rules.workers_paid
    sheet.privileges[move.column] += 1
    state.gallery[move.column] -= 1
    sheet.cash += cash
    figure = data.column(move.column).figure
    return [Event(kind="privilege", seat=seat,
                  text=f"took {figure}'s {move.column} privilege: {count} × {mult} = +{cr(cash)}",
                  data={"column": move.column, "cash": cash})]
