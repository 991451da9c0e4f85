"""What an admin sees when the Discord bot cannot start: a bad token, Discord out of
reach, a development server the bot is not in — one sentence saying what to do, never a
traceback, and never the token. ``python -m bot`` against the loopback Discord
(``tests/loopback``), the way docs/discord.md runs it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.loopback.server import Loopback, error

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5.secret-part.do-not-print"
pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


async def start_bot(tmp_path: Path, api: str, **env: str) -> tuple[int, str]:
    """``python -m bot`` with a token, as an admin starts it; its exit status and output."""
    full = {**os.environ, "DISCORD_TOKEN": TOKEN, "SAILBOT_DISCORD_API": api,
            "SAILBOT_DB": str(tmp_path / "bot.sqlite3"), "SAILBOT_RENDER_WORKERS": "0",
            "SAILBOT_THINK_WORKERS": "0"}
    full.pop("SAILBOT_DEV_GUILD", None)
    full.update(env)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=full,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return proc.returncode, out.decode(errors="replace")


def said_plainly(out: str) -> None:
    assert "Traceback" not in out, out
    assert TOKEN not in out and "secret-part" not in out, out
    # discord.py's notes about voice support: the bot has no voice, an admin need not worry
    assert "voice will NOT be supported" not in out, out


async def test_a_token_discord_refuses_gets_a_sentence(tmp_path):
    lb = Loopback()

    async def refused(*_):
        return error(401, {"code": 0, "message": "401: Unauthorized"})

    lb.routes.insert(0, ("GET", re.compile(r"/users/@me"), refused))
    await lb.start()
    try:
        status, out = await start_bot(tmp_path, lb.api)
    finally:
        await lb.stop()
    said_plainly(out)
    assert status == 2, out
    assert "Discord refused the token in DISCORD_TOKEN" in out, out
    assert "Reset Token" in out, out


async def test_discord_out_of_reach_gets_a_sentence(tmp_path):
    with socket.socket() as s:          # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    status, out = await start_bot(tmp_path, f"http://127.0.0.1:{port}/api/v10")
    said_plainly(out)
    assert status == 1, out
    assert f"Cannot reach Discord at http://127.0.0.1:{port}/api/v10" in out, out


async def test_a_dev_guild_the_bot_is_not_in_gets_a_sentence(tmp_path):
    lb = Loopback()

    async def missing_access(*_):
        return error(403, {"code": 50001, "message": "Missing Access"})

    lb.routes.insert(0, ("PUT", re.compile(r"/applications/\d+/guilds/\d+/commands"),
                         missing_access))
    await lb.start()
    try:
        status, out = await start_bot(tmp_path, lb.api, SAILBOT_DEV_GUILD="123456789012345678")
    finally:
        await lb.stop()
    said_plainly(out)
    assert status == 2, out
    assert "SAILBOT_DEV_GUILD" in out and "123456789012345678" in out, out
    assert "Missing Access" in out, out


def children(pid: int) -> set[int]:
    """The processes ``pid`` started (picture and thinking workers, their fork server)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
async def test_sigterm_stops_the_bot_as_cleanly_as_ctrl_c(tmp_path):
    # `docker stop`, `systemctl stop` and most process managers send SIGTERM: the bot
    # used to die on the spot (status -15), leaving its picture and thinking processes
    # running with no parent
    from tests.loopback.people import BotProcess

    lb = Loopback()
    await lb.start()
    bot = BotProcess(lb, tmp_path / "bot.sqlite3", tmp_path / "bot.log",
                     SAILBOT_RENDER_WORKERS="1", SAILBOT_THINK_WORKERS="1")
    try:
        await bot.start()
        assert bot.proc is not None
        workers = children(bot.proc.pid)
        assert workers, "the bot starts picture and thinking processes"
        bot.proc.send_signal(signal.SIGTERM)
        status = await asyncio.wait_for(bot.proc.wait(), 20)
        for _ in range(100):
            if not any(alive(w) for w in workers):
                break
            await asyncio.sleep(0.1)
        left = [w for w in workers if alive(w)]
        for w in left:                   # do not leave them to the next test
            os.kill(w, signal.SIGKILL)
    finally:
        await bot.stop()
        await lb.stop()
    log = bot.tail(200)
    assert status == 0, log
    assert not left, f"still running after the bot stopped: {left}"
    assert "Traceback" not in log, log
    assert "Stopped (SIGTERM)" in log, log


async def test_the_discord_bot_says_in_its_log_that_it_is_up_and_when_it_stopped(tmp_path):
    # without --verbose the log level was WARNING: a bot that connected printed nothing at
    # all, in the terminal and in `docker logs` alike
    lb = Loopback()
    await lb.start()
    env = {**os.environ, "DISCORD_TOKEN": TOKEN, "SAILBOT_DISCORD_API": lb.api,
           "SAILBOT_DB": str(tmp_path / "bot.sqlite3"), "SAILBOT_RENDER_WORKERS": "0",
           "SAILBOT_THINK_WORKERS": "0", "SAILBOT_DEV_GUILD": str(lb.guild_id)}
    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        assert proc.stdout is not None
        lines: list[bytes] = []
        try:
            async with asyncio.timeout(60):     # on_ready waits for the guilds to arrive
                while not lines or b"Logged in as" not in lines[-1]:
                    line = await proc.stdout.readline()
                    if not line:
                        break
                    lines.append(line)
        finally:
            proc.send_signal(signal.SIGTERM)
            out, _ = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        await lb.stop()
    text = b"".join(lines).decode(errors="replace") + out.decode(errors="replace")
    said_plainly(text)
    assert "Logged in as Sailbot" in text, text
    assert f"commands to guild {lb.guild_id}" in text, text
    assert "Stopped (SIGTERM)" in text, text
    assert proc.returncode == 0, text


def descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
async def test_a_bot_killed_outright_leaves_no_process_behind(tmp_path):
    # the OOM killer, SIGKILL, a crash: the thinking processes (a ProcessPoolExecutor's,
    # which never see their queue close) used to run on for ever, and kept the fork server
    # and the resource tracker alive with them — one more set at every restart
    from tests.loopback.people import BotProcess

    lb = Loopback()
    await lb.start()
    bot = BotProcess(lb, tmp_path / "bot.sqlite3", tmp_path / "bot.log",
                     SAILBOT_RENDER_WORKERS="1", SAILBOT_THINK_WORKERS="1")
    left: list[int] = []
    try:
        await bot.start()
        assert bot.proc is not None
        family = descendants(bot.proc.pid)
        assert len(family) >= 4, family   # tracker, fork server, a picture and a thinker
        bot.proc.kill()
        await bot.proc.wait()
        for _ in range(150):
            left = [p for p in family if alive(p)]
            if not left:
                break
            await asyncio.sleep(0.1)
    finally:
        for p in left:                   # do not leave them to the next test
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)
        await bot.stop()
        await lb.stop()
    assert not left, f"still running 15 s after the bot was killed: {left}"


def test_a_python_without_the_bots_packages_gets_a_sentence(tmp_path):
    # docs/deploy.md writes `python -m bot migrate …`; after `make run` the packages are in
    # .venv, and the system's python used to answer with an import traceback
    code = ("import sys; sys.modules['asyncpg'] = None; "     # as if it were not installed
            "from bot.__main__ import main; sys.exit(main(['--local', '--no-render']))")
    env = {**os.environ, "SAILBOT_DB": str(tmp_path / "bot.sqlite3")}
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, input="quit\n",
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2, done.stderr
    assert "'asyncpg' is not installed" in done.stderr, done.stderr
    assert ".venv/bin/python -m bot" in done.stderr, done.stderr
