"""Navegador behind the shared rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from rules.chat import Verb
from rules.contract import Choice, Event, Game, GameResult, Move
from rules.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError, RulesError
from rules.navegador import actions, chat, computer, hidden, legal, notation, setup, turn
from rules.navegador.actions import CashRefusal, cr, plural
from rules.navegador.data import ROMAN, load_data
from rules.navegador.moves import (
    Build,
    CardSail,
    Colony,
    Done,
    King,
    Leg,
    Market,
    Privilege,
    Rondel,
    Skip,
    Turn,
    Units,
)
from rules.navegador.policy import SensibleRandom, explorer_weight
from rules.navegador.scoring import final_result, king_gain
from rules.navegador.sea import exploration_loss, route_length
from rules.navegador.state import NavegadorState
from rules.navegador.text import quoted
from rules.navegador.view import NavegadorView, build_view
from rules.policy import Policy


class Navegador(Game[NavegadorState]):
    name = "navegador"
    title = "Navegador"
    moves_public = True     # hidden: the face-down colony values, never what may be played
    state_type = NavegadorState

    def __init__(self) -> None:
        data = load_data()
        self.min_players = data.min_players
        self.max_players = data.max_players

    def setup(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> NavegadorState:
        return setup.setup(players, seed, options)

    def to_act(self, state: NavegadorState) -> list[int]:
        return turn.to_act(state)

    def legal_moves(self, state: NavegadorState, seat: int) -> list[Move]:
        return list(legal.legal_steps(state, seat))

    def parse(self, state: NavegadorState, seat: int, text: str) -> Move:
        if not 0 <= seat < state.players:
            raise NotYourTurnError(turn.not_now(state, seat))
        try:
            return notation.parse(state, seat, text)
        except ValidationError as exc:   # e.g. a count too large to be a number of ships
            raise InvalidMoveError(f"I can't read {quoted(text)} as a move.") from exc

    def apply(
        self, state: NavegadorState, seat: int, move: Move
    ) -> tuple[NavegadorState, list[Event]]:
        steps = move.steps if isinstance(move, Turn) else (move,)
        # A fresh copy to change: dump + validate is ~4x faster than a deep copy here.
        new = NavegadorState.model_validate(state.model_dump())
        events: list[Event] = []
        for step in steps:
            try:
                events += turn.apply_step(new, seat, step)  # type: ignore[arg-type]
            except CashRefusal as refusal:
                # A step of this move turned a stack face up: the refusal of the whole move
                # may not quote the cash (or prices) that reveals.
                if any(e.reveals for e in events):
                    raise IllegalMoveError(refusal.public) from None
                raise
        return new, events

    def view(self, state: NavegadorState, seat: int | None = None) -> NavegadorView:
        return build_view(state, seat)

    def result(self, state: NavegadorState) -> GameResult | None:
        return final_result(state) if state.step == "over" else None

    def weight(self, state: NavegadorState, seat: int, move: Move) -> float:
        return explorer_weight(state, seat, move)

    def seat_label(self, state: NavegadorState, seat: int) -> str:
        return f"seat {seat + 1}"

    def waiting_for(self, state: NavegadorState) -> str:
        return turn.waiting_for(state)

    def check_may_act(self, state: NavegadorState, seat: int) -> None:
        if seat not in self.to_act(state):
            raise NotYourTurnError(turn.not_now(state, seat))

    # Words for players -----------------------------------------------------------

    def describe(self, state: NavegadorState, seat: int, move: Move) -> str:
        """A move's cost or effect, e.g. 'workers 2 — 100 Cr'."""
        try:
            return f"{move} — {self._effect(state, seat, move)}"
        except (RulesError, KeyError, IndexError, AssertionError):
            return str(move)

    def _effect(self, state: NavegadorState, seat: int, move: Move) -> str:
        sheet = state.sheets[seat]
        if isinstance(move, Turn):
            parts = [self._effect(state, seat, s) for s in move.steps
                     if not isinstance(s, Done)]
            if isinstance(move.steps[-1], Done):
                if not any(isinstance(s, Leg) for s in move.steps):
                    parts.append("no sail")   # `sail skip`: the stone moves, no ship does
                elif isinstance(move.steps[0], Leg):
                    parts.append("end the sail")  # a panel's last leg, pressed mid-sail
            return "; ".join(parts)
        if isinstance(move, CardSail):
            return "extra Sail before your turn"
        if isinstance(move, Rondel):
            cost = turn.rondel_cost(sheet.stone, move.space)
            action = load_data().rondel[move.space].action.capitalize()
            return f"to {action}" + (f", pay {plural(cost, 'ship')}" if cost else ", free")
        if isinstance(move, Units):
            price, gained, sold = actions.unit_outcome(state, sheet, move.what, move.count)
            text = cr(price)
            if sold:
                text += f", {sold} sold back for {cr(sold * load_data().overflow_sell_price)}"
            return text
        if isinstance(move, Leg):
            dest = move.paths[0].dest
            if state.regions[dest].explorer:
                lost = plural(exploration_loss(state, dest), "ship")
                return f"explore {load_data().region(dest).name}, lose {lost}"
            length = route_length(state, move.paths[0].origin, dest)
            return f"{plural(length or 0, 'border')}"
        if isinstance(move, Colony):
            if any(not state.regions[r].revealed for r in move.regions):
                return "price shown once explored"     # never price a face-down token
            return cr(actions.colony_cost(state, move.regions))
        if isinstance(move, Build):
            need = sum(load_data().row(k).workers for k in move.rows)
            return f"{cr(actions.build_cost(state, move.rows))}, needs {need} workers"
        if isinstance(move, Market):
            return f"+{cr(actions.market_income(state, seat, move))}"
        if isinstance(move, Privilege):
            return f"+{cr(actions.check_privilege(state, seat, move))}, costs 1 worker"
        if isinstance(move, King):
            return f"+{king_gain(sheet, move.column)} VP"
        if isinstance(move, (Done, Skip)):
            return "end the sail" if state.step in ("sail", "card_sail") else "no action"
        return ""

    def summary(self, state: NavegadorState, seat: int | None = None) -> str:
        view = build_view(state, seat)
        lines = [f"Navegador — phase {ROMAN[view.phase]}, turn {view.turn} (round {view.round})."]
        if view.result:
            lines.append("Game over.")
        elif view.step == "king":
            waiting = turn.seat_list(view.to_act)
            lines.append(f"Final scoring: waiting for King's privileges from {waiting}.")
        else:
            lines.append(f"Seat {view.current + 1} to move: {self.prompt(state)}.")
        if view.end_triggered and view.final_turns_left and not view.result:
            left = plural(view.final_turns_left, "turn")
            lines.append(f"End triggered ({view.end_reason}): {left} left.")
        for p in view.sheets:
            card = " 🃏card" if p.seat == view.card.holder else ""
            lines.append(
                f"Seat {p.seat + 1}: {p.score} VP, {p.cash} Cr, {p.workers} workers, "
                f"{plural(p.ships_on_board, 'ship')} at sea ({p.supply} in supply), "
                f"{plural(sum(p.colonies.values()), 'colony')}, "
                f"{plural(p.explorers, 'explorer disk')}{card}"
            )
        return "\n".join(lines)

    # At the chat table (rules/navegador/chat.py) -----------------------------------

    def prompt(self, state: NavegadorState, seat: int | None = None) -> str:
        return chat.prompt(state, seat)

    def progress(self, state: NavegadorState) -> str:
        return chat.progress(state)

    def waiting_on(self, state: NavegadorState) -> list[int]:
        return chat.waiting_on(state)

    def idle_reason(self, state: NavegadorState, seat: int) -> str:
        return chat.idle_reason(state, seat)

    def complete(self, state: NavegadorState, seat: int, verb: Verb | None, text: str) -> str:
        return chat.complete(state, verb, text)

    def suggestions(self, state: NavegadorState, seat: int, verb: Verb | None) -> Iterator[Move]:
        return chat.suggestions(state, seat, verb)

    def steps(self, move: Move) -> list[Move]:
        return list(move.steps) if isinstance(move, Turn) else [move]

    def choices(self, state: NavegadorState, seat: int) -> list[Choice]:
        return chat.choices(state, seat)

    def private_text(self, state: NavegadorState, seat: int) -> str:
        return chat.private_text(state, seat)

    def standings(self, state: NavegadorState) -> GameResult:
        return chat.standings(state)

    # Computer players (rules/navegador/computer.py) ----------------------------------

    sim_rate = 10000.0

    def policy(self, level: str = "easy") -> Policy:
        if level == "easy":
            return SensibleRandom()
        if level == "strong":
            from rules.navegador.strong import Deepening

            return Deepening()
        return super().policy(level)

    def evaluate(self, state: NavegadorState, seat: int) -> float:
        return computer.evaluate(state, seat)

    def candidates(self, state: NavegadorState, seat: int) -> list[Move]:
        return computer.candidates(state, seat, self.legal_moves(state, seat))

    def simulate(self, state: NavegadorState, seat: int, move: Move) -> NavegadorState:
        return computer.simulate(state, seat, move)

    def turn_continues(self, state: NavegadorState, seat: int) -> bool:
        return computer.turn_continues(state, seat)

    def determinize(self, state: NavegadorState, seat: int | None,
                    rng: random.Random) -> NavegadorState:
        return hidden.determinize(state, rng)
