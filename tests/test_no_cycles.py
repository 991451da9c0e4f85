"""Nothing the bot asks of a game on every move leaves reference cycles behind.

A cycle holding a game state (a closure that calls itself and closes over the state, a
state that points back at its parent) keeps the whole state alive until the garbage
collector comes by, and makes the collector's every pass longer: in a busy bot process
that was a tenth of a move's CPU and pauses every table felt (docs/performance.md). With
none, each state is freed the moment the next one replaces it.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from rules import game_names, get_game
from rules.fuzz import random_game
from rules.policy import computer


@contextmanager
def cyclic_garbage() -> Iterator[list[object]]:
    """The objects only the collector could free, made inside the block."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    found: list[object] = []
    try:
        yield found
        gc.collect()
        found += gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()


def kinds(objects: list[object]) -> list[tuple[str, int]]:
    named = Counter(getattr(o, "__qualname__", type(o).__qualname__) for o in objects)
    return named.most_common(8)


@pytest.mark.parametrize("name", game_names())
def test_a_whole_game_of_moves_panels_and_views_leaves_no_cycles(name: str) -> None:
    """Every state of a random game: the legal moves, the click panel's choices, the views
    (each seat's and the public one) and the move played; and a `normal` computer's
    decision on a few of them."""
    game = get_game(name)
    walk = list(random_game(game, game.max_players, 11, policy="explorer"))
    with cyclic_garbage() as garbage:
        for i, (state, *_) in enumerate(walk):
            if game.result(state) is not None:
                continue
            game.view(state, None)
            for seat in game.to_act(state):
                moves = game.legal_moves(state, seat)
                list(game.choices(state, seat))
                game.view(state, seat)
                game.apply(state, seat, moves[i % len(moves)])
                if i % 25 == 0:
                    computer(game, "normal").choose(game, state, seat, random.Random(i))
    assert not garbage, f"{name}: {len(garbage)} objects in cycles: {kinds(garbage)}"


async def test_moves_through_the_table_service_leave_no_cycles(tmp_path) -> None:
    """The bot's whole path of a move — load, parse, apply, a computer's reply, the
    commit, the narration, the turn panel — for a few turns of a game with a computer."""
    from bot.table import TableService
    from rules.navegador.policy import random_turn

    svc = await TableService.open(tmp_path / "c.sqlite3", render=False,
                                  seed_source=lambda: 17)
    try:
        await svc.open_lobby(1, 1, 11, "Ann", "navegador")
        await svc.join(1, 12, "Ben")
        await svc.add_computer(1, 11)
        await svc.start_game(1, 11)
        rng = random.Random(3)

        async def turn() -> None:
            table = await svc.table(1)
            seat = table.game.waiting_on(table.state)[0]
            text = random_turn(table.game, table.state, seat, rng)
            reply = await svc.move(1, table.seats[seat].user_id, text)
            assert not reply.ephemeral and reply.panel is not None, reply.text

        await turn()                    # caches, imports and pools warmed
        with cyclic_garbage() as garbage:
            for _ in range(12):
                await turn()
    finally:
        await svc.close()
    assert not garbage, f"{len(garbage)} objects in cycles: {kinds(garbage)}"
