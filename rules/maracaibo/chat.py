"""Maracaibo at the chat table: the one numbering, prompts, what a slash verb's bare
parameter means, the whole turns autocomplete offers, how secret moves show in public,
and `/hand`."""

from __future__ import annotations

from collections.abc import Iterator

from rules.chat import Verb
from rules.contract import Choice, Move, notation_path
from rules.errors import RulesError
from rules.maracaibo import actions, sailing
from rules.maracaibo.cards import design, label, short
from rules.maracaibo.careers import describe_condition
from rules.maracaibo.data import Atom, load_data
from rules.maracaibo.decisions import ask_text
from rules.maracaibo.effects import (
    describe_atoms,
    describe_perm,
    hand_limit,
    perm_atoms,
    plural,
)
from rules.maracaibo.moves import (
    FIGHT,
    AnnexFree,
    Assist,
    Buy,
    ChooseCareer,
    City,
    Claim,
    Deliver,
    Disc,
    Done,
    Draw,
    Explore,
    FightAnnex,
    FightDone,
    FightFigures,
    FightInfluence,
    FightNation,
    FightPile,
    Invest,
    Keep,
    Nation,
    Pass,
    Pay,
    Plan,
    QuestMove,
    Sail,
    Skip,
    Synergy,
    Turn,
    Village,
)
from rules.maracaibo.notation import LEADS, normalise
from rules.maracaibo.state import MaracaiboState
from rules.maracaibo.turn import draw_needed, to_act

PHASE = {"sail": "A", "main": "B", "draw": "C"}
BUTTON = 80 - len("quest ")      # the characters a button shows


def progress(state: MaracaiboState) -> str:
    rounds = load_data().rules.rounds
    if state.step == "setup":
        return "Setup · secret choices"
    if state.step == "over":
        return "Game over"
    head = f"Round {state.round} of {rounds}"
    if state.step == "scoring":
        assert state.scoring is not None
        return head + (" · Final scoring" if state.scoring.kind == "final"
                       else " · Interim scoring")
    # the turn's phase (A/B/C) is in the prompt: one numbering per turn, so an adapter
    # can tell a new turn's picture from one more of the same turn
    return f"{head} · Turn {state.turn}"


def waiting_on(state: MaracaiboState) -> list[int]:
    return to_act(state)


def prompt(state: MaracaiboState, seat: int | None = None) -> str:
    """What the seat to act should do now; a turn's phase (A, B, C) leads."""
    text = _prompt(state, seat)
    if state.decision is None and state.step in PHASE:
        return f"phase {PHASE[state.step]}: {text}"
    return text


def _prompt(state: MaracaiboState, seat: int | None = None) -> str:
    data = load_data()
    d = state.decision
    if d is not None and d.seat != state.current and d.source.endswith(" line"):
        # `red-line-all`: every player gains when anyone crosses the red line
        return f"{ask_text(d, state)} (seat {state.current + 1} crossed the {d.source})"
    if d is not None:
        return ask_text(d, state)
    if state.step == "setup":
        if seat is None:
            return ("in secret, keep 4 of your 8 cards, plan 1 and choose a career "
                    "(`/hand` shows yours; `/plan`, `/career`)")
        p = state.seats[seat]
        todo = []
        # public words: the seat's own cards and careers are named only in /hand
        if not p.kept:
            todo.append("keep 4 cards (`/plan keep` and four of yours)")
        if not p.plan_pick:
            todo.append("plan 1 (`/plan` and the card)")
        if not p.career:
            todo.append("choose one of your two careers (`/career`)")
        if not todo:        # asked of a seat whose choices are all made
            return "your secret setup choices are made; the others are still choosing"
        listed = ", ".join(todo[:-1]) + (" and " if len(todo) > 1 else "") + todo[-1]
        return "in secret, " + listed + "; `/hand` shows your cards"
    if state.step == "over":
        return "the game is over"
    if state.step == "scoring":
        assert state.scoring is not None
        # the example names a building of this game (slot I is always face up)
        return ("scoring ①: buy a card (`/buy` and the card), invest "
                f"(`/buy invest {state.prestige[0]}`) or `/buy pass` "
                f"for {data.rules.interim_pass_vp} VP")
    if state.step == "sail":
        p = state.seats[state.current]
        from rules.maracaibo.effects import movement_points

        # the example is a place this ship can reach: the farthest needing no `via`
        # (from 20 or 21b there is one place to go; `/sail 6` from La Ceiba is backwards)
        found = sailing.routes(state, state.current)
        dests = {d for d, _ in found}
        if len(dests) == 1:
            (dest,) = dests
            return f"sail to {dest} {data.loc[dest].name} (`/sail {dest}`)"
        (dest, via), _ = max(found.items(), key=lambda kv: (not kv[0][1], len(kv[1])))
        example = f"{dest} via {via}" if via else dest
        return (f"sail up to {movement_points(p)} steps from "
                f"{data.loc[p.ship].name} (e.g. `/sail {example}`)")
    if state.step == "draw":
        n = draw_needed(state)
        return f"draw {plural(n, 'card')}: `/move draw deck` or a display card"
    if state.combat is not None:
        if not state.combat.nation:
            return "choose the nation to fight for from the drawn token (`/fight spain`)"
        legal = _legal(state, state.current)
        offers = [words for kind, words in ((FightInfluence, "`/fight influence 1|2`"),
                                            (FightAnnex, "`/fight annex 12`"),
                                            (FightFigures, "`/fight figures 1`"))
                  if any(isinstance(m, kind) for m in legal)]
        cp = state.seats[state.current].cp
        return f"fight ({cp} CP): " + ", ".join([*offers, "`/fight done`"])
    p = state.seats[state.current]
    here = data.loc[p.ship]
    # 21a, 21b and 22 pay on arrival and offer no main action
    if state.t.main_done or (here.kind == "homeward" and not here.action):
        return "free actions, then `/move done` to draw (phase C)"
    if state.t.main == "village":
        return (f"{plural(state.t.village_left, 'village action')} left "
                f"(`/village {actions.take_words(state)}`…) or `/move done`")
    return f"main action at {actions.main_options_label(state, state.current)} — or `/move done`"


def idle_reason(state: MaracaiboState, seat: int) -> str:
    waiting = ", ".join(f"seat {s + 1}" for s in to_act(state)) or "nobody"
    if state.step == "over":
        return "The game is over; no more moves can be made."
    if state.step == "setup" and state.seats[seat].setup_done():
        return f"You have made your setup choices; waiting for {waiting}."
    return f"It is not your turn: waiting for {waiting} ({prompt(state, None)})."


# Secret moves in public ------------------------------------------------------------------


def secret(move: Move) -> bool:
    steps = move.steps if isinstance(move, Turn) else (move,)
    return any(isinstance(s, (Keep, ChooseCareer)) for s in steps)


def public_text(state: MaracaiboState, seat: int, move: Move) -> str:
    if state.step == "setup":
        return "makes secret setup choices"
    return str(move)


# Slash verbs --------------------------------------------------------------------------


# Move words that are also a verb's own sub-actions: after that verb they stay its part.
OWN_WORDS = {"village": ("buy", "invest")}


def complete(verb: Verb | None, text: str) -> str:
    """'/sail 6' -> 'sail 6'; text already starting with a move word is left alone."""
    text = text.strip()
    if verb is None:
        return text
    clean = normalise(text)
    first = clean.split(" ", 1)[0] if clean else ""
    if first in OWN_WORDS.get(verb.word, ()):
        return f"{verb.word} {text}"        # `/village buy A03a, take 1`: village actions
    if first in (verb.word, *verb.also) or first in LEADS:
        return text
    return f"{verb.word} {text}".strip()


def _apply(state: MaracaiboState, seat: int, move: Move) -> MaracaiboState | None:
    from rules.maracaibo.game import Maracaibo

    try:
        return Maracaibo().apply(state, seat, move)[0]
    except RulesError:
        return None


def _legal(state: MaracaiboState, seat: int) -> list[Move]:
    from rules.maracaibo.legal import legal_moves

    return legal_moves(state, seat)


WORDS: dict[str, tuple[type, ...]] = {
    "sail": (Sail,),
    "village": (Village,),
    "city": (City, Deliver),
    "deliver": (Deliver,),
    "fight": FIGHT,
    "explore": (Explore,),
    "quest": (QuestMove,),
    "buy": (Buy, Invest, Pass, Skip),
    "plan": (Plan, Keep),
    "career": (ChooseCareer, Claim),
}


def suggestions(state: MaracaiboState, seat: int, verb: Verb | None) -> Iterator[Move]:
    """What a verb offers now, best first: its own single decisions, and whole turn ends
    (`done` with the draws) or openings (`sail 6; village take 1`) where they help."""
    legal = ordered(_legal(state, seat))
    word = verb.word if verb else None
    if word is None:
        if state.step == "draw":
            yield from _draws(state, seat)
        if state.step == "main" and state.combat is None and state.decision is None:
            yield from _endings(state, seat)
        yield from legal
        return
    kinds = WORDS.get(word, ())
    if word == "buy":
        yield from (Village(action=m.action, target=m.target) for m in legal
                    if isinstance(m, Village) and m.action in ("buy", "invest"))
    if word == "village" and state.step == "sail":
        yield from _openings(state, seat, legal)
    if word in ("city", "deliver"):
        yield from _city_turns(state, seat, legal)
    yield from (m for m in legal if isinstance(m, kinds))


def _draws(state: MaracaiboState, seat: int) -> Iterator[Move]:
    n = draw_needed(state)
    if n > 1 and (state.deck or state.discard):
        yield Turn(steps=(Draw(source="deck"),) * n)


def _endings(state: MaracaiboState, seat: int) -> Iterator[Move]:
    after = _apply(state, seat, Done())
    if after is None or after.step != "draw" or after.current != seat:
        return
    n = draw_needed(after)
    if n and (after.deck or after.discard):
        yield Turn(steps=(Done(), *(Draw(source="deck"),) * n))


def _openings(state: MaracaiboState, seat: int, legal: list[Move]) -> Iterator[Move]:
    data = load_data()
    for m in legal:
        if not isinstance(m, Sail) or data.loc[m.dest].kind != "village":
            continue
        after = _apply(state, seat, m)
        if after is None:
            continue
        for v in _legal(after, seat):
            if isinstance(v, Village):
                yield Turn(steps=(m, v))


def _city_turns(state: MaracaiboState, seat: int, legal: list[Move]) -> Iterator[Move]:
    for m in legal:
        if isinstance(m, Deliver):
            after = _apply(state, seat, m)
            if after is not None and any(isinstance(x, City) for x in _legal(after, seat)):
                yield Turn(steps=(m, City()))


# Words for players --------------------------------------------------------------------


def describe(state: MaracaiboState, seat: int, move: Move) -> str:
    try:
        what = _effect(state, seat, move)
    except (RulesError, KeyError, IndexError, AssertionError, StopIteration):
        what = ""
    return f"{move} — {what}" if what else str(move)


def _effect(state: MaracaiboState, seat: int, move: Move) -> str:
    data = load_data()
    p = state.seats[seat]
    if isinstance(move, Turn):
        if all(isinstance(s, (Draw, Done)) for s in move.steps):
            n = sum(isinstance(s, Draw) for s in move.steps)
            return f"{plural(n, 'blind draw')}" + (", ending phase B" if isinstance(
                move.steps[0], Done) else "")
        return "; ".join(filter(None, (_effect(state, seat, s) for s in move.steps[:2])))
    if isinstance(move, Sail):
        path = sailing.routes(state, seat)[(move.dest, move.via)]
        loc = data.loc[move.dest]
        kind = {"village": "village", "city": "city", "homeward": "homeward"}.get(loc.kind, "")
        via = f" via {data.loc[move.via].name}" if move.via else ""
        return f"{loc.name}{via} ({kind}, {plural(len(path), 'step')})"
    if isinstance(move, Village):
        if move.action == "buy":
            return _card_words(p, move.target)
        if move.action == "invest":
            b = data.building[move.target]
            return f"{b.name}, {actions.invest_cost(p, move.target)} dbl"
        if move.action == "discard":
            return f"{_discard_pays(p)}, whole hand"
        return f"+1 dbl, discard {move.target}" if move.target else "+1 dbl"
    if isinstance(move, Buy):
        card = design(move.card)
        return f"{card.name}, {_buy_cost(state, seat, move.card)} dbl, {card.vp} VP"
    if isinstance(move, Invest):
        b = data.building[move.building]
        return f"{b.name}, {actions.invest_cost(p, move.building)} dbl"
    if isinstance(move, Plan):
        return design(move.card).name + " to the planning area"
    if isinstance(move, Keep):
        return ", ".join(design(c).name for c in move.cards)
    if isinstance(move, ChooseCareer):
        return data.career[move.career].name
    if isinstance(move, Claim):
        career = data.career[p.career]
        return describe_atoms(career.tasks[move.task - 1].reward) + " and a figure"
    if isinstance(move, Deliver):
        i = actions.free_space(state, p.ship, move.good)
        reward = data.loc[p.ship].market[i].reward if i is not None else ()
        return f"discard {design(move.card).name}: {describe_atoms(reward)}"
    if isinstance(move, City):
        name, atoms = actions.city_effect(state, p.ship)
        return f"{name}: {describe_atoms(atoms)}"
    if isinstance(move, QuestMove):
        return describe_atoms(data.quest[move.quest].reward)
    if isinstance(move, Assist):
        action = _assistant_action(move.card)
        name = design(move.card).name
        return f"{name}'s assistant: {action}" if action else name
    if isinstance(move, FightPile):
        return f"draw a combat token ({len(state.tokens[move.pile - 1])} in that pile)"
    words = _fight_or_choice(state, seat, move)
    if words:
        return words
    if isinstance(move, Draw):
        return "blind" if move.source == "deck" else design(move.source).name
    if isinstance(move, (Pass,)):
        return f"+{data.rules.interim_pass_vp} VP"
    d = state.decision
    if isinstance(move, Pay) and d is not None and d.kind == "pay":
        return f"{d.n} dbl for " + (describe_atoms(d.then) or "the rest of the effect")
    if isinstance(move, Done):
        return "end phase B, draw cards"
    return ""


def _fight_or_choice(state: MaracaiboState, seat: int, move: Move) -> str:
    from rules.maracaibo import combat, explorer
    from rules.maracaibo.decisions import explore_budget

    data = load_data()
    p = state.seats[seat]
    if isinstance(move, FightNation) and state.combat is not None:
        return combat.describe_entry(move.nation, state.combat.token)
    if isinstance(move, FightInfluence):
        cost = dict(data.rules.influence_buys)[move.steps]
        return f"{cost} CP for +{move.steps} influence"
    if isinstance(move, FightAnnex):
        loc = data.loc[move.loc]
        what = "expel" if move.loc in state.owners else "annex"
        flag = describe_atoms(loc.flag)
        return f"{what} {loc.name}, {combat.annex_cost(state, seat, move.loc)} CP: {flag}"
    if isinstance(move, FightFigures):
        return f"+{move.n * data.rules.figure_cp} CP"
    if isinstance(move, FightDone):
        return "end the fight"
    if isinstance(move, Explore):
        budget, _ = explore_budget(state, seat)
        route = explorer.find(state, seat, budget, move.steps, move.branch)
        if route is not None:
            bonus = describe_atoms(data.node[route.dest].bonus) or "—"
            return f"to {route.dest}: {bonus}"
    if isinstance(move, Nation):
        return f"{data.nation_name(move.nation)} {p.influence[move.nation]} → " \
               f"{p.influence[move.nation] + (state.decision.n if state.decision else 0)}"
    if isinstance(move, Disc):
        from rules.maracaibo.effects import describe_perm

        info = data.space[move.space]
        left = p.discs[[s.id for s in data.ship.spaces].index(move.space)]
        what = describe_perm(info.perm) if info.perm else describe_atoms(info.once)
        return f"{left} disc{'s' if left > 1 else ''} left; opens: {what}"
    if isinstance(move, Synergy):
        waiting = [c for c in p.syn_waiting if design(c).syn_bonus
                   and design(c).syn_bonus.symbol == move.symbol]
        return "pays " + ", ".join(waiting) + "'s bonus" if waiting else ""
    return ""


def _discard_pays(p) -> str:
    """What discarding the whole hand pays: 2 dbl, or what a ship-board space makes it."""
    bonus = perm_atoms(p, "discard_hand") or [Atom(dbl=load_data().rules.discard_hand_doubloons)]
    return describe_atoms(bonus)


def _assistant_action(cid: str) -> str:
    """What a card's assistant action gives, in words ('' for a card without one)."""
    asst = design(cid).asst
    return describe_atoms(asst.action) if asst is not None else ""


def _buy_cost(state: MaracaiboState, seat: int, cid: str) -> int:
    """What `buy` pays now: an effect's "buy a card" may come with a discount."""
    d = state.decision
    discount = d.n if d is not None and d.kind == "buy" and d.seat == seat else 0
    return actions.card_cost(state.seats[seat], cid, discount)


def _card_words(p, cid: str) -> str:
    card = design(cid)
    cost = actions.card_cost(p, cid)
    return f"{card.name}, {cost} dbl, {card.vp} VP"


def private_text(state: MaracaiboState, seat: int) -> str:
    data = load_data()
    p = state.seats[seat]
    lines = ["Your hidden things in Maracaibo:"]
    if state.step == "setup":
        if p.dealt:
            lines.append("🂠 Still to choose from:")
            lines += [f"• {card_line(c)}" for c in p.dealt]
        if p.kept:
            lines.append("✋ Kept: " + ", ".join(short(c) for c in p.kept))
        if p.plan_pick:
            lines.append(f"📌 Planned: {short(p.plan_pick)}")
        for cid in p.careers_dealt:
            c = data.career[cid]
            mark = " (chosen)" if p.career == cid else ""
            lines.append(f"🎓 {cid} {c.name}{mark}: " + _tasks(c))
        # only the choices still to make (a second keep, plan or career is refused)
        todo = []
        if not p.plan_pick and p.dealt:
            todo.append(f"`/plan {p.dealt[0]}`")
        if not p.kept:
            rest = p.dealt[0 if p.plan_pick else 1:]
            todo.append(f"`/plan keep {' '.join(rest[:4])}`")
        if not p.career and p.careers_dealt:
            todo.append(f"`/career {p.careers_dealt[0]}`")
        lines.append("Choose with " + ", ".join(todo) + "." if todo else
                     "Your setup choices are made; the game begins when everyone has chosen.")
        return "\n".join(lines)
    limit = hand_limit(p)
    lines.append(f"✋ Hand ({len(p.hand)}/{limit}):" + ("" if p.hand else " empty"))
    lines += [f"• {card_line(c)}" for c in sorted(p.hand)]
    if p.planned:
        lines.append("📌 Planned:")
        lines += [f"• {card_line(c)}" for c in p.planned]
    if p.career:
        c = data.career[p.career]
        state_word = "shown" if p.career_shown else "secret"
        done = ", ".join(str(t + 1) for t in sorted(p.tasks)) or "none"
        lines.append(f"🎓 Career {c.id} {c.name} ({state_word}; tasks done: {done}): "
                     + _tasks(c))
    lines.append(f"💰 {p.dbl} dbl · {p.vp} VP · {p.cp} CP · figures {p.supply} in supply")
    return "\n".join(lines)


def card_line(cid: str) -> str:
    """A card in /hand: name, cost, good/object, what it does, its VP."""
    from rules.maracaibo.cards import effect_words

    card = design(cid)
    band = f" · {card.synergy.lower()}" if card.synergy else ""
    return f"{label(cid)}: {'; '.join(effect_words(card.id))} · {card.vp} VP{band}"


def _tasks(career) -> str:
    out = []
    for i, task in enumerate(career.tasks, start=1):
        conds = " or ".join(f"{'ab'[j]}) {describe_condition(c)}"
                            for j, c in enumerate(task.either))
        out.append(f"{i}: {conds} → {describe_atoms(task.reward)}")
    return "; ".join(out) + f"; all → {describe_atoms(career.final)}"


# Click panels ----------------------------------------------------------------------------


def choices(state: MaracaiboState, seat: int) -> list[Choice]:
    """What a click panel offers: every legal decision (its path the words of its notation),
    with three changes that save clicks — at setup one choice at a time (plan, then keep 4
    of the 7 left, then the career: each fits one panel), and the end of a turn together
    with its blind draws (`done + draw 3 blind`), as well as the draws alone."""
    legal = _legal(state, seat)
    if state.step == "setup" and state.decision is None:
        p = state.seats[seat]
        if not p.plan_pick:
            legal = [m for m in legal if isinstance(m, Plan)]
        elif not p.kept:
            return [Choice(("keep", " · ".join(m.cards)), m) for m in legal
                    if isinstance(m, Keep)]
        else:
            legal = [m for m in legal if isinstance(m, ChooseCareer)]
    out = [Choice(panel_path(state, seat, m), m) for m in ordered(legal)]
    if state.decision is None and state.combat is None:
        if state.step == "draw":
            out += [Choice((f"draw {plural(len(m.steps), 'card')} blind",), m)
                    for m in _draws(state, seat)]
        elif state.step == "main":
            out += [Choice((f"done + draw {len(m.steps) - 1} blind",), m)
                    for m in _endings(state, seat)]
    return out


def ordered(legal: list[Move]) -> list[Move]:
    """The sails in route order (the legal moves list them as the search found them), the
    free ownership markers by nation (a menu each on a panel); the rest as they come."""
    places = list(load_data().loc)
    nations = list(load_data().nations)

    def order(m: Move) -> tuple[int, int]:
        if isinstance(m, Sail):
            return places.index(m.dest), m.via and places.index(m.via)
        if isinstance(m, AnnexFree):
            return nations.index(m.nation), places.index(m.loc)
        return len(places), 0

    return sorted(legal, key=order)


def panel_path(state: MaracaiboState, seat: int, move: Move) -> tuple[str, ...]:
    """A fight's choices say what they are on a button ("2 figures: +2 CP"); every other
    move reads as its notation."""
    data = load_data()
    if isinstance(move, FightNation) and state.combat is not None:
        from rules.maracaibo.combat import describe_entry

        name = data.nation_name(move.nation)
        entry = describe_entry(move.nation, state.combat.token)
        card = f"with {move.card} {design(move.card).name}" if move.card else ""
        return (f"{name}: {entry}",) + ((card,) if card else ())
    if isinstance(move, FightInfluence):
        cost = dict(data.rules.influence_buys)[move.steps]
        return ("influence", f"+{move.steps} for {cost} CP")
    if isinstance(move, FightAnnex):
        from rules.maracaibo.combat import annex_cost

        verb = " (expel)" if move.loc in state.owners else ""
        flag = describe_atoms(data.loc[move.loc].flag)
        return ("annex / expel", f"{move.loc} {data.loc[move.loc].name}{verb}, "
                f"{annex_cost(state, seat, move.loc)} CP" + (f": {flag}" if flag else ""))
    if isinstance(move, AnnexFree):      # one press: a menu of places per nation
        flag = describe_atoms(data.loc[move.loc].flag)
        return (f"annex for {data.nation_name(move.nation)}",
                f"{move.loc} {data.loc[move.loc].name}" + (f": {flag}" if flag else ""))
    if isinstance(move, FightFigures):
        return ("figures", f"{plural(move.n, 'figure')}: +{move.n * data.rules.figure_cp} CP")
    if isinstance(move, FightDone):
        return ("end the fight",)
    if isinstance(move, FightPile):
        return ("fight", f"draw from pile {move.pile}")
    if isinstance(move, Sail):
        # the way matters (an assistant passed pays), and the steps (village actions)
        via = f" via {move.via} {data.loc[move.via].name}" if move.via else ""
        steps = len(sailing.routes(state, seat)[(move.dest, move.via)])
        return ("sail", f"{move.dest} {data.loc[move.dest].name}{via} ({plural(steps, 'step')})")
    return _named(state, seat, move) or notation_path(move)


def _named(state: MaracaiboState, seat: int, move: Move) -> tuple[str, ...]:
    """A button shows no description: the cards, buildings and spaces a move names say
    what they are on it ("buy A05b Ship's Carpenter, 3 dbl", "disc S4: hand limit +1")."""
    data = load_data()
    p = state.seats[seat]

    def card(cid: str) -> str:
        return f"{cid} {design(cid).name}"

    def building(pid: str) -> str:
        return f"{pid} {data.building[pid].name}, {actions.invest_cost(p, pid)} dbl"

    if isinstance(move, Plan):
        return ("plan", card(move.card))
    if isinstance(move, Village) and move.action == "buy":
        return ("village", "buy", f"{card(move.target)}, {actions.card_cost(p, move.target)} dbl")
    if isinstance(move, Village) and move.action == "discard":
        return ("village", "discard", f"your hand: {_discard_pays(p)}")
    if isinstance(move, Village) and move.action == "take":
        # `coin-for-a-card`: the doubloon costs the card named
        return ("village", "take", f"1 dbl, discard {card(move.target)}" if move.target
                else "1 dbl")
    if isinstance(move, Pass):
        return (f"pass: +{data.rules.interim_pass_vp} VP",)
    if isinstance(move, City):
        name, atoms = actions.city_effect(state, p.ship)
        return (f"city action — {name}: {describe_atoms(atoms)}",)
    d = state.decision
    if isinstance(move, Pay) and d is not None and d.kind == "pay":
        then = describe_atoms(d.then)
        return (f"pay {d.n} dbl" + (f": {then}" if then else ""),)
    if isinstance(move, Village) and move.action == "invest":
        return ("village", "invest", building(move.target))
    if isinstance(move, Buy):
        return ("buy", f"{card(move.card)}, {_buy_cost(state, seat, move.card)} dbl")
    if isinstance(move, Invest):
        return ("invest", building(move.building))
    if isinstance(move, Draw) and move.source != "deck":
        return ("draw", card(move.source))
    if isinstance(move, Deliver):
        return ("deliver", move.good.lower(), card(move.card))
    if isinstance(move, Disc):
        info = data.space[move.space]
        left = p.discs[[s.id for s in data.ship.spaces].index(move.space)]
        what = describe_perm(info.perm) if info.perm else describe_atoms(info.once)
        return ("disc", f"{move.space}: {what} " + ("(its last disc)" if left == 1 else
                                                      f"({left} discs on it)"))
    if isinstance(move, ChooseCareer):
        return ("career", f"{move.career} {data.career[move.career].name}")
    if isinstance(move, Assist):
        action = _assistant_action(move.card)
        return ("assistant", card(move.card) + (f": {action}" if action else ""))
    if isinstance(move, QuestMove):
        reward = describe_atoms(data.quest[move.quest].reward)
        head = f"{move.quest} ({reward})"
        if not move.pay:
            return ("quest", head)
        named = f"{head}: pay {', '.join(card(c) for c in move.pay)}"
        return ("quest", named if len(named) < BUTTON else f"{head}: pay {', '.join(move.pay)}")
    if isinstance(move, Nation):
        now = p.influence[move.nation]
        more = state.decision.n if state.decision else 0
        return ("nation", f"{data.nation_name(move.nation)}: influence {now} → {now + more}")
    if isinstance(move, (Explore, Claim)):
        head, _, last = str(move).partition(" ")
        what = _effect(state, seat, move)
        return (head, f"{last} {what}" if isinstance(move, Explore) else f"{last}: {what}")
    return ()
