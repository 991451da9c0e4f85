"""``python -m bot check``: every game in progress loaded the way the bot loads it — after
an upgrade, and on a restored backup (README, *Looking after a running bot*;
docs/deploy.md, *Backups and restore*)."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from bot_support import make_service
from game_fill import fill, play

from bot.check import check
from bot.store import StoreError

ROOT = Path(__file__).resolve().parents[1]


async def some_games(where) -> None:
    svc = await make_service(where)
    # a lobby (channel 1), one game abandoned (3), three in progress (2, 4, 5)
    await fill(svc, games=5, max_turns=6)
    await play(svc, 2, 25, random.Random(1))     # one past its first snapshot (20 plies)
    await svc.close()


async def test_check_loads_every_game_in_progress(db):
    where = db / "bot"
    await some_games(where)
    said: list[str] = []
    assert await check(where, said.append) == 0, said
    assert said[-1].startswith("3 games in progress: every one loads"), said


async def test_check_names_a_game_that_no_longer_loads(tmp_path):
    where = tmp_path / "bot.sqlite3"
    await some_games(where)
    con = sqlite3.connect(where)          # as if a rules change refused an old move
    con.execute("DROP TRIGGER moves_no_update")
    con.execute("UPDATE moves SET notation = 'sail nowhere' WHERE game_id = 4 AND ply = "
                "(SELECT max(ply) FROM moves WHERE game_id = 4)")
    con.commit()
    con.close()
    said: list[str] = []
    assert await check(where, said.append) == 1
    broken = [line for line in said if line.startswith("  does not load: game 4 (navegador, "
                                                       "channel 4): move ")]
    # the move and the rules' reason, not the players' "tell whoever runs the bot"
    assert broken and "`sail nowhere` no longer replays: `nowhere` is not a route" in broken[0]
    assert said[-1].startswith("1 game of 3 in progress does not load"), said


async def test_check_never_creates_a_database(tmp_path):
    with pytest.raises(StoreError, match="There is no database"):
        await check(tmp_path / "none.sqlite3", print)
    assert not (tmp_path / "none.sqlite3").exists()


def test_python_m_bot_check(tmp_path):
    where = tmp_path / "bot.sqlite3"
    env = {"SAILBOT_DB": str(where), "PATH": "/usr/bin:/bin"}
    run = [sys.executable, "-m", "bot", "check"]
    done = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and "Cannot check: There is no database" in done.stderr
    sqlite3.connect(where).execute("CREATE TABLE t (x)").connection.close()
    done = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3 and "Traceback" not in done.stderr, done.stderr
