"""Navegador as a phone player sees it: the turn panels' buttons and menus, and the
prompts beside them — every choice worth pressing, in words a new player reads."""

from __future__ import annotations

from bot.table.panels import Panels
from tests.navegador_helpers import C, G, explore_all, put_ships, ready, table
from tests.panel_support import table_of


def panel_text(state, seat: int) -> str:
    return Panels().for_seat(table_of("navegador", state), seat).describe()


def test_the_card_is_offered_only_when_a_ship_of_the_holders_can_sail():
    """Played with no ship to sail, the card is only passed on: no button for it, and
    the prompt and /hand do not advertise a sail the holder cannot make."""
    s = put_ships(ready(table(), C, "workers"), C)          # C holds the card, no ships
    assert "Navegador card" not in panel_text(s, C).split("\n", 1)[1]
    said = G.prompt(s, C)
    assert "extra Sail" not in said and "POR>GUI" not in said, said
    assert "none can now" in said, said
    note = G.private_text(s, C)
    assert "POR>GUI" not in note and "none can now" in note, note

    s = put_ships(ready(table(), C, "workers"), C, POR=2)
    assert "[Navegador card (extra Sail)]" in panel_text(s, C)
    assert "`/navegador-card POR>" in G.prompt(s, C)


def test_the_kings_privilege_buttons_say_what_each_column_is_worth_best_first():
    s = table()
    s.step = "king"
    sheet = s.sheets[C]
    sheet.shipyards, sheet.churches = 3, 1
    text = panel_text(s, C)
    assert "[king shipyard +6 VP]" in text and "[king church +2 VP]" in text, text
    labels = text.split("[")[1:]
    assert labels[0].startswith("king shipyard +6 VP"), text


def test_market_buttons_count_the_goods_processed_not_the_orange_factorys_notation():
    """'process sugar+orange+spice' and 'process sugar+spice+orange' read alike: the
    labels say how many of each good are processed, the orange factory's included."""
    from tests.navegador_helpers import A

    s = ready(table(), A, "market1")
    s.sheets[A].factories["sugar"] = 1                      # + the orange factory
    text = panel_text(s, A)
    assert "orange" not in text, text
    for label in ("[market1 process 2 sugar]", "[market1 process 1 sugar+1 spice]",
                  "[market1 process 1 spice]"):
        assert label in text, text


def test_a_paid_rondel_move_says_how_many_ships_and_from_where_in_words():
    from bot.table.panels import Panels
    from tests.navegador_helpers import A, explore_all

    s = put_ships(explore_all(table(), "GUI", "BAH"), A, POR=1, GUI=2, BAH=1)
    s = ready(s, A, "market1", 5)                           # Sail is 6 spaces on
    table_ = table_of("navegador", s)
    root = Panels().offer(table_, A).root
    sail = next(i for i, item in enumerate(root.items) if item.label == "sail")
    text = Panels().for_seat(table_, A, (sail,)).describe()
    assert "[pay 3 ships (Bahia, Guiné ×2)]" in text, text
    assert "BAH" not in text and " x2" not in text, text


def test_colony_buttons_name_the_regions_as_the_sail_buttons_do():
    from bot.table.panels import Panels
    from tests.navegador_helpers import A, explore_all

    s = put_ships(explore_all(table(), "GUI", "BAH"), A, GUI=2, BAH=1)
    s = ready(s, A, "colony", 1)
    s.sheets[A].workers = 6
    text = Panels().for_seat(table_of("navegador", s), A, (0,)).describe()
    assert "colony ›" in text
    for label in ("[Guiné]", "[Guiné ×2]", "[Bahia, Guiné ×2]"):
        assert label in text, text
    assert "GUI" not in text and "BAH" not in text, text


def test_a_sail_button_into_an_unexplored_region_says_it_explores():
    """Exploring loses ships: the button says so, and ships from two regions count as
    '×1 + ×2' after the place names, not in region codes."""
    from tests.navegador_helpers import A, explore_all, play

    s = put_ships(explore_all(table(), "GUI", "BAH", "ANG", "RIO"), A, ANG=2, RIO=2)
    s = ready(s, A, "sail", 1)
    s.phase = 2
    s, _ = play(s, A, "sail")
    text = panel_text(s, A)
    assert "[Angola → Guiné ×1]" in text, text
    assert "[Angola → Cabo da Boa Esperança (explore) ×2]" in text, text
    assert ("[Angola + Rio de Janeiro → Cabo da Boa Esperança (explore) ×1 + ×2]"
            in text), text
    assert "ANG" not in text.split("\n", 1)[1], text


def test_hand_lists_the_orange_factory_beside_the_others_not_after_none():
    from tests.navegador_helpers import A

    s = table()
    assert "🏭 factories orange 1 ·" in G.private_text(s, A)
    s.sheets[A].factories["sugar"] = 2
    assert "🏭 factories sugar 2, orange 1 ·" in G.private_text(s, A)


def test_sail_skip_says_no_ship_sails_as_build_skip_says_no_action():
    from tests.navegador_helpers import A

    s = ready(table(), A, "sail", 1)
    assert G.describe(s, A, G.parse(s, A, "sail skip")) == "sail skip — to Sail, free; no sail"
    assert G.describe(s, A, G.parse(s, A, "build skip")).endswith("; no action")


def test_sail_with_no_ship_able_to_sail_is_one_press_named_skip():
    """Pressing 'sail' led to a panel of only [done]: with no ship at sea, the
    button says 'sail skip' and plays the whole turn."""
    from tests.navegador_helpers import A

    s = put_ships(ready(table(), A, "sail", 1), A)
    text = panel_text(s, A)
    assert "[sail skip]" in text and "[sail]" not in text, text
    s = put_ships(ready(table(), A, "sail", 1), A, POR=2)
    assert "[sail]" in panel_text(s, A)


def test_a_payment_from_far_regions_fits_its_button():
    """Three ships paid from three long-named regions: the button keeps its whole label
    (codes then, not names cut at 80 characters)."""
    from bot.table.panels import Panels
    from tests.navegador_helpers import A, explore_all

    s = put_ships(explore_all(table(), "GUI", "BAH", "ANG", "RIO", "CAB"), A,
                  ANG=1, CAB=1, RIO=1)
    s = ready(s, A, "market1", 6)                    # 6 spaces: 3 ships to pay
    s.sheets[A].factories["sugar"] = 1
    table_ = table_of("navegador", s)
    root = Panels().offer(table_, A).root
    market = next(i for i, item in enumerate(root.items) if item.label == "market1")
    text = Panels().for_seat(table_, A, (market,)).describe()
    assert "…" not in text, text
    assert "[pay 3 ships (ANG, CAB, RIO) process 1 sugar+1 spice]" in text, text


def test_a_menu_option_description_keeps_the_money_when_it_is_long():
    """'… pay 4 ships; +150…' cut the income: the notation is shortened instead, on a
    menu option and in autocomplete."""
    from bot.table.panels import Menu, Panels
    from bot.table.suggest import suggest
    from tests.navegador_helpers import A, explore_all
    from tests.test_panels import every_node

    s = explore_all(table(), "GUI", "BAH", "ANG", "RIO", "CAB", "MOC", "IND", "CEI",
                    "MAL", "TIM", "MAC")
    s = ready(put_ships(s, A, ANG=1, CEI=1, MAC=1, MOC=1), A, "market1", 7)
    sheet = s.sheets[A]
    sheet.factories.update(sugar=1, gold=1, spice=1)
    sheet.colonies["gold"], sheet.colonies["spice"] = [60], [60]
    s.phase = 3
    table_ = table_of("navegador", s)
    panels = Panels()
    descriptions = [o.description for position in every_node(panels.offer(table_, A).root)
                    for row in panels.for_seat(table_, A, position).rows
                    if isinstance(row, Menu) for o in row.options]
    long = [d for d in descriptions if "pay 4 ships" in d]
    assert long and all(d.endswith(" Cr") or d.endswith("no action") for d in long), long

    labels = [label for _, label in suggest(G, s, A, G.verb("market"), "market1 sell")]
    assert labels and all(len(x) <= 100 and x.endswith(" Cr") for x in labels), labels


def test_the_card_holder_out_of_turn_is_not_told_to_choose_a_rondel_action():
    """With the card playable at anyone's turn, the holder's own panel offers only the
    card: its heading says so, not 'choose a rondel action'."""
    from tests.navegador_helpers import A

    s = put_ships(table(), C, POR=2)
    s.options = {"navegador_card_anytime": True}
    assert s.current == A and C in G.to_act(s)
    text = panel_text(s, C)
    assert "rondel" not in text and "before P1 moves (`/navegador-card POR>" in text, text
    put_ships(s, C)
    assert "none of your ships can sail now" in G.prompt(s, C)


def test_buttons_for_units_buildings_and_privileges_say_what_they_cost_or_bring():
    """A button has no description line: '2 · 100 Cr', 'church · +30 Cr' on the label, with
    the same amounts autocomplete gives ('workers 2 — 100 Cr')."""
    seen = set()
    for key in ("workers", "build", "privilege"):
        s = ready(table(), C, key)
        s.sheets[C].cash = 1000
        for choice in G.choices(s, C):
            space, *rest = choice.path
            if space != key or rest == ["skip"]:
                continue
            label = rest[-1]
            assert " · " in label, choice.path
            amount = label.split(" · ")[1]
            described = G.describe(s, C, choice.move)
            assert amount in described, (choice.path, described)   # the Cr autocomplete says
            seen.add(space)
    assert seen == {"workers", "build", "privilege"}, seen


def test_a_leg_after_which_no_ship_can_sail_on_ends_the_sail_in_the_same_press():
    """An exploration (or the last ship's last leg) left a panel of only [done]: the
    button says it ends the sail and plays the leg and `done` together; a leg after
    which a ship can still sail stays a leg, so the player can go on."""
    from tests.navegador_helpers import A

    s = put_ships(ready(table(), A, "sail", 1), A, POR=2)
    s, _ = G.play(s, A, "sail")
    text = panel_text(s, A)
    assert "[Portugal → Guiné (explore) ×2 · ends the sail]" in text, text
    press = next(c.move for c in G.choices(s, A) if "Guiné" in c.path[1])
    assert G.describe(s, A, press).endswith("lose 1 ship; end the sail")
    assert str(press) == "POR>GUI x2, done" and G.parse(s, A, str(press)) == press
    after, _ = G.apply(s, A, press)
    assert after.current != A and after.sail is None
    assert after.sheets[A].ships == {"GUI": 1}

    s = put_ships(ready(explore_all(table(), "GUI", "BAH"), A, "sail", 1), A, POR=3)
    s, _ = G.play(s, A, "sail")
    text = panel_text(s, A)
    assert "[Portugal → Guiné ×1]" in text and "[Portugal → Guiné ×3 · ends the sail]" in text
    one = next(c.move for c in G.choices(s, A) if c.path[-1] == "×1")
    after, _ = G.apply(s, A, one)
    assert after.current == A and after.step == "sail"


def test_a_worker_or_ship_sold_back_at_a_profit_is_offered():
    """Hiring past the cap at 50 Cr and selling back for 100 is an income the seeds name:
    JP 「架空労働者はフェイズⅠでは1人あたり差し引き50クルザードの利益になります」 (a virtual
    worker is a net profit of 50 Cr each) and CN 「付完錢後，立刻賣到銀行獲得100元。亦即淨利為
    每名工人50元」 (pay, then sell to the bank at once for 100: a net 50 per worker). The panel
    and autocomplete offer it, saying what comes back; one bought at 100 Cr or more only to be
    sold for 100 stays hidden."""
    s = ready(table(), C, "workers")
    sheet = s.sheets[C]
    sheet.workers, sheet.churches, sheet.cash = 9, 2, 1000
    offered = {str(c.move): c.path for c in G.choices(s, C) if c.path[0] == "workers"}
    assert offered["workers 1"][-1] == "1 · 50 Cr, 1 sold back for 100 Cr", offered
    assert "workers 2" in offered and "workers 3" not in offered, offered  # 3rd costs 100
    suggested = [str(m) for m in G.suggestions(s, C, G.verb("hire"))]
    assert "workers 2" in suggested and "workers 3" not in suggested, suggested

    s = ready(table(), C, "ships")
    put_ships(s, C, POR=7)
    s.sheets[C].cash = 1000
    offered = {str(c.move) for c in G.choices(s, C) if c.path[0] == "ships"}
    assert "ships 1" in offered and "ships 2" not in offered, offered   # 1 shipyard
