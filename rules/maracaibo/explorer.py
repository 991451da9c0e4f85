"""The explorer track (spec §10, seed 5-②): forward only, at least one counted step and at
most N; spaces holding another explorer, and explorer spaces whose quest was taken, are not
counted (hopped over); only the space where the explorer stops pays; a quest there may be
fulfilled at once; the red line pays +3 influence, the blue and green lines VP by crossing
order, the final space VP by arrival order and is shared.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.contract import Event
from rules.maracaibo.data import Atom, Quest, load_data
from rules.maracaibo.effects import push
from rules.maracaibo.options import switch
from rules.maracaibo.state import Decision, MaracaiboState, Player


@dataclass(frozen=True)
class Route:
    steps: int            # counted steps
    branch: str           # the fork's branch taken on the way ("" before the fork)
    dest: str
    path: tuple[str, ...]  # every node entered, the destination last


def counted(state: MaracaiboState, seat: int, node: str) -> bool:
    """May an explorer stop on (and count) this node?"""
    data = load_data()
    if node == data.explorer.final:
        return True
    if node in state.slots_taken:
        return False
    return not any(p.explorer == node for i, p in enumerate(state.seats) if i != seat)


def destinations(state: MaracaiboState, seat: int, budget: int) -> list[Route]:
    """Every stop reachable with 1..budget counted steps."""
    data = load_data()
    out: list[Route] = []
    start = state.seats[seat].explorer
    stack: list[tuple[str, int, str, tuple[str, ...]]] = [(start, 0, "", ())]
    while stack:
        node, steps, branch, path = stack.pop()
        for nxt in data.explorer.edges.get(node, ()):
            b = branch or data.node[nxt].branch
            p = (*path, nxt)
            if counted(state, seat, nxt):
                out.append(Route(steps + 1, b, nxt, p))
                if steps + 1 < budget:
                    stack.append((nxt, steps + 1, b, p))
            else:
                stack.append((nxt, steps, b, p))
    out.sort(key=lambda r: (r.steps, r.branch))
    return out


def needs_branch(routes: list[Route], steps: int) -> bool:
    return len({r.dest for r in routes if r.steps == steps}) > 1


def find(state: MaracaiboState, seat: int, budget: int, steps: int,
         branch: str) -> Route | None:
    routes = destinations(state, seat, budget)
    hits = [r for r in routes if r.steps == steps]
    if len({r.dest for r in hits}) > 1 or branch:
        hits = [r for r in hits if r.branch == branch]
    return hits[0] if hits else None


def move(state: MaracaiboState, seat: int, route: Route, events: list[Event]) -> None:
    """Move the explorer along ``route``: lines crossed, then the stop's bonus, then the
    quest offered there (all queued at the front, in that order)."""
    data = load_data()
    p = state.seats[seat]
    before = p.explorer
    # the spaces not counted (another explorer on them, or their quest taken), so that
    # "2 from E3 to E7U" explains itself
    hopped = [n for n in route.path[:-1] if not counted(state, seat, n)]
    p.explorer = route.dest
    p.explorer_steps += route.steps
    events.append(Event(kind="explore", seat=seat,
                        text=f"moves their explorer {route.steps} from {before} to {route.dest}"
                             + (f", hopping over {', '.join(hopped)}" if hopped else "")))
    queued: list[tuple[int, Atom | None, str]] = []
    entered = (before, *route.path)
    for a in entered[:-1]:
        for line in data.explorer.lines:
            if line.after != a or line.colour in p.lines:
                continue
            p.lines.append(line.colour)
            order = len(state.crossed[line.colour])
            state.crossed[line.colour].append(seat)
            if line.influence:
                everyone = switch(state, "red_line_mode") == "all_players_on_each_cross"
                who = [(seat + k) % state.players for k in range(state.players)] \
                    if everyone else [seat]
                queued += [(s, Atom(inf={"nation": "ANY", "n": line.influence}),
                            f"{line.colour} line") for s in who]
            if line.vp and order < len(line.vp):
                queued.append((seat, Atom(vp=line.vp[order]), f"{line.colour} line"))
            events.append(Event(kind="explore", seat=seat,
                                text=f"crosses the {line.colour} line"
                                     + (f" ({ordinal(order + 1)})" if line.vp else "")))
    if route.dest == data.explorer.final:
        order = len(state.arrivals)
        state.arrivals.append(seat)
        if order < len(data.explorer.final_vp):
            queued.append((seat, Atom(vp=data.explorer.final_vp[order]), "final space"))
        events.append(Event(kind="explore", seat=seat,
                            text=f"reaches the end of the explorer track ({ordinal(order + 1)})"))
    for atom in data.node[route.dest].bonus:
        queued.append((seat, atom, route.dest))
    offer = data.node[route.dest].quest_slot and bool(state.quests_at.get(route.dest))
    from rules.maracaibo.state import Pending

    items = [Pending(seat=s, atom=a, source=src) for s, a, src in queued]
    if offer:
        items.append(Pending(seat=seat, offer=route.dest, source=route.dest))
    state.queue[:0] = items


def offer_quest(state: MaracaiboState, seat: int, slot: str) -> None:
    """The explorer stopped on a quest: ask whether to fulfil it, unless the player plainly
    cannot pay. Only what the table sees decides that — doubloons, combat points and the
    number of hand cards — never which cards the hand holds: a hand that cannot pay only
    answers `skip`, and nobody learns from the question what is in it."""
    data = load_data()
    p = state.seats[seat]
    if p.explorer != slot or slot in state.slots_taken:
        return
    if any(might_pay(p, data.quest[q]) for q in state.quests_at.get(slot, [])):
        state.decision = Decision(kind="quest_offer", seat=seat, slot=slot, source=slot)


def might_pay(p: Player, quest: Quest) -> bool:
    """Could this player pay ``quest``, as far as anyone but the player can tell?"""
    cost = quest.cost
    return (p.dbl >= cost.dbl and p.cp >= cost.cp
            and len(p.hand) >= len(cost.goods) + len(cost.objects))


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def past(p_explorer: str, line_colour: str) -> bool:
    """Is an explorer at ``p_explorer`` past the line of that colour?"""
    data = load_data()
    order = data.explorer_order
    line = next(ln for ln in data.explorer.lines if ln.colour == line_colour)
    return order[p_explorer] > order[line.after]


__all__ = ["push"]
