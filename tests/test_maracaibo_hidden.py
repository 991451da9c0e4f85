"""Maracaibo's hidden information, checked where players meet it: through the table service.

Two tables hold states that differ only in what the acting player cannot know (other
hands, the deck, the combat piles, face-down prestige buildings, secret careers and setup
choices): every public answer to the same commands — the reply, the picture's bytes,
refusals, /board, /status, /log, /score, the autocomplete of every verb — is the same,
unless the command was accepted and turned something hidden over. And no public text,
view or picture ever names a card that lies hidden.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache

from bot_support import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    NAMES,
    make_service,
)
from maracaibo_helpers import DATA

from bot.table import TableService
from bot.table.replies import TableError
from render import text as tx
from render.maracaibo import draw_maracaibo
from render.registry import renderer_for
from rules import RulesError, get_game
from rules.fuzz import random_game
from rules.maracaibo.cards import known_ids
from rules.maracaibo.state import MaracaiboState

g = get_game("maracaibo")
USERS = [ALICE, BOB, CAROL]
ODD = ["", "sail 99", "keep A01a", "fight 9", "buy A99z", "quest Q99", "𐩀", "done done"]


@cache
def probes() -> list[MaracaiboState]:
    """States at every kind of moment of a 3-player game (setup, sail, main, fights,
    decisions, draws, scorings)."""
    out: dict[str, MaracaiboState] = {}
    for seed in (3, 4):
        for state, *_ in random_game(g, 3, seed, policy="explorer"):
            key = state.step + (":" + state.decision.kind if state.decision else "") + (
                ":fight" if state.combat else "")
            if key not in out or random.Random(len(out) + seed).random() < 0.02:
                out[key + str(len(out))] = state
    return list(out.values())[:9]


async def table_with(svc: TableService, channel: int, state: MaracaiboState) -> list[int]:
    """A started 3-player table at ``channel`` whose state is ``state``: users by seat."""
    svc.narrator.render = False
    await svc.open_lobby(channel, GUILD, ALICE, NAMES[ALICE], "maracaibo")
    await svc.join(channel, BOB, NAMES[BOB])
    await svc.join(channel, CAROL, NAMES[CAROL])
    await svc.start_game(channel, ALICE)
    table = await svc.table(channel)
    svc.tables.remember(table.row.id, table.row.version, table.ply, state, table.seats)
    return [s.user_id for s in table.seats]


async def public(svc: TableService, channel: int, users: list[int], seat: int,
                 texts: list[str], reveals: list[bool]) -> list:
    """Everything the channel (and the acting player, who knows their own hand) is told."""
    out: list = []
    svc.narrator.render = True     # pictures of the board and of the first move's result
    for view in (svc.board(channel), svc.status(channel), svc.log(channel),
                 svc.score(channel)):
        reply = await view
        out.append((reply.text, reply.image))
    for verb in (None, *(v.name for v in g.texts.verbs)):
        out.append(await svc.suggestions(channel, users[seat], verb, ""))
    table = await svc.table(channel)
    for other in range(3):
        # another player's own choices (their cards) are theirs alone to see
        if other != seat and not g.choices_private(table.state, other):
            out.append(await svc.suggestions(channel, users[other], None, ""))
    base = table.state
    for text, reveal in zip(texts, reveals, strict=True):
        try:
            reply = await svc.move(channel, users[seat], text)
        except TableError as exc:
            out.append(("refused", text, str(exc)))
            continue
        if reveal:
            out.append(("accepted and revealed", text))
        else:
            out.append(("accepted", text, reply.text, reply.image, reply.notify,
                        reply.private, sorted(reply.dms)))
            svc.narrator.render = False     # the rest compare in words (keeps this quick)
        table = await svc.table(channel)       # back to the probe for the next command
        svc.tables.remember(table.row.id, table.row.version, table.ply, base, table.seats)
    return out


async def test_hidden_information_through_the_table_service(tmp_path):
    one = await make_service(tmp_path / "a.sqlite3", seed=9, render=True)
    two = await make_service(tmp_path / "b.sqlite3", seed=9, render=True)
    rng = random.Random(7)
    compared = 0
    for n, state in enumerate(probes()):
        for seat in g.to_act(state)[:1]:
            twin = g.determinize(state, seat, rng)
            assert g.dump(twin) != g.dump(state) or state.step == "over"
            moves = g.legal_moves(state, seat)
            texts = [str(m) for m in rng.sample(moves, min(3, len(moves)))] + ODD[:5]
            reveals = []
            for text in texts:
                try:
                    _, events = g.play(state, seat, text)
                    reveals.append(any(e.reveals for e in events))
                except RulesError:
                    reveals.append(False)
            users = await table_with(one, 100 + n, state)
            assert users == await table_with(two, 100 + n, twin)
            a = await public(one, 100 + n, users, seat, texts, reveals)
            b = await public(two, 100 + n, users, seat, texts, reveals)
            assert a == b, f"state {n} ({state.step}): public output differs"
            compared += 1
    assert compared >= 8


def hidden_cards(state: MaracaiboState) -> set[str]:
    """Cards nobody but (at most) their holder may know: the deck, the box, the cards dealt
    at setup, and hands — less those whose name came out in public (taken from the
    display, named in the log of turns)."""
    hidden = {*state.deck, *state.box}
    for p in state.seats:
        hidden |= {*p.hand, *p.dealt, *p.kept, *([p.plan_pick] if p.plan_pick else [])}
    said = " ".join(n for r in state.records for n in r.notes)
    return {c for c in hidden if c not in said}


def test_no_public_text_view_or_picture_names_a_hidden_card():
    assert renderer_for("maracaibo") is not None
    checked = 0
    for seed in (1, 2):
        for i, (state, *_ ) in enumerate(random_game(g, 4, seed, policy="explorer")):
            if i % 13:
                continue
            secret = hidden_cards(state)
            view = g.view(state, None)
            words = json.dumps(view.model_dump()) + g.summary(state) + g.progress(state)
            words += " ".join(g.prompt(state, s) for s in g.to_act(state))
            words += " ".join(g.idle_reason(state, s) for s in range(4))
            if i % 130 == 0:
                with tx.recording() as drawn:
                    draw_maracaibo(view)              # every text the picture draws
                words += " ".join(d.text for d in drawn)
            assert not {c for c in secret if c in words}, sorted(secret & set(words.split()))
            # careers stay secret until their first task is claimed
            shown = {p.career for p in state.seats if p.career_shown}
            for p in state.seats:
                if p.career and p.career not in shown:
                    name = DATA.career[p.career].name
                    assert not re.search(rf"\b{p.career}\b", words)
                    assert f"career {name}" not in words
            checked += 1
    assert checked > 30


def test_every_card_id_is_known():
    assert len(known_ids()) == 108
