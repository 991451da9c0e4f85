"""What Neptun's 'normal' and 'strong' computers need from the game (the framework in
``rules/greedy.py`` and ``rules/search.py`` does the rest):

* ``evaluate``: the points a seat can expect at the end minus the best other seat's. Points
  come from temple tiles (each scoring ranks the tokens, positions carry over), the Gold
  temple (most gold at each scoring) and the bonus for all five contracts. So a seat is
  worth its tiles won, plus for every scoring still to come the tiles its *projected*
  standing on each temple and in gold can expect (a soft ranking: the further off the
  scoring, the less a lead of one step is sure), plus a little for gold it can still
  spend. The projection adds what the seat's open contracts will bring this round: a
  small route planner picks the contracts it can still reach, left to right, in the
  turns (and oar cards) it has left;
* ``candidates``: the legal moves without paying gold to sail somewhere with nothing to
  deliver;
* ``turn_continues``: a turn is a drafting choice (turning contracts over up to the
  take), a secret oar choice (judged by what that card lets the ship reach), or a voyage
  and its delivery;
* ``simulate``: ``apply`` without the pydantic round trip — a hand-written copy of the
  state, then the very same rules code; a property test checks it equals ``apply``.

Only what the seat may see is read: other seats' hands and secret choices are never
looked at (their ships are planned with an average oar card).
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any

from rules.contract import Move
from rules.neptun import turn
from rules.neptun.cards import reward
from rules.neptun.data import load_data
from rules.neptun.moves import Sail, Turn
from rules.neptun.sea import _cheapest
from rules.neptun.state import NeptunState, OarCard, Player
from rules.shell import shell as _shell

# The evaluation's weights (points). Hand-tuned with `python -m rules neptun arena`.
CERTAIN = 0.8          # share of a planned contract's reward counted before it is fulfilled
GOLD_USE = 0.25        # a gold coin's worth for miles and donations while rounds remain
SPARE_CARD = 0.6       # an oar card kept for a later round's extra turn
MEAN_POWER = 4.5       # an oar card's power when it is not known (the deck's mean)
TIGHT = 0.1            # less sure of a plan for each turn short of SLACK turns to spare
SLACK = 2
PAY_MAX = 4            # gold a plan pays at most for one voyage's missing miles
SIGMA_NOW = 0.3        # uncertainty (steps) of this round's standings, at its scoring ...
SIGMA_TURN = 0.35      # ... plus this per sailing turn still to come
SIGMA_DRAFT = 0.6      # ... and this per drafting turn
SIGMA_ROUND = 2.5      # a later round's scoring, per round ahead
GOLD_SIGMA = 1.5       # gold varies more than temple steps
TIE = 0.3              # a tie on a temple goes to the lower token (on gold: turn order)


@cache
def _tables() -> tuple[tuple[str, ...], dict[str, tuple[tuple[int, ...], ...]]]:
    data = load_data()
    keys = (*data.temple_keys, "gold")
    return keys, {k: tuple(tuple(data.tiles(k, r)) for r in range(1, data.rounds + 1))
                  for k in keys}


@lru_cache(maxsize=64)
def _distances(values: tuple[int, ...]) -> dict[str, dict[str, int]]:
    """Miles of the cheapest voyage between every two ports, for one deal of markers
    (the markers' order is the deal's, the same for every state of a game)."""
    data = load_data()
    keys = [f"{a}-{b}" for a, b, _ in data.links]
    frozen = tuple(sorted(zip(keys, values, strict=True)))
    return {c.code: {d: m for d, (m, _) in _cheapest(frozen, c.code).items()}
            for c in data.cities}


_RECENT: dict[int, tuple[dict[str, int], dict[str, dict[str, int]]]] = {}


def distances(state: NeptunState) -> dict[str, dict[str, int]]:
    # the markers' dict is shared by every simulated state of a search: remember it
    miles = state.miles
    hit = _RECENT.get(id(miles))
    if hit is not None and hit[0] is miles:
        return hit[1]
    data = load_data()
    table = _distances(tuple(miles[f"{a}-{b}"] for a, b, _ in data.links))
    if len(_RECENT) > 64:
        _RECENT.clear()
    _RECENT[id(miles)] = (miles, table)
    return table


# Soft ranking ---------------------------------------------------------------------------


def _ahead(d: float, sigma: float) -> float:
    """Probability that a rival ``d`` steps ahead (negative: behind) stays ahead."""
    x = 1.7 * d / sigma
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def tile_value(me: float, rivals: list[float], tiles: tuple[int, ...],
               sigma: float) -> float:
    """Expected tile for a standing ``me`` against the rivals' (ties already folded in)."""
    if len(rivals) == 1:             # two players: the common case in search
        p = _ahead(rivals[0] - me, sigma)
        return (1 - p) * tiles[0] + (p * tiles[1] if len(tiles) > 1 else 0.0)
    if not rivals:
        return float(tiles[0])
    dist = [1.0]
    for x in rivals:
        p = _ahead(x - me, sigma)
        new = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            new[k] += q * (1 - p)
            new[k + 1] += q * p
        dist = new
    return sum(q * t for q, t in zip(dist, tiles, strict=False))


# Time -----------------------------------------------------------------------------------


class Clock:
    """Where a seat stands in the round: turns still to sail, the oar card already chosen
    or revealed for a voyage still to make, a delivery it may still make where it is."""

    def __init__(self, state: NeptunState, seat: int, own: bool) -> None:
        data = load_data()
        total = data.sail_turns
        self.pending: OarCard | None = None
        self.here = False
        self.normal = 0
        self.windows = 0          # extra turns it may still take
        self.sure_extra = 0       # extra turns it has said yes to (or is taking)
        phase = state.phase
        order = state.order
        if phase == "draft":
            self.normal, self.windows = total, data.extra_turns
        elif phase == "choose":
            self.normal, self.windows = total - state.sail_turn + 1, data.extra_turns
            if own and state.seats[seat].choice is not None:
                self.pending = state.seats[seat].choice
        elif phase == "sail":
            self.windows = data.extra_turns
            idx, actor = order.index(seat), state.actor
            left = total - state.sail_turn
            card = state.revealed[seat] if seat < len(state.revealed) else None
            if idx < actor or card is None:
                self.normal = left
            elif idx == actor and state.stage == "deliver":
                self.normal, self.here = left, True
            else:
                self.normal, self.pending = left + 1, card
        elif phase in ("ask", "extra"):
            w = state.extra
            self.windows = data.extra_turns - w
            queue = state.queue
            if seat in queue:
                idx = queue.index(seat)
                if phase == "ask":
                    if seat in state.said_yes:
                        self.sure_extra = 1
                    elif idx >= state.actor:
                        self.windows += 1
                elif idx > state.actor or (idx == state.actor and state.stage == "card"):
                    self.sure_extra = 1
                elif idx == state.actor:
                    card = state.revealed[seat]
                    if state.stage == "sail":
                        self.pending = card
                    else:
                        self.here = True


# The route planner ----------------------------------------------------------------------


def _plan(ship: str, contracts: list[tuple[str, float]], dist: dict[str, dict[str, int]],
          first: float | None, here: bool, allowance: float, turns: int, gold: int,
          gold_worth: float) -> tuple[int, float, int, int]:
    """The best set of open contracts (kept left to right) the ship can still fulfil:
    (bit mask of the contracts, their value, gold paid for miles, turns used).

    Each voyage takes one turn if the allowance (``first`` for a card already chosen)
    covers its miles, else more; gold pays missing miles to save a turn when turns are
    short. Two contracts in one port take a turn each (one delivery per stop)."""
    m = len(contracts)
    best = (0, 0.0, 0, 0)
    for mask in range(1, 1 << m):
        at = ship
        used = 0
        shortfalls = []
        value = 0.0
        free = here
        first_turn = first
        for i in range(m):
            if not mask >> i & 1:
                continue
            city, v = contracts[i]
            value += v
            d = dist[at][city]
            if free and d == 0:
                free = False
                continue
            free = False
            a = first_turn if first_turn is not None else allowance
            first_turn = None
            if d <= a:
                used += 1
            else:
                extra = math.ceil((d - a) / allowance)
                used += 1 + extra
                short = d - a - (extra - 1) * allowance
                shortfalls.append((short, extra))
            at = city
        paid = 0
        if used > turns:
            for short, extra in sorted(shortfalls):
                if used <= turns:
                    break
                need = math.ceil(short)
                if extra == 1 and need <= PAY_MAX and paid + need <= gold:
                    paid += need
                    used -= 1
        if used > turns:
            continue
        value -= paid * gold_worth
        if value > best[1] or (value == best[1] and used < best[3]):
            best = (mask, value, paid, used)
    return best


_PLANS: dict[tuple[Any, ...], tuple[dict[str, dict[str, int]], tuple[int, float, int, int]]] = {}
PLANS_KEPT = 4096


def _planned(ship: str, contracts: tuple[tuple[str, float], ...],
             dist: dict[str, dict[str, int]], first: float | None, here: bool,
             allowance: float, turns: int, gold: int,
             gold_worth: float) -> tuple[int, float, int, int]:
    """``_plan``, remembered: a search evaluates many positions where a seat's ship,
    contracts and cards are as they were. The entry holds ``dist`` itself, so no other
    table can take its id while the entry lives."""
    key = (id(dist), ship, contracts, first, here, allowance, turns, gold, gold_worth)
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is dist:
        return hit[1]
    if len(_PLANS) >= PLANS_KEPT:
        _PLANS.clear()
    plan = _plan(ship, list(contracts), dist, first, here, allowance, turns, gold, gold_worth)
    _PLANS[key] = (dist, plan)
    return plan


def _open_contracts(player: Player) -> list[tuple[str, str, str]]:
    """(port, city card, goods) of the open contracts, left to right."""
    return [(s.city.split("-")[0], s.city, s.goods) for s in player.chart
            if s is not None and s.status == "open"]


class Outlook:
    """Every seat's projected standing at this round's scoring."""

    def __init__(self, state: NeptunState, seat: int) -> None:
        data = load_data()
        keys, _ = _tables()
        self.state = state
        n = state.players
        self.pos = {k: [float(x) for x in state.temples[k].pos] for k in data.temple_keys}
        self.gold = [float(p.gold) for p in state.seats]
        self.bonus = [0.0] * n
        self.spare = [0.0] * n
        self.keys = keys
        dist = distances(state)
        for s in range(n):
            self._project(state, s, s == seat, dist)

    def _project(self, state: NeptunState, s: int, own: bool,
                 dist: dict[str, dict[str, int]]) -> None:
        data = load_data()
        player = state.seats[s]
        clock = Clock(state, s, own)
        contracts = _open_contracts(player)
        # oar cards to come: the hand (own seat only), and the drafts still to make
        drafts = sum(1 for slot in player.chart if slot is None) if state.phase == "draft" else 0
        if own:
            powers = sorted((c.power for c in player.hand), reverse=True)
        else:
            held = len(player.hand) + (player.choice is not None) - (clock.pending is not None)
            powers = [MEAN_POWER] * max(0, held)
        powers += [MEAN_POWER] * drafts
        cards = len(powers)
        # a normal turn takes a card from the hand, but not the one already chosen
        later = clock.normal - (clock.pending is not None)
        extra = clock.sure_extra + min(clock.windows, max(0, cards - later - clock.sure_extra))
        turns = clock.normal + extra
        use = powers[:max(1, later + extra)]
        wind = data.wind.base
        allowance = wind + (sum(use) / len(use) if use else MEAN_POWER)
        first = state.wind + clock.pending.power if clock.pending is not None else None
        rounds_after = data.rounds - state.round
        if rounds_after > 0:
            self.spare[s] = SPARE_CARD * min(len(data.oars.start), max(0, cards - later - extra))
        if not contracts:
            self._bonus(player, s, contracts, 0)
            return
        gold_worth = GOLD_USE + 0.3
        weighted = []
        rewards = []
        for port, card, goods in contracts:
            r = reward(card, goods)
            rewards.append(r)
            weighted.append((port, r.n * (gold_worth if r.kind == "G" else 1.0)))
        mask, _, paid, used = _planned(player.ship, tuple(weighted), dist, first, clock.here,
                                       allowance, turns, player.gold, gold_worth)
        # a plan with turns to spare survives a weak wind or a contract given up
        sure = CERTAIN - TIGHT * max(0, SLACK - (turns - used))
        for i, r in enumerate(rewards):
            if mask >> i & 1:
                if r.kind == "G":
                    self.gold[s] += sure * r.n
                else:
                    self.pos[r.temple][s] += sure * r.n
        self.gold[s] -= paid
        self._bonus(player, s, contracts, mask)

    def _bonus(self, player: Player, s: int, contracts: list[Any], mask: int) -> None:
        chart = player.chart
        if any(slot is not None and slot.status == "failed" for slot in chart):
            return
        if mask != (1 << len(contracts)) - 1:
            return
        empty = sum(1 for slot in chart if slot is None)
        self.bonus[s] = load_data().scoring.bonus_vp * CERTAIN * (0.4 if empty else 1.0)


def _sigma_now(state: NeptunState) -> float:
    data = load_data()
    if state.phase == "draft":
        return (SIGMA_NOW + SIGMA_TURN * data.sail_turns
                + SIGMA_DRAFT * (data.draft_turns - state.draft_turn + 1))
    if state.phase in ("choose", "sail"):
        return SIGMA_NOW + SIGMA_TURN * (data.sail_turns - state.sail_turn + 1)
    return SIGMA_NOW


def seat_values(state: NeptunState, seat: int) -> list[float]:
    """Every seat's expected final points, as ``seat`` sees the table."""
    from rules.neptun.scoring import scores

    now = [float(x) for x in scores(state)]
    if state.phase == "over":
        return now
    data = load_data()
    keys, tables = _tables()
    out = Outlook(state, seat)
    n = state.players
    values = [now[s] + out.bonus[s] + out.spare[s] for s in range(n)]
    time_left = (data.rounds - state.round) + 1
    for s in range(n):
        values[s] += GOLD_USE * min(1.0, time_left / 2) * max(0.0, out.gold[s])
    sigma_now = _sigma_now(state)
    turn_rank = {s: i for i, s in enumerate(state.order)}
    for key in keys:
        if key == "gold":
            raw = out.gold
            tie = [-TIE * turn_rank[s] / n for s in range(n)]
            scale = GOLD_SIGMA
        else:
            raw = out.pos[key]
            order = state.temples[key].order
            tie = [-TIE * order.index(s) / n for s in range(n)]
            scale = 1.0
        standing = [raw[s] + tie[s] for s in range(n)]
        for r in range(state.round, data.rounds + 1):
            tiles = tables[key][r - 1]
            ahead = r - state.round
            sigma = scale * (sigma_now + SIGMA_ROUND * ahead)
            for s in range(n):
                if ahead == 0 and raw[s] <= 0:
                    continue            # nobody on 0 takes a tile
                rivals = [standing[o] for o in range(n)
                          if o != s and (ahead > 0 or raw[o] > 0)]
                values[s] += tile_value(standing[s], rivals, tiles, sigma)
    return values


def evaluate(state: NeptunState, seat: int) -> float:
    """``seat``'s expected final points minus the best other seat's."""
    values = seat_values(state, seat)
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


# Candidates -----------------------------------------------------------------------------


def candidates(state: NeptunState, seat: int, legal: list[Move]) -> list[Move]:
    """``legal`` without paying gold to sail where no open contract waits."""
    if state.phase not in ("sail", "extra") or state.stage != "sail":
        return legal
    ports = {port for port, _, _ in _open_contracts(state.seats[seat])}
    kept = [m for m in legal if not (isinstance(m, Sail) and m.pay and m.dest not in ports)]
    return kept or legal


# Turns and the fast path ----------------------------------------------------------------


def turn_continues(state: NeptunState, seat: int) -> bool:
    """A contract turned over must still be taken or refused; a voyage's delivery (and,
    in an extra turn, the voyage after its card) is still to come."""
    phase = state.phase
    if phase == "draft":
        return state.revealing is not None and state.order[state.actor] == seat
    if phase == "sail":
        return state.stage == "deliver" and state.order[state.actor] == seat
    if phase == "extra":
        return state.stage in ("sail", "deliver") and state.queue[state.actor] == seat
    return False


def _player(p: Player) -> Player:
    return _shell(p, {**p.__dict__, "hand": list(p.hand), "played": list(p.played),
                      "chart": [None if s is None else _shell(s, dict(s.__dict__))
                                for s in p.chart],
                      "tiles": list(p.tiles)})


def copy_state(state: NeptunState) -> NeptunState:
    """A copy as deep as ``apply`` needs (oar cards, tiles and voyage records are never
    changed in place, and the distance markers never change)."""
    d = dict(state.__dict__)
    for key in ("order", "queue", "said_yes", "gold_tiles", "revealed", "voyages", "log"):
        d[key] = list(d[key])
    d["options"] = dict(state.options)
    d["oar_track"] = {k: list(v) for k, v in state.oar_track.items()}
    for key in ("decks", "discards"):
        decks = d[key]
        d[key] = _shell(decks, {"city": list(decks.city), "goods": list(decks.goods),
                                "oar": list(decks.oar)})
    d["display"] = [None if c is None else
                    _shell(c, {**c.__dict__, "refused_by": list(c.refused_by)})
                    for c in state.display]
    d["seats"] = [_player(p) for p in state.seats]
    d["temples"] = {k: _shell(t, {"pos": list(t.pos), "order": list(t.order),
                                  "tiles": list(t.tiles)})
                    for k, t in state.temples.items()}
    return _shell(state, d)


def simulate(state: NeptunState, seat: int, move: Move) -> NeptunState:
    steps = move.steps if isinstance(move, Turn) else (move,)
    new = copy_state(state)
    events = []
    for step in steps:
        events += turn.apply_step(new, seat, step)  # type: ignore[arg-type]
    turn.remember(new, events)
    return new
