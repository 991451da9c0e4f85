"""Rules audit of the Navegador engine: deviations found, kept as strict xfails.

Each test asserts the behaviour the rules (spec ../shared/rules/navegador.md and the two seed
write-ups) call for. They are marked ``xfail(strict=True)`` until the engine is fixed; a fix
makes the test pass, and strict mode then asks for the marker to be removed.
"""

from __future__ import annotations

import pytest

from rules import RulesError
from tests.navegador_helpers import A, explore_all, play, put_ships, ready, table


# --- 1. Declining the Navegador card gives it away --------------------------------------
# Spec §7.4: the holder *may* take one extra Sail; the card passes on after use or at the
# lap deadline. JP seed: 「カードを使う期限は，カードを受け取ってからロンデル・マーカーが一周
# するまでです」. `card skip` / `card pass` / `card none` read as "use the card, sail nothing",
# so a holder who types them to decline the card loses it at once.
@pytest.mark.parametrize("text", ["card skip", "card pass", "card none"])
def test_declining_the_card_keeps_it(text):
    s = ready(put_ships(explore_all(table(), "GUI"), A, POR=2), A, "workers")
    s.card.holder, s.card.mark, s.card.steps = A, s.sheets[A].stone, 0
    try:
        after, _ = play(s, A, text)
    except RulesError:
        return                              # refusing the ambiguous text is fine too
    assert after.card.holder == A           # not used: A keeps the card until the deadline


# --- 2. "until the next phase" when no refill will ever come -------------------------------
# Spec §6.2/§6.3 (JP seed 「取られてもすぐには補充しません。フェイズⅡに入ったとき…補充」): the
# gallery is topped up only when phase II and phase III begin. In phase III a taken token is
# gone for good, yet the refusal promises it back "until the next phase".
def test_empty_gallery_message_in_phase_three_promises_no_refill():
    s = ready(table(), A, "privilege")
    s.phase = 3
    s.gallery["church"] = 0
    with pytest.raises(RulesError) as error:
        play(s, A, "privilege church")
    assert "next phase" not in str(error.value)


def test_empty_gallery_message_when_the_supply_is_used_up():
    # All 6 church privileges are on sheets: no phase change can bring one back (§6.3 "if the
    # supply runs out, fill what you can").
    s = ready(table(players=5), A, "privilege")
    s.gallery["church"], s.privilege_supply["church"] = 0, 0
    for seat in range(3):
        s.sheets[seat + 1].privileges["church"] = 2
    with pytest.raises(RulesError) as error:
        play(s, A, "privilege church")
    assert "next phase" not in str(error.value)


# --- 3. The phase event claims a refill the supply could not make ---------------------------
# Spec §6.3: "top each arch up to N ... If the supply runs out, fill what you can." The event
# always says "the gallery is topped up to N of each privilege", even when it is not.
def test_phase_event_reports_the_refill_actually_made():
    s = table(players=5)
    s.phase, s.pending_phase = 2, 3
    s.gallery = dict.fromkeys(s.gallery, 0)
    s.privilege_supply = dict.fromkeys(s.gallery, 1)       # only 1 token of each type left
    s = ready(s, A, "workers")
    after, events = play(s, A, "workers skip")
    assert after.phase == 3 and set(after.gallery.values()) == {1}
    text = next(e.text for e in events if e.kind == "phase")
    assert "topped up to 3" not in text


# --- Checked and correct: the contrast case for deviation 1 --------------------------------


def test_card_is_still_usable_after_a_plain_rondel_move_is_declined():
    # Not using the card (just moving the stone) keeps it: the deadline is one full lap.
    s = ready(put_ships(table(), A, POR=2), A, "workers")
    s.card.holder, s.card.mark, s.card.steps = A, s.sheets[A].stone, 0
    after, _ = play(s, A, "workers skip")
    assert after.card.holder == A and after.card.steps == 1

