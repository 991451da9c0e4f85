"""The Discord bot: a client with a slash-command tree over one table service.

``run(config)`` opens the store, builds the bot, and runs until stopped. At startup
(``setup_hook``) it registers the lobby buttons and the turn panels' buttons and menus
(dynamic items, so messages posted before a restart keep working), syncs the commands —
to ``config.dev_guild`` when set (instant; for development) or globally (may take up to
an hour to show everywhere) — and starts the reminder loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands

from bot.discord.commands import add_commands
from bot.discord.endpoint import use_api, use_its_gateway
from bot.discord.panels import PanelButton, PanelMenu, UndoButton
from bot.discord.reminders import ReminderLoop
from bot.discord.respond import OOPS, Answer
from bot.discord.views import LobbyButton, LobbyColour, LobbyLevel, RematchButton

if TYPE_CHECKING:
    from bot.config import Config
    from bot.table import TableService

log = logging.getLogger(__name__)

# The bot never joins a voice channel: discord.py's notes that PyNaCl and davey (voice
# libraries) are missing would only worry whoever reads the log at every start.
for _flag in ("warn_nacl", "warn_dave"):
    if hasattr(discord.VoiceClient, _flag):
        setattr(discord.VoiceClient, _flag, False)


class StartError(Exception):
    """The bot cannot start as configured; the message says what to change."""


class TableTree(app_commands.CommandTree):
    """Errors that escape a command (bad option values, checks, bugs) get a private
    answer instead of Discord's "The application did not respond"."""

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError):
            text = f"I could not read {error.value!r}: {error}"
        elif isinstance(error, app_commands.CheckFailure):
            text = "You cannot use this command here."
        else:
            name = interaction.command.qualified_name if interaction.command else "?"
            log.error("Command /%s failed", name, exc_info=error)
            text = OOPS
        await Answer(interaction).error(text)


class TableBot(discord.Client):
    """The bot. ``service`` is what every command and button talks to."""

    def __init__(self, service: TableService, *, dev_guild: int | None = None,
                 sync: bool = True, reminder_seconds: float = 60.0,
                 api: str | None = None, **options: Any) -> None:
        options.setdefault("intents", discord.Intents.default())  # no privileged intents
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(**options)
        self.service = service
        self.dev_guild = dev_guild
        self.sync_on_start = sync
        self.tree = TableTree(self)
        add_commands(self.tree)
        self.reminders = ReminderLoop(self, service, seconds=reminder_seconds)
        self.own_api = use_api(api)

    async def setup_hook(self) -> None:
        if self.own_api:
            await use_its_gateway(self.http)
        self.add_dynamic_items(LobbyButton, LobbyColour, LobbyLevel, PanelButton, PanelMenu,
                               RematchButton, UndoButton)
        if self.sync_on_start:
            await self.sync_commands()
        self.reminders.start()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        if self.dev_guild:
            guild = discord.Object(id=self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.Forbidden as exc:
                raise StartError(
                    f"Discord refused the slash commands for the server "
                    f"SAILBOT_DEV_GUILD={self.dev_guild} ({exc.text or exc.status}). Is the "
                    "bot in that server, invited with the scopes bot and "
                    "applications.commands, and is the id right (Developer Mode → "
                    "right-click the server → Copy Server ID)? Unset SAILBOT_DEV_GUILD to "
                    "register the commands globally (docs/discord.md).") from None
            log.info("Synced %d commands to guild %s", len(synced), self.dev_guild)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d global commands (may take a while to appear)", len(synced))
        return synced

    async def on_ready(self) -> None:
        log.info("Logged in as %s (%s) in %d servers", self.user,
                 getattr(self.user, "id", "?"), len(self.guilds))

    async def close(self) -> None:
        self.reminders.stop()
        await super().close()


class ShardedTableBot(TableBot, discord.AutoShardedClient):
    """The bot running some of the shards (``shard_ids`` of ``shard_count``): one of
    several processes on one database. A table's moves may come in on any process (a DM
    button lands on shard 0); the store's version check, not the process, decides."""


async def serve(config: Config) -> None:
    """Start the picture and thinking workers, open the store, run the bot until it is
    closed, close them all."""
    from bot.pictures import start_pictures
    from bot.table import TableService, start_thinkers

    if not config.token:
        raise SystemExit("DISCORD_TOKEN is not set; see docs/discord.md.")
    stop_on_sigterm()
    # the picture workers first: they warm (draw every game once) before the first move
    pictures = await start_pictures(config)
    log.info("Board pictures: %s", pictures.describe())
    try:
        # forked from the pictures' fork server, which has every game loaded already
        thinkers = await start_thinkers(config.think_workers, nice=config.think_nice)
        log.info("Computer players think in %s", thinkers.describe())
        try:
            service = await TableService.open(
                config.database, reminder_hours=config.reminder_hours,
                replace_hours=config.replace_hours,
                cache_size=config.cache_size, panel_cache=config.panel_cache,
                pictures=pictures, think=config.think, thinkers=thinkers)
            try:
                async with make_bot(service, config) as bot:
                    await bot.start(config.token)
            finally:
                await service.close()
        finally:
            await thinkers.close()
    finally:
        await pictures.close()


def stop_on_sigterm() -> None:
    """SIGTERM — what ``docker stop``, ``systemctl stop`` and process managers send —
    stops the bot as Ctrl-C does: the running task is cancelled, and the ``finally``
    blocks of ``serve`` close the connection, the store and the worker processes. A
    second SIGTERM while it closes ends the process at once."""
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()

    def stop() -> None:
        log.info("SIGTERM: stopping")
        loop.remove_signal_handler(signal.SIGTERM)
        if task is not None:
            task.cancel()

    with contextlib.suppress(NotImplementedError, RuntimeError):  # no signals here
        loop.add_signal_handler(signal.SIGTERM, stop)


def make_bot(service: TableService, config: Config) -> TableBot:
    """The bot for ``config``: sharded when SAILBOT_SHARDS names this process's shards."""
    options: dict[str, Any] = {"dev_guild": config.dev_guild,
                               "reminder_seconds": config.reminder_poll,
                               "api": config.discord_api}
    if config.shards is None:
        return TableBot(service, **options)
    log.info("Running %s", config.shards)
    # the command list is the bot's, not a shard's: one process (the one with shard 0)
    # syncs it, rather than every process at every start
    return ShardedTableBot(service, shard_ids=list(config.shards.ids),
                           shard_count=config.shards.count,
                           sync=0 in config.shards.ids, **options)


def run(config: Config) -> int:
    """Run the Discord bot (blocking). Ctrl-C stops it cleanly. A database that cannot be
    used stops the start at once with a sentence and exit status 3."""
    from bot.store import StoreError

    if not logging.getLogger().handlers:       # `python -m bot` sets up logging itself
        discord.utils.setup_logging(level=logging.INFO)
    from bot.discord.endpoint import DEFAULT_API

    try:
        asyncio.run(serve(config))
    except KeyboardInterrupt:
        log.info("Stopped")
    except asyncio.CancelledError:      # SIGTERM (stop_on_sigterm)
        log.info("Stopped (SIGTERM)")
    except StoreError as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 3
    except discord.LoginFailure:
        print("Cannot start: Discord refused the token in DISCORD_TOKEN (401 Unauthorized): "
              "it is not this application's bot token, or it was reset since. Copy it again "
              "from the Developer Portal (your application → Bot → Reset Token; "
              "docs/discord.md, step 2).", file=sys.stderr)
        return 2
    except StartError as exc:
        print(f"Cannot start: {exc}", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
        api = config.discord_api or DEFAULT_API
        print(f"Cannot reach Discord at {api} ({exc}). Is this machine online, and may it "
              "open HTTPS connections to discord.com (port 443)? Start the bot again when "
              "it can; the games are safe in the database.", file=sys.stderr)
        return 1
    return 0
