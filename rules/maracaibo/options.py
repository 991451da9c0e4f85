"""Rule switches: every reading the sources leave open is a value in ``data/maracaibo``
(``[rules]``), and a table may override it (a lobby variant, or a test) through the
options given to ``setup`` — kept in the state, so a replay reads the same."""

from __future__ import annotations

from typing import Any

from rules.errors import InvalidMoveError
from rules.maracaibo.data import Rules, load_data

SWITCHES = ("village_coin_requires_discard", "figures_for_cp_from", "explorer_quests_count",
            "red_line_mode", "multiplier_reading", "dominance_dense", "dominance_needs_markers",
            "most_influence_needs_some", "tie_break")


def switch(state: Any, key: str) -> Any:
    options = state.options
    return options[key] if key in options else getattr(load_data().rules, key)


def checked(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options a table is set up with, validated against the data's types."""
    options = dict(options or {})
    unknown = [k for k in options if k not in SWITCHES and k != "variant"]
    if unknown:
        raise InvalidMoveError(f"Maracaibo has no option {unknown[0]!r}; its switches: "
                               + ", ".join(SWITCHES) + ".")
    base = load_data().rules.model_dump()
    try:
        Rules.model_validate({**base, **{k: v for k, v in options.items() if k in SWITCHES}})
    except ValueError as exc:
        raise InvalidMoveError(f"A Maracaibo option has a value it cannot take: {exc}") from exc
    return options
