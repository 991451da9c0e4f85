"""What a click panel offers (``Game.choices``): every legal decision, labelled in words a
new player reads on a phone — what a number costs, what a hire or a project costs, which
character does what, where a ship goes and what it scores — rather than the notation.

The first label of a path groups (the panel narrows by it): "hire", "buy", a character,
a ship, a landing. An expedition that can take no second ship ends with its one ship, so
a lone ship is sent in one press instead of a send and a `done`."""

from __future__ import annotations

from collections import Counter

from rules.contract import Choice
from rules.vasco import actions
from rules.vasco.board import char_name, reales
from rules.vasco.data import load_data
from rules.vasco.describe import tile_text
from rules.vasco.legal import legal_moves
from rules.vasco.moves import (
    Bonus,
    Buy,
    Character,
    Coins,
    Done,
    Hire,
    Launch,
    Merchant,
    Pass,
    Place,
    Send,
    Step,
    Turn,
)
from rules.vasco.ships import bonus_paid
from rules.vasco.state import VascoState

MENU_HIRES = 75     # three menus of 25 beside the pass button: one press; more by section


def _number(state: VascoState, n: int) -> str:
    """'7 (costs 5 now)', '14 (free now)', '21 (extra disc)'."""
    if n > load_data().numbers.regular[1]:
        return f"{n} (extra disc)"
    gap = max(0, state.free - n)
    return f"{n} (costs {gap} now)" if gap else f"{n} (free now)"


def _bonus(state: VascoState, bonus: Bonus | None, landing: str, paid: bool = True) -> str:
    """' + project 4: I-12 str 7 crew 3', ' + grey sailor (section 2)', ' + 1 captain';
    nothing for a ship that takes no bonus (``paid`` False: `bonus-once`, a second ship)."""
    info = load_data().landing_of[landing]
    if not paid:
        return ""
    if bonus is None:
        if info.bonus == "coins":
            return f" + {reales(info.bonus_coins)}"
        return " + 1 captain" if info.bonus == "captain" else ""
    if bonus.kind == "project":
        tile = state.display[bonus.index - 1]
        return f" + project {bonus.index}: {tile_text(tile)}" if tile else ""
    if bonus.kind == "bag":
        return " + a sailor from the bag"
    return f" + {bonus.colour} sailor (section {bonus.index})"


def _slot(state: VascoState, landing: str, slot: int, bonus: Bonus | None,
          vp: bool = True, paid: bool = True) -> str:
    """'slot 2 (3 VP) + project 4: I-12 str 7 crew 3'; a merchant ship scores nothing:
    'slot 2 + project 4: I-12 str 7 crew 3'."""
    score = f" ({load_data().landing_of[landing].slots[slot - 1]} VP)" if vp else ""
    return f"slot {slot}{score}{_bonus(state, bonus, landing, paid)}"


def _landing(landing: str) -> str:
    return load_data().landing_of[landing].name


def _ship(tile: str) -> str:
    return f"ship {tile}"      # only the slots its strength reaches are offered


def _crew(sailors: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {c}" for c, n in Counter(sailors).items())


def _hire(move: Hire, by_section: bool) -> tuple[str, ...]:
    """('hire', 'section 2: 1 violet + captain · 2 Reales'); with more than fit three
    menus, by section: ('hire from section 2', '1 violet + captain · 2 Reales')."""
    price = reales(actions.hire_price(move))
    if not move.sailors:
        what = "a captain only (free)" if move.captain else "nobody (counts as acting)"
        return (f"hire {what}",) if by_section else ("hire", what)
    crew = f"{_crew(move.sailors)}{' + captain' if move.captain else ''} · {price}"
    if by_section:
        return (f"hire from section {move.section}", crew)
    return ("hire", f"section {move.section}: {crew}")


def _buy(state: VascoState, move: Buy) -> str:
    price = reales(actions.buy_price(state, move))
    if move.san_gabriel and state.san_gabriel:
        return f"San Gabriel {tile_text(state.san_gabriel)}, already launched · {price}"
    tiles = [(p, t) for p in move.tiles if (t := state.display[p - 1])]
    if len(tiles) == 1:
        return f"project {tiles[0][0]}: {tile_text(tiles[0][1])} · {price}"
    # two projects: each is described on its own button beside this one
    return (f"projects {' + '.join(str(p) for p, _ in tiles)} "
            f"({', '.join(t for _, t in tiles)}) · {price}")


def _character(state: VascoState, move: Coins | Character) -> tuple[str, ...]:
    data = load_data()
    if isinstance(move, Coins):
        return (f"coin space {move.space}: take {reales(state.coin_spaces[move.space - 1])}",)
    name = char_name(move.who)
    if move.who == "bartolomeu":
        return (f"{name}: +{data.characters.bartolomeu_vp} VP, start player",)
    if move.who == "francisco":
        return (f"{name}: +1 missionary",)
    if move.who == "manuel":
        if not move.number:
            return (f"{name}: take the tile",)
        return (f"{name}: extra disc now", f"{move.number} on {move.area}-{move.slot}")
    short = name.split()[-1]       # 'Sernigi': the whole label fits a button
    if move.later:
        return (f"{short}: merchant in phase 3",)
    return (f"{short}: merchant now", _landing(move.landing),
            _slot(state, move.landing, move.slot, move.bonus, vp=False))


def _launch(move: Launch) -> tuple[str, str]:
    t = load_data().tiles[move.tile]
    return (f"launch {move.tile} (str {t.strength}, crew {t.crew})",
            "using " + " ".join(move.colours))


def _last_ship(state: VascoState, seat: int) -> bool:
    """After one more ship, can this expedition take no other?"""
    player = state.seats[seat]
    return len(player.ships) <= 1 or player.captains <= 1


def choices(state: VascoState, seat: int) -> list[Choice]:
    out: list[Choice] = []
    legal = legal_moves(state, seat)
    by_section = sum(isinstance(m, Hire) for m in legal) > MENU_HIRES
    for move in legal:
        path = _path(state, seat, move, by_section)
        if isinstance(move, Send) and _last_ship(state, seat):
            out.append(Choice(path, Turn(steps=(move, Done()))))
        else:
            out.append(Choice(path, move))
    return out


def _path(state: VascoState, seat: int, move: Step, by_section: bool) -> tuple[str, ...]:
    data = load_data()
    if isinstance(move, Place):
        return (_number(state, move.number), f"on {move.area}-{move.slot}")
    if isinstance(move, Pass):
        if state.phase == "place":
            return ("keep the extra disc back this round",)
        gain = data.pass_coins(state.called)
        return (f"pass: take {reales(gain)}" if gain else "pass (no Reales)",)
    if isinstance(move, Hire):
        return _hire(move, by_section)
    if isinstance(move, Buy):
        return ("buy", _buy(state, move))
    if isinstance(move, (Coins, Character)):
        return _character(state, move)
    if isinstance(move, Send):
        return (_ship(move.ship), f"{_landing(move.landing)} "
                f"{_slot(state, move.landing, move.slot, move.bonus, paid=bonus_paid(state))}")
    if isinstance(move, Merchant):
        return (f"merchant ship to {_landing(move.landing)}",
                _slot(state, move.landing, move.slot, move.bonus, vp=False))
    if isinstance(move, Done):
        return ("end the expedition",)
    if isinstance(move, Launch):
        return _launch(move)
    return (str(move),)
