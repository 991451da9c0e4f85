"""Games by name: ``get_game("navegador")``."""

from __future__ import annotations

from collections.abc import Callable

from rules.contract import Game

_FACTORIES: dict[str, Callable[[], Game]] = {}
_ALIASES: dict[str, str] = {}


def register(name: str, factory: Callable[[], Game], aliases: tuple[str, ...] = ()) -> None:
    _FACTORIES[name] = factory
    for alias in aliases:
        _ALIASES[alias] = name


def _load_builtin() -> None:
    if _FACTORIES:
        return
    from rules.navegador.game import Navegador

    register("navegador", Navegador)


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


_CACHE: dict[str, Game] = {}


def get_game(name: str) -> Game:
    """The game object for a name or alias. Raises KeyError naming the known games."""
    _load_builtin()
    key = _ALIASES.get(name.lower().strip(), name.lower().strip())
    if key not in _FACTORIES:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(game_names())}")
    if key not in _CACHE:
        _CACHE[key] = _FACTORIES[key]()
    return _CACHE[key]
