"""Card instances: every copy of a designed card has its own name, the design's id plus a
copy letter (``A03a``, ``A03b``), because the copies show different goods and objects."""

from __future__ import annotations

from functools import cache

from rules.maracaibo.data import Card, load_data

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def instance(design: str, copy: int) -> str:
    return f"{design}{LETTERS[copy]}"


def design(cid: str) -> Card:
    return load_data().card[cid[:-1]]


def copy_of(cid: str) -> int:
    return LETTERS.index(cid[-1])


@cache
def good(cid: str) -> str:
    return design(cid).copies[copy_of(cid)].good


@cache
def obj(cid: str) -> str:
    return design(cid).copies[copy_of(cid)].object


@cache
def all_instances(deck: str) -> tuple[str, ...]:
    """Every copy of every card of deck ``A`` or ``B``, in data order."""
    return tuple(instance(c.id, k) for c in load_data().cards if c.deck == deck
                 for k in range(len(c.copies)))


@cache
def known_ids() -> frozenset[str]:
    return frozenset(all_instances("A") + all_instances("B"))


def label(cid: str) -> str:
    """'A03a Bookkeeper (3 dbl, sugar/map)' — a card as players read it."""
    card = design(cid)
    return f"{cid} {card.name} ({card.cost} dbl, {good(cid).lower()}/{obj(cid).lower()})"


def short(cid: str) -> str:
    return f"{cid} {design(cid).name}"
