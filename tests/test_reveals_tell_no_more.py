"""A move that turns something over tells the channel nothing else that is hidden.

``test_every_game`` compares a revealing move only in twins where it happened to turn over
the same view; Neptun's turned-over column (three cards) and Navegador's explored stack
almost never do. Here the twin is made to hold what the move turns over, every other
hidden value dealt afresh: the channel then reads the same (view, events, log text,
summary, who is next and their prompt).
"""

from __future__ import annotations

import random
from typing import Any

from rules import RulesError, get_game
from rules.fuzz import random_game
from tests.test_every_game import told


def compare_reveals(name: str, seeds: list[int], same: Any, keep: Any = None) -> int:
    game = get_game(name)
    rng = random.Random(4)
    compared = 0
    for seed in seeds:
        for players in range(game.min_players, game.max_players + 1):
            for state, *_ in random_game(game, players, seed + players, policy="explorer"):
                if keep is not None and not keep(state):
                    continue
                for seat in game.to_act(state):
                    for move in game.legal_moves(state, seat):
                        text = str(move)
                        after, events = game.play(state, seat, text)
                        if not any(e.reveals for e in events):
                            continue
                        twin = game.determinize(state, seat, rng)
                        same(state, after, twin)
                        try:
                            theirs = told(game, twin, seat, text)
                        except RulesError:
                            continue
                        assert theirs == told(game, state, seat, text), text
                        compared += 1
    return compared


def test_neptun_a_turned_over_column_tells_nothing_of_the_others() -> None:
    def same(state: Any, after: Any, twin: Any) -> None:
        for i, column in enumerate(state.display):
            if column is not None and not column.face_up and after.display[i].face_up:
                twin.display[i] = column.model_copy()
        # the oar cards turned over at the reveal, and the decks a draw may take from
        for real, other in zip(state.seats, twin.seats, strict=True):
            other.choice, other.hand = real.choice, list(real.hand)
        twin.decks = state.decks.model_copy(deep=True)

    assert compare_reveals("neptun", [500], same) > 500


def test_navegador_an_explored_stack_tells_nothing_of_the_others() -> None:
    def same(state: Any, after: Any, twin: Any) -> None:
        for rid, sea in state.regions.items():
            if after.regions[rid].revealed and not sea.revealed:
                twin.regions[rid].tokens = list(sea.tokens)

    assert compare_reveals("navegador", [700], same,
                           keep=lambda s: s.step in ("sail", "card_sail", "action")) > 20
