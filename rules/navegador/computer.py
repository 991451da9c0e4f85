"""What Navegador's 'normal' and 'strong' computers need from the game (the framework in
``rules/greedy.py`` and ``rules/search.py`` does the rest):

* ``evaluate``: the points a seat can expect at the end — its score now, the King's
  privilege it will place, and what its money, colonies, factories, workers and fleet are
  still worth in the turns left — minus the best other seat's;
* ``candidates``: the legal moves without the pointless ones (buying workers or ships
  only to sell them back at a loss, sailing ships straight back where they came from,
  skipping an action that can do something, paying for a rondel step with an odd choice
  of ships);
* ``simulate``: ``apply`` without the pydantic round trip — a hand-written copy of the
  state (the sea regions are shared unless the move can change them), then the very
  same rules code (``turn.apply_step``); a property test checks it equals ``apply``;
* ``turn_continues``: a turn is the rondel step and its action (or sail legs up to
  `done`); the Navegador card's extra sail is judged on its own, where it ends.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from rules.contract import Move
from rules.navegador import actions, turn
from rules.navegador.data import GOODS, load_data
from rules.navegador.moves import Colony, Leg, Rondel, Skip, Turn, Units
from rules.navegador.sea import (
    distances,
    neighbours,
    ships_needed_to_explore,
    unexplored_ids,
    unexplored_pattern,
)
from rules.navegador.state import NavegadorState, PlayerSheet
from rules.shell import shell as _shell

# The evaluation's weights (points). Hand-tuned with `python -m rules navegador arena`.
MONEY_LATE = 1 / 200       # what 1 Cr is worth at the end: its share of a VP
MONEY_EARLY = 0.006         # and on top of that while there is time to spend it
SPEND_TURNS = 8            # own turns left from which money keeps its full use
MONEY_USEFUL = 1500        # Cr that the turns left can turn into pieces (the dearest
                           # building is 600): beyond it, money is worth its final VP only.
                           # Without this bound, two computers in a long game hoarded tens
                           # of thousands of Cr, and neither bought the last building of a
                           # row: ending the game would "lose" the money's use (one game
                           # reached turn 860 before it was stopped)
MARKETS_PER_TURN = 0.12    # how often a seat goes to market (sells or processes)
INCOME_WORTH = 1 / 110     # points per Cr of income still to come
WORKER_USE = 0.6           # a worker below WORKERS_WANTED, while there is time to use it
WORKERS_WANTED = 7
FRONTIER = 2.2             # a fleet able to explore a region next sail
COLONY_READY = 0.6         # a face-up colony one of our ships stands by
CARD = 0.3                 # holding the Navegador card (an extra sail)
# own turns left in a two-player game by the pieces left in the emptiest building row
ROW_TURNS = (0.5, 4.0, 10.0, 17.0, 27.0, 40.0, 46.0, 50.0, 54.0)


@cache
def _columns() -> tuple[tuple[str, int, int, int], ...]:
    return tuple((c.key, c.base_vp, c.token_vp, c.king_vp) for c in load_data().privileges)


@cache
def _good_of() -> dict[str, str]:
    return {r.id: r.good for r in load_data().regions}


# Time -------------------------------------------------------------------------------


@cache
def _on_board(players: int) -> tuple[tuple[str, int], ...]:
    """(building row, pieces laid out at setup) for a player count."""
    return tuple((row.key, row.on_board(players)) for row in load_data().buildings)


@cache
def _slots() -> int:
    return load_data().privilege_rules.slots_per_column


def _rows_left(state: NavegadorState) -> int:
    """Pieces left in the emptiest building row (the end comes when one runs out)."""
    return min(n - state.bought[key] for key, n in _on_board(state.players))


def turns_left(state: NavegadorState, seat: int, rows_left: int | None = None) -> float:
    """Own turns ``seat`` can still expect to play: exact once the end is triggered, else
    read from the building rows (the end comes when one runs out) as measured in games
    between computers — two players take about five turns each per piece left in the
    emptiest row, fewer as the other rows run low too."""
    if state.step in ("king", "over"):
        return 0.0
    n = state.players
    if state.final_turns_left is not None:
        # turn-ends still to come, from the player on turn: count this seat's
        return float(sum(1 for k in range(state.final_turns_left)
                         if (state.current + k) % n == seat))
    left = _rows_left(state) if rows_left is None else rows_left
    by_row = ROW_TURNS[min(left, len(ROW_TURNS) - 1)]
    total = sum(n_ - state.bought[key] for key, n_ in _on_board(n))
    by_total = 2.0 + 1.5 * max(0, total - 12)
    return max(1.0, min(by_row, by_total) * 2 / n)


# Evaluation ---------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _frontier(unexplored: tuple[bool, ...], reach: int) -> dict[str, tuple[str, ...]]:
    """Region -> the unexplored regions its ships could enter next sail (one border past
    a region within ``reach``), once per such border, for one pattern of unexplored
    regions and sail range."""
    adj = neighbours()
    closed = unexplored_ids(unexplored)
    return {region: tuple(there for here, d in dist.items() if d < reach
                          for there in adj[here] if there in closed)
            for region, dist in distances(unexplored).items()}


@cache
def _need(players: int) -> dict[str, int]:
    """Ships that must enter each region together to explore it."""
    from types import SimpleNamespace

    table = SimpleNamespace(players=players)
    return {r.id: ships_needed_to_explore(table, r.id)  # type: ignore[arg-type]
            for r in load_data().regions}


class Board:
    """What every seat's value shares, worked out once per evaluation."""

    def __init__(self, state: NavegadorState) -> None:
        data = load_data()
        self.state = state
        self.rows_left = _rows_left(state) if state.step not in ("king", "over") else 0
        self.sell = {g: actions.sell_price(state, g) for g in GOODS}
        self.sell_key = tuple(self.sell.values())
        self.reach = data.phases.sail_range[state.phase - 1]
        pattern = unexplored_pattern(state)
        self.unexplored = any(pattern)
        self.frontier = _frontier(pattern, self.reach)
        self.need = _need(state.players)


def seat_value(board: Board, seat: int, time: float) -> float:
    """Points ``seat`` can expect at the end of the game."""
    state = board.state
    sheet = state.sheets[seat]
    counts = {"colony": sum(map(len, sheet.colonies.values())),
              "factory": sum(sheet.factories.values()) + sheet.orange,
              "explorer": sheet.explorers, "shipyard": sheet.shipyards,
              "church": sheet.churches}
    vp = 0.0
    king = 0
    slots = _slots()
    for key, base, token, king_vp in _columns():
        count = counts[key]
        tokens = sheet.privileges[key]
        placed = sheet.king == key
        vp += count * (base + tokens * token + (king_vp if placed else 0))
        # comparisons written out rather than min()/max() calls (the same values): this
        # runs for every seat of every position a computer weighs
        if not sheet.king_done and tokens + placed < slots and count * king_vp > king:
            king = count * king_vp
    ships = sum(sheet.ships.values())
    vp += sheet.workers + ships + king
    if state.step == "over":
        return vp + sheet.cash // load_data().scoring.cash_per_vp
    spend = (SPEND_TURNS if time > SPEND_TURNS else time) / SPEND_TURNS
    cash = sheet.cash
    vp += cash * MONEY_LATE + (MONEY_USEFUL if cash > MONEY_USEFUL else cash) * MONEY_EARLY * spend
    if time <= 0:
        return vp
    # income still to come: colonies sold and factories processing at market
    sell = 0
    for good, price in board.sell.items():
        sell += len(sheet.colonies[good]) * price
    process = counts["factory"] * 40
    vp += time * MARKETS_PER_TURN * (sell + process) * INCOME_WORTH
    vp += WORKER_USE * spend * max(0, min(sheet.workers, WORKERS_WANTED) - 3)
    if ships:
        vp += _fleet(board, sheet) * spend
    if state.card.holder == seat:
        vp += CARD * spend
    return vp


def _fleet(board: Board, sheet: PlayerSheet) -> float:
    """What the ships at sea promise: regions they can explore next sail, colonies they
    stand by."""
    regions = board.state.regions
    value = 0.0
    ready: dict[str, int] = {}          # unexplored region -> ships able to enter it
    for region, ships in sheet.ships.items():
        if not ships:
            continue
        sea = regions[region]
        if sea.revealed and sea.tokens:
            value += COLONY_READY * min(ships, len(sea.tokens))
        if not board.unexplored:
            continue
        for there in board.frontier[region]:
            ready[there] = ready.get(there, 0) + ships
    for region, ships in ready.items():
        if ships >= board.need[region]:
            value += FRONTIER
    return min(value, 2 * FRONTIER + 3 * COLONY_READY)


def evaluate(state: NavegadorState, seat: int) -> float:
    """``seat``'s expected final points minus the best other seat's."""
    board = Board(state)
    shared = state.final_turns_left is None     # until the end is triggered, alike for all
    time = turns_left(state, seat, board.rows_left) if shared else 0.0
    mine = 0.0
    best = None
    for s in range(state.players):
        when = time if shared else turns_left(state, s, board.rows_left)
        if s == seat:
            mine = seat_value(board, s, when)
            continue
        value = _other_value(board, s, when)
        if best is None or value > best:
            best = value
    assert best is not None, "a game has two seats or more"
    return mine - best


# The other seats' values, remembered from one position of a search to the next. A
# simulated move copies only its mover's sheet and the sea regions it can change, so the
# other seats' sheets, and mostly the regions their ships are in, are the very same objects
# in every position a computer weighs in its turn: their values are worked out once. An
# entry is found by the sheet's id and holds the sheet, so no id is reused while it is
# remembered; it is used only when every other input of ``seat_value`` is equal too (what
# it read of the regions the seat's ships are in included), so a value is always the one
# ``seat_value`` would give.
_OTHERS: dict[int, tuple[PlayerSheet, tuple[Any, ...], tuple[tuple[str, bool, int], ...],
                         float]] = {}
_OTHERS_SIZE = 32        # a decision needs one per other seat; kept small, as an entry keeps its
                         # sheet (and the memory pages it is in) alive


def _other_value(board: Board, seat: int, time: float) -> float:
    state = board.state
    sheet = state.sheets[seat]
    key = (time, board.sell_key, board.unexplored, board.frontier, board.need,
           state.step == "over", state.card.holder == seat)
    regions = state.regions
    entry = _OTHERS.get(id(sheet))
    if entry is not None and entry[0] is sheet and entry[1] == key:
        for region, revealed, tokens in entry[2]:
            sea = regions[region]
            if sea.revealed != revealed or len(sea.tokens) != tokens:
                break
        else:
            return entry[3]
    value = seat_value(board, seat, time)
    if len(_OTHERS) >= _OTHERS_SIZE:
        _OTHERS.clear()
    # what ``_fleet`` reads of the regions the seat's ships are in
    read = tuple((region, regions[region].revealed, len(regions[region].tokens))
                 for region, ships in sheet.ships.items() if ships)
    _OTHERS[id(sheet)] = (sheet, key, read, value)
    return value


# Candidates -----------------------------------------------------------------------------


def candidates(state: NavegadorState, seat: int, legal: list[Move]) -> list[Move]:
    """``legal`` without the pointless moves; never empty when ``legal`` is not."""
    kept = [m for m in legal if not _pointless(state, seat, m)]
    acting = [m for m in kept if not isinstance(m, Skip)]
    kept = acting or kept
    if state.step == "start":
        useful = _useful_actions(state, seat)
        moving = [m for m in kept if not isinstance(m, Rondel) or useful.get(m.space)]
        if any(isinstance(m, Rondel) for m in moving):
            kept = moving
    return _one_payment_per_space(state, seat, kept) or legal


def _useful_actions(state: NavegadorState, seat: int) -> dict[int, bool]:
    """Rondel space -> can its action do something real for ``seat`` (the ships a long
    step costs aside)? Moving to an action only to skip it is pointless."""
    from rules.navegador.legal import action_moves

    sheet = state.sheets[seat]
    out: dict[int, bool] = {}
    seen: dict[str, bool] = {}
    for space, info in enumerate(load_data().rondel):
        if info.action == "sail":
            out[space] = sheet.ships_on_board > turn.rondel_cost(sheet.stone, space)
            continue
        if info.action == "market":     # anything to sell or process
            out[space] = sheet.factory_count + sheet.colony_count() > 0
            continue
        if info.action not in seen:
            seen[info.action] = any(not _pointless(state, seat, m)
                                    for m in action_moves(state, seat, info.action))
        out[space] = seen[info.action]
    return out


def _pointless(state: NavegadorState, seat: int, move: Move) -> bool:
    if isinstance(move, Units):
        return _over_cap_at_a_loss(state, seat, move)
    if isinstance(move, Leg) and state.sail is not None:
        back = _back_routes(tuple(state.sail.moved))
        return any((p.origin, p.dest) in back for p in move.paths)
    return False


def _over_cap_at_a_loss(state: NavegadorState, seat: int, move: Units) -> bool:
    """Buying past the cap only to sell back at no gain (spec §7.2): the panel's rule too."""
    return actions.sold_back_at_a_loss(state, state.sheets[seat], move.what, move.count)


@lru_cache(maxsize=1024)
def _back_routes(moved: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """(destination, origin) of every route sailed so far in this sail (``moved``, as the
    sail orders record it): the way straight back. Read once per sail so far — every
    leg a computer weighs asks."""
    routes = set()
    for text in moved:                            # "POR>ANG x2 + GUI>ANG"
        for path in text.split(" + "):
            origin, _, rest = path.partition(">")
            routes.add((rest.split(" ")[0].strip(), origin.strip()))
    return frozenset(routes)


def _one_payment_per_space(state: NavegadorState, seat: int, moves: list[Move]) -> list[Move]:
    """A paid rondel step is listed once per way to pay; keep the one that gives up the
    ships doing least: those in Portugal first, then from the biggest crowd."""
    sheet = state.sheets[seat]
    best: dict[int, tuple[tuple[int, ...], Rondel]] = {}
    out: list[Move] = []
    for m in moves:
        if not isinstance(m, Rondel) or not m.pay:
            out.append(m)
            continue
        rank = tuple(sorted(_pay_rank(state, sheet, r) for r in m.pay))
        if m.space not in best or rank < best[m.space][0]:
            best[m.space] = (rank, m)
    return out + [m for _, m in best.values()]


def _pay_rank(state: NavegadorState, sheet: PlayerSheet, region: str) -> int:
    """Lower = the ship there is the cheaper one to give up."""
    if region == load_data().start_region:
        return 0
    sea = state.regions[region]
    useful = sea.revealed and len(sea.tokens) > 0
    return (20 if useful else 10) - min(9, sheet.ships.get(region, 0))


# Turns and the fast path ---------------------------------------------------------------


def turn_continues(state: NavegadorState, seat: int) -> bool:
    """The rondel step's action (or the sail legs) are still to come for ``seat``."""
    return state.step in ("action", "sail", "card_sail") and turn.to_act(state) == [seat]


def _sheet(x: PlayerSheet) -> PlayerSheet:
    return _shell(x, {**x.__dict__, "ships": dict(x.ships), "factories": dict(x.factories),
                      "colonies": {k: list(v) for k, v in x.colonies.items()},
                      "privileges": dict(x.privileges)})


def _region(r: Any) -> Any:
    return _shell(r, {**r.__dict__, "tokens": list(r.tokens), "colonists": list(r.colonists)})


def copy_state(state: NavegadorState, mover: int | None = None,
               regions: bool | frozenset[str] = True) -> NavegadorState:
    """A copy as deep as ``apply`` needs. Given the ``mover``, the other seats' sheets
    are shared (a move changes only its own seat's sheet, until the final scoring, which
    begins at the end of the turn played with one turn left);
    with ``regions=False`` the sea regions are shared (only exploring, in a sail leg, and
    founding colonies change them), and given a set of region ids only those are copied."""
    d = dict(state.__dict__)
    if regions is True:
        d["regions"] = {k: _region(r) for k, r in state.regions.items()}
    elif regions:
        d["regions"] = copied = dict(state.regions)
        for key in regions:
            copied[key] = _region(copied[key])
    for key in ("market", "bought", "gallery", "privilege_supply", "options"):
        d[key] = dict(d[key])
    if mover is None or (state.final_turns_left is not None and state.final_turns_left <= 1):
        d["sheets"] = [_sheet(x) for x in state.sheets]
    else:
        sheets = list(state.sheets)
        sheets[mover] = _sheet(sheets[mover])
        d["sheets"] = sheets
    d["card"] = _shell(state.card, dict(state.card.__dict__))
    d["first_turn_done"] = list(state.first_turn_done)
    if state.sail is not None:
        sail = state.sail
        d["sail"] = _shell(sail, {**sail.__dict__,
                                  "reach": {k: list(v) for k, v in sail.reach.items()},
                                  "moved": list(sail.moved)})
    last = state.last
    d["last"] = _shell(last, {**last.__dict__, **{k: list(getattr(last, k)) for k in (
        "legs", "card_legs", "explored", "built", "regions")}})
    d["recent"] = list(state.recent)      # past turns are never changed, only replaced
    return _shell(state, d)


def _touched(steps: tuple[Any, ...]) -> frozenset[str]:
    """The sea regions these steps can change: a leg only the region it enters (when it
    explores it), a colony the regions it is founded in."""
    out: set[str] = set()
    for step in steps:
        if isinstance(step, Leg):
            out.update(p.dest for p in step.paths)
        elif isinstance(step, Colony):
            out.update(step.regions)
    return frozenset(out)


def simulate(state: NavegadorState, seat: int, move: Move) -> NavegadorState:
    steps = move.steps if isinstance(move, Turn) else (move,)
    new = copy_state(state, mover=seat, regions=_touched(steps))
    for step in steps:
        turn.apply_step(new, seat, step)  # type: ignore[arg-type]
    return new

