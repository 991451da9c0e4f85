"""Records (``/stats``): the games played to the end in this server — how many of each, who
won most, the best score of each game, and the caller's own record.

Worked out from what the store keeps already: each finished game's final state is replayed
once (its log from the last snapshot, never through the table cache, which holds the games
being played) and its result kept here; a finished game never changes. Only finished games
count: an abandoned one has no result, and one whose log no longer replays is left out.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass

from bot.store import GameRow
from bot.table import words
from bot.table.replies import Reply, TableError
from bot.table.tables import Tables
from rules import get_game

GAMES = 500              # the newest finished games a /stats looks at
KEPT = 5_000             # finished games' results kept in memory (a few hundred bytes each)
LEADERS = 8              # players listed under "Most wins"
MEDALS = ("🥇", "🥈", "🥉")
HOLDERS = 3              # players named for a game's best score (ties beyond: "and N others")


@dataclass(frozen=True)
class Seat:
    user_id: int | None      # None: a computer (also one that took over a player's seat)
    name: str
    score: int
    won: bool


@dataclass(frozen=True)
class Finish:
    game: str                # the registry name
    seats: tuple[Seat, ...]
    variant: str | None = None   # the lobby variant it was played with

    @property
    def setting(self) -> str:
        """'3 players' or '2 players, `two-player`': what a score was made under (a
        2-player score and a 5-player one are not the same feat)."""
        variant = [f"`{self.variant}`"] if self.variant else []
        return ", ".join([words.plural(len(self.seats), "player"), *variant])


@dataclass
class Record:
    name: str                # the newest name this player was seated under
    games: int = 0
    wins: int = 0


class StatsDesk:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._finishes: OrderedDict[int, Finish] = OrderedDict()

    async def finish(self, row: GameRow) -> Finish | None:
        found = self._finishes.get(row.id)
        if found is None:
            g = get_game(row.game)
            log_row, seats, snap, moves = await self.tables.store.read_log(row.id)
            try:
                _, state = self.tables.replay(g, log_row, snap, moves)
            except TableError:       # its log no longer replays (logged): left out
                return None
            result = g.result(state)
            if result is None:       # marked finished, yet no result: nothing to count
                return None
            found = Finish(row.game, tuple(
                Seat(s.user_id, s.name, result.scores[s.seat], s.seat in result.winners)
                for s in seats), row.options.get("variant"))
            self._finishes[row.id] = found
            while len(self._finishes) > KEPT:
                self._finishes.popitem(last=False)
        self._finishes.move_to_end(row.id)
        return found

    async def stats(self, guild_id: int | None, channel_id: int, user_id: int) -> Reply:
        """The records of the server (of the channel outside a server), public."""
        where = "in this server" if guild_id is not None else "in this channel"
        rows = await self.tables.store.finished_games(guild_id, channel_id, GAMES)
        finishes = [f for f in [await self.finish(r) for r in rows] if f is not None]
        if not finishes:
            return Reply(text=f"📊 No game has been played to the end {where} yet. Start one "
                              f"with {words.start_hint()}.")
        return Reply(text=words.clip("\n".join(records_text(finishes, where, user_id,
                                                            len(rows) == GAMES))))


def records_text(finishes: list[Finish], where: str, user_id: int, capped: bool) -> list[str]:
    """``finishes`` newest first."""
    per_game = Counter(f.game for f in finishes)
    titles = {name: get_game(name).title for name in per_game}
    count = words.plural(len(finishes), "game")
    newest = f" (the newest {count})" if capped else ""
    lines = [f"📊 **Records {where}** — {count} played to the end{newest}: " + ", ".join(
        f"{titles[name]} {n}" for name, n in per_game.most_common())]
    people: dict[int, Record] = {}
    # the computers as one side: a game with a computer at it counts once, a win once,
    # however many computers sat at that table
    computers = Record("Computer players")
    for f in reversed(finishes):                 # oldest first: the newest name stays
        bots = [s for s in f.seats if s.user_id is None]
        if bots:
            computers.games += 1
            computers.wins += any(s.won for s in bots)
        for s in f.seats:
            if s.user_id is None:
                continue
            record = people.setdefault(s.user_id, Record(s.name))
            record.name = s.name
            record.games += 1
            record.wins += s.won
    lines.append("**Most wins**")
    ranked = sorted(people.values(), key=lambda r: (-r.wins, -r.wins / r.games, -r.games,
                                                    r.name.lower()))
    place = 0
    for i, r in enumerate(ranked[:LEADERS]):
        # as many wins in as many games: a tie, the same place (the next counts past it)
        if i == 0 or (r.wins, r.games) != (ranked[i - 1].wins, ranked[i - 1].games):
            place = i + 1
        medal = MEDALS[place - 1] if place <= len(MEDALS) and r.wins else f"{place}."
        lines.append(f"{medal} {words.bold(r.name)} — {tally(r)}")
    if computers.games:
        lines.append(f"🤖 {computers.name} — {tally(computers)}")
    lines.append("**Best scores**")
    for name, _ in per_game.most_common():
        played = [f for f in finishes if f.game == name]
        best = max(s.score for f in played for s in f.seats)
        # each holder once, with the setting of their newest game at that score
        holders: dict[str, str] = {}
        for f in played:                             # newest first
            for s in f.seats:
                if s.score == best:
                    holders.setdefault(s.name, f.setting)
        who = [f"{n} ({setting})" for n, setting in list(holders.items())[:HOLDERS]]
        if len(holders) > HOLDERS:
            who.append(words.plural(len(holders) - HOLDERS, "other"))
        lines.append(f"{titles[name]} — {best} VP: {words.join_names(who)}")
    mine = people.get(user_id)
    if mine is None:
        lines.append(f"**You** have not played a game to the end {where} yet.")
    else:
        score, title, setting = max((s.score, titles[f.game], f.setting) for f in finishes
                                    for s in f.seats if s.user_id == user_id)
        lines.append(f"**You** — {tally(mine)}; your best: {score} VP at {title} "
                     f"({setting}).")
    return lines


def tally(record: Record) -> str:
    return f"{words.plural(record.wins, 'win')} in {words.plural(record.games, 'game')}"
