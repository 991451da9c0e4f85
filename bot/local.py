"""The local terminal table: play as several people through the same service and store.

    alice: /<game> start
    bob: /join
    alice: /addbot strong   (a computer player: easy, normal — the default — or strong)
    alice: /start
    bob: /<verb> <what>     (the game's own commands, as on Discord)
    alice: /replace bob     (a computer takes the seat of a player the game has long waited on)
    bob: /join              (bob takes his seat back from that computer; asks first)
    /board                 (a line without a name speaks as the last speaker; alice at first)
    quit

Every game of the registry plays here with the same commands as on Discord; a word the
notation knows works as a command too (`/market2 sell gold`, `/ship 1`). Board pictures are
written to a folder (default ./boards/), one per turn, keeping the newest few. Turn
reminders that fall due are printed as "DM to bob: ...".
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from bot.config import Config
from bot.pictures import start_pictures
from bot.store import describe
from bot.table import Reply, TableError, TableService, start_thinkers, words
from bot.table.computers import check_level
from rules import game_names, get_game

LOCAL_CHANNEL = 1
LOCAL_GUILD = None
FIRST_SPEAKER = "alice"
LINE = re.compile(r"^\s*(?:([\w.-]+)\s*:\s*)?(.*)$")
YES = {"yes", "y", "confirm"}
CONFIRM_HINT = "Type `yes` to confirm, anything else cancels."
WELCOME = """\
Sailbot local table — play as several people. Type lines like
  alice: /{game} start      bob: /join      alice: /start      bob: {example}
A line without a name speaks as the last speaker (alice at first). /help lists the
commands; quit ends."""


def user_id(name: str) -> int:
    """A stable id for a local player name (the same across runs)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big")


class LocalTable:
    def __init__(self, service: TableService, board_dir: Path,
                 channel_id: int = LOCAL_CHANNEL, keep: int = 20) -> None:
        self.service = service
        self.board_dir = board_dir
        self.channel = channel_id
        self.keep = keep
        # a name the sentences can use ("alice takes a contract"), as in the welcome's
        # example lines, until a line names someone else
        self.speaker = FIRST_SPEAKER
        self.names: dict[int, str] = {}
        self.confirming: dict[int, str] = {}     # user -> the command awaiting "yes"
        self._last_picture: tuple[Path, str] | None = None   # (file, progress it shows)
        # a picture that follows its reply is written when drawn and its line goes to
        # ``echo`` (the terminal sets it to print; otherwise the lines collect in ``late``)
        self.late: list[str] = []
        self.echo: Callable[[list[str]], None] = self.late.extend
        self._boards = 0            # boards replied so far; a picture that follows is not
        self._saved = 0             # written once a newer board's picture has been
        self._following: set[asyncio.Task[None]] = set()

    # Pictures --------------------------------------------------------------------------

    def _save(self, image: bytes, progress: str) -> Path:
        """One picture per turn: a reply within the same turn (another sail leg, an undo)
        replaces that turn's file; only the newest ``keep`` files stay."""
        self.board_dir.mkdir(parents=True, exist_ok=True)
        if self._last_picture and progress and self._last_picture[1] == progress \
                and self._last_picture[0].exists():
            path = self._last_picture[0]
        else:
            numbers = [int(m.group(1)) for p in self.board_dir.glob("board-*.png")
                       if (m := re.fullmatch(r"board-(\d+)\.png", p.name))]
            path = self.board_dir / f"board-{max(numbers, default=0) + 1:04d}.png"
        path.write_bytes(image)
        self._last_picture = (path, progress)
        files = sorted(self.board_dir.glob("board-*.png"))
        for old in files[: max(0, len(files) - self.keep)]:
            with contextlib.suppress(OSError):
                old.unlink()
        return path

    def _shown(self, image: bytes, progress: str, board: int) -> str:
        self._saved = board
        try:
            path = self._save(image, progress)
        except OSError as exc:          # a folder gone, a full disk: the game goes on
            return (f"🖼  board picture not saved: cannot write to {self.board_dir} "
                    f"({exc.strerror or exc}; SAILBOT_BOARD_DIR).")
        with contextlib.suppress(ValueError):
            path = path.relative_to(Path.cwd())
        return f"🖼  board picture: {path}"

    def _follow(self, later: Awaitable[bytes | None], progress: str, board: int) -> None:
        async def write() -> None:
            image = await later
            if image and board > self._saved:
                self.echo([self._shown(image, progress, board)])

        task = asyncio.ensure_future(write())
        self._following.add(task)
        task.add_done_callback(self._following.discard)

    async def settle(self) -> None:
        """Wait for the pictures still following their replies (before closing)."""
        if self._following:
            await asyncio.gather(*self._following, return_exceptions=True)

    def _show(self, reply: Reply) -> list[str]:
        out = [("(only you see this) " if reply.ephemeral else "") + reply.text]
        if reply.image or reply.image_later:
            self._boards += 1
        if reply.image:
            out.append(self._shown(reply.image, reply.progress, self._boards))
        elif reply.image_later is not None:
            self._follow(reply.image_later, reply.progress, self._boards)
        if reply.private:
            # a private event line carries its own lock already
            private = reply.private.removeprefix("🔒 ")
            out.append(f"🔒 (only {self.speaker} sees this) {private}")
        if reply.notify:           # Discord's mentions: a ping, whatever it is for
            out.append("🔔 " + ", ".join(self.names.get(u, str(u)) for u in reply.notify))
        out += [f"📨 DM to {self.names.get(u, u)}: {text}" for u, text in reply.dms.items()]
        return out

    # Commands --------------------------------------------------------------------------

    async def learn_names(self) -> None:
        """The seated players' names, so pings and DMs name people who have not spoken
        yet in this run (after a restart, say)."""
        try:
            table = await self.service.table(self.channel)
        except TableError:
            return
        for seat in table.seats:
            if seat.user_id is not None:
                self.names.setdefault(seat.user_id, seat.name)

    async def greeting(self) -> list[str]:
        """Where the table stands when the terminal opens (after a restart, too)."""
        await self.learn_names()
        if await self.service.game_of(self.channel) is None:
            return []
        try:
            reply = await self.service.status(self.channel)
        except TableError:
            return []
        return ["Resuming the table here:", reply.text]

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
            reply = await self._command(uid, text)
            if reply.notify or reply.dms:
                await self.learn_names()
            return self._show(reply) + await self._reminders()
        except TableError as exc:
            return [f"⚠️  (only {self.speaker} sees this) {exc}"]

    async def _command(self, uid: int, text: str) -> Reply:
        s, ch, name = self.service, self.channel, self.speaker
        pending = self.confirming.pop(uid, None)
        if pending is not None:
            if text.lower().lstrip("/") in YES:
                return await self._confirmed(uid, pending)
            if text.lower().lstrip("/") in ("no", "n", "cancel"):
                return Reply(text="Cancelled; nothing changed.", ephemeral=True)
        if not text.startswith("/"):
            return await s.move(ch, uid, text)
        head, _, rest = text[1:].partition(" ")
        head, rest = head.lower(), rest.strip()
        if head in game_names():
            sub, _, args = rest.partition(" ")
            if sub == "rules":
                return Reply(text=await s.rules_text(head, ch))
            if sub not in ("start", "new", ""):
                raise TableError(f"`/{head}` takes `start` or `rules`.")
            colour, variant = _start_options(args)
            return await s.open_lobby(ch, LOCAL_GUILD, uid, name, head, colour, variant)
        simple = {
            "leave": lambda: s.leave(ch, uid),
            "rematch": lambda: s.rematch(ch, LOCAL_GUILD, uid, name),
            "stats": lambda: s.stats(LOCAL_GUILD, ch, uid),
            "mygames": lambda: s.my_games(uid),
            "addbot": lambda: s.add_computer(ch, uid, level=rest or None),
            "removebot": lambda: s.remove_computer(ch, uid, name=rest or None),
            "start": lambda: s.start_game(ch, uid), "board": lambda: s.board(ch, uid),
            "status": lambda: s.status(ch), "hand": lambda: s.hand(ch, uid),
            "score": lambda: s.score(ch), "undo": lambda: s.undo(ch, uid),
        }
        if head in simple:
            return await simple[head]()
        if head in ("resign", "abandon"):
            words_ = rest.lower().split()
            if (words_ and words_[-1] in YES) or (head == "abandon" and rest in ("force",
                                                                               "manage")):
                return await self._confirmed(uid, f"{head} {rest}".strip())
            level = ""
            if head == "resign":
                level = check_level(rest or None)      # refuse a wrong level before asking
                self.confirming[uid] = f"resign {level}"
            else:
                await s.check_abandon(ch, uid)         # refuse at once, not after `yes`
                self.confirming[uid] = head
            question = (await s.resign_question(ch, level) if head == "resign" else
                        await s.abandon_question(ch))
            return Reply(text=f"/{head}: {question} {CONFIRM_HINT}", ephemeral=True)
        if head == "replace":
            return await self._replace(uid, rest)
        if head == "join":
            question = await s.check_reclaim(ch, uid, name)
            if question is None:
                return await s.join(ch, uid, name, rest or None)
            self.confirming[uid] = "reclaim"
            return Reply(text=f"/join: {question} {CONFIRM_HINT}", ephemeral=True)
        if head == "log":
            return await s.log(ch, int(rest) if rest.isascii() and rest.isdigit() else 15)
        if head == "notify":
            return await s.set_notify(uid, rest.lower() != "off")
        if head == "help":
            return Reply(text=await s.help_text(ch) + "\nLocal table: `name: /command`; "
                         "`/suggest <verb> [typed]` lists autocomplete; `quit` ends.")
        if head == "rules":
            game = rest or await s.game_of(ch) or game_names()[0]
            return Reply(text=await s.rules_text(game, ch))
        if head in ("suggest", "options"):
            return await self._suggest(uid, rest)
        if head == "move":
            return await s.move(ch, uid, rest)
        game = await s.game_of(ch)
        if game is not None and get_game(game).verb(head) is not None:
            return await s.move(ch, uid, rest, head)
        # A word of the notation works as a command (`/market2 sell gold`, `/ship 1`).
        if game is not None and await s.reads_as_move(ch, uid, f"{head} {rest}"):
            return await s.move(ch, uid, f"{head} {rest}".strip())
        raise TableError(f"Unknown command /{words.excerpt(head, 30)}. Type /help for the "
                         "list" + (f", or `/{game} rules` for the moves." if game else "."))

    async def _replace(self, uid: int, rest: str) -> Reply:
        """`/replace bob [level] [force]`: hand bob's seat to a computer player (force: as
        a channel manager); asks `yes` first, after the service has checked it may."""
        words_ = rest.split()
        if not words_:
            raise TableError("Whose seat? `/replace <player> [easy|normal|strong] [force]` "
                             "hands the seat of a player the game has long waited on to a "
                             "computer player.")
        target, options = words_[0], [w.lower() for w in words_[1:]]
        force = any(w in ("force", "manage") for w in options)
        confirmed = any(w in YES for w in options)
        levels = [w for w in options if w not in YES and w not in ("force", "manage")]
        level = check_level(levels[0] if levels else None)
        await self.service.check_replace(self.channel, uid, user_id(target), target, force)
        command = f"replace {target} {level}" + (" force" if force else "")
        if confirmed:
            return await self._confirmed(uid, command)
        self.confirming[uid] = command
        return Reply(text=f"/replace: {words.replace_question(target, level)} {CONFIRM_HINT}",
                     ephemeral=True)

    async def _confirmed(self, uid: int, command: str) -> Reply:
        if command == "reclaim":
            return await self.service.reclaim(self.channel, uid, self.speaker)
        if command.startswith("replace"):
            _, target, level, *force = command.split()
            return await self.service.replace(self.channel, uid, self.speaker, user_id(target),
                                              target, level, can_manage=bool(force))
        if command.startswith("resign"):
            level = [w for w in command.split()[1:] if w.lower() not in YES]
            return await self.service.resign(self.channel, uid, level[0] if level else None)
        return await self.service.abandon(self.channel, uid,
                                          can_manage=command.endswith(("force", "manage")))

    async def _suggest(self, uid: int, rest: str) -> Reply:
        verb, _, typed = rest.partition(" ")
        verb_name = None if verb in ("", "move") else verb.lstrip("/")
        pairs = await self.service.suggestions(self.channel, uid, verb_name, typed)
        if pairs:
            return Reply(text="\n".join(f"  {v:<32} {label}" for v, label in pairs),
                         ephemeral=True)
        # Say why: not your turn, not this game's verb, or really nothing fits.
        why = await self.service.cannot_move(self.channel, uid, verb_name)
        if why:
            return Reply(text=f"No suggestions: {why}", ephemeral=True)
        what = f"`/{verb_name}`" if verb_name else "a move"
        return Reply(text=f"No suggestions for {what}"
                     + (f" starting with {typed!r}" if typed else "") + " right now.",
                     ephemeral=True)

    async def _reminders(self) -> list[str]:
        out = []
        # the terminal prints a DM's first line, never its picture: none is drawn
        for reminder in await self.service.due_reminders(pictures=False):
            who = self.names.get(reminder.user_id, str(reminder.user_id))
            out.append(f"📨 DM to {who}: {reminder.text.splitlines()[0]}")
            await self.service.reminder_done(reminder, delivered=True)
        return out


def _start_options(args: str) -> tuple[str | None, str | None]:
    """`/<game> start green variant:all-rows` -> ("green", "all-rows")."""
    colour: list[str] = []
    variant = None
    for word in args.split():
        if word.lower().startswith("variant:"):
            variant = word.split(":", 1)[1] or None
        else:
            colour.append(word)
    return (" ".join(colour) or None), variant


async def run(config: Config, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
              render: bool = True) -> int:
    if render:
        try:
            config.board_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"Configuration error: SAILBOT_BOARD_DIR: cannot create the folder "
                  f"{config.board_dir} ({exc.strerror or exc}).", file=sys.stderr)
            return 2
    # one person at a terminal: pictures are drawn in a thread unless worker processes
    # are asked for (SAILBOT_RENDER_WORKERS), which would only add their start-up
    pictures = await start_pictures(
        replace(config, render_workers=config.render_workers or 0)) if render else None
    # and computers think in a thread, unless processes are asked for (SAILBOT_THINK_WORKERS)
    thinkers = await start_thinkers(config.think_workers or 0, nice=config.think_nice)
    try:
        service = await TableService.open(
            config.database, reminder_hours=config.reminder_hours,
            replace_hours=config.replace_hours, render=render,
            cache_size=config.cache_size, panel_cache=config.panel_cache, pictures=pictures,
            think=config.think, thinkers=thinkers)
    except BaseException:
        await thinkers.close()
        if pictures is not None:
            await pictures.close()
        raise
    table = LocalTable(service, config.board_dir, keep=config.board_keep)
    interactive = stdin.isatty()

    def say(lines: list[str]) -> None:
        for text in lines:
            print(text, file=stdout)
        stdout.flush()

    table.echo = say

    first = get_game(game_names()[0])
    example = (re.findall(r"`(/[^`]+)`", first.texts.examples) or ["/move …"])[0]
    say([WELCOME.format(game=first.name, example=example),
         "Games: " + ", ".join(f"/{n} start" for n in game_names()),
         f"(database: {describe(config.database)}; pictures: {config.board_dir})"])
    try:
        say(await table.greeting())
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
        await table.settle()
        await service.close()
        await thinkers.close()
        if pictures is not None:
            await pictures.close()
    say(["Goodbye — the table is saved; run again to carry on."])
    return 0
