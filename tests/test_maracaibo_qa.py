"""What a player reads when a typed turn asks for more than the turn holds (found in a
player's-eye pass over the local table)."""

from __future__ import annotations

import pytest
from maracaibo_helpers import at, play, ready

from rules.errors import RulesError


def test_too_many_village_actions_says_how_many_the_sail_gave():
    state = ready(3)
    seat = state.current
    state = at(state, seat, "3", mp=2)
    with pytest.raises(RulesError) as refused:
        play(state, seat, "village take 1, take 1, take 1")
    assert "sailing 2 steps gave you 1 village action" in str(refused.value)
    after, _ = play(state, seat, "village take 1")          # the one action is still there
    assert after.seats[seat].dbl == state.seats[seat].dbl + 1

