"""Reading what players type.

Forgiving about case, accents, spacing, region names or codes and word order where the
meaning is clear; precise about what to type instead when it is not. The canonical form
is ``str(move)`` (see ``moves.py``), and the README has the table.

    workers 2 | hire 2                       ships 1
    sail POR>GUI x2, POR>BAH                 sail GUI>ANG x2 pay POR   (ships paid for the rondel)
    colony GUI x2, BAH                       build sugar+shipyard
    market sell gold, process sugar+orange   market2 skip              privilege church
    card POR>GUI x2; workers 2               king shipyard             done / skip
"""

from __future__ import annotations

import re
from functools import cache

from rules.errors import InvalidMoveError
from rules.navegador import limits
from rules.navegador.data import load_data
from rules.navegador.lexicon import (
    ACTION_WORDS,
    COLUMN_WORDS,
    COUNT,
    DONE_WORDS,
    GOOD_WORDS,
    ROW_WORDS,
    SEPARATORS,
    SKIP_WORDS,
    find_region,
    find_regions_in,
    normalise,
    number,
    parse_counted,
    split_items,
)
from rules.navegador.moves import (
    Build,
    CardSail,
    Colony,
    Done,
    King,
    Leg,
    Market,
    Path,
    Privilege,
    Process,
    Rondel,
    Skip,
    Step,
    Turn,
    Units,
)
from rules.navegador.state import NavegadorState
from rules.navegador.text import quoted
from rules.navegador.turn import current_action, rondel_distance


def parse_legs(text: str) -> list[Leg]:
    legs = []
    for chunk in re.split(r",|;|\band\b", text):
        chunk = chunk.strip()
        if not chunk:
            continue
        paths = []
        for piece in chunk.split("+"):
            body, count = parse_counted(piece)
            limits.at_most(count, limits.route_ships())
            stops = [s.strip() for s in re.split(r">|\bto\b", body)]
            if len(stops) < 2 or not all(stops):
                raise InvalidMoveError(
                    f"{quoted(piece)} is not a route. Write origin>destination and a count, "
                    "e.g. `POR>GUI x2` (codes or names both work)."
                )
            regions = [_stop(s, i in (0, len(stops) - 1)) for i, s in enumerate(stops)]
            _check_chain(regions)
            paths.append(Path(origin=regions[0], dest=regions[-1], count=count))
        legs.append(Leg(paths=tuple(paths)))
    return legs


def _stop(text: str, end: bool) -> str:
    """One region of a route. A stop in between that is no region but reads like two
    routes run together (`POR>GUI x2 POR>BAH`) asks for the missing comma."""
    try:
        return find_region(text)
    except InvalidMoveError:
        if not end and (re.search(COUNT, text) or " " in text.strip()):
            raise InvalidMoveError(
                "Separate routes with commas, e.g. `POR>GUI x2, POR>BAH`."
            ) from None
        raise


def _check_chain(regions: list[str]) -> None:
    """A route names where ships start and end. Stops in between (POR>GUI>ANG) are refused,
    not ignored: ships take the shortest open route, which may not be the one typed."""
    if len(regions) > 2:
        raise InvalidMoveError(
            f"Name only where the ships start and end, e.g. `{regions[0]}>{regions[-1]}`: "
            "ships take the shortest open route."
        )


def parse_colony(text: str) -> Colony:
    regions: list[str] = []
    most = limits.colonies()
    for part in split_items(text):
        body, count = parse_counted(part)
        limits.at_most(count, most)
        found = find_regions_in(body)
        limits.at_most(len(regions) + len(found) * count, most)   # before building the list
        regions += found * count
    if not regions:
        raise InvalidMoveError("Name the region(s) to colonise, e.g. `colony GUI x2, BAH`.")
    return Colony(regions=tuple(regions))


def parse_build(text: str) -> Build:
    rows: list[str] = []
    most = limits.buildings()
    for part in split_items(text):
        body, count = parse_counted(part)
        limits.at_most(count, most)
        words = [w for w in body.split() if w not in ("factory", "factories", "a", "an")]
        if not words:
            raise InvalidMoveError("Which factory: `sugar`, `gold` or `spice`?")
        for word in words:
            if word not in ROW_WORDS:
                raise InvalidMoveError(
                    f"{quoted(word)} is not a building. Build sugar, gold, spice (factories), "
                    "shipyard or church, e.g. `build sugar+shipyard`."
                )
            limits.at_most(len(rows) + count, most)               # before building the list
            rows += [ROW_WORDS[word]] * count
    if not rows:
        raise InvalidMoveError("Name what to build, e.g. `build sugar+shipyard`.")
    return Build(rows=tuple(rows))


def parse_market(text: str, state: NavegadorState, seat: int) -> Market:
    """``sell gold, process sugar+orange``: every word is read, none is skipped."""
    sell: list[str] = []
    process: list[Process] = []
    mode: str | None = None
    waiting: str | None = None            # a `sell`/`process` still waiting for its good
    for token in [t for t in re.split(SEPARATORS, text) if t]:
        if token in ("sell", "sale", "process", "processing", "proc"):
            _no_dangling(waiting)
            mode = waiting = "sell" if token in ("sell", "sale") else "process"
        elif m := re.fullmatch(r"([0-9]*)orange", token):
            if not process or mode != "process":
                raise InvalidMoveError("Put `orange` after the good it processes: "
                                       "`process sugar+orange`.")
            n = limits.at_most(int(m.group(1) or 1), limits.orange_factories())
            if n < 1:
                raise InvalidMoveError(f"{quoted(token)} adds no orange factory; leave it out.")
            process[-1] = process[-1].model_copy(update={"orange": process[-1].orange + n})
        elif token in ("and", "factory", "factories", "all"):
            continue
        else:
            m = re.fullmatch(r"([a-z]+)(?::([0-9]+))?", token)
            good = GOOD_WORDS.get(m.group(1)) if m else None
            if m is None or good is None:
                raise InvalidMoveError(
                    f"{quoted(token)} is not a good. Write e.g. "
                    "`market sell gold, process sugar+orange`."
                )
            if mode is None:
                raise InvalidMoveError(f"Say whether to `sell {good}` or `process {good}`.")
            waiting = None
            if mode == "sell":
                if m.group(2) is not None:
                    raise InvalidMoveError(f"Selling {good} sells all your {good} colonies; "
                                           f"write `sell {good}`.")
                sell.append(good)
            else:
                dedicated = m.group(2)
                if dedicated is not None:
                    limits.at_most(int(dedicated), limits.factories(good))
                process.append(Process(good=good,
                                       dedicated=int(dedicated) if dedicated else None))
    _no_dangling(waiting)
    sheet = state.sheets[seat]
    # Forgiving: "process gold" with no gold factory can only mean the orange one.
    process = [p.model_copy(update={"orange": 1})
               if not p.orange and not sheet.factories[p.good] and p.dedicated is None
               and sheet.orange else p for p in process]
    if not sell and not process:
        raise InvalidMoveError("Say what to trade, e.g. `market sell gold, process sugar`, "
                               "or `market skip`.")
    return Market(sell=tuple(sell), process=tuple(process))


def _no_dangling(mode: str | None) -> None:
    if mode:
        raise InvalidMoveError(f"Name the good to {mode} after `{mode}`, e.g. `{mode} gold`.")


@cache
def column_phrases() -> dict[str, str]:
    """Every way to name a privilege column: its words and its figure's full name."""
    phrases = dict(COLUMN_WORDS)
    for column in load_data().privileges:
        phrases[" ".join(normalise(column.figure).split())] = column.key
    return phrases


def parse_column(text: str) -> str:
    """Exactly one privilege column (``church``, ``Xavier``, ``Francisco Xavier``)."""
    words = [w for w in re.split(SEPARATORS, normalise(text)) if w]
    if not words:
        raise InvalidMoveError("Name a column: colony, factory, explorer, shipyard or church.")
    phrases = column_phrases()
    if " ".join(words) in phrases:
        return phrases[" ".join(words)]
    if sum(w in phrases for w in words) > 1:       # two columns, or one named twice
        raise InvalidMoveError(
            "Name one column: colony, factory, explorer, shipyard or church "
            "(one privilege per action)."
        )
    what = quoted(text)
    raise InvalidMoveError(
        f"{what} is not a privilege. Choose colony, factory, explorer, shipyard or church."
    )


def parse_action(action: str, rest: str, state: NavegadorState, seat: int) -> list[Step]:
    """The part after the action word, for the action on the stone's space."""
    rest = rest.strip()
    if rest in SKIP_WORDS or (action == "sail" and rest in DONE_WORDS):
        return [Done()] if action == "sail" else [Skip()]
    if action in ("workers", "ships"):
        noun = action.removesuffix("s")
        counted = re.sub(rf"\s+{noun}s?$", "", rest)        # `2 workers`, `1 ship`
        n = number(counted.removeprefix("x").strip())
        if n is None:
            raise InvalidMoveError(f"Say how many {action} to buy, e.g. `{action} 2`.")
        limits.at_most(n, limits.units(action))
        return [Units(what=action, count=n)]  # type: ignore[arg-type]
    if action == "sail":
        keep_open = rest.endswith("...")
        body = rest.removesuffix("...").strip()
        closed = re.search(r"(?:^|,|\s)\s*(?:done|end)$", body)
        if closed and not keep_open:
            body = body[: closed.start()].strip()          # `sail POR>GUI x2, done`
        legs = parse_legs(body)
        if body and not legs:
            raise InvalidMoveError("Give routes like `POR>GUI x2`, or `sail skip`.")
        return [*legs] + ([] if keep_open else [Done()])
    if action == "colony":
        return [parse_colony(rest)]
    if action == "build":
        return [parse_build(rest)]
    if action == "market":
        return [parse_market(rest, state, seat)]
    if action == "privilege":
        return [Privilege(column=parse_column(rest))]
    raise InvalidMoveError(f"Unknown action {quoted(action)}.")


def resolve_space(word: str, state: NavegadorState, seat: int) -> tuple[int, str]:
    """A typed action word -> rondel space. 'market' means the nearer Market space."""
    data = load_data()
    keys = [s.key for s in data.rondel]
    if word in keys:
        index = keys.index(word)
        return index, data.rondel[index].action
    action = ACTION_WORDS[word]
    stone = state.sheets[seat].stone
    spaces = [i for i, s in enumerate(data.rondel) if s.action == action]
    best = min(spaces, key=lambda i: (rondel_distance(stone, i), i))
    return best, action


def _split_pay(text: str) -> tuple[str, tuple[str, ...]]:
    m = re.search(r"(?:^|\s|,)pay(?:ing)?(?:\s+(.*))?$", text)
    if not m:
        return text, ()
    regions: list[str] = []
    most = limits.rondel_pay()
    for part in split_items(m.group(1) or ""):
        body, count = parse_counted(part)
        limits.at_most(count, most)
        found = find_regions_in(body)
        limits.at_most(len(regions) + len(found) * count, most)   # before building the list
        regions += found * count
    if not regions:
        raise InvalidMoveError("Name the regions of the ships you pay with, e.g. `pay GUI x2`.")
    return text[: m.start()].strip().rstrip(","), tuple(regions)


# Whole commands ---------------------------------------------------------------------


def parse(state: NavegadorState, seat: int, text: str) -> Step | Turn:
    longest = load_data().notation.max_input
    # Measured before normalising too, so a huge paste is refused before any work on it.
    if len(text) > longest or len(clean := normalise(text)) > longest:
        raise InvalidMoveError("That move is too long to be a Navegador turn.")
    if not clean:
        raise InvalidMoveError(_nothing(state))
    if state.step == "over":
        raise InvalidMoveError("The game is over; no more moves can be made.")
    steps: list[Step] = []
    sim = _sim_start(state)
    for segment in [s.strip() for s in clean.split(";") if s.strip()]:
        new, sim = _parse_segment(segment, sim, state, seat)
        steps += new
    if not steps:        # only separators, or a sail opened with nothing in it
        raise InvalidMoveError(_nothing(state))
    if len(steps) == 1:
        return steps[0]
    return Turn(steps=tuple(steps))


def _nothing(state: NavegadorState) -> str:
    if state.step in ("sail", "card_sail"):
        return SAILING
    if state.step == "king":
        return "Place your King's privilege, e.g. `king church`."
    return "Type a move, e.g. `workers 2` or `sail POR>GUI x2`. `/help` shows them all."


SAILING = "You are sailing: give routes like `POR>GUI x2`, then `done` to end the sail."


def _sim_start(state: NavegadorState) -> str:
    """Where the turn stands as the parser reads on: a step name, or ``action:<action>``."""
    if state.step == "action":
        return f"action:{current_action(state)}"
    return state.step


def _parse_segment(
    segment: str, sim: str, state: NavegadorState, seat: int
) -> tuple[list[Step], str]:
    words = segment.split(" ")
    first, rest = words[0], " ".join(words[1:])
    keys = {s.key for s in load_data().rondel}
    if first in ("card", "navegador", "navegador-card", "navegadorcard", "extra"):
        rest = re.sub(r"^(card|sail)\s*", "", rest)
        if rest in ("", "..."):
            return [CardSail()], "card_sail"
        if rest in SKIP_WORDS | DONE_WORDS:
            raise InvalidMoveError(
                "To keep the Navegador card, just play your turn (e.g. `workers 2`); "
                "`card` followed by routes uses it."
            )
        body = parse_action("sail", rest, state, seat)
        return [CardSail(), *body], ("card_sail" if not isinstance(body[-1], Done) else "start")
    if first == "king":
        return [King(column=parse_column(rest))], sim
    if segment in DONE_WORDS or segment in SKIP_WORDS:
        if sim in ("sail", "card_sail"):
            return [Done()], "start" if sim == "card_sail" else "over"
        return [Skip()], "over"
    if ">" in segment and first not in ACTION_WORDS and first not in keys:
        if sim in ("sail", "card_sail"):
            closed = re.search(r"(?:,|\s)\s*(?:done|end)$", segment)
            body = segment[: closed.start()] if closed else segment.removesuffix("...")
            legs: list[Step] = [*parse_legs(body)]
            if closed:
                return [*legs, Done()], "start" if sim == "card_sail" else "over"
            return legs, sim
        first, rest = "sail", segment
    if first in ("sell", "process") and first not in keys:
        first, rest = "market", segment
    if sim == "over":
        raise InvalidMoveError("That is more than one turn; type one turn at a time.")
    if sim == "king":
        raise InvalidMoveError("The game is over: place your King's privilege, e.g. `king church`.")
    if sim == "card_sail":
        if segment == "...":
            return [], sim
        raise InvalidMoveError("You are sailing with the Navegador card: give routes like "
                               "`POR>GUI x2`, then `done`; your turn comes after.")
    if sim == "start" and first not in ACTION_WORDS and first not in keys:
        raise InvalidMoveError(_unknown(segment))
    if sim == "sail" or sim.startswith("action:"):
        action = sim.removeprefix("action:")
        if first in ACTION_WORDS or first in keys:
            typed = ACTION_WORDS.get(first) or _action_of_key(first)
            if typed != action and action == "sail":
                raise InvalidMoveError(SAILING)
            if typed != action:
                raise InvalidMoveError(
                    f"Your stone is on {action.capitalize()}: give that order, or `skip`."
                )
        else:
            rest = segment
        steps = parse_action(action, rest, state, seat)
        return steps, _after(action, steps)
    if sim != "start":
        raise InvalidMoveError(_unknown(segment))
    body, pay = _split_pay(rest)
    space, action = resolve_space(first, state, seat)
    rondel = Rondel(space=space, key=load_data().rondel[space].key, pay=pay)
    if not body:
        return [rondel], "sail" if action == "sail" else f"action:{action}"
    steps = parse_action(action, body, state, seat)
    return [rondel, *steps], _after(action, steps)


def _after(action: str, steps: list[Step]) -> str:
    """A sail typed with `...` (or with nothing yet) stays open; anything else ends the turn."""
    if action == "sail" and not (steps and isinstance(steps[-1], Done)):
        return "sail"
    return "over"


def _action_of_key(key: str) -> str:
    return next(s.action for s in load_data().rondel if s.key == key)


def _unknown(segment: str) -> str:
    return (
        f"I can't read {quoted(segment)} as a Navegador move. Start with an action — workers, "
        "ships, market, sail, colony, build, privilege — e.g. `workers 2`, `sail POR>GUI x2`, "
        "`build sugar+shipyard`, `market sell gold`; or `card ...`, `done`, `skip`."
    )
