"""The header (round, who acts and what they must do), the log of the last round of turns,
the card display with the decks and combat piles, the prestige buildings, and a panel per
player: doubloons, VP, CP, incomes, influence, ship board, planned and bought cards
(never the hand, only its size), quests, synergy tokens, figures and career."""

from __future__ import annotations

from render.maracaibo import geometry as geo
from render.maracaibo import sprites
from render.maracaibo.ink import Canvas, measure
from render.maracaibo.layout import Frame, load_layout
from render.maracaibo.seats import Seats
from rules.maracaibo.cards import design, effect_words, good, obj, per_words
from rules.maracaibo.combat import describe_entry
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.view import MaracaiboView, SeatView

STEP_WORDS = {
    "setup": "secret setup choices", "sail": "sails (phase A)", "main": "main action (phase B)",
    "draw": "draws cards (phase C)", "scoring": "scoring step ①", "over": "",
}


def badge(cv: Canvas, x: int, y: int, d: int, seats: Seats, seat: int, bg: str) -> None:
    c = load_layout().colors
    cv.paste(sprites.disc(d, seats.fill(seat), c.ink, bg), x, y)
    cv.text((x + d // 2, y + d // 2), seats.letter(seat), max(12, d - 12), seats.ink(seat),
            seats.fill(seat), bold=True, anchor="mm", min_size=11)


def draw_header(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    h = f.header[3]
    x = 16
    x += cv.text((x, h // 2), "MARACAIBO", fs.title, c.header_ink, c.header, bold=True,
                 anchor="lm") + 22
    x += cv.text((x, h // 2), view.progress, fs.large, c.highlight, c.header, bold=True,
                 anchor="lm", width=560) + 22
    if view.step == "over":
        if view.final:
            # the winners as the final scoring ranks them (a tie on VP goes by doubloons,
            # then the win is shared)
            won = [s for s in range(view.players) if view.ranks[s] == 1]
            for seat in won:
                badge(cv, x, h // 2 - 17, 34, seats, seat, c.header)
                x += 40
            text = (f"{seats.name(won[0])} wins" if len(won) == 1 else
                    " & ".join(seats.name(s) for s in won) + " share the win")
            cv.text((x + 2, h // 2), text, fs.large, c.header_ink, c.header, bold=True,
                    anchor="lm", width=f.width - x - 20)
        return
    acting = view.to_act
    for seat in acting[:4]:
        badge(cv, x, h // 2 - 17, 34, seats, seat, c.header)
        x += 40
    who = seats.name(acting[0]) if len(acting) == 1 else f"{len(acting)} players"
    what = _doing(view)
    cv.text((x, h // 2), f"{who}: {what}", fs.normal, c.header_ink, c.header, anchor="lm",
            width=f.width - x - 16)


def _doing(view: MaracaiboView) -> str:
    d = view.decision
    if d is not None:
        return {"nation": f"chooses a nation (+{d.n} influence)", "disc": "takes a disc off",
                "explore": f"explores up to {d.n}", "quest_offer": "may fulfil the quest",
                "synergy": "chooses a synergy token", "buy": "may buy a card",
                "pay": f"may pay {d.n} dbl", "annex_free": "places a free marker"}[d.kind]
    if view.combat is not None:
        return "fights" + (f" for {load_data().nation_name(view.combat.nation)}"
                           if view.combat.nation else ": chooses a nation")
    if view.step == "main" and view.main == "village":
        return f"village, {view.village_left} action(s) left"
    return STEP_WORDS.get(view.step, view.step)


def draw_log(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats, since_turn: int) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    x0, y0, x1, _ = f.log
    if not view.records:
        text = ("Setup: everyone keeps 4 of 8 cards, plans 1 and chooses a career, in secret"
                if view.step == "setup" else "")
        cv.text((x0 + 10, y0 + 5), text, fs.small, c.muted, c.panel, width=x1 - x0 - 20)
        return
    for i, rec in enumerate(view.records[-view.players:]):
        y = y0 + 5 + i * lay.sizes.log_line
        bg = c.lastline if rec.turn >= since_turn else c.panel
        if bg != c.panel:
            cv.fill((x0 + 3, y - 1, x1 - 3, y + lay.sizes.log_line - 2), bg)
        badge(cv, x0 + 8, y + 1, 22, seats, rec.seat, bg)
        head = f"Turn {rec.turn} {seats.name(rec.seat)}"
        cv.text((x0 + 36, y + 3), head, fs.small, c.ink, bg, bold=True, width=220)
        words = compact(rec.notes) or "(under way)"
        cv.text((x0 + 262, y + 3), words, fs.small, c.ink, bg, width=x1 - x0 - 272)


def compact(notes: list[str]) -> str:
    """A turn's moves in few words: runs of one kind share their word
    ("fight 2, england, annex 7, done"), blind draws are counted ("draw ×2")."""
    groups: list[tuple[str, list[str]]] = []
    for note in notes:
        word, _, rest = note.partition(" ")
        if groups and groups[-1][0] == word and word in ("fight", "village", "draw", "plan"):
            groups[-1][1].append(rest)
        else:
            groups.append((word, [rest]))
    out = []
    for word, rests in groups:
        if word == "draw":
            blind = sum(1 for r in rests if not r)
            named = [r for r in rests if r]
            parts = ([f"×{blind}" if blind > 1 else "deck"] if blind else []) + named
            out.append("draw " + ", ".join(parts))
        else:
            out.append((word + " " + ", ".join(r for r in rests if r)).strip())
    return " · ".join(out)


def draw_cards(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    for i in range(4):
        box = geo.card_box(f, "display", i)
        if i < len(view.display):
            card_face(cv, box, view.display[i])
    deck, discard, piles = (geo.card_box(f, "pile", i) for i in range(3))
    cards = f"{view.deck} card" + ("" if view.deck == 1 else "s")
    cv.text((deck[0] + 8, deck[1] + 6), f"Deck: {cards}", fs.small, c.ink, c.slot,
            bold=True, width=deck[2] - deck[0] - 16)
    cv.text((deck[0] + 8, deck[1] + 30), f"quests: {view.quest_pile} in pile"
            + (f", top {view.quest_top}" if view.quest_top else ""), fs.tiny, c.muted, c.slot,
            width=deck[2] - deck[0] - 16, min_size=12)
    top = f", top {view.discard_top}" if view.discard_top else ""
    cv.text((discard[0] + 8, discard[1] + 6), f"Discard: {view.discard}{top}", fs.small,
            c.ink, c.slot, bold=True, width=discard[2] - discard[0] - 16)
    cv.text((discard[0] + 8, discard[1] + 30), "face up", fs.tiny, c.muted, c.slot,
            min_size=12)
    room = piles[2] - piles[0] - 16
    if view.combat is None:
        cv.text((piles[0] + 8, piles[1] + 6), "Combat piles: " + " · ".join(
            map(str, view.tokens)), fs.small, c.ink, c.slot, bold=True, width=room)
        cv.text((piles[0] + 8, piles[1] + 30), f"{len(view.tokens_used)} used", fs.tiny,
                c.muted, c.slot, width=room, min_size=11)
    else:
        # the token being fought with, a line per nation: what choosing it pays or costs
        cv.text((piles[0] + 8, piles[1] + 3), f"Fight: token {view.combat.token + 1} "
                f"(piles {' · '.join(map(str, view.tokens))})", fs.tiny, c.ink, c.slot,
                bold=True, width=room, min_size=11)
        y = piles[1] + 21
        token = load_data().combat_tokens[view.combat.token]
        for n in NATIONS:
            if token.entry(n) is None:
                continue
            mark = "▸ " if view.combat.nation == n else ""
            cv.text((piles[0] + 8, y), f"{mark}{load_data().nation_name(n)} "
                    f"{describe_entry(n, view.combat.token)}", 13, c.ink, c.slot,
                    bold=view.combat.nation == n, width=room, min_size=11)
            y += 15
    for i, building in enumerate(view.prestige):
        box = geo.card_box(f, "prestige", i)
        prestige_face(cv, box, i, building, view, seats)


def card_face(cv: Canvas, box: tuple[int, int, int, int], cid: str) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    card = design(cid)
    band = c.card_a if card.deck == "A" else c.card_b
    x0, y0, x1, y1 = box
    cv.fill((x0 + 2, y0 + 2, x1 - 2, y0 + 28), band)
    cv.text((x0 + 8, y0 + 5), cid, fs.normal, c.ink, band, bold=True)
    cv.text((x1 - 8, y0 + 5), f"{card.cost} dbl", fs.normal, c.ink, band, anchor="ra")
    cv.text((x0 + 8, y0 + 32), card.name, fs.small, c.ink, c.card, bold=True,
            width=x1 - x0 - 16)
    # every line the card has room for (a phrase was cut at 3 lines, mid-word, with room
    # to spare); what still does not fit ends in "…"
    lines = [line for phrase in effect_words(card.id)
             for line in wrap(phrase, x1 - x0 - 16, fs.tiny)]
    room = (y1 - 48 - (y0 + 54)) // 18 + 1
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] += "…"
    for i, line in enumerate(lines):
        cv.text((x0 + 8, y0 + 54 + 18 * i), line, fs.tiny, c.ink, c.card,
                width=x1 - x0 - 16, min_size=12)
    cv.text((x0 + 8, y1 - 42), f"{good(cid).lower()} · {obj(cid).lower()}", fs.tiny, c.muted,
            c.card, width=x1 - x0 - 16, min_size=12)
    syn = card.synergy.lower() if card.synergy else ""
    cv.text((x0 + 8, y1 - 22), syn, fs.tiny, c.muted, c.card, width=80, min_size=12)
    cv.text((x1 - 8, y1 - 22), f"{card.vp} VP", fs.small, c.ink, c.card, bold=True,
            anchor="ra")


def prestige_face(cv: Canvas, box: tuple[int, int, int, int], slot: int, building: str,
                  view: MaracaiboView, seats: Seats) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    x0, y0, x1, y1 = box
    roman = ["I", "II", "III", "IV"][slot]
    if not building:
        cv.fill((x0 + 2, y0 + 2, x1 - 2, y1 - 2), c.slot)
        cv.text(((x0 + x1) // 2, y0 + 60), roman, fs.title, c.muted, c.slot, bold=True,
                anchor="ma")
        cv.text(((x0 + x1) // 2, y0 + 110), "face down,", fs.tiny, c.muted, c.slot,
                anchor="ma", width=x1 - x0 - 12, min_size=12)
        cv.text(((x0 + x1) // 2, y0 + 130), f"opens after round {slot}", fs.tiny, c.muted,
                c.slot, anchor="ma", width=x1 - x0 - 12, min_size=12)
        return
    info = load_data().building[building]
    cv.fill((x0 + 2, y0 + 2, x1 - 2, y0 + 28), c.done)
    cv.text((x0 + 8, y0 + 5), f"{roman} {building}", fs.normal, c.ink, c.done, bold=True)
    cv.text((x1 - 8, y0 + 5), f"{info.cost} dbl", fs.normal, c.ink, c.done, anchor="ra")
    cv.text((x0 + 8, y0 + 32), info.name, fs.small, c.ink, c.card, bold=True,
            width=x1 - x0 - 16)
    y = y0 + 56
    for line in wrap(prestige_words(building), x1 - x0 - 16, fs.tiny)[:4]:
        cv.text((x0 + 8, y), line, fs.tiny, c.ink, c.card, width=x1 - x0 - 16, min_size=12)
        y += 18
    who = [s for s in range(view.players) if building in view.seats[s].invested]
    if who:
        # the letters on the players' pieces and panels, not the seat order's
        cv.text((x0 + 8, y1 - 22), "invested: " + " ".join(seats.letter(s) for s in who),
                fs.tiny, c.muted, c.card, width=x1 - x0 - 16, min_size=12)


def prestige_words(building: str) -> str:
    vp = load_data().building[building].vp
    parts = []
    if vp.fixed:
        parts.append(f"{vp.fixed} VP")
    if vp.per:
        cap = f" (max {vp.cap})" if vp.cap else ""
        parts.append(f"{vp.each} VP per {per_words(vp.per)}{cap}")
    if vp.plus:
        parts.append(f"{vp.plus.each} per {per_words(vp.plus.per)}")
    if vp.by_explorer:
        parts.append("explorer past red/blue/green/end: " + "/".join(
            str(vp.by_explorer.get(k, 0)) for k in ("red", "blue", "green", "final")))
    return " + ".join(parts) + " at the end"


def wrap(text: str, width: float, size: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if measure(trial, size) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_players(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats,
                 ranks: list[int], totals: list[int]) -> None:
    for seat, box in enumerate(f.players):
        draw_player(cv, box, view, view.seats[seat], seats, ranks[seat], totals[seat])


def draw_player(cv: Canvas, box: tuple[int, int, int, int], view: MaracaiboView, p: SeatView,
                seats: Seats, rank: int, total: int) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    data = load_data()
    x0, y0, x1, y1 = box
    bg = c.panel
    acting = p.seat in view.to_act and view.step != "over"
    if acting:
        cv.fill((x0 + 3, y0 + 3, x1 - 3, y0 + 38), c.highlight)
    top = c.highlight if acting else bg
    badge(cv, x0 + 10, y0 + 6, 30, seats, p.seat, top)
    named = cv.text((x0 + 48, y0 + 9), seats.name(p.seat), fs.large, c.ink, top, bold=True,
                    width=x1 - x0 - 330)
    shown = cv.text((x1 - 12, y0 + 6), f"{p.vp} VP", fs.title - 2, c.ink, top, bold=True,
                    anchor="ra")
    note = "final" if view.step == "over" else f"if it ended now {total}"
    # left of the VP, however many digits they have (three-digit scores ran into it)
    right = min(x1 - 118, x1 - 24 - shown)
    cv.text((right, y0 + 12), f"#{rank} · {note}", fs.tiny, c.muted, top, anchor="ra",
            width=max(40, min(190, right - (x0 + 48 + named) - 10)), min_size=12)
    where = data.loc[p.ship].name
    stats = (f"{p.dbl} dbl · {p.cp} CP · income {p.income_dbl} dbl / {p.income_vp} VP · "
             f"hand {p.hand_size}/{p.hand_limit} · ship at {p.ship} {where}")
    cv.text((x0 + 10, y0 + 44), stats, fs.small, c.ink, bg, width=x1 - x0 - 20)
    inf = "   ".join(f"{n} {p.influence[n]}" + (f" (class {p.classes[n]})"
                                                 if p.classes[n] else "") for n in NATIONS)
    figs = f"figures {p.supply} + {len(p.figures)} on board ({p.stock} in stock)"
    cv.text((x0 + 10, y0 + 68), f"{inf} · {figs}", fs.small, c.ink, bg, width=x1 - x0 - 20)
    career = _career_words(p)
    extra = f"explorer {p.explorer}" + (f" · quests {', '.join(p.quests)}" if p.quests else "")
    if p.synergy:
        extra += " · tokens " + ", ".join(s.lower() for s in p.synergy)
    cv.text((x0 + 10, y0 + 92), f"{career} · {extra}", fs.small, c.ink, bg,
            width=x1 - x0 - 20)
    for i, space in enumerate(data.ship.spaces):
        cell = geo.ship_cell(box, i)
        discs = p.discs[i]
        if discs == 0:
            from render.maracaibo.static import space_label

            cv.fill((cell[0] + 1, cell[1] + 1, cell[2] - 1, cell[3] - 1), c.done)
            cv.text((cell[0] + 4, cell[1] + 2), f"{space.id} open", 15, c.ink, c.done,
                    bold=True, min_size=12)
            cv.text((cell[0] + 4, cell[1] + 17), space_label(space.id), 15, c.ink, c.done,
                    width=cell[2] - cell[0] - 8, min_size=11)
        else:
            for k in range(discs):
                x = cell[2] - 16 - k * 15
                cv.paste(sprites.disc(13, c.ink, c.ink, c.slot), x, cell[1] + 4)
    y = y0 + 208
    if view.final:
        parts = view.final[p.seat]
        words = " + ".join(f"{k} {v}" for k, v in parts.items() if k != "total")
        cv.text((x0 + 10, y), f"Final: {words} = {parts['total']}", fs.small, c.ink, bg,
                bold=True, width=x1 - x0 - 20)
    else:
        planned = ", ".join(f"{cid} {design(cid).name}" for cid in p.planned) or "—"
        cv.text((x0 + 10, y), f"Planned: {planned}", fs.small, c.ink, bg, width=x1 - x0 - 20)
    bought = " ".join(p.bought) or "—"
    cv.text((x0 + 10, y + 24), f"Bought ({len(p.bought)}): {bought}", fs.small, c.ink, bg,
            width=x1 - x0 - 20)
    if p.invested:
        names = ", ".join(f"{b} {load_data().building[b].name}" for b in p.invested)
        cv.text((x0 + 10, y + 48), f"Prestige: {names}", fs.small, c.ink, bg,
                width=x1 - x0 - 20)
    elif view.step == "setup":
        cv.text((x0 + 10, y + 48), "ready" if p.ready else "choosing in secret…", fs.small,
                c.muted, bg)


def _career_words(p: SeatView) -> str:
    if p.career:
        info = load_data().career[p.career]
        done = ",".join(str(t + 1) for t in sorted(p.tasks))
        return f"career {info.name} ({'complete' if p.career_done else 'done ' + done})"
    return "career secret"
