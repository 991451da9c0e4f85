"""Neptun's computer players and random-play tastes.

* ``SensibleRandom`` (the 'easy' computer): random, but never silly — it loads contracts
  left to right, chooses an oar card strong enough for its next port, sails for its
  leftmost open contract (paying gold only to fulfil one), fulfils what it can, and takes
  an extra turn only when an open contract's port is within reach.
* ``explorer_weight``: weights for the 'explorer' random policy, so random games fulfil
  contracts, take extra turns and reach every part of a round.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Game, Move
from rules.neptun.moves import Deliver, Done, Extra, Flip, Oar, Sail, Take
from rules.neptun.sea import cheapest
from rules.neptun.state import NeptunState

MAX_PAY = 3        # the most gold the easy computer pays for the miles to a contract


def _open_cities(state: NeptunState, seat: int) -> list[str]:
    """Ports of the seat's open contracts, left to right."""
    return [s.city.split("-")[0] for s in state.seats[seat].chart if s and s.status == "open"]


def explorer_weight(state: NeptunState, seat: int, move: Move) -> float:
    if isinstance(move, Deliver):
        return 10.0
    if isinstance(move, Done):
        return 0.3
    if isinstance(move, Sail):
        if move.dest in _open_cities(state, seat) and len(move.route) > 1:
            return 8.0
        if len(move.route) < 2:
            return 0.5
        return 0.2 if move.pay else 1.0
    if isinstance(move, Extra):
        return 3.0 if move.yes else 1.0
    return 1.0


class SensibleRandom:
    """The 'easy' computer."""

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        kinds = {type(m) for m in moves}
        if Take in kinds or Flip in kinds:
            return _draft(state, seat, moves, rng)
        if Oar in kinds:
            return _card(state, seat, moves, rng)
        if Extra in kinds:
            wants = _extra_useful(state, seat) and rng.random() < 0.8
            return next(m for m in moves if isinstance(m, Extra) and m.yes == wants)
        if Sail in kinds:
            return _voyage(state, seat, moves, rng)
        delivers = [m for m in moves if isinstance(m, Deliver)]
        if delivers:
            best = min(m.slot for m in delivers)
            gold = state.seats[seat].gold
            donate = gold >= 6 and rng.random() < 0.5
            pick = [m for m in delivers if m.slot == best and m.donate == donate]
            return pick[0] if pick else next(m for m in delivers if m.slot == best)
        return rng.choice(moves)


def _extra_useful(state: NeptunState, seat: int) -> bool:
    """Could an extra turn fulfil anything: is an open contract's port within reach of the
    strongest card in hand and all the gold? (Otherwise it would only spend a card.)"""
    player = state.seats[seat]
    if not player.hand:
        return False
    reach = state.wind + max(c.power for c in player.hand) + min(player.gold, MAX_PAY)
    away = cheapest(state, player.ship)
    return any(away[port][0] <= reach for port in _open_cities(state, seat))


def _draft(state: NeptunState, seat: int, moves: list[Move], rng: random.Random) -> Move:
    takes = [m for m in moves if isinstance(m, Take)]
    flips = [m for m in moves if isinstance(m, Flip)]
    if flips and (not takes or rng.random() < 0.4):
        return flips[0]
    columns = sorted({m.column for m in takes})
    column = rng.choice(columns)
    slots = [m.slot for m in takes if m.column == column]
    picked = state.display[column - 1]
    best = min(slots, key=lambda s: (_tour(state, seat, s, picked.city.split("-")[0]), s))
    return next(m for m in takes if m.column == column and m.slot == best)


def _tour(state: NeptunState, seat: int, slot: int, city: str) -> int:
    """Miles of the voyage from Crete through the chart's ports in slot order, with
    ``city`` loaded into ``slot``: contracts are fulfilled left to right."""
    ports = [s.city.split("-")[0] if s else None for s in state.seats[seat].chart]
    ports[slot - 1] = city
    here, total = "CRE", 0
    for port in ports:
        if port is not None:
            total += cheapest(state, here)[port][0]
            here = port
    return total


def _card(state: NeptunState, seat: int, moves: list[Move], rng: random.Random) -> Move:
    """The weakest card that reaches the next contract's port, else the strongest."""
    hand = state.seats[seat].hand
    cards = [(hand[m.index - 1], m) for m in moves if isinstance(m, Oar)]
    targets = _open_cities(state, seat)
    if not targets or rng.random() < 0.2:
        return rng.choice([m for _, m in cards])
    miles = cheapest(state, state.seats[seat].ship)[targets[0]][0]
    enough = [(c, m) for c, m in cards if state.wind + c.power >= miles]
    if enough:
        return min(enough, key=lambda cm: (cm[0].power, -cm[0].forecast))[1]
    return max(cards, key=lambda cm: cm[0].power)[1]


def _voyage(state: NeptunState, seat: int, moves: list[Move], rng: random.Random) -> Move:
    sails = [m for m in moves if isinstance(m, Sail)]
    targets = _open_cities(state, seat)
    ship = state.seats[seat].ship
    if not targets:
        return sails[0]                                    # stay: nothing to do
    for target in targets:                                 # leftmost contract first
        hit = [m for m in sails if m.dest == target]
        if hit and hit[0].pay <= MAX_PAY:
            return hit[0]
        if target == ship:
            return sails[0]
    free = [m for m in sails if m.pay == 0]
    goal = targets[0]

    def left(m: Sail) -> int:
        return cheapest(state, m.dest)[goal][0]

    best = min(left(m) for m in free)
    return rng.choice([m for m in free if left(m) == best])

