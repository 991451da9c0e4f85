"""Learn how much each part of Maracaibo's evaluation is worth, from games (prints numbers).

    .venv/bin/python scripts/maracaibo_evaluation.py play --games 500 --first 2000 OUT.jsonl
    .venv/bin/python scripts/maracaibo_evaluation.py fit OUT.jsonl [MORE.jsonl …]
                                                    [--write data/maracaibo/evaluation.toml]

``play`` plays two-player games between two ``normal`` computers and, at every turn start,
writes one line per seat: the rounds left, the parts of the seat's value and of the other
seat's (``computer.seat_terms``; the seat's own hand looked at, the other's read as a
count, as ``evaluate`` does) and the final margin of the seat.

``fit`` fits, by least squares, a weight for each part at each of a few points in time
(``KNOTS``, rounds left; linear in between, so a move that sails further never jumps from
one set of weights to another), pulled towards 1 (the hand-written evaluation) by a ridge
penalty. It scores the fit on the games it did not see (odd deals when fitting on even
ones and the other way round) against the hand-written evaluation given its best scale,
by R² and by how often the sign of the margin is right, and with ``--write`` saves the
weights fitted on all the games for the strong computer's leaf evaluation.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import get_game  # noqa: E402
from rules.maracaibo import computer as C  # noqa: E402
from rules.maracaibo.search import turn_starts  # noqa: E402
from rules.policy import computer  # noqa: E402

KNOTS = (0.6, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


def play(games: int, first: int, out: Path) -> None:
    game = get_game("maracaibo")
    with out.open("a") as f:
        for deal in range(first, first + games):
            a, b = computer(game, "normal"), computer(game, "normal")
            state = game.setup(2, deal)
            rows = []
            for ply in range(5000):
                acting = game.to_act(state)
                if not acting:
                    break
                seat = acting[0]
                if turn_starts(state):
                    time = C.rounds_left(state)
                    for s in range(2):
                        parts = C.seat_parts(state, s)
                        rows.append((s, time, parts[s], parts[1 - s]))
                policy = a if seat == 0 else b
                move = policy.choose(game, state, seat, random.Random(f"{deal}:{ply}"))
                state = game.apply(state, seat, move)[0]
            result = game.result(state)
            if result is None:
                raise RuntimeError(f"deal {deal} did not end")
            for s, time, own, other in rows:
                margin = result.scores[s] - result.scores[1 - s]
                f.write(json.dumps({"deal": deal, "seat": s, "time": round(time, 4),
                                    "own": own, "other": other, "margin": margin}) + "\n")
            f.flush()
            print(deal, result.scores, len(rows) // 2, flush=True)


def hats(time: float) -> list[tuple[int, float]]:
    """The knots around ``time`` and their shares, as ``computer.leaf_weights`` blends
    them (linear in between, flat outside)."""
    lo, hi, share = C.knot_between(KNOTS, time)
    return [(lo, 1.0)] if lo == hi else [(lo, 1.0 - share), (hi, share)]


def features(row: dict) -> list[tuple[int, float]]:
    """Sparse features: (knot × part index, share × the part's difference)."""
    n = len(C.TERMS)
    diffs = [a - b for a, b in zip(row["own"], row["other"], strict=True)]
    return [(j * n + k, share * d) for j, share in hats(row["time"])
            for k, d in enumerate(diffs)]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well-posed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[dict], ridge: float, fixed: tuple[str, ...] = ()) -> list[float]:
    """Weights minimising the squared error to the margin + ridge × (weight - 1)²; the
    ``fixed`` parts keep weight 1 (a way to try "points already won are worth what
    they are"; fitted freely, the parts' weights are what the games say)."""
    n = len(KNOTS) * len(C.TERMS)
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for row in rows:
        x = features(row)
        y = row["margin"]
        for i, xi in x:
            b[i] += xi * y
            ai = a[i]
            for j, xj in x:
                ai[j] += xi * xj
    for i in range(n):
        pull = 1e12 if C.TERMS[i % len(C.TERMS)] in fixed else ridge
        a[i][i] += pull
        b[i] += pull
    return solve(a, b)


def predict(row: dict, w: list[float]) -> float:
    return sum(w[i] * x for i, x in features(row))


def scores(rows: list[dict], w: list[float], scale: float = 1.0) -> tuple[float, float]:
    ys = [r["margin"] for r in rows]
    mean = sum(ys) / len(ys)
    preds = [scale * predict(r, w) for r in rows]
    ss = sum((y - p) ** 2 for y, p in zip(ys, preds, strict=True))
    st = sum((y - mean) ** 2 for y in ys)
    sign = sum((p > 0) == (y > 0) for y, p in zip(ys, preds, strict=True) if y != 0)
    return 1 - ss / st, sign / max(1, sum(1 for y in ys if y != 0))


def best_scale(rows: list[dict], w: list[float]) -> float:
    preds = [predict(r, w) for r in rows]
    return sum(p * r["margin"] for p, r in zip(preds, rows, strict=True)) / \
        max(1e-9, sum(p * p for p in preds))


def report(rows: list[dict], ridge: float, fixed: tuple[str, ...]) -> list[float]:
    ones = [1.0] * (len(KNOTS) * len(C.TERMS))
    halves = ([r for r in rows if r["deal"] % 2 == 0], [r for r in rows if r["deal"] % 2])
    fitted = [fit(half, ridge, fixed) for half in halves]
    spans = [(0.0, 0.6), (0.6, 1.0), (1.0, 2.0), (2.0, 3.0), (3.0, 4.01)]
    print(f"{len(rows)} rows from {len({r['deal'] for r in rows})} games; ridge {ridge}; "
          f"fixed at 1: {', '.join(fixed) or 'none'}")
    print("rounds left   rows   hand R² (sign)   fitted R² (sign)   [held-out halves]")
    for lo, hi in spans:
        hand = fit_ = (0.0, 0.0)
        got = 0
        for seen, unseen, w in ((halves[0], halves[1], fitted[0]),
                                (halves[1], halves[0], fitted[1])):
            test = [r for r in unseen if lo <= r["time"] < hi]
            train = [r for r in seen if lo <= r["time"] < hi]
            if not test:
                continue
            got += len(test)
            h = scores(test, ones, best_scale(train, ones))
            f = scores(test, w)
            hand = (hand[0] + h[0] / 2, hand[1] + h[1] / 2)
            fit_ = (fit_[0] + f[0] / 2, fit_[1] + f[1] / 2)
        print(f"{lo:4.1f}–{hi:4.1f}  {got:6}   {hand[0]:6.3f} ({hand[1]:.1%})"
              f"   {fit_[0]:6.3f} ({fit_[1]:.1%})")
    w = fit(rows, ridge, fixed)
    print("weights fitted on all games, by rounds left:")
    print("  " + " ".join(f"{k[:8]:>8}" for k in C.TERMS))
    n = len(C.TERMS)
    for j, knot in enumerate(KNOTS):
        print(f"{knot:3.1f} " + " ".join(f"{w[j * n + k]:8.2f}" for k in range(n)))
    return w


def write(w: list[float], path: Path, games: int, ridge: float,
          fixed: tuple[str, ...]) -> None:
    n = len(C.TERMS)
    lines = [
        "# The strong computer's leaf evaluation: a weight for each part of the hand-written",
        "# evaluation (rules/maracaibo/computer.py, TERMS) at each number of rounds left,",
        "# linear in between. Fitted by scripts/maracaibo_evaluation.py on "
        f"{games} games between",
        f"# two normal computers (ridge {ridge} towards 1; fixed at 1: "
        f"{', '.join(fixed) or 'none'}).",
        "# [D]: the computer's own numbers, not the game's; refit rather than edit by hand.",
        f"knots = [{', '.join(str(k) for k in KNOTS)}]",
        "",
        "[weights]",
    ]
    for k, term in enumerate(C.TERMS):
        values = ", ".join(f"{w[j * n + k]:.3f}" for j in range(len(KNOTS)))
        lines.append(f"{term} = [{values}]")
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play games and write their positions")
    p.add_argument("out", type=Path)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--first", type=int, default=2000, help="the first deal")
    f = sub.add_parser("fit", help="fit the weights and score them on unseen games")
    f.add_argument("files", type=Path, nargs="+")
    f.add_argument("--ridge", type=float, default=5000.0,
                   help="pull towards weight 1 (default 5000: on 550 games as good on "
                        "unseen deals as 50, with tamer weights)")
    f.add_argument("--fixed", default="",
                   help="parts whose weight stays 1, comma-separated (default: none; "
                        "'scored' fitted worse on unseen deals and played worse)")
    f.add_argument("--write", type=Path, help="save the weights fitted on all games here")
    args = parser.parse_args()
    if args.command == "play":
        play(args.games, args.first, args.out)
        return
    rows = [json.loads(line) for path in args.files for line in path.open()]
    fixed = tuple(t for t in args.fixed.split(",") if t)
    unknown = set(fixed) - set(C.TERMS)
    if unknown:
        parser.error(f"unknown parts {sorted(unknown)}; the parts are {', '.join(C.TERMS)}")
    w = report(rows, args.ridge, fixed)
    if args.write:
        write(w, args.write, len({r["deal"] for r in rows}), args.ridge, fixed)
        print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
