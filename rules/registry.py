"""Games by name: ``get_game("navegador")``.

Adding a game is its three folders (``rules/<game>/``, ``render/<game>/``, ``data/<game>/``)
and one line in ``BUILTIN`` below. The bot finds everything else through the game object.
Modules are named as strings and imported on first use, so importing the registry imports
no game (and the import contracts in pyproject.toml can see that ``bot`` never does).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from rules.contract import Game

# name -> "module:class" of the game's rules object
BUILTIN: dict[str, str] = {
    "navegador": "rules.navegador.game:Navegador",
    "maracaibo": "rules.maracaibo.game:Maracaibo",
    "neptun": "rules.neptun.game:Neptun",
    "vasco": "rules.vasco.game:VascoDaGama",
}

_FACTORIES: dict[str, Callable[[], Game]] = {}
_ALIASES: dict[str, str] = {}
_CACHE: dict[str, Game] = {}


def _builtin(path: str) -> Callable[[], Game]:
    def make() -> Game:
        module, _, attr = path.partition(":")
        return getattr(importlib.import_module(module), attr)()

    return make


for _name, _path in BUILTIN.items():
    _FACTORIES[_name] = _builtin(_path)


def register(name: str, factory: Callable[[], Game], aliases: tuple[str, ...] = ()) -> None:
    """Add a game (tests register toy games this way)."""
    _FACTORIES[name] = factory
    _CACHE.pop(name, None)
    for alias in aliases:
        _ALIASES[alias] = name


def unregister(name: str) -> None:
    _FACTORIES.pop(name, None)
    _CACHE.pop(name, None)
    for alias in [a for a, n in _ALIASES.items() if n == name]:
        del _ALIASES[alias]


def game_names() -> list[str]:
    return sorted(_FACTORIES)


def get_game(name: str) -> Game:
    """The game object for a name or alias. Raises KeyError naming the known games."""
    key = _ALIASES.get(name.lower().strip(), name.lower().strip())
    if key not in _FACTORIES:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(game_names())}")
    if key not in _CACHE:
        _CACHE[key] = _FACTORIES[key]()
    return _CACHE[key]
