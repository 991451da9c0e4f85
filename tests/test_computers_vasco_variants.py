"""Vasco da Gama's computer values the rules in play, not the default ones:

* `no-last-characters` (``round5_character_upkeep`` off): Bartolomeu pays nothing after the
  last round, so holding him then is worth nothing, and the 'normal' computer with a
  character action in round 5 no longer takes him for it (9 Reales are on offer);
* `bonus-once` (``bonus_per_ship`` off): an expedition pays its landing's bonus to its
  first ship only, so the ships in hand beyond the expeditions the seat may still lead
  count no bonus;
* the default game is valued as before (``scripts/bench_search.py vasco`` digests).

And the arena plays a variant (``--variant``).
"""

from __future__ import annotations

import random

import pytest
from vasco_helpers import G, calling, edit, empty_board, ready

from rules.__main__ import main
from rules.greedy import Greedy
from rules.vasco.computer import SEND_SHARE, _landings, evaluate
from rules.vasco.state import VascoState

NO_LAST = G.options_for("no-last-characters")
ONCE = G.options_for("bonus-once")


def _with(state: VascoState, options: dict[str, object]) -> VascoState:
    s = edit(state)
    s.options = {k: v for k, v in options.items() if isinstance(v, bool)}
    return s


def _character_call(round_: int) -> VascoState:
    """Seat 0's character disc is called in ``round_``; 9 and 4 Reales on the coin
    spaces; seat 1 holds Bartolomeu, nobody has taken him this round."""
    s = calling(ready(2), 0, 12, "character", free=12)
    s.round = round_
    s.coin_spaces = [9, 4]
    s.holders["bartolomeu"] = 1
    s.blocked = {}
    return s


def _holding_bartolomeu(state: VascoState) -> float:
    """What holding Bartolomeu is worth to seat 0 (against seat 1 holding him)."""
    mine, theirs = edit(state), edit(state)
    mine.holders["bartolomeu"] = 0
    theirs.holders["bartolomeu"] = 1
    return evaluate(mine, 0) - evaluate(theirs, 0)


def test_bartolomeu_after_the_last_round_is_worth_nothing_without_its_payout() -> None:
    last = _character_call(5)
    assert _holding_bartolomeu(last) > 3          # +2 VP at the end for one seat, not the other
    assert _holding_bartolomeu(_with(last, NO_LAST)) == pytest.approx(0)
    # before the last round he still pays at this round's end
    fourth = _with(_character_call(4), NO_LAST)
    assert _holding_bartolomeu(fourth) > 3


def test_round_5_does_not_take_bartolomeu_for_a_payout_that_never_comes() -> None:
    state = _character_call(5)
    default = Greedy().choose(G, state, 0, random.Random(1))
    assert str(default) == "character bartolomeu"     # +2 VP now, +2 at the round's end
    variant = Greedy().choose(G, _with(state, NO_LAST), 0, random.Random(1))
    assert str(variant) != "character bartolomeu", "counted a round-5 payout that never comes"


def _two_ships_in_hand() -> VascoState:
    """Round 5, seat 0 on a recruit action with two strong ships in hand and a captain for
    each, no navigation disc left: one expedition at most (the estimate assumes one)."""
    s = calling(empty_board(ready(2)), 0, 12, "recruit", free=12)
    s.round = 5
    player = s.seats[0]
    player.ships, player.projects, player.captains = ["II-09", "II-11"], [], 2
    return s


def test_bonus_once_counts_one_landing_bonus_for_ships_sailing_together() -> None:
    s = _two_ships_in_hand()
    default = evaluate(s, 0)
    once = evaluate(_with(s, ONCE), 0)
    # the second ship's share of a landing's bonus, no more
    most = max(bonus for *_, bonus in _landings())
    assert 0.1 < default - once <= SEND_SHARE * most + 1e-9
    # one ship in hand leads its own expedition: its bonus counts under both rules
    one = edit(s)
    one.seats[0].ships = ["II-11"]
    assert evaluate(one, 0) == pytest.approx(evaluate(_with(one, ONCE), 0))


def test_arena_plays_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vasco", "arena", "--seats", "easy,easy", "--games", "1", "--jobs", "1",
                 "--variant", "bonus-once"]) == 0
    assert "vasco, variant bonus-once: 1 games" in capsys.readouterr().out
    assert main(["vasco", "arena", "--seats", "easy,easy", "--games", "1", "--jobs", "1",
                 "--variant", "nope"]) == 2
    assert "no variant 'nope'" in capsys.readouterr().err
