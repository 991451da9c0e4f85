"""The whole state of a Maracaibo table, as pydantic models that round-trip through JSON.

Hidden information lives here and only here: hands, the cards dealt at setup and the
choices made from them until everyone has chosen, careers until their first task is
claimed, the deck, the B cards left in the box, the face-down combat-token piles, the
face-down prestige buildings and the quest tiles under the top of the pile. The public
view (``view.py``) shows those as counts.

Piles are lists whose *last* element is the top.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.maracaibo.data import Atom

Step = Literal["setup", "sail", "main", "draw", "scoring", "over"]


class Figure(BaseModel):
    """One of a player's figures standing on a route location (an assistant)."""

    loc: str
    card: str                       # the bought card that placed it
    settled: bool = False           # used or paid its 2 VP this round


class Player(BaseModel):
    dbl: int
    vp: int = 0
    cp: int
    inc_d: int = 0                  # position on the doubloon-income track
    inc_v: int = 0                  # position on the VP-income track
    influence: dict[str, int]
    discs: list[int]                # discs left on each ship-board space, in data order
    hand: list[str] = Field(default_factory=list)
    planned: list[str] = Field(default_factory=list)
    bought: list[str] = Field(default_factory=list)
    invested: list[str] = Field(default_factory=list)
    quests: list[str] = Field(default_factory=list)       # quest designs completed
    synergy: list[str] = Field(default_factory=list)      # synergy tokens held
    syn_waiting: list[str] = Field(default_factory=list)  # bought cards whose bonus waits
    supply: int                     # figures in the personal supply
    stock: int                      # figures of this colour in the general stock
    figures: list[Figure] = Field(default_factory=list)
    careers_dealt: list[str] = Field(default_factory=list)
    career: str = ""
    career_shown: bool = False      # turned face up when its first task is claimed
    career_returned: str = ""       # the career given back to the box at ⑰ (secret)
    tasks: list[int] = Field(default_factory=list)        # tasks done (0-based)
    career_done: bool = False
    ship: str = "0"
    explorer: str
    lines: list[str] = Field(default_factory=list)        # explorer lines crossed
    reached: list[str] = Field(default_factory=list)      # route locations reached this round
    # setup choices, secret until everyone has chosen
    dealt: list[str] = Field(default_factory=list)
    kept: list[str] = Field(default_factory=list)
    plan_pick: str = ""
    # counts the careers and prestige buildings ask about
    deliveries: int = 0
    combats: int = 0
    annexes: int = 0
    assists: int = 0
    explorer_steps: int = 0
    explorer_quests: int = 0        # of ``quests``, those taken on the explorer track

    def setup_done(self) -> bool:
        return bool(self.kept) and bool(self.plan_pick) and bool(self.career)


class TurnState(BaseModel):
    """The turn under way."""

    mp: int = 0                     # movement points spent in phase A
    path: list[str] = Field(default_factory=list)   # locations sailed through, then the stop
    start: str = ""                 # where the ship started
    # village | city | quest | assistant | combat | explore | homeward ("" = none yet)
    main: str = ""
    village_left: int = 0
    delivered: bool = False
    city_done: bool = False
    main_done: bool = False
    notes: list[str] = Field(default_factory=list)  # short words for the picture's log


class Combat(BaseModel):
    token: int                      # index into the data's combat tokens
    nation: str = ""                # the nation fought for ("" until chosen)
    influence: int = 0              # gain-influence actions taken
    annex: int = 0                  # annex/expel actions taken


class Pending(BaseModel):
    """An effect still to be resolved, in order (the queue's front first): an atom, or
    (``offer``) the quest on an explorer space the explorer has just stopped on."""

    seat: int
    atom: Atom | None = None
    offer: str = ""
    source: str = ""


class Decision(BaseModel):
    """A choice an effect asks of one player before anything else can happen."""

    kind: Literal["nation", "disc", "explore", "quest_offer", "synergy", "buy", "pay",
                  "annex_free"]
    seat: int
    n: int = 0                      # influence / explore budget / buy discount / cost
    slot: str = ""                  # explorer node holding the quest offered
    then: list[Atom] = Field(default_factory=list)
    source: str = ""


class Scoring(BaseModel):
    kind: Literal["interim", "final"]
    order: list[int]                # step ①: the trigger player first, then clockwise
    index: int = 0
    acted: bool = False             # the seat at ``index`` has bought, invested or passed


class TurnRecord(BaseModel):
    """One finished (or running) turn, for the picture's log and arrows."""

    seat: int
    turn: int
    round: int
    path: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


class MaracaiboState(BaseModel):
    game: Literal["maracaibo"] = "maracaibo"
    seed: int
    players: int
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    round: int = 1
    turn: int = 0                   # turns begun, counting from 1
    current: int
    start_player: int
    step: Step = "setup"
    trigger: int | None = None      # the seat that ended the round
    t: TurnState = Field(default_factory=TurnState)
    combat: Combat | None = None
    queue: list[Pending] = Field(default_factory=list)
    decision: Decision | None = None
    scoring: Scoring | None = None
    seats: list[Player]
    # cards
    deck: list[str]
    discard: list[str] = Field(default_factory=list)
    display: list[str] = Field(default_factory=list)
    box: list[str] = Field(default_factory=list)             # B cards not used (hidden)
    careers_box: list[str] = Field(default_factory=list)     # hidden
    # the board
    tokens: list[list[int]]                                  # face-down combat piles
    tokens_used: list[int] = Field(default_factory=list)     # face up
    prestige: list[str]                                      # slots I..IV
    prestige_open: int = 1
    prestige_box: list[str] = Field(default_factory=list)    # hidden
    city_tiles: dict[str, str]                               # location -> tile
    two_player_tile: bool = False
    quest_pile: list[str]                                    # face up: only the top shows
    quests_at: dict[str, list[str]] = Field(default_factory=dict)  # slot -> quest designs
    slots_taken: list[str] = Field(default_factory=list)     # explorer slots emptied
    owners: dict[str, str] = Field(default_factory=dict)     # location -> nation
    stock: dict[str, list[int]]                              # ownership stock per nation
    expelled: dict[str, int]
    market: dict[str, list[int]]                             # location -> seat per space, -1 free
    crossed: dict[str, list[int]] = Field(default_factory=dict)   # line -> seats in order
    arrivals: list[int] = Field(default_factory=list)        # explorers on the final space
    story_tiles: list[int] = Field(default_factory=list)
    legacy_tiles: int = 0
    shuffles: int = 0               # reshuffles so far (each seeded from seed + count)
    records: list[TurnRecord] = Field(default_factory=list)  # the last round of turns
    final: list[dict[str, int]] = Field(default_factory=list)  # final scoring breakdown
    finished: int = 0               # how many seats have finished their setup choices
