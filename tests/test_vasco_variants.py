"""The readings a table may choose at `/vasco start variant:…` (data/vasco/texts.toml),
each against the default reading of data/vasco/game.toml [switches]."""

from __future__ import annotations

from vasco_helpers import G, calling, edit, empty_board, play, ready, ship, take_out

from rules import IllegalMoveError
from rules.vasco.flow import end_game
from rules.vasco.navigation import advance


def with_options(state, **options):
    s = edit(state)
    s.options = dict(options)
    return s


def two_ships(state):
    for tile in ("I-06", "I-09"):
        take_out(state, tile)
        state.seats[0].ships.append(tile)
    state.seats[0].captains = 2
    state.captain_supply[0] = 5
    return state


def test_the_variants_are_offered_and_set_options():
    assert {v.key for v in G.texts.variants} == {"bonus-once", "no-last-characters",
                                                "open-arrows"}
    assert G.options_for("bonus-once") == {"variant": "bonus-once", "bonus_per_ship": False}
    assert G.setup(2, 1, G.options_for("bonus-once")).options == {"bonus_per_ship": False}


def test_bonus_per_ship_by_default_once_per_expedition_as_a_variant():
    base = two_ships(empty_board(calling(ready(3), seat=0, number=15, area="navigation",
                                         free=8)))
    each, _ = play(base, 0, "send I-09 to mombasa-3, I-06 to mombasa-4")
    assert each.seats[0].coins == 10 + 2 + 2
    once = with_options(base, bonus_per_ship=False)
    after, _ = play(once, 0, "send I-09 to mombasa-3, I-06 to mombasa-4")
    assert after.seats[0].coins == 10 + 2
    try:
        play(once, 0, "send I-09 to natal-1 take 1, I-06 to natal-2 take 2")
    except IllegalMoveError as exc:
        assert "once per expedition" in str(exc)
    else:
        raise AssertionError("a second Natal bonus was taken")
    ok, _ = play(once, 0, "send I-09 to natal-1 take 1, I-06 to natal-2")
    assert len(ok.seats[0].projects) == 1
    assert "send I-06 to natal-2 ..." in {str(m) for m in G.legal_moves(
        play(once, 0, "send I-09 to natal-1 take 1 ...")[0], 0)}


def test_round_5_character_upkeep_by_default_not_as_a_variant():
    state = edit(ready(2))
    state.round = 5
    holder = state.holders["bartolomeu"]
    vp = state.seats[holder].vp
    default = edit(state)
    end_game(default, [])
    assert default.seats[holder].vp - default.final[holder].coins_vp \
        - default.final[holder].ships_vp == vp + 2
    plain = with_options(state, round5_character_upkeep=False)
    end_game(plain, [])
    assert plain.seats[holder].vp - plain.final[holder].coins_vp \
        - plain.final[holder].ships_vp == vp


def test_white_arrows_hold_for_ships_moving_up_unless_the_variant_opens_them():
    state = empty_board(ready(3))
    natal = ["I-01", "I-02", "I-07", "I-05", "I-03", "I-08"]     # strengths 3 3 5 4 4 5
    for i, tile in enumerate(natal):
        take_out(state, tile)
        state.landings["natal"][i] = ship(tile, i % 3)
        state.captain_supply[i % 3] -= 1
    terra = ["II-01", "II-02", "II-04", "II-05"]                  # fill 4 of 5 slots
    for i, tile in enumerate(terra):
        take_out(state, tile)
        state.landings["terra"][i] = ship(tile, 0)
        state.captain_supply[0] -= 1
    default = edit(state)
    advance(default, [])
    # the first Natal ship (strength 3) reaches only Terra's 5th slot, a white arrow
    assert default.landings["terra"][4].tile != "I-01" and "I-01" in default.removed
    opened = with_options(state, arrow_rule_on_advance=False)
    advance(opened, [])
    assert opened.landings["terra"][4].tile == "I-01"


def test_bonus_once_labels_promise_no_second_bonus():
    """With `bonus-once` the second ship of an expedition takes no landing bonus, so its
    panel button and autocomplete label must not promise one (they said '+ 2 Reales')."""
    base = two_ships(empty_board(calling(ready(3), seat=0, number=15, area="navigation",
                                         free=8)))
    for options, paid in (({}, True), ({"bonus_per_ship": False}, False)):
        second, _ = play(with_options(base, **options), 0, "send I-09 to mombasa-3 ...")
        labels = [" ".join(c.path) for c in G.choices(second, 0) if "I-06" in c.path[0]]
        assert labels and all(("2 Reales" in label) == paid for label in labels)
        move = G.parse(second, 0, "send I-06 to mombasa-4")
        assert ("2 Reales" in G.describe(second, 0, move)) == paid
        both = G.parse(base, 0, "send I-09 to mombasa-3, I-06 to mombasa-4")
        said = G.describe(with_options(base, **options), 0, both)
        assert said.count("2 Reales") == (2 if paid else 1), said
        after, _ = play(second, 0, "send I-06 to mombasa-4")
        assert after.seats[0].coins == 10 + 2 + (2 if paid else 0)
