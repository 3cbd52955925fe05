"""The scores of ``chessbits.engine``: ``Score`` (``Cp``, ``Mate``, ``MateGiven``),
``PovScore``, ``Wdl``, ``PovWdl`` and Stockfish's and Lichess's win-rate models."""

from __future__ import annotations

import dataclasses
import math
from typing import Dict, Iterator, Optional, Tuple

import chessbits
from chessbits import Color


WdlModel = str
_MODELS = ("sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess")


def _poly(c: Tuple[float, float, float, float], m: float) -> float:
    return ((c[0] * m + c[1]) * m + c[2]) * m + c[3]


def _logistic_wins(a: float, b: float, x: float) -> int:
    return int(0.5 + 1000 / (1 + math.exp((a - x) / b)))


# Stockfish's win-rate models (src/uci.cpp of each release): a and b are cubic polynomials
# of the game's progress, the win rate per mille is the logistic 1000 / (1 + e^((a - x)/b))
# of the evaluation x in the engine's internal units (centipawns times the release's
# NormalizeToPawnValue / 100 from 15.1 on), clamped.
_SF_MODELS: Dict[str, Tuple[Tuple[float, float, float, float], Tuple[float, float, float, float], int, float]] = {
    "sf12": ((-8.24404295, 64.23892342, -95.73056462, 153.86478679),
             (-3.37154371, 28.44489198, -56.67657741, 72.05858751), 100, 1000.0),
    "sf14": ((-3.68389304, 30.07065921, -60.52878723, 149.53378557),
             (-2.01818570, 15.85685038, -29.83452023, 47.59078827), 100, 2000.0),
    "sf15": ((-0.117202460, 0.594729104, 11.2065546, 122.606222),
             (-1.79066759, 11.30759193, -17.43677612, 36.47147479), 100, 2000.0),
    "sf15.1": ((-0.58270499, 2.68512549, 15.24638015, 344.49745382),
               (-2.65734562, 15.96509799, -20.69040836, 73.61029937), 361, 4000.0),
    "sf16": ((0.38036525, -2.82015070, 23.17882135, 307.36768407),
             (-2.29434733, 13.27689788, -14.26828904, 63.45318330), 328, 4000.0),
    "sf16.1": ((-1.06249702, 7.42016937, 0.89425629, 348.60356174),
               (-5.33122190, 39.57831533, -90.84473771, 123.40620748), 356, 4000.0),
}


def _sf_wins(model: str, cp: int, ply: int) -> int:
    a_c, b_c, pawn, clamp = _SF_MODELS[model]
    if model == "sf16.1":
        # From 16.1 the model is of the move number, clamped to 8..120, anchored at 32.
        m = min(120, max(8, ply / 2 + 1)) / 32
    else:
        m = min(240, max(ply, 0)) / 64
    x = min(clamp, max(cp * pawn / 100, -clamp))
    return _logistic_wins(_poly(a_c, m), _poly(b_c, m), x)


def _model_wins(model: str, cp: int, ply: int) -> int:
    if model == "sf":
        model = "sf16.1"
    if model == "lichess":
        # Lichess's winning chances: 2 / (1 + e^(-0.00368208 cp)) - 1, cp within +-1000.
        x = min(1000, max(cp, -1000))
        return round(1000 / (1 + math.exp(-0.00368208 * x)))
    if model not in _SF_MODELS:
        raise ValueError(f"unknown wdl model: {model!r}")
    return _sf_wins(model, cp, ply)


class Score:
    """A score from one side's point of view: ``Cp``, ``Mate`` or ``MateGiven``.

    Scores are ordered from the worst (``Mate(-0)``, mated) to the best
    (``MateGiven``): mated sooner is worse, mating sooner is better, centipawns between."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        raise NotImplementedError

    def _key(self) -> Tuple[int, int]:
        raise NotImplementedError

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        return self

    def __abs__(self) -> "Score":
        return -self if self < Cp(0) else self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._key() == other._key()
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._key() >= other._key()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class Cp(Score):
    """A centipawn score."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def mate(self) -> None:
        return None

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        wins = _model_wins(model, self.cp, ply)
        if model == "lichess":
            return Wdl(wins, 0, 1000 - wins)
        losses = _model_wins(model, -self.cp, ply)
        return Wdl(wins, 1000 - wins - losses, losses)

    def _key(self) -> Tuple[int, int]:
        return (0, self.cp)

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __abs__(self) -> "Cp":
        return Cp(abs(self.cp))

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"


class Mate(Score):
    """Mate in ``moves`` moves; negative (or ``-0``) when the side is being mated."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - self.moves
        return -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        if model == "lichess":
            # Lichess scores a mate as 21 - min(10, moves) pawns, beyond the clamp of
            # centipawn scores.
            cp = (21 - min(10, abs(self.moves))) * 100
            x = cp if self.moves > 0 else -cp
            wins = round(1000 / (1 + math.exp(-0.00368208 * x)))
            return Wdl(wins, 0, 1000 - wins)
        return Wdl(1000, 0, 0) if self.moves > 0 else Wdl(0, 0, 1000)

    def _key(self) -> Tuple[int, int]:
        if self.moves > 0:
            return (1, -self.moves)
        return (-1, -self.moves)

    def __neg__(self) -> Score:
        return MateGiven if self.moves == 0 else Mate(-self.moves)

    def __abs__(self) -> Score:
        return MateGiven if self.moves == 0 else Mate(abs(self.moves))

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return "Mate({})".format(str(self).lstrip("#"))


class MateGivenType(Score):
    """The side has just mated (``MateGiven``, the negation of ``Mate(0)``)."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> int:
        return 0

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        return Wdl(1000, 0, 0)

    def _key(self) -> Tuple[int, int]:
        return (2, 0)

    def __neg__(self) -> Mate:
        return Mate(0)

    def __abs__(self) -> "MateGivenType":
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


@dataclasses.dataclass(frozen=True)
class Wdl:
    """Wins, draws and losses (per mille for the models)."""

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        return self.draws / self.total()

    def losing_chance(self) -> float:
        return self.losses / self.total()

    def expectation(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.total()

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __reversed__(self) -> Iterator[int]:
        return iter((self.losses, self.draws, self.wins))

    def __pos__(self) -> "Wdl":
        return self

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)


def _color_name(color: Color) -> str:
    return "WHITE" if color else "BLACK"


class PovScore:
    """A relative score and the side it is from."""

    def __init__(self, relative: Score, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        return self.pov(chessbits.WHITE)

    def black(self) -> Score:
        return self.pov(chessbits.BLACK)

    def pov(self, color: Color) -> Score:
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "PovWdl":
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {_color_name(self.turn)})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class PovWdl:
    """Relative wins, draws and losses and the side they are from."""

    def __init__(self, relative: Wdl, turn: Color) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        return self.pov(chessbits.WHITE)

    def black(self) -> Wdl:
        return self.pov(chessbits.BLACK)

    def pov(self, color: Color) -> Wdl:
        return self.relative if self.turn == color else -self.relative

    def __bool__(self) -> bool:
        return bool(self.relative)

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {_color_name(self.turn)})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
