"""Three bot processes on one PostgreSQL server race for the same tables and reminders
(tests/process_race.py): no acknowledged move lost, none applied twice, no DM sent twice,
every state equal to its replay. A short race here; ``scripts/bench_race.py`` runs 60 s."""

from __future__ import annotations

import os

from databases import Databases
from process_race import run

SECONDS = float(os.environ.get("SAILBOT_RACE_SECONDS", "5"))


async def test_three_processes_one_database(db: Databases):
    outcome = await run(str(db / "race"), SECONDS, tables=4, processes=3)
    print(outcome.summary())
    assert outcome.clean, outcome
    assert outcome.acks > 20 and outcome.dms > 10        # it really raced
    assert outcome.races > 0                             # and the processes collided
