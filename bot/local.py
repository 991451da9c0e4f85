"""The local terminal table: play as several people through the same service and store.

    alice: /navegador start
    bob: /join
    alice: /start
    bob: /hire 2
    alice: /sail POR>GUI x2
    /board                 (a line without a name speaks as the last speaker)
    quit

Board pictures are written to a folder (default ./boards/) and their paths printed.
Turn reminders that fall due are printed as "DM to bob: ...".
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import sys
from pathlib import Path
from typing import TextIO

from bot.config import Config
from bot.replies import Reply, TableError
from bot.service import TableService

LOCAL_CHANNEL = 1
LOCAL_GUILD = None
MOVE_VERBS = {"hire", "workers", "ships", "sail", "colony", "build", "market", "privilege",
              "navegador-card", "card", "king"}
LINE = re.compile(r"^\s*(?:([\w.-]+)\s*:\s*)?(.*)$")
WELCOME = """\
Sailbot local table — play as several people. Type lines like
  alice: /navegador start      bob: /join      alice: /start      bob: /hire 2
A line without a name speaks as the last speaker. /help lists the commands; quit ends."""


def user_id(name: str) -> int:
    """A stable id for a local player name (the same across runs)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big")


class LocalTable:
    def __init__(self, service: TableService, board_dir: Path,
                 channel_id: int = LOCAL_CHANNEL) -> None:
        self.service = service
        self.board_dir = board_dir
        self.channel = channel_id
        self.speaker = "you"
        self.names: dict[int, str] = {}

    def _save(self, image: bytes) -> Path:
        self.board_dir.mkdir(parents=True, exist_ok=True)
        numbers = [int(m.group(1)) for p in self.board_dir.glob("board-*.png")
                   if (m := re.fullmatch(r"board-(\d+)\.png", p.name))]
        path = self.board_dir / f"board-{max(numbers, default=0) + 1:04d}.png"
        path.write_bytes(image)
        return path

    def _show(self, reply: Reply) -> list[str]:
        out = [("(only you see this) " if reply.ephemeral else "") + reply.text]
        if reply.image:
            path = self._save(reply.image)
            with contextlib.suppress(ValueError):
                path = path.relative_to(Path.cwd())
            out.append(f"🖼  board picture: {path}")
        if reply.notify:
            out.append("🔔 " + ", ".join(self.names.get(u, str(u)) for u in reply.notify)
                       + ": your turn")
        out += [f"📨 DM to {self.names.get(u, u)}: {text}" for u, text in reply.dms.items()]
        return out

    async def handle(self, line: str) -> list[str]:
        """Run one input line; returns what to print."""
        m = LINE.match(line)
        if not m or not m.group(2).strip():
            return []
        if m.group(1):
            self.speaker = m.group(1)
        uid = user_id(self.speaker)
        self.names[uid] = self.speaker
        text = m.group(2).strip()
        try:
            return self._show(await self._command(uid, text)) + await self._reminders()
        except TableError as exc:
            return [f"⚠️  (only {self.speaker} sees this) {exc}"]

    async def _command(self, uid: int, text: str) -> Reply:
        s, ch, name = self.service, self.channel, self.speaker
        if not text.startswith("/"):
            return await s.move(ch, uid, text)
        head, _, rest = text[1:].partition(" ")
        head, rest = head.lower(), rest.strip()
        if head in ("navegador", "game") or head == "new":
            sub, _, arg = rest.partition(" ")
            if sub == "rules":
                return Reply(text=await s.rules_text("navegador"))
            return await s.open_lobby(ch, LOCAL_GUILD, uid, name, "navegador", arg or None)
        simple = {
            "leave": lambda: s.leave(ch, uid), "addbot": lambda: s.add_computer(ch, uid),
            "start": lambda: s.start_game(ch, uid), "board": lambda: s.board(ch, uid),
            "status": lambda: s.status(ch), "hand": lambda: s.hand(ch, uid),
            "score": lambda: s.score(ch), "undo": lambda: s.undo(ch, uid),
            "resign": lambda: s.resign(ch, uid),
        }
        if head in simple:
            return await simple[head]()
        if head == "join":
            return await s.join(ch, uid, name, rest or None)
        if head == "log":
            return await s.log(ch, int(rest) if rest.isdigit() else 15)
        if head == "abandon":
            return await s.abandon(ch, uid, can_manage=rest in ("force", "manage"))
        if head == "notify":
            return await s.set_notify(uid, rest.lower() != "off")
        if head == "help":
            return Reply(text=await s.help_text() + "\nLocal table: `name: /command`; "
                         "`/suggest <verb> [typed]` lists autocomplete; `quit` ends.")
        if head == "rules":
            return Reply(text=await s.rules_text(rest or "navegador"))
        if head in ("suggest", "options"):
            verb, _, typed = rest.partition(" ")
            verb_name = None if verb in ("", "move") else verb
            pairs = await s.suggestions(ch, uid, verb_name, typed)
            return Reply(text="\n".join(f"  {v:<28} {label}" for v, label in pairs)
                         or "No suggestions (is it your turn?).", ephemeral=True)
        if head == "move":
            return await s.move(ch, uid, rest)
        if head in MOVE_VERBS:
            return await s.move(ch, uid, rest, head)
        raise TableError(f"Unknown command /{head}. Type /help for the list.")

    async def _reminders(self) -> list[str]:
        out = []
        for reminder in await self.service.due_reminders():
            who = self.names.get(reminder.user_id, str(reminder.user_id))
            out.append(f"📨 DM to {who}: {reminder.text.splitlines()[0]}")
            await self.service.reminder_done(reminder, delivered=True)
        return out


async def run(config: Config, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
              render: bool = True) -> int:
    service = await TableService.open(config.db_path, reminder_hours=config.reminder_hours,
                                      render=render)
    table = LocalTable(service, config.board_dir)
    interactive = stdin.isatty()

    def say(lines: list[str]) -> None:
        for text in lines:
            print(text, file=stdout)
        stdout.flush()

    say([WELCOME, f"(database: {config.db_path}; pictures: {config.board_dir})"])
    try:
        while True:
            if interactive:
                print(f"{table.speaker}> ", end="", file=stdout, flush=True)
            line = await asyncio.to_thread(stdin.readline)
            if not line:
                break
            if line.strip().lower() in ("quit", "exit", "/quit", "/exit"):
                break
            if not interactive and line.strip():
                say([f"> {line.rstrip()}"])
            say(await table.handle(line))
    finally:
        await service.close()
    say(["Goodbye — the table is saved; run again to carry on."])
    return 0
