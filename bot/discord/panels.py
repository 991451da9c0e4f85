"""Turn panels on Discord: the table's panels (``bot.table.panels``, plain data) as buttons
and select menus that keep working after a restart, and what a press does.

Every component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` carries the game
id, the game's version, the seat the panel was drawn for and the item
(``sailbot:panel:<game>:<version>:<seat>:<ref>``; a menu's options carry the refs). The
bot registers the two classes at startup, so a panel posted weeks and several restarts
ago is rebuilt from its custom_id when pressed; the table service refuses it if the board
has moved on since, and offers the current choices instead.

Where a panel lives decides how a press is answered:

* on the **public board message** — a group or "Your move" opens the presser's choices
  in a new ephemeral message; a move is played and the next board (with its panel)
  follows in the channel, while the pressed message loses its buttons;
* on an **ephemeral** panel or in a **DM** — a group redraws the panel in place; a move
  settles the panel ("✅ …") and the board goes to the game's channel.
"""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any

import discord

from bot.discord.respond import (
    NO_MENTIONS,
    QUICK_BUDGET,
    Answer,
    attach_later,
    board_file,
    board_view,
    deliver_dms,
    has_board,
    kick_reminders,
    note_board,
    service_of,
    split_text,
    with_mentions,
)
from bot.table.panel_desk import Outcome
from bot.table.panels import Button, Menu, Panel

log = logging.getLogger(__name__)

PREFIX = "sailbot:panel"
MENU_PREFIX = "sailbot:menu"
_IDS = r"(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+|-)"
BUTTON_TEMPLATE = re.compile(rf"{PREFIX}:{_IDS}:(?P<ref>[a-z0-9.!]{{1,70}})")
MENU_TEMPLATE = re.compile(rf"{MENU_PREFIX}:{_IDS}:(?P<key>[a-z0-9./]{{1,70}})")
UNDO_TEMPLATE = re.compile(r"sailbot:undo:(?P<channel>\d+):(?P<version>\d+)")
UNDO = "↩ Undo"
TOOK_BACK = "↩️ Took back `{move}` — the board is in <#{channel}>."
STYLES = {"move": discord.ButtonStyle.primary, "group": discord.ButtonStyle.secondary,
          "back": discord.ButtonStyle.secondary, "open": discord.ButtonStyle.success}
PLAYED = "✅ Played `{move}` — the board is in <#{channel}>."


def _ids(panel: Panel) -> str:
    return f"{panel.game_id}:{panel.version}:{'-' if panel.seat is None else panel.seat}"


def _seat(match: re.Match[str]) -> int | None:
    return None if match["seat"] == "-" else int(match["seat"])


class PanelButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """One button of a turn panel."""

    def __init__(self, custom_id: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id,
                                           row=row))
        match = BUTTON_TEMPLATE.fullmatch(custom_id)
        assert match is not None, custom_id
        self.match = match

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PanelButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        m = self.match
        await panel_press(interaction, int(m["game"]), int(m["version"]), _seat(m), m["ref"])


class PanelMenu(discord.ui.DynamicItem[discord.ui.Select], template=MENU_TEMPLATE):
    """One select menu of a turn panel: each option's value is the ref it plays or opens."""

    def __init__(self, custom_id: str, placeholder: str = "Choose…",
                 options: list[discord.SelectOption] | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=custom_id, placeholder=placeholder,
                                           options=options or [], min_values=1, max_values=1,
                                           row=row))
        match = MENU_TEMPLATE.fullmatch(custom_id)
        assert match is not None, custom_id
        self.match = match

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PanelMenu:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        data: dict[str, Any] = dict(interaction.data or {})  # type: ignore[arg-type]
        values = data.get("values") or []
        m = self.match
        await panel_press(interaction, int(m["game"]), int(m["version"]), _seat(m),
                          str(values[0]) if values else "")


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=UNDO_TEMPLATE):
    """"↩ Undo" under "✅ Played …" (the presser's private panel, their DM, or a private
    note after a press on the public board): takes the move back, as `/undo`, while the
    game is still at the version it was played to (``TableService.undo``)."""

    def __init__(self, channel_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(
            label=UNDO, style=discord.ButtonStyle.secondary,
            custom_id=f"sailbot:undo:{channel_id}:{version}"))
        self.channel_id = channel_id
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> UndoButton:
        return cls(int(match["channel"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        from bot.discord.respond import finish

        service = service_of(interaction)
        answer = Answer(interaction, component=True)
        reply = await answer.run(lambda: service.undo(self.channel_id, interaction.user.id,
                                                      self.version), defer_after=0)
        if reply is None:
            return
        content = (interaction.message.content if interaction.message else "") or ""
        move = re.search(r"`([^`]*)`", content)
        done = TOOK_BACK.format(move=move[1] if move else "your move", channel=self.channel_id)
        await answer.edit_message(done, None)
        if _where(interaction) == "dm":
            await post_board(interaction.client, self.channel_id, reply)
        else:
            await finish(interaction, answer, reply)    # the board, in the channel


def with_undo(view: discord.ui.View | None, channel_id: int,
              version: int | None) -> discord.ui.View | None:
    """``view`` (or a new one) with an "↩ Undo" button, when the move can be taken back;
    a panel with no room left goes without (`/undo` still does it)."""
    if version is None:
        return view
    view = view or discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):       # the panel fills every row
        view.add_item(UndoButton(channel_id, version))
    return view


def panel_view(panel: Panel | None) -> discord.ui.View | None:
    """The panel as components: a row per row of buttons, a select per menu."""
    if panel is None or not panel.rows:
        return None
    view = discord.ui.View(timeout=None)
    ids = _ids(panel)
    for r, row in enumerate(panel.rows[:5]):
        if isinstance(row, Menu):
            options = [discord.SelectOption(label=o.label, value=o.ref,
                                            description=o.description or None)
                       for o in row.options[:25]]
            view.add_item(PanelMenu(f"{MENU_PREFIX}:{ids}:{row.key}", row.placeholder,
                                    options, row=r))
            continue
        for button in row[:5]:
            view.add_item(_button(ids, button, r))
    return view


def _button(ids: str, button: Button, row: int) -> PanelButton:
    label = f"{button.label} ▸" if button.style == "group" else button.label
    return PanelButton(f"{PREFIX}:{ids}:{button.ref}", label[:80],
                       STYLES.get(button.style, discord.ButtonStyle.secondary), row)


def _where(interaction: discord.Interaction) -> str:
    """"dm", "private" (an ephemeral message) or "public"."""
    if interaction.guild_id is None:
        return "dm"
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        return "private"
    return "public"


async def panel_press(interaction: discord.Interaction, game_id: int, version: int,
                      seat: int | None, ref: str) -> None:
    """Ask the table service what the press means, then show it where it belongs."""
    service = service_of(interaction)
    user = interaction.user.id
    answer = Answer(interaction, component=True)
    plays = ref.startswith("m")
    outcome = await answer.run(lambda: service.press(game_id, version, seat, ref, user),
                               defer_after=0 if plays else QUICK_BUDGET)
    if outcome is None:
        return
    where = _where(interaction)
    try:
        if outcome.reply is not None:
            await _played(interaction, answer, outcome, where)
        elif outcome.panel is not None:
            await show_panel(interaction, answer, outcome.panel, outcome.note,
                             in_place=where != "public")
    except discord.HTTPException:
        log.exception("Could not answer a panel press in %s", interaction.channel_id)
        await answer.error("Your choice was carried out, but showing it failed; use "
                           "`/board` to see the table.")


async def show_panel(interaction: discord.Interaction, answer: Answer, panel: Panel,
                     note: str = "", *, in_place: bool = False) -> None:
    """Show a panel to the presser: in place of a private one, else a new ephemeral."""
    text = split_text("\n".join(x for x in (note, panel.heading) if x))[0]
    view = panel_view(panel)
    if in_place:
        await answer.edit_message(text, view)
        return
    if interaction.response.is_done():
        await interaction.followup.send(text, view=view or discord.utils.MISSING,
                                        ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, view=view or discord.utils.MISSING,
                                                ephemeral=True, allowed_mentions=NO_MENTIONS)


async def _played(interaction: discord.Interaction, answer: Answer, outcome: Outcome,
                  where: str) -> None:
    from bot.discord.respond import finish

    reply = outcome.reply
    assert reply is not None
    if where == "public":
        await answer.edit_message(None, None)          # the old board keeps no buttons
        await finish(interaction, answer, reply)
        if outcome.undo is not None:                   # to the presser alone: a misplaced
            await interaction.followup.send(           # tap is one more tap from undone
                PLAYED.format(move=outcome.played, channel=outcome.channel_id),
                view=with_undo(None, outcome.channel_id, outcome.undo), ephemeral=True,
                allowed_mentions=NO_MENTIONS)
        return
    # a turn that goes on carries on here, with the presser's next choices
    done = PLAYED.format(move=outcome.played, channel=outcome.channel_id)
    following = outcome.panel
    heading = following.heading if following is not None else ""
    view = panel_view(following) if following is not None else None
    await answer.edit_message("\n".join(x for x in (done, heading) if x),
                              with_undo(view, outcome.channel_id, outcome.undo))
    if where == "private":
        await finish(interaction, answer, reply)        # a public followup in the channel
        return
    await post_board(interaction.client, outcome.channel_id, reply)
    if reply.private:
        await answer.error(reply.private)


async def post_board(client: Any, channel_id: int, reply: Any) -> discord.Message | None:
    """Post a board reply in a game's channel (a move made from a DM)."""
    channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
    text, allowed = with_mentions(reply)
    chunks = split_text(text)
    extra: dict[str, Any] = {}
    view = board_view(channel_id, reply)
    if view is not None:
        extra["view"] = view
    file = board_file(reply)
    if file is not None:
        extra["file"] = file
    message = await channel.send(chunks[0], allowed_mentions=allowed, **extra)
    for chunk in chunks[1:]:
        await channel.send(chunk, allowed_mentions=allowed)
    if has_board(reply):
        attach_later(message, reply)
        await note_board(client, channel_id, message)
    await deliver_dms(client, reply)
    if reply.notify:
        kick_reminders(client)
    return message
