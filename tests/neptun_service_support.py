"""Driving Neptun tables through the table service: open and start a table, and pick a
random autocomplete suggestion of the verb a player would use now."""

from __future__ import annotations

import random

from bot_support import GUILD, NAMES

from bot.table import TableService
from bot.table.replies import Reply
from rules.neptun.state import NeptunState


async def started(svc: TableService, channel: int, humans: list[int], computers: int = 0,
                  variant: str | None = None) -> Reply:
    await svc.open_lobby(channel, GUILD, humans[0], NAMES[humans[0]], "neptun",
                         variant=variant)
    for user in humans[1:]:
        await svc.join(channel, user, NAMES[user])
    for _ in range(computers):
        await svc.add_computer(channel, humans[0])
    return await svc.start_game(channel, humans[0])


def verb_now(state: NeptunState, rng: random.Random) -> str:
    """The slash verb a player would reach for at this moment."""
    if state.phase == "draft":
        return rng.choice(["take", "flip"]) if any(
            c is not None and c.face_up for c in state.display) or state.revealing is not None \
            else "flip"
    if state.phase in ("choose", "ask") or state.stage == "card":
        return "oar"
    return "sail" if state.stage == "sail" else "deliver"


async def waiting(svc: TableService, channel: int) -> list[tuple[int, int]]:
    """(seat, user) of every human the table waits for."""
    table = await svc.table(channel)
    assert table.state is not None
    return [(s, table.seats[s].user_id) for s in table.game.waiting_on(table.state)
            if table.seats[s].user_id is not None]


async def random_command(svc: TableService, channel: int, user: int, state: NeptunState,
                         rng: random.Random) -> tuple[str, str]:
    """(verb, value): a random suggestion of the verb for now (any verb that has one)."""
    verb = verb_now(state, rng)
    pairs = await svc.suggestions(channel, user, verb, "")
    if not pairs and verb in ("take", "flip"):
        verb = "flip" if verb == "take" else "take"
        pairs = await svc.suggestions(channel, user, verb, "")
    assert pairs, f"/{verb} offers nothing to {NAMES[user]} at {state.phase}/{state.stage}"
    value, _ = rng.choice(pairs)
    return verb, value
