"""Navegador at the chat table: what a slash verb's bare parameter means, which whole turns
autocomplete offers for each verb, what a click panel offers, and the few sentences the
table prints about the game.

A turn starts with a rondel step, so a verb at a turn start composes "move there + do
this" (`/hire 2` -> `workers 2`); mid-turn a verb only continues the turn it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules.chat import Verb
from rules.contract import Choice, GameResult, Move
from rules.errors import RulesError
from rules.navegador import actions, turn
from rules.navegador.data import ROMAN, load_data
from rules.navegador.lexicon import COLUMN_WORDS
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
    Step,
    Turn,
    Units,
)
from rules.navegador.notation import ACTION_WORDS, normalise
from rules.navegador.state import NavegadorState
from rules.shell import shell

# Words that already name an action (or end one): text starting with one is notation.
LEADING = set(ACTION_WORDS) | {"card", "navegador", "navegador-card", "extra", "king",
                               "sell", "process", "done", "skip"}
ENDERS = {"done", "skip", "pass", "nothing", "none", "end", "-"}


def _first_word(text: str) -> str:
    clean = normalise(text)
    return clean.split(" ")[0] if clean else ""


def verb_word(state: NavegadorState, verb: Verb | None) -> str | None:
    """The notation word a verb stands for now (`/privilege` places the King's privilege
    at the end of the game)."""
    if verb is None:
        return None
    if verb.word == "privilege" and state.step == "king":
        return "king"
    return verb.word


def complete(state: NavegadorState, verb: Verb | None, text: str) -> str:
    """'/hire 2' -> 'workers 2'; text that already names its action is left alone."""
    text = text.strip()
    word = verb_word(state, verb)
    if not word:
        return text
    first = _first_word(text)
    if state.step in ("sail", "card_sail") and word in ("sail", "card"):
        return text or "done"   # while sailing, bare legs keep the sail open
    if first in ENDERS and state.step == "start":
        return f"{word} {text}"  # '/sail done' at a turn start: move there, do nothing
    if word == "card" and first == "sail":
        return f"{word} {text}"  # `/navegador-card sail POR>GUI x2` is the card's Sail
    if word in ("privilege", "king") and first in COLUMN_WORDS:
        # `/privilege colony`: the column's name, though "colony" is also an action word
        return f"{word} {text}"
    keys = {s.key for s in load_data().rondel}
    if first in LEADING or first in keys:
        return text
    return f"{word} {text}".strip()


def _action_of(space: int) -> str:
    return load_data().rondel[space].action


def _pointless(state: NavegadorState, seat: int, move: Move) -> bool:
    """Legal but never wise: buying workers or ships only to sell them straight back at no
    gain (one bought for 50 Cr and sold back for 100 is offered)."""
    if isinstance(move, Units):
        return actions.sold_back_at_a_loss(state, state.sheets[seat], move.what, move.count)
    return False


def _apply(state: NavegadorState, seat: int, move: Move) -> NavegadorState | None:
    """The state after ``move``, only to list what follows it: the search's fast copy
    (the same state as ``apply``, a property test says so), not the full one — a turn
    start's panel applies every rondel space."""
    from rules.navegador.computer import simulate

    try:
        return simulate(state, seat, move)
    except RulesError:
        return None


def _legal(state: NavegadorState, seat: int) -> list[Move]:
    from rules.navegador.legal import legal_steps

    return list(legal_steps(state, seat))


def _card_turns(state: NavegadorState, seat: int) -> Iterator[Move]:
    """The card's extra sail with one leg (never a card with nowhere to sail)."""
    for m in _legal(state, seat):
        if isinstance(m, CardSail):
            after = _apply(state, seat, m)
            if after is None:
                continue
            for leg in _legal(after, seat):
                if isinstance(leg, Leg):
                    yield Turn(steps=(m, leg, Done()))


def _rondel_turns(state: NavegadorState, seat: int, word: str | None) -> Iterator[Move]:
    """Rondel step + action, free steps first, for every action (or the verb's)."""
    rondels = [m for m in _legal(state, seat) if isinstance(m, Rondel)
               and (word is None or _action_of(m.space) == word)]
    rondels.sort(key=lambda r: (len(r.pay), r.space))
    for r in rondels:
        after = _apply(state, seat, r)
        if after is None:
            continue
        acting = [m for m in _legal(after, seat) if not isinstance(m, (Done, Skip))
                  and not _pointless(after, seat, m)]
        for m in acting:
            yield Turn(steps=(r, m, Done()) if isinstance(m, Leg) else (r, m))
        yield Turn(steps=(r, Skip()) if _action_of(r.space) != "sail" else (r, Done()))


def suggestions(state: NavegadorState, seat: int, verb: Verb | None) -> Iterator[Move]:
    """What a verb may offer now, best first: only moves that verb stands for."""
    word = verb_word(state, verb)
    step = state.step
    if step == "start":
        if word in (None, "card"):
            yield from _card_turns(state, seat)
        if word != "card":
            yield from _rondel_turns(state, seat, word)
        return
    legal = [m for m in _legal(state, seat) if not _pointless(state, seat, m)]
    if step in ("sail", "card_sail"):
        if word in (None, "sail") or (word == "card" and step == "card_sail"):
            yield from legal
        return
    if step == "action":
        if word is None or word == turn.current_action(state):
            yield from legal
        return
    if step == "king" and word in (None, "king"):
        from rules.navegador.scoring import king_gain

        kings = [m for m in legal if isinstance(m, King)]
        yield from sorted(kings, key=lambda m: -king_gain(state.sheets[seat], m.column))


# Click panels -------------------------------------------------------------------------
#
# At a turn start a panel offers whole turns, grouped by rondel space in the order the
# stone reaches them (the free spaces first): `build` › `sugar+shipyard`, or `build` ›
# `pay GUI x2` › `sugar+shipyard` when the move costs ships (the payment first: it is one
# choice for every action there). A Sail is one press (the stone moves) and then its
# legs: from where › to where › how many.


def _place(region: str) -> str:
    return load_data().region(region).name


def _leg_choice(state: NavegadorState, seat: int, leg: Leg) -> Choice:
    """A leg after which no ship can sail on (an exploration, the last leg) ends the sail
    in the same press, and says so: the panel after it would hold only [done]."""
    path = _leg_path(state, leg)
    assert state.sail is not None
    able = sum(r >= 1 for pool in state.sail.reach.values() for r in pool)
    if able > sum(p.count for p in leg.paths):
        # Another ship can still move: the sail goes on (near enough to skip the
        # state copy per leg, ~0.15 ms each, that a rich sail's panel would pay).
        return Choice(path, leg)
    after = _apply(state, seat, leg)
    if after is None or after.step != state.step or any(
            isinstance(m, Leg) for m in _legal(after, seat)):
        return Choice(path, leg)
    return Choice((*path[:-1], f"{path[-1]} · ends the sail"), _turn(leg, DONE))


def _leg_path(state: NavegadorState, leg: Leg) -> tuple[str, ...]:
    """`Bahia` › `→ Guiné` › `×2`; a leg into an unexplored region says it explores
    (ships are lost there), and ships from several regions count in their order:
    `Angola + Rio de Janeiro` › `→ Cabo da Boa Esperança (explore)` › `×1 + ×2`."""
    dest = leg.paths[0].dest
    to = f"→ {_place(dest)}" + (" (explore)" if state.regions[dest].explorer else "")
    if len(leg.paths) == 1:
        p = leg.paths[0]
        return (_place(p.origin), to, f"×{p.count}")
    origins = " + ".join(_place(p.origin) for p in leg.paths)
    return (origins, to, " + ".join(f"×{p.count}" for p in leg.paths))


def _action_path(state: NavegadorState, seat: int, step: Step) -> tuple[str, ...]:
    """An action's own labels, after its space: `2`, `sugar+shipyard`, `sell gold` ›
    `process 2 sugar+1 spice`, `Guiné ×2, Bahia`, `skip`. A process label counts the
    goods each processes, the orange factory's included (the notation's
    `sugar+orange+spice` and `sugar+spice+orange` read alike to a new player)."""
    if isinstance(step, Market):
        parts = []
        if step.sell:
            parts.append("sell " + "+".join(step.sell))
        if step.process:
            sheet = state.sheets[seat]
            parts.append("process " + "+".join(
                f"{actions.process_units(sheet, p)} {p.good}" for p in step.process))
        return tuple(parts)
    if isinstance(step, Colony):     # place names, as on the sail buttons
        return (_places(step.regions),)
    if isinstance(step, Skip):
        return ("skip",)
    # a button has no description line: what it costs or brings goes on the label
    if isinstance(step, Units):
        price, _, sold = actions.unit_outcome(state, state.sheets[seat], step.what, step.count)
        back = load_data().overflow_sell_price * sold
        back_text = f", {sold} sold back for {actions.cr(back)}" if sold else ""
        return (f"{step.count} · {actions.cr(price)}{back_text}",)
    if isinstance(step, Build):
        return (f"{step.params()} · {actions.cr(actions.build_cost(state, step.rows))}",)
    if isinstance(step, Privilege):
        gain = actions.check_privilege(state, seat, step)
        return (f"{step.column} · +{actions.cr(gain)}",)
    return (step.params(),)  # type: ignore[union-attr]


def _places(regions: tuple[str, ...], name: Callable[[str], str] = _place) -> str:
    """("BAH", "GUI", "GUI") -> `Bahia, Guiné ×2` (with ``name=str``: `BAH, GUI ×2`)."""
    return ", ".join(name(r) + (f" ×{n}" if (n := regions.count(r)) > 1 else "")
                     for r in dict.fromkeys(regions))


PAY_NAMES = 24     # characters of place names a payment label spells out; codes beyond


def _pay_label(rondel: Rondel) -> str:
    """`pay 3 ships (Bahia, Guiné ×2)` — the notation's `pay BAH, GUI x2` in words; from
    far-apart regions in codes, so that the action's own label still fits its button:
    `pay 3 ships (ANG, CAB, RIO)`."""
    where = _places(rondel.pay) if len(set(rondel.pay)) > 1 else _place(rondel.pay[0])
    if len(where) > PAY_NAMES:
        where = _places(rondel.pay, name=str)
    return f"pay {actions.plural(len(rondel.pay), 'ship')} ({where})"


def _turn_choices(state: NavegadorState, seat: int, rondel: Rondel) -> Iterator[Choice]:
    pay = (_pay_label(rondel),) if rondel.pay else ()
    if _action_of(rondel.space) == "sail":
        if state.sheets[seat].ships_on_board > len(rondel.pay):
            yield Choice((rondel.key, *pay), rondel)   # the legs follow, one press each
        else:       # no ship left to sail (paid ships leave the board): one press, named so
            yield Choice((rondel.key, *pay, "skip"), _turn(rondel, DONE))
        return
    after = _apply(state, seat, rondel)
    if after is None:
        return
    for m in _legal(after, seat):
        if not isinstance(m, (Done, Skip)) and not _pointless(after, seat, m):
            yield Choice((rondel.key, *pay, *_action_path(after, seat, m)),
                         _turn(rondel, m))
    yield Choice((rondel.key, *pay, "skip"), _turn(rondel, SKIP))


SKIP = Skip()
DONE = Done()
CARD = "Navegador card (extra Sail)"      # the button, beside the rondel's spaces
_A_TURN = Turn(steps=(SKIP,))


def _turn(*steps: Step) -> Turn:
    """A turn of steps the rules listed (so already valid), built without validating them
    again: a turn start's panel builds dozens. Equal to ``Turn(steps=steps)``."""
    return shell(_A_TURN, {"kind": "turn", "steps": steps})


def choices(state: NavegadorState, seat: int) -> list[Choice]:
    """What a click panel offers: whole turns by rondel space at a turn start, else the
    step at hand (legs, then `done`; the action or `skip`; the King's privilege). The
    Navegador card only when one of the holder's ships can sail: played with nowhere to
    sail, it is only passed on."""
    legal = _legal(state, seat)
    if state.step == "start":
        cards = [Choice((CARD,), m) for m in legal if isinstance(m, CardSail)]
        stone = state.sheets[seat].stone
        rondels = sorted((m for m in legal if isinstance(m, Rondel)),
                         key=lambda r: (turn.rondel_distance(stone, r.space), r.pay))
        out: list[Choice] = []
        for r in rondels:
            out += _turn_choices(state, seat, r)
        if cards and out and card_legs(state, seat) is None:
            cards = []
        return cards + out
    if state.step in ("sail", "card_sail"):
        return [_leg_choice(state, seat, m) if isinstance(m, Leg) else Choice(("done",), m)
                for m in legal]
    if state.step == "king":     # what each column is worth, the most first
        from rules.navegador.scoring import king_gain

        gains = [(king_gain(state.sheets[seat], m.column), m) for m in legal
                 if isinstance(m, King)]
        return [Choice(("king", f"{m.column} +{vp} VP"), m)
                for vp, m in sorted(gains, key=lambda g: -g[0])]
    out = []
    for m in legal:
        if _pointless(state, seat, m):
            continue
        word = str(m).split(" ", 1)[0]
        path = ("skip",) if isinstance(m, Skip) else (word, *_action_path(state, seat, m))
        out.append(Choice(path, m))
    return out


def waiting_on(state: NavegadorState) -> list[int]:
    """The card holder who *may* sail before the current turn is not waited for."""
    seats = turn.to_act(state)
    if state.current in seats and state.step != "king":
        return [state.current]
    return seats


def progress(state: NavegadorState) -> str:
    """The one numbering every message and the picture use: turns counted from 1 (one per
    player's turn), the round they belong to, and the phase."""
    from rules.navegador.view import round_of

    return (f"Phase {ROMAN[state.phase]} · Turn {state.turn} · "
            f"Round {round_of(state.turn, state.players)}")


def idle_reason(state: NavegadorState, seat: int) -> str:
    """Why ``seat`` cannot act now (the engine's own words), and, for the card holder
    waiting for their turn, what the card allows."""
    reason = turn.not_now(state, seat)
    if state.step == "start" and seat == state.card.holder and state.current != seat:
        reason += f" You hold the Navegador card: {card_note(state, seat)}"
    return reason


def card_legs(state: NavegadorState, seat: int) -> list[Leg] | None:
    """The legs the holder's card sail could start with now; None when the card may be
    played now but none of the holder's ships can sail, [] when it may not be played."""
    from rules.navegador.legal import legal_steps

    after = _apply(state, seat, CardSail()) if turn.card_usable(state, seat) else None
    if after is None:
        return []
    legs = [m for m in legal_steps(after, seat) if isinstance(m, Leg)]
    return legs or None


def card_example(state: NavegadorState, seat: int) -> str | None:
    """A card sail the holder could make now (`POR>GUI x2` when the card may not be
    played now); None when it may be, but none of the holder's ships can sail."""
    legs = card_legs(state, seat)
    if legs is None:
        return None
    return str(legs[0]) if legs else "POR>GUI x2"


def card_when(state: NavegadorState, seat: int | None = None) -> str:
    """When the holder may play the card (with a sail ``seat`` could make now)."""
    from rules.navegador.options import switch

    if not all(state.first_turn_done):
        return "from the second round on"
    if switch(state, "navegador_card_anytime"):
        return "at the start of any turn"
    example = card_example(state, seat) if seat is not None else "POR>GUI x2"
    if example is None:
        return "before your own turn, once a ship of yours can sail (none can now)"
    return f"before your own turn (`/navegador-card {example}`, then your turn)"


def card_note(state: NavegadorState, seat: int) -> str:
    """When the holder may use the card, and when it lapses — for /hand and idle notes."""
    if state.card.holder != seat:
        return ""
    when = card_when(state, seat)
    if state.card_used_this_turn and state.current == seat:
        return "used this turn."
    lapse = ""
    if state.card.mark is not None:
        space = load_data().rondel[state.card.mark].key
        left = max(0, load_data().navegador_card.lap - state.card.steps)
        right = (seat - 1) % state.players              # the card passes to the right
        lapse = (f" Unused, it passes to seat {right + 1} (on your right) once your stone "
                 f"comes round to "
                 f"the orange ship on `{space}` ({left} more rondel spaces).")
    return f"you may play it {when}.{lapse}"


def prompt(state: NavegadorState, seat: int | None = None) -> str:
    """What the player to act should do now, in a few words — and, at a turn start, who
    holds the Navegador card and what it allows."""
    if state.step == "start":
        text = "choose a rondel action"
        holder = state.card.holder
        example = card_example(state, seat) if seat == holder else ""
        if seat == holder and seat != state.current and turn.card_usable(state, seat):
            # the card played at the start of someone else's turn (a variant)
            if example is None:
                return "you hold the Navegador card, but none of your ships can sail now"
            return (f"you may play your Navegador card for an extra Sail before seat "
                    f"{state.current + 1} moves (`/navegador-card {example}`)")
        if seat is not None and example and turn.card_usable(state, seat):
            return (f"{text}, or first play your Navegador card for an extra Sail "
                    f"(`/navegador-card {example}`, then your turn)")
        if seat is not None and seat == holder:
            when = card_when(state, seat if example is None else None)
            return f"{text} (you hold the Navegador card: you may play it {when})"
        if holder != state.current and card_legs(state, holder):
            # `card-anytime`: the holder may sail at the start of this turn
            return (f"{text} (seat {holder + 1} may play the Navegador card first, until "
                    "the rondel move)")
        return f"{text} (the Navegador card is with seat {holder + 1})"
    if state.step in ("sail", "card_sail"):
        from rules.navegador.legal import legal_steps

        sailor = state.sail.sailor if state.sail is not None else state.current
        legs = [m for m in legal_steps(state, sailor) if isinstance(m, Leg)]
        return (f"sailing: give routes, e.g. `{legs[0]}`, then `done`" if legs
                else "sailing: give routes, then `done`")
    if state.step == "action":
        action = turn.current_action(state)
        from rules.navegador.legal import action_moves

        example = next((str(m) for m in action_moves(state, state.current, str(action))
                        if str(m) not in ENDERS), None)
        shown = f"carry out {str(action).capitalize()}"
        return f"{shown}, e.g. `{example}`, or `skip`" if example else f"{shown} or `skip`"
    if state.step == "king":
        return "place the King's privilege"
    return "game over"


def standings(state: NavegadorState) -> GameResult:
    """Scores as they stand, best first (before the King's privilege)."""
    from rules.navegador.scoring import final_result

    result = final_result(state)
    if state.step != "over":
        result.tie_break = "Standings if the game ended now (before the King's privilege)."
    return result


def private_text(state: NavegadorState, seat: int) -> str:
    """The seat's own sheet in words (nothing of a Navegador sheet is hidden)."""
    from rules.navegador.view import build_view

    sheet = build_view(state, seat).sheets[seat]

    def listing(counts: dict[str, int]) -> str:
        return ", ".join(f"{k} {v}" for k, v in counts.items() if v) or "none"

    factories = listing({**sheet.factories, "orange": sheet.orange})   # 'sugar 2, orange 1'
    lines = [
        "Your sheet — nothing in Navegador is hidden:",
        f"💰 {sheet.cash} Cr · 👷 {sheet.workers} workers · ⛵ ships {listing(sheet.ships)} "
        f"({sheet.supply} in supply)",
        f"🏭 factories {factories}"
        + f" · shipyards {sheet.shipyards} · churches {sheet.churches}",
        f"🏝️ colonies {listing(sheet.colonies)} · explorers {sheet.explorers}",
        f"📜 privileges {listing(sheet.privileges)} · {sheet.score} VP if the game ended now",
    ]
    note = card_note(state, seat)
    if note:
        lines.append(f"🃏 You hold the Navegador card: {note}")
    return "\n".join(lines)
