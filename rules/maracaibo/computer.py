"""What Maracaibo's 'normal' and 'strong' computers need from the game (the framework in
``rules/greedy.py`` and ``rules/search.py`` does the rest):

* ``evaluate``: the points a seat can expect at the end — the final scoring as it would
  stand now (``scoring.breakdown``: VP, income track VP, cards, prestige, influence leads)
  with the nations' part read with the multipliers still to grow and the influence
  between two noble bands counted in part, plus what is still to come in the rounds left:
  income at the interim scorings, doubloons, combat points, cards in hand, figures,
  unlocked ship-board abilities and permanent cards, the explorer's way along its track
  — minus the best other seat's. It reads other seats' hands only as counts. The parts
  (``seat_terms``) are weighted by how much each was worth in games between normal
  computers (``leaf_evaluate``, ``data/maracaibo/evaluation.toml``) where the strong
  computer's rollouts stop; the greedy players keep the plain sum;
* ``candidates``: the legal moves without the pointless ones (70 ways to keep 4 of 8
  cards cut to the few best hands; planning a card, which only protects it from a
  village "discard hand", only where that discard is on offer);
* ``simulate``: ``apply`` without the pydantic dump-and-validate round trip — a
  hand-written copy of the state (frozen data shared), then the very same rules code
  (``turn.apply_step``); a property test checks it equals ``apply``;
* ``turn_continues``: a turn is the sail, the main action with the free actions and the
  choices its effects ask, up to ``done``; the draws of phase C are judged one by one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.contract import Event, Move
from rules.greedy import Greedy
from rules.maracaibo import turn
from rules.maracaibo.cards import design
from rules.maracaibo.data import NATIONS, Atom, Card, EndVP, load_data, load_leaf_weights
from rules.maracaibo.effects import noble_class
from rules.maracaibo.moves import Done, Keep, Plan, Turn, Village
from rules.maracaibo.options import switch
from rules.maracaibo.scoring import count, lead_vp, multipliers, prestige_vp
from rules.maracaibo.search import VoyageSearch
from rules.maracaibo.state import MaracaiboState, Player
from rules.shell import shell as _shell

# The evaluation's weights (points). Hand-tuned with `python -m rules maracaibo arena`.
MONEY_EARLY = 0.40        # what 1 dbl is worth while there are rounds left to spend it
MONEY_END = 0.03          # and at the very end (it only breaks ties)
MONEY_ROUNDS = 1.5        # rounds left from which money keeps its full use
CP = 0.30                 # a combat point, while there is a combat to spend it in
HAND_CARD = 0.7           # a card in hand or planned (a buy, a payment, a good to deliver)
CARD_TASTE = 0.12         # how much a hand card's own worth adds to that
FIGURE_SUPPLY = 0.6       # a figure in the supply (assistant cards, +1 CP in combat)
FIGURE_ROUND = 2.0        # a figure on the board pays 2 VP (or its action) every round
PERM_ROUND = 1.2          # a permanent ability (card or ship space), per round left
DISC = 0.5                # a disc off a space not yet unlocked (half-way to its ability)
EXPLORER_STEP = 0.5       # a step along the explorer track, towards its lines
BAND_PART = 0.6           # how much of a noble class half-reached counts
MULT_GROWTH = 1.0         # how much a nation's multiplier grows per round left


# Time -------------------------------------------------------------------------------


@cache
def _route_pos() -> dict[str, int]:
    return {loc.id: i for i, loc in enumerate(load_data().route)}


@cache
def _round_end_pos() -> int:
    return next(i for i, loc in enumerate(load_data().route) if loc.ends)


def rounds_left(state: MaracaiboState) -> float:
    """Rounds still to play, the current one in part: it ends when the first ship reaches
    the homeward space that ends it."""
    if state.step == "over":
        return 0.0
    rules = load_data().rules
    pos = _route_pos()
    lead = max(pos[p.ship] for p in state.seats)
    part = max(0.0, 1.0 - lead / _round_end_pos())
    if state.step == "scoring":
        part = 0.0
    return (rules.rounds - state.round) + part


def money_worth(time: float) -> float:
    return MONEY_END + (MONEY_EARLY - MONEY_END) * min(1.0, time / MONEY_ROUNDS)


@cache
def _interim_worths(interims: int) -> tuple[float, ...]:
    """What 1 dbl of income is worth at each interim scoring still to come, in order."""
    return tuple(money_worth(interims - k - 1) for k in range(interims))


# Cards ---------------------------------------------------------------------------------


def _atoms_worth(atoms: tuple[Atom, ...]) -> float:
    """A rough worth of immediate effects, in points, early in the game."""
    total = 0.0
    for a in atoms:
        if a.dbl:
            total += a.dbl * MONEY_EARLY
        elif a.vp:
            total += a.vp
        elif a.cp:
            total += a.cp * CP
        elif a.inf is not None:
            total += a.inf.n
        elif a.explore:
            total += a.explore * EXPLORER_STEP * 2
        elif a.disc:
            total += a.disc * 1.2
        elif a.fig:
            total += a.fig * FIGURE_SUPPLY
        elif a.inc_d:
            total += a.inc_d * 2.0
        elif a.inc_v:
            total += a.inc_v * 3.0
        elif a.syn or a.buy is not None:
            total += 1.0
    return total


@cache
def card_worth(design_id: str) -> float:
    """What buying a card brings (its VP and effect) less what it costs, early on."""
    card: Card = load_data().card[design_id]
    worth = card.vp + _atoms_worth(card.effect) - card.cost * MONEY_EARLY
    if card.perm is not None or card.end is not None:
        worth += 2.0
    if card.asst is not None:
        worth += FIGURE_ROUND + _atoms_worth(card.asst.action)
    return worth


@cache
def hand_worth(cid: str) -> float:
    return HAND_CARD + CARD_TASTE * card_worth(cid[:-1])


# Evaluation ---------------------------------------------------------------------------


@cache
def _bought(bought: tuple[str, ...]) -> tuple[int, int, int, tuple[EndVP, ...]]:
    """Of a seat's bought cards: the VP printed on them, how many bring a permanent
    ability, the VP they pay at every scoring, and their end-of-game scorers."""
    cards = [design(c) for c in bought]
    perms = [c.perm for c in cards if c.perm is not None]
    return (sum(c.vp for c in cards), len(perms),
            sum(a.vp or 0 for perm in perms for a in perm.scoring_reward),
            tuple(c.end for c in cards if c.end is not None))


@cache
def _explorer_depth() -> dict[str, int]:
    """Counted steps from the start to every explorer node (both branches alike)."""
    ex = load_data().explorer
    depth = {ex.start: 0}
    queue = [ex.start]
    for here in queue:
        for there in ex.edges.get(here, ()):
            if there not in depth:
                depth[there] = depth[here] + 1
                queue.append(there)
    return depth


@cache
def _smooth_class(position: int) -> float:
    """The noble class at ``position``, with the way to the next band counted in part."""
    bands = load_data().influence.bands
    cls = noble_class(position)
    below = max((at for at, c in bands if c == cls), default=0)
    above = next((at for at, c in bands if c == cls + 1), None)
    if above is None:
        return float(cls)
    return cls + BAND_PART * (position - below) / (above - below)


def scored_now(state: MaracaiboState, seat: int, lead: int,
               bought: tuple[int, int, int, tuple[EndVP, ...]] | None = None) -> int:
    """The final scoring as it would stand now (``scoring.breakdown``'s total) without
    its nations' part; ``lead``: the seat's VP for most influence; ``bought``: the seat's
    ``_bought``, when the caller has it."""
    p = state.seats[seat]
    data = load_data()
    printed, _, scoring_vp, ends = bought or _bought(tuple(p.bought))
    value = p.vp + lead + printed + scoring_vp + data.income.vp[p.inc_v] \
        + data.income.doubloons[p.inc_d][1]
    for end in ends:
        value += end.vp * count(state, p, end.per)
    for b in p.invested:
        value += prestige_vp(state, p, b)
    return value


# The parts of a seat's value, in the order ``seat_terms`` gives them.
TERMS = ("scored", "nations", "income_dbl", "income_vp", "money", "hand", "cp", "supply",
         "figures", "discs", "scoring_cards", "perms", "explorer")


def seat_terms(state: MaracaiboState, seat: int, lead: int,
               mult: dict[str, float], time: float, own: bool) -> tuple[float, ...]:
    """The points ``seat`` can expect at the end, in parts (``TERMS``); ``own``: its hand
    may be looked at."""
    p = state.seats[seat]
    data = load_data()
    bought = _bought(tuple(p.bought))
    _, perm_cards, scoring_vp, _ = bought
    influence = p.influence
    nations = 0.0
    for n in NATIONS:
        nations += mult[n] * _smooth_class(influence[n])
    interims = max(0, data.rules.rounds - state.round)
    # income still to come at the interim scorings (the final one is in ``scored_now``)
    income_dbl = data.income.doubloons[p.inc_d][0]
    soon = min(1.0, time)
    if own:
        taste = sum(hand_worth(c) for c in p.hand) + sum(hand_worth(c) for c in p.planned)
    else:
        taste = HAND_CARD * len(p.hand) + sum(hand_worth(c) for c in p.planned)
    if state.step == "draw" and seat == state.current:
        taste += HAND_CARD * max(0, turn.draw_needed(state))
    # permanent abilities: unlocked ship spaces and cards
    perms = perm_cards
    discs = 0.0
    for space, on in zip(data.ship.spaces, p.discs, strict=True):
        if space.perm is not None and on == 0:
            perms += 1
        elif 0 < on < data.ship.discs_per_space:
            discs += DISC
    return (
        float(scored_now(state, seat, lead, bought)),
        nations,
        sum(income_dbl * worth for worth in _interim_worths(interims)),
        float(data.income.vp[p.inc_v] * interims),
        p.dbl * money_worth(time),
        soon * taste,
        soon * CP * p.cp,
        soon * FIGURE_SUPPLY * p.supply,
        sum(FIGURE_ROUND * (interims + (0 if f.settled else 1)) for f in p.figures),
        soon * discs,
        float(scoring_vp * interims),
        PERM_ROUND * perms * time,
        EXPLORER_STEP * soon * _explorer_depth().get(p.explorer, 0),
    )


def evaluate(state: MaracaiboState, seat: int) -> float:
    """``seat``'s expected final points minus the best other seat's."""
    return _margin(state, seat, None)


def leaf_evaluate(state: MaracaiboState, seat: int) -> float:
    """``evaluate`` with each part weighted by how much it was worth in games between
    normal computers (``data/maracaibo/evaluation.toml``, fitted by
    ``scripts/maracaibo_evaluation.py``): the strong computer's score where a rollout
    stops. The weights were fitted on two-player games; with more players it is
    ``evaluate``."""
    if state.players != 2:
        return evaluate(state, seat)
    return _margin(state, seat, leaf_weights(rounds_left(state)))


def seat_parts(state: MaracaiboState, seat: int) -> list[tuple[float, ...]]:
    """Every seat's ``seat_terms`` as ``seat`` sees them (its own hand looked at, the
    others' counted); the game must not be over."""
    time = rounds_left(state)
    leads = lead_vp(state)
    mult = {n: m + MULT_GROWTH * time for n, m in multipliers(state).items()}
    return [seat_terms(state, s, leads[s], mult, time, s == seat)
            for s in range(state.players)]


def _margin(state: MaracaiboState, seat: int, weights: tuple[float, ...] | None) -> float:
    if state.step == "over":
        scores = [p.vp for p in state.seats]
        return float(scores[seat] - max(v for s, v in enumerate(scores) if s != seat))
    parts = seat_parts(state, seat)
    if weights is None:
        values = [sum(terms) for terms in parts]
    else:
        values = [sum(w * part for w, part in zip(weights, terms, strict=True))
                  for terms in parts]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


@cache
def _leaf_table() -> tuple[tuple[float, ...], tuple[tuple[float, ...], ...]]:
    """The knots (rounds left) and at each the weights in ``TERMS`` order."""
    data = load_leaf_weights()
    if set(data.weights) != set(TERMS):
        raise ValueError(f"evaluation.toml weighs {sorted(data.weights)}, "
                         f"the evaluation's parts are {sorted(TERMS)}")
    table = tuple(tuple(data.weights[t][j] for t in TERMS) for j in range(len(data.knots)))
    return data.knots, table


def knot_between(knots: tuple[float, ...], time: float) -> tuple[int, int, float]:
    """The knots on either side of ``time`` and how far along it is from the first to
    the second (0-1); outside the knots, the nearest one twice (flat)."""
    if time <= knots[0]:
        return 0, 0, 0.0
    for j in range(1, len(knots)):
        if time <= knots[j]:
            return j - 1, j, (time - knots[j - 1]) / (knots[j] - knots[j - 1])
    return len(knots) - 1, len(knots) - 1, 0.0


def leaf_weights(time: float) -> tuple[float, ...]:
    """The parts' weights with ``time`` rounds left: linear between the knots, flat
    outside them."""
    knots, table = _leaf_table()
    lo, hi, share = knot_between(knots, time)
    if lo == hi:
        return table[lo]
    return tuple(a + share * (b - a) for a, b in zip(table[lo], table[hi], strict=True))


# Candidates -----------------------------------------------------------------------------

KEEPS = 4                 # hands considered at setup, of the 70 ways to keep 4 of 8


def candidates(state: MaracaiboState, seat: int, legal: list[Move]) -> list[Move]:
    """``legal`` without the pointless moves; never empty when ``legal`` is not."""
    if state.step == "setup":
        return _setup(state, seat, legal) or legal
    discard = any(isinstance(m, Village) and m.action == "discard" for m in legal)
    kept = [m for m in legal if not isinstance(m, Plan) or discard]
    return kept or legal


def _setup(state: MaracaiboState, seat: int, legal: list[Move]) -> list[Move]:
    """Of the ways to keep 4 of the 8 cards dealt, the few whose cards look best."""
    keeps = [m for m in legal if isinstance(m, Keep)]
    if len(keeps) <= KEEPS:
        return legal
    best = sorted(keeps, key=lambda m: (-sum(hand_worth(c) for c in m.cards), m.cards))
    return [m for m in legal if not isinstance(m, Keep)] + best[:KEEPS]


# The strong computer ---------------------------------------------------------------

# A greedy turn costs ~50-150 simulated moves. The search (``rules/maracaibo/search.py``)
# plays the planner's best 3 turns (``width``) on through the other seat's whole turn and
# the seat's own next one (``horizon``: 3 turn starts, a draw of phase C is no turn), so
# it sees what a turn sets up for the next; it keeps the planner's choice unless a rival
# leads by more than ``margin`` points and ``z`` standard errors over the worlds.
STRONG_WIDTH = 3
STRONG_HORIZON = 3
STRONG_RUNG = 4
STRONG_Z = 1.0
STRONG_MARGIN = 0.5
STRONG_TO_THE_END = 0.6   # rounds left from which strong's rollouts play to the end
STRONG_LEAF = True        # score where rollouts stop with the fitted weights (leaf_evaluate)


def strong() -> VoyageSearch:
    return VoyageSearch(width=STRONG_WIDTH, horizon=STRONG_HORIZON, rung=STRONG_RUNG,
                        player=Greedy(beam=1, depth=6), z=STRONG_Z, margin=STRONG_MARGIN,
                        to_the_end=near_the_end,
                        leaf=leaf_evaluate if STRONG_LEAF else None)


def near_the_end(state: MaracaiboState) -> bool:
    """The last round's second half: rollouts from here reach the final scoring often
    enough in a second (5-7 worlds from 0.6 rounds left, 10-25 in the last turns; 2-3
    from the round's start — measured on two seeded games)."""
    return rounds_left(state) <= STRONG_TO_THE_END


# Turns and the fast path ---------------------------------------------------------------


def turn_continues(state: MaracaiboState, seat: int) -> bool:
    """The sail, the main action and the choices its effects ask are still going; the
    draws of phase C and a scoring's buy-or-2-VP are decisions of their own."""
    if turn.to_act(state) != [seat]:
        return False
    return state.step in ("sail", "main") or state.decision is not None


def _lists(d: dict[str, Any], keys: tuple[str, ...]) -> None:
    for key in keys:
        d[key] = list(d[key])


# the fields of each model that hold lists (of scalars) or dicts (of scalars)
_PLAYER_LISTS = ("discs", "hand", "planned", "bought", "invested", "quests", "synergy",
                 "syn_waiting", "careers_dealt", "tasks", "lines", "reached", "dealt",
                 "kept")
_STATE_LISTS = ("deck", "discard", "display", "box", "careers_box", "tokens_used",
                "prestige", "prestige_box", "quest_pile", "slots_taken", "arrivals",
                "story_tiles")
_STATE_DICTS = ("options", "city_tiles", "owners", "expelled")
_STATE_DICTS_OF_LISTS = ("quests_at", "stock", "market", "crossed")


def _player(p: Player) -> Player:
    d = dict(p.__dict__)
    _lists(d, _PLAYER_LISTS)
    d["influence"] = dict(d["influence"])
    d["figures"] = [_shell(f, dict(f.__dict__)) for f in d["figures"]]
    return _shell(p, d)


def _others_untouched(state: MaracaiboState, mover: int) -> bool:
    """Can a move of ``mover`` change only its own seat? In a turn's sail and main action,
    yes (``done`` aside): only the end of a turn (which may end the round), a scoring
    and the red line read as "every player gains" (a switch) touch the other seats."""
    return state.step in ("sail", "main") and \
        switch(state, "red_line_mode") == "crossing_player" and \
        all(item.seat == mover for item in state.queue)


def copy_state(state: MaracaiboState, mover: int | None = None) -> MaracaiboState:
    """A copy as deep as ``apply_step`` needs: every container and mutable model copied,
    the frozen data (effect atoms) shared; given the ``mover``, the other seats' sheets
    are shared when its move cannot change them."""
    d = dict(state.__dict__)
    _lists(d, _STATE_LISTS)
    for key in _STATE_DICTS:
        d[key] = dict(d[key])
    for key in _STATE_DICTS_OF_LISTS:
        d[key] = {k: list(v) for k, v in d[key].items()}
    if mover is not None and _others_untouched(state, mover):
        seats = list(state.seats)
        seats[mover] = _player(seats[mover])
        d["seats"] = seats
    else:
        d["seats"] = [_player(p) for p in state.seats]
    t = state.t
    d["t"] = _shell(t, {**t.__dict__, "path": list(t.path), "notes": list(t.notes)})
    if state.combat is not None:
        d["combat"] = _shell(state.combat, dict(state.combat.__dict__))
    d["queue"] = [_shell(q, dict(q.__dict__)) for q in state.queue]
    if state.decision is not None:
        dec = state.decision
        d["decision"] = _shell(dec, {**dec.__dict__, "then": list(dec.then)})
    if state.scoring is not None:
        sc = state.scoring
        d["scoring"] = _shell(sc, {**sc.__dict__, "order": list(sc.order)})
    d["tokens"] = [list(pile) for pile in state.tokens]
    d["records"] = [_shell(r, {**r.__dict__, "path": list(r.path), "notes": list(r.notes)})
                    for r in state.records]
    d["final"] = [dict(x) for x in state.final]
    return _shell(state, d)


class _Drop(list):
    """An event list that keeps nothing (search needs no events)."""

    def append(self, item: Event) -> None:
        pass


def simulate(state: MaracaiboState, seat: int, move: Move) -> MaracaiboState:
    steps = move.steps if isinstance(move, Turn) else (move,)
    # `done` (with a full hand, no draw follows) and a whole typed turn may end the
    # round, which pays every seat: copy them all
    ends = isinstance(move, (Turn, Done))
    new = copy_state(state, mover=None if ends else seat)
    events = _Drop()
    for step in steps:
        turn.apply_step(new, seat, step, events)
    return new


__all__ = ["Player", "candidates", "evaluate", "simulate", "turn_continues"]
