"""An import-linter contract for "a game is a plug-in", which finds the games itself.

A *game package* is a package ``rules.<name>`` or ``render.<name>`` that has modules of its
own (``rules.navegador.game``); shared modules (``rules.contract``, ``render.registry``)
are single modules and not games. The contract is broken when

* anything in ``bot`` imports a game package directly (the bot reaches games through
  ``rules.registry`` / ``render.registry`` and the contract only), or
* a game package imports another game's packages (``render.navegador`` may import
  ``rules.navegador``, never ``rules.vasco``).

Adding a game needs no change here: its packages are found in the import graph.
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain.contract import Contract, ContractCheck


def game_of(module: str, games: set[str]) -> str | None:
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] in ("rules", "render") and parts[1] in games:
        return parts[1]
    return None


def find_games(graph: ImportGraph) -> set[str]:
    games = set()
    for module in graph.modules:
        parts = module.split(".")
        if len(parts) >= 3 and parts[0] in ("rules", "render"):
            games.add(parts[1])
    return games


class GamePluginContract(Contract):
    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        games = find_games(graph)
        broken: list[tuple[str, str, str]] = []
        for importer in sorted(graph.modules):
            top = importer.split(".")[0]
            if top not in ("bot", "rules", "render"):
                continue
            mine = game_of(importer, games)
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                theirs = game_of(imported, games)
                if theirs is None:
                    continue
                if top == "bot":
                    why = "the bot reaches games through the registries only"
                elif mine is not None and theirs != mine:
                    why = "game packages never import each other"
                else:
                    continue
                broken.append((importer, imported, why))
        return ContractCheck(kept=not broken, metadata={"broken": broken,
                                                        "games": sorted(games)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported, why in check.metadata["broken"]:
            output.print_error(f"{importer} imports {imported}: {why}.")
            output.new_line()
