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


def _rank(value: str, label: str | None, typed: str, word: str | None) -> int | None:
    """How well a candidate matches what was typed: 0 = its notation starts so, 1 = its
    label does (`/oar 6/-1`, `/sail Athenae`: what the player reads), 2 = the notation
    contains it, 3 = the label does; None = no match."""
    if not typed:
        return 0
    variants = {typed}
    if word and not typed.startswith(word):
        variants.add(f"{word} {typed}")
    value = fold(value)
    if any(value.startswith(v) for v in variants):
        return 0
    shown = fold(label) if label else ""
    if shown and any(shown.startswith(v) for v in variants):
        return 1
    if typed in value:
        return 2
    if shown and typed in shown:
        return 3
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
    labels: dict[str, str] = {}
    for i, move in enumerate(game.suggestions(state, seat, verb)):
        if i >= LOOK_AT:
            break
        value = str(move)
        if value in seen or len(value) > MAX_LEN:
            continue
        seen.add(value)
        label = None
        if want:        # the label is worked out only to match what was typed
            label = labels[value] = _label(game, state, seat, move, value)
        rank = _rank(value, label, want, word)
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
        out.append((value, labels.get(value) or _label(game, state, seat, move, value)))
        if len(out) == MAX_CHOICES:
            break
    return out


def _label(game: Game, state: BaseModel, seat: int, move: Move, value: str) -> str:
    """What the choice shows: the game's words for the move, within Discord's 100."""
    return clip_detail(game.describe(state, seat, move), MAX_LEN) or value
