"""The readings the seeds disagree on (spec §9), chosen per game.

``data/navegador/game.toml`` holds each switch's default; a lobby variant (see
``data/navegador/texts.toml``) may override it for one game through the setup options,
which the state keeps, so a replay plays by the same reading.
"""

from __future__ import annotations

from typing import Any

from rules.navegador.data import load_data


def _defaults() -> dict[str, bool]:
    data = load_data()
    return {
        "navegador_card_anytime": data.navegador_card.anytime,
        "end_any_row_empty": data.end.any_row_empty,
        "market_all_dedicated_factories_process": data.market.all_dedicated_factories_process,
    }


SWITCHES = tuple(_defaults())


def switch(state: Any, key: str) -> bool:
    """The value of one switch in this game: its setup option, else the data default."""
    value = state.options.get(key)
    return bool(_defaults()[key] if value is None else value)
