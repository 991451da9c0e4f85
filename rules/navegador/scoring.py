"""Final scoring (spec §8.4) and the tie-break (§8.5)."""

from __future__ import annotations

from rules.contract import GameResult
from rules.navegador.data import load_data
from rules.navegador.state import NavegadorState, PlayerSheet

CATEGORIES = ("colony", "factory", "explorer", "shipyard", "church", "workers", "ships", "cash")


def achievements(sheet: PlayerSheet, column: str) -> int:
    """The count a privilege column multiplies: colonies, factories, disks, ..."""
    return {
        "colony": sheet.colony_count(),
        "factory": sheet.factory_count,
        "explorer": sheet.explorers,
        "shipyard": sheet.shipyards,
        "church": sheet.churches,
    }[column]


def vp_per_achievement(sheet: PlayerSheet, column: str, king: str | None = None) -> int:
    col = load_data().column(column)
    placed = sheet.king if king is None else king
    return col.base_vp + sheet.privileges[column] * col.token_vp + (
        col.king_vp if placed == column else 0
    )


def breakdown(sheet: PlayerSheet) -> dict[str, int]:
    data = load_data()
    parts = {
        col.key: achievements(sheet, col.key) * vp_per_achievement(sheet, col.key)
        for col in data.privileges
    }
    parts["workers"] = sheet.workers * data.scoring.vp_per_worker
    parts["ships"] = sheet.ships_on_board * data.scoring.vp_per_ship_on_board
    parts["cash"] = sheet.cash // data.scoring.cash_per_vp
    parts["total"] = sum(parts.values())
    return parts


def king_gain(sheet: PlayerSheet, column: str) -> int:
    """VP the King's privilege would add in ``column``."""
    return achievements(sheet, column) * load_data().column(column).king_vp


def free_slots(sheet: PlayerSheet, column: str) -> int:
    used = sheet.privileges[column] + (1 if sheet.king == column else 0)
    return load_data().privilege_rules.slots_per_column - used


def tie_break_order(state: NavegadorState) -> list[int]:
    """The card holder, then who would receive the card next (it passes to the right)."""
    n = state.players
    return [(state.card.holder - i) % n for i in range(n)]


def final_result(state: NavegadorState) -> GameResult:
    parts = [breakdown(sheet) for sheet in state.sheets]
    scores = [p["total"] for p in parts]
    order = tie_break_order(state)
    ranking = sorted(range(state.players), key=lambda s: (-scores[s], order.index(s)))
    tied = [s for s in ranking if scores[s] == scores[ranking[0]]]
    note = ""
    if len(tied) > 1:
        note = (
            f"Tie on {scores[ranking[0]]} VP broken by the Navegador card: "
            f"seat {ranking[0] + 1} holds it or would receive it first."
        )
    return GameResult(scores=scores, ranking=ranking, breakdown=parts, tie_break=note)
