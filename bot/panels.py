"""``python -m bot.panels --demo``: the turn panels of every registered game, as text, for
review without Discord — the public board message's panel, what its first group opens
(an ephemeral panel only the player sees), and a player's private panel where the public
one offers only "Your move".

    python -m bot.panels --demo                    every game, a few moments each
    python -m bot.panels --demo --game NAME --players 3 --seed 2 --moments 6

A row of buttons prints as ``[label]`` (``▸`` opens more), a menu as ``▾ placeholder
[options]: …``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bot.store import GameRow, SeatRow
from bot.table.menus import Node
from bot.table.panels import YOUR_MOVE, Panels, position_ref
from bot.table.table import Table
from rules import Game, game_names, get_game
from rules.fuzz import random_game

NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipa"]


def table_at(game: Game, state: Any, players: int, version: int) -> Table:
    row = GameRow(id=1, channel_id=1, guild_id=None, game=game.name, seed=0, players=players,
                  options={}, status="active", version=version, host_id=1,
                  board_message_id=None, created=0.0, updated=0.0)
    seats = [SeatRow(s, 100 + s, NAMES[s % len(NAMES)], "blue") for s in range(players)]
    return Table(row, seats, game, state, version)


def moments(game: Game, states: list[Any], count: int) -> list[int]:
    """Indices of states worth showing: the first, then for each kind of decision (the
    first words of its prompt) the one with the most choices, up to ``count`` kinds, and
    one where several seats act at once."""
    acting = [i for i, s in enumerate(states) if game.to_act(s)]
    if not acting:
        return []
    kinds: dict[str, int] = {}
    for i in acting:
        state = states[i]
        seat = game.waiting_on(state)[0] if game.waiting_on(state) else game.to_act(state)[0]
        kind = " ".join(game.prompt(state, seat).split()[:2])
        size = len(game.legal_moves(state, seat))
        if kind not in kinds or size > len(game.legal_moves(
                states[kinds[kind]], game.to_act(states[kinds[kind]])[0])):
            kinds[kind] = i
    picks = {acting[0], *list(kinds.values())[:count]}
    several = next((i for i in acting if len(game.waiting_on(states[i])) > 1), None)
    if several is not None:
        picks.add(several)
    return sorted(picks)


def first_group(root: Node) -> int | None:
    return next((i for i, item in enumerate(root.items) if isinstance(item, Node)), None)


def show(game: Game, state: Any, players: int, version: int) -> list[str]:
    table = table_at(game, state, players, version)
    panels = Panels()
    waiting = game.waiting_on(state)
    who = ", ".join(table.names[s] for s in waiting)
    head = game.progress(state) or f"move {version}"
    lines = [f"--- {game.title} · {head} · waiting for {who} ---"]
    public = panels.public(table)
    if public is None:
        return [*lines, "(no panel)"]
    lines += ["public board message:", public.describe()]
    if public.refs() == [YOUR_MOVE]:
        seat = waiting[0]
        mine = panels.for_seat(table, seat)
        lines += [f"🔒 Your move (ephemeral, {table.names[seat]} only; the same in the DM):",
                  mine.describe()]
        return lines
    seat = public.seat if public.seat is not None else waiting[0]
    group = first_group(panels.offer(table, seat).root)
    if group is not None:
        sub = panels.for_seat(table, seat, (group,))
        label = panels.offer(table, seat).root.items[group].label
        lines += [f"'{label}' opens (ephemeral, {table.names[seat]} only; "
                  f"ref {position_ref((group,))}):", sub.describe()]
    return lines


def demo(names: list[str], players: int | None, seed: int, count: int) -> str:
    out: list[str] = []
    for name in names:
        game = get_game(name)
        n = players or min(max(game.min_players, 3), game.max_players)
        states = [s for s, *_ in random_game(game, n, seed, policy="explorer")]
        out.append(f"===== {game.title}: {n} players, seed {seed} =====")
        for i in moments(game, states, count):
            out += show(game, states[i], n, i + 1)
            out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.panels", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--demo", action="store_true", help="print panels of sample games")
    parser.add_argument("--game", choices=game_names(), help="one game (default: all)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moments", type=int, default=4)
    args = parser.parse_args(argv)
    if not args.demo:
        parser.print_help()
        return 0
    print(demo([args.game] if args.game else game_names(), args.players, args.seed,
               max(1, args.moments)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
