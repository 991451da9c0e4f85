"""An independent referee: random games (2-5 players) checked move by move against the
seed's rules (../shared/seeds/003_abccda5d8080c78a.txt), recomputed here rather than read
from the engine's own bookkeeping — above all the temple stacks, which the referee keeps
from the order in which tokens moved.

The seed's sentences each check rests on (original, then translation):

* 「オールトラックの最も数字の小さい位置にあるプレイ順マーカーを手番順トラックの１の場所に…
  上にあるほうが小さい数字の手番順トラックへ動かす」 — the lowest oar-track space goes first;
  of one stack, the marker on top first.
* 「もし残った契約で表向きの契約があったら、都市カードの上に１金貨を置きます」 — a face-up
  left-over contract gets 1 gold on its city card.
* 「今の風力と自身のプレイしたオールカードのパワー…を合計」「１金を支払う毎に１航海マイル」
  — wind + power miles, 1 gold per extra mile.
* 「全プレイヤーのオールカードの上部に書かれた数字を合計し…この数字は次ターンの風力を決めます」
  — the forecasts' sum sets the next turn's wind.
* 「３金を支払う事で…１進める」「達成した契約より左に未達成の契約がある場合、それらのカードを
  裏返します」 — 3 gold for one more step; open contracts left of a fulfilled one turn down.
* 「引き分けの場合、同じ場所に積まれていた寺院トークンの中で一番下に寺院トークンがあるプレイヤー
  の勝ち」「(黄金寺院) 引き分けの場合、手番順の数字が一番低いプレイヤーの勝ち」 — temple ties go
  to the lowest token of the stack; Gold temple ties to the earlier turn order.
* 「各プレイヤーのボートはクレタ島に戻します」 — ships go back to Crete each round.
* 「ゲームを通じて２回だけ追加ターンをプレイできます」 — two extra turns in the whole game.

Values marked ASSUMED in the spec (wind = base + clamped forecast, tiles, rewards, no tile on
0) are read from data/neptun/game.toml.
"""

from __future__ import annotations

import random

import pytest
from neptun_helpers import GAME

from rules.neptun.data import load_data
from rules.neptun.moves import Deliver, Flip, Oar, Sail, Take
from rules.neptun.sea import cheapest
from rules.neptun.state import NeptunState

DATA = load_data()


def _wind_after(total: int) -> int:
    w = DATA.wind
    return max(w.min, min(w.max, w.base + max(w.forecast_min, min(w.forecast_max, total))))


class Referee:
    def __init__(self, state: NeptunState) -> None:
        n = state.players
        # seats per temple in the order their tokens last moved: of two on one space,
        # the earlier one lies lower in the stack
        self.moved = {key: list(range(n)) for key in state.temples}
        self.normal_cards = [0] * n
        self.extra_cards = [0] * n
        self.forecasts = 0

    def check(self, b: NeptunState, seat: int, move: object, a: NeptunState) -> None:
        same_round = a.round == b.round
        if isinstance(move, Flip):
            nxt = next(i for i, c in enumerate(b.display) if c and not c.face_up)
            assert a.display[nxt] is not None and a.display[nxt].face_up
        if isinstance(move, Take):
            self._take(b, seat, move, a)
        if b.phase == "choose" and a.phase != "choose":
            self.forecasts = sum(c.forecast for c in a.revealed if c is not None)
            self.normal_cards = [k + 1 for k in self.normal_cards]
        if b.phase == "extra" and isinstance(move, Oar):
            self.extra_cards[seat] += 1
            assert a.wind == b.wind, "the wind stays put during the extra turns"
        if isinstance(move, Sail) and len(move.route) > 1:
            card = b.revealed[seat]
            assert card is not None
            miles = cheapest(b, b.seats[seat].ship)[move.dest][0]
            paid = b.seats[seat].gold - (a.seats[seat].gold if same_round else b.seats[seat].gold)
            if same_round:
                assert paid == max(0, miles - (b.wind + card.power))
        if isinstance(move, Deliver):
            self._deliver(b, seat, move, a)
        if b.phase == "sail" and a.phase == "choose":          # a normal turn 1-4 ended
            assert a.wind == _wind_after(self.forecasts)
        if not same_round or (a.phase == "over" and b.phase != "over"):
            self._scoring(b, a)

    def _take(self, b: NeptunState, seat: int, move: Take, a: NeptunState) -> None:
        col = b.display[move.column - 1]
        assert col is not None and col.face_up
        if b.revealing is not None:
            assert move.column - 1 == b.revealing, "only the contract just turned over"
        if a.draft_turn == b.draft_turn and a.round == b.round:
            assert a.seats[seat].gold == b.seats[seat].gold + col.gold
            return
        track = {power: list(stack) for power, stack in b.oar_track.items()}
        track.setdefault(col.oar.power, []).append(seat)
        assert a.order == [s for power in sorted(track) for s in reversed(track[power])]
        left = [c for i, c in enumerate(b.display) if c is not None and i != move.column - 1]
        assert len(left) == 1
        if a.phase == "draft" and a.round == b.round:
            first = a.display[0]
            assert first is not None and first.city == left[0].city
            assert first.gold == left[0].gold + (DATA.draft.leftover_gold if left[0].face_up
                                                 else 0)

    def _deliver(self, b: NeptunState, seat: int, move: Deliver, a: NeptunState) -> None:
        slot = b.seats[seat].chart[move.slot - 1]
        assert slot is not None and slot.status == "open"
        assert slot.city.split("-")[0] == b.seats[seat].ship
        r = DATA.reward(slot.city, slot.goods)
        donation = DATA.fulfil.donation_gold if move.donate else 0
        assert a.seats[seat].gold == (b.seats[seat].gold + (r.n if r.kind == "G" else 0)
                                      - donation)
        gained: dict[str, int] = {}
        if r.kind == "T":
            gained[r.temple] = r.n
            self._moved(r.temple, seat)
        if move.donate:
            temple = r.temple if r.kind == "T" else DATA.city(slot.city.split("-")[0]).temple
            gained[temple] = gained.get(temple, 0) + DATA.fulfil.donation_steps
            self._moved(temple, seat)
        for key, steps in gained.items():
            assert a.temples[key].pos[seat] == b.temples[key].pos[seat] + steps
        if a.round == b.round and a.phase == b.phase:
            after = a.seats[seat].chart
            for i, other in enumerate(b.seats[seat].chart):
                assert other is not None and after[i] is not None
                if i < move.slot - 1 and other.status == "open":
                    assert after[i].status == "failed"
                elif i >= move.slot:
                    assert after[i].status == other.status

    def _moved(self, temple: str, seat: int) -> None:
        self.moved[temple].remove(seat)
        self.moved[temple].append(seat)

    def _scoring(self, b: NeptunState, a: NeptunState) -> None:
        rnd, n = b.round, b.players
        zero = DATA.scoring.zero_scores

        def won(seat: int, key: str) -> list[int]:
            return [t.value for t in a.seats[seat].tiles if t.temple == key and t.round == rnd]

        for key, track in a.temples.items():
            ranked = sorted((s for s in range(n) if track.pos[s] > 0 or zero),
                            key=lambda s, t=track, k=key: (-t.pos[s], self.moved[k].index(s)))
            tiles = DATA.tiles(key, rnd)
            for s in range(n):
                place = ranked.index(s) if s in ranked else len(tiles)
                assert won(s, key) == ([tiles[place]] if place < len(tiles) else []), key
        ranked = sorted((s for s in range(n) if a.seats[s].gold > 0 or zero),
                        key=lambda s: (-a.seats[s].gold, b.order.index(s)))
        tiles = DATA.tiles("gold", rnd)
        for s in range(n):
            place = ranked.index(s) if s in ranked else len(tiles)
            assert won(s, "gold") == ([tiles[place]] if place < len(tiles) else [])
        assert self.normal_cards == [DATA.sail_turns * rnd] * n
        if a.phase != "over":
            assert all(p.ship == DATA.start_city for p in a.seats)
            assert all(c is None or not c.face_up for c in a.display)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [11, 12])
def test_random_games_follow_the_seed_move_by_move(players, seed):
    rng = random.Random(seed)
    state = GAME.setup(players, seed)
    referee = Referee(state)
    while GAME.to_act(state):
        seat = rng.choice(GAME.to_act(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        after, _ = GAME.apply(state, seat, move)
        referee.check(state, seat, move, after)
        state = after
    assert all(k <= DATA.extra_turns for k in referee.extra_cards)
    assert GAME.result(state) is not None


def _turn_5_sailing(seed: int, **options: str) -> NeptunState:
    """Sailing turn 5 of round 1 after the reveal, everyone staying where they are."""
    from neptun_helpers import acting, choose_all, finish_draft, new, play

    state = finish_draft(new(4, seed, **options))
    while True:
        state = choose_all(state)
        if state.sail_turn == 5:
            return state
        while state.phase == "sail":
            seat = acting(state)
            state = play(state, seat, "done" if state.stage == "deliver" else "stay")


def test_the_picture_does_not_promise_a_wind_that_turn_5s_forecast_does_not_bring():
    """Spec A5 (data/neptun/game.toml `turn5 = "ignore"`), from the seed's 「追加ターンの間、
    風マーカーは５ターン目の場所にとどまります」 — during the extra turns the wind marker stays
    where it was in turn 5. The reveal says "after turn 5 the wind stays at W", and the
    engine keeps W; the picture outlined the forecast's wind and read '→ wind X next turn'."""
    from PIL import Image

    from render import text
    from render.neptun.layout import bands, load_layout
    from render.neptun.panels import draw_wind
    from render.neptun.pen import Pen

    state = _turn_5_sailing(5)
    view = GAME.view(state, None)
    assert view.forecast is not None and _wind_after(view.forecast) != state.wind
    assert view.wind_next is None
    layout = load_layout()
    image = Image.new("RGB", (layout.canvas.width, 2000), "#ffffff")
    with text.recording() as seen:
        draw_wind(Pen(image), layout, view, bands(4))
    notes = [d.text for d in seen if "wind" in str(d.text)]
    assert notes == [f"after turn 5 the wind stays at {state.wind}"]
    # the variant that moves it still shows where it goes
    moved = GAME.view(_turn_5_sailing(5, turn5="apply_before_extra"), None)
    assert moved.forecast is not None and moved.wind_next == _wind_after(moved.forecast)
