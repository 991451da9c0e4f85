"""Several bot processes on one database, racing for the same tables and reminders
(tests/race_worker.py is one process), and the checks a player would make afterwards:

* no acknowledged move lost — every ply a process acknowledged is in the log, as sent;
* none applied twice — no ply acknowledged twice, and no ply in the log that nobody
  acknowledged;
* no duplicate DM — each reminder (id) is sent at most once per kind;
* every state equal to its replay — as each process loads it (its cache included) and
  as a fresh process loads it, equal to the seed replayed through the log.

``tests/test_processes.py`` runs it briefly; ``scripts/bench_race.py`` for 60 s.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot.table import TableService
from bot.table.computers import rules_options
from rules import get_game

HERE = Path(__file__).resolve().parent
HUMANS = 3           # per table: more people to remind


@dataclass
class Outcome:
    seconds: float
    processes: int
    tables: int
    acks: int = 0
    plies_acked: int = 0
    races: int = 0
    refused: int = 0
    dms: int = 0
    lost: list[str] = field(default_factory=list)
    twice: list[str] = field(default_factory=list)
    unacknowledged: list[str] = field(default_factory=list)
    duplicate_dms: list[str] = field(default_factory=list)
    state_mismatches: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.lost or self.twice or self.unacknowledged or self.duplicate_dms
                    or self.state_mismatches or self.errors)

    def summary(self) -> str:
        return (f"{self.processes} processes, {self.tables} tables, {self.seconds:.0f} s: "
                f"{self.acks} commands acknowledged ({self.plies_acked} plies), "
                f"{self.races} lost a race, {self.refused} refused, {self.dms} DMs sent — "
                f"lost {len(self.lost)}, applied twice {len(self.twice)}, in the log "
                f"unacknowledged {len(self.unacknowledged)}, duplicate DMs "
                f"{len(self.duplicate_dms)}, states unlike their replay "
                f"{len(self.state_mismatches)}, process errors {len(self.errors)}")


async def prepare(url: str, tables: int) -> tuple[list[int], dict[int, int]]:
    """Started tables (HUMANS humans and a computer each). Returns the channels and the
    plies each game had before the race (the computers' opening plays)."""
    svc = await TableService.open(url, render=False, seed_source=iter(range(1, 10**6)).__next__)
    channels, before = [], {}
    for t in range(tables):
        channel = 7000 + t
        users = [channel * 10 + i for i in range(HUMANS)]
        await svc.open_lobby(channel, 1, users[0], f"P{users[0]}", "navegador")
        for user in users[1:]:
            await svc.join(channel, user, f"P{user}")
        await svc.add_computer(channel, users[0])
        await svc.start_game(channel, users[0])
        table = await svc.table(channel)
        channels.append(channel)
        before[table.row.id] = table.ply
    await svc.close()
    return channels, before


def race(url: str, channels: list[int], seconds: float, processes: int = 3) -> list[dict]:
    """Run the processes to the end; their events, in the order each printed them."""
    worker = HERE / "race_worker.py"
    procs = [subprocess.Popen([sys.executable, str(worker), url, str(seconds), str(p + 1),
                               *map(str, channels)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
             for p in range(processes)]
    events: list[dict] = []
    for proc in procs:
        out, err = proc.communicate(timeout=seconds + 120)
        lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        if proc.returncode != 0 or not lines or "done" not in lines[-1]:
            lines.append({"error": f"exit {proc.returncode}: {err.strip()[-1500:]}"})
        events += lines
    return events


async def check(url: str, events: list[dict], before: dict[int, int], seconds: float,
                processes: int) -> Outcome:
    out = Outcome(seconds, processes, len(before))
    acked: dict[tuple[int, int], tuple[int, int | None, str]] = {}
    dms: Counter[tuple[int, str]] = Counter()
    finals: list[dict] = []
    for event in events:
        if "ack" in event:
            out.acks += 1
            game_id, plies = event["ack"]
            for ply, seat, user, notation in plies:
                out.plies_acked += 1
                if (game_id, ply) in acked:
                    out.twice.append(f"game {game_id} ply {ply} acknowledged twice")
                acked[(game_id, ply)] = (seat, user, notation)
        elif "dm" in event:
            rid, kind, _, _ = event["dm"]
            dms[(rid, kind)] += 1
            out.dms += 1
        elif "done" in event:
            counts = event["done"]["counts"]
            out.races += counts["races"]
            out.refused += counts["refused"]
            finals.append(event["done"]["states"])
        elif "error" in event:
            out.errors.append(event["error"])
    out.duplicate_dms = [f"reminder {rid} ({kind}) sent {n} times"
                         for (rid, kind), n in dms.items() if n > 1]

    svc = await TableService.open(url, render=False)
    try:
        for game_id, first in before.items():
            row = await svc.store.game(game_id)
            assert row is not None
            moves = await svc.store.moves(game_id)
            logged = {(game_id, m.ply): (m.seat, m.user_id, m.notation) for m in moves}
            for key, value in acked.items():
                if key[0] == game_id and logged.get(key) != value:
                    out.lost.append(f"game {game_id} ply {key[1]}: acknowledged {value}, "
                                    f"logged {logged.get(key)}")
            for key in logged:
                if key[1] > first and key not in acked:
                    out.unacknowledged.append(f"game {game_id} ply {key[1]}")
            g = get_game(row.game)
            replayed = g.dump(g.replay(row.players, row.seed or 0,
                                       [(m.seat, m.notation) for m in moves],
                                       rules_options(row.options)))
            digest = hashlib.sha256(replayed.encode()).hexdigest()
            fresh = await svc.tables.here(row.channel_id, latest=True)
            if g.dump(fresh.state) != replayed:
                out.state_mismatches.append(f"game {game_id}: a fresh load")
            for p, states in enumerate(finals):
                # a process that stopped first saw fewer plies: the log is append-only
                # here, so its state must be the replay of the log up to that ply
                ply, _, seen = states[str(game_id)]
                expected = digest if ply == len(moves) else hashlib.sha256(g.dump(g.replay(
                    row.players, row.seed or 0, [(m.seat, m.notation) for m in moves[:ply]],
                    rules_options(row.options))).encode()).hexdigest()
                if seen != expected:
                    out.state_mismatches.append(f"game {game_id}: process {p + 1}'s load "
                                                f"at ply {ply}")
    finally:
        await svc.close()
    return out


async def run(url: str, seconds: float, tables: int = 4, processes: int = 3) -> Outcome:
    channels, before = await prepare(url, tables)
    started = time.monotonic()
    events = race(url, channels, seconds, processes)
    outcome = await check(url, events, before, seconds, processes)
    outcome.seconds = time.monotonic() - started
    return outcome
