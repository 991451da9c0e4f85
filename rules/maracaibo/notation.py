"""Reading what players type.

A text is one decision or several: ``;`` starts a new action and ``,`` continues the one
before, so a part without a move word of its own takes the one before it (``village buy
A03a, take 1``, ``fight 1, france, influence 2, done``, ``draw deck, A05b``); a first part
without one means what the moment asks (a bare ``6`` while sailing is ``sail 6``,
``spain`` when a nation is asked is ``nation spain``). Forgiving about case, accents and
spacing; names of places, nations, goods and symbols are accepted as well as codes. The
canonical form is ``str(move)``.

Parsing never looks at hidden information that a step of the same text would turn over:
later parts are read in the state the earlier ones lead to only until one of them reveals
something (a combat token, a card from the deck) — after that they are read as written.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from rules.contract import Move
from rules.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, RulesError
from rules.maracaibo.cards import good, known_ids, label, obj
from rules.maracaibo.data import load_data
from rules.maracaibo.moves import (
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
from rules.maracaibo.state import MaracaiboState

MAX_TEXT = 400
MAX_PARTS = 30
MAX_WORDS = 16

LEADS = {
    "plan": "plan", "keep": "keep", "career": "career", "sail": "sail", "move": "sail",
    "village": "village", "deliver": "deliver", "delivery": "deliver", "city": "city",
    "quest": "quest", "assistant": "assistant", "assist": "assistant", "fight": "fight",
    "combat": "fight", "explore": "explore", "explorer": "explore", "nation": "nation",
    "disc": "disc", "synergy": "synergy", "buy": "buy", "invest": "invest", "pass": "pass",
    "skip": "skip", "decline": "skip", "no": "skip", "pay": "pay", "yes": "pay",
    "annex": "annex", "done": "done", "end": "done", "draw": "draw",
}
EXAMPLES = ("e.g. `sail 6`, `village buy A03a, take 1`, `deliver sugar`, `city`, "
            "`fight 1, france, influence 2`, `explore 3`, `quest Q4`, `plan A07b`, "
            "`career 2a`, `done`, `draw deck`")
CARD = re.compile(r"^([ab])(\d{1,2})([a-z]?)$")


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("×", "x").replace("–", "-").replace("+", " + ")
    return re.sub(r"\s+", " ", text).strip().lstrip("/").strip()


def excerpt(text: str, n: int = 30) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def number(word: str, most: int = 99) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= 3 and int(word) <= most:
        return int(word)
    return {"one": 1, "two": 2, "three": 3, "four": 4}.get(word)


@cache
def place_index() -> dict[str, str]:
    out: dict[str, str] = {}
    for loc in load_data().route:
        out[loc.id] = loc.id
        out[re.sub(r"[^a-z0-9]", "", normalise(loc.name))] = loc.id
    return out


def place(word: str) -> str:
    key = re.sub(r"[^a-z0-9]", "", word)
    found = place_index().get(key)
    if found is None:
        raise InvalidMoveError(f"There is no location {excerpt(word)!r} on the route "
                               "(numbers 0-19, 20, 21a, 21b, 22, or names like Caracas).")
    return found


def nation(word: str) -> str | None:
    return load_data().nation_words.get(word)


def symbol(word: str, kinds: tuple[str, ...]) -> str | None:
    up = word.upper()
    return up if up in kinds else None


class Reader:
    """Parses one text for one seat. ``ctx`` is the state the part being read starts
    from, or None once an earlier part turned something hidden over."""

    def __init__(self, state: MaracaiboState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.ctx: MaracaiboState | None = state

    @property
    def here(self) -> MaracaiboState:
        return self.ctx if self.ctx is not None else self.state

    # Cards --------------------------------------------------------------------------

    def card(self, word: str, zone: list[str], where: str) -> str:
        m = CARD.match(word)
        if not m:
            raise InvalidMoveError(f"{excerpt(word)!r} is not a card name (cards look like "
                                   "A03a or B17b; /hand lists yours).")
        design = f"{m.group(1).upper()}{int(m.group(2)):02d}"
        if m.group(3):
            cid = design + m.group(3)
            if cid not in known_ids():
                raise InvalidMoveError(f"There is no card {cid} (/hand lists yours).")
            return cid
        hits = sorted({c for c in zone if c[:-1] == design})
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise AmbiguousMoveError(f"Which {design}? {' or '.join(label(c) for c in hits)}.")
        if f"{design}a" not in known_ids():
            raise InvalidMoveError(f"There is no card {design}.")
        raise IllegalMoveError(f"You have no {design} {where}.")

    def zone(self, kind: str) -> list[str]:
        p = self.here.seats[self.seat]
        if kind == "dealt":
            return [*p.dealt, *p.kept, *([p.plan_pick] if p.plan_pick else [])]
        if kind == "hand":
            return list(p.hand)
        if kind == "buy":
            return [*p.hand, *p.planned]
        if kind == "display":
            return list(self.here.display)
        return [f.card for f in p.figures]

    # Parts ----------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        if len(text) > MAX_TEXT:
            raise InvalidMoveError(f"That is too long to be a move ({len(text)} characters).")
        clean = normalise(text)
        # ";" starts a new action, "," continues the one before (its move word carries on)
        groups = [[p.strip() for p in g.split(",") if p.strip()] for g in clean.split(";")]
        groups = [g for g in groups if g]
        count = sum(len(g) for g in groups)
        if not count:
            raise InvalidMoveError(f"Type a move, {EXAMPLES}.")
        if count > MAX_PARTS:
            raise InvalidMoveError(f"That is too many moves at once ({count}).")
        steps: list[Move] = []
        work = self.state.model_copy(deep=True) if count > 1 else None
        self.ctx = work if work is not None else self.state
        for group in groups:
            lead = ""
            for part in group:
                words = part.split()[: MAX_WORDS + 1]
                if len(words) > MAX_WORDS:
                    raise InvalidMoveError(f"I can't read {excerpt(part)!r}: too many words.")
                first = LEADS.get(words[0])
                if first == "city" and len(words) > 1 and LEADS.get(words[1]) in (
                        "fight", "explore"):
                    words = words[1:]             # "city combat 1, france": a fight goes on
                    first = LEADS[words[0]]
                if lead == "fight" and first in ("done", "pass", "skip", "annex"):
                    first = None                  # "fight 1, spain, annex 12, done"
                if first is None:
                    lead = lead or self.default_lead(words)
                    words = [lead, *words]
                else:
                    lead = first
                    words = [first, *words[1:]]
                for step in self.part(words):
                    steps.append(step)
                    self.simulate(step)
        return steps[0] if len(steps) == 1 else Turn(steps=tuple(steps))

    def simulate(self, step: Move) -> None:
        """Carry the parsing context past ``step`` unless that would look at hidden things."""
        from rules.maracaibo.turn import apply_step

        if self.ctx is None or self.ctx is self.state:   # one part: nothing to carry on
            return
        events: list = []
        try:
            apply_step(self.ctx, self.seat, step, events)
        except RulesError:
            self.ctx = None
            return
        # a hand card shown is the mover's own knowledge: reading on looks at nothing hidden
        if any(e.reveals and not e.data.get("own_cards") for e in events):
            self.ctx = None

    def default_lead(self, words: list[str]) -> str:
        s = self.here
        d = s.decision
        if d is not None and d.seat == self.seat:
            return {"nation": "nation", "disc": "disc", "explore": "explore",
                    "quest_offer": "quest", "synergy": "synergy", "buy": "buy", "pay": "pay",
                    "annex_free": "annex"}[d.kind]
        if s.combat is not None:
            return "fight"
        if s.step == "setup":
            if re.fullmatch(r"k\d+", words[0]):
                return "career"
            return "keep" if len(words) > 1 else "plan"
        if s.step == "sail":
            return "sail"
        if s.step == "draw" or words[0] == "take" and s.step == "draw":
            return "draw"
        if s.step == "scoring":
            return "invest" if re.fullmatch(r"p\d+", words[0]) else "buy"
        if s.step == "main" and load_data().loc[s.seats[self.seat].ship].kind == "village":
            return "village"
        raise InvalidMoveError(f"I can't read {excerpt(' '.join(words))!r} as a Maracaibo "
                               f"move; {EXAMPLES}.")

    def part(self, words: list[str]) -> list[Move]:
        lead, rest = words[0], words[1:]
        claim = lead == "career" and bool(rest) and not re.fullmatch(r"k\d+", rest[0])
        if (self.ctx is not None and self.ctx.step == "setup"
                and (lead not in ("plan", "keep", "career") or claim)):
            # a voyage's move typed during the secret setup: say what comes first, not
            # what the move would lack (a hand, a phase, a turn). Not once the context is
            # lost: the setup's last choice may begin the voyage the rest of the text plays
            rules = load_data().rules
            raise IllegalMoveError(
                f"First the secret setup choices: keep {rules.keep} of your {rules.deal_a} "
                "cards, plan 1 and choose a career (`/hand` shows yours); the voyage begins "
                "when everyone has chosen.")
        method = getattr(self, "p_" + lead)
        return method(rest)

    def need(self, rest: list[str], n: int, what: str) -> None:
        if len(rest) < n:
            raise InvalidMoveError(f"Say {what}.")

    # One method per move word --------------------------------------------------------

    def p_plan(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which card to plan, e.g. `plan A07b`")
        kind = "dealt" if self.here.step == "setup" else "hand"
        return [Plan(card=self.card(rest[0], self.zone(kind), "to plan"))]

    def p_keep(self, rest: list[str]) -> list[Move]:
        rest = [w for w in rest if w not in ("and", "+")]
        keep = load_data().rules.keep
        if len(rest) != keep:
            raise InvalidMoveError(f"Keep exactly {keep} cards, e.g. `keep A01a A05b A09a A12b`.")
        cards = sorted(self.card(w, self.zone("dealt"), "among your dealt cards") for w in rest)
        return [Keep(cards=tuple(cards))]

    def p_career(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "a career (`career K3` at setup) or a task (`career 2a`)")
        word = rest[0]
        if re.fullmatch(r"k\d{1,2}", word):
            return [ChooseCareer(career=f"K{int(word[1:])}")]
        m = re.fullmatch(r"(\d)([ab]?)", "".join(rest[:2]) if len(rest) > 1 and rest[1] in (
            "a", "b") else word)
        if not m:
            raise InvalidMoveError(f"{excerpt(word)!r} is neither a career (K1-K6) nor a task "
                                   "(1a, 1b, 2a, …).")
        task, cond = int(m.group(1)), m.group(2)
        if not cond:
            from rules.maracaibo.careers import claimable

            met = [c.cond for c in claimable(self.here, self.seat) if c.task == task]
            cond = met[0] if met else "a"
        return [Claim(task=task, cond=cond)]

    def p_sail(self, rest: list[str]) -> list[Move]:
        rest = [w for w in rest if w not in ("to",)]
        self.need(rest, 1, "where to sail, e.g. `sail 6`")
        if "via" in rest:
            i = rest.index("via")
            dest, via = place(" ".join(rest[:i])), place(" ".join(rest[i + 1:]) or "?")
        else:
            dest, via = place(" ".join(rest)), ""
        from rules.maracaibo.sailing import routes

        if self.ctx is not None and self.here.step == "sail":
            found = routes(self.here, self.seat)
            vias = [v for d, v in found if d == dest]
            if via and vias == [""]:
                # one way there: a `via` on it is said for nothing, one off it is a mistake
                if via not in found[(dest, "")]:
                    raise IllegalMoveError(f"The way to {dest} does not pass {via}: "
                                           f"`sail {dest}`.")
                via = ""
            elif via and len(vias) > 1 and via not in vias:
                # any place on one of the ways names it ("sail 6 via 5" = the way by 2)
                on = [v for (d, v), path in found.items() if d == dest and via in path]
                if len(on) == 1:
                    via = on[0]
            elif not via and len(vias) > 1:
                raise AmbiguousMoveError(f"Two ways lead to {dest}: "
                                         + " or ".join(f"`sail {dest} via {v}`" for v in vias)
                                         + ".")
        return [Sail(dest=dest, via=via)]

    def p_village(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which village action: `discard`, `take 1`, `buy A03a` or "
                           "`invest P2`")
        word, args = rest[0], rest[1:]
        if word in ("discard", "discards"):
            return [Village(action="discard")]
        if word in ("take", "coin", "doubloon", "money", "1"):
            args = [a for a in args if a not in ("1", "doubloon", "coin")]
            target = self.card(args[0], self.zone("hand"), "in hand") if args else ""
            return [Village(action="take", target=target)]
        if word == "buy":
            self.need(args, 1, "which card to buy")
            return [Village(action="buy", target=self.card(args[0], self.zone("buy"),
                                                            "in hand or planned"))]
        if word == "invest":
            self.need(args, 1, "which prestige building, e.g. `village invest P2`")
            return [Village(action="invest", target=args[0].upper())]
        if CARD.match(word):
            return [Village(action="buy", target=self.card(word, self.zone("buy"),
                                                            "in hand or planned"))]
        raise InvalidMoveError(f"{excerpt(word)!r} is not a village action: `discard`, "
                               "`take 1`, `buy A03a` or `invest P2`.")

    def p_deliver(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which good, e.g. `deliver sugar`")
        goods = load_data().symbols.goods
        g = symbol(rest[0], goods)
        hand = self.zone("hand")
        if g is None:
            cid = self.card(rest[0], hand, "in hand")
            return [Deliver(good=good(cid), card=cid)]
        if len(rest) > 1:
            return [Deliver(good=g, card=self.card(rest[1], hand, "in hand"))]
        cards = sorted(c for c in hand if good(c) == g)
        if not cards:
            raise IllegalMoveError(f"You have no card showing {g.lower()} in hand.")
        if len(cards) > 1:
            raise AmbiguousMoveError("Which card? " + " or ".join(
                f"`deliver {g.lower()} {c}`" for c in cards) + ".")
        return [Deliver(good=g, card=cards[0])]

    def p_city(self, rest: list[str]) -> list[Move]:
        if rest and rest[0] in ("combat", "fight"):
            return self.p_fight(rest[1:])
        if rest and rest[0] in ("explore", "explorer"):
            return self.p_explore(rest[1:])
        return [City()]

    def p_quest(self, rest: list[str]) -> list[Move]:
        from rules.maracaibo.actions import payments

        s = self.here
        d = s.decision
        slot = d.slot if d is not None and d.kind == "quest_offer" else s.seats[self.seat].ship
        there = sorted(set(s.quests_at.get(slot, [])))
        if rest and re.fullmatch(r"q\d{1,2}", rest[0]):
            quest = f"Q{int(rest[0][1:])}"
            rest = rest[1:]
        elif len(there) == 1:
            quest = there[0]
        else:
            raise InvalidMoveError("Say which quest, e.g. `quest Q4`" + (
                f" (here: {', '.join(there)})." if there else "."))
        if rest and rest[0] in ("pay", "with", "paying"):
            rest = rest[1:]
        if rest:
            hand = self.zone("hand")
            pay = tuple(sorted(self.card(w, hand, "in hand") for w in rest[:4]))
            return [QuestMove(quest=quest, pay=pay)]
        info = load_data().quest.get(quest)
        if info is None:
            raise InvalidMoveError(f"There is no quest {quest} (Q1-Q{len(load_data().quests)}).")
        if not info.cost.goods and not info.cost.objects:
            return [QuestMove(quest=quest)]
        options = payments(s.seats[self.seat], info)
        if len(options) == 1:
            return [QuestMove(quest=quest, pay=options[0])]
        if not options or quest not in there:
            # nothing to choose: the rules say why it cannot be done (not here, the main
            # action taken, doubloons, CP, the cards it needs), not "your hand" every time
            return [QuestMove(quest=quest)]
        raise AmbiguousMoveError("Which cards pay it? " + " or ".join(
            f"`quest {quest} pay {' '.join(o)}`" for o in options[:4]) + ".")

    def p_assistant(self, rest: list[str]) -> list[Move]:
        p = self.here.seats[self.seat]
        here = sorted({f.card for f in p.figures if f.loc == p.ship})
        if rest:
            return [Assist(card=self.card(rest[0], here, "with an assistant here"))]
        if len(here) == 1:
            return [Assist(card=here[0])]
        raise InvalidMoveError("Say whose assistant action, e.g. `assistant A15a`"
                               + (f" (here: {', '.join(here)})." if here else "."))

    def p_fight(self, rest: list[str]) -> list[Move]:
        out: list[Move] = []
        i = 0
        while i < len(rest):
            w = rest[i]
            nxt = rest[i + 1] if i + 1 < len(rest) else ""
            if i == 0 and w in ("1", "2", "pile") and not out:
                if w == "pile":
                    n = number(nxt, 9)
                    if n is None:
                        raise InvalidMoveError("Say which pile: `fight 1` or `fight 2`.")
                    i += 1
                else:
                    n = int(w)
                out.append(FightPile(pile=n))
            elif nation(w):
                out.append(self.fight_nation(nation(w) or "", rest[i + 1:i + 3]))
                if nxt == "with" or CARD.match(nxt):
                    i += 2 if nxt == "with" else 1
            elif w in ("influence", "inf"):
                if nation(nxt):
                    out.append(self.fight_nation(nation(nxt) or "", []))
                    i += 1
                    nxt = rest[i + 1] if i + 1 < len(rest) else ""
                n = number(nxt, 9)
                if n is None:
                    raise InvalidMoveError("Say how much influence: `fight influence 1` (2 CP) "
                                           "or `fight influence 2` (5 CP).")
                out.append(FightInfluence(steps=n))
                i += 1
            elif w in ("annex", "expel"):
                if not nxt:
                    raise InvalidMoveError("Say where: `fight annex 12`.")
                out.append(FightAnnex(loc=place(nxt)))
                i += 1
            elif w in ("figures", "figure", "figs"):
                n = number(nxt, 99)
                if n is None:
                    raise InvalidMoveError("Say how many figures: `fight figures 2`.")
                out.append(FightFigures(n=n))
                i += 1
            elif w in ("done", "end", "stop"):
                out.append(FightDone())
            elif w in ("with", "pay"):
                pass
            else:
                raise InvalidMoveError(
                    f"I can't read {excerpt(w)!r} in a fight: `fight 1` (pile), `fight spain`, "
                    "`fight influence 2`, `fight annex 12`, `fight figures 1`, `fight done`.")
            i += 1
        if not out:
            raise InvalidMoveError("Say what to do in the fight, e.g. `fight 1` to draw from "
                                   "pile 1.")
        return out

    def fight_nation(self, key: str, rest: list[str]) -> FightNation:
        rest = [w for w in rest if w != "with"][:1]
        hand = self.zone("hand")
        if rest and CARD.match(rest[0]):
            return FightNation(nation=key, card=self.card(rest[0], hand, "in hand"))
        s = self.ctx
        if s is not None and s.combat is not None:
            entry = load_data().combat_tokens[s.combat.token].entry(key)
            if entry is not None and entry.object:
                cards = sorted(c for c in hand if obj(c) == entry.object)
                if len(cards) == 1:
                    return FightNation(nation=key, card=cards[0])
                if len(cards) > 1:
                    name = load_data().nation_name(key).lower()
                    raise AmbiguousMoveError("Which card? " + " or ".join(
                        f"`fight {name} with {c}`" for c in cards) + ".")
        return FightNation(nation=key)

    def p_explore(self, rest: list[str]) -> list[Move]:
        from rules.maracaibo import explorer
        from rules.maracaibo.decisions import explore_budget

        self.need(rest, 1, "how many steps, e.g. `explore 3`")
        n = number(rest[0], 99)
        branch = rest[1] if len(rest) > 1 else ""
        if branch in ("up", "north", "u"):
            branch = "upper"
        if branch in ("down", "south", "l", "low"):
            branch = "lower"
        if n is None:
            raise InvalidMoveError(f"Say how many steps, e.g. `explore 3`, not "
                                   f"{excerpt(rest[0])!r}.")
        if branch not in ("", "upper", "lower"):
            raise InvalidMoveError("At the fork say `upper` or `lower`, e.g. `explore 3 upper`.")
        if self.ctx is not None:
            try:
                budget, _ = explore_budget(self.ctx, self.seat)
            except RulesError:
                return [Explore(steps=n, branch=branch)]
            routes = explorer.destinations(self.ctx, self.seat, budget)
            if not explorer.needs_branch(routes, n):
                branch = ""
            elif not branch:
                raise AmbiguousMoveError(f"The track forks: `explore {n} upper` or "
                                         f"`explore {n} lower`.")
        return [Explore(steps=n, branch=branch)]

    def p_nation(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which nation: `nation spain`, `france` or `england`")
        key = nation(rest[0])
        if key is None:
            raise InvalidMoveError(f"{excerpt(rest[0])!r} is not a nation: Spain, France or "
                                   "England.")
        return [Nation(nation=key)]

    def p_disc(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which ship-board space, e.g. `disc S4`")
        w = rest[0].lstrip("s")
        n = number(w, 99)
        if n is None:
            raise InvalidMoveError("Ship-board spaces are S1 to S12, e.g. `disc S4`.")
        return [Disc(space=f"S{n}")]

    def p_synergy(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which token, e.g. `synergy navy`")
        s = symbol(rest[0], load_data().symbols.synergy)
        if s is None:
            raise InvalidMoveError("The synergy tokens are " + ", ".join(
                x.lower() for x in load_data().symbols.synergy) + ".")
        return [Synergy(symbol=s)]

    def village_open(self) -> bool:
        s = self.ctx
        if s is None or s.decision is not None or s.combat is not None or s.step != "main":
            return False
        p = s.seats[self.seat]
        return load_data().loc[p.ship].kind == "village" and s.t.main in ("", "village")

    def p_buy(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which card to buy, e.g. `buy A03a`")
        if re.fullmatch(r"p\d", rest[0]):
            return self.p_invest(rest)
        cid = self.card(rest[0], self.zone("buy"), "in hand or planned")
        if self.village_open():
            return [Village(action="buy", target=cid)]
        return [Buy(card=cid)]

    def p_invest(self, rest: list[str]) -> list[Move]:
        self.need(rest, 1, "which prestige building, e.g. `invest P2`")
        building = rest[0].upper()
        if self.village_open():
            return [Village(action="invest", target=building)]
        return [Invest(building=building)]

    def p_pass(self, rest: list[str]) -> list[Move]:
        s = self.here
        if s.decision is not None:
            return [Skip()]
        if s.step == "scoring":
            return [Pass()]
        if s.combat is not None:
            return [FightDone()]
        return [Done()]

    p_skip = p_pass

    def p_pay(self, rest: list[str]) -> list[Move]:
        return [Pay()]

    def p_annex(self, rest: list[str]) -> list[Move]:
        s = self.here
        if s.combat is not None and s.decision is None:
            return self.p_fight(["annex", *rest])
        self.need(rest, 2, "where and for whom, e.g. `annex 12 spain`")
        key = nation(rest[-1])
        if key is None:
            raise InvalidMoveError("Say the nation too, e.g. `annex 12 spain`.")
        return [AnnexFree(loc=place(" ".join(rest[:-1])), nation=key)]

    def p_done(self, rest: list[str]) -> list[Move]:
        if self.here.combat is not None and self.here.decision is None:
            return [FightDone()]
        return [Done()]

    def p_draw(self, rest: list[str]) -> list[Move]:
        if not rest:
            return [Draw(source="deck")]
        count = 1
        m = re.fullmatch(r"x?(\d)x?", rest[-1])
        if m and len(rest) > 1:
            count = int(m.group(1))
            rest = rest[:-1]
        elif m and rest[0].startswith(("x", "1", "2", "3", "4", "5", "6", "7", "8", "9")):
            count, rest = int(m.group(1)), ["deck"]
        if rest[0] in ("deck", "blind", "pile"):
            return [Draw(source="deck")] * min(count, 9)
        return [Draw(source=self.card(rest[0], self.zone("display"), "in the display"))]


def parse(state: MaracaiboState, seat: int, text: str) -> Move:
    return Reader(state, seat).parse(text)
