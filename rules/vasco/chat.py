"""Vasco da Gama at the chat table: the one numbering, what to do now, what a slash verb's
bare parameter means, and the whole turns autocomplete offers for each verb."""

from __future__ import annotations

from collections.abc import Iterator

from rules.chat import Verb
from rules.contract import GameResult, Move
from rules.errors import RulesError
from rules.vasco.board import action_cost, char_name, disc_at, plural, reales
from rules.vasco.data import MISSIONARY, load_data
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
    Step,
    Turn,
)
from rules.vasco.state import VascoState
from rules.vasco.turn import AREA_ACTION, actor, can_launch

VERB_OF_AREA = {"recruit": "hire", "project": "buy", "character": "character",
                "navigation": "sail"}
ENDERS = {"done", "end", "finish", "stop"}


def progress(state: VascoState) -> str:
    """The one numbering everywhere: 'Round 3 of 5 · Phase 2 · number 7'."""
    rounds = load_data().rounds
    if state.phase == "over":
        return f"Game over after round {rounds}"
    if state.phase == "setup":
        return f"Setup · before round 1 of {rounds}"
    head = f"Round {state.round} of {rounds}"
    if state.phase == "place":
        return f"{head} · Phase 1 (placing discs)"
    if state.phase == "act":
        return f"{head} · Phase 2 · number {state.called}"
    return f"{head} · Phase 3 (navigation)"


def prompt(state: VascoState, seat: int | None = None) -> str:
    """What the seat to act should do now; for another seat (one that may launch while
    the table waits), that it may launch and whom the table waits for."""
    if state.phase == "over":
        return "the game is over"
    main = actor(state)
    if seat is not None and main is not None and seat != main:
        return (f"you may launch a project now (`/launch`, any time); the table waits for "
                f"seat {main + 1}")
    if state.phase == "setup":
        return "place your merchant ship (Girolamo Sernigi) before round 1 with `/sail`"
    if state.phase == "navigate":
        return "place the merchant ship (Girolamo Sernigi, phase 3) with `/sail`"
    if state.phase == "place":
        who = actor(state)
        player = state.seats[who] if who is not None else None
        if player is not None and player.discs == 0:
            numbers = " or ".join(str(n) for n in state.manuel_numbers)
            return f"place your extra disc with {numbers} (`/place`), or `/pass` to keep it back"
        return "place a disc: a free sequence number on an empty action slot (`/place`)"
    if state.expedition is not None:
        name = load_data().landing_of[state.expedition].name
        return f"send another ship to {name} (`/sail`) or `/sail done`"
    found = disc_at(state, state.called)
    if found is None:
        return "wait"
    area, _, disc = found
    cost = action_cost(state, state.called)
    gain = load_data().pass_coins(state.called)
    pay = f" paying {reales(cost)}" if cost else " for free"
    acting = [m for m in _legal(state, disc.seat) if not isinstance(m, (Pass, Launch))]
    if not acting:
        player = state.seats[disc.seat]
        if area == "navigation" and can_launch(state, disc.seat) and cost <= player.coins \
                and player.captains > 0:
            return (f"number {state.called}: launch a ship first (`/launch`) to send it "
                    f"(`/sail`), or `/pass` for {reales(gain)}")
        return (f"number {state.called}: {AREA_ACTION[area]} is not possible now "
                f"({_why_not(state, disc.seat, area, cost)}), so `/pass` for {reales(gain)}")
    return (f"number {state.called}: {AREA_ACTION[area]}{pay} (`/{VERB_OF_AREA[area]}`) or "
            f"`/pass` for {reales(gain)}")


def _why_not(state: VascoState, seat: int, area: str, cost: int) -> str:
    """Why the called number's action is impossible, in a few words for the prompt."""
    player = state.seats[seat]
    acting = (f"acting with {state.called} costs {reales(cost)} with the free-action "
              f"marker on {state.free}, and you have {reales(player.coins)}")
    if cost > player.coins:
        return acting
    left = player.coins - cost
    if area == "navigation":
        if not player.ships:
            return "you have no launched ship" + (" and no captain" if not player.captains
                                                   else "")
        if player.captains <= 0:
            return "you have no captain to sail with"
        return "no empty slot takes a ship of your strength"
    if area == "project":
        if not any(state.display) and not state.san_gabriel:
            return "no project is left to buy"
        if cost:    # the number is affordable, but not the number and a project
            rest = ("none would be left for a project" if left <= 0 else
                    f"the {reales(left)} left do not pay for a project")
            return f"{acting}: {rest}"
        if left <= 0:
            return "you have no Reales"
        return "you cannot afford a project"
    if area == "character":
        return "every character is taken this round and the coin spaces are empty"
    return "nothing to hire"


def waiting_on(state: VascoState) -> list[int]:
    """Only the seat with the regular decision: launching is never waited for."""
    seat = actor(state)
    return [] if seat is None else [seat]


def idle_reason(state: VascoState, seat: int) -> str:
    if state.phase == "over":
        return "The game is over; no more moves can be made."
    main = actor(state)
    text = f"It is not your turn: waiting for seat {main + 1} ({prompt(state, main)})." \
        if main is not None else "It is not your turn."
    if state.seats[seat].projects and not can_launch(state, seat):
        text += " (You could `/launch` a project at any time once you have the crew.)"
    return text


def complete(state: VascoState, seat: int, verb: Verb | None, text: str) -> str:
    """'/place 7 recruit-2' -> 'place 7 recruit-2'; '/sail natal-1' places the merchant
    ship when that is the decision; '/pass' ends an expedition under way."""
    text = text.strip()
    if verb is None:
        return text
    first = text.split(" ", 1)[0].lower() if text else ""
    if verb.name == "pass":
        if state.expedition is not None and first in ("", "pass", "done"):
            return "done"
        return text or "pass"
    if verb.word == "send":
        if first in ENDERS or first in (verb.word, *verb.also):
            return text
        if state.phase in ("setup", "navigate") and actor(state) == seat:
            return f"merchant {text}".strip()
        if not text and state.expedition is not None:
            return "done"
    if first in (verb.word, *verb.also):
        return text
    return f"{verb.word} {text}".strip()


def standings(state: VascoState) -> GameResult:
    from rules.vasco.scoring import result

    got = result(state)
    if state.phase != "over":
        got.tie_break = ("If the game ended now (coins / 3 and ships in hand with a captain, "
                         "before the last launches). " + got.tie_break).strip()
    return got


def private_text(state: VascoState, seat: int) -> str:
    """The seat's supply in words (nothing in Vasco da Gama is hidden)."""
    data = load_data()
    p = state.seats[seat]
    sailors = ", ".join(f"{n} {c}" for c, n in p.sailors.items() if n) or "none"
    tiles = data.tiles

    def named(ids: list[str]) -> str:
        return ", ".join(f"{t} (str {tiles[t].strength}, crew {tiles[t].crew})"
                         for t in ids) or "none"

    chars = ", ".join(char_name(c) for c in data.characters.order
                      if state.holders.get(c) == seat) or "none"
    lines = [
        "Your supply — nothing in Vasco da Gama is hidden:",
        f"💰 {reales(p.coins)} · ⭐ {p.vp} VP · 🧑‍✈️ {plural(p.captains, 'captain')} "
        f"({state.captain_supply[seat]} more in the captain supply)",
        f"⚓ sailors: {sailors} · ✝️ {plural(p.missionaries, 'missionary', 'missionaries')}",
        f"📜 projects: {named(p.projects)}",
        f"⛵ launched ships in hand: {named(p.ships)}",
        f"👑 characters: {chars} · discs left to place: {_discs(state, seat)}",
    ]
    if can_launch(state, seat):
        lines.append("You can launch a project now with `/launch` (any time, any turn).")
    return "\n".join(lines)


def _discs(state: VascoState, seat: int) -> str:
    """'4', '4 + the extra disc (...)' or 'the extra disc (...)': the Manuel I holder's
    extra disc counts while phase 1 may still place it."""
    p = state.seats[seat]
    if not (state.phase in ("setup", "place") and p.extra == "hand" and not p.extra_declined
            and state.holders.get("manuel") == seat):
        return str(p.discs)
    extra = "the extra disc (with 21 or 22, Manuel I)"
    return f"{p.discs} + {extra}" if p.discs else extra


# Autocomplete -----------------------------------------------------------------------------


def _legal(state: VascoState, seat: int) -> list[Step]:
    from rules.vasco.legal import legal_moves

    return legal_moves(state, seat)


def _apply(state: VascoState, seat: int, move: Move) -> VascoState | None:
    from rules.vasco.game import VascoDaGama

    try:
        return VascoDaGama().apply(state, seat, move)[0]
    except RulesError:
        return None


def _kind(move: Move) -> str:
    if isinstance(move, Turn):
        return _kind(next(s for s in move.steps if not isinstance(s, Launch))) \
            if any(not isinstance(s, (Launch, Done)) for s in move.steps) else "launch"
    return {Place: "place", Pass: "pass", Hire: "hire", Buy: "buy", Coins: "character",
            Character: "character", Send: "send", Merchant: "send", Launch: "launch",
            Done: "send"}.get(type(move), "")


def _score(state: VascoState, move: Step) -> tuple:
    """Sort key, best first, for a verb's suggestions."""
    data = load_data()
    if isinstance(move, Place):
        cost = max(0, state.free + 3 - move.number)
        return (cost > 0, -move.number if cost else move.number, move.area, move.slot)
    if isinstance(move, Hire):
        return (-len(set(move.sailors)), -len(move.sailors), not move.captain)
    if isinstance(move, Buy):
        if move.san_gabriel:
            return (1, 0)
        return (0 if len(move.tiles) == 2 else 2, move.tiles)
    if isinstance(move, Send):
        info = data.landing_of[move.landing]
        return (-info.slots[move.slot - 1], move.ship)
    if isinstance(move, Merchant):
        return (-data.landing_of[move.landing].slots[move.slot - 1],)
    if isinstance(move, Launch):
        return (-data.tiles[move.tile].crew, move.tile, MISSIONARY not in move.colours)
    return (0,)


def _first_places(moves: list[Step]) -> list[Step]:
    """Every area once first (its best number), then the rest: 25 choices should show
    every area."""
    seen: set[str] = set()
    head, tail = [], []
    for move in moves:
        if isinstance(move, Place) and move.area not in seen:
            seen.add(move.area)
            head.append(move)
        else:
            tail.append(move)
    return head + tail


def suggestions(state: VascoState, seat: int, verb: Verb | None) -> Iterator[Move]:
    """Whole turns for a verb, best first (an expedition closes after its ships)."""
    word = None if verb is None else ("pass" if verb.name == "pass" else verb.word)
    legal = _legal(state, seat)
    if state.expedition is not None and word in (None, "send", "pass"):
        yield Done()
    if word is None and state.phase == "act" and any(isinstance(m, Pass) for m in legal):
        yield Pass()        # /move: the pass shows beside a long list of hires or sends
    ranked = sorted(legal, key=lambda m: (_kind(m), _score(state, m)))
    if word is None or word == "place":
        yield from _first_places([m for m in ranked if isinstance(m, Place)])
    for move in ranked:
        kind = _kind(move)
        if isinstance(move, Place) or (word is not None and kind != word):
            continue
        if isinstance(move, Send):
            yield Turn(steps=(move, Done()))
        elif isinstance(move, Done):
            continue
        else:
            yield move
    if word in (None, "launch", "send") and actor(state) == seat and state.phase == "act" \
            and state.expedition is None:
        yield from _launch_and_send(state, seat, legal)


def _launch_and_send(state: VascoState, seat: int, legal: list[Step]) -> Iterator[Move]:
    """On an expedition call: launch a project and send it at once."""
    found = disc_at(state, state.called)
    if found is None or found[0] != "navigation" or state.seats[seat].captains <= 0:
        return
    for launch in [m for m in legal if isinstance(m, Launch)][:12]:
        after = _apply(state, seat, launch)
        if after is None:
            continue
        sends = sorted((m for m in _legal(after, seat)
                        if isinstance(m, Send) and m.ship == launch.tile),
                       key=lambda m: _score(after, m))
        for send in sends[:2]:
            yield Turn(steps=(launch, send, Done()))
