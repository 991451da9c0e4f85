"""Vasco da Gama's computer player and random-play tastes.

* ``SensibleRandom`` (the 'easy' computer): random, but never silly. It launches what it
  can, places discs where the action can do something at a number it can afford, passes
  when acting would be pointless or too dear, hires crew it can use, sends ships to the
  best slot they reach and never hires nobody.
* ``explorer_weight``: weights for the 'explorer' random policy, so random games launch
  and send ships, fill and complete landings and use every character.
* ``random_turn``: a random whole turn as a player would type it, for test players.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rules.contract import Game, Move
from rules.vasco.board import action_cost, crew_available
from rules.vasco.data import load_data
from rules.vasco.moves import (
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
    Turn,
)
from rules.vasco.state import VascoState
from rules.vasco.turn import actor


def explorer_weight(state: VascoState, seat: int, move: Move) -> float:
    if isinstance(move, Launch):
        return 6.0
    if isinstance(move, Send):
        return 8.0
    if isinstance(move, Done):
        return 1.0
    if isinstance(move, Place):
        if move.area == "navigation":
            return 3.0
        return 2.0 if move.number >= state.free else 0.6
    if isinstance(move, Hire):
        if not move.sailors and not move.captain:
            return 0.05
        return 0.4 + len(set(move.sailors)) + (1.5 if move.captain else 0)
    if isinstance(move, Buy):
        return 3.0
    if isinstance(move, (Character, Coins)):
        return 2.0
    if isinstance(move, Pass):
        return 0.3 if state.phase == "act" else 0.2
    return 1.0


def _useful_areas(state: VascoState, seat: int) -> list[str]:
    player = state.seats[seat]
    areas = ["recruit", "character"]
    if player.coins >= 2:
        areas.append("project")
    if player.ships or player.projects:
        areas.append("navigation")
    return areas


def _pick_place(state: VascoState, seat: int, moves: list[Place], rng: random.Random) -> Move:
    player = state.seats[seat]
    areas = _useful_areas(state, seat)
    wanted = [m for m in moves if m.area in areas] or moves
    area = rng.choice(sorted({m.area for m in wanted}))
    here = [m for m in wanted if m.area == area]
    numbers = sorted({m.number for m in here})
    # Numbers at or above the marker are free now (it moves by at most 3 either way);
    # a lower one buys an early turn, worth it only with money to spare.
    cheap = [n for n in numbers if n >= state.free - 1]
    if cheap and (player.coins < 6 or rng.random() < 0.7):
        number = rng.choice(cheap[:4])
    else:
        number = rng.choice(numbers[:4])
    return rng.choice([m for m in here if m.number == number])


def _crew_need(state: VascoState, seat: int) -> set[str]:
    """Colours that would help launch one of the player's projects."""
    data = load_data()
    player = state.seats[seat]
    have = set(crew_available(player))
    need: set[str] = set()
    for tile in player.projects:
        if data.tiles[tile].crew > len(have):
            need |= set(data.sailor_colours) - have
    return need


def _pick_hire(state: VascoState, seat: int, moves: list[Hire], rng: random.Random
               ) -> Move | None:
    player = state.seats[seat]
    budget = player.coins - action_cost(state, state.called)
    need = _crew_need(state, seat)
    want_captain = player.captains < len(player.ships) + 1
    good = []
    from rules.vasco.actions import hire_price

    for move in moves:
        if not move.sailors and not move.captain:
            continue
        price = hire_price(move)
        if price > max(3, budget // 2):
            continue
        useful = len(set(move.sailors) & need) + (2 if move.captain and want_captain else 0)
        if move.sailors and not useful and rng.random() < 0.5:
            continue
        good.append((useful, move))
    if not good:
        return None
    best = max(u for u, _ in good)
    return rng.choice([m for u, m in good if u >= best - 1])


class SensibleRandom:
    """The 'easy' computer."""

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        launches = [m for m in moves if isinstance(m, Launch)]
        main = [m for m in moves if not isinstance(m, Launch)]
        if launches and (not main or rng.random() < 0.85):
            return rng.choice(launches)
        if not main:
            return rng.choice(moves)
        return self._main(state, seat, main, rng)

    def _main(self, state: VascoState, seat: int, moves: list[Move], rng: random.Random
              ) -> Move:
        places = [m for m in moves if isinstance(m, Place)]
        if places:
            return _pick_place(state, seat, places, rng)
        merchants = [m for m in moves if isinstance(m, Merchant)]
        if merchants:
            return rng.choice(merchants)
        sends = [m for m in moves if isinstance(m, Send)]
        if sends:
            data = load_data()
            best = max(data.landing_of[m.landing].slots[m.slot - 1] for m in sends)
            return rng.choice([m for m in sends
                               if data.landing_of[m.landing].slots[m.slot - 1] == best])
        done = [m for m in moves if isinstance(m, Done)]
        if done:
            return done[0]
        passing = next((m for m in moves if isinstance(m, Pass)), None)
        cost = action_cost(state, state.called) if state.phase == "act" else 0
        acting = [m for m in moves if not isinstance(m, Pass)]
        if passing is not None and (not acting or cost > 4):
            return passing
        hires = [m for m in acting if isinstance(m, Hire)]
        if hires:
            return _pick_hire(state, seat, hires, rng) or passing or rng.choice(acting)
        buys = [m for m in acting if isinstance(m, Buy)]
        if buys:
            budget = state.seats[seat].coins - cost
            pairs = [m for m in buys if len(m.tiles) == 2]
            if pairs and budget >= 8 and rng.random() < 0.5:
                return rng.choice(pairs)
            return rng.choice(buys)
        chars = [m for m in acting if isinstance(m, (Character, Coins))]
        if chars:
            coins = [m for m in chars if isinstance(m, Coins)]
            if coins and rng.random() < 0.4:
                return max(coins, key=lambda m: state.coin_spaces[m.space - 1])
            return rng.choice(chars)
        return rng.choice(acting) if acting else passing or rng.choice(moves)


def random_turn(game: Game, state: Any, seat: int, rng: random.Random) -> str:
    """A random legal whole turn as a player would type it: an expedition's ships with its
    `done`, sometimes a launch first."""
    moves = game.legal_moves(state, seat)
    if seat != actor(state):
        return str(rng.choice(moves))
    weights = [explorer_weight(state, seat, m) for m in moves]
    move = rng.choices(moves, weights=weights)[0]
    if isinstance(move, Send):
        return str(Turn(steps=(move, Done())))
    if isinstance(move, Launch) and state.phase == "act" and state.expedition is None:
        after, _ = game.apply(state, seat, move)
        sends = [m for m in game.legal_moves(after, seat)
                 if isinstance(m, Send) and m.ship == move.tile]
        if sends:
            return str(Turn(steps=(move, rng.choice(sends), Done())))
    return str(move)


def crew_counts(state: VascoState, seat: int) -> Counter[str]:
    return Counter({c: n for c, n in state.seats[seat].sailors.items() if n})
