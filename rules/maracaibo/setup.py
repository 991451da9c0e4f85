"""Setting up a table, following the seed's steps ①–⑰ in order (spec §1).

Every shuffle comes from the seed; what is drawn later (deck, piles) stays in the state in
its shuffled order. Steps ⑯ (keep 4, plan 1, discard 3) and ⑰ (keep a career) are the
players' simultaneous secret choices: setup ends with them asked for (``step = "setup"``).
"""

from __future__ import annotations

import random
from typing import Any

from rules.errors import InvalidMoveError
from rules.maracaibo.cards import all_instances
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.options import checked
from rules.maracaibo.state import MaracaiboState, Player, TurnRecord  # noqa: F401


def shuffled(items: list, rng: random.Random) -> list:
    out = list(items)
    rng.shuffle(out)
    return out


def deal_careers(players: int, rng: random.Random) -> list[list[str]]:
    """Two careers each, without replacement while the box has enough (6 designs cover
    3 players), else from a fresh shuffle of all designs, never one design twice to a
    player [D]."""
    data = load_data()
    designs = [c.id for c in data.careers]
    each = data.rules.careers_dealt
    pool = shuffled(designs, rng)
    hands: list[list[str]] = []
    for _ in range(players):
        if len(pool) < each:
            pool = shuffled(designs, rng)
        hand = [pool.pop()]
        while len(hand) < each:
            pick = next((c for c in reversed(pool) if c not in hand), None)
            if pick is None:
                pool = shuffled(designs, rng)
                continue
            pool.remove(pick)
            hand.append(pick)
        hands.append(hand)
    return hands


def setup(players: int, seed: int, options: dict[str, Any] | None = None) -> MaracaiboState:
    data = load_data()
    if not data.min_players <= players <= data.max_players:
        raise InvalidMoveError(f"Maracaibo takes {data.min_players}-{data.max_players} players.")
    rules = data.rules
    rng = random.Random(f"maracaibo:{seed}")
    # ② combat tokens: shuffled face down, split into two piles
    tokens = shuffled(list(range(len(data.combat_tokens))), rng)
    half = (len(tokens) + 1) // 2
    piles = [tokens[:half], tokens[half:]]
    # ③ quest tiles: shuffled, a face-up pile
    quest_pile = shuffled([q.id for q in data.quests for _ in range(q.copies)], rng)
    # ④ story tiles in number order, tile 1 on top (inert without a campaign)
    story = list(range(rules.story_tiles, 0, -1))
    # ⑤ city tiles: 2-player cover tile; tiles of this player count; both wheel tiles and
    # 2 random others, shuffled onto the tile cities
    pool = [t for t in data.city_tiles if players in t.players]
    wheel = [t.id for t in pool if t.wheel]
    others = shuffled([t.id for t in pool if not t.wheel], rng)[: data.city_tile_setup.random]
    placed = shuffled(wheel + others, rng)
    city_tiles = dict(zip(data.city_tile_setup.spots, placed, strict=True))
    # ⑥ project cards: 8 A each; 40 random B + the other A cards shuffled: the deck; 4 shown
    a_cards = shuffled(list(all_instances("A")), rng)
    b_cards = shuffled(list(all_instances("B")), rng)
    dealt = [[a_cards.pop() for _ in range(rules.deal_a)] for _ in range(players)]
    box = b_cards[rules.b_cards_used:]
    deck = shuffled(a_cards + b_cards[: rules.b_cards_used], rng)
    display = [deck.pop() for _ in range(rules.display_size)]
    # ⑦ supplies unlimited; legacy tiles face down (inert)
    # ⑧ prestige buildings: 4 in slots I-IV, only I face up
    buildings = shuffled([p.id for p in data.prestige], rng)
    # ⑨ ownership stock on the leftmost spaces of each influence track
    stock = {n: list(data.influence.stock) for n in NATIONS}
    # ⑩-⑬ ship boards with 24 discs, pieces on their start spaces, 2 figures, 2 careers
    careers = deal_careers(players, rng)
    # ⑭ start player at random; 8, 9, 10, 11 doubloons clockwise from them
    start = rng.randrange(players)
    seats = []
    for seat in range(players):
        order = (seat - start) % players
        seats.append(Player(
            dbl=rules.start_doubloons[order], cp=rules.start_cp,
            influence={n: 0 for n in NATIONS},
            discs=[data.ship.discs_per_space] * len(data.ship.spaces),
            supply=rules.figures_at_start,
            stock=rules.figures_per_colour - rules.figures_at_start,
            careers_dealt=careers[seat], explorer=data.explorer.start,
            dealt=sorted(dealt[seat])))
    used = {c for hand in careers for c in hand}
    state = MaracaiboState(
        seed=seed, players=players, options=checked(options), current=start,
        start_player=start, seats=seats, deck=deck, display=display, box=box,
        careers_box=sorted(c.id for c in data.careers if c.id not in used),
        tokens=piles, prestige=buildings[:4], prestige_box=buildings[4:],
        city_tiles=city_tiles, two_player_tile=players == 2, quest_pile=quest_pile,
        stock=stock, expelled={n: 0 for n in NATIONS},
        market={loc.id: [-1] * market_spaces(players, loc.id)
                for loc in data.route if loc.market},
        crossed={line.colour: [] for line in data.explorer.lines},
        story_tiles=story, legacy_tiles=rules.legacy_tiles)
    # ⑮ story card 75 (ours): the first quest tiles
    place_quests(state, "setup")
    # ⑯ ⑰ the players' secret choices follow (turn.py)
    return state


def market_spaces(players: int, loc: str) -> int:
    data = load_data()
    n = min(data.markets.spaces[players], len(data.loc[loc].market))
    if players == 2 and loc == data.two_player_tile.location:
        n = min(n, data.two_player_tile.market_spaces)
    return n


def place_quests(state: MaracaiboState, moment: str) -> list[str]:
    """Quest tiles from the top of the face-up pile onto this moment's slots."""
    placed = []
    for slot in load_data().quest_schedule.at(moment, state.players):
        if not state.quest_pile:
            break
        quest = state.quest_pile.pop()
        state.quests_at.setdefault(slot, []).append(quest)
        placed.append(f"{quest} at {slot}")
    return placed
