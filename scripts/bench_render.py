"""Benchmark of a game's board picture (prints numbers; not a test).

    .venv/bin/python scripts/bench_render.py [--game navegador] [--runs 200] [--seed 1]

For a late-game board with the most players the game allows it prints the median and p99
of render+encode, the PNG size, and the floor: encoding the same finished picture alone
with Pillow's PNG writer at compress level 1 (for Navegador after mapping it onto its fixed
palette, as render_board does; for other games the decoded palette picture), the cost any
PNG of that picture would have. Beside it, the encode render_board does (render/png.py,
ISA-L's deflate). For reference it also prints a plain RGB PNG encode of the Navegador
picture. Goals on a 2-core machine: median <= 60 ms, <= 2x the floor, <= 300 KB.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from render import render_board  # noqa: E402
from render.demo import demo_scenes  # noqa: E402
from render.navegador import draw_navegador, encode  # noqa: E402
from render.navegador.static import static_for  # noqa: E402
from render.png import encode_png  # noqa: E402
from rules import game_names, get_game  # noqa: E402
from rules.fuzz import random_game  # noqa: E402

NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def late_game_view(seed: int):
    """The last turn start of a 5-player game before the final scoring, phase III if any,
    and the view a round earlier, as ``since`` (the worst case for the picture: it draws a
    whole round of turns)."""
    game = get_game("navegador")
    best = None
    starts = {}
    for state, *_ in random_game(game, 5, seed, policy="explorer"):
        if state.step == "start":
            best = state
            starts.setdefault(state.turn, state)
    assert best is not None
    return game.view(best), game.view(starts[best.turn - 5])


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return sorted(out)


def pillow_png(image: Image.Image) -> bytes:
    """``image`` as Pillow's PNG writer encodes it at compress level 1 (the floor)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def p99(samples: list[float]) -> float:
    return samples[min(len(samples) - 1, int(round(0.99 * (len(samples) - 1))))]


def other_game(name: str, runs: int, seed: int) -> int:
    """Any game but Navegador: its late demo moment, floor = re-encoding the picture."""
    game = get_game(name)
    players = game.max_players
    moments, scenes = demo_scenes(name, players, seed)
    view, since = scenes[moments[-2]]
    names = NAMES[:players]
    cold = time.perf_counter()
    png = render_board(view, names, since=since)
    cold_ms = (time.perf_counter() - cold) * 1000
    full = timed(lambda: render_board(view, names, since=since), runs)
    image = Image.open(io.BytesIO(png))
    image.load()

    floor = timed(lambda: pillow_png(image), runs)
    ours = timed(lambda: encode_png(image), runs)
    med, flo = statistics.median(full), statistics.median(floor)
    print(f"{game.title}: {players} players, moment {moments[-2]!r}, "
          f"{image.width}x{image.height} px ({image.mode}), {runs} runs")
    print(f"first render (builds the static layer): {cold_ms:7.1f} ms")
    print(f"render+encode   median {med:6.1f} ms   p99 {p99(full):6.1f} ms")
    print(f"Pillow encode   median {flo:6.1f} ms   p99 {p99(floor):6.1f} ms   (the floor)")
    print(f"our encode      median {statistics.median(ours):6.1f} ms   "
          f"p99 {p99(ours):6.1f} ms   (render/png.py)")
    print(f"ratio           {med / flo:6.2f} x the floor")
    print(f"PNG size        {len(png) / 1024:6.1f} KB")
    ok = med <= 60 and med <= 2 * flo and len(png) <= 300 * 1024
    print("goals (median <= 60 ms, <= 2x floor, <= 300 KB):", "met" if ok else "NOT met")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="navegador", choices=game_names())
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.game != "navegador":
        return other_game(args.game, args.runs, args.seed)
    view, since = late_game_view(args.seed)
    cold = time.perf_counter()
    png = render_board(view, NAMES, since=since)
    cold_ms = (time.perf_counter() - cold) * 1000
    for _ in range(5):
        render_board(view, NAMES, since=since)         # warm the text and sprite caches
    full = timed(lambda: render_board(view, NAMES, since=since), args.runs)
    latest = timed(lambda: render_board(view, NAMES), args.runs)
    image = draw_navegador(view, NAMES, since=since)
    palette = static_for(view).palette

    def indexed_pillow_png() -> bytes:
        return pillow_png(image.quantize(palette=palette, dither=Image.Dither.NONE))

    floor = timed(indexed_pillow_png, args.runs)
    ours = timed(lambda: encode(image, view), args.runs)

    rgb = timed(lambda: pillow_png(image), max(10, args.runs // 10))
    med, flo = statistics.median(full), statistics.median(floor)
    print(f"board: 5 players, turn {view.turn}, phase {view.phase}, "
          f"{image.width}x{image.height} px, {args.runs} runs")
    print(f"first render (builds the static layer): {cold_ms:7.1f} ms")
    shown = [t.turn for t in view.turns if t.turn >= since.turn]
    print(f"render+encode   median {med:6.1f} ms   p99 {p99(full):6.1f} ms   "
          f"(turns {shown[0]}-{shown[-1]} drawn)" if shown else "")
    print(f"  latest turn only: median {statistics.median(latest):6.1f} ms")
    print(f"Pillow encode   median {flo:6.1f} ms   p99 {p99(floor):6.1f} ms   "
          f"(palette + Pillow PNG: the floor)")
    print(f"our encode      median {statistics.median(ours):6.1f} ms   "
          f"p99 {p99(ours):6.1f} ms   (palette + render/png.py)")
    print(f"ratio           {med / flo:6.2f} x the floor")
    print(f"PNG size        {len(png) / 1024:6.1f} KB   "
          f"(Pillow's: {len(indexed_pillow_png()) / 1024:.1f} KB)")
    print(f"(reference: RGB PNG, compress_level=1: median {statistics.median(rgb):.1f} ms, "
          f"{len(pillow_png(image)) / 1024:.0f} KB)")
    ok = med <= 60 and med <= 2 * flo and len(png) <= 300 * 1024
    print("goals (median <= 60 ms, <= 2x floor, <= 300 KB):", "met" if ok else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
