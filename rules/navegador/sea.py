"""The sea map: borders, open routes and exploration losses."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from functools import cache, lru_cache
from operator import attrgetter
from types import MappingProxyType

from rules.navegador.data import NavegadorData, load_data
from rules.navegador.state import NavegadorState


@cache
def neighbours(data: NavegadorData | None = None) -> dict[str, tuple[str, ...]]:
    data = data or load_data()
    adj: dict[str, list[str]] = {r.id: [] for r in data.regions}
    for edge in data.map.edges:
        adj[edge.a].append(edge.b)
        adj[edge.b].append(edge.a)
    return {k: tuple(v) for k, v in adj.items()}


def open_distances(state: NavegadorState, origin: str) -> Mapping[str, int]:
    """Borders from ``origin`` to every explored region, sailing through explored water only
    (read-only: shared by every state with the same regions explored)."""
    return distances(unexplored_pattern(state))[origin]


def unexplored_pattern(state: NavegadorState) -> tuple[bool, ...]:
    """Which regions are still unexplored, in the data's order: all the open routes
    depend on."""
    return tuple(map(_EXPLORER, map(state.regions.__getitem__, _region_ids())))


_EXPLORER = attrgetter("explorer")


@cache
def _region_ids() -> tuple[str, ...]:
    return tuple(r.id for r in load_data().regions)


def unexplored_ids(unexplored: tuple[bool, ...]) -> set[str]:
    """The ids of the regions an ``unexplored_pattern`` marks unexplored."""
    return {key for key, flag in zip(_region_ids(), unexplored, strict=True) if flag}


@lru_cache(maxsize=256)
def distances(unexplored: tuple[bool, ...]) -> dict[str, Mapping[str, int]]:
    """``open_distances`` from every region for one pattern of unexplored regions. Worked
    out once per pattern: the routes are asked for thousands of times between two
    explorations (every sail leg a computer weighs)."""
    adj = neighbours()
    closed = unexplored_ids(unexplored)
    out: dict[str, Mapping[str, int]] = {}
    for origin in _region_ids():
        dist = {origin: 0}
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            for there in adj[here]:
                if there not in dist and there not in closed:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        out[origin] = MappingProxyType(dist)
    return out


def route_length(state: NavegadorState, origin: str, dest: str) -> int | None:
    """Shortest legal route: through explored regions, the destination may be unexplored."""
    dist = open_distances(state, origin)
    if dest in dist:
        return dist[dest]
    if not state.regions[dest].explorer:
        return None
    best = [dist[n] + 1 for n in neighbours()[dest] if n in dist]
    return min(best) if best else None


def exploration_loss(state: NavegadorState, region: str) -> int:
    data = load_data()
    info = data.region(region)
    if state.players <= info.double_loss_max_players:
        return data.exploration.double_loss
    return data.exploration.normal_loss


def ships_needed_to_explore(state: NavegadorState, region: str) -> int:
    return exploration_loss(state, region) + load_data().exploration.min_extra_ships


def region_name(region: str) -> str:
    return load_data().region(region).name
