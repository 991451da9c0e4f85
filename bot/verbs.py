"""Slash-command verbs: completing bare parameters into notation, and autocomplete
suggestions drawn from the legal moves (a turn start composes rondel step + action)."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from rules import Game, Move, RulesError
from rules.navegador.data import load_data
from rules.navegador.moves import CardSail, Done, Leg, Rondel, Turn
from rules.navegador.notation import ACTION_WORDS, normalise

# slash command -> the word that starts its notation
VERB_WORD = {
    "hire": "workers", "workers": "workers", "ships": "ships", "sail": "sail",
    "colony": "colony", "build": "build", "market": "market", "privilege": "privilege",
    "navegador-card": "card", "card": "card", "king": "king",
}
LEADING = set(ACTION_WORDS) | {"card", "navegador", "navegador-card", "extra", "king",
                               "sell", "process", "done", "skip"}
ENDERS = {"done", "skip", "pass", "nothing", "none", "end", "-"}
MAX_CHOICES = 25
MAX_LEN = 100


def _first_word(text: str) -> str:
    clean = normalise(text)
    return clean.split(" ")[0] if clean else ""


def with_verb(state: BaseModel, verb: str | None, text: str) -> str:
    """'/hire 2' -> 'workers 2'; text that already names its action is left alone."""
    text = text.strip()
    word = VERB_WORD.get((verb or "").lower().lstrip("/"))
    if not word:
        return text
    step = getattr(state, "step", "start")
    if word == "privilege" and step == "king":
        word = "king"
    first = _first_word(text)
    keys = {s.key for s in load_data().rondel}
    if step in ("sail", "card_sail") and word in ("sail", "card"):
        return text or "done"   # while sailing, bare legs keep the sail open
    if first in ENDERS and step == "start":
        return f"{word} {text}"  # '/sail done' at a turn start: move there, do nothing
    if first in LEADING or first in keys:
        return text
    return f"{word} {text}".strip()


def _action_of(space: int) -> str:
    return load_data().rondel[space].action


def _candidates(game: Game, state: BaseModel, seat: int, word: str | None) -> Iterator[Move]:
    step = getattr(state, "step", "start")
    legal = game.legal_moves(state, seat)
    if step != "start":
        if word == "card" and step != "card_sail":
            return
        yield from legal
        return
    if word in (None, "card"):
        for m in legal:
            if isinstance(m, CardSail):
                after, _ = game.apply(state, seat, m)
                yield Turn(steps=(m, Done()))
                for leg in game.legal_moves(after, seat):
                    if isinstance(leg, Leg):
                        yield Turn(steps=(m, leg, Done()))
        if word == "card":
            return
    rondels = [m for m in legal if isinstance(m, Rondel)
               and (word is None or _action_of(m.space) == word)]
    rondels.sort(key=lambda r: (len(r.pay), r.space))
    for r in rondels:
        after, _ = game.apply(state, seat, r)
        for m in game.legal_moves(after, seat):
            if isinstance(m, Leg):
                yield Turn(steps=(r, m, Done()))
            elif isinstance(m, Done):
                yield Turn(steps=(r, m))
            else:
                yield Turn(steps=(r, m))


def _matches(value: str, typed: str, word: str | None) -> int | None:
    """0 = prefix match, 1 = contained, None = no match."""
    if not typed:
        return 0
    value = normalise(value)
    variants = {typed}
    if word and not typed.startswith(word):
        variants.add(f"{word} {typed}")
    if any(value.startswith(v) for v in variants):
        return 0
    if typed in value:
        return 1
    return None


def suggest(game: Game, state: BaseModel, seat: int, verb: str | None,
            typed: str) -> list[tuple[str, str]]:
    word = VERB_WORD.get((verb or "").lower().lstrip("/"))
    if word == "privilege" and getattr(state, "step", "") == "king":
        word = "king"
    want = normalise(typed)
    ranked: list[tuple[int, int, Move]] = []
    seen: set[str] = set()
    try:
        for i, move in enumerate(_candidates(game, state, seat, word)):
            value = str(move)
            if value in seen or len(value) > MAX_LEN:
                continue
            seen.add(value)
            rank = _matches(value, want, word)
            if rank is not None:
                ranked.append((rank, i, move))
            if len(ranked) >= 4 * MAX_CHOICES and sum(1 for r in ranked if r[0] == 0) >= 25:
                break
    except RulesError:
        return []
    ranked.sort(key=lambda r: (r[0], r[1]))
    out = []
    for _, _, move in ranked[:MAX_CHOICES]:
        label = game.describe(state, seat, move)
        if len(label) > MAX_LEN:
            label = label[: MAX_LEN - 1] + "…"
        out.append((str(move), label))
    return out
