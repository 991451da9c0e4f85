"""The end of the game: forced launches, coins and ships in hand, the winner and both
tie-breaks; and the provisional standings mid-game."""

from __future__ import annotations

from functools import lru_cache

from rules.contract import Event, GameResult
from rules.vasco.board import note, plural, reales, sailor_count, switch
from rules.vasco.data import MISSIONARY, load_data
from rules.vasco.ships import launch
from rules.vasco.state import FinalScore, Player, VascoState


@lru_cache(maxsize=4096)
def _best(needs: tuple[int, ...], crew: tuple[int, ...], room: int
          ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The most launches (then the highest crew requirements, then the fewest sailors
    spent: sailors left break a tie, missionaries do not) from projects needing ``needs``
    colours each, with ``crew`` pieces per colour (the missionary last) and ``room``
    launches allowed. Returns (requirements launched, sorted high first; colour indexes
    used per launch)."""
    best: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] = ((), ())
    if room <= 0 or not needs:
        return best
    tried: set[int] = set()
    for i, need in enumerate(needs):
        if need in tried:
            continue
        tried.add(need)
        have = [c for c, n in enumerate(crew) if n > 0]
        if len(have) < need:
            continue
        rest = needs[:i] + needs[i + 1:]
        for combo in _combos(tuple(have), need):
            left = tuple(n - (c in combo) for c, n in enumerate(crew))
            got, used = _best(rest, left, room - 1)
            cand = (tuple(sorted((need, *got), reverse=True)), (combo, *used))
            if _rank(cand, len(crew) - 1) > _rank(best, len(crew) - 1):
                best = cand
    return best


def _rank(cand: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], missionary: int
          ) -> tuple[int, tuple[int, ...], int]:
    sailors = sum(1 for combo in cand[1] for c in combo if c != missionary)
    return len(cand[0]), cand[0], -sailors


@lru_cache(maxsize=256)
def _combos(have: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(have, k))


def forced_launches(state: VascoState, seat: int, events: list[Event]) -> list[str]:
    """Launch every project the player can at the end (as many as possible; ties favour
    the higher crew requirement). With the seed's reading a launch also needs a captain
    free for the ship, since only a ship with a captain scores."""
    data = load_data()
    player = state.seats[seat]
    if not player.projects:
        return []
    colours = data.crew_colours
    crew = tuple(player.sailors.get(c, 0) for c in data.sailor_colours) + (player.missionaries,)
    room = len(player.projects)
    if switch(state, "final_launch_needs_captain"):
        room = max(0, player.captains - len(player.ships))
    tiles = sorted(player.projects, key=lambda t: (-data.tiles[t].crew, -data.tiles[t].strength, t))
    needs, used = _best(tuple(sorted(data.tiles[t].crew for t in tiles)), crew, room)
    done: list[str] = []
    for need, combo in sorted(zip([len(c) for c in used], used, strict=True),
                              key=lambda x: -x[0]):
        tile = next(t for t in tiles if data.tiles[t].crew == need and t not in done)
        launch(state, seat, tile, tuple(colours[c] for c in combo), events,
               why=" (end of the game)")
        done.append(tile)
    assert len(done) == len(needs)
    return done


def ships_scoring(player: Player) -> int:
    """Launched ships in hand that have a captain to go with them."""
    return min(len(player.ships), player.captains)


def end_scores(state: VascoState, events: list[Event]) -> None:
    """Final scoring after round 5: forced launches, 1 VP per 3 Reales, 3 VP per launched
    ship in hand with a captain."""
    data = load_data()
    finals = []
    for seat in range(state.players):
        launched = forced_launches(state, seat, events)
        player = state.seats[seat]
        coins_vp = player.coins // data.coins_per_vp
        ships_vp = data.vp_per_ship_in_hand * ships_scoring(player)
        player.vp += coins_vp + ships_vp
        finals.append(FinalScore(coins_vp=coins_vp, ships_vp=ships_vp, launched=launched))
        note(state, events, f"scores {coins_vp} VP for {reales(player.coins)} and {ships_vp} VP "
                            f"for {plural(ships_scoring(player), 'ship')} in hand with a "
                            f"captain: {player.vp} VP in all", seat, kind="final")
    state.final = finals


def ships_on_board(state: VascoState, seat: int) -> int:
    return sum(1 for slots in state.landings.values() for s in slots
               if s is not None and s.owner == seat)


def ranking(state: VascoState, totals: list[int]) -> tuple[list[int], str, int]:
    """Seats best first: VP, then own ships on the board, then sailors in supply; the note
    on a tie, and how many seats share the win (those still level after every tie-break)."""
    def key(seat: int) -> tuple[int, int, int]:
        return (totals[seat], ships_on_board(state, seat), sailor_count(state.seats[seat]))

    order = sorted(range(state.players), key=lambda s: (tuple(-v for v in key(s)), s))
    if state.players < 2 or totals[order[0]] != totals[order[1]]:
        return order, "", 1
    first, second = key(order[0]), key(order[1])
    winner = f"seat {order[0] + 1}"
    if first[1] != second[1]:
        return order, (f"Tie on VP: {winner} wins with more own ships on the navigation board "
                       f"({first[1]} to {second[1]})."), 1
    if first[2] != second[2]:
        return order, (f"Tie on VP and ships on the board: {winner} wins with more sailors in "
                       f"supply ({first[2]} to {second[2]})."), 1
    same = [s for s in order if key(s) == first]
    names = ", ".join(f"seat {s + 1}" for s in same)
    return order, f"Shared win: {names} tie on VP, ships on the board and sailors.", len(same)


def breakdown(state: VascoState, seat: int, final: FinalScore | None) -> dict[str, int]:
    player = state.seats[seat]
    coins_vp = final.coins_vp if final else player.coins // load_data().coins_per_vp
    ships_vp = final.ships_vp if final else \
        load_data().vp_per_ship_in_hand * ships_scoring(player)
    during = player.vp - (final.coins_vp + final.ships_vp if final else 0)
    total = during + coins_vp + ships_vp
    return {"during play": during, "coins": coins_vp, "ships in hand": ships_vp,
            "total": total}


def result(state: VascoState) -> GameResult:
    """Final scores once the game is over, else the standings if it ended now."""
    finals = state.final
    parts = [breakdown(state, s, finals[s] if finals else None) for s in range(state.players)]
    totals = [p["total"] for p in parts]
    order, note_text, shared = ranking(state, totals)
    return GameResult(scores=totals, ranking=order, breakdown=parts, tie_break=note_text,
                      shared=shared)


def missionary_word(n: int) -> str:
    return plural(n, MISSIONARY, "missionaries")
