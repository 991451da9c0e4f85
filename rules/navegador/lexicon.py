"""The words players type: the vocabulary, normalising, region names and counts.

The pieces ``notation`` reads whole moves from. Every lookup is strict about what it does
not know: a stray mark or a digit that is not a number is refused, never dropped.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from rules.errors import InvalidMoveError
from rules.navegador.data import load_data
from rules.navegador.text import ZWJ, quoted

ACTION_WORDS = {
    "workers": "workers", "worker": "workers", "hire": "workers", "recruit": "workers",
    "ships": "ships", "ship": "ships", "shipbuilding": "ships",
    "market": "market", "markets": "market", "trade": "market",
    "sail": "sail", "sailing": "sail", "voyage": "sail",
    "colony": "colony", "colonies": "colony", "colonise": "colony", "colonize": "colony",
    "build": "build", "buildings": "build", "building": "build", "construct": "build",
    "privilege": "privilege", "privileges": "privilege", "priv": "privilege",
    "gallery": "privilege",
}
COLUMN_WORDS = {
    "colony": "colony", "colonies": "colony", "albuquerque": "colony",
    "factory": "factory", "factories": "factory", "cabral": "factory",
    "explorer": "explorer", "explorers": "explorer", "vasco": "explorer", "gama": "explorer",
    "exploration": "explorer",
    "shipyard": "shipyard", "shipyards": "shipyard", "dias": "shipyard", "bartolomeu": "shipyard",
    "church": "church", "churches": "church", "xavier": "church", "francisco": "church",
}
ROW_WORDS = {
    "sugar": "sugar", "white": "sugar", "gold": "gold", "yellow": "gold",
    "spice": "spice", "spices": "spice", "brown": "spice",
    "shipyard": "shipyard", "shipyards": "shipyard", "church": "church", "churches": "church",
}
GOOD_WORDS = {"sugar": "sugar", "gold": "gold", "spice": "spice", "spices": "spice",
              "white": "sugar", "yellow": "gold", "brown": "spice"}
DONE_WORDS = {"done", "end", "finish", "stop", "ok"}
SKIP_WORDS = {"skip", "pass", "nothing", "none", "-"}
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}
# Counts are ASCII digits once normalised: every other digit-like character either becomes
# one there (٣, 𝟚, ①) or is not a number at all (𐩀 and other non-decimal "digits").
COUNT = r"(?:x\s*([0-9]+)|([0-9]+)\s*x)"
SEPARATORS = r"[\s,+]+"
INVISIBLE = ("Cc", "Cf", "Cn", "Co", "Cs")   # control, format (zero-width, bidi), unassigned


def _plain(ch: str) -> str:
    """One character as the parser sees it: decimal digits of any script become ASCII,
    invisible characters vanish (they cannot be what the player meant to type)."""
    if ch.isspace():
        return " "
    if unicodedata.category(ch) in INVISIBLE and ch != ZWJ:   # the joiner holds emoji together
        return ""
    if ch.isdecimal() and not ch.isascii():
        return str(unicodedata.decimal(ch))
    return ch


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(_plain(ch) for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("→", ">").replace("->", ">").replace("×", "x").replace("–", "-")
    text = text.strip().lstrip("/")
    return re.sub(r"\s+", " ", text).strip()


def _key(text: str) -> str:
    """A name reduced to letters and digits for lookup; "" (matching nothing) when a word
    holds no letter or digit at all or any other sign, so stray marks are never dropped."""
    words = normalise(text).split()
    key = "".join(words).replace("-", "")
    if not words or any(not re.search(r"[a-z0-9]", w) for w in words):
        return ""
    return key if re.fullmatch(r"[a-z0-9]+", key) else ""


@cache
def region_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for region in load_data().regions:
        for name in (region.id, region.name, *region.aliases):
            index[_key(name)] = region.id
    return index


def find_region(word: str) -> str:
    key = _key(word)
    index = region_index()
    if key in index:
        return index[key]
    hits = {rid for name, rid in index.items() if key and name.startswith(key)}
    if len(hits) == 1:
        return hits.pop()
    codes = ", ".join(f"{r.id} ({r.name})" for r in load_data().regions)
    if hits:
        raise InvalidMoveError(f"{quoted(word)} could be {', '.join(sorted(hits))}; use the code.")
    raise InvalidMoveError(f"There is no sea region {quoted(word)}. Regions: {codes}.")


def find_regions_in(text: str) -> list[str]:
    """'guine guine rio de janeiro' -> ['GUI', 'GUI', 'RIO']: longest names first."""
    words = text.split()
    index = region_index()
    found: list[str] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            key = _key(" ".join(words[i:j]))
            if key in index:
                found.append(index[key])
                i = j
                break
        else:
            found.append(find_region(words[i]))
            i += 1
    return found


def number(word: str) -> int | None:
    if re.fullmatch(r"[0-9]+", word):
        return int(word)
    return NUMBER_WORDS.get(word)


# Parts ------------------------------------------------------------------------------


def parse_counted(part: str) -> tuple[str, int]:
    """'GUI x2' / '2x GUI' / '2 GUI' / 'GUI' -> ('GUI', n)."""
    part = part.strip()
    m = re.fullmatch(rf"(.+?)\s*{COUNT}", part) or re.fullmatch(rf"{COUNT}\s*(.+)", part)
    if m:
        groups = [g for g in m.groups() if g is not None]
        nums = [g for g in groups if re.fullmatch(r"[0-9]+", g)]
        words = [g for g in groups if not re.fullmatch(r"[0-9]+", g)]
        if words and nums:
            return words[0].strip(), int(nums[0])
    m = re.fullmatch(r"([0-9]+)\s+(.+)", part)
    if m:
        return m.group(2), int(m.group(1))
    return part, 1


def split_items(text: str) -> list[str]:
    return [p.strip() for p in re.split(r",|\+|\band\b", text) if p.strip()]
