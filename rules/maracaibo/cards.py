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


PER_WORDS = {"quest": "quest", "syn_distinct": "synergy token", "ship_space": "ship space",
             "figure_on_board": "assistant", "card_bought": "card bought",
             "noble_class_max": "best noble class", "deliveries": "delivery"}


def per_words(per: str) -> str:
    kind, _, arg = per.partition(":")
    if kind == "syn_cards":
        return f"{arg.lower()} card"
    return PER_WORDS.get(kind, kind)


def effect_words(design_id: str) -> list[str]:
    """What a card does, in short phrases (for the picture and /hand)."""
    from rules.maracaibo.effects import describe_atoms, describe_perm

    card = load_data().card[design_id]
    out = []
    if card.req is not None and card.req.class_ is not None:
        nation = load_data().nation_name(card.req.class_.nation)
        out.append(f"needs class {card.req.class_.min} {nation}")
    if card.effect:
        out.append(describe_atoms(card.effect))
    if card.perm is not None:
        out.append(describe_perm(card.perm))
    if card.asst is not None:
        where = load_data().loc[card.asst.loc]
        out.append(f"assistant at {where.id} {where.name}: {describe_atoms(card.asst.action)}")
    if card.syn_bonus is not None:
        out.append(f"with {card.syn_bonus.symbol.lower()}: "
                   f"{describe_atoms(card.syn_bonus.reward)}")
    if card.end is not None:
        out.append(f"end: {card.end.vp} VP per {per_words(card.end.per)}")
    return out
