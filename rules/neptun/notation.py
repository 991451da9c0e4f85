"""Reading what players type.

Forgiving about case, accents, spacing, port codes or names and a missing slot or route;
precise about what to type instead when it is not. The canonical form is ``str(move)``
(see moves.py); docs/neptun.md has the table.

    flip                         take 3 slot 2 | take 3 (leftmost free slot)
    oar #2 | oar 6/-1 | oar 6    sail CRE>ATH>COR pay 1 | sail COR (cheapest route) | stay
    deliver 2 | deliver 2 +temple | done      extra yes | extra no
    sail ATH; deliver 2          (several decisions at once, separated by ';')

An answer never depends on anyone's hidden cards: the only hidden things a player names
are their own oar cards, and a card not in the hand is refused without listing the hand.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from rules.errors import IllegalMoveError, InvalidMoveError, RulesError
from rules.neptun import draft, sailing
from rules.neptun.cards import city_name
from rules.neptun.data import load_data
from rules.neptun.moves import Deliver, Done, Extra, Flip, Oar, Sail, Step, Take, Turn
from rules.neptun.sea import cheapest
from rules.neptun.state import NeptunState, copy_state

MAX_TEXT = 300
FILLER = {"to", "via", "then", "and", "through", "from"}
MAX_STEPS = 12
FLIP = {"flip", "reveal", "turn", "turnover", "next", "refuse"}
TAKE = {"take", "pick", "choose", "contract"}
OAR = {"oar", "oars", "card", "play"}
SAIL = {"sail", "go", "goto", "voyage", "travel", "to"}
STAY = {"stay", "anchor", "remain", "here"}
DELIVER = {"deliver", "fulfil", "fulfill", "fulfilment", "complete", "contract-done"}
DONE = {"done", "pass", "end", "skip", "nothing", "none", "finish", "-"}
YES = {"yes", "y", "take", "ok", "accept", "sure"}
NO = {"no", "n", "decline", "skip", "pass", "not"}
DONATE = {"+temple", "temple", "+donate", "donate", "donation", "+1", "+t", "+", "+gold",
          "+3"}


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    for a, b in (("→", ">"), ("->", ">"), ("−", "-"), ("–", "-"), ("—", "-"), ("＃", "#")):
        text = text.replace(a, b)
    text = text.strip().lstrip("/")
    return re.sub(r"\s+", " ", text).strip()


def _short(text: str, limit: int = 40) -> str:
    text = "".join(ch for ch in text if ch.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _int(word: str, what: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 3:
        raise InvalidMoveError(f"{_short(word)!r} is not a {what}.")
    return int(word)


@cache
def _city_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for city in load_data().cities:
        for name in (city.code, city.name, *city.aliases):
            index[re.sub(r"[^a-z0-9]", "", normalise(name))] = city.code
    return index


def find_cities(text: str) -> list[str]:
    """'cre > athenae carthago nova' -> ['CRE', 'ATH', 'CNO'] (longest names first)."""
    words = [w for w in re.split(r"[\s>,]+", text) if w and w not in FILLER]
    index = _city_index()
    found: list[str] = []
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + 3), i, -1):
            key = re.sub(r"[^a-z0-9]", "", "".join(words[i:j]))
            if key in index:
                found.append(index[key])
                i = j
                break
        else:
            key = re.sub(r"[^a-z0-9]", "", words[i])
            hits = {code for name, code in index.items() if key and name.startswith(key)}
            if len(hits) == 1:
                found.append(hits.pop())
                i += 1
                continue
            codes = ", ".join(c.code for c in load_data().cities)
            raise InvalidMoveError(f"There is no port {_short(words[i])!r}. Ports: {codes} "
                                   "(codes or names).")
    return found


# One decision ------------------------------------------------------------------------


def _take(rest: list[str], state: NeptunState, seat: int) -> Take:
    if state.phase != "draft" and _acting(state, seat):
        from rules.neptun.turn import wrong

        raise IllegalMoveError(wrong(state))
    nums = [w for w in rest if w not in ("slot", "in", "into", "to", "column", "col", "@")]
    nums = [p for w in nums for p in re.split(r"[>@]", w) if p]
    if len(nums) > 2:
        raise InvalidMoveError("Write `take 3 slot 2`: the contract's column, then the slot.")
    slot_only = len(nums) == 1 and rest[0] in ("slot", "in", "into")    # `take slot 4`
    if nums and not slot_only:
        column = _int(nums[0], "column number")
    else:
        cols = draft.takeable(state, seat)
        if not cols and state.phase == "draft":
            raise InvalidMoveError("No contract lies face up for you to take: `flip` turns "
                                   "the next one over.")
        if len(cols) != 1:
            raise InvalidMoveError("Which contract? e.g. `take 3 slot 2` (column 3 of the "
                                   "display into slot 2 of your chart).")
        column = cols[0] + 1
    if len(nums) == 2 or slot_only:
        slot = _int(nums[-1], "slot number")
    else:
        free = draft.empty_slots(state, seat)
        if not free:
            raise IllegalMoveError("Your chart is full.")
        slot = free[0] + 1
    return Take(column=column, slot=slot)


def _oar(rest: list[str], state: NeptunState, seat: int) -> Oar:
    start = any(w in ("start", "starting", "s") for w in rest)
    words = [w for w in rest if w not in ("start", "starting", "s", "card")]
    if len(words) != 1:
        raise InvalidMoveError("Name one oar card: `oar 6/-1`, `oar 6` or `oar #2` "
                               "(`/hand` lists yours).")
    word = words[0]
    hand = state.seats[seat].hand
    if word.startswith("#"):
        index = _int(word[1:], "card number")
        if 1 <= index <= len(hand):
            first = hand.index(hand[index - 1])   # identical cards are one choice
            return Oar(index=first + 1)
        return Oar(index=index)                  # apply says how many cards there are
    m = re.fullmatch(r"(\d{1,2})(?:/([+-]?\d{1,2}))?", word)
    if not m:
        raise InvalidMoveError(f"{_short(word)!r} is not an oar card. Write power/forecast, "
                               "e.g. `oar 6/-1`, or `oar #2` (`/hand` lists yours).")
    power = int(m.group(1))
    forecast = int(m.group(2)) if m.group(2) is not None else None
    matches = [i for i, c in enumerate(hand) if c.power == power
               and (forecast is None or c.forecast == forecast) and (c.start or not start)]
    if start:
        matches = [i for i in matches if hand[i].start] or matches
    if not matches:
        raise IllegalMoveError(f"You hold no oar card {_short(word)}"
                               + (" (starting card)" if start else "")
                               + "; `/hand` lists yours.")
    if len({(hand[i].power, hand[i].forecast) for i in matches}) > 1:
        # Only the player reads a refusal: naming their own cards tells nobody else.
        own = " or ".join(dict.fromkeys(f"`oar {hand[i].shown}`" for i in matches))
        raise InvalidMoveError(f"You hold more than one card of power {power}: {own}.")
    return Oar(index=matches[0] + 1)


def _sail(rest: list[str], state: NeptunState, seat: int) -> Sail:
    text = " ".join(rest)
    pay: int | None = None
    m = re.search(r"(?:^|\s)pay(?:ing)?\s*(\S*)(?:\s*gold)?\s*$", text)
    if m:
        pay = _int(m.group(1), "number of gold") if m.group(1) else 0
        text = text[: m.start()].strip()
    ship = state.seats[seat].ship
    if not text or text in STAY:
        if text:
            return Sail(route=(ship,))
        raise InvalidMoveError("Where to? Name the port, e.g. `sail COR` (the shortest route "
                               "is taken), or `stay`.")
    cities = find_cities(text)
    if not cities:
        raise InvalidMoveError("Where to? Name the port, e.g. `sail COR`, or `stay`.")
    dest = cities[-1]
    if dest == ship:
        return Sail(route=(ship,))
    miles, route = cheapest(state, ship)[dest]
    if state.phase not in ("sail", "extra") or state.stage != "sail":
        # Not sailing now: the move is refused as such (the price would be reckoned with
        # a card from another turn).
        return Sail(route=route, pay=pay or 0)
    reach = sailing.allowance(state, seat)
    need = max(0, miles - reach)
    if pay is not None and pay < need:
        raise IllegalMoveError(
            f"{load_data().city(dest).name} is {miles} miles away ({'>'.join(route)}) and you "
            f"have {reach}: that costs {need} gold, not {pay}.")
    return Sail(route=route, pay=need)


def _deliver(rest: list[str], state: NeptunState, seat: int) -> Deliver:
    donations = sum(1 for w in rest if w in DONATE) + sum(w.count("+temple") for w in rest
                                                         if w not in DONATE)
    if donations > 1:
        gold = load_data().fulfil.donation_gold
        raise IllegalMoveError(f"One donation per contract: {gold} gold buy one more temple "
                               f"step, never two (not {2 * gold} gold for 2 steps).")
    donate = donations == 1
    words = [w for w in rest if w not in DONATE and w not in ("slot", "contract", "and")]
    words = [w.removesuffix("+temple") for w in words]
    if any(w.endswith("+") for w in words):
        donate = True
        words = [w.rstrip("+") for w in words]
    if len(words) > 1:
        raise InvalidMoveError("Write `deliver 2` (the slot), or `deliver 2 +temple` to "
                               "donate 3 gold for one more temple step.")
    if words:
        return Deliver(slot=_int(words[0], "slot number"), donate=donate)
    slots = sailing.deliverable(state, seat)
    if not slots and _sailing_now(state, seat):
        ship = state.seats[seat].ship
        raise IllegalMoveError(f"None of your open contracts goes to {city_name(ship)}, "
                               "where your ship is: sail first (`sail COR`), or `stay`.")
    if not slots and _acting(state, seat):
        from rules.neptun.turn import wrong

        raise IllegalMoveError(wrong(state))
    if len(slots) != 1:
        raise InvalidMoveError("Which slot? e.g. `deliver 2`.")
    return Deliver(slot=slots[0] + 1, donate=donate)


def _acting(state: NeptunState, seat: int) -> bool:
    from rules.neptun.turn import to_act

    return seat in to_act(state)


def _sailing_now(state: NeptunState, seat: int) -> bool:
    """The seat is about to sail in its own (normal or extra) turn."""
    return state.phase in ("sail", "extra") and state.stage == "sail" and _acting(state, seat)


def _segment(segment: str, state: NeptunState, seat: int) -> list[Step]:
    words = segment.split(" ")
    first, rest = words[0], words[1:]
    if state.phase == "ask" and first in YES | NO and not rest:
        return [Extra(yes=first in YES)]
    if first == "extra":
        if len(rest) == 1 and rest[0] in YES | NO:
            return [Extra(yes=rest[0] in YES)]
        raise InvalidMoveError("Answer `extra yes` or `extra no`.")
    if first in FLIP and not rest:
        return [Flip()]
    if first in TAKE:
        return [_take(rest, state, seat)]
    if first in OAR:
        return [_oar(rest, state, seat)]
    if first in STAY and not rest:
        return [Sail(route=(state.seats[seat].ship,))]
    if first in DONE and not rest:
        if state.stage == "sail" and state.phase in ("sail", "extra"):
            stay: Step = Sail(route=(state.seats[seat].ship,))
            return [stay, Done()] if sailing.deliverable(state, seat) else [stay]
        return [Done()]
    if first in DELIVER:
        move = _deliver(rest, state, seat)
        if state.stage == "sail" and state.phase in ("sail", "extra"):
            # before sailing, `deliver 2` stays and fulfils: what the port cannot fulfil is
            # refused now, or the stay would end the turn and the refusal name the next sailor
            why = sailing.refusal(state, seat, move) if _sailing_now(state, seat) else None
            if why:
                raise IllegalMoveError(why)
            return [Sail(route=(state.seats[seat].ship,)), move]
        return [move]
    if first in SAIL:
        return [_sail(rest, state, seat)]
    if first.startswith("#") or re.fullmatch(r"\d{1,2}/[+-]?\d{1,2}", first):
        return [_oar(words, state, seat)]
    try:
        find_cities(segment.split(" pay")[0])
    except RulesError:
        raise InvalidMoveError(_unknown(segment)) from None
    return [_sail(words, state, seat)]


def _unknown(segment: str) -> str:
    return (f"I can't read {_short(segment)!r} as a Neptun move. Moves: `flip`, "
            "`take 3 slot 2`, `oar 6/-1`, `sail COR`, `stay`, `deliver 2 +temple`, `done`, "
            "`extra yes|no` (`/neptun rules` has them all).")


# Whole commands ----------------------------------------------------------------------


def parse(state: NeptunState, seat: int, text: str) -> Step | Turn:
    clean = normalise(text)
    if not clean:
        raise InvalidMoveError("Type a move, e.g. `take 3 slot 2`, `oar 6/-1` or `sail COR`. "
                               "`/neptun rules` shows them all.")
    if len(clean) > MAX_TEXT:
        raise InvalidMoveError("That is too long to be a Neptun move.")
    segments = [s.strip() for s in clean.split(";") if s.strip()]
    if not segments:
        raise InvalidMoveError(_unknown(clean))
    if len(segments) > MAX_STEPS:
        raise InvalidMoveError("That is more decisions than one turn has.")
    if not 0 <= seat < state.players:
        raise InvalidMoveError("There is no such seat.")
    if len(segments) == 1:
        steps = _segment(segments[0], state, seat)
    else:
        steps = _several(segments, state, seat)
    return steps[0] if len(steps) == 1 else Turn(steps=tuple(steps))


def _several(segments: list[str], state: NeptunState, seat: int) -> list[Step]:
    """Each part read against the table as the parts before it leave it."""
    from rules.neptun.turn import apply_step

    sim = copy_state(state)
    steps: list[Step] = []
    for i, segment in enumerate(segments):
        if steps and not _acting(sim, seat):
            _after_turn(sim, seat, steps, segments[i:])
            break
        new = _segment(segment, sim, seat)
        steps += new
        if i == len(segments) - 1:
            break
        for step in new:
            apply_step(sim, seat, step)
    return steps


def _after_turn(sim: NeptunState, seat: int, steps: list[Step], rest: list[str]) -> None:
    """The first parts of a command ended the seat's turn: a trailing `done` is
    harmless and dropped; anything else is refused with the reason."""
    if len(rest) == 1 and rest[0].split(" ")[0] in DONE:
        return
    first, words = rest[0].split(" ")[0], rest[0].split(" ")[1:]
    if first in DELIVER:
        numbers = [w for w in words if w.isdigit()]
        why = sailing.refusal(sim, seat, Deliver(slot=int(numbers[0]))) if numbers else None
        if why:
            raise IllegalMoveError(why)
    done, more = "; ".join(str(step) for step in steps), "; ".join(rest)
    if isinstance(steps[-1], Sail):
        port = city_name(sim.seats[seat].ship)
        raise IllegalMoveError(f"`{done}` ends your turn (nothing of yours to fulfil in "
                               f"{port}), so `{more}` cannot follow.")
    raise IllegalMoveError(f"After `{done}` it is not your turn, so `{more}` cannot follow: "
                           "send it when it is.")
