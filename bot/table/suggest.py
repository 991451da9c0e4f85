"""Autocomplete for any game: the game proposes candidates for a verb
(``Game.suggestions``), this keeps those matching what was typed, best first, and only
those the verb then accepts — each value is read back through ``Game.complete`` and
``Game.parse`` exactly as the command would read it, so a suggestion is never refused.
"""

from __future__ import annotations

import unicodedata

from pydantic import BaseModel

from bot.table.menus import clip_detail
from rules import Game, Move, RulesError
from rules.chat import Verb

MAX_CHOICES = 25     # Discord shows at most 25 choices
MAX_LEN = 100        # … of at most 100 characters
LOOK_AT = 400        # candidates looked at for one keystroke, at most


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: 'Guiné  X2' -> 'guine x2'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _rank(value: str, typed: str, word: str | None) -> int | None:
    """0 = prefix match, 1 = contained, None = no match."""
    if not typed:
        return 0
    value = fold(value)
    variants = {typed}
    if word and not typed.startswith(word):
        variants.add(f"{word} {typed}")
    if any(value.startswith(v) for v in variants):
        return 0
    if typed in value:
        return 1
    return None


def accepted(game: Game, state: BaseModel, seat: int, verb: Verb | None, value: str,
             move: Move) -> bool:
    """Does the verb, given ``value``, play exactly ``move``?"""
    try:
        parsed = game.parse(state, seat, game.complete(state, seat, verb, value))
    except RulesError:
        return False
    return parsed == move or str(parsed) == value


def suggest(game: Game, state: BaseModel, seat: int, verb: Verb | None,
            typed: str) -> list[tuple[str, str]]:
    """Up to 25 (value, label) pairs: ``value`` is what the verb receives back as its
    parameter, ``label`` says what it costs or does."""
    want = fold(typed)
    word = verb.word if verb else None
    ranked: list[tuple[int, int, Move, str]] = []
    seen: set[str] = set()
    for i, move in enumerate(game.suggestions(state, seat, verb)):
        if i >= LOOK_AT:
            break
        value = str(move)
        if value in seen or len(value) > MAX_LEN:
            continue
        seen.add(value)
        rank = _rank(value, want, word)
        if rank is not None:
            ranked.append((rank, i, move, value))
        if len(ranked) >= 4 * MAX_CHOICES and sum(1 for r in ranked if r[0] == 0) >= 25:
            break
    ranked.sort(key=lambda r: (r[0], r[1]))
    out: list[tuple[str, str]] = []
    played: list[Move] = []
    for _, _, move, value in ranked:
        if move in played or not accepted(game, state, seat, verb, value, move):
            continue
        played.append(move)
        label = clip_detail(game.describe(state, seat, move), MAX_LEN) or value
        out.append((value, label))
        if len(out) == MAX_CHOICES:
            break
    return out
