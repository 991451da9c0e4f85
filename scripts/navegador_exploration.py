"""How far Navegador's computers explore, and what a change of the evaluation's weights does.

    .venv/bin/python scripts/navegador_exploration.py PLAYERS SEED GAMES [--levels L1,L2,…]
    .venv/bin/python scripts/navegador_exploration.py 2 1001 200 --ab '{"FRONTIER": 3.5}'
                                                    [--lines OUT.jsonl]

Plays games as the arena does (game ``i`` deals seed ``SEED + i // PLAYERS`` and rotates the
seats by ``i % PLAYERS``; each move's rng is seeded from the deal and the ply) and prints
how often phase III was reached (Malaca explored), in how many games each region was
explored and at which turn on average, which building rows had run out at the end, and
each label's wins with the 95% Wilson interval.

Without ``--ab`` the seats play ``--levels`` (all ``normal`` by default); two seats of one
level play the same game from every chair, so those are counted once in the region table.
With ``--ab JSON`` one seat is ``new`` (``normal`` with the named module constants of
``rules/navegador/computer.py`` set to the values given) and the others ``old`` (the
constants as they are), seats rotated. The constants are set around each ``evaluate`` call
and each side keeps its own cache of the other seats' values (``computer._OTHERS``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.arena import wilson  # noqa: E402
from rules.navegador import computer as C  # noqa: E402
from rules.policy import computer  # noqa: E402
from rules.registry import get_game  # noqa: E402


class Weighted:
    """The game with ``evaluate`` read under other values of the module's constants."""

    def __init__(self, game: Any, constants: dict[str, float], cache: dict) -> None:
        self._game, self._constants, self._cache = game, constants, cache

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def evaluate(self, state: Any, seat: int) -> float:
        for name, value in self._constants.items():
            setattr(C, name, value)
        C._OTHERS = self._cache
        return C.evaluate(state, seat)


def play(players: int, seed: int, labels: list[str], games: list[Any]) -> dict[str, Any]:
    game = get_game("navegador")
    policies = [computer(game, "normal" if x in ("new", "old") else x) for x in labels]
    state = game.setup(players, seed)
    unexplored = {r: s.explorer for r, s in state.regions.items()}
    explored: list[tuple[str, int]] = []
    ply = 0
    while (acting := game.to_act(state)) and ply < 20_000:
        seat = acting[0]
        move = policies[seat].choose(games[seat], state, seat, random.Random(f"{seed}:{ply + 1}"))
        state, _ = game.apply(state, seat, move)
        ply += 1
        for region, sea in state.regions.items():
            if unexplored[region] and not sea.explorer:
                explored.append((region, state.turn))
            unexplored[region] = sea.explorer
    result = game.result(state)
    assert result is not None, f"deal {seed} did not end"
    emptied = [key for key, n in C._on_board(players) if n == state.bought[key]]
    return {"seed": seed, "labels": labels, "turn": state.turn, "scores": result.scores,
            "winners": list(result.winners), "explored": explored, "emptied": emptied,
            "phase3": not state.regions["MAL"].explorer,
            "explorers": [sheet.explorers for sheet in state.sheets]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("players", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("--levels", default="", help="comma-separated, one per seat")
    ap.add_argument("--ab", default="", help='JSON of constants for the "new" seat')
    ap.add_argument("--lines", type=Path, help="write one JSON line per game here")
    a = ap.parse_args()
    n = a.players
    game = get_game("navegador")
    new = json.loads(a.ab) if a.ab else None
    if new is not None:
        unknown = [k for k in new if not hasattr(C, k)]
        if unknown:
            raise SystemExit(f"not constants of rules/navegador/computer.py: {unknown}")
        base = ["new"] + ["old"] * (n - 1)
        sides = {"new": Weighted(game, new, {}),
                 "old": Weighted(game, {k: getattr(C, k) for k in new}, {})}
    else:
        base = a.levels.split(",") if a.levels else ["normal"] * n
    records = []
    started = time.perf_counter()
    out = a.lines.open("w") if a.lines else None
    for i in range(a.games):
        rotation = i % n
        labels = [base[(s - rotation) % n] for s in range(n)]
        seats = [sides[x] if new is not None else game for x in labels]
        record = play(n, a.seed + i // n, labels, seats)
        records.append(record)
        if out:
            out.write(json.dumps(record) + "\n")
    wall = time.perf_counter() - started
    # games that differ only by the chairs of equal players are the same game
    distinct = list({(r["seed"], json.dumps(r["explored"])): r for r in records}.values())
    when: dict[str, list[int]] = defaultdict(list)
    for r in distinct:
        for region, turn in r["explored"]:
            when[region].append(turn)
    k = len(distinct)
    phase3 = sum(r["phase3"] for r in distinct)
    print(f"{len(records)} games ({k} distinct), {wall:.0f} s; the game ended at turn "
          f"{statistics.mean(r['turn'] for r in distinct):.1f} on average; "
          f"phase III in {phase3} of {k} = {100 * phase3 / k:.1f}%")
    print("explored (games, mean turn): " + "  ".join(
        f"{reg} {len(t)} t{statistics.mean(t):.0f}"
        for reg, t in sorted(when.items(), key=lambda kv: statistics.mean(kv[1]))))
    emptied = Counter(row for r in distinct for row in r["emptied"])
    print("rows empty at the end: " + ", ".join(f"{row} {c}" for row, c in emptied.most_common()))
    for label in dict.fromkeys(base):
        seats = [(r, s) for r in records for s, x in enumerate(r["labels"]) if x == label]
        wins = sum(s in r["winners"] for r, s in seats)
        low, high = wilson(wins, len(seats))
        explorers = statistics.mean(r["explorers"][s] for r, s in seats)
        print(f"{label}: won {wins} of {len(seats)} = {100 * wins / len(seats):.1f}% "
              f"[{100 * low:.1f}–{100 * high:.1f}], explorer disks {explorers:.2f}")


if __name__ == "__main__":
    main()
