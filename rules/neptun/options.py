"""The readings the seed leaves open, chosen per game.

``data/neptun/game.toml`` holds each switch's default; a lobby variant (see
``data/neptun/texts.toml``) may override it for one game through the setup options, which
the state keeps, so a replay plays by the same reading.
"""

from __future__ import annotations

from typing import Any

from rules.neptun.data import load_data


def _defaults() -> dict[str, Any]:
    data = load_data()
    return {
        "refusal_closes": data.draft.refusal_closes,
        "turn5": data.wind.turn5,
        "keep_leftover": data.draft.keep_leftover_between_rounds,
        "max_per_turn": data.fulfil.max_per_turn,
    }


SWITCHES = tuple(_defaults())
ALLOWED: dict[str, tuple[Any, ...]] = {
    "refusal_closes": ("choice", "round"),
    "turn5": ("ignore", "apply_before_extra", "apply_after_extra"),
    "keep_leftover": (True, False),
    "max_per_turn": (1, 2, 3, 4, 5),
}


def switch(state: Any, key: str) -> Any:
    """The value of one switch in this game: its setup option, else the data default."""
    value = state.options.get(key)
    return _defaults()[key] if value is None else value


def check_options(options: dict[str, Any]) -> None:
    """Refuse an option the game does not know, or a value it cannot take."""
    for key, value in options.items():
        if key == "variant":
            continue
        if key not in ALLOWED:
            raise ValueError(f"Neptun has no option {key[:30]!r}")
        if value not in ALLOWED[key]:
            raise ValueError(f"Neptun option {key} cannot be {str(value)[:30]!r}")
