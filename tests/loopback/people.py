"""The humans on the loopback Discord, and the bot process they talk to.

``BotProcess`` starts the bot exactly as ``python -m bot`` does, configured by environment
variables only (the token, ``SAILBOT_DISCORD_API`` pointing at the loopback, the database);
``People`` sends what a Discord client would — slash commands (a user option with the
user resolved, as Discord sends it), autocomplete, button and menu presses, on channel
messages, ephemeral messages and DMs, each with the member's permissions — and waits for
the bot to finish answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.loopback import payloads as p
from tests.loopback.server import Exchange, Loopback, Stored

ROOT = Path(__file__).resolve().parents[2]
REPORTS: list[str] = []           # one line per test, printed at the end of the run
LATENCIES: list[float] = []       # every first callback of the run, in seconds
BOOT_TIMEOUT = 60.0
ANSWER_TIMEOUT = 10.0
OPTION_TYPES = {1, 2}      # sub-command, sub-command group
USER_OPTION = 6            # its value: a user id; the user (and member) come in "resolved"


class BotProcess:
    """``python -m bot`` against the loopback, on one database."""

    def __init__(self, loopback: Loopback, db: Path, log: Path, **env: str) -> None:
        self.loopback = loopback
        self.db = db
        self.log = log
        self.env = env
        self.proc: asyncio.subprocess.Process | None = None
        self.boot_seconds = 0.0

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": "loopback." + secrets.token_hex(8),
               "SAILBOT_DISCORD_API": self.loopback.api, "SAILBOT_DB": str(self.db),
               "SAILBOT_DEV_GUILD": str(self.loopback.guild_id),
               "SAILBOT_REMINDER_POLL": "1", **self.env}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        started = time.monotonic()
        self.loopback.ready.clear()
        handle = self.log.open("ab")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--verbose", cwd=ROOT, env=env,
            stdout=handle, stderr=handle)
        handle.close()
        ready = asyncio.ensure_future(self.loopback.ready.wait())
        died = asyncio.ensure_future(self.proc.wait())
        done, _ = await asyncio.wait({ready, died}, timeout=BOOT_TIMEOUT,
                                     return_when=asyncio.FIRST_COMPLETED)
        for task in (ready, died):
            if task not in done:
                task.cancel()
        if ready not in done:
            raise AssertionError(f"the bot did not connect; its log:\n{self.tail()}")
        self.boot_seconds = time.monotonic() - started

    def tail(self, lines: int = 60) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return ""

    async def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup — as a crash or a pulled plug."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        await self._gone()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        await self._gone()

    async def _gone(self) -> None:
        for _ in range(200):
            if self.loopback.ws is None:
                return
            await asyncio.sleep(0.01)


class People:
    """What Discord users do, and what they see."""

    def __init__(self, loopback: Loopback) -> None:
        self.lb = loopback
        self.exchanges: list[Exchange] = []

    # Seeing -------------------------------------------------------------------------------

    def in_channel(self, channel: int, user: int | None = None) -> list[Stored]:
        """Messages in a channel (or DM channel) that ``user`` can see, oldest first."""
        return sorted((m for m in self.lb.messages.values() if m.channel_id == channel
                       and (m.visible_to is None or m.visible_to == user)),
                      key=lambda m: m.id)

    def boards(self, channel: int) -> list[Stored]:
        """Public messages with a picture."""
        return [m for m in self.in_channel(channel) if not m.ephemeral and m.images]

    def dms(self, user: int) -> list[Stored]:
        cid = self.lb.dm_of.get(user)
        return self.in_channel(cid, user) if cid else []

    # Doing --------------------------------------------------------------------------------

    async def _send(self, kind: int, user: int, channel: int, data: dict[str, Any], name: str,
                    message: Stored | None = None) -> Exchange:
        lb = self.lb
        token = secrets.token_urlsafe(32)
        iid = p.snowflake()
        if channel in lb.channels:
            where, guild = lb.channels[channel], lb.guild_id
        else:
            where, guild = p.dm_channel(channel, lb.users[user]), None
        ex = Exchange(iid, token, kind, user, channel, name, time.monotonic(),
                      message_id=message.id if message else None)
        lb.exchanges[token] = ex
        self.exchanges.append(ex)
        payload = p.interaction(iid, lb.app_id, kind, token, data, lb.users[user], where,
                                guild, message.payload if message else None,
                                lb.permissions.get(user, p.MEMBER_PERMISSIONS))
        ex.sent = time.monotonic()
        await lb.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(ex.answered.wait(), ANSWER_TIMEOUT)
        except TimeoutError:
            raise AssertionError(f"no answer to {name} within {ANSWER_TIMEOUT}s") from None
        return ex

    def command(self, name: str) -> dict[str, Any]:
        synced = self.lb.commands.get(str(self.lb.guild_id)) or self.lb.commands["global"]
        return next(c for c in synced if c["name"] == name)

    def _options(self, schema: list[dict[str, Any]], values: dict[str, Any],
                 focused: str | None = None) -> list[dict[str, Any]]:
        out = []
        for name, value in values.items():
            spec = next(o for o in schema if o["name"] == name)
            if spec["type"] == USER_OPTION:
                value = str(value)
            option = {"name": name, "type": spec["type"], "value": value}
            if name == focused:
                option["focused"] = True
            out.append(option)
        return out

    def _data(self, name: str, sub: str | None, values: dict[str, Any],
              focused: str | None = None) -> dict[str, Any]:
        cmd = self.command(name)
        schema = cmd.get("options") or []
        if sub is not None:
            inner = next(o for o in schema if o["name"] == sub and o["type"] in OPTION_TYPES)
            options = [{"name": sub, "type": 1,
                        "options": self._options(inner.get("options") or [], values, focused)}]
        else:
            options = self._options(schema, values, focused)
        data = {"id": cmd["id"], "name": name, "type": 1, "options": options,
                "guild_id": str(self.lb.guild_id)}
        users = [int(o["value"]) for o in (options[0].get("options", []) if sub else options)
                 if o["type"] == USER_OPTION and int(o["value"]) in self.lb.users]
        if users:
            data["resolved"] = self._resolved(users)
        return data

    def _resolved(self, users: list[int]) -> dict[str, Any]:
        """Users named in options, as Discord resolves them (members without "user")."""
        lb = self.lb
        members = {}
        for uid in users:
            member = p.member(lb.users[uid], lb.permissions.get(uid, p.MEMBER_PERMISSIONS))
            del member["user"]
            members[str(uid)] = member
        return {"users": {str(uid): lb.users[uid] for uid in users}, "members": members}

    async def slash(self, user: int, channel: int, name: str, sub: str | None = None,
                    settle: Callable[[], bool] | None = None, **values: Any) -> Exchange:
        label = f"/{name}" + (f" {sub}" if sub else "")
        ex = await self._send(2, user, channel, self._data(name, sub, values), label)
        await self.settle(lambda: not ex.pending and (settle is None or settle()))
        return ex

    async def complete(self, user: int, channel: int, name: str, option: str, typed: str,
                       sub: str | None = None) -> list[dict[str, Any]]:
        data = self._data(name, sub, {option: typed}, focused=option)
        ex = await self._send(4, user, channel, data, f"/{name} autocomplete")
        return ex.choices or []

    async def press(self, user: int, message: Stored, custom_id: str, value: str | None = None,
                    settle: Callable[[], bool] | None = None) -> Exchange:
        component = next(c for c in message.components() if c.get("custom_id") == custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if value is not None:
            data["values"] = [value]
        ex = await self._send(3, user, message.channel_id, data, "press", message)
        # a press always shows something: a new message, an edit, or a refusal
        await self.settle(lambda: bool(ex.created or ex.edited) and (settle is None or settle()))
        return ex

    async def settle(self, until: Callable[[], bool] | None = None, idle: float = 0.12,
                     timeout: float = 20.0) -> None:
        """Wait until ``until`` holds and the bot has made no request for ``idle`` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            quiet = time.monotonic() - self.lb.last_activity >= idle
            if quiet and (until is None or until()):
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the bot did not settle")

    # Numbers ------------------------------------------------------------------------------

    def latencies(self) -> list[float]:
        return [ex.latency for ex in self.exchanges]

    def report(self, label: str) -> str:
        """A line on this test's first callbacks (also kept for the run's summary)."""
        values = self.latencies()
        LATENCIES.extend(values)
        line = f"{label}: {summary(values)}"
        REPORTS.append(line)
        return line


def summary(values: list[float]) -> str:
    if not values:
        return "no interactions"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{len(values)} interactions, first callback p50 "
            f"{statistics.median(values) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
            f"max {max(values) * 1000:.0f} ms")
