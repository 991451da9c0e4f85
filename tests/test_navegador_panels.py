"""Navegador as a phone player sees it: the turn panels' buttons and menus, and the
prompts beside them — every choice worth pressing, in words a new player reads."""

from __future__ import annotations

from bot.table.panels import Panels
from tests.navegador_helpers import C, G, put_ships, ready, table
from tests.panel_support import table_of


def panel_text(state, seat: int) -> str:
    return Panels().for_seat(table_of("navegador", state), seat).describe()


def test_the_card_is_offered_only_when_a_ship_of_the_holders_can_sail():
    """Played with no ship to sail, the card is only passed on: no button for it, and
    the prompt and /hand do not advertise a sail the holder cannot make."""
    s = put_ships(ready(table(), C, "workers"), C)          # C holds the card, no ships
    assert "[card]" not in panel_text(s, C)
    said = G.prompt(s, C)
    assert "extra Sail" not in said and "POR>GUI" not in said, said
    assert "none can now" in said, said
    note = G.private_text(s, C)
    assert "POR>GUI" not in note and "none can now" in note, note

    s = put_ships(ready(table(), C, "workers"), C, POR=2)
    assert "[card]" in panel_text(s, C)
    assert "`/navegador-card POR>" in G.prompt(s, C)
