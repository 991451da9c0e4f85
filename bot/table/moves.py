"""The move desk: the one path a move takes, autocomplete, undo, resigning, and handing
an absent player's seat to a computer (its player may take it back: ``bot.table.reclaim``).

A move: load -> authorise -> complete the verb's parameter -> parse -> apply -> computer
seats play until a human must act -> append everything in one version-checked
transaction -> reply with the picture (showing every move since this decision).

A refusal never talks about hidden information the refused move itself would have turned
over: when a whole turn typed at once fails at a step *after* a step that revealed
something (a colony stack turned face up), the steps before the failing one are played —
as they would be at a real table, where a revealed stack cannot be hidden again — and only
the rest is refused, in words about what is now public.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from pydantic import BaseModel

from bot.store import DiskFull, SeatRow, StaleVersion
from bot.table import lobby, words
from bot.table.computers import check_level, former_seat, taken_over, with_level
from bot.table.narrate import (
    Narrator,
    play_lines,
    private_events,
    waited_for,
    waiting_users,
)
from bot.table.replies import MovedOn, Reply, TableError
from bot.table.suggest import suggest
from bot.table.table import Table
from bot.table.tables import DISK_FULL, Play, Tables
from rules import Event, Game, Move, RulesError
from rules.chat import Verb

log = logging.getLogger(__name__)

MAX_INPUT = 400      # characters: no move of any game is longer; refuse before parsing


@dataclass
class Prefix:
    """The steps of a refused compound move that applied, when one of them revealed
    something."""

    plays: list[tuple[Move, list[Event], BaseModel]]    # step, events, state before it
    state: BaseModel                                    # the state after them
    error: RulesError                                   # why the next step was refused


def reveal_prefix(g: Game, state: BaseModel, seat: int, move: Move) -> Prefix | None:
    """Apply ``move``'s steps one by one; if a step fails after an earlier step revealed
    something, the steps before the failing one. None when there is no such prefix or it
    cannot be logged step by step."""
    steps = g.steps(move)
    if len(steps) < 2:
        return None
    done: list[tuple[Move, list[Event], BaseModel]] = []
    current = state
    error: RulesError | None = None
    for step in steps:
        try:
            after, events = g.apply(current, seat, step)
        except RulesError as exc:
            error = exc
            break
        done.append((step, events, current))
        current = after
    if error is None:
        return None
    if not any(e.reveals for _, events, _ in done for e in events):
        return None
    kept = done
    for step, _, before in kept:        # each step must replay from the log on its own
        try:
            if g.parse(before, seat, str(step)) != step:
                return None
        except RulesError:
            return None
    end = kept[-1]
    return Prefix(kept, g.apply(end[2], seat, end[0])[0], error)


class MoveDesk:
    def __init__(self, tables: Tables, narrator: Narrator, replace_after: float) -> None:
        self.tables = tables
        self.narrator = narrator
        self.replace_after = replace_after      # seconds waited on a player before another
                                                # may hand their seat to a computer

    # Who may act ---------------------------------------------------------------------

    def verb_of(self, table: Table, verb: str | None) -> Verb | None:
        if not verb:
            return None
        found = table.game.verb(verb)
        if found is None:
            own = " ".join(f"`/{v.name}`" for v in table.game.texts.verbs)
            raise TableError(f"`/{words.excerpt(verb, 30)}` is not a {table.game.title} "
                             f"command. {table.game.title}'s moves: {own}, or any move with "
                             "`/move`.")
        return found

    def authorise(self, table: Table, user_id: int) -> int:
        assert table.state is not None
        seat = self.seated(table, user_id)
        g = table.game
        if not g.to_act(table.state):
            raise TableError("This game is over. See `/score`, or start a new one with "
                             f"{table.start_command}.")
        if seat not in g.to_act(table.state):
            reason = words.name_seats(g.idle_reason(table.state, seat), table.names)
            raise TableError(f"{reason} I'll DM you when it is your turn (unless you turned "
                             "that off with `/notify off`).")
        return seat

    def seated(self, table: Table, user_id: int) -> int:
        """The caller's seat, or a refusal: a seat a computer plays for them now says so
        (and that `/join` takes it back), anyone else is told who plays."""
        seat = table.seat_of(user_id)
        if seat is None:
            found = former_seat(table.row.options, table.seats, user_id)
            if found is not None:           # handed to a computer (/resign, /replace)
                theirs = table.seats[found[0]]
                raise TableError(
                    f"Your {theirs.colour} seat is played by {theirs.name} now; `/join` in "
                    f"<#{table.row.channel_id}> takes it back, and you play on from where "
                    "the game stands.")
            playing = words.join_names([s.name for s in table.seats])
            raise TableError(f"You are not playing in this game ({playing} are). You can "
                             "watch with `/board`, or start your own table in another channel.")
        return seat

    def notation(self, g: Game, state: BaseModel, seat: int, move: Move, typed: str) -> str:
        """The text to log: the canonical notation when it reads back as the same move
        (so the log replays exactly), else what the player typed."""
        canonical = str(move)
        if canonical == typed:      # it was just read as this very move (a panel press)
            return canonical
        try:
            if g.parse(state, seat, canonical) == move:
                return canonical
        except RulesError:
            pass
        log.warning("notation %r does not read back as the move; logging %r", canonical, typed)
        return typed

    # Moves ---------------------------------------------------------------------------

    async def move(self, channel_id: int, user_id: int, text: str,
                   verb: str | None = None, expect: tuple[int, int] | None = None) -> Reply:
        """Play ``text`` (a whole turn or one decision); ``verb`` is the slash command used
        (None for /move), which completes a bare parameter. ``expect``: the (game id,
        version) the caller saw — a panel press — else MovedOn and nothing changes."""
        table = await self.tables.active(channel_id)
        if expect is not None and (table.row.id, table.row.version) != expect:
            raise MovedOn("The board has moved on since then; nothing was changed.")
        spec = self.verb_of(table, verb)
        seat = self.authorise(table, user_id)
        g, state = table.game, table.state
        assert state is not None
        if len(text) > MAX_INPUT:
            raise TableError(f"That is too long to be a move ({len(text)} characters). "
                             f"`/{g.name} rules` shows the notation.")
        if not any(ch.isalnum() or ch == "." for ch in text) and not (
                spec is not None and spec.optional and not text.strip()):
            # nothing but separators or symbols is no move at all, whatever the verb; a
            # verb whose parameter may be left out (`/pass`) means its bare word
            if spec is not None and not text.strip():     # a bare verb: its own hint
                raise TableError(f"`/{spec.name}` needs its {spec.option}: "
                                 f"{spec.option_description.rstrip('.')}.")
            raise TableError(f"Type a move, {g.texts.examples or 'see /help'}.")
        typed = g.complete(state, seat, spec, text)
        try:
            move = g.parse(state, seat, typed)
        except RulesError as exc:
            raise self.refusal(table, exc, typed) from None
        try:
            after, events = g.apply(state, seat, move)
        except RulesError as exc:
            prefix = reveal_prefix(g, state, seat, move)
            if prefix is None:
                raise self.refusal(table, exc, typed) from None
            return await self._partial(table, seat, user_id, prefix)
        plays = [Play(seat, user_id, self.notation(g, state, seat, move, typed), events,
                      g.public_text(state, seat, move))]
        return await self._finish(table, plays, after, user_id,
                                  since=self.narrator.since(table))

    def refusal(self, table: Table, exc: RulesError, typed: str) -> TableError:
        reason = words.name_seats(str(exc), table.names)
        return TableError(words.clip(f"{reason}\n(You sent `{words.excerpt(typed)}`; nothing "
                                     "was changed.)"))

    async def _finish(self, table: Table, plays: list[Play], after: BaseModel, user_id: int,
                      since: BaseModel | None, private: str = "") -> Reply:
        g = table.game
        told = waited_for(table)
        more, after = await self.tables.computers(
            Table(table.row, table.seats, g, after, table.ply + len(plays)), after)
        plays += more
        # the picture starts while the moves are committed (the store's round trip, 2-3 ms
        # under load, then hides behind the drawing); its view is the one the committed
        # table, one version on, shows. A commit that fails leaves the picture unused.
        ahead = Table(replace(table.row, version=table.row.version + 1), table.seats, g,
                      after, table.ply + len(plays))
        drawing = self.narrator.start_picture(ahead, since)
        table = await self.tables.commit(table, plays, after, mover=user_id)
        reply = await self.narrator.board_reply(table, play_lines(table, plays), user_id,
                                                told=told, since=since, drawing=drawing)
        secrets = private_events(table, plays)
        mine = secrets.pop(user_id, "")
        reply.private = "\n".join(x for x in (private, mine) if x)
        reply.dms.update(secrets)
        return reply

    async def _partial(self, table: Table, seat: int, user_id: int, prefix: Prefix) -> Reply:
        g = table.game
        plays = [Play(seat, user_id, str(step), events, g.public_text(before, seat, step))
                 for step, events, before in prefix.plays]
        played = ", ".join(f"`{p.shown}`" for p in plays)
        after_names = words.name_seats(str(prefix.error), table.names)
        note = (f"Only the first part of your turn was played ({played}): it turned hidden "
                f"information face up, which cannot be taken back. The rest was refused: "
                f"{after_names}\nCarry on from here.")
        assert table.state is not None
        return await self._finish(table, plays, prefix.state, user_id,
                                  since=self.narrator.since(table),
                                  private=words.clip(note))

    async def reads_as_move(self, channel_id: int, user_id: int, text: str) -> bool:
        """Would the game read ``text`` as a move of the caller's (legal now or not)?"""
        try:
            table = await self.tables.active(channel_id)
        except TableError:
            return False
        seat = table.seat_of(user_id)
        assert table.state is not None
        try:
            table.game.parse(table.state, 0 if seat is None else seat, text[:MAX_INPUT])
        except RulesError:
            return False
        return True

    async def cannot_move(self, channel_id: int, user_id: int, verb: str | None) -> str | None:
        """Why the caller could not move with ``verb`` now (None: they could)."""
        try:
            table = await self.tables.active(channel_id)
            self.verb_of(table, verb)
            self.authorise(table, user_id)
        except TableError as exc:
            return str(exc)
        return None

    async def suggestions(self, channel_id: int, user_id: int, verb: str | None,
                          typed: str) -> list[tuple[str, str]]:
        """Autocomplete: up to 25 (value, label) pairs from the legal moves. ``value`` is a
        notation that ``move(..., verb)`` accepts back as ``text``. Empty when the caller
        may not act or the verb is not this game's."""
        try:
            table = await self.tables.active(channel_id)
            spec = self.verb_of(table, verb)
            seat = self.authorise(table, user_id)
        except TableError:
            return []
        assert table.state is not None
        return suggest(table.game, table.state, seat, spec, typed[:MAX_INPUT])

    # Taking back and handing over ----------------------------------------------------

    async def undo(self, channel_id: int, user_id: int, version: int | None = None) -> Reply:
        """Take back the caller's last move while nobody — a computer included — has
        acted since, and it revealed nothing. ``version``: the game's version an "↩ Undo"
        button was offered at — refused once the game has changed (that button would
        otherwise take back a later move of theirs)."""
        table = await self.tables.active(channel_id)
        self.seated(table, user_id)
        if version is not None and table.row.version != version:
            raise TableError("The game has moved on since that move, so that button no longer "
                             "applies; `/undo` takes back your last move while nobody else "
                             "has acted since.")
        told = waited_for(table)
        last = await self.tables.store.last_moves(table.row.id, 1)
        if not last or last[-1].user_id != user_id:
            if not await self._has_moved(table, user_id):
                raise TableError("You have not moved yet in this game, so there is nothing to "
                                 "undo.")
            who = table.names[last[-1].seat] if last else "someone"
            if last and last[-1].user_id is None and table.seats[last[-1].seat].human:
                # a computer moved for a player who has since taken the seat back
                mine_now = table.seat_of(user_id) == last[-1].seat
                who = ("The computer player that played your seat" if mine_now else
                       f"The computer player that played {who}'s seat")
            raise TableError(f"{who} has acted since your last move, so it cannot be taken "
                             "back: undo works only until anyone else — a computer player "
                             "included — acts.")
        mine_row = last[-1]
        if mine_row.reveals:
            raise TableError("Your move brought hidden information to light, so it cannot "
                             "be taken back.")
        target = mine_row.ply - 1
        row, seats, snap, log_moves = await self.tables.store.read_log(table.row.id,
                                                                      upto=target)
        _, state = self.tables.replay(table.game, row, snap, log_moves)
        back = Table(table.row, table.seats, table.game, state, target)
        waiting = waiting_users(back)       # the undoer too, when it is their move again
        try:
            version = await self.tables.store.truncate(
                table.row, target, self.tables.clock(), waiting=waiting, mover=user_id,
                follow_up=self.tables.follow_up)
        except StaleVersion:
            self.tables.forget(table.row.id)
            raise await self.tables.race(channel_id) from None
        except DiskFull:
            raise TableError(DISK_FULL) from None
        self.tables.remember(table.row.id, version, target, state, table.seats)
        table = await self.tables.here(channel_id)
        lines = [f"↩️ {table.names[mine_row.seat]} took back `{mine_row.shown}`."]
        return await self.narrator.board_reply(table, lines, user_id, told=told)

    async def _has_moved(self, table: Table, user_id: int) -> bool:
        """Has ``user_id`` made any move of this game? (The whole log, read only on the
        way to a refusal: a player back at a seat a computer played for hundreds of moves
        moved long ago.)"""
        return any(m.user_id == user_id for m in await self.tables.store.moves(table.row.id))

    async def _hand_over(self, table: Table, seat: int,
                         level: str) -> tuple[Table, list[Play]] | None:
        """``seat`` becomes a computer seat at ``level`` under the takeover name,
        remembering whose it was (``computers.taken_over``: its player may take it back);
        the computers play until a human must act, all committed at once. None: no human
        would be left, so the game was closed instead."""
        assert table.state is not None
        old = table.seats[seat]
        name = lobby.takeover_name(table.seats, old.name)
        seats = [SeatRow(s.seat, None, name, s.colour)
                 if s.seat == seat else s for s in table.seats]
        options = with_level(table.row.options, name, level)
        if old.user_id is not None:         # whose it was: the player may take it back
            options = taken_over(options, seat, old.user_id, old.name)
        if not any(s.human for s in seats):
            await self.tables.update(table, seats=seats, status="abandoned",
                                     clear_reminders=True, options=options)
            return None
        table = Table(replace(table.row, options=options), seats, table.game, table.state,
                      table.ply)
        plays, state = await self.tables.computers(table, table.state)
        table = await self.tables.commit(table, plays, state, mover=None, seats=seats,
                                         options=options)
        return table, plays

    async def resign(self, channel_id: int, user_id: int, level: str | None = None) -> Reply:
        """The caller's seat becomes a computer seat at ``level`` (default normal), which
        plays on. (Adapters ask first.)"""
        level = check_level(level)
        table = await self.tables.here(channel_id)
        if table.row.status == "lobby":
            raise TableError("The game has not started: `/leave` the lobby instead.")
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            raise TableError("You are not playing in this game.")
        old, told = table.seats[seat], waited_for(table)
        done = await self._hand_over(table, seat, level)
        if done is None:
            return Reply(text=f"{old.name} resigned and no human players are left, so the game "
                              f"is closed. `/rematch` plays it again, or start a new one with "
                              f"{table.start_command}.", rematch=table.row.id)
        table, plays = done
        lines = [f"🏳️ {old.name} resigned; a computer player takes over the {old.colour} seat "
                 f"and plays on at {level} level.", *play_lines(table, plays)]
        return await self.narrator.board_reply(table, lines, None, told=told)

    # Handing an absent player's seat over ---------------------------------------------

    async def waiting_since(self, table: Table, seat: int) -> float:
        """Since when (seconds since the epoch) the game has waited on ``seat``, from what
        the store keeps: the time of the move after which the game came to wait on the
        seat and has waited on it ever since — the seat's own last move at the earliest,
        else the start — and never before the player last acted while waited on (the
        reminder row the store made then, which an undo leaves where the log does not)."""
        store = self.tables.store
        g, row = table.game, table.row
        log_moves = await store.moves(row.id)
        reminders = await store.reminders(row.id)
        own = next((m for m in reversed(log_moves) if m.seat == seat), None)
        since: float | None
        if own is not None:
            start, since = own.ply, own.created
        else:
            # the start, no earlier than it was: the earliest of the game row's last change,
            # its first move and its reminders' rows (each made at the start or after)
            start = 0
            since = min([row.updated, *(m.created for m in log_moves[:1]),
                         *(r.created for r in reminders)])
        try:
            game_row, _, snap, upto = await store.read_log(row.id, upto=start)
            _, state = self.tables.replay(g, game_row, snap, upto)
            if seat not in g.waiting_on(state):
                since = None
            for m in log_moves:
                if m.ply <= start:
                    continue
                state, _ = g.play(state, m.seat, m.notation)
                if seat not in g.waiting_on(state):
                    since = None
                elif since is None:
                    since = m.created
        except (RulesError, TableError):
            log.warning("game %s: could not replay to time the wait on seat %s", row.id, seat)
            since = None
        if since is None:       # (not waited on after all, or no replay): the last change
            since = log_moves[-1].created if log_moves else row.updated
        user = table.seats[seat].user_id
        for r in reminders:
            if r.user_id == user:
                since = max(since, r.created)
        return since

    async def check_replace(self, channel_id: int, user_id: int, target_id: int,
                            target_name: str, can_manage: bool = False
                            ) -> tuple[Table, int, float]:
        """May the caller hand ``target_id``'s seat to a computer now? (table, seat, seconds
        the game has waited on it), else TableError with the reason; nothing changes."""
        table = await self.tables.here(channel_id)
        if table.row.status == "lobby":
            raise TableError(
                f"The {table.game.title} game has not started, so there is no seat to hand "
                f"over: {target_name} can `/leave` the lobby, or the host can close it with "
                f"`/abandon` and open a new one with {table.start_command}.")
        caller = table.seat_of(user_id)
        if caller is None and not can_manage:
            raise TableError("Only the players of this game (or someone who can manage this "
                             "channel) can hand a seat to a computer player.")
        if target_id == user_id:
            raise TableError("That is your own seat: `/resign` hands it to a computer player.")
        seat = table.seat_of(target_id)
        if seat is None:
            typed = target_name.lower()         # the local table names seats as typed
            computer = next((s for s in table.seats if not s.human and typed in (
                s.name.lower(), s.name.lower().partition(" (")[0])), None)
            if computer is not None:
                raise TableError(f"{computer.name} is a computer player already.")
            playing = words.join_names([s.name for s in table.seats if s.human])
            raise TableError(f"{target_name} is not playing in this game ({playing} "
                             f"{'is' if sum(s.human for s in table.seats) == 1 else 'are'}).")
        g, state, name = table.game, table.state, table.seats[seat].name
        assert state is not None
        if not g.to_act(state):
            raise TableError("This game is over, so no seat needs a computer player. See "
                             "`/score`.")
        waiting = g.waiting_on(state)
        if seat not in waiting:
            others = words.join_names(["you" if s == caller else table.names[s]
                                       for s in waiting])
            raise TableError(f"The game is not waiting on {name} (it waits on {others}), so "
                             f"{name}'s seat cannot be handed to a computer player: only a "
                             "player the game is waiting on can be.")
        waited = self.tables.clock() - await self.waiting_since(table, seat)
        if not can_manage and waited < self.replace_after:
            raise TableError(
                f"The game has waited on {name} for {words.duration(waited)}; a player can "
                f"hand {name}'s seat to a computer after {words.duration(self.replace_after)}, "
                "or a moderator now.")
        return table, seat, waited

    async def replace(self, channel_id: int, user_id: int, user_name: str, target_id: int,
                      target_name: str, level: str | None = None,
                      can_manage: bool = False) -> Reply:
        """Hand the seat of a player the game has waited on for ``replace_after`` seconds
        (at once for a member with Manage Channel, ``can_manage``) to a computer at
        ``level`` (default normal), which plays on; the player is told by DM unless
        their DMs are off or closed. (Adapters ask first.)"""
        level = check_level(level)
        table, seat, waited = await self.check_replace(channel_id, user_id, target_id,
                                                       target_name, can_manage)
        old = table.seats[seat]
        mine = table.seat_of(user_id)
        who = table.seats[mine].name if mine is not None else user_name
        title, told = table.game.title, waited_for(table)
        done = await self._hand_over(table, seat, level)
        if done is None:
            return Reply(text=f"{who} handed {old.name}'s seat to a computer player and no "
                              f"human players are left, so the {title} game is closed. "
                              f"`/rematch` plays it again, or start a new one with "
                              f"{table.start_command}.", rematch=table.row.id)
        table, plays = done
        lines = [f"🤖 {who} handed {old.name}'s {old.colour} seat to a computer player, "
                 f"which plays on at {level} level (the game had waited on {old.name} for "
                 f"{words.duration(waited)}).", *play_lines(table, plays)]
        reply = await self.narrator.board_reply(table, lines, None, told=told)
        dms, closed = await self.tables.store.prefs(target_id)
        if dms and not closed:
            reply.dms[target_id] = (
                f"🤖 The {title} game in <#{channel_id}> had waited on you for "
                f"{words.duration(waited)}, so {who} handed your {old.colour} seat to a "
                f"computer player, which plays on for you at {level} level. You can watch "
                "the game there with `/board`, and take your seat back with `/join` there.")
        return reply
