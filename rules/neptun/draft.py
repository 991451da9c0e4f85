"""Phase 1 — taking contracts (spec §3.1), five drafting turns per round.

The display holds N+1 columns; face-up ones always lie left of face-down ones. In turn
order each player either takes a face-up column or turns over the leftmost face-down one,
then takes it or turns over the next (refusing the one before), and must take the
rightmost one once it is turned over. A taken contract goes into an empty chart slot, its
oar card into the hand, and the player's marker onto the oar track at the card's power
(on top of any marker there). When everyone has taken one, the oar track sets the new
turn order (lowest first, top of a stack first) and the left-over column slides to
column 1 — with 1 gold on it if it lies face up.
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.neptun.cards import contract_text, draw
from rules.neptun.data import load_data
from rules.neptun.moves import Flip, Take
from rules.neptun.options import switch
from rules.neptun.state import Column, NeptunState, OarCard, Slot


def refill(state: NeptunState) -> None:
    """Top the display up to N+1 columns, face down, drawing city, goods and oar cards."""
    width = state.players + 1
    state.display += [None] * (width - len(state.display))
    for i, column in enumerate(state.display):
        if column is None:
            city = draw(state, "city")
            goods = draw(state, "goods")
            oar = draw(state, "oar")
            assert isinstance(city, str) and isinstance(goods, str)
            assert isinstance(oar, OarCard)
            state.display[i] = Column(city=city, goods=goods, oar=oar)


def drafter(state: NeptunState) -> int:
    return state.order[state.actor]


def face_down_left(state: NeptunState) -> int | None:
    """The leftmost face-down column (0-based), if any."""
    return next((i for i, c in enumerate(state.display) if c and not c.face_up), None)


def takeable(state: NeptunState, seat: int) -> list[int]:
    """Columns (0-based) the seat may take now."""
    if state.revealing is not None:
        return [state.revealing]
    up = [i for i, c in enumerate(state.display) if c and c.face_up]
    if switch(state, "refusal_closes") == "round":
        open_to_me = [i for i in up if seat not in state.display[i].refused_by]  # type: ignore[union-attr]
        # Never a dead end: with nothing else left, a refused contract must be taken.
        if open_to_me or face_down_left(state) is not None:
            return open_to_me
    return up


def empty_slots(state: NeptunState, seat: int) -> list[int]:
    return [i for i, s in enumerate(state.seats[seat].chart) if s is None]


def legal(state: NeptunState, seat: int) -> list[Flip | Take]:
    moves: list[Flip | Take] = []
    if face_down_left(state) is not None:
        moves.append(Flip())
    for col in takeable(state, seat):
        moves += [Take(column=col + 1, slot=s + 1) for s in empty_slots(state, seat)]
    return moves


def flip(state: NeptunState, seat: int) -> list[Event]:
    nxt = face_down_left(state)
    if nxt is None and state.revealing is not None:
        raise IllegalMoveError(f"Contract {state.revealing + 1} was the last one to turn "
                               f"over, so you must take it: `take {state.revealing + 1}`.")
    if nxt is None:
        raise IllegalMoveError("Every contract is face up: take one of them, e.g. "
                               f"`take {takeable(state, seat)[0] + 1}`.")
    if state.revealing is not None:
        refused = state.display[state.revealing]
        assert refused is not None
        refused.refused_by.append(seat)
    column = state.display[nxt]
    assert column is not None
    column.face_up = True
    state.revealing = nxt
    last = face_down_left(state) is None
    text = (f"turned over contract {nxt + 1}: {contract_text(column.city, column.goods)}, "
            f"oar card {column.oar.value}")
    if last:
        text += " — the last one, which must be taken"
    return [Event(kind="flip", seat=seat, text=text, reveals=True,
                  data={"column": nxt + 1})]


def take(state: NeptunState, seat: int, move: Take) -> list[Event]:
    width = len(state.display)
    if not 1 <= move.column <= width:
        raise IllegalMoveError(f"There is no contract in column {move.column}; the display "
                               f"has columns 1-{width}.")
    if state.display[move.column - 1] is None:
        raise IllegalMoveError(f"Contract {move.column} has already been taken this turn; "
                               + _what_now(state, seat))
    col = move.column - 1
    column = state.display[col]
    assert column is not None
    if col not in takeable(state, seat):
        raise IllegalMoveError(_why_not(state, seat, col, column))
    player = state.seats[seat]
    slots = len(player.chart)
    if not 1 <= move.slot <= slots:
        raise IllegalMoveError(f"Your chart has slots 1-{slots}.")
    if player.chart[move.slot - 1] is not None:
        free = ", ".join(str(i + 1) for i in empty_slots(state, seat))
        raise IllegalMoveError(f"Slot {move.slot} of your chart is taken and a loaded "
                               f"contract never moves; free slots: {free}.")
    state.display[col] = None
    player.chart[move.slot - 1] = Slot(city=column.city, goods=column.goods)
    player.hand = sorted([*player.hand, column.oar], key=OarCard.sort_key)
    player.gold += column.gold
    power = column.oar.power
    state.oar_track.setdefault(power, []).append(seat)
    state.revealing = None
    gold = f", with the {column.gold} gold on it" if column.gold else ""
    return [Event(kind="take", seat=seat, data={"column": move.column, "slot": move.slot},
                  text=f"took contract {move.column} ({contract_text(column.city, column.goods)}) "
                       f"into slot {move.slot}{gold}; marker to space {power} of the oar track")]


def _what_now(state: NeptunState, seat: int) -> str:
    cols = [str(i + 1) for i in takeable(state, seat)]
    if state.revealing is not None:
        now = f"take contract {cols[0]}, the one you turned over"
    elif cols:
        now = f"take contract {' or '.join(cols)}"
    else:
        now = ""
    if face_down_left(state) is not None:
        now = f"{now} or `flip`" if now else "`flip` to turn the next one over"
    return now + "."


def _why_not(state: NeptunState, seat: int, col: int, column: Column) -> str:
    if not column.face_up:
        return ("That contract is face down: `flip` turns over the leftmost face-down one, "
                "and you may take it or turn over the next.")
    if state.revealing is not None:
        more = ", or `flip` the next" if face_down_left(state) is not None else \
            ": it was the last one, so you must take it"
        return (f"Once you start turning contracts over you may only take the one you just "
                f"turned over (column {state.revealing + 1}){more}.")
    return "You turned that contract down this round, so you cannot take it now."


def end_of_turn(state: NeptunState) -> list[Event]:
    """Everyone has taken a contract: new turn order from the oar track, the left-over
    column slides to column 1 (1 gold on it if face up)."""
    data = load_data()
    order = [seat for power in sorted(state.oar_track)
             for seat in reversed(state.oar_track[power])]
    state.order = order
    state.oar_track = {}
    state.actor = 0
    left = [c for c in state.display if c is not None]
    events = [Event(kind="order", text="New turn order (oar track, top of a stack first): "
                    + ", ".join(f"seat {s + 1}" for s in order) + ".")]
    for column in left:
        if column.face_up and data.draft.leftover_gold:
            add = data.draft.leftover_gold
            column.gold = column.gold + add if data.draft.leftover_gold_adds_up else max(
                column.gold, add)
            events.append(Event(kind="leftover", text=(
                f"The left-over contract ({contract_text(column.city, column.goods)}) slides "
                f"to column 1 with {column.gold} gold on it.")))
    state.display = left + [None] * (state.players + 1 - len(left))
    state.draft_turn += 1
    return events
