"""One line on what a move costs or does (autocomplete labels), and the table summary."""

from __future__ import annotations

from rules.chat import load_texts
from rules.contract import Move
from rules.vasco import actions
from rules.vasco.board import action_cost, char_name, plural, reales
from rules.vasco.chat import progress, prompt
from rules.vasco.data import load_data
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
    Turn,
)
from rules.vasco.scoring import result
from rules.vasco.ships import bonus_paid
from rules.vasco.state import VascoState
from rules.vasco.turn import actor


def tile_text(tile: str) -> str:
    """A project as labels name it: 'I-12 str 7 crew 3 1VP'."""
    return f"{tile} {_tile_values(tile)}"


def _tile_values(tile: str) -> str:
    """A project's printed values: 'str 3 crew 2 1VP 2$'."""
    t = load_data().tiles[tile]
    income = " ".join(x for x in (f"{t.vp}VP" if t.vp else "", f"{t.coins}$" if t.coins else "")
                      if x)
    return f"str {t.strength} crew {t.crew}" + (f" {income}" if income else "")


def _bonus(state: VascoState, landing: str, bonus: Bonus | None, paid: bool = True) -> str:
    """' +2 Reales', ' +project I-12', …; nothing for a ship that takes no bonus (``paid``
    False: a further ship of an expedition with `bonus-once`)."""
    info = load_data().landing_of[landing]
    if not paid:
        return ""
    if bonus is None:
        if info.bonus == "coins":
            return f" +{reales(info.bonus_coins)}"
        if info.bonus == "captain":
            return " +captain"
        return ""
    if bonus.kind == "project":
        tile = state.display[bonus.index - 1]
        return f" +project {tile}" if tile else ""
    if bonus.kind == "bag":
        return " +blind sailor"
    return f" +{bonus.colour} sailor"


def _send_gain(state: VascoState, move: Send, sent_before: bool = False) -> str:
    """'+6 VP +captain': what a ship sent scores and brings (``sent_before``: a ship of the
    same move went first, which may leave this one without the bonus)."""
    info = load_data().landing_of[move.landing]
    paid = bonus_paid(state, sent_before)
    return f"+{info.slots[move.slot - 1]} VP{_bonus(state, move.landing, move.bonus, paid)}"


def _send_text(move: Send, gain: str) -> str:
    """'Mombasa 4: +5 VP +2 Reales'."""
    return f"{load_data().landing_of[move.landing].name} {move.slot}: {gain}"


def _effect(state: VascoState, seat: int, move: Move) -> str:
    data = load_data()
    if isinstance(move, Turn):
        # launching and sending at once: the send says what counts (its VP and bonus),
        # and the notation already names the ship, which the label has no room to repeat
        # (nor the landing, which the notation names too): '— +6 VP +captain'
        sending = any(isinstance(s, Send) for s in move.steps)
        launching = any(isinstance(s, Launch) for s in move.steps)
        parts: list[str] = []
        sent = False
        for s in move.steps:
            if isinstance(s, Done) or (sending and isinstance(s, Launch)):
                continue
            if isinstance(s, Send):
                gain = _send_gain(state, s, sent)
                parts.append(gain if launching else _send_text(s, gain))
                sent = True
            else:
                parts.append(_effect(state, seat, s))
        return "; ".join(p for p in parts if p)
    if isinstance(move, Place):
        if move.number > data.numbers.regular[1]:
            return f"extra disc on {data.area_of[move.area].name}, no pass coins"
        gap = max(0, state.free - move.number)
        cost = f"costs {gap} now" if gap else "free now"
        return (f"{data.area_of[move.area].name}: {cost} (marker {state.free}, moves −3…+3), "
                f"pass +{data.pass_coins(move.number)}")
    if isinstance(move, Pass):
        if state.phase == "place":
            return "keep the extra disc back this round"
        return f"take {reales(data.pass_coins(state.called))}"
    cost = action_cost(state, state.called) if state.phase == "act" else 0
    # labels are cut at 100 characters on Discord: say what the notation does not
    extra = f" +{cost} to act" if cost else ""
    if isinstance(move, Hire):
        if not move.sailors and not move.captain:
            return f"hire nobody (a pass would pay {data.pass_coins(state.called)})"
        # the notation lists the sailors; the label says where the price comes from
        rules = data.recruit
        colours = len(set(move.sailors))
        parts = [f"{plural(colours, 'colour')} {rules.colour_cost[colours]}"] \
            if move.sailors else []
        if move.captain:
            parts.append(f"captain {rules.captain_cost_per_sailor * len(move.sailors)}")
        return f"{reales(actions.hire_price(move))}{extra} ({', '.join(parts)})"
    if isinstance(move, Buy):
        if move.san_gabriel and state.san_gabriel:
            return f"San Gabriel {tile_text(state.san_gabriel)}, launched: " \
                   f"{reales(actions.buy_price(state, move))}{extra}"
        tiles = ", ".join(tile_text(t) for p in move.tiles if (t := state.display[p - 1]))
        return f"{tiles}: {reales(actions.buy_price(state, move))}{extra}"
    if isinstance(move, Coins):
        return f"+{reales(state.coin_spaces[move.space - 1])}{extra}"
    if isinstance(move, Character):
        name = char_name(move.who)
        if move.who == "bartolomeu":
            return f"{name}: +{data.characters.bartolomeu_vp} VP, start player{extra}"
        if move.who == "francisco":
            return f"{name}: +1 missionary{extra}"
        if move.who == "manuel" and move.number:
            return f"{name}: extra disc with {move.number} on {move.area}-{move.slot}{extra}"
        if move.who == "sernigi" and move.later:
            return f"{name}: merchant ship at the start of phase 3{extra}"
        if move.who == "sernigi" and move.landing:
            return f"merchant ship, no VP{_bonus(state, move.landing, move.bonus)}{extra}"
        return f"take the {name} tile{extra}"
    if isinstance(move, Send):
        return _send_text(move, _send_gain(state, move))
    if isinstance(move, Merchant):
        info = data.landing_of[move.landing]
        return f"merchant to {info.name} {move.slot} (no VP)" \
               f"{_bonus(state, move.landing, move.bonus)}"
    if isinstance(move, Launch):
        return f"becomes a ship: {_tile_values(move.tile)}"     # the notation names it
    if isinstance(move, Done):
        return "end the expedition"
    return ""


def describe_move(state: VascoState, seat: int, move: Move) -> str:
    text = _effect(state, seat, move)
    return f"{move} — {text}" if text else str(move)


def summary(state: VascoState) -> str:
    data = load_data()
    lines = [f"Vasco da Gama — {progress(state)}."]
    lines += [f"Variant `{v.key}`: {v.description}." for v in load_texts("vasco").variants
              if v.options and all(state.options.get(k) == x for k, x in v.options.items())]
    seat = actor(state)
    if state.phase == "over":
        lines.append("Game over.")
    elif seat is not None:
        lines.append(f"Next: seat {seat + 1} — {prompt(state, seat)}.")
    if state.phase in ("place", "act"):
        lines.append(f"Free-action marker on {state.free}; coin spaces "
                     f"{' and '.join(str(c) for c in state.coin_spaces)}.")
    scores = result(state)
    for s, p in enumerate(state.seats):
        chars = ", ".join(char_name(c) for c in data.characters.order
                          if state.holders.get(c) == s)
        sailors = sum(p.sailors.values())
        score = "" if state.phase == "over" else f" ({scores.scores[s]} if it ended now)"
        lines.append(
            f"Seat {s + 1}: {p.vp} VP{score}, {reales(p.coins)}, "
            f"{plural(sailors, 'sailor')}, {plural(p.missionaries, 'missionary', 'missionaries')}"
            f", {plural(p.captains, 'captain')}, {plural(len(p.projects), 'project')}, "
            f"{plural(len(p.ships), 'ship')} in hand" + (f"; {chars}" if chars else ""))
    return "\n".join(lines)
