"""What a game tells the chat layer about itself, as data: its slash verbs, its rules
summary and help, its variants. Read from ``data/<game>/texts.toml`` and validated, so
the words players see can be corrected without touching code (and ``bot/`` holds no
game's words at all).

``texts.toml`` holds::

    title = "Navegador"
    examples = "`/hire 2`, `/sail POR>GUI x2`, `/build sugar`"   # a hint for a new turn
    rules = '''…markdown…'''          # `/<game> rules`: the game in brief + notation table
    help = '''…markdown…'''           # the game's own verbs, for `/help`
    computer_names = ["Henrique", …]  # names for computer seats

    [[verbs]]                         # one per slash verb the game adds
    name = "hire"                     # the slash command (shared verbs are one command)
    word = "workers"                  # the notation word a bare parameter completes to
    description = "Hire workers (the Workers action), e.g. 2"
    option = "workers"                # the option's name …
    option_description = "How many workers, e.g. 2"   # … and its help text
    out_of_turn = false               # may be used when it is not the caller's turn
    optional = false                  # the parameter may be left out (`/pass`)

    [[variants]]                      # optional rule variants, chosen at `/<game> start`
    key = "cn-card"
    description = "…"
    options = { navegador_card_anytime = true }
    players = [2, 5]                  # optional: the player counts this variant allows
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, field_validator, model_validator

DATA_ROOT = Path(__file__).resolve().parents[1] / "data"

# Discord's limits for a slash command: lowercase name of 1-32 word characters or '-',
# descriptions of 1-100 characters.
_COMMAND_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


class Verb(BaseModel):
    """A slash verb: ``/<name> <option>`` completes a bare parameter to ``<word> …``."""

    model_config = {"frozen": True}

    name: str
    word: str
    description: str = Field(min_length=1, max_length=100)
    option: str
    option_description: str = Field(min_length=1, max_length=100)
    out_of_turn: bool = False
    # More notation words this verb accepts as they are (e.g. `/market` takes `market2 …`).
    also: tuple[str, ...] = ()
    # The parameter may be left out: `/pass` alone means `complete(state, seat, verb, "")`.
    optional: bool = False

    @field_validator("name", "option")
    @classmethod
    def _command_name(cls, value: str) -> str:
        if not _COMMAND_NAME.match(value):
            raise ValueError(f"{value!r} is not a valid slash command or option name")
        return value


class Variant(BaseModel):
    """A rule variant a lobby may choose: a key, a sentence, the options it sets."""

    model_config = {"frozen": True}

    key: str
    description: str = Field(min_length=1, max_length=100)
    options: dict[str, Any] = Field(default_factory=dict)
    players: tuple[int, int] | None = None


class GameTexts(BaseModel):
    """Everything a game says to players outside a single move."""

    title: str
    examples: str = ""
    rules: str
    help: str
    computer_names: list[str] = Field(min_length=1)
    verbs: list[Verb] = Field(default_factory=list)
    variants: list[Variant] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> GameTexts:
        names = [v.name for v in self.verbs]
        if len(names) != len(set(names)):
            raise ValueError("a verb is listed twice")
        keys = [v.key for v in self.variants]
        if len(keys) != len(set(keys)):
            raise ValueError("a variant is listed twice")
        return self

    def verb(self, name: str | None) -> Verb | None:
        if not name:
            return None
        key = name.lower().lstrip("/")
        return next((v for v in self.verbs if v.name == key), None)


@cache
def load_texts(game: str, root: str | None = None) -> GameTexts:
    """``data/<game>/texts.toml``, validated (cached)."""
    path = (Path(root) if root else DATA_ROOT) / game / "texts.toml"
    with path.open("rb") as handle:
        return GameTexts.model_validate(tomllib.load(handle))
