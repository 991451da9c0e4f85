"""Neptun at the chat table: the one numbering, what to do now, why one must wait, what a
slash verb's bare parameter means, which whole turns autocomplete offers, and /hand.

Nothing here may name a hidden card except ``private_text`` (the seat's own /hand): the
prompt and the idle reason are posted in the channel too.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.chat import Verb
from rules.contract import Choice, GameResult, Move
from rules.errors import RulesError
from rules.neptun import draft, extra, sailing, scoring
from rules.neptun.cards import (
    GOOD_NAMES,
    city_name,
    city_of,
    contract_text,
    reward,
    reward_text,
    temple_name,
)
from rules.neptun.data import load_data
from rules.neptun.moves import Deliver, Done, Extra, Flip, Oar, Sail, Take, Turn
from rules.neptun.notation import DONE, STAY, normalise
from rules.neptun.state import NeptunState, Player, copy_state
from rules.neptun.turn import apply_step, card_moves, legal_steps, to_act

EXTRA_NAMES = extra.NAMES
# Words that already start a move: a verb's parameter starting with one is notation.
LEADING = {"flip", "take", "oar", "sail", "stay", "deliver", "done", "pass", "extra",
           "fulfil", "fulfill"}


def _seats(seats: list[int]) -> str:
    names = [f"seat {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def progress(state: NeptunState) -> str:
    data = load_data()
    head = f"Round {state.round} of {data.rounds}"
    if state.phase == "over":
        return f"Game over · {data.rounds} rounds played"
    if state.phase == "draft":
        return f"{head} · Phase 1 contracts · Turn {state.draft_turn} of {data.draft_turns}"
    if state.phase in ("ask", "extra"):
        return f"{head} · Phase 2 sailing · Extra turn {EXTRA_NAMES[state.extra]}"
    return f"{head} · Phase 2 sailing · Turn {state.sail_turn} of {data.sail_turns}"


def prompt(state: NeptunState, seat: int | None = None) -> str:
    """What the seat(s) to act should do now. Public: never names a hidden card."""
    phase = state.phase
    if phase == "over":
        return "game over"
    if phase == "choose":
        return "choose an oar card in secret with `/oar` (`/hand` shows your cards)"
    if phase == "ask":
        return (f"take extra turn {EXTRA_NAMES[state.extra]}? `/oar yes` or `/oar no` "
                "(you would play one more oar card and sail)")
    actor = to_act(state)[0]
    if phase == "draft":
        return _draft_prompt(state, actor)
    if state.stage == "card":
        return f"play an oar card for extra turn {EXTRA_NAMES[state.extra]} with `/oar`"
    if state.stage == "sail":
        reach = sailing.allowance(state, actor)
        return (f"sail: wind {state.wind} + power {reach - state.wind} = {reach} miles, "
                "1 gold per extra mile (`/sail COR`, or `/sail stay`)")
    player = state.seats[actor]
    here = city_name(player.ship)
    offers = []
    for i in sailing.deliverable(state, actor):
        slot = player.chart[i]
        assert slot is not None
        offers.append(f"`/deliver {i + 1}` ({contract_text(slot.city, slot.goods)}"
                      f"{_turns_down(player, i, '; ')})")
    if not offers:
        return "end your turn with `/deliver done`"
    gold = load_data().fulfil.donation_gold
    return (f"fulfil a contract in {here}: {' or '.join(offers)}; add `+temple` to donate "
            f"{gold} gold for one more step; or `/deliver done`")


def _open_slots(player: Player, upto: int | None = None, port: str | None = None) -> list[str]:
    """The numbers of the seat's open contracts: left of chart slot ``upto`` (0-based; the
    ones fulfilling it turns down), or those going to ``port``."""
    return [str(i + 1) for i, slot in enumerate(player.chart[:upto])
            if slot and slot.status == "open" and (port is None or city_of(slot.city) == port)]


def _turns_down(player: Player, index: int, lead: str) -> str:
    """'turns down slots 1, 3' for the open contracts left of chart slot ``index`` (0-based)
    that fulfilling it would turn down; '' when there are none."""
    left = _open_slots(player, upto=index)
    if not left:
        return ""
    return f"{lead}turns down slot{'s' if len(left) > 1 else ''} {', '.join(left)}"


def _draft_prompt(state: NeptunState, seat: int) -> str:
    can_flip = draft.face_down_left(state) is not None
    slot = _first_free(state, seat) or 1
    if state.revealing is not None:
        col = state.revealing + 1
        if can_flip:
            return (f"take contract {col} (`/take {col} slot {slot}`) or turn it down and "
                    "turn over the next (`/flip`)")
        return f"take contract {col}, the last one turned over (`/take {col} slot {slot}`)"
    cols = draft.takeable(state, seat)
    if cols and can_flip:
        return (f"take a face-up contract (`/take {cols[0] + 1} slot {slot}`) or turn one "
                "over (`/flip`)")
    if cols:
        return f"take one of the face-up contracts (`/take {cols[0] + 1} slot {slot}`)"
    return "turn over a contract (`/flip`), then take it or turn over the next"


def waiting_on(state: NeptunState) -> list[int]:
    return to_act(state)


def idle_reason(state: NeptunState, seat: int) -> str:
    if state.phase == "over":
        return "The game is over; no more moves can be made."
    waiting = _seats(to_act(state))
    if state.phase == "choose":
        if 0 <= seat < state.players and state.seats[seat].choice is not None:
            return (f"You have chosen your oar card for this turn; waiting for {waiting} to "
                    "choose theirs.")
        return f"Waiting for {waiting} to choose an oar card."
    doing = {"draft": "taking a contract", "sail": "sailing", "ask": "deciding on an extra turn",
             "extra": "taking an extra turn"}[state.phase]
    return f"It is not your turn: {waiting} is {doing}."


# Slash verbs ---------------------------------------------------------------------------


def complete(state: NeptunState, verb: Verb | None, text: str) -> str:
    """'/take 3 slot 2' -> 'take 3 slot 2'; '/oar yes' while asking -> 'extra yes'."""
    text = text.strip()
    if verb is None:
        return text
    clean = normalise(text)
    first = clean.split(" ")[0] if clean else ""
    if verb.word == "flip":
        return "flip" if first in ("", "flip", "yes", "next") else f"flip {text}"
    if verb.word == "oar" and state.phase == "ask" and clean in ("yes", "no", "y", "n"):
        return f"extra {clean}"
    if first in LEADING or first in (*verb.also, verb.word):
        return text
    if verb.word in ("sail", "deliver") and (first in DONE or first in STAY) and \
            len(clean.split(" ")) == 1:
        return text
    return f"{verb.word} {text}".strip()


def _apply(state: NeptunState, seat: int, move: Move) -> NeptunState | None:
    sim = copy_state(state)
    try:
        for step in (move.steps if isinstance(move, Turn) else (move,)):
            apply_step(sim, seat, step)  # type: ignore[arg-type]
    except RulesError:
        return None
    return sim


def _voyage_turns(state: NeptunState, seat: int) -> Iterator[Move]:
    """Sail somewhere and fulfil there, for every port with an open contract of the seat;
    then every other voyage."""
    plain = []
    for voyage in sailing.voyages(state, seat):
        after = _apply(state, seat, voyage)
        if after is not None and after.stage == "deliver" and to_act(after) == [seat]:
            for d in sailing.deliveries(after, seat):
                yield Turn(steps=(voyage, d))
        else:
            plain.append(voyage)
    yield from plain


def suggestions(state: NeptunState, seat: int, verb: Verb | None) -> Iterator[Move]:
    word = verb.word if verb else None
    legal = legal_steps(state, seat)
    if not legal:
        return
    phase, stage = state.phase, state.stage
    if phase == "draft":
        takes = [m for m in legal if isinstance(m, Take)]
        # the leftmost free slot first for every column, then the other slots
        takes.sort(key=lambda m: (m.slot != _first_free(state, seat), m.column, m.slot))
        if word in (None, "take"):
            yield from takes
        if word in (None, "flip"):
            yield from (m for m in legal if isinstance(m, Flip))
        return
    if phase in ("choose", "ask") or stage == "card":
        if word not in (None, "oar"):
            return
        if stage == "card" and phase == "extra":
            for card in card_moves(state.seats[seat].hand):
                after = _apply(state, seat, card)
                if after is not None:
                    for rest in _voyage_turns(after, seat):
                        steps = rest.steps if isinstance(rest, Turn) else (rest,)
                        if any(isinstance(s, Deliver) for s in steps):
                            yield Turn(steps=(card, *steps))
            yield from legal
            return
        yield from legal
        return
    if stage == "sail":
        if word in (None, "sail"):
            yield from _voyage_turns(state, seat)
        if word == "deliver":
            for move in _voyage_turns(state, seat):
                if isinstance(move, Turn):
                    yield move
        return
    if word in (None, "deliver", "sail"):
        yield from (m for m in legal if isinstance(m, (Deliver, Done)))


def _first_free(state: NeptunState, seat: int) -> int:
    free = draft.empty_slots(state, seat)
    return free[0] + 1 if free else 0


# What is said about a move ------------------------------------------------------------


def describe(state: NeptunState, seat: int, move: Move, hint: bool = True) -> str:
    """A suggestion's label: what the move does, in words (a voyage alone also says which
    of the seat's contracts could be fulfilled there)."""
    if isinstance(move, Turn):
        # kept short, what tells two turns apart first: Discord shows 100 characters
        sim = copy_state(state)
        parts = []
        for step in move.steps:
            parts.append(_step_in_turn(sim, seat, step))
            try:
                apply_step(sim, seat, step)
            except RulesError:
                break
        return " · ".join(parts)
    player = state.seats[seat]
    if isinstance(move, Flip):
        if state.revealing is not None:
            return "flip: turn this one down, turn over the next"
        return "flip: turn over the next face-down contract"
    if isinstance(move, Take):
        column = state.display[move.column - 1] if 0 < move.column <= len(state.display) \
            else None
        if column is None or not column.face_up:
            return str(move)
        gold = f" +{column.gold} gold" if column.gold else ""
        return (f"take {move.column}→slot {move.slot}: {contract_text(column.city, column.goods)}"
                f", oar {column.oar.value}{gold}")
    if isinstance(move, Oar):
        if not 1 <= move.index <= len(player.hand):
            return str(move)
        card = player.hand[move.index - 1]
        return f"oar {card.label}: power {card.power}, forecast {card.value.split('/')[1]}"
    if isinstance(move, Sail):
        if len(move.route) < 2:
            return f"stay in {city_name(player.ship)}"
        pay = f", pay {move.pay} gold" if move.pay else ""
        there = _open_slots(player, port=move.dest) if hint else []
        fulfil = (f" · slot{'s' if len(there) > 1 else ''} {', '.join(there)} can be "
                  "fulfilled there") if there else ""
        return f"sail to {city_name(move.dest)} ({'>'.join(move.route)}{pay}){fulfil}"
    if isinstance(move, Deliver):
        slot = player.chart[move.slot - 1] if 0 < move.slot <= len(player.chart) else None
        if slot is None:
            return str(move)
        down = _turns_down(player, move.slot - 1, " (")
        down += ")" if down else ""
        return (f"deliver slot {move.slot}{_donation(move)}{down}: "
                f"{contract_text(slot.city, slot.goods)}")
    if isinstance(move, Done):
        return "done: end your turn"
    if isinstance(move, Extra):
        return (f"yes: take extra turn {EXTRA_NAMES.get(state.extra, '')}" if move.yes
                else f"no extra turn {EXTRA_NAMES.get(state.extra, '')}").strip()
    return str(move)


def _donation(move: Deliver, where: str = "") -> str:
    """' +1 step for 3 gold' (``where``: ' on Minerva') for a delivery with a donation."""
    if not move.donate:
        return ""
    fulfil = load_data().fulfil
    steps = "step" if fulfil.donation_steps == 1 else "steps"
    return f" +{fulfil.donation_steps} {steps}{where} for {fulfil.donation_gold} gold"


def _step_in_turn(state: NeptunState, seat: int, step: Move) -> str:
    """A step of a whole turn in few words: 'oar 6/-1', 'sail to Corinthus, pay 2 gold',
    'deliver slot 2 +1 step for 3 gold: Wine → 3 gold (turns down slot 1)' (the port is
    named by the voyage); a plain voyage keeps its route."""
    player = state.seats[seat]
    if isinstance(step, Oar) and 1 <= step.index <= len(player.hand):
        return f"oar {player.hand[step.index - 1].shown}"
    if isinstance(step, Sail) and len(step.route) > 1 and state.stage == "sail":
        pay = f", pay {step.pay} gold" if step.pay else ""
        return f"sail to {city_name(step.dest)}{pay}"
    if isinstance(step, Deliver) and 0 < step.slot <= len(player.chart):
        slot = player.chart[step.slot - 1]
        if slot is not None:
            down = _turns_down(player, step.slot - 1, " (")
            return (f"deliver slot {step.slot}{_donation(step)}: "
                    f"{GOOD_NAMES.get(slot.goods, slot.goods)} → "
                    f"{reward_text(slot.city, slot.goods)}{down}{')' if down else ''}")
    return describe(state, seat, step, hint=False)


def public_text(state: NeptunState, seat: int, move: Move) -> str:
    """The secret oar choice shows as 'oar (secret)'; a card played openly in an extra turn
    shows its values; everything else as typed."""
    steps = move.steps if isinstance(move, Turn) else (move,)
    parts = []
    for step in steps:
        if isinstance(step, Oar):
            hand = state.seats[seat].hand
            if state.phase == "extra" and 1 <= step.index <= len(hand):
                parts.append(f"oar {hand[step.index - 1].shown}")
            else:
                parts.append("oar (secret)")
        else:
            parts.append(str(step))
    return "; ".join(parts)


def private_text(state: NeptunState, seat: int) -> str:
    """/hand: the seat's own oar cards and choice, gold, ship and contracts."""
    player = state.seats[seat]
    lines = ["**Your oar cards** (only you see them; power/forecast):"]
    if player.hand:
        lines.append(" · ".join(f"`{c.value}`" + (" starting card" if c.start else "")
                                for c in player.hand))
    else:
        lines.append("none left")
    if player.choice is not None:
        lines.append(f"Chosen for this turn: `{player.choice.value}` — revealed when everyone "
                     "has chosen.")
    elif state.phase == "choose":
        lines.append("Choose one with `/oar` (e.g. `/oar "
                     f"{player.hand[0].value if player.hand else '5/0'}`).")
    elif state.phase == "extra" and state.stage == "card" and seat in to_act(state) \
            and player.hand:
        lines.append(f"Play one for extra turn {EXTRA_NAMES[state.extra]} with `/oar` (e.g. "
                     f"`/oar {player.hand[0].value}`).")
    lines.append(f"💰 {player.gold} gold · ⛵ in {city_name(player.ship)} · "
                 f"{scoring.scores(state)[seat]} VP so far")
    for i, slot in enumerate(player.chart):
        if slot is not None:
            mark = {"open": "open", "done": "✅ done", "failed": "❌ turned down"}[slot.status]
            lines.append(f"Slot {i + 1}: {contract_text(slot.city, slot.goods)} ({mark})")
    return "\n".join(lines)


def standings(state: NeptunState) -> GameResult:
    return scoring.result(state, final=state.phase == "over")


def choices(state: NeptunState, seat: int) -> list[Choice]:
    """The turn panel: every legal move, labelled for a player who reads only the button
    (buttons carry no description): a contract by its column and city, a voyage by its
    port, its gold and the contracts that could be fulfilled there, a delivery by its
    reward, donation and what it turns down, an oar card by its values and miles — the
    panel is private then."""
    out = []
    for move in legal_steps(state, seat):
        out.append(Choice(_path(state, seat, move), move))
    return out


def _path(state: NeptunState, seat: int, move: Move) -> tuple[str, ...]:
    player = state.seats[seat]
    if isinstance(move, Take):
        column = state.display[move.column - 1]
        assert column is not None
        gold = f" +{column.gold} gold" if column.gold else ""
        return (f"take {move.column} {city_name(city_of(column.city))}{gold}",
                f"→ slot {move.slot}")
    if isinstance(move, Oar) and 1 <= move.index <= len(player.hand):
        card = player.hand[move.index - 1]
        return ("oar", f"{card.shown} · {state.wind + card.power} miles")
    if isinstance(move, Sail):
        there = _can_fulfil(player, move.dest)
        if len(move.route) < 2:
            return (f"stay in {city_name(player.ship)}{there}",)
        pay = f" (pay {move.pay} gold)" if move.pay else ""
        return ("sail to", f"{city_name(move.dest)}{pay}{there}")
    if isinstance(move, Deliver):
        slot = player.chart[move.slot - 1]
        assert slot is not None
        label = f"deliver slot {move.slot}: {reward_text(slot.city, slot.goods)}"
        if move.donate:
            where = ("" if reward(slot.city, slot.goods).kind == "T"
                     else f" on {_donation_god(slot.city, slot.goods)}")
            label += _donation(move, where)
        left = _open_slots(player, upto=move.slot - 1)
        if left:
            label += " · turns down " + ", ".join(left)
        return (label,)
    return (describe(state, seat, move),)


def _can_fulfil(player: Player, port: str) -> str:
    """' · slot 2 can be fulfilled' for the seat's open contracts of ``port``."""
    there = _open_slots(player, port=port)
    if not there:
        return ""
    return f" · slot{'s' if len(there) > 1 else ''} {' or '.join(there)} can be fulfilled"


def _donation_god(city_card: str, goods: str) -> str:
    r = reward(city_card, goods)
    return temple_name(r.temple if r.kind == "T" else load_data().city(city_of(city_card)).temple)


def choices_private(state: NeptunState, seat: int) -> bool:
    """Choosing or playing an oar card names cards of the hand."""
    return state.phase == "choose" or (state.phase == "extra" and state.stage == "card")


def summary(state: NeptunState) -> str:
    """The table in words (public: hands are counts)."""
    lines = [f"Neptun — {progress(state)}.",
             f"Wind {state.wind}" + (f", forecast {state.forecast:+d}" if state.forecast
                                     is not None else "") + "."]
    acting = to_act(state)
    if acting:
        doing = prompt(state, acting[0] if len(acting) == 1 else None)
        lines.append(f"Waiting for {_seats(acting)}: {doing}.")
    points = scoring.scores(state)
    for s in state.order:
        p = state.seats[s]
        done = sum(1 for x in p.chart if x and x.status == "done")
        open_ = sum(1 for x in p.chart if x and x.status == "open")
        chose = " (chosen)" if p.choice is not None else ""
        cards = "1 oar card" if len(p.hand) == 1 else f"{len(p.hand)} oar cards"
        lines.append(f"Seat {s + 1}: {points[s]} VP, {p.gold} gold, ship in {p.ship}, "
                     f"contracts {open_} open / {done} done, {cards}{chose}")
    return "\n".join(lines)
