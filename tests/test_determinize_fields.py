"""The twin tests' guard itself: ``determinize`` re-deals every hidden value, field by field.

Every twin test (``test_every_game``, ``test_*_hidden``, ``test_computers*``) compares a
state with ``determinize(state, seat, rng)``. A hidden value that ``determinize`` keeps is
equal in both twins, so no twin test can see it leak: a blind spot. Here every leaf of
every game's state model is classified — public, hidden from everyone, or hidden from all
but the seat that owns it — and along sampled games, over several rngs:

* a public leaf (and the shape of every list: counts are public) is equal in the twin;
* a leaf the viewer owns is equal in the twin;
* every hidden kind of leaf differs in the twin at least once (it is really re-dealt);
* a field neither ``PUBLIC_FIELDS`` nor a hidden rule names fails the test, so a new
  field must be judged.

A hidden rule is keyed by a pattern (model fields by name, list indices and dict keys as
``*``) and reads the concrete path and the state: ``PUBLIC`` (a face-up part of a mixed
field), ``ALL`` (hidden from everyone) or ``("owner", seat)``, ``"back"`` added when a
card's first letter still shows.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from pydantic import BaseModel

from rules import game_names, get_game
from rules.fuzz import random_game
from tests.test_every_game import sample

PUBLIC = "public"
ALL = "all"
Path = tuple[Any, ...]
Rule = Callable[[Path, Any], Any]


def leaves(obj: Any, path: Path = (), pattern: tuple[str, ...] = ()) -> dict[Path, Any]:
    """Every leaf of a state: path -> (pattern, value). Model fields keep their names in
    the pattern, list indices and dict keys become ``*``."""
    out: dict[Path, Any] = {}
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            out |= leaves(getattr(obj, name), (*path, name), (*pattern, name))
        if not type(obj).model_fields:
            out[path] = (".".join(pattern), obj)
    elif isinstance(obj, dict):
        out[(*path, "{}")] = (".".join((*pattern, "{}")), sorted(map(str, obj)))
        for key, value in obj.items():
            out |= leaves(value, (*path, key), (*pattern, "*"))
    elif isinstance(obj, list):
        out[(*path, "[]")] = (".".join((*pattern, "[]")), len(obj))   # the size is public
        for i, value in enumerate(obj):
            out |= leaves(value, (*path, i), (*pattern, "*"))
    else:
        out[path] = (".".join(pattern), obj)
    return out


def public(path: Path, state: Any) -> str:
    return PUBLIC


def everyone(path: Path, state: Any) -> str:
    return ALL


def owner(path: Path, state: Any) -> tuple[str, int]:
    return ("owner", path[1])          # seats.<i>....


# ----------------------------------------------------------------------------- Navegador

def _nav_token(path: Path, state: Any) -> str:
    return PUBLIC if state.regions[path[1]].revealed else ALL


NAVEGADOR: dict[str, Rule] = {
    "seed": everyone,                   # dealt every face-down stack at setup
    "regions.*.tokens.*": _nav_token,   # a face-down colony stack
}

# ----------------------------------------------------------------------------- Vasco

VASCO: dict[str, Rule] = {
    "stacks.*.*": everyone,             # order of the face-down project stacks
    "vdg_stack.*": everyone,            # face-down Vasco da Gama tiles
    "bag_seed": everyone,               # what the bag gives next
    # the merchant stack below a face-up top (all of it when the top is face down too)
    "merchants.*": lambda path, state: PUBLIC if path[1] == 0 and state.merchant_up else ALL,
}

# ----------------------------------------------------------------------------- Neptun


def _neptun_column(path: Path, state: Any) -> str:
    column = state.display[path[1]]
    return PUBLIC if column.face_up or path[2] in ("face_up", "gold", "refused_by") else ALL


def _neptun_hand(path: Path, state: Any) -> Any:
    # which starting cards a player holds is public (the hand is sorted starting cards
    # last, so ``start`` by position is too), but not whether it chose one in secret;
    # which drafted cards it holds is not
    player = state.seats[path[1]]
    if player.choice is not None:       # it may have chosen a starting card or not
        return ("owner", path[1])
    return PUBLIC if player.hand[path[3]].start else ("owner", path[1])


NEPTUN: dict[str, Rule] = {
    "seed": everyone,                   # every later shuffle of the decks
    "decks.city.*": everyone, "decks.goods.*": everyone,
    "decks.oar.*.power": everyone, "decks.oar.*.forecast": everyone,
    "display.*.city": _neptun_column, "display.*.goods": _neptun_column,
    "display.*.oar.power": _neptun_column, "display.*.oar.forecast": _neptun_column,
    # (starting cards never lie in a deck or the display: ``start`` there is public)
    "seats.*.hand.*.power": _neptun_hand, "seats.*.hand.*.forecast": _neptun_hand,
    "seats.*.hand.*.start": _neptun_hand,
    # the card chosen in secret, even whether it is a starting card; that it chose is not
    "seats.*.choice.power": owner, "seats.*.choice.forecast": owner,
    "seats.*.choice.start": owner,
}

# ----------------------------------------------------------------------------- Maracaibo


def _card(rule: Rule) -> Rule:
    """A card id whose back (A or B, its first letter) shows."""
    def classify(path: Path, state: Any) -> Any:
        kind = rule(path, state)
        return kind if kind == PUBLIC else (*(kind if isinstance(kind, tuple) else (kind,)),
                                            "back")
    return classify


def _career(path: Path, state: Any) -> Any:
    p = state.seats[path[1]]
    if p.career_shown and (path[2] == "career" or
                           (path[2] == "careers_dealt" and p.careers_dealt[path[3]] == p.career)):
        return PUBLIC
    return ("owner", path[1])


MARACAIBO: dict[str, Rule] = {
    "seed": everyone,                   # every later reshuffle of the deck and the piles
    "deck.*": _card(everyone),
    "box.*": _card(everyone),           # B cards left in the box
    "careers_box.*": everyone,
    "tokens.*.*": everyone,             # face-down combat piles
    "prestige.*": lambda path, state: PUBLIC if path[1] < state.prestige_open else ALL,
    "prestige_box.*": everyone,
    "quest_pile.*": lambda path, state: PUBLIC if path[1] == len(state.quest_pile) - 1
    else ALL,
    "seats.*.hand.*": _card(owner),
    "seats.*.dealt.*": _card(owner),
    "seats.*.kept.*": _card(owner),
    "seats.*.plan_pick": lambda path, state: PUBLIC if not state.seats[path[1]].plan_pick
    else ("owner", path[1], "back"),
    "seats.*.careers_dealt.*": _career,
    "seats.*.career": lambda path, state: PUBLIC if not state.seats[path[1]].career
    else _career(path, state),
    "seats.*.career_returned": lambda path, state:
        PUBLIC if not state.seats[path[1]].career_returned else ("owner", path[1]),
}

SPECS: dict[str, dict[str, Rule]] = {
    "navegador": NAVEGADOR, "vasco": VASCO, "neptun": NEPTUN, "maracaibo": MARACAIBO}

# Every other field, read and judged public (list indices and dict keys left out).
PUBLIC_FIELDS: dict[str, str] = {
    "navegador": """
        bought card.holder card.mark card.steps card_used_this_turn current end_reason
        end_triggered final_turns_left first_turn_done gallery game last.action last.built
        last.card_legs last.detail last.explored last.legs last.regions last.seat last.turn
        market options pending_phase phase players privilege_supply recent.*.action
        recent.*.built recent.*.card_legs recent.*.detail recent.*.explored recent.*.legs
        recent.*.regions recent.*.seat recent.*.turn regions.*.colonists regions.*.explorer
        regions.*.id regions.*.revealed sail.card sail.explored sail.moved sail.reach
        sail.sailor sheets.*.cash sheets.*.churches sheets.*.colonies sheets.*.explorers
        sheets.*.factories sheets.*.king sheets.*.king_done sheets.*.orange
        sheets.*.privileges sheets.*.ships sheets.*.shipyards sheets.*.stone sheets.*.supply
        sheets.*.workers start_player step turn""",
    # ``removed``: leftover display tiles, sunk ships, merchants that found no slot — all
    # seen face up before they left
    "vasco": """
        bag blocked called captain_supply coin_spaces display draws expedition final free
        game holders landings.*.*.owner landings.*.*.strength landings.*.*.tile log.*.round
        log.*.seat log.*.seq log.*.text manuel_numbers merchant_up missionaries numbers
        options phase placer players removed round san_gabriel seats.*.captains
        seats.*.coins seats.*.discs seats.*.extra seats.*.extra_declined
        seats.*.missionaries seats.*.projects seats.*.sailors seats.*.ships seats.*.vp
        sections seq slots.*.*.number slots.*.*.seat start vdg_current vdg_next""",
    # ``played``: turned over at the reveal before they lie face down; ``discards``: cards
    # seen face up (a face-down leftover column is discarded only to be shuffled into the
    # decks at once); starting cards never lie in a deck or the display
    "neptun": """
        actor decks.oar.*.start delivered discards.city discards.goods discards.oar
        display.*.face_up display.*.gold display.*.oar.start display.*.refused_by
        draft_turn extra forecast game gold_tiles log miles oar_track options order phase
        players queue removed_start revealed.*.forecast revealed.*.power revealed.*.start
        revealing round said_yes sail_turn seats.*.bonus seats.*.chart.*.city
        seats.*.chart.*.goods seats.*.chart.*.status seats.*.extra_turns seats.*.gold
        seats.*.played.*.forecast seats.*.played.*.power seats.*.played.*.start
        seats.*.ship seats.*.tiles.*.place seats.*.tiles.*.round seats.*.tiles.*.temple
        seats.*.tiles.*.value stage temples.*.order temples.*.pos temples.*.tiles
        voyages.*.extra voyages.*.paid voyages.*.route voyages.*.seat wind""",
    # ``discard``: public by the rules (docs/maracaibo.md), the setup leftovers included
    # once everyone has chosen; ``combat.token``: the token turned over for the fight
    "maracaibo": """
        arrivals city_tiles combat.annex combat.influence combat.nation combat.token
        crossed current decision.kind decision.n decision.seat decision.slot
        decision.source decision.then discard display expelled final finished game
        legacy_tiles market options owners players prestige_open quests_at
        queue.*.atom.annex_free queue.*.atom.buy queue.*.atom.cp queue.*.atom.dbl
        queue.*.atom.disc queue.*.atom.explore queue.*.atom.fig queue.*.atom.inc_d
        queue.*.atom.inc_v queue.*.atom.inf queue.*.atom.optional_pay queue.*.atom.syn
        queue.*.atom.vp queue.*.offer queue.*.seat queue.*.source records.*.notes
        records.*.path records.*.round records.*.seat records.*.turn round scoring.acted
        scoring.index scoring.kind scoring.order seats.*.annexes seats.*.assists
        seats.*.bought seats.*.career_done seats.*.career_shown seats.*.combats seats.*.cp
        seats.*.dbl seats.*.deliveries seats.*.discs seats.*.explorer
        seats.*.explorer_quests seats.*.explorer_steps seats.*.figures.*.card
        seats.*.figures.*.loc seats.*.figures.*.settled seats.*.inc_d seats.*.inc_v
        seats.*.influence seats.*.invested seats.*.lines seats.*.planned seats.*.quests
        seats.*.reached seats.*.ship seats.*.stock seats.*.supply seats.*.syn_waiting
        seats.*.synergy seats.*.tasks seats.*.vp shuffles slots_taken start_player step
        stock story_tiles t.city_done t.delivered t.main t.main_done t.mp t.notes t.path
        t.start t.village_left tokens_used trigger turn two_player_tile""",
}


def field_of(pattern: str) -> str:
    """A leaf's field: its pattern without the list indices and dict keys it ends with."""
    parts = pattern.split(".")
    while parts and parts[-1] in ("*", "[]", "{}"):
        parts.pop()
    return ".".join(parts)


def kind_of(rules: dict[str, Rule], pattern: str, path: Path, state: Any) -> Any:
    rule = rules.get(pattern, public)
    return rule(path, state)


def hidden_from(kind: Any, viewer: int | None) -> bool:
    if kind == PUBLIC:
        return False
    if kind == ALL or kind[0] == ALL:
        return True
    return kind[1] != viewer            # ("owner", seat[, "back"])


def public_part(kind: Any, value: Any) -> Any:
    """What still shows of a hidden value: a card's back."""
    return value[0] if isinstance(kind, tuple) and kind[-1] == "back" and value else None


@cache
def states(name: str) -> list[tuple[Any, int]]:
    """The shared sample, and more of one game: its opening (secret setup choices) and
    every moment kind the sample may have missed (a secret oar choice, ...)."""
    game = get_game(name)
    more = [s for s, *_ in random_game(game, game.max_players, 2024, policy="explorer")]
    picked = more[:12:3] + more[::max(1, len(more) // 30)]
    return [(s, game.max_players) for s in picked] + sample(name)[::2]


def compare(name: str, state: Any, viewer: int | None, rng: random.Random,
            differed: set[str]) -> None:
    game, rules = get_game(name), SPECS[name]
    twin = game.determinize(state, viewer, rng)
    mine, theirs = leaves(state), leaves(twin)
    assert mine.keys() == theirs.keys(), (
        f"{name}, viewer {viewer}: the twin's shape differs (a count is public): "
        f"{sorted(map(str, mine.keys() ^ theirs.keys()))[:5]}")
    for path, (pattern, value) in mine.items():
        other = theirs[path][1]
        kind = kind_of(rules, pattern, path, state)
        if hidden_from(kind, viewer):
            assert public_part(kind, value) == public_part(kind, other), (name, path)
            if value != other:
                differed.add(pattern)
        else:
            assert value == other, (
                f"{name}, viewer {viewer}: {'.'.join(map(str, path))} is "
                f"{'the viewer own' if kind != PUBLIC else 'public'} but the twin changed it "
                f"({value!r} -> {other!r})")


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_field_is_classified(name: str) -> None:
    """Every field of the state is judged public or hidden — a new one must be too — and
    every field named exists (a renamed one would otherwise be judged unseen)."""
    seen = {pattern for state, _ in states(name) for pattern, _ in leaves(state).values()}
    assert set(SPECS[name]) <= seen, set(SPECS[name]) - seen
    public_fields = set(PUBLIC_FIELDS[name].split())
    hidden_fields = {field_of(p) for p in SPECS[name]}
    fields = {field_of(p) for p in seen}
    assert public_fields <= fields, public_fields - fields
    assert not public_fields & hidden_fields, public_fields & hidden_fields
    named = public_fields | hidden_fields
    unjudged = {f for f in fields if f not in named and
                not any(n.startswith(f + ".") for n in named)}   # f only holds others
    assert not unjudged, f"{name}: fields neither public nor hidden: {sorted(unjudged)}"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_determinize_redeals_every_hidden_value_and_keeps_the_rest(name: str) -> None:
    spectator: set[str] = set()
    seated: set[str] = set()
    for k, (state, players) in enumerate(states(name)):
        for r in range(3):
            compare(name, state, None, random.Random(100 * k + r), spectator)
        for seat in range(players):
            compare(name, state, seat, random.Random(100 * k + seat), seated)
    assert set(SPECS[name]) <= spectator, (
        f"{name}: hidden from everyone but never re-dealt for a spectator: "
        f"{sorted(set(SPECS[name]) - spectator)}")
    assert set(SPECS[name]) <= seated, (
        f"{name}: hidden from a seat but never re-dealt for it: "
        f"{sorted(set(SPECS[name]) - seated)}")


def test_every_registered_game_is_classified() -> None:
    assert set(game_names()) <= set(SPECS), set(game_names()) - set(SPECS)
