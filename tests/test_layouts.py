"""Every board's layout file (data/<game>/layout.toml) is read strictly: a misspelt key is
refused with its name, never ignored for a silent default (the files are edited by hand)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from render.maracaibo import layout as maracaibo
from render.navegador import layout as navegador
from render.neptun import layout as neptun
from render.vasco import layout as vasco

LAYOUTS = {"maracaibo": (maracaibo.Layout, maracaibo.PATH),
           "navegador": (navegador.Layout, navegador.LAYOUT_FILE),
           "neptun": (neptun.Layout, neptun.LAYOUT_FILE),
           "vasco": (vasco.Layout, vasco.LAYOUT_FILE)}


def read(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize("game", sorted(LAYOUTS))
def test_the_shipped_layout_is_valid(game: str) -> None:
    model, path = LAYOUTS[game]
    model.model_validate(read(path))


@pytest.mark.parametrize("game", sorted(LAYOUTS))
def test_a_misspelt_key_is_refused_by_name(game: str) -> None:
    model, path = LAYOUTS[game]
    data = read(path)
    top = copy.deepcopy(data)
    top["colours"] = {}
    with pytest.raises(ValidationError, match="colours"):
        model.model_validate(top)
    inner = copy.deepcopy(data)
    inner["canvas"]["widht"] = 1600
    with pytest.raises(ValidationError, match="widht"):
        model.model_validate(inner)
