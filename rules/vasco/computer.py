"""What Vasco da Gama's 'normal' and 'strong' computers need from the game (the framework
in ``rules/greedy.py`` and ``rules/search.py`` does the rest):

* ``evaluate``: the points a seat can expect at the end — its VP now, what its ships at
  sea will still earn (income every phase 3 left, a landing filling up), its ships in
  hand (an expedition's slot VP, or 3 VP at the end with a captain), its projects (by
  whether its crew can launch them), its money, its characters and the discs it has on
  the action slots (what the action will do when the number is called, less what the
  number costs) — minus the best other seat's;
* ``candidates``: the legal moves without the pointless ones (one slot per area, since
  slots of an area differ only by position; numbers far from the free-action marker;
  hiring nobody; a ship to a lower slot of a landing than it can take);
* ``simulate``: ``apply`` without the pydantic round trip — a hand-made copy of the
  state, then the very same rules code (``turn.apply_step``); a property test checks it
  equals ``apply``;
* ``turn_continues``: only an expedition (ship after ship, then ``done``) is a turn of
  several decisions; a launch is judged on its own, by what the ship is worth after it.
"""

from __future__ import annotations

from functools import cache, lru_cache

from rules.contract import Move
from rules.vasco import turn
from rules.vasco.board import Unread, empty_open_slots
from rules.vasco.copying import copy_state
from rules.vasco.data import load_data
from rules.vasco.flow import characters_pay_after
from rules.vasco.moves import Character, Hire, Place, Send, Step, Turn
from rules.vasco.scoring import _best
from rules.vasco.ships import bonus_for
from rules.vasco.state import Player, VascoState

# The evaluation's weights (points). Hand-tuned with `python -m rules vasco arena`.
COIN_EARLY = 0.17        # what 1 Real is worth on top of its 1/3 VP while it can be spent
SEND_SHARE = 0.65        # a ship in hand: this share of its best expedition now
NO_CAPTAIN = 0.6         # a ship in hand without a captain to sail it (hiring one is cheap)
SPARE_CAPTAIN = 0.5      # an idle captain with no ship, while there is time to use it
LAUNCHABLE = 0.85        # a project the crew in hand can launch: share of a ship's worth
HOPE = (0.55, 0.4, 0.25, 0.12, 0.05)   # by colours still missing, with rounds to hire them
CREW = 0.15              # a crew piece, for the projects to come
BONUS = {"project": 1.2, "sailor": 0.6, "captain": 0.8, "none": 0.0}  # + coins by value
COMPLETE_HOPE = (1.0, 0.45, 0.2, 0.08, 0.03, 0.01)   # a landing fills, by slots empty
BARTOLOMEU = 1.6         # holding Bartolomeu Dias: +2 VP at the round's end, if kept
FRANCISCO = 0.5          # a missionary a round
MANUEL = 1.2             # an extra action disc a round
SERNIGI = 0.8            # a merchant ship's landing bonus a round
UNPLACED = 1.5           # a disc still to place this round
RECRUIT = (0.4, 1.6)     # a recruit action: without, with crew or a captain to hire
BUY = 1.6                # a purchase action, with money and rounds left to use it
EARLY = 0.02             # a lower number acts first (the first pick of slots and tiles)


@cache
def _landings() -> tuple[tuple[str, tuple[int, ...], frozenset[int], int, float], ...]:
    """(key, slot values, white-arrow slots, complete VP, bonus worth) bottom to top."""
    data = load_data()
    out = []
    for x in data.landings:
        bonus = BONUS.get(x.bonus, 0.0) + x.bonus_coins * (1 / 3 + COIN_EARLY)
        out.append((x.key, tuple(x.slots), frozenset(x.arrows), x.complete_vp, bonus))
    return tuple(out)


# Time -------------------------------------------------------------------------------


def navigations_left(state: VascoState) -> int:
    """Phase 3s still to come (income, landings filling), this round's included."""
    if state.phase == "over":
        return 0
    return load_data().rounds - state.round + 1


def action_time(state: VascoState) -> float:
    """Rounds of actions still to come: whole rounds after this one, plus what is left of
    this one's (all of it in phase 1, half in phase 2, none in phase 3)."""
    if state.phase == "over":
        return 0.0
    part = {"setup": 1.0, "place": 1.0, "act": 0.5}.get(state.phase, 0.0)
    return load_data().rounds - state.round + part


def coin_worth(time: float) -> float:
    return 1 / 3 + COIN_EARLY * min(1.0, time / 2)


# Ships --------------------------------------------------------------------------------


def at_sea(state: VascoState, vp: int, coins: int, landing: int,
           navs: int, cw: float) -> float:
    """A player ship on a landing (index ``landing``): income every phase 3 left, and the
    landing's VP if it fills up."""
    key, _, _, complete_vp, _ = _landings()[landing]
    value = navs * (vp + coins * cw)
    if navs > 0 and complete_vp:
        empty = sum(1 for s in state.landings[key] if s is None)
        value += complete_vp * COMPLETE_HOPE[min(empty, len(COMPLETE_HOPE) - 1)]
    return value


class Sea:
    """The navigation board as an expedition sees it: per landing its free slots (value,
    white arrow) and how many are empty — shared by every position with the same empty
    slots (in a search most positions are) — and the best expedition per ship, remembered
    for this position."""

    def __init__(self, state: VascoState) -> None:
        self.state = state
        self.occupancy = tuple(tuple(ship is None for ship in state.landings[key])
                               for key, _, _, _, _ in _landings())
        self.free = _free_slots(self.occupancy)
        self.sends: dict[tuple[str, int, bool], float] = {}
        self._expected_free: float | None = None

    @property
    def expected_free(self) -> float:
        if self._expected_free is None:
            self._expected_free = expected_free(self.state)
        return self._expected_free

    def _tops(self, strength: int, arrow_ok: bool) -> tuple[int | None, ...]:
        return _tops(self.occupancy, strength, arrow_ok)

    def best_send(self, tile: str, navs: int, cw: float, bonus: bool = True) -> float:
        """The most a ship could make on an expedition now: slot VP, the landing's bonus
        (``bonus``: if it would take one), what it earns at sea (0 if no free slot takes
        it)."""
        key = (tile, navs, bonus)
        if key in self.sends:
            return self.sends[key]
        data = load_data()
        t = data.tiles[tile]
        arrow_ok = t.strength >= data.arrow_min
        income = navs * (t.vp + t.coins * cw)
        best = 0.0
        paid = bonus
        for top, (_, empty), (_, _, _, complete_vp, bonus) in zip(
                self._tops(t.strength, arrow_ok), self.free, _landings(), strict=True):
            if top is None:
                continue
            value = top + bonus + income if paid else top + income
            if navs > 0 and complete_vp:
                # the ship itself fills a slot: the landing is one emptier when it goes
                value += complete_vp * COMPLETE_HOPE[min(empty - 1, len(COMPLETE_HOPE) - 1)]
            if value > best:
                best = value
        self.sends[key] = best
        return best


@lru_cache(maxsize=1024)
def _free_slots(occupancy: tuple[tuple[bool, ...], ...]
                ) -> tuple[tuple[tuple[tuple[int, bool], ...], int], ...]:
    """Per landing (``occupancy``: which of its slots are empty), its free slots as
    (value, white arrow), and how many."""
    out = []
    for (_, slots, arrows, _, _), empty in zip(_landings(), occupancy, strict=True):
        open_ = tuple((v, j + 1 in arrows) for j, v in enumerate(slots) if empty[j])
        out.append((open_, len(open_)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _tops(occupancy: tuple[tuple[bool, ...], ...], strength: int,
          arrow_ok: bool) -> tuple[int | None, ...]:
    """Per landing, the best free slot a ship of this strength may take (None: none)."""
    return tuple(max((v for v, arrow in open_ if v <= strength and (arrow_ok or not arrow)),
                     default=None) for open_, _ in _free_slots(occupancy))


def in_hand(sea: Sea, tile: str, sailing: bool, navs: int, cw: float,
            bonus: bool = True) -> float:
    """A launched ship in hand with a captain: 3 VP at the end, or an expedition
    (``bonus``: whether it would take the landing's bonus)."""
    end = load_data().vp_per_ship_in_hand
    if not sailing:
        return float(end)
    return max(float(end), SEND_SHARE * sea.best_send(tile, navs, cw, bonus))


def expeditions_left(state: VascoState, seat: int) -> int:
    """Expeditions the seat may still lead, each paying a landing bonus to its first ship:
    its navigation discs not yet called (not the one under way, whose bonus is spent) and
    one a round after this one."""
    if state.phase == "over":
        return 0
    mine = 0
    if state.phase in ("place", "act"):
        mine = sum(1 for d in state.slots["navigation"] if d is not None and d.seat == seat
                   and (d.number > state.called if state.expedition else
                        d.number >= state.called))
    return mine + load_data().rounds - state.round


def bonuses(state: VascoState, seat: int) -> int | None:
    """How many of the seat's launched ships in hand (best first) can count on a landing's
    bonus: all (None) while every ship sent takes one, else one per expedition it may
    still lead (``ships.bonus_for``: the first ship of each), at least one (the estimate
    of a ship in hand assumes it sails). Projects keep theirs: they sail later, and
    charging them too made the computer place navigation discs for far-off projects
    (the arena: 45.5% of 200 games against the old estimate)."""
    if bonus_for(state, 1):
        return None
    return max(1, expeditions_left(state, seat))


# A seat's worth -----------------------------------------------------------------------


def crew_of(player: Player) -> tuple[int, ...]:
    data = load_data()
    return tuple(player.sailors.get(c, 0) for c in data.sailor_colours) + (player.missionaries,)


def fleet(sea: Sea, seat: int, time: float, navs: int, cw: float) -> float:
    """Ships in hand, projects, crew and captains."""
    data = load_data()
    state = sea.state
    player = state.seats[seat]
    sailing = time > 0
    hand = sorted((in_hand(sea, t, sailing, navs, cw) for t in player.ships), reverse=True)
    leaders = bonuses(state, seat) if sailing else None
    if leaders is not None and len(player.ships) > leaders:
        # bonus-once: the ships beyond the expeditions left follow one, without a bonus
        ranked_ships = sorted(player.ships, key=lambda t: -in_hand(sea, t, True, navs, cw))
        hand = sorted((in_hand(sea, t, True, navs, cw, i < leaders)
                       for i, t in enumerate(ranked_ships)), reverse=True)
    captains = player.captains
    value = sum(v if i < captains else v * NO_CAPTAIN * sailing for i, v in enumerate(hand))
    spare = max(0, captains - len(hand))
    crew = crew_of(player)
    if player.projects:
        needs = tuple(sorted(data.tiles[t].crew for t in player.projects))
        room = len(needs) if sailing else min(len(needs), spare)
        launched, used = _best(needs, crew, room)
        left = list(crew)
        for combo in used:
            for c in combo:
                left[c] -= 1
        colours = sum(1 for n in left if n > 0)
        ranked = sorted(player.projects, key=lambda t: -data.tiles[t].crew)
        todo = list(launched)
        for tile in ranked:
            need = data.tiles[tile].crew
            worth = in_hand(sea, tile, sailing, navs, cw)
            if need in todo:
                todo.remove(need)
                value += LAUNCHABLE * worth
                spare -= 1
            elif sailing:
                missing = need - colours
                value += worth * HOPE[min(max(missing, 0), len(HOPE) - 1)] * min(1.0, time)
        crew = tuple(left)
    if sailing:
        value += CREW * sum(crew) + SPARE_CAPTAIN * max(0, spare) * min(1.0, time)
    return value


def at_sea_total(state: VascoState, seat: int, navs: int, cw: float) -> float:
    data = load_data()
    value = 0.0
    for i, (key, _, _, _, _) in enumerate(_landings()):
        for ship in state.landings[key]:
            if ship is not None and ship.owner == seat:
                t = data.tiles[ship.tile]
                value += at_sea(state, t.vp, t.coins, i, navs, cw)
    return value


def round_ends_paying(state: VascoState, time: float) -> tuple[bool, float]:
    """Whether this round's end pays Bartolomeu and Francisco (``flow.characters_pay_after``;
    not the last round's in the `no-last-characters` variant), and the rounds of
    actions after this one (``time - 1``) cut to the share of them whose end pays."""
    later = max(0.0, time - 1)
    now = state.phase != "over" and characters_pay_after(state, state.round)
    last = load_data().rounds
    after = last - state.round
    if after > 0 and not characters_pay_after(state, last):
        paying = sum(characters_pay_after(state, r) for r in range(state.round + 1, last + 1))
        later *= paying / after
    return now, later


def characters(state: VascoState, seat: int, time: float) -> float:
    value = 0.0
    now, later = round_ends_paying(state, time)
    rounds = min(1.0, time) + max(0.0, time - 1) * 0.5    # held this round, maybe later
    paid = min(1.0, time) * now + later * 0.5    # the same, counting only round ends that pay
    for who, worth in (("bartolomeu", BARTOLOMEU), ("francisco", FRANCISCO),
                       ("manuel", MANUEL), ("sernigi", SERNIGI)):
        if state.holders.get(who) == seat:
            if who == "bartolomeu" and state.phase != "over":
                # the +2 VP at this round's end is sure once nobody can take it away
                sure = "bartolomeu" in state.blocked or state.phase == "navigate"
                value += (2.0 if sure else worth) * now + worth * later * 0.3
            elif who == "francisco":
                value += worth * paid
            else:
                value += worth * rounds
    return value


def expected_free(state: VascoState) -> float:
    """Where the free-action marker will stand in phase 2: known once it is revealed;
    in phase 1 the mean over the Vasco da Gama tiles not yet seen (their order is
    hidden, so every unseen tile is as likely to come next)."""
    if state.phase != "place" or not state.vdg_stack:
        return float(state.free)
    data = load_data()
    moves = [data.vdg_tiles[t].variation for t in state.vdg_stack]
    return sum(min(20, max(1, state.free + v)) for v in moves) / len(moves)


def action_worth(sea: Sea, seat: int, area: str, cw: float, time: float,
                 used: dict[str, int]) -> float:
    """What one action of ``area`` will roughly bring ``seat`` when its number is called
    (``used``: actions of the area already counted for this seat)."""
    data = load_data()
    state = sea.state
    player = state.seats[seat]
    n = used.get(area, 0)
    used[area] = n + 1
    if area == "navigation":
        colours = sum(1 for c in crew_of(player) if c > 0)
        ships = player.ships + [t for t in player.projects if data.tiles[t].crew <= colours]
        # one expedition per captain; without one, a recruit action may still hire it
        if n >= len(ships) or max(player.captains, 1) <= n:
            return 0.0
        navs = navigations_left(state)
        sends = sorted((sea.best_send(t, navs, cw) - in_hand(sea, t, True, navs, cw)
                        for t in ships), reverse=True)
        return max(0.0, sends[n])
    if area == "character":
        coins = sorted(state.coin_spaces, reverse=True)
        # Bartolomeu: +2 VP now, and the tile while this round's end pays it
        keep = BARTOLOMEU * 0.3 if characters_pay_after(state, state.round) else 0.0
        best = max(2.0 + keep, coins[n] * cw if n < len(coins) else 0.0)
        return best if n < 2 else 0.5
    if area == "recruit":
        short = player.captains < len(player.ships) or any(
            data.tiles[t].crew > sum(1 for c in crew_of(player) if c > 0)
            for t in player.projects)
        return (RECRUIT[1] if short and n == 0 else RECRUIT[0]) * min(1.0, time)
    if area == "project":
        if player.coins < 2 or n > 0:
            return 0.2
        return BUY * min(1.0, max(0.0, time - 0.5))
    return 0.0


def discs(sea: Sea, seat: int, cw: float, time: float) -> float:
    """Discs on the action slots not yet called: the action or the pass coins, whichever
    is worth more; and the discs still to place this round."""
    state = sea.state
    if state.phase not in ("place", "act"):
        return 0.0
    data = load_data()
    free = sea.expected_free
    player = state.seats[seat]
    value = 0.0
    used: dict[str, int] = {}
    mine = []
    for area, slots in state.slots.items():
        for d in slots:
            if d is not None and d.seat == seat and d.number >= state.called:
                mine.append((d.number, area))
    for number, area in sorted(mine):
        if state.phase == "act" and number == state.called and state.expedition:
            continue           # the expedition under way is counted where it goes
        cost = max(0.0, free - number) if number <= 20 else 0.0
        act = action_worth(sea, seat, area, cw, time, used) - cost * cw
        if cost > player.coins:
            act = -1.0
        value += max(act, data.pass_coins(number) * cw) + EARLY * (22 - number)
    if state.phase == "place":
        value += UNPLACED * player.discs
    return value


def seat_value(sea: Sea, seat: int, time: float, navs: int) -> float:
    state = sea.state
    player = state.seats[seat]
    cw = coin_worth(time)
    return (player.vp + player.coins * cw + at_sea_total(state, seat, navs, cw)
            + fleet(sea, seat, time, navs, cw) + characters(state, seat, time)
            + discs(sea, seat, cw, time))


def evaluate(state: VascoState, seat: int) -> float:
    """``seat``'s expected final points minus the best other seat's."""
    if state.phase == "over":
        scores = [p.vp for p in state.seats]
    else:
        time, navs = action_time(state), navigations_left(state)
        sea = Sea(state)
        scores = [seat_value(sea, s, time, navs) for s in range(state.players)]
    return scores[seat] - max(v for s, v in enumerate(scores) if s != seat)


# Candidates -----------------------------------------------------------------------------


def candidates(state: VascoState, seat: int, legal: list[Move]) -> list[Move]:
    """``legal`` without the pointless moves; never empty when ``legal`` is not."""
    first = _first_slots(state) if state.phase in ("place", "act") else set()
    looks = _numbers_worth_a_look(state) if state.phase == "place" else set()
    kept = [m for m in legal if not _pointless(state, seat, m, first, looks)]
    return kept or legal


def _first_slots(state: VascoState) -> set[tuple[str, int]]:
    """The first empty slot of each area: the others of the area do the same."""
    first: dict[str, int] = {}
    for area, slot in empty_open_slots(state):
        first.setdefault(area, slot)
    return set(first.items())


def _numbers_worth_a_look(state: VascoState) -> set[int]:
    """Numbers near the free-action marker, the lowest few (they act first) and the
    cheapest always-free one; the others are like a neighbour but dearer or later."""
    free = expected_free(state)
    numbers = sorted(state.numbers)
    looks = set(numbers[:3])
    looks |= {n for n in numbers if free - 4 <= n <= free + 3}
    above = [n for n in numbers if n >= free + 3]
    if above:
        looks.add(above[0])
    return looks


def _pointless(state: VascoState, seat: int, move: Move, first: set[tuple[str, int]],
               looks: set[int]) -> bool:
    if isinstance(move, Place):
        if (move.area, move.slot) not in first:
            return True
        return move.number <= 20 and move.number not in looks
    if isinstance(move, Character) and move.who == "manuel" and move.area:
        return (move.area, move.slot) not in first
    if isinstance(move, Hire):
        if not move.sailors and not move.captain:
            return True
        counts: dict[str, int] = {}
        for c in move.sailors:
            counts[c] = counts.get(c, 0) + 1
        return max(counts.values(), default=0) > 2
    if isinstance(move, Send):
        return _lower_slot(state, seat, move)
    return False


def _lower_slot(state: VascoState, seat: int, move: Send) -> bool:
    """A ship sent to a landing's slot worth less than another free one it may take."""
    data = load_data()
    info = data.landing_of[move.landing]
    strength = data.tiles[move.ship].strength
    value = info.slots[move.slot - 1]
    here = state.landings[move.landing]
    for j, v in enumerate(info.slots):
        if here[j] is None and v > value and v <= strength and \
                (j + 1 not in info.arrows or strength >= data.arrow_min):
            return True
    return False


def turn_continues(state: VascoState, seat: int) -> bool:
    """An expedition goes on, ship after ship, until ``done``."""
    return state.expedition is not None and turn.actor(state) == seat


# The fast path --------------------------------------------------------------------------

def simulate(state: VascoState, seat: int, move: Move) -> VascoState:
    steps: tuple[Step, ...] = move.steps if isinstance(move, Turn) else (move,)  # type: ignore[assignment]
    new = copy_state(state)
    unread = Unread()
    for step in steps:
        turn.apply_step(new, seat, step, unread)
    return new

