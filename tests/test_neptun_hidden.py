"""Neptun's hidden information — the decks' order, face-down contracts, oar hands and the
secret choice — never shows where it must not.

Two tables that differ only in values hidden from someone (``determinize``) must look the
same to them: through the table service (picture bytes, replies, refusals, notifications,
/board, /status, /log, /score, /hand, autocomplete) for the same input, unless the input
is accepted and the rules turn a hidden item over; and, over every state of whole random
games, in the engine's public view, summary and events.
"""

from __future__ import annotations

import random
from typing import Any

from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    DAVE,
    FRANK,
    make_service,
)
from neptun_helpers import GAME
from neptun_service_support import random_command, started, waiting

from bot.table import TableService
from bot.table.replies import TableError
from render.registry import renderer_for
from rules import RulesError
from rules.fuzz import random_game
from rules.neptun.state import NeptunState

HUMANS = [ALICE, BOB, CAROL, DAVE]
ODD = ["oar #9", "oar 6/-1", "oar 8", "take 9 slot 1", "take 1 slot 1", "flip",
       "sail atlantis", "sail ALE", "deliver 3 +temple", "done", "extra yes", "𐩀", ""]
BY_VALUE = {"oar 6/-1", "oar 8"}


async def plant(svc: TableService, state: NeptunState) -> None:
    """Make the service's table hold ``state`` (as if the log had led there)."""
    table = await svc.table(CH)
    svc.tables.remember(table.row.id, table.row.version, table.ply, state, table.seats)


async def observe(svc: TableService, base: NeptunState, user: int, verb: str | None,
                  text: str, mine: bool) -> Any:
    """What the table shows for one command on ``base``; ``mine``: the mover's own
    private note counts too (the twin keeps the mover's secrets)."""
    await plant(svc, base)
    try:
        reply = await svc.move(CH, user, text, verb)
    except TableError as exc:
        return ("refused", str(exc))
    last = (await svc.store.last_moves((await svc.table(CH)).row.id, 1))[0]
    if last.reveals:
        return ("accepted and revealed",)
    others = {u: t for u, t in reply.dms.items() if u != user}
    return (reply.text, reply.image, sorted(reply.notify), reply.progress, others,
            reply.private if mine else None)


async def looks(svc: TableService, base: NeptunState, user: int | None) -> Any:
    """Everything ``user`` (None: a spectator) can look at without moving."""
    await plant(svc, base)
    out: list[Any] = []
    for reply in (await svc.board(CH), await svc.status(CH), await svc.log(CH, 30),
                  await svc.score(CH)):
        out.append((reply.text, reply.image))
    if user is not None:
        out.append((await svc.hand(CH, user)).text)
        for verb in (None, "take", "flip", "oar", "sail", "deliver"):
            out.append(await svc.suggestions(CH, user, verb, ""))
    return out


def moment(state: NeptunState) -> tuple[Any, ...]:
    chosen = sum(1 for p in state.seats if p.choice is not None)
    return (state.phase, state.stage, state.revealing is not None, min(chosen, 1))


async def compare_twins(svc: TableService, state: NeptunState, user_of: dict[int, int],
                        rng: random.Random) -> int:
    """Compare the table with twins of it for each acting seat and a spectator; returns
    how many inputs were compared."""
    compared = 0
    acting = GAME.waiting_on(state)[-1:]
    for seat in [*acting, None]:
        twin = GAME.determinize(state, seat, rng)
        assert GAME.view(twin, seat) == GAME.view(state, seat)
        movers = [seat] if seat is not None else acting
        for mover in movers:
            user = user_of[mover]
            # A spectator's twin deals the movers' own hands afresh too: then only inputs
            # that do not name one of the mover's cards by its values mean the same.
            odd = ODD if seat is not None else [t for t in ODD if t not in BY_VALUE]
            texts = [(None, str(m)) for m in GAME.legal_moves(state, mover)[:2]]
            texts += [(v, rng.choice(odd)) for v in ("oar", rng.choice(["take", "sail",
                                                                         "deliver"]))]
            for verb, text in texts:
                a = await observe(svc, state, user, verb, text, mine=seat is not None)
                b = await observe(svc, twin, user, verb, text, mine=seat is not None)
                assert a == b, (state.phase, state.stage, seat, verb, text)
                compared += 1
        who = user_of[seat] if seat is not None else FRANK
        assert await looks(svc, state, who if seat is not None else None) == \
            await looks(svc, twin, who if seat is not None else None)
    await plant(svc, state)
    return compared


async def test_twins_look_the_same_through_the_table_service(tmp_path):
    svc = await make_service(tmp_path / "h.sqlite3", seed=31, render=True)
    await started(svc, CH, HUMANS)
    table = await svc.table(CH)
    user_of = {s.seat: s.user_id for s in table.seats}
    rng = random.Random(7)
    seen: set[tuple[Any, ...]] = set()
    compared = 0
    svc.narrator.render = False
    while (table := await svc.table(CH)).row.status == "active":
        state = table.state
        if state.round > 1:
            break
        if moment(state) not in seen and state.round == 1:
            seen.add(moment(state))
            svc.narrator.render = True
            compared += await compare_twins(svc, state, user_of, rng)
            svc.narrator.render = False
        _, user = (await waiting(svc, CH))[0]
        verb, value = await random_command(svc, CH, user, state, rng)
        await svc.move(CH, user, value, verb)
    phases = {m[0] for m in seen}
    assert {"draft", "choose", "sail"} <= phases and compared > 40


def test_no_public_view_summary_or_event_shows_a_hidden_card():
    """Over every state of whole random games: the public view carries no hand, choice or
    face-down contract, and a twin with every hidden value dealt afresh has the same
    public view, summary, prompt and (unless something is turned over) events."""
    rng = random.Random(3)
    draw = renderer_for("neptun")
    pictures = 0
    for players, policy in ((4, "explorer"),):
        game = list(random_game(GAME, players, 70 + players, policy=policy))
        for i, (state, *_rest) in enumerate(game[:-1]):
            view = GAME.view(state, None)
            assert view.hand is None and view.choice is None
            assert all(c is None or c.face_up or (c.contract is None and c.oar is None)
                       for c in view.display)
            if i % 3:
                continue
            twin = GAME.determinize(state, None, rng)
            assert GAME.dump(twin) != GAME.dump(state) or state.phase == "over"
            assert GAME.view(twin, None) == view
            assert GAME.summary(twin) == GAME.summary(state)
            assert GAME.prompt(twin) == GAME.prompt(state)
            seat, text = game[i + 1][1], game[i + 1][2]
            assert seat is not None and text is not None
            a = _events(state, seat, text)
            b = _events(twin, seat, text)
            if a is not None and b is not None:
                assert a == b, (state.phase, text)
            if draw is not None and pictures < 4 and i % 60 == 0:
                assert draw(view, None, None, None) == draw(GAME.view(twin), None, None, None)
                pictures += 1


def _events(state: NeptunState, seat: int, text: str) -> list[str] | None:
    """Public event texts and the public view after a move; None if it turned something
    over (or, in the twin, names a card the twin's hand does not hold)."""
    try:
        after, events = GAME.play(state, seat, text)
    except RulesError as exc:
        return ["refused", str(exc)]
    if any(e.reveals for e in events):
        return None
    return [e.text for e in events if not e.private] + [GAME.view(after).model_dump_json()]
