"""A copy of the state as deep as the rules need, without pydantic's round trip: the
fast path of computer players (``computer.simulate``) and of determinisations. A property
test checks that a move applied to it gives the state ``apply`` gives."""

from __future__ import annotations

from rules.shell import shell as _shell
from rules.vasco.state import Player, VascoState


def _player(p: Player) -> Player:
    return _shell(p, {**p.__dict__, "sailors": dict(p.sailors), "projects": list(p.projects),
                      "ships": list(p.ships)})


def copy_state(state: VascoState) -> VascoState:
    """A copy as deep as the rules need: every list and dict the rules change is new; the
    discs, ships and log lines in them are shared (the rules replace them, never change
    them)."""
    d = dict(state.__dict__)
    for key in ("options", "blocked", "holders", "bag"):
        d[key] = dict(d[key])
    for key in ("coin_spaces", "numbers", "manuel_numbers", "vdg_stack", "captain_supply",
                "display", "merchants", "removed", "log"):
        d[key] = list(d[key])
    d["slots"] = {k: list(v) for k, v in state.slots.items()}
    d["landings"] = {k: list(v) for k, v in state.landings.items()}
    d["stacks"] = {k: list(v) for k, v in state.stacks.items()}
    d["sections"] = [list(s) for s in state.sections]
    d["seats"] = [_player(p) for p in state.seats]
    if state.final is not None:
        d["final"] = [_shell(f, {**f.__dict__, "launched": list(f.launched)})
                      for f in state.final]
    return _shell(state, d)
