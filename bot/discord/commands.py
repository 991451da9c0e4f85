"""The slash commands. Each one is a thin call into the table service.

* one group per game from the registry: ``/<game> start [colour] [variant]``,
  ``/<game> rules`` (a new game in ``rules.registry`` gets its group with no change here);
* lobby commands (the same as the lobby buttons): ``/join``, ``/leave``, ``/addbot``,
  ``/start``, and ``/rematch`` (the "Play again" button on a finished game's board);
  ``/join`` in a game under way gives a player back their own seat from the computer
  that took it over (asking first);
* move verbs, each game's from its data (``data/<game>/texts.toml``); a name two games
  share is one command, dispatched to the channel's game by the service; and the
  catch-all ``/move`` — each with one text option
  autocompleted from the legal moves;
* table commands: ``/board`` ``/status`` ``/hand`` ``/log`` ``/score`` ``/undo``
  ``/notify`` ``/resign`` ``/replace`` ``/abandon`` ``/mygames`` ``/stats`` ``/help``.

Callbacks find the service on ``interaction.client.service``, so the commands can be
built once, without a service, and checked against Discord's limits in tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

import discord
from discord import app_commands

from bot.discord.respond import (
    Answer,
    finish,
    respond,
    service_of,
    user_name,
)
from bot.discord.views import game_title
from bot.table import words
from bot.table.replies import Reply, TableError

log = logging.getLogger(__name__)

MAX_CHOICES = 25
MAX_CHOICE_LEN = 100
AUTOCOMPLETE_BUDGET = 2.5    # seconds; Discord drops autocomplete answers after 3
CONFIRM_SECONDS = 120
T = TypeVar("T")
PRECHECK_BUDGET = 2.0        # seconds to check a /replace (or a /join taking a seat back)
                             # before asking (else: ask anyway / join as ever)


def clip(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Verb:
    """A move verb: ``/name option:…``. ``service_verb`` is what the service receives."""

    name: str
    description: str
    option: str
    option_description: str
    service_verb: str | None
    optional: bool = False      # the option may be left out (`/pass`)


MOVE = Verb("move", "Play any move in your game's notation (see /<game> rules)", "notation",
            "A whole turn or one step, in your game's notation", None)


def move_verbs() -> tuple[Verb, ...]:
    """One slash verb per name over every game of the registry; a name two games share is
    one command (the service reads it as the channel's game's verb)."""
    from rules.registry import game_names, get_game

    by_name: dict[str, list] = {}
    for game in game_names():
        for v in get_game(game).texts.verbs:
            by_name.setdefault(v.name, []).append(v)
    verbs = []
    for name, specs in by_name.items():
        first = specs[0]
        if len(specs) == 1:
            description, option_help, option = (first.description, first.option_description,
                                                first.option)
        else:
            description = " · ".join(v.description for v in specs)
            option_help = " · ".join(dict.fromkeys(v.option_description for v in specs))
            options = {v.option for v in specs}
            option = first.option if len(options) == 1 else "what"
        verbs.append(Verb(name, clip(description), option, clip(option_help), name,
                          optional=any(v.optional for v in specs)))
    return (*verbs, MOVE)


# Helpers ------------------------------------------------------------------------------


def to_choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """Service suggestions as Discord choices: ≤25, names and values 1–100 characters."""
    choices: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for value, label in pairs:
        if not value or len(value) > MAX_CHOICE_LEN or value in seen:
            continue   # a notation cannot be cut short; skip it rather than send a wrong one
        seen.add(value)
        name = " ".join((label or value).split()) or value
        if len(name) > MAX_CHOICE_LEN:
            name = name[: MAX_CHOICE_LEN - 1] + "…"
        choices.append(app_commands.Choice(name=name, value=value))
        if len(choices) == MAX_CHOICES:
            break
    return choices


async def within_budget(lookup: Awaitable[T], fallback: T, what: str) -> T:
    """An autocomplete's lookup, within Discord's budget. Autocomplete never raises: on a
    timeout or a refusal, ``fallback``; on any other error too, logged."""
    try:
        return await asyncio.wait_for(lookup, timeout=AUTOCOMPLETE_BUDGET)
    except (TimeoutError, TableError):
        return fallback
    except Exception:
        log.exception("Autocomplete failed: %s", what)
        return fallback


def colour_choices(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    hits = [c for c in names if c.startswith(typed)] + [c for c in names
                                                         if typed in c and not c.startswith(typed)]
    return [app_commands.Choice(name=c.capitalize(), value=c) for c in hits[:MAX_CHOICES]]


def channel_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:  # pragma: no cover - slash commands always have one
        raise TableError("Use this command in a channel or thread.")
    return interaction.channel_id


# Per-game groups ----------------------------------------------------------------------


def game_group(game: str) -> app_commands.Group:
    """``/<game> start`` and ``/<game> rules`` for one game of the registry."""
    title = game_title(game)
    group = app_commands.Group(name=game,
                               description=clip(f"{title}: open a table here, or read the rules"))

    @group.command(name="start", description=clip(f"Open a {title} lobby in this channel"))
    @app_commands.describe(colour="Your colour (optional)",
                           variant="A rule variant (optional; see the rules)")
    async def start(interaction: discord.Interaction, colour: str | None = None,
                    variant: str | None = None) -> None:
        service = service_of(interaction)
        user = interaction.user
        await respond(interaction, lambda: service.open_lobby(
            channel_of(interaction), interaction.guild_id, user.id, user_name(user), game,
            colour, variant))

    @start.autocomplete("colour")
    async def start_colour(interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        return colour_choices(service_of(interaction).colour_names(), current)

    @start.autocomplete("variant")
    async def start_variant(interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        from rules.registry import get_game

        typed = "-".join(current.lower().replace("_", " ").split())
        return [app_commands.Choice(name=clip(f"{v.key} — {v.description}"), value=v.key)
                for v in get_game(game).texts.variants
                if typed in v.key or current.strip().lower() in v.description.lower()
                ][:MAX_CHOICES]

    @group.command(name="rules", description=clip(f"{title} in brief, with the move notation"))
    async def rules(interaction: discord.Interaction) -> None:
        service = service_of(interaction)

        async def call() -> Reply:
            return Reply(text=await service.rules_text(game, interaction.channel_id),
                         ephemeral=True)

        await respond(interaction, call)

    return group


def game_groups() -> list[app_commands.Group]:
    from rules.registry import game_names

    return [game_group(name) for name in game_names()]


async def precheck(interaction: discord.Interaction, command: str,
                   check: Awaitable[T]) -> tuple[bool, T | None]:
    """A quick check before "are you sure?", so that a refusal is told at once, privately:
    (True, None) when it refused (already answered); else (False, its result). A check
    that is slow or fails is skipped (None): the press checks again."""
    try:
        return False, await asyncio.wait_for(check, timeout=PRECHECK_BUDGET)
    except TableError as exc:
        await Answer(interaction).error(str(exc))
        return True, None
    except TimeoutError:
        return False, None
    except Exception:
        log.exception("Checking %s failed in %s", command, channel_of(interaction))
        return False, None


# Lobby commands -----------------------------------------------------------------------


@app_commands.command(name="join", description="Take a seat in this channel's lobby, or take "
                                               "back your own seat from a computer")
@app_commands.describe(colour="Your colour (optional)")
async def join_command(interaction: discord.Interaction, colour: str | None = None) -> None:
    service = service_of(interaction)
    user = interaction.user
    channel = channel_of(interaction)
    name = user_name(user)
    # a game under way: the caller's own seat, played by a computer, asks first
    refused, question = await precheck(interaction, "/join",
                                       service.check_reclaim(channel, user.id, name))
    if refused:
        return
    if question is not None:
        await confirm_first(interaction, question, "Take it back",
                            lambda: service.reclaim(channel, user.id, name))
        return
    await respond(interaction, lambda: service.join(channel, user.id, name, colour))


@join_command.autocomplete("colour")
async def join_colour(interaction: discord.Interaction,
                      current: str) -> list[app_commands.Choice[str]]:
    """The colours still free in this channel's lobby (a taken one would be refused)."""
    service = service_of(interaction)
    names = service.colour_names()      # on trouble, every colour: /join checks anyway
    if interaction.channel_id is not None:
        names = await within_budget(service.free_colours(interaction.channel_id), names,
                                    f"colours in {interaction.channel_id}")
    return colour_choices(names, current)


@app_commands.command(name="leave", description="Leave this channel's lobby (before the start)")
async def leave_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.leave(channel_of(interaction),
                                                         interaction.user.id))


LEVEL_CHOICES = [
    app_commands.Choice(name="easy — plays at random, but sensibly", value="easy"),
    app_commands.Choice(name="normal — plays the best-looking turn (default)", value="normal"),
    app_commands.Choice(name="strong — thinks ahead, about a second a move", value="strong"),
]


@app_commands.command(name="addbot", description="Add a computer player to this lobby")
@app_commands.describe(level="How well it plays: easy, normal (default) or strong")
@app_commands.choices(level=LEVEL_CHOICES)
async def addbot_command(interaction: discord.Interaction,
                         level: app_commands.Choice[str] | None = None) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.add_computer(
        channel_of(interaction), interaction.user.id, level=level.value if level else None))


@app_commands.command(name="removebot", description="Take a computer player out of this lobby")
@app_commands.describe(name="Which one (default: the last one added)")
async def removebot_command(interaction: discord.Interaction, name: str | None = None) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.remove_computer(
        channel_of(interaction), interaction.user.id, name=name))


@removebot_command.autocomplete("name")
async def removebot_name(interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
    """The computer players seated in this channel's lobby."""
    if interaction.channel_id is None:
        return []
    names = await within_budget(service_of(interaction).lobby_computers(interaction.channel_id),
                                [], f"computers in {interaction.channel_id}")
    typed = current.strip().casefold()
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names
            if typed in n.casefold()][:MAX_CHOICES]


@app_commands.command(name="start", description="Start the game in this lobby (host only)")
async def start_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.start_game(channel_of(interaction),
                                                          interaction.user.id), slow=True)


@app_commands.command(name="rematch", description="Play the game that ended here again, "
                                                  "with the same rules and players")
async def rematch_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    user = interaction.user
    await respond(interaction, lambda: service.rematch(
        channel_of(interaction), interaction.guild_id, user.id, user_name(user)))


LOBBY_COMMANDS = (join_command, leave_command, addbot_command, removebot_command,
                  start_command, rematch_command)


# Move verbs ---------------------------------------------------------------------------


async def play(interaction: discord.Interaction, text: str, verb: str | None) -> Reply | None:
    """One move: deferred privately first (rendering is slow), then the board in public."""
    service = service_of(interaction)
    return await respond(interaction, lambda: service.move(
        channel_of(interaction), interaction.user.id, text, verb), slow=True)


async def suggest(interaction: discord.Interaction, verb: str | None,
                  current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete from the legal moves. Never raises: on trouble, no suggestions."""
    if interaction.channel_id is None:
        return []
    service = service_of(interaction)
    pairs = await within_budget(
        service.suggestions(interaction.channel_id, interaction.user.id, verb, current), [],
        f"/{verb or 'move'} {current!r}")
    return to_choices(pairs)


def move_command(verb: Verb) -> app_commands.Command:
    """``/<verb> <option>`` with autocomplete; the option is renamed per verb."""

    if verb.optional:
        async def callback(interaction: discord.Interaction, text: str = "") -> None:
            await play(interaction, text, verb.service_verb)
    else:
        async def callback(interaction: discord.Interaction, text: str) -> None:  # type: ignore[misc]
            await play(interaction, text, verb.service_verb)

    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return await suggest(interaction, verb.service_verb, current)

    callback.__name__ = f"{verb.name.replace('-', '_')}_command"
    callback = app_commands.rename(text=verb.option)(callback)
    callback = app_commands.describe(text=verb.option_description)(callback)
    command = app_commands.Command(name=verb.name, description=verb.description,
                                   callback=callback)
    command.autocomplete("text")(complete)
    return command


# Table commands -----------------------------------------------------------------------


@app_commands.command(name="board", description="Post the board picture again")
async def board_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.board(channel_of(interaction),
                                                     interaction.user.id), slow=True)


@app_commands.command(name="status", description="Whose turn it is and what everyone has")
async def status_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.status(channel_of(interaction)))


@app_commands.command(name="hand", description="Your own sheet, shown only to you")
async def hand_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.hand(channel_of(interaction),
                                                    interaction.user.id), ephemeral=True)


@app_commands.command(name="log", description="The last moves of this game")
@app_commands.describe(last="How many moves (default 15)")
async def log_command(interaction: discord.Interaction,
                      last: app_commands.Range[int, 1, 50] = 15) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.log(channel_of(interaction), last))


@app_commands.command(name="score", description="Standings with the score breakdown")
async def score_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.score(channel_of(interaction)))


@app_commands.command(name="undo", description="Take back your last move (until someone else "
                                               "acts)")
async def undo_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.undo(channel_of(interaction),
                                                    interaction.user.id), slow=True)


@app_commands.command(name="notify", description="Turn reminders by DM on or off")
@app_commands.describe(setting="on: DM me when it is my turn; off: never DM me")
async def notify_command(interaction: discord.Interaction,
                         setting: Literal["on", "off"]) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.set_notify(interaction.user.id, setting == "on"),
                  ephemeral=True)


class Confirm(discord.ui.View):
    """A private "are you sure?" for commands that cannot be taken back."""

    def __init__(self, asked: discord.Interaction, label: str,
                 call: Callable[[], Awaitable[Reply]]) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.asked = asked
        self.owner_id = asked.user.id
        self.call = call
        self.confirm.label = label

    async def on_timeout(self) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self.asked.edit_original_response(content="No answer; nothing changed.",
                                                    view=None)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.owner_id

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction,
                      button: discord.ui.Button[Confirm]) -> None:
        self.stop()
        answer = Answer(interaction, component=True)
        reply = await answer.run(self.call, defer_after=0)
        if reply is None:
            # refused (told privately just now): the question keeps no buttons, which
            # would answer nothing now that the view has stopped
            with contextlib.suppress(discord.HTTPException):
                await answer.edit_message("Not done; nothing changed.", None)
            return
        await answer.edit_message("Done.", None)
        await finish(interaction, answer, reply)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction,
                     button: discord.ui.Button[Confirm]) -> None:
        self.stop()
        await interaction.response.edit_message(content="Cancelled; nothing changed.",
                                                view=None)


async def confirm_first(interaction: discord.Interaction, question: str, label: str,
                        call: Callable[[], Awaitable[Reply]]) -> None:
    await interaction.response.send_message(
        question, view=Confirm(interaction, label, call), ephemeral=True)


@app_commands.command(name="resign", description="Leave the game; a computer plays your seat")
@app_commands.describe(level="How well the computer taking over plays (default normal)")
@app_commands.choices(level=LEVEL_CHOICES)
async def resign_command(interaction: discord.Interaction,
                         level: app_commands.Choice[str] | None = None) -> None:
    service = service_of(interaction)
    channel = channel_of(interaction)
    chosen = level.value if level else None
    await confirm_first(
        interaction, await service.resign_question(channel, chosen or "normal"), "Resign",
        lambda: service.resign(channel, interaction.user.id, chosen))


@app_commands.command(name="replace", description="Hand the seat of a player the game has long "
                                                  "waited on to a computer player")
@app_commands.describe(player="The player the game is waiting on",
                       level="How well the computer taking over plays (default normal)")
@app_commands.choices(level=LEVEL_CHOICES)
async def replace_command(interaction: discord.Interaction, player: discord.User,
                          level: app_commands.Choice[str] | None = None) -> None:
    service = service_of(interaction)
    channel = channel_of(interaction)
    perms = interaction.permissions
    can_manage = bool(perms and perms.manage_channels)
    chosen = level.value if level else None
    name = user_name(player)
    caller = interaction.user
    refused, _ = await precheck(interaction, "/replace", service.check_replace(
        channel, caller.id, player.id, name, can_manage))
    if refused:
        return
    await confirm_first(
        interaction, words.replace_question(name, chosen or "normal"), "Replace",
        lambda: service.replace(channel, caller.id, user_name(caller), player.id, name, chosen,
                                can_manage))


@app_commands.command(name="abandon", description="Vote to end this game (needs every player, "
                                                  "or Manage Channel)")
async def abandon_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    channel = channel_of(interaction)
    perms = interaction.permissions
    can_manage = bool(perms and perms.manage_channels)
    refused, _ = await precheck(interaction, "/abandon",
                                service.check_abandon(channel, interaction.user.id, can_manage))
    if refused:
        return
    question = await service.abandon_question(channel, can_manage)
    await confirm_first(interaction, question, "Abandon",
                        lambda: service.abandon(channel, interaction.user.id, can_manage))


@app_commands.command(name="mygames", description="Every table you sit at, those waiting on "
                                                  "you first (only you see it)")
async def mygames_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.my_games(interaction.user.id), ephemeral=True)


@app_commands.command(name="stats", description="Records of this server: games played to the "
                                                "end, most wins, best scores, yours")
async def stats_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)
    await respond(interaction, lambda: service.stats(interaction.guild_id,
                                                     channel_of(interaction),
                                                     interaction.user.id))


@app_commands.command(name="help", description="How to play with this bot: the commands")
async def help_command(interaction: discord.Interaction) -> None:
    service = service_of(interaction)

    async def call() -> Reply:
        return Reply(text=await service.help_text(interaction.channel_id), ephemeral=True)

    await respond(interaction, call)


TABLE_COMMANDS = (board_command, status_command, hand_command, log_command, score_command,
                  undo_command, notify_command, resign_command, replace_command,
                  abandon_command, mygames_command, stats_command, help_command)


def build_commands() -> list[app_commands.Command | app_commands.Group]:
    """Every command, freshly built (the move verbs and game groups are made here)."""
    return [*game_groups(), *LOBBY_COMMANDS, *(move_command(v) for v in move_verbs()),
            *TABLE_COMMANDS]


def add_commands(tree: app_commands.CommandTree) -> None:
    for command in build_commands():
        tree.add_command(command)
