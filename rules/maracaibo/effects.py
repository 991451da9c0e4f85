"""The effect language at work: what a player gains, and the queue of effects still to be
resolved.

Cards, tiles, quests, careers, flags, explorer spaces and ship-board spaces all pay in
*atoms* (``data.Atom``). Most pay at once (doubloons, VP, CP, figures, income steps). A
few ask the player something first — which nation, which ship-board space, how far to
explore, which card to buy, whether to pay — and then the rest waits: the queue stops at a
``Decision`` until the player answers (``decisions.py``). Effects an atom triggers (a
ship-board space unlocking, a synergy bonus coming due, an explorer space's bonus) go to the
front of the queue, so everything resolves in the order a player at the table would.

Permanent abilities (``Perm``) of bought cards and unlocked ship-board spaces are summed
when asked for.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rules.contract import Event
from rules.maracaibo.cards import design
from rules.maracaibo.data import NATIONS, Atom, Perm, load_data
from rules.maracaibo.state import Decision, MaracaiboState, Pending, Player

AUTO = ("dbl", "vp", "cp", "fig", "inc_d", "inc_v")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# Permanent abilities ----------------------------------------------------------------


def perms(p: Player) -> tuple[Perm, ...]:
    """The seat's permanent abilities: its bought cards', then its unlocked ship spaces'."""
    return _perms(tuple(p.bought), tuple(p.discs))


@lru_cache(maxsize=4096)
def _perms(bought: tuple[str, ...], discs: tuple[int, ...]) -> tuple[Perm, ...]:
    # asked several times by every move (costs, limits, village actions) and by the
    # computers' every simulated move: worked out once per set of cards and discs
    data = load_data()
    found = [card.perm for card in map(design, bought) if card.perm is not None]
    found += [space.perm for space, n in zip(data.ship.spaces, discs, strict=True)
              if n == 0 and space.perm is not None]
    return tuple(found)


def perm_sum(p: Player, key: str) -> int:
    return sum(getattr(perm, key) for perm in perms(p))


def perm_max(p: Player, key: str, base: int) -> int:
    return max([base, *(getattr(perm, key) for perm in perms(p))])


def perm_atoms(p: Player, key: str) -> list[Atom]:
    return [a for perm in perms(p) for a in getattr(perm, key)]


def hand_limit(p: Player) -> int:
    return load_data().rules.hand_limit + perm_sum(p, "hand_limit")


def movement_points(p: Player) -> int:
    return perm_max(p, "max_mp", load_data().rules.movement_points)


def combat_actions(p: Player) -> int:
    return perm_max(p, "combat_actions", load_data().rules.combat_actions)


def village_actions(p: Player, mp: int) -> int:
    """Village actions after spending ``mp`` movement points (ship board S3 changes the
    table, S4 and cards add to it)."""
    table = load_data().rules.village_table
    for perm in perms(p):
        if perm.village_table:
            table = perm.village_table
    n = max((actions for least, actions in table if mp >= least), default=0)
    return n + perm_sum(p, "village_bonus")


def ship_spaces(p: Player) -> int:
    return sum(1 for d in p.discs if d == 0)


def discs_removed(p: Player) -> int:
    return load_data().ship.discs_per_space * len(p.discs) - sum(p.discs)


def noble_class(position: int) -> int:
    return max((cls for at, cls in load_data().influence.bands if position >= at), default=0)


def figures_on_board(p: Player) -> int:
    return len(p.figures)


# Gains that need no choice ------------------------------------------------------------


def gain(state: MaracaiboState, seat: int, atom: Atom, events: list[Event]) -> None:
    """Pay an atom that asks nothing (``AUTO`` kinds, a named nation, a named symbol)."""
    data = load_data()
    p = state.seats[seat]
    if atom.dbl is not None:
        p.dbl += atom.dbl
    elif atom.vp is not None:
        p.vp += atom.vp
    elif atom.cp is not None:
        p.cp = min(data.rules.cp_max, p.cp + atom.cp)
    elif atom.fig is not None:
        n = min(atom.fig, p.stock)
        p.stock -= n
        p.supply += n
    elif atom.inc_d is not None:
        p.inc_d = min(len(data.income.doubloons) - 1, p.inc_d + atom.inc_d)
    elif atom.inc_v is not None:
        p.inc_v = min(len(data.income.vp) - 1, p.inc_v + atom.inc_v)
    elif atom.inf is not None and atom.inf.nation in NATIONS:
        add_influence(p, atom.inf.nation, atom.inf.n)
    elif atom.syn is not None and atom.syn != "ANY":
        gain_symbol(state, seat, atom.syn, events)
    else:  # pragma: no cover - resolve() routes every other kind
        raise AssertionError(f"{atom.kind} needs a choice")


def add_influence(p: Player, nation: str, n: int) -> None:
    p.influence[nation] = min(load_data().influence.track_max, p.influence[nation] + n)


def gain_symbol(state: MaracaiboState, seat: int, symbol: str, events: list[Event]) -> None:
    """Take a synergy token (one per symbol at most) and pay the bonuses waiting for it."""
    p = state.seats[seat]
    if symbol in p.synergy:
        return
    p.synergy.append(symbol)
    events.append(Event(kind="synergy", seat=seat, text=f"takes the {symbol.lower()} token"))
    for cid in list(p.syn_waiting):
        bonus = design(cid).syn_bonus
        if bonus is not None and bonus.symbol == symbol:
            p.syn_waiting.remove(cid)
            push(state, seat, bonus.reward, f"{cid} synergy bonus")


def describe_atoms(atoms: Iterable[Atom]) -> str:
    return ", ".join(describe_atom(a) for a in atoms)


def describe_atom(a: Atom) -> str:
    data = load_data()
    kind = a.kind
    if kind == "inf":
        assert a.inf is not None
        where = "any nation" if a.inf.nation == "ANY" else data.nation_name(a.inf.nation)
        return f"+{a.inf.n} influence ({where})"
    if kind == "syn":
        return "a synergy token" if a.syn == "ANY" else f"the {str(a.syn).lower()} token"
    if kind == "buy":
        assert a.buy is not None
        return "buy a card" + (f" {a.buy.discount} cheaper" if a.buy.discount else "")
    if kind == "optional_pay":
        assert a.optional_pay is not None
        return f"may pay {a.optional_pay.dbl} dbl for {describe_atoms(a.optional_pay.then)}"
    if kind == "annex_free":
        return "a free ownership marker"
    words = {"dbl": "dbl", "vp": "VP", "cp": "CP", "explore": "explore", "disc": "disc",
             "fig": "figure", "inc_d": "doubloon income", "inc_v": "VP income"}
    n = getattr(a, kind)
    if kind in ("explore",):
        return f"explore {n}"
    if kind == "fig":
        return f"+{plural(n, 'figure')}"
    if kind == "disc":
        return f"remove {plural(n, 'disc')}"
    return f"+{n} {words[kind]}"


# The queue ------------------------------------------------------------------------------


def push(state: MaracaiboState, seat: int, atoms: Iterable[Atom], source: str = "",
         front: bool = True) -> None:
    items = [Pending(seat=seat, atom=a, source=source) for a in atoms]
    if front:
        state.queue[:0] = items
    else:
        state.queue += items


def run(state: MaracaiboState, events: list[Event]) -> None:
    """Resolve queued effects until one needs a decision or none are left."""
    guard = 0
    while state.decision is None and state.queue:
        guard += 1
        if guard > 500:  # pragma: no cover - data that loops would be a data error
            raise AssertionError("effects do not settle")
        item = state.queue.pop(0)
        resolve(state, item, events)


def source_words(source: str) -> str:
    """Where a gain came from, as players read it: a card by its name, the rest as is."""
    import re

    m = re.fullmatch(r"([AB]\d\d[a-z])( synergy bonus)?", source)
    if m:
        return design(m.group(1)).name + (m.group(2) or "")
    return source


def note_gain(events: list[Event], seat: int, atom: Atom, source: str, what: str = "") -> None:
    """Tell the table what an effect paid ("gains +2 dbl, +1 VP (flag 4)"); the gains of one
    source in a row share a line."""
    if not what and atom.inf is not None:
        what = f"+{atom.inf.n} influence with {load_data().nation_name(atom.inf.nation)}"
    what = what or describe_atom(atom)
    last = events[-1] if events else None
    if last is not None and last.kind == "gain" and last.seat == seat \
            and last.data.get("source") == source:
        parts = [*last.data["parts"], what]
    else:
        parts = [what]
        last = Event(kind="gain", seat=seat, text="", data={"source": source})
        events.append(last)
    last.data["parts"] = parts
    where = source_words(source)
    last.text = "gains " + ", ".join(parts) + (f" ({where})" if where else "")


def resolve(state: MaracaiboState, item: Pending, events: list[Event]) -> None:
    from rules.maracaibo import combat, explorer
    from rules.maracaibo.actions import buyable_cards

    seat, p = item.seat, state.seats[item.seat]
    if item.atom is None:
        explorer.offer_quest(state, seat, item.offer)
        return
    atom = item.atom
    kind = atom.kind

    def ask(decision: Decision) -> None:
        state.decision = decision

    if kind in AUTO or (kind == "inf" and atom.inf and atom.inf.nation != "ANY"):
        figures = p.supply
        gain(state, seat, atom, events)
        if not item.source.startswith("career "):   # a claim's event lists its reward
            note_gain(events, seat, atom, item.source,
                      "no figure (none left in the stock)" if kind == "fig" and p.supply == figures
                      else "")
    elif kind == "syn" and atom.syn != "ANY":
        gain(state, seat, atom, events)
    elif kind == "inf":
        assert atom.inf is not None
        ask(Decision(kind="nation", seat=seat, n=atom.inf.n, source=item.source))
    elif kind == "explore":
        assert atom.explore is not None
        budget = atom.explore + perm_sum(p, "explore_bonus")
        if explorer.destinations(state, seat, budget):
            ask(Decision(kind="explore", seat=seat, n=budget, source=item.source))
        else:
            events.append(Event(kind="explore", seat=seat,
                                text="cannot move the explorer any further"))
    elif kind == "disc":
        assert atom.disc is not None
        if atom.disc > 1:
            push(state, seat, [Atom(disc=1)] * atom.disc, item.source)
        elif any(p.discs):
            ask(Decision(kind="disc", seat=seat, source=item.source))
        else:
            events.append(Event(kind="disc", seat=seat, text="has no disc left to remove"))
    elif kind == "syn":
        if any(s not in p.synergy for s in load_data().symbols.synergy):
            ask(Decision(kind="synergy", seat=seat, source=item.source))
    elif kind == "buy":
        assert atom.buy is not None
        # asked whenever the hand holds a card: whether one is affordable is the player's
        # secret (they answer `skip`); planned cards are public, so they decide alone
        planned = [c for c in buyable_cards(state, seat, atom.buy.discount)
                   if c in p.planned]
        if p.hand or planned:
            ask(Decision(kind="buy", seat=seat, n=atom.buy.discount, source=item.source))
        else:
            events.append(Event(kind="buy", seat=seat, text="has no card to buy"))
    elif kind == "annex_free":
        if combat.free_annex_options(state):
            ask(Decision(kind="annex_free", seat=seat, source=item.source))
    elif kind == "optional_pay":
        assert atom.optional_pay is not None
        if p.dbl >= atom.optional_pay.dbl:
            ask(Decision(kind="pay", seat=seat, n=atom.optional_pay.dbl,
                         then=list(atom.optional_pay.then), source=item.source))
    else:  # pragma: no cover
        raise AssertionError(f"unknown effect {kind}")


def take_disc(state: MaracaiboState, seat: int, space: str, events: list[Event]) -> None:
    """Remove the top disc of a ship-board space; the last one unlocks it."""
    data = load_data()
    p = state.seats[seat]
    index = next(i for i, s in enumerate(data.ship.spaces) if s.id == space)
    p.discs[index] -= 1
    events.append(Event(kind="disc", seat=seat, text=f"removes a disc from ship space {space}"))
    if p.discs[index] == 0:
        info = data.ship.spaces[index]
        what = describe_perm(info.perm) if info.perm else describe_atoms(info.once)
        events.append(Event(kind="unlock", seat=seat,
                            text=f"unlocks ship-board space {space}: {what}"))
        push(state, seat, info.once, f"ship space {space}")


PERM_WORDS = {
    "card_discount": "cards cost {v} less", "prestige_discount": "prestige costs {v} less",
    "village_bonus": "+{v} village action", "hand_limit": "hand limit +{v}",
    "explore_bonus": "+{v} step per explore", "combat_cp": "+{v} CP per fight",
    "annex_discount": "annex/expel {v} CP less", "combat_actions": "{v} combat actions",
    "max_mp": "{v} movement points", "deliver_reward": "deliveries pay {a}",
    "quest_reward": "quests pay {a}", "scoring_reward": "each scoring pays {a}",
    "discard_hand": "discarding your hand pays {a}",
}


def describe_perm(perm: Perm) -> str:
    words = []
    for key, value in perm:
        if value in (0, ()):
            continue
        if key == "village_table":
            words.append("village actions: 2 from 2 steps, 3 from 5")
        elif isinstance(value, tuple):
            words.append(PERM_WORDS[key].format(a=describe_atoms(value)))
        else:
            words.append(PERM_WORDS[key].format(v=value))
    return ", ".join(words)
