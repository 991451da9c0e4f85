"""The sea: links, distance markers and the cheapest route between two ports.

Only where a ship stops matters (it may not fulfil on the way), and gold pays exactly the
miles the allowance lacks, so the cheapest route to a port is always at least as good as
any other; a voyage is therefore sailed along the cheapest route (ties broken by the
ports' codes), which keeps every turn's choices a short list: one per reachable port.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from rules.neptun.data import load_data
from rules.neptun.state import NeptunState

Route = tuple[str, ...]


def link_key(a: str, b: str) -> str | None:
    """The data file's name of the link between two ports ("CRE-ATH"), if there is one."""
    for x, y, _ in load_data().links:
        if (x, y) in ((a, b), (b, a)):
            return f"{x}-{y}"
    return None


def _frozen(miles: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(miles.items()))


@lru_cache(maxsize=256)
def _adjacency(miles: tuple[tuple[str, int], ...]) -> dict[str, list[tuple[str, int]]]:
    table = dict(miles)
    adj: dict[str, list[tuple[str, int]]] = {c.code: [] for c in load_data().cities}
    for a, b, _ in load_data().links:
        d = table[f"{a}-{b}"]
        adj[a].append((b, d))
        adj[b].append((a, d))
    for near in adj.values():
        near.sort()
    return adj


@lru_cache(maxsize=4096)
def _cheapest(miles: tuple[tuple[str, int], ...], origin: str) -> dict[str, tuple[int, Route]]:
    adj = _adjacency(miles)
    best: dict[str, tuple[int, Route]] = {origin: (0, (origin,))}
    heap: list[tuple[int, Route]] = [(0, (origin,))]
    while heap:
        cost, path = heapq.heappop(heap)
        here = path[-1]
        if best.get(here) != (cost, path):
            continue
        for other, d in adj[here]:
            if other in path:
                continue
            cand = (cost + d, (*path, other))
            if other not in best or cand < best[other]:
                best[other] = cand
                heapq.heappush(heap, cand)
    return best


def cheapest(state: NeptunState, origin: str) -> dict[str, tuple[int, Route]]:
    """port -> (miles, route) of the cheapest voyage from ``origin`` to it."""
    return _cheapest(_frozen(state.miles), origin)


def route_miles(state: NeptunState, route: Route) -> int | None:
    """Miles of a route along links, or None when two consecutive ports are not linked."""
    total = 0
    for a, b in zip(route, route[1:], strict=False):
        key = link_key(a, b)
        if key is None:
            return None
        total += state.miles[key]
    return total
