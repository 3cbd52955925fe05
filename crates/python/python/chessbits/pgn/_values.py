"""The values of ``chessbits.pgn`` with python-chess's names: the NAGs beyond the first
twenty, the regular expressions of PGN's parts, and time controls (``TimeControl``,
``parse_time_control``)."""

from __future__ import annotations

import dataclasses
import enum
import logging
import re
from typing import List

LOGGER = logging.getLogger("chessbits.pgn")

NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# PGN's parts as regular expressions (the reading itself is chessbits-pgn's, in Rust).
TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
TAG_REGEX = re.compile(r"^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*$")
MOVETEXT_REGEX = re.compile(
    r"""
    (
        ;[^\n]*               # a rest-of-line comment
        |\{[^}]*\}            # a brace comment
        |\$[0-9]+             # a numeric annotation glyph
        |[!?]{1,2}            # a suffix annotation
        |[()]                 # a variation's start or end
        |[*]|1-0|0-1|1/2-1/2  # a result
        |[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?  # SAN
        |--|Z0|0000|@@@@      # null moves
        |O-O(?:-O)?|0-0(?:-0)?  # castling
        |[PNBRQK]?@[a-h][1-8]  # a drop
    )[+#]?""",
    re.DOTALL | re.VERBOSE,
)
SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")
CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
ARROWS_REGEX = re.compile(r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)")


# ----- time controls -----


class TimeControlType(enum.Enum):
    """The kind of game a time control makes (by the time a game of 40 moves takes)."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period: ``moves`` to play (0: the rest of the game) in ``time`` seconds, with
    ``increment`` and ``delay`` seconds per move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A ``TimeControl`` tag's periods and the kind of game they make."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def parse_time_control(time_control: str) -> TimeControl:
    """A ``TimeControl`` tag's value (``"40/7200:3600"``, ``"300+2"``, ``"-"``, ``"?"``) as
    python-chess reads it (``ValueError`` for other text). The kind is that of the first
    period: its time and 60 increments under 3 minutes is bullet, under 15 blitz, under an
    hour rapid, else standard."""
    tc = TimeControl()
    if not time_control or time_control == "?":
        return tc
    if time_control == "-":
        tc.type = TimeControlType.UNLIMITED
        return tc
    periods = time_control.split(":")
    for i, period in enumerate(periods):
        part = TimeControlPart()
        if "/" in period:
            moves, period = period.split("/", 1)
            part.moves = int(moves)
        elif i != len(periods) - 1:
            raise ValueError("Only last part can be 'sudden death'.")
        if "+" in period:
            seconds, increment = period.split("+", 1)
            part.time = int(seconds)
            part.increment = float(increment)
        else:
            part.time = int(period)
        tc.parts.append(part)
    first = tc.parts[0]
    estimate = first.time + 60 * first.increment
    if estimate < 180:
        tc.type = TimeControlType.BULLET
    elif estimate < 900:
        tc.type = TimeControlType.BLITZ
    elif estimate < 3600:
        tc.type = TimeControlType.RAPID
    else:
        tc.type = TimeControlType.STANDARD
    return tc
