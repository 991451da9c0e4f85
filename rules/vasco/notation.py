"""Reading what players type.

Forgiving about case, accents, spacing, word order where the meaning is clear, short
names (`nav-2`, `moz-1`, `t v` for turquoise violet) and ship strengths instead of tile
ids when they are unambiguous; precise about what to type instead when it is not. The
canonical form is ``str(move)`` (``moves.py``); docs/vasco.md has the table.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache

from rules.errors import AmbiguousMoveError, InvalidMoveError
from rules.vasco.data import MISSIONARY, load_data
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
from rules.vasco.state import VascoState

MAX_TEXT = 400
MAX_SEGMENTS = 12
MAX_LEGS = 8
NUM = r"[0-9]{1,3}"

AREA_WORDS = {
    "recruit": ("recruit", "recruiting", "hire", "rec", "r"),
    "project": ("project", "projects", "purchase", "buy", "proj", "p"),
    "character": ("character", "characters", "char", "chars", "c"),
    "navigation": ("navigation", "nav", "navigate", "sail", "expedition", "n"),
}
CHARACTER_WORDS = {
    "manuel": ("manuel", "manuel i", "manuel 1st", "man", "m"),
    "bartolomeu": ("bartolomeu", "bartolomeu dias", "dias", "bart", "b"),
    "francisco": ("francisco", "francisco alvares", "alvares", "fran", "f"),
    "sernigi": ("sernigi", "girolamo", "girolamo sernigi", "ser", "s"),
}
COLOUR_ALIASES = {"gray": "grey", "white": MISSIONARY, "missionaries": MISSIONARY,
                  "w": MISSIONARY, "m": MISSIONARY, "mis": MISSIONARY}
LATER_WORDS = {"later", "phase3", "phase 3", "at phase 3", "in phase 3"}
PASS_WORDS = {"pass", "skip", "nothing"}
DONE_WORDS = {"done", "end", "finish", "stop"}


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    for dash in ("–", "—", "‐", "−"):
        text = text.replace(dash, "-")
    text = text.replace("→", " to ").replace("->", " to ").replace("…", "...")
    return re.sub(r"\s+", " ", text).strip().lstrip("/").strip()


def short(text: str, limit: int = 30) -> str:
    text = "".join(ch for ch in text if ch.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number(word: str) -> int:
    if not re.fullmatch(NUM, word):
        raise InvalidMoveError(f"'{short(word)}' is not a number I can read.")
    return int(word)


# Names --------------------------------------------------------------------------------


def _lookup(word: str, table: dict[str, tuple[str, ...]], what: str) -> str:
    word = word.strip().replace("-", " ")
    for key, names in table.items():
        if word in names:
            return key
    hits = {key for key, names in table.items()
            if len(word) >= 2 and any(n.startswith(word) for n in names)}
    if len(hits) == 1:
        return hits.pop()
    known = ", ".join(table)
    if hits:
        raise AmbiguousMoveError(f"'{short(word)}' could be {', '.join(sorted(hits))}.")
    raise InvalidMoveError(f"There is no {what} '{short(word)}'; {what}s: {known}.")


@cache
def landing_words() -> dict[str, tuple[str, ...]]:
    out = {}
    for x in load_data().landings:
        name = normalise(x.name)
        words = {x.key, name, name.replace(" ", "")}
        if x.key == "terra":
            words |= {"boa gente", "tdbg", "terra de boa gente"}
        if x.key == "mozambique":
            words |= {"mocambique", "mozambik"}
        out[x.key] = tuple(sorted(words))
    return out


def find_landing(word: str) -> str:
    return _lookup(word, landing_words(), "landing")


def find_area(word: str) -> str:
    return _lookup(word, AREA_WORDS, "action area")


def find_character(word: str) -> str:
    return _lookup(word, CHARACTER_WORDS, "character")


def find_colour(word: str) -> str:
    word = COLOUR_ALIASES.get(word, word)
    colours = load_data().crew_colours
    if word in colours:
        return word
    hits = [c for c in colours if c.startswith(word)]
    if len(hits) == 1:
        return hits[0]
    raise InvalidMoveError(f"'{short(word)}' is not a crew colour; colours: "
                           f"{', '.join(colours)}.")


@cache
def tile_index() -> dict[tuple[str, int], str]:
    index = {}
    for tile in load_data().projects.tiles:
        stack, _, n = tile.id.partition("-")
        index[(stack.lower(), int(n))] = tile.id
    return index


TILE_ID = re.compile(r"(i{1,3})\s*-?\s*([0-9]{1,2})")


def tile_id(word: str) -> str | None:
    """'i-13', 'I13', 'iii 2' -> the tile id; None when the word is not one."""
    m = TILE_ID.fullmatch(word.strip())
    if not m:
        return None
    tile = tile_index().get((m.group(1), int(m.group(2))))
    if tile is None:
        raise InvalidMoveError(f"There is no project tile {short(word.upper())}.")
    return tile


def find_tile(word: str, pool: list[str], what: str) -> str:
    """A tile id, or a strength when the player's tiles of that strength are all alike."""
    word = word.strip()
    by_id = tile_id(word)
    if by_id is not None:
        return by_id
    if not re.fullmatch(NUM, word):
        raise InvalidMoveError(f"Name the {what} by its id (like I-13) or its strength; "
                               f"'{short(word)}' is neither.")
    strength = int(word)
    tiles = load_data().tiles
    same = [t for t in pool if tiles[t].strength == strength]
    if not same:
        raise InvalidMoveError(f"You have no {what} of strength {strength}.")
    kinds = {tiles[t].model_dump(exclude={"id"}).__repr__() for t in same}
    if len(kinds) > 1:
        raise AmbiguousMoveError(f"You have several {what}s of strength {strength}: "
                                 f"{', '.join(sorted(same))}; name one by its id.")
    return sorted(same)[0]


SLOT = re.compile(r"(.+?)\s*-?\s*([0-9]{1,2})")


def split_slot(text: str) -> tuple[str, int]:
    m = SLOT.fullmatch(text.strip())
    if not m:
        raise InvalidMoveError(_slot_hint(text))
    return m.group(1).strip(), int(m.group(2))


def _slot_hint(text: str) -> str:
    """A landing or area named without its slot number: which slots it has."""
    data = load_data()
    for find, slots_of in ((find_landing, lambda k: data.landing_of[k]),
                           (find_area, lambda k: data.area_of[k])):
        try:
            key = find(text)
        except (InvalidMoveError, AmbiguousMoveError):
            continue
        info = slots_of(key)
        return (f"Name a slot of {info.name} too: {key}-1 … {key}-{len(info.slots)}, "
                "numbered from the left.")
    return f"'{short(text)}' is not a slot like recruit-2 or natal-1."


# Pieces of moves ------------------------------------------------------------------------


def parse_bonus(text: str, state: VascoState) -> Bonus:
    words = text.replace(",", " ").replace(":", " ").split()
    words = [w for w in words if w not in ("from", "section", "project", "a", "the", "sailor")]
    if words == ["bag"] or words in (["blind"], ["draw"], ["random"]):
        return Bonus(kind="bag")
    if len(words) == 1:
        tile = tile_id(words[0])
        if tile is not None:
            if tile not in state.display:
                raise InvalidMoveError(f"{tile} is not in the project display.")
            return Bonus(kind="project", index=state.display.index(tile) + 1)
        return Bonus(kind="project", index=_number(words[0]))
    if len(words) == 2:
        first, second = words
        if re.fullmatch(NUM, first):
            first, second = second, first
        return Bonus(kind="sailor", colour=find_colour(first), index=_number(second))
    raise InvalidMoveError("A bonus is `take 3` (a display project), `take violet from 2` "
                           "(a sailor from section 2) or `take bag`.")


def _split_bonus(text: str) -> tuple[str, str | None]:
    head, sep, tail = text.partition(" take ")
    if not sep and text.startswith("take "):
        return "", text[5:]
    return head.strip(), (tail.strip() if sep else None)


def parse_colours(text: str, limit: int) -> list[str]:
    """'2 violet, t + grey' -> ['violet', 'violet', 'turquoise', 'grey']."""
    tokens = re.findall(r"[0-9]+|[a-z]+", text)
    out: list[str] = []
    count = 1
    pending = False
    for token in tokens:
        if token in ("and", "x", "of"):
            continue
        if token.isdigit():
            if len(token) > 2 or int(token) > limit:
                raise InvalidMoveError(f"At most {limit} pieces here.")
            count, pending = int(token), True
            continue
        m = re.fullmatch(r"x([0-9])", token)
        if m and out:
            out += [out[-1]] * (int(m.group(1)) - 1)
            continue
        colour = find_colour(token)
        out += [colour] * (count if pending else 1)
        count, pending = 1, False
        if len(out) > limit:
            raise InvalidMoveError(f"At most {limit} pieces here.")
    return out


def _ordered(colours: list[str]) -> tuple[str, ...]:
    order = load_data().crew_colours
    return tuple(sorted(colours, key=order.index))


# Moves ----------------------------------------------------------------------------------


PLACE_NUMBER_FIRST = re.compile(r"([0-9]{1,3}) ([a-z][a-z ]*?) ?-? ?([0-9]{1,2})")
PLACE_SLOT_FIRST = re.compile(r"([a-z][a-z ]*?) ?-? ?([0-9]{1,2}) ([0-9]{1,3})")


def parse_place(rest: str) -> Place:
    text = " ".join(w for w in rest.split() if w not in ("with", "on", "at", "to", "number"))
    m = PLACE_NUMBER_FIRST.fullmatch(text)
    if m:
        number, area, slot = m.group(1), m.group(2), m.group(3)
    elif (m := PLACE_SLOT_FIRST.fullmatch(text)):
        area, slot, number = m.group(1), m.group(2), m.group(3)
    else:
        raise InvalidMoveError("Place a disc like `place 7 recruit-2`: a sequence number and "
                               "an action slot.")
    return Place(number=int(number), area=find_area(area), slot=int(slot))


def parse_hire(rest: str) -> Hire:
    text = rest.replace("+", " + ")
    captain = False
    m = re.search(r"(?:\+|\band\b|\bwith\b|,)?\s*(?:a\s+)?captain\b", text)
    if m:
        captain = True
        text = (text[: m.start()] + " " + text[m.end():]).strip()
        if re.search(r"\bcaptains?\b", text):
            raise InvalidMoveError("One Recruit action hires at most one captain.")
    text = text.strip(" +,")
    if text in ("", "none", "nothing", "nobody", "only"):
        return Hire(captain=captain)
    m = re.fullmatch(r"(?:section\s*|s)?([0-9]{1,2})\s*[:.]?\s*(.*)", text)
    if not m:
        raise InvalidMoveError("Hire like `hire 2: turquoise violet violet + captain` (section "
                               "number, then the sailors), or `hire captain`.")
    section = int(m.group(1))
    if re.search(r"[0-9]\s*:", m.group(2)):
        raise InvalidMoveError("One Recruit action takes sailors from one section only.")
    sailors = parse_colours(m.group(2), load_data().recruit.section_size)
    if MISSIONARY in sailors:
        raise InvalidMoveError("Missionaries are not hired: they come from Francisco Alvares.")
    if not sailors:
        raise InvalidMoveError(f"Which sailors from section {section}? e.g. `hire {section}: "
                               "turquoise violet`.")
    return Hire(section=section, sailors=_ordered(sailors), captain=captain)


SAN_GABRIEL = ("sg", "san gabriel", "san-gabriel", "sangabriel", "gabriel", "san")


def parse_buy(rest: str, state: VascoState) -> Buy:
    text = rest.replace("and", " ").replace(",", " ").replace("+", " ").strip()
    if text in SAN_GABRIEL:
        return Buy(san_gabriel=True)
    words = text.split()
    if len(words) > 1 and any(w in SAN_GABRIEL or (state.san_gabriel is not None and
                                                  tile_id(w) == state.san_gabriel)
                              for w in words):
        raise InvalidMoveError("One purchase buys display projects or the San Gabriel, never "
                               "both: `buy 3,5` or `buy san-gabriel`.")
    if not words or len(words) > 2:
        raise InvalidMoveError("Buy 1 or 2 display projects by position, e.g. `buy 3,5`, or "
                               "`buy san-gabriel`.")
    positions = []
    for word in words:
        tile = tile_id(word)
        if tile is not None:
            if tile == state.san_gabriel and len(words) == 1:
                return Buy(san_gabriel=True)
            if tile not in state.display:
                raise InvalidMoveError(f"{tile} is not in the project display.")
            positions.append(state.display.index(tile) + 1)
        else:
            positions.append(_number(word))
    return Buy(tiles=tuple(sorted(positions)))


def parse_character(rest: str, state: VascoState) -> Coins | Character:
    words = rest.split()
    if not words:
        raise InvalidMoveError("Choose `character coins 1`, `coins 2`, or a character: "
                               "manuel, bartolomeu, francisco, sernigi.")
    if words[0] in ("coins", "coin", "money", "reales"):
        if len(words) != 2:
            raise InvalidMoveError("Take a coin space like `character coins 1`.")
        return Coins(space=_number(words[1]))
    name = words[0]
    skip = 1
    if len(words) > 1 and f"{words[0]} {words[1]}" in sum(CHARACTER_WORDS.values(), ()):
        name, skip = f"{words[0]} {words[1]}", 2
    who = find_character(name)
    tail = " ".join(words[skip:])
    if who == "manuel" and tail:
        parts = tail.split()
        numbers = [p for p in parts if re.fullmatch(NUM, p)]
        slots = [p for p in parts if not re.fullmatch(NUM, p)]
        if len(numbers) != 1 or len(slots) != 1:
            raise InvalidMoveError("Manuel I: name 21 or 22 and an action slot, e.g. "
                                   "`character manuel 22 recruit-4`.")
        area, slot = split_slot(slots[0])
        return Character(who="manuel", number=_number(numbers[0]), area=find_area(area),
                         slot=slot)
    if who == "sernigi" and tail:
        if tail in LATER_WORDS:
            return Character(who="sernigi", later=True)
        where, bonus = _split_bonus(tail.removeprefix("now ").removeprefix("to "))
        landing, slot = split_slot(where)
        return Character(who="sernigi", landing=find_landing(landing), slot=slot,
                         bonus=None if bonus is None else parse_bonus(bonus, state))
    if tail:
        raise InvalidMoveError(f"`character {who}` takes nothing more.")
    return Character(who=who)  # type: ignore[arg-type]


def parse_leg(text: str, state: VascoState, seat: int) -> Send:
    m = re.fullmatch(r"(.+?)\s+(?:to\s+|>\s*)?(.+)", text.strip())
    if not m:
        raise InvalidMoveError("Send a ship like `send I-13 to mombasa-2`.")
    where, bonus = _split_bonus(m.group(2).removeprefix("to "))
    landing, slot = split_slot(where)
    ship = find_tile(m.group(1), state.seats[seat].ships, "launched ship")
    return Send(ship=ship, landing=find_landing(landing), slot=slot,
                bonus=None if bonus is None else parse_bonus(bonus, state))


def parse_sends(rest: str, state: VascoState, seat: int) -> list[Step]:
    text = rest.strip()
    open_ = text.endswith("...")
    text = text.removesuffix("...").strip()
    legs = [leg for leg in text.split(",") if leg.strip()]
    if not legs:
        raise InvalidMoveError("Send a ship like `send I-13 to mombasa-2`.")
    if len(legs) > MAX_LEGS:
        raise InvalidMoveError(f"At most {MAX_LEGS} ships in one command.")
    steps: list[Step] = [parse_leg(leg, state, seat) for leg in legs]
    return steps if open_ else [*steps, Done()]


def parse_merchant(rest: str, state: VascoState) -> Merchant:
    where, bonus = _split_bonus(rest.removeprefix("to "))
    landing, slot = split_slot(where)
    return Merchant(landing=find_landing(landing), slot=slot,
                    bonus=None if bonus is None else parse_bonus(bonus, state))


def default_crew(state: VascoState, seat: int, need: int) -> tuple[str, ...]:
    """Crew for a launch typed without colours: the colours you have most of."""
    player = state.seats[seat]
    colours = load_data().crew_colours
    have = {c: (player.missionaries if c == MISSIONARY else player.sailors.get(c, 0))
            for c in colours}
    ranked = sorted((c for c in colours if have[c] > 0), key=lambda c: -have[c])
    if len(ranked) < need:
        raise InvalidMoveError(f"That project needs crew of {need} different colours; you "
                               f"have {len(ranked)}.")
    return _ordered(ranked[:need])


def parse_launch(rest: str, state: VascoState, seat: int) -> Launch:
    head, sep, tail = rest.partition(" using ")
    if not sep:
        head, sep, tail = rest.partition(" with ")
    tile = find_tile(head, state.seats[seat].projects, "project")
    need = load_data().tiles[tile].crew
    if not sep:
        return Launch(tile=tile, colours=default_crew(state, seat, need))
    colours = parse_colours(tail, len(load_data().crew_colours))
    if len(set(colours)) != len(colours):
        raise InvalidMoveError("Each crew piece of a launch must be a different colour.")
    return Launch(tile=tile, colours=_ordered(colours))


def parse_segment(text: str, state: VascoState, seat: int) -> list[Step]:
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    if text in PASS_WORDS:
        # the action is under way once a ship has sailed: passing now ends the expedition
        return [Done()] if state.expedition is not None else [Pass()]
    if text in DONE_WORDS:
        return [Done()]
    if word == "place":
        return [parse_place(rest)]
    if word in ("hire", "recruit"):
        return [parse_hire(rest)]
    if word in ("buy", "purchase"):
        return [parse_buy(rest, state)]
    if word in ("character", "char"):
        return [parse_character(rest, state)]
    if word in ("send", "sail", "expedition"):
        return parse_sends(rest, state, seat)
    if word == "merchant":
        return [parse_merchant(rest, state)]
    if word == "launch":
        return [parse_launch(rest, state, seat)]
    raise InvalidMoveError(
        f"I can't read '{short(text)}' as a move. Moves start with place, hire, buy, "
        "character, send, merchant, launch, pass or done (see `/vasco rules`).")


def parse(state: VascoState, seat: int, text: str) -> Step | Turn:
    if len(text) > MAX_TEXT:
        raise InvalidMoveError(f"That is too long to be a move ({len(text)} characters).")
    clean = normalise(text)
    if not clean:
        raise InvalidMoveError("Type a move, e.g. `place 7 recruit-2` or `pass`.")
    segments = [s.strip() for s in clean.split(";")]
    if len(segments) > MAX_SEGMENTS:
        raise InvalidMoveError(f"At most {MAX_SEGMENTS} steps in one command.")
    if any(not s for s in segments):
        raise InvalidMoveError("An empty step between `;` — write steps like "
                               "`launch I-05; send I-05 to natal-1`.")
    steps: list[Step] = []
    for segment in segments:
        steps += parse_segment(segment, state, seat)
    return steps[0] if len(steps) == 1 else Turn(steps=tuple(steps))


def counts_text(sailors: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {c}" for c, n in Counter(sailors).items())
