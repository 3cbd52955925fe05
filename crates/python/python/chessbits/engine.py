"""Chess engines over UCI and XBoard with python-chess's ``chess.engine`` API:
``SimpleEngine`` (``popen_uci``, ``popen_xboard``, ``analyse``, ``analysis``, ``play``,
``configure``, ``ping``, ``quit``), the asyncio API (``popen_uci``/``popen_xboard``
returning ``(transport, protocol)``, ``UciProtocol``, ``XBoardProtocol``, ``MockTransport``),
``Limit``, the scores (``PovScore``, ``Cp``, ``Mate``, ``MateGiven``, ``Wdl``, ``PovWdl`` with
Stockfish's win-rate models ``sf12`` ... ``sf16.1`` and ``lichess``), ``UciOptionMap``,
``Option``, ``EngineError`` and ``EngineTerminatedError``.

Every line an engine writes is read by ``chessbits-uci``'s parsers (in Rust); the moves it
names are resolved against the chessbits board searched. The exchanges are commands that
are fed lines: the asyncio protocols feed them from a subprocess transport, and
``SimpleEngine`` feeds them from the engine's pipe in the calling thread (no event loop and
no background thread), so a search costs the engine's time and little more.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import enum
import logging
import math
import os
import select
import shlex
import subprocess
import threading
import time as _time
from types import TracebackType
from typing import (
    Any,
    Callable,
    Deque,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Mapping,
    MutableMapping,
    Optional,
    Tuple,
    Type,
    TypeVar,
    Union,
)

import chessbits
from chessbits import Board, Color, Move
from chessbits._chessbits import _features, _uci_line, _xboard_line, _xboard_option

LOGGER = logging.getLogger(__name__)

T = TypeVar("T")
ConfigValue = Union[str, int, bool, None]
ConfigMapping = Mapping[str, ConfigValue]

MANAGED_OPTIONS = ["uci_chess960", "uci_variant", "multipv", "ponder"]


# ----- errors -----


class EngineError(RuntimeError):
    """The engine did something it should not (or was asked for what it cannot do)."""


class EngineTerminatedError(EngineError):
    """The engine process exited."""


class AnalysisComplete(Exception):
    """Raised by ``AnalysisResult.get`` when the analysis has ended."""


# ----- scores -----


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


# ----- limits, results, options -----


@dataclasses.dataclass
class Limit:
    """When a search ends: times and clocks in seconds, depth in plies, nodes, mate in
    moves; ``clock_id`` tells games apart."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    clock_id: object = None

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is not None
        )
        return f"{type(self).__name__}({fields})"


class Info(enum.IntFlag):
    """Which parts of ``info`` lines to read."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL

InfoDict = Dict[str, Any]


@dataclasses.dataclass
class Opponent:
    """The opponent's name, title, rating and whether it is an engine (UCI_Opponent)."""

    name: Optional[str] = None
    title: Optional[str] = None
    rating: Optional[int] = None
    is_engine: Optional[bool] = None


class PlayResult:
    """What ``play`` returns."""

    def __init__(
        self,
        move: Optional[Move],
        ponder: Optional[Move],
        info: Optional[InfoDict] = None,
        *,
        draw_offered: bool = False,
        resigned: bool = False,
    ) -> None:
        self.move = move
        self.ponder = ponder
        self.info: InfoDict = info if info is not None else {}
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return "<{} at {:#x} (move={}, ponder={}, info={}, draw_offered={}, resigned={})>".format(
            type(self).__name__, id(self), self.move, self.ponder, self.info,
            self.draw_offered, self.resigned)


class BestMove:
    """The end of an analysis: the best move and the ponder move."""

    def __init__(self, move: Optional[Move], ponder: Optional[Move]) -> None:
        self.move = move
        self.ponder = ponder

    def __repr__(self) -> str:
        return "<{} at {:#x} (move={}, ponder={}>".format(
            type(self).__name__, id(self), self.move, self.ponder)


@dataclasses.dataclass
class Option:
    """An option an engine declared."""

    name: str
    type: str
    default: ConfigValue
    min: Optional[int]
    max: Optional[int]
    var: Optional[List[str]]

    def parse(self, value: ConfigValue) -> ConfigValue:
        """The value as the engine takes it, or an ``EngineError`` saying why not."""
        if self.type == "check":
            return value and value != "false"
        if self.type == "spin":
            try:
                number = int(value)  # type: ignore[arg-type]
            except (ValueError, TypeError):
                raise EngineError(f"expected integer for spin option {self.name!r}, got: {value!r}")
            if self.min is not None and number < self.min:
                raise EngineError(f"expected value for option {self.name!r} to be at least {self.min}, got: {number}")
            if self.max is not None and number > self.max:
                raise EngineError(f"expected value for option {self.name!r} to be at most {self.max}, got: {number}")
            return number
        if self.type == "combo":
            text = str(value)
            if text not in (self.var or []):
                raise EngineError("invalid value for combo option {!r}, got: {} (available: {})".format(
                    self.name, text, ", ".join(self.var) if self.var else "-"))
            return text
        if self.type in ("button", "reset", "save"):
            return None
        if self.type in ("string", "file", "path"):
            text = str(value)
            if "\n" in text or "\r" in text:
                raise EngineError(f"invalid line-break in string option {self.name!r}: {value!r}")
            return text
        raise EngineError(f"unknown option type: {self.type!r}")

    def is_managed(self) -> bool:
        """Whether the protocol sets it itself (``UCI_Chess960``, ``UCI_Variant``,
        ``MultiPV``, ``Ponder``)."""
        return self.name.lower() in MANAGED_OPTIONS


class UciOptionMap(MutableMapping[str, T]):
    """A dict whose keys are compared without regard to case (UCI option names)."""

    def __init__(self, data: Optional[Iterable[Tuple[str, T]]] = None, **kwargs: T) -> None:
        self._store: Dict[str, Tuple[str, T]] = {}
        if data is not None:
            self.update(dict(data) if not isinstance(data, Mapping) else data)
        self.update(kwargs)

    def __setitem__(self, key: str, value: T) -> None:
        self._store[key.lower()] = (key, value)

    def __getitem__(self, key: str) -> T:
        return self._store[key.lower()][1]

    def __delitem__(self, key: str) -> None:
        del self._store[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._store.values())

    def __len__(self) -> int:
        return len(self._store)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        try:
            for key, value in self.items():
                if key not in other or other[key] != value:
                    return False
            for key, value in other.items():
                if key not in self or self[key] != value:
                    return False
        except TypeError:
            return False
        return True

    def copy(self) -> "UciOptionMap[T]":
        return type(self)(self._store.values())

    def __copy__(self) -> "UciOptionMap[T]":
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.items())!r})"


# ----- reading lines -----


def _push_moves(board: Board, texts: Iterable[str]) -> List[Move]:
    """The moves of ``texts`` played in turn from ``board``, up to the first illegal one."""
    played = board.copy(stack=False)
    moves = []
    for text in texts:
        try:
            move = played.push_uci(text)
        except ValueError:
            LOGGER.error("illegal move in info line: %s in %s", text, played.fen())
            break
        moves.append(move)
    return moves


_BASIC = frozenset(["depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull",
                    "tbhits", "sbhits", "cpuload", "currmovenumber", "string", "currmove"])


def _info(raw: Dict[str, Any], board: Board, selector: Info) -> InfoDict:
    """An ``info`` line (the dict read in Rust) as python-chess's ``InfoDict``."""
    out: InfoDict = {}
    selector = int(selector)  # type: ignore[assignment]
    for key, value in raw.items():
        if key in _BASIC:
            # The basic fields come with any other part (python-chess's rule).
            if selector:
                out[key] = Move.from_uci(value) if key == "currmove" else value
        elif key == "score":
            if selector & 2:
                kind, number, bound = value
                if bound:
                    out[bound] = True
                out["score"] = PovScore(Cp(number) if kind == "cp" else Mate(number), board.turn)
        elif key == "wdl":
            if selector & 2:
                out["wdl"] = PovWdl(Wdl(*value), board.turn)
        elif key == "pv":
            if selector & 4:
                pv = _push_moves(board, value)
                # A pv with an illegal move is dropped whole, as python-chess drops it.
                if len(pv) == len(value):
                    out["pv"] = pv
        elif key == "refutation":
            if selector & 8 and value:
                moves = _push_moves(board, value)
                if moves:
                    out["refutation"] = {moves[0]: moves[1:]}
        elif key == "currline":
            if selector & 16:
                cpu, texts = value
                out["currline"] = {cpu if cpu is not None else 1: _push_moves(board, texts)}
    return out


def _position_command(board: Board) -> str:
    root = board.root()
    chess960 = bool(board.chess960)
    fen = root.fen(shredder=True) if chess960 else root.fen()
    if fen == type(root).starting_fen:
        line = "position startpos"
    else:
        line = "position fen " + fen
    if board.move_stack:
        line += " moves " + " ".join(map(Move.uci, board.move_stack))
    return line


def _go_command(limit: Optional[Limit], *, ponder: bool = False, infinite: bool = False,
                root_moves: Optional[Iterable[Move]] = None, board: Optional[Board] = None) -> str:
    words = ["go"]
    if ponder:
        words.append("ponder")
    if limit is not None:
        if limit.white_clock is not None:
            words += ["wtime", str(max(1, round(limit.white_clock * 1000)))]
        if limit.black_clock is not None:
            words += ["btime", str(max(1, round(limit.black_clock * 1000)))]
        if limit.white_inc is not None:
            words += ["winc", str(round(limit.white_inc * 1000))]
        if limit.black_inc is not None:
            words += ["binc", str(round(limit.black_inc * 1000))]
        if limit.remaining_moves is not None and int(limit.remaining_moves) > 0:
            words += ["movestogo", str(limit.remaining_moves)]
        if limit.depth is not None:
            words += ["depth", str(max(1, limit.depth))]
        if limit.nodes is not None:
            words += ["nodes", str(max(1, limit.nodes))]
        if limit.mate is not None:
            words += ["mate", str(max(1, limit.mate))]
        if limit.time is not None:
            words += ["movetime", str(max(1, round(limit.time * 1000)))]
    if infinite:
        words.append("infinite")
    if root_moves is not None:
        words.append("searchmoves")
        moves = list(root_moves)
        if moves:
            words += [m.uci() if board is None else board.uci(m) for m in moves]
        else:
            words.append("0000")
    return " ".join(words)


# ----- analysis results -----


class AnalysisResult:
    """An analysis in progress: its ``info`` (merged, per ``multipv``), each line as it
    comes (``get``, ``next``, ``async for``), ``stop`` and ``wait`` for the best move."""

    def __init__(self, stop: Optional[Callable[[], None]] = None) -> None:
        self._stop = stop
        self._queue: Deque[InfoDict] = collections.deque()
        self._finished: Optional[BestMove] = None
        self._exception: Optional[BaseException] = None
        self._done = False
        self._waiters: List["asyncio.Future[None]"] = []
        self._pump: Optional[Callable[[], None]] = None
        self.multipv: List[InfoDict] = [{}]

    @property
    def info(self) -> InfoDict:
        return self.multipv[0]

    def post(self, info: InfoDict) -> None:
        n = info.get("multipv", 1)
        while len(self.multipv) < n:
            self.multipv.append({})
        self.multipv[n - 1].update(info)
        self._queue.append(info)
        self._wake()

    def set_finished(self, best: BestMove) -> None:
        if not self._done:
            self._finished = best
            self._done = True
            self._wake()

    def set_exception(self, exc: BaseException) -> None:
        if not self._done:
            self._exception = exc
            self._done = True
            self._wake()

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    async def _changed(self) -> None:
        if self._pump is not None:
            self._pump()
            return
        fut = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        await fut

    def stop(self) -> None:
        """Stops the analysis (the best move comes later, through ``wait``)."""
        stop, self._stop = self._stop, None
        if stop is not None and not self._done:
            stop()

    async def wait(self) -> BestMove:
        """Waits for the end of the analysis and returns the best move."""
        while not self._done:
            await self._changed()
        if self._exception is not None:
            raise self._exception
        assert self._finished is not None
        return self._finished

    def would_block(self) -> bool:
        return not self._queue and not self._done

    def empty(self) -> bool:
        return not self._queue

    async def get(self) -> InfoDict:
        """The next info line, or ``AnalysisComplete`` once the analysis has ended."""
        while not self._queue:
            if self._done:
                if self._exception is not None:
                    raise self._exception
                raise AnalysisComplete()
            await self._changed()
        return self._queue.popleft()

    async def next(self) -> Optional[InfoDict]:
        try:
            return await self.get()
        except AnalysisComplete:
            return None

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, a: Any, b: Any, c: Any) -> None:
        self.stop()


def _run_sync(coro: Any) -> Any:
    """Runs a coroutine that never suspends (its waits pump the engine's pipe)."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("a synchronous analysis waited on an event loop")


class SimpleAnalysisResult:
    """``AnalysisResult`` for ``SimpleEngine``: the same, blocking."""

    def __init__(self, engine: "SimpleEngine", inner: AnalysisResult) -> None:
        self.simple_engine = engine
        self.inner = inner

    @property
    def info(self) -> InfoDict:
        with self.simple_engine._lock:
            return self.inner.info

    @property
    def multipv(self) -> List[InfoDict]:
        with self.simple_engine._lock:
            return self.inner.multipv

    def stop(self) -> None:
        with self.simple_engine._lock:
            # Lines the engine has already written are read first: an analysis that has
            # ended is not stopped.
            self.simple_engine._drain()
            self.inner.stop()

    def wait(self) -> BestMove:
        with self.simple_engine._lock:
            return _run_sync(self.inner.wait())  # type: ignore[no-any-return]

    def would_block(self) -> bool:
        return self.inner.would_block()

    def empty(self) -> bool:
        return self.inner.empty()

    def get(self) -> InfoDict:
        with self.simple_engine._lock:
            return _run_sync(self.inner.get())  # type: ignore[no-any-return]

    def next(self) -> Optional[InfoDict]:
        with self.simple_engine._lock:
            return _run_sync(self.inner.next())  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            return self.get()
        except AnalysisComplete:
            raise StopIteration

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, a: Any, b: Any, c: Any) -> None:
        self.stop()


# ----- commands -----


class _Command:
    """One exchange with the engine, fed the engine's lines by the protocol. Finishes
    with a result or an exception; ``cancel`` asks it to end early."""

    def __init__(self, protocol: "Protocol") -> None:
        self.protocol = protocol
        self.finished = False
        self.result: Any = None
        self.exception: Optional[BaseException] = None
        self.callbacks: List[Callable[["_Command"], None]] = []

    def start(self) -> None:
        raise NotImplementedError

    def line_received(self, line: str) -> None:
        pass

    def cancel(self) -> None:
        pass

    def engine_terminated(self, exc: BaseException) -> None:
        self.set_exception(exc)

    def set_result(self, value: Any) -> None:
        if not self.finished:
            self.finished = True
            self.result = value
            self.protocol._command_done(self)

    def set_exception(self, exc: BaseException) -> None:
        if not self.finished:
            self.finished = True
            self.exception = exc
            self.protocol._command_done(self)

    def outcome(self) -> Any:
        if self.exception is not None:
            raise self.exception
        return self.result


class _Call(_Command):
    """A command written as a function of the protocol: ``run`` sends, ``on_line`` reads
    until it sets a result."""

    def __init__(self, protocol: "Protocol", run: Callable[["_Call"], None],
                 on_line: Optional[Callable[["_Call", str], None]] = None) -> None:
        super().__init__(protocol)
        self._run = run
        self._on_line = on_line

    def start(self) -> None:
        self._run(self)

    def line_received(self, line: str) -> None:
        if self._on_line is not None:
            self._on_line(self, line)


# ----- protocols -----


class Protocol(asyncio.SubprocessProtocol):
    """What UCI and XBoard engines have in common: the transport, the queue of commands,
    the lines read. Subclasses: ``UciProtocol``, ``XBoardProtocol``."""

    returncode: "asyncio.Future[int]"

    def __init__(self) -> None:
        self.transport: Any = None
        self._write: Optional[Callable[[bytes], None]] = None
        self._buffer = {1: bytearray(), 2: bytearray()}
        self._command: Optional[_Command] = None
        self._queue: Deque[_Command] = collections.deque()
        self._terminated: Optional[BaseException] = None
        self.options: UciOptionMap[Option] = UciOptionMap()
        self.config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.target_config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.id: Dict[str, str] = {}
        self.initialized = False
        try:
            loop = asyncio.get_running_loop()
            self.returncode = loop.create_future()
        except RuntimeError:
            self.returncode = None  # type: ignore[assignment]

    # --- asyncio's side ---

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        pipe = transport.get_pipe_transport(0)
        self._write = pipe.write
        LOGGER.debug("%s: connection made", self)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        code = None
        try:
            code = self.transport.get_returncode() if self.transport else None
        except Exception:  # pragma: no cover - a transport without a return code
            code = None
        self._engine_terminated(code)

    def process_exited(self) -> None:
        LOGGER.debug("%s: process exited", self)
        code = None
        try:
            code = self.transport.get_returncode() if self.transport else None
        except Exception:  # pragma: no cover - a transport without a return code
            code = None
        self._engine_terminated(code)

    def pipe_connection_lost(self, fd: int, exc: Optional[Exception]) -> None:
        LOGGER.debug("%s: pipe %d lost", self, fd)

    def pipe_data_received(self, fd: int, data: Union[bytes, str]) -> None:
        buffer = self._buffer.setdefault(fd, bytearray())
        buffer.extend(data.encode() if isinstance(data, str) else data)
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                break
            raw = bytes(buffer[:end])
            del buffer[: end + 1]
            line = raw.decode("utf-8", errors="replace").rstrip("\r")
            if fd == 1:
                self._line_received(line)
            else:
                self.error_line_received(line)

    def error_line_received(self, line: str) -> None:
        LOGGER.warning("%s: stderr >> %s", self, line)

    # --- the commands ---

    def send_line(self, line: str) -> None:
        if LOGGER.isEnabledFor(logging.DEBUG):
            LOGGER.debug("%s: << %s", self, line)
        if self._write is None:
            raise EngineTerminatedError("engine process is not connected")
        self._write((line + "\n").encode("utf-8"))

    def _line_received(self, line: str) -> None:
        if LOGGER.isEnabledFor(logging.DEBUG):
            LOGGER.debug("%s: >> %s", self, line)
        command = self._command
        if command is not None and not command.finished:
            try:
                command.line_received(line)
            except Exception as exc:  # a command's own failure ends that command only
                command.set_exception(exc)
        else:
            self.line_received(line)

    def line_received(self, line: str) -> None:
        """A line no command asked for."""
        LOGGER.debug("%s: unexpected engine output: %s", self, line)

    def _submit(self, command: _Command) -> None:
        if self._terminated is not None:
            command.set_exception(self._terminated)
            return
        if self._command is None:
            self._command = command
            try:
                command.start()
            except BaseException as exc:  # an option refused, an illegal root move...
                command.set_exception(exc)
        else:
            self._queue.append(command)
            self._command.cancel()

    def _command_done(self, command: _Command) -> None:
        for callback in command.callbacks:
            callback(command)
        if command is not self._command:
            try:
                self._queue.remove(command)
            except ValueError:
                pass
            return
        self._command = None
        if self._queue:
            self._submit(self._queue.popleft())

    def _engine_terminated(self, code: Optional[int]) -> None:
        if self._terminated is None:
            self._terminated = EngineTerminatedError(f"engine process died unexpectedly (exit code: {code})")
        if self.returncode is not None and not self.returncode.done():
            self.returncode.set_result(code if code is not None else -1)
        pending = [self._command] + list(self._queue)
        self._queue.clear()
        for cmd in pending:
            if cmd is not None and not cmd.finished:
                cmd.engine_terminated(self._terminated)

    async def communicate(self, command: _Command) -> Any:
        loop = asyncio.get_running_loop()
        future: "asyncio.Future[Any]" = loop.create_future()

        def done(cmd: _Command) -> None:
            if future.done():
                return
            if cmd.exception is not None:
                future.set_exception(cmd.exception)
            else:
                future.set_result(cmd.result)

        command.callbacks.append(done)
        self._submit(command)
        return await future

    # --- the API ---

    async def initialize(self) -> None:
        await self.communicate(self._initialize_command())

    async def ping(self) -> None:
        await self.communicate(self._ping_command())

    async def configure(self, options: ConfigMapping) -> None:
        await self.communicate(self._configure_command(options))

    async def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
                   ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
                   opponent: Optional[Opponent] = None) -> PlayResult:
        return await self.communicate(self._play_command(  # type: ignore[no-any-return]
            board, limit, game=game, info=info, ponder=ponder, draw_offered=draw_offered,
            root_moves=root_moves, options=options))

    async def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                      game: object = None, info: Info = INFO_ALL,
                      root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        analysis = await self.analysis(board, limit, multipv=multipv, game=game, info=info,
                                       root_moves=root_moves, options=options)
        with analysis:
            await analysis.wait()
        return analysis.info if multipv is None else analysis.multipv

    async def analysis(self, board: Board, limit: Optional[Limit] = None, *,
                       multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                       root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        return await self.communicate(self._analysis_command(  # type: ignore[no-any-return]
            board, limit, multipv=multipv, game=game, info=info, root_moves=root_moves,
            options=options))

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        pass

    async def send_game_result(self, board: Board, winner: Optional[Color] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        pass

    async def quit(self) -> None:
        self.send_line("quit")
        if self.returncode is not None:
            await asyncio.shield(self.returncode)

    # --- what the protocols define ---

    def _initialize_command(self) -> _Command:
        raise NotImplementedError

    def _ping_command(self) -> _Command:
        raise NotImplementedError

    def _configure_command(self, options: ConfigMapping) -> _Command:
        raise NotImplementedError

    def _play_command(self, board: Board, limit: Limit, **kwargs: Any) -> _Command:
        raise NotImplementedError

    def _analysis_command(self, board: Board, limit: Optional[Limit], **kwargs: Any) -> _Command:
        raise NotImplementedError

    @classmethod
    async def popen(cls: Type["ProtocolT"], command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, "ProtocolT"]:
        loop = asyncio.get_running_loop()
        if setpgrp:
            popen_args.setdefault("start_new_session", True)
        popen_args.setdefault("stderr", subprocess.PIPE)
        args = [command] if isinstance(command, str) else command
        transport, protocol = await loop.subprocess_exec(cls, *args, **popen_args)
        return transport, protocol


ProtocolT = TypeVar("ProtocolT", bound=Protocol)


def _read_option(fields: Tuple[Any, ...]) -> Option:
    name, kind, default, lo, hi, var = fields
    return Option(name, kind, default, lo, hi, list(var))


class UciProtocol(Protocol):
    """The Universal Chess Interface."""

    def __init__(self) -> None:
        super().__init__()
        self.first_game = True
        self.game: object = None
        # What the options were last settled for, and a count of the changes since.
        self._settled: Optional[Tuple[Any, ...]] = None
        self._config_version = 0

    # --- options ---

    def _setoption(self, name: str, value: ConfigValue) -> None:
        current = self.config._store.get(name.lower())
        if current is not None and current[1] is value:
            return
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError("engine does not support option {} (available options: {})".format(
                name, ", ".join(self.options)))
        value = option.parse(value)
        if option.type != "button" and self.config.get(name) == value:
            return
        self._config_version += 1
        if option.type == "button":
            self.send_line(f"setoption name {option.name}")
            return
        self.config[name] = value
        if value is None or value == "":
            text = "<empty>" if option.type == "string" else ""
        else:
            text = str(value).lower() if isinstance(value, bool) else str(value)
        self.send_line(f"setoption name {option.name} value {text}")

    def _configure(self, options: ConfigMapping) -> None:
        for name, value in options.items():
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
            self._setoption(name, value)

    def _configure_command(self, options: ConfigMapping) -> _Command:
        def run(cmd: _Call) -> None:
            self._configure(options)
            for name, value in options.items():
                self.target_config[name] = self.options[name].parse(value)
            self._config_version += 1
            cmd.set_result(None)
        return _Call(self, run)

    def _settle_options(self, options: ConfigMapping, multipv: Optional[int]) -> None:
        """Every option to the value this search wants: its own ``options``, else the
        configured one, else the default."""
        for name in options:
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
        key = (tuple(options.items()), multipv, self._config_version)
        if key == self._settled:
            return
        for name, option in self.options.items():
            if option.type == "button":
                continue
            if name.lower() == "multipv":
                want: ConfigValue = multipv if multipv is not None else option.default
            elif name.lower() in MANAGED_OPTIONS:
                continue
            elif name in options:
                want = options[name]
            elif name in self.target_config:
                want = self.target_config[name]
            else:
                want = option.default
            self._setoption(name, want)
        self._settled = (tuple(options.items()), multipv, self._config_version)

    # --- handshake, ping ---

    def _initialize_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            if self.initialized:
                raise EngineError("engine already initialized")
            self.send_line("uci")

        def on_line(cmd: _Call, line: str) -> None:
            try:
                parsed = _uci_line(line)
            except ValueError as exc:
                LOGGER.warning("%s: %s", self, exc)
                return
            kind = parsed[0]
            if kind == "uciok":
                self.initialized = True
                cmd.set_result(None)
            elif kind == "id":
                self.id[parsed[1]] = parsed[2]
            elif kind == "option":
                option = _read_option(parsed[1:])
                self.options[option.name] = option
                if option.type not in ("button",):
                    self.config[option.name] = option.default
        return _Call(self, run, on_line)

    def _ping_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            self.send_line("isready")

        def on_line(cmd: _Call, line: str) -> None:
            if line.strip() == "readyok":
                cmd.set_result(None)
        return _Call(self, run, on_line)

    async def debug(self, on: bool = True) -> None:
        self.send_line("debug on" if on else "debug off")

    # --- searches ---

    def _play_command(self, board: Board, limit: Limit, **kwargs: Any) -> _Command:
        return _UciSearch(self, board, limit, play=True, **kwargs)

    def _analysis_command(self, board: Board, limit: Optional[Limit], **kwargs: Any) -> _Command:
        return _UciSearch(self, board, limit, play=False, **kwargs)


class _UciSearch(_Command):
    """``play`` and ``analysis`` over UCI: options, ``ucinewgame`` and ``isready`` for a
    new game, ``position``, ``go``, then ``info`` lines up to ``bestmove``."""

    def __init__(self, protocol: UciProtocol, board: Board, limit: Optional[Limit], *, play: bool,
                 game: object = None, info: Info = INFO_ALL, multipv: Optional[int] = None,
                 ponder: bool = False, draw_offered: bool = False,
                 root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {}) -> None:
        super().__init__(protocol)
        self.uci = protocol
        self.board = board.copy()
        self.limit = limit
        self.play = play
        self.game = game
        self.info = int(info)
        self.multipv = multipv
        self.ponder = ponder
        self.root_moves = list(root_moves) if root_moves is not None else None
        self.options = dict(options)
        self.state = "new"
        self.stopped = False
        self.analysis = AnalysisResult(self.cancel)
        self.play_info: InfoDict = {}

    def start(self) -> None:
        uci = self.uci
        has = uci.options._store
        if "ponder" in has:
            uci._setoption("Ponder", bool(self.ponder) and self.play)
        if not self.play and self.multipv is not None:
            uci._setoption("MultiPV", self.multipv)
        uci._settle_options(self.options, self.multipv if not self.play else None)
        if "uci_analysemode" in has and "UCI_AnalyseMode" not in uci.target_config \
                and "UCI_AnalyseMode" not in self.options:
            uci._setoption("UCI_AnalyseMode", not self.play)
        board = self.board
        variant = getattr(type(board), "uci_variant", "chess")
        if "uci_variant" in has:
            uci._setoption("UCI_Variant", variant)
        elif variant != "chess":
            raise EngineError(f"engine does not support UCI_Variant (wanted {variant})")
        chess960 = board.chess960
        if "uci_chess960" in has:
            uci._setoption("UCI_Chess960", bool(chess960))
        elif chess960:
            raise EngineError("engine does not support UCI_Chess960")
        if self.root_moves is not None:
            for move in self.root_moves:
                if not board.is_legal(move):
                    raise EngineError(f"illegal root move: {move} in {board.fen()}")
        if not self.play:
            # The analysis is handed out at once; its lines follow.
            self.result = self.analysis
            for cb in self.callbacks:
                cb(self)
            self.callbacks = []
        if uci.first_game or self.game != uci.game:
            uci.first_game = False
            uci.game = self.game
            uci.send_line("ucinewgame")
            uci.send_line("isready")
            self.state = "ready"
        else:
            self._go()

    def _go(self) -> None:
        if self.stopped:
            self._finish(BestMove(None, None))
            return
        self.uci.send_line(_position_command(self.board))
        infinite = not self.play and (self.limit is None)
        self.uci.send_line(_go_command(self.limit, infinite=infinite, root_moves=self.root_moves,
                                       board=self.board))
        self.state = "go"

    def cancel(self) -> None:
        if self.finished or self.stopped:
            return
        self.stopped = True
        if self.state == "go":
            self.uci.send_line("stop")

    def line_received(self, line: str) -> None:
        if self.state == "ready":
            if line.strip() == "readyok":
                self._go()
            return
        word = "info" if line.startswith("info") else line.split(None, 1)[0] if line.strip() else ""
        if word == "info":
            if not self.info:
                return
            try:
                parsed = _uci_line(line)
            except ValueError as exc:
                LOGGER.error("%s: %s", self.uci, exc)
                return
            info = _info(parsed[1], self.board, self.info)
            if self.play:
                if info.get("multipv", 1) == 1:
                    self.play_info.update(info)
            else:
                self.analysis.post(info)
        elif word == "bestmove":
            try:
                _, best_text, ponder_text = _uci_line(line)
            except ValueError as exc:
                self._fail(EngineError(str(exc)))
                return
            best = ponder = None
            if best_text is not None:
                try:
                    best = self.board.parse_uci(best_text)
                except ValueError as exc:
                    self._fail(EngineError(str(exc)))
                    return
                if ponder_text is not None:
                    after = self.board.copy(stack=False)
                    after.push(best)
                    try:
                        ponder = after.parse_uci(ponder_text)
                    except ValueError:
                        LOGGER.warning("%s: illegal ponder move %s", self.uci, ponder_text)
            self._finish(BestMove(best, ponder))

    def _finish(self, best: BestMove) -> None:
        if self.play:
            if self.ponder and best.move is not None and best.ponder is not None:
                # The engine ponders on its expected reply until the next command.
                after = self.board.copy()
                after.push(best.move)
                after.push(best.ponder)
                self.uci._queue.appendleft(_UciPonder(self.uci, after, self.limit))
            self.set_result(PlayResult(best.move, best.ponder, self.play_info))
        else:
            self.analysis.set_finished(best)
            self.set_result(self.analysis)

    def _fail(self, exc: BaseException) -> None:
        self.set_exception(exc)

    def set_exception(self, exc: BaseException) -> None:
        if not self.play:
            self.analysis.set_exception(exc)
        super().set_exception(exc)

    def engine_terminated(self, exc: BaseException) -> None:
        self._fail(exc)


class _UciPonder(_Command):
    """Pondering after ``play(..., ponder=True)``: ``go ponder`` on the position after the
    best move and the expected reply, ``stop``ped by the next command."""

    def __init__(self, protocol: UciProtocol, board: Board, limit: Optional[Limit]) -> None:
        super().__init__(protocol)
        self.board = board
        self.limit = limit
        self.stopped = False

    def start(self) -> None:
        self.protocol.send_line(_position_command(self.board))
        self.protocol.send_line(_go_command(self.limit, ponder=True))

    def cancel(self) -> None:
        if not self.stopped and not self.finished:
            self.stopped = True
            self.protocol.send_line("stop")

    def line_received(self, line: str) -> None:
        if line.startswith("bestmove"):
            self.set_result(None)


# ----- XBoard -----


class XBoardProtocol(Protocol):
    """The XBoard protocol, version 2 (CEPS): ``protover 2`` and its features, ``force``
    mode with ``setboard`` or moves, ``sd``/``st``/``level``, thinking output as info."""

    def __init__(self) -> None:
        super().__init__()
        self.features: Dict[str, Union[int, str]] = {}
        self.pings = 0
        self.game: object = None
        self.first_game = True
        self.clock_id: object = None

    def _initialize_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            self.send_line("xboard")
            self.send_line("protover 2")

        def on_line(cmd: _Call, line: str) -> None:
            if not line.startswith("feature"):
                return
            try:
                pairs = _features(line)
            except ValueError as exc:
                LOGGER.warning("%s: %s", self, exc)
                return
            for name, value in pairs:
                if name == "option":
                    try:
                        option = _read_option(_xboard_option(str(value)))
                    except ValueError:
                        continue
                    self.options[option.name] = option
                    if option.type != "button":
                        self.config[option.name] = option.default
                    continue
                self.features[name] = value
                if name in ("ping", "setboard", "done", "san", "usermove", "time", "draw", "sigint",
                            "sigterm", "reuse", "analyze", "myname", "variants", "colors", "ics",
                            "name", "pause", "nps", "debug", "memory", "smp", "egt", "exclude",
                            "setscore", "highlight", "playother"):
                    if name not in ("done", "myname", "variants", "egt"):
                        self.send_line(f"accepted {name}")
                else:
                    self.send_line(f"rejected {name}")
                if name == "myname":
                    self.id["name"] = str(value)
                if name == "done" and value == 1:
                    self.initialized = True
                    cmd.set_result(None)
        return _Call(self, run, on_line)

    def _ping_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            self.pings += 1
            cmd.n = self.pings  # type: ignore[attr-defined]
            self.send_line(f"ping {self.pings}")

        def on_line(cmd: _Call, line: str) -> None:
            if line.strip() == f"pong {cmd.n}":  # type: ignore[attr-defined]
                cmd.set_result(None)
        return _Call(self, run, on_line)

    def _setoption(self, name: str, value: ConfigValue) -> None:
        if name in self.features or name.lower() in ("memory", "cores", "egtpath"):
            if name.lower() == "memory":
                self.send_line(f"memory {value}")
            elif name.lower() == "cores":
                self.send_line(f"cores {value}")
            return
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError("unsupported xboard option or command: {}".format(name))
        value = option.parse(value)
        if option.type == "button":
            self.send_line(f"option {option.name}")
        else:
            self.config[name] = value
            text = int(value) if isinstance(value, bool) else value
            self.send_line(f"option {option.name}={text}")

    def _configure_command(self, options: ConfigMapping) -> _Command:
        def run(cmd: _Call) -> None:
            for name, value in options.items():
                self._setoption(name, value)
                self.target_config[name] = value
            cmd.set_result(None)
        return _Call(self, run)

    def _play_command(self, board: Board, limit: Limit, **kwargs: Any) -> _Command:
        return _XBoardSearch(self, board, limit, play=True, **kwargs)

    def _analysis_command(self, board: Board, limit: Optional[Limit], **kwargs: Any) -> _Command:
        return _XBoardSearch(self, board, limit, play=False, **kwargs)

    async def quit(self) -> None:
        self.send_line("quit")
        if self.returncode is not None:
            await asyncio.shield(self.returncode)


def _xboard_variant(board: Board) -> Optional[str]:
    variant = getattr(type(board), "xboard_variant", None) or getattr(type(board), "uci_variant", "chess")
    if board.chess960:
        return "fischerandom"
    return None if variant in ("chess", "normal") else variant


class _XBoardSearch(_Command):
    """``play`` and ``analysis`` over XBoard: ``new``, ``force``, the position, the limits,
    ``post``, then ``go`` (play) or ``analyze`` (analysis); thinking lines as info."""

    def __init__(self, protocol: XBoardProtocol, board: Board, limit: Optional[Limit], *, play: bool,
                 game: object = None, info: Info = INFO_ALL, multipv: Optional[int] = None,
                 ponder: bool = False, draw_offered: bool = False,
                 root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {}) -> None:
        super().__init__(protocol)
        self.xb = protocol
        self.board = board.copy()
        self.limit = limit
        self.play = play
        self.info = Info(info)
        self.options = dict(options)
        self.draw_offered = draw_offered
        self.analysis = AnalysisResult(self.cancel)
        self.play_info: InfoDict = {}
        self.stopped = False
        if multipv is not None and multipv > 1:
            raise EngineError("xboard engine does not support multipv")
        if root_moves is not None:
            raise EngineError("play with root_moves is not supported by xboard")

    def start(self) -> None:
        xb = self.xb
        for name, value in self.options.items():
            xb._setoption(name, value)
        xb.send_line("new")
        variant = _xboard_variant(self.board)
        if variant:
            xb.send_line(f"variant {variant}")
        xb.send_line("force")
        root = self.board.root()
        if root.fen() != type(root).starting_fen or self.board.chess960:
            if not xb.features.get("setboard", 0):
                raise EngineError("xboard engine does not support setboard")
            xb.send_line("setboard " + root.fen())
        usermove = "usermove " if xb.features.get("usermove") else ""
        for move in self.board.move_stack:
            text = root.san(move) if xb.features.get("san") else root.uci(move)
            xb.send_line(usermove + text)
            root.push(move)
        limit = self.limit
        if self.play and limit is not None:
            if limit.time is not None:
                xb.send_line(f"st {max(0.01, limit.time):.10g}")
            if limit.depth is not None:
                xb.send_line(f"sd {max(1, limit.depth)}")
            if limit.nodes is not None:
                xb.send_line(f"nps 1")
                xb.send_line(f"st {max(1, limit.nodes)}")
            clock = limit.white_clock if self.board.turn else limit.black_clock
            inc = limit.white_inc if self.board.turn else limit.black_inc
            if clock is not None:
                moves = limit.remaining_moves or 0
                xb.send_line(f"level {moves} 0 {inc or 0:.10g}")
                xb.send_line(f"time {max(1, round(clock * 100))}")
                other = limit.black_clock if self.board.turn else limit.white_clock
                if other is not None:
                    xb.send_line(f"otim {max(1, round(other * 100))}")
        xb.send_line("post" if self.info or not self.play else "nopost")
        xb.send_line("easy")
        if self.draw_offered and self.play:
            xb.send_line("draw")
        if self.play:
            xb.send_line("go")
        else:
            self.result = self.analysis
            for cb in list(self.callbacks):
                cb(self)
            self.callbacks.clear()
            xb.send_line("analyze")
            if limit is not None and (limit.time is not None or limit.depth is not None
                                      or limit.nodes is not None):
                self.deadline_limit = limit
        self.started = _time.monotonic()

    def cancel(self) -> None:
        if self.finished or self.stopped:
            return
        self.stopped = True
        if self.play:
            self.xb.send_line("?")
        else:
            self.xb.send_line("exit")
            self.xb.send_line("force")
            self.xb.pings += 1
            self.ping = self.xb.pings
            self.xb.send_line(f"ping {self.ping}")

    def line_received(self, line: str) -> None:
        try:
            parsed = _xboard_line(line)
        except ValueError as exc:
            LOGGER.warning("%s: %s", self.xb, exc)
            return
        kind = parsed[0]
        if kind == "thinking":
            _, ply, score, seconds, nodes, pv = parsed
            info: InfoDict = {}
            if self.info & Info.BASIC:
                info.update(depth=ply, time=seconds, nodes=nodes)
            if self.info & Info.SCORE:
                if abs(score) > 90000:
                    moves = (100000 - abs(score) + 1) // 2
                    rel: Score = Mate(moves if score > 0 else -moves)
                else:
                    rel = Cp(score)
                info["score"] = PovScore(rel, self.board.turn)
            if self.info & Info.PV:
                info["pv"] = self._pv(pv)
            if self.play:
                self.play_info.update(info)
            else:
                self.analysis.post(info)
                limit = getattr(self, "deadline_limit", None)
                if limit is not None and not self.stopped:
                    if (limit.depth is not None and ply >= limit.depth) or \
                            (limit.nodes is not None and nodes >= limit.nodes) or \
                            (limit.time is not None and seconds >= limit.time):
                        self.cancel()
        elif kind == "move" and self.play:
            try:
                move = self.board.parse_san(parsed[1]) if self.xb.features.get("san") else None
            except ValueError:
                move = None
            if move is None:
                try:
                    move = self.board.parse_uci(parsed[1])
                except ValueError:
                    try:
                        move = self.board.parse_san(parsed[1])
                    except ValueError as exc:
                        self._fail(EngineError(f"illegal move from xboard engine: {parsed[1]} ({exc})"))
                        return
            self.xb.send_line("force")
            self.set_result(PlayResult(move, None, self.play_info, draw_offered=False))
        elif kind == "resign" and self.play:
            self.set_result(PlayResult(None, None, self.play_info, resigned=True))
        elif kind == "offer_draw" and self.play:
            self.play_draw = True
        elif kind == "pong" and self.stopped and not self.play:
            if parsed[1] == getattr(self, "ping", None):
                self.analysis.set_finished(BestMove(self._best(), None))
                self.set_result(self.analysis)
        elif kind == "error" or kind == "illegal":
            LOGGER.error("%s: engine error: %s", self.xb, line)

    def _best(self) -> Optional[Move]:
        pv = self.analysis.info.get("pv")
        return pv[0] if pv else None

    def _pv(self, text: str) -> List[Move]:
        board = self.board.copy(stack=False)
        moves = []
        for token in text.split():
            if token.endswith(".") or token[0].isdigit() and "." in token:
                continue
            try:
                move = board.push_uci(token)
            except ValueError:
                try:
                    move = board.push_san(token)
                except ValueError:
                    break
            moves.append(move)
        return moves

    def _fail(self, exc: BaseException) -> None:
        self.set_exception(exc)

    def set_exception(self, exc: BaseException) -> None:
        if not self.play:
            self.analysis.set_exception(exc)
        super().set_exception(exc)

    def engine_terminated(self, exc: BaseException) -> None:
        self._fail(exc)


# ----- asyncio entry points -----


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts a UCI engine: ``(transport, protocol)``, the handshake done."""
    transport, protocol = await UciProtocol.popen(command, setpgrp=setpgrp, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()
        raise
    return transport, protocol


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False,
                       **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, XBoardProtocol]:
    """Starts an XBoard engine: ``(transport, protocol)``, the handshake done."""
    transport, protocol = await XBoardProtocol.popen(command, setpgrp=setpgrp, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()
        raise
    return transport, protocol


# ----- MockTransport -----


class MockTransport:
    """A scripted engine for tests of code that drives a protocol: ``expect(line,
    responses)`` says what the protocol should send next and what the engine answers;
    ``assert_done()`` that everything expected was sent."""

    def __init__(self, protocol: Protocol) -> None:
        self.protocol = protocol
        self.expectations: Deque[Tuple[str, List[str]]] = collections.deque()
        self.expected_pings = 0
        self.stdin_buffer = bytearray()
        self.protocol.connection_made(self)

    def expect(self, expectation: str, responses: List[str] = []) -> None:
        self.expectations.append((expectation, list(responses)))

    def expect_ping(self) -> None:
        self.expected_pings += 1

    def assert_done(self) -> None:
        assert not self.expectations, f"pending expectations: {list(self.expectations)}"

    def get_pipe_transport(self, fd: int) -> "MockTransport":
        assert fd == 0, f"expected 0 for stdin, got {fd}"
        return self

    def write(self, data: bytes) -> None:
        self.stdin_buffer.extend(data)
        while True:
            end = self.stdin_buffer.find(b"\n")
            if end < 0:
                break
            line = self.stdin_buffer[:end].decode()
            del self.stdin_buffer[: end + 1]
            if self.expected_pings and line.startswith("ping "):
                self.expected_pings -= 1
                self._respond(["pong " + line.split(None, 1)[1]])
                continue
            assert self.expectations, f"unexpected: {line!r}"
            expectation, responses = self.expectations.popleft()
            assert expectation == line, f"expected {expectation!r}, got: {line!r}"
            self._respond(responses)

    def _respond(self, responses: List[str]) -> None:
        data = b"".join((r + "\n").encode() for r in responses)
        if not data:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.protocol.pipe_data_received(1, data)
            return
        loop.call_soon(self.protocol.pipe_data_received, 1, data)

    def get_pid(self) -> int:
        return id(self)

    def get_returncode(self) -> Optional[int]:
        return None if self.expectations else 0

    def close(self) -> None:
        pass


# ----- SimpleEngine -----


class _Pipe:
    """The engine's standard output read a line at a time, with a deadline."""

    def __init__(self, process: "subprocess.Popen[bytes]") -> None:
        assert process.stdout is not None
        self.fd = process.stdout.fileno()
        self.rest = b""
        self.lines: Deque[bytes] = collections.deque()
        self.eof = False

    def ready(self) -> bool:
        """Whether a line (or the end) can be read without waiting."""
        if self.lines or self.eof:
            return bool(self.lines)
        return bool(select.select([self.fd], [], [], 0)[0])

    def readline(self, timeout: Optional[float]) -> Optional[str]:
        deadline = None if timeout is None else _time.monotonic() + timeout
        while not self.lines:
            if self.eof:
                return None
            if deadline is not None:
                left = deadline - _time.monotonic()
                if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                    raise TimeoutError("engine did not answer in time")
            data = os.read(self.fd, 65536)
            if not data:
                self.eof = True
                if self.rest:
                    self.lines.append(self.rest)
                    self.rest = b""
                continue
            parts = (self.rest + data).split(b"\n")
            self.rest = parts.pop()
            self.lines.extend(parts)
        return self.lines.popleft().decode("utf-8", errors="replace").rstrip("\r")


class SimpleEngine:
    """A blocking engine: ``SimpleEngine.popen_uci(path)`` or ``popen_xboard``, then
    ``analyse``, ``analysis``, ``play``, ``configure``, ``ping``, ``quit``. Thread-safe (one
    command at a time); a context manager that quits on exit. The engine's lines are read
    in the calling thread."""

    def __init__(self, protocol: Protocol, process: "subprocess.Popen[bytes]", *,
                 timeout: Optional[float] = 10.0) -> None:
        self.protocol = protocol
        self.process = process
        self.timeout = timeout
        self._pipe = _Pipe(process)
        self._lock = threading.RLock()
        self._shutdown = False
        stdin = process.stdin
        assert stdin is not None
        self._stdin = stdin
        # Lines are written together when the engine's answer is awaited: one write (and
        # one wake-up of the engine) for `position` and `go`.
        self._out: List[bytes] = []
        protocol._write = self._out.append

    @classmethod
    def popen(cls, protocol_class: Type[Protocol], command: Union[str, List[str]], *,
              timeout: Optional[float] = 10.0, debug: Optional[bool] = None, setpgrp: bool = False,
              **popen_args: Any) -> "SimpleEngine":
        args = [command] if isinstance(command, str) else list(command)
        if setpgrp:
            popen_args.setdefault("start_new_session", True)
        try:
            process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       bufsize=0, **popen_args)
        except OSError:
            raise
        engine = cls(protocol_class(), process, timeout=timeout)
        try:
            engine._run(engine.protocol._initialize_command(), timeout)
        except BaseException:
            engine.close()
            raise
        return engine

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                  debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts a UCI engine and goes through the handshake."""
        return cls.popen(UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                     debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts an XBoard engine and goes through the handshake."""
        return cls.popen(XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    def _pump(self, timeout: Optional[float]) -> None:
        """Reads one line and hands it to the protocol."""
        if self._shutdown:
            raise EngineTerminatedError("engine event loop dead")
        self._flush()
        line = self._pipe.readline(timeout)
        if line is None:
            code = self.process.wait()
            self.protocol._engine_terminated(code)
            return
        self.protocol._line_received(line)

    def _drain(self) -> None:
        """Reads the lines the engine has written so far, without waiting."""
        self._flush()
        while not self._shutdown and self._pipe.ready():
            self._pump(None)

    def _flush(self) -> None:
        if self._out:
            data = b"".join(self._out)
            self._out.clear()
            try:
                self._stdin.write(data)
                self._stdin.flush()
            except (BrokenPipeError, OSError):
                pass

    def _run(self, command: _Command, timeout: Optional[float]) -> Any:
        with self._lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
            self._drain()
            self.protocol._submit(command)
            deadline = None if timeout is None else _time.monotonic() + timeout
            try:
                while not command.finished:
                    left = None if deadline is None else max(0.0, deadline - _time.monotonic())
                    self._pump(left)
            except TimeoutError:
                # The search is stopped; the next command reads up to its end.
                command.cancel()
                self._flush()
                raise
            return command.outcome()

    def _timeout_for(self, limit: Optional[Limit]) -> Optional[float]:
        if self.timeout is None or limit is None or limit.time is None:
            return None
        return self.timeout + limit.time

    @property
    def options(self) -> UciOptionMap[Option]:
        return self.protocol.options

    @property
    def id(self) -> Dict[str, str]:
        return self.protocol.id.copy()

    @property
    def config(self) -> UciOptionMap[ConfigValue]:
        return self.protocol.config

    def communicate(self, command_factory: Callable[[Protocol], _Command]) -> Any:
        return self._run(command_factory(self.protocol), self.timeout)

    def configure(self, options: ConfigMapping) -> None:
        self._run(self.protocol._configure_command(options), self.timeout)

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                  engine_rating: Optional[int] = None) -> None:
        pass

    def ping(self) -> None:
        self._run(self.protocol._ping_command(), self.timeout)

    def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
             ponder: bool = False, draw_offered: bool = False,
             root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
             opponent: Optional[Opponent] = None) -> PlayResult:
        command = self.protocol._play_command(board, limit, game=game, info=info, ponder=ponder,
                                              draw_offered=draw_offered, root_moves=root_moves,
                                              options=options)
        return self._run(command, self._timeout_for(limit))  # type: ignore[no-any-return]

    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                game: object = None, info: Info = INFO_ALL,
                root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        with self._lock:
            command = self.protocol._analysis_command(board, limit, multipv=multipv, game=game,
                                                      info=info, root_moves=root_moves,
                                                      options=options)
            self._run_search(command, self._timeout_for(limit))
            analysis: AnalysisResult = command.analysis  # type: ignore[attr-defined]
            return analysis.info if multipv is None else analysis.multipv

    def _run_search(self, command: _Command, timeout: Optional[float]) -> None:
        """Runs a search command to its end (``set_result`` comes twice for an analysis:
        at its start, and at the end; wait for the end)."""
        with self._lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
            self._drain()
            self.protocol._submit(command)
            deadline = None if timeout is None else _time.monotonic() + timeout
            analysis: AnalysisResult = command.analysis  # type: ignore[attr-defined]
            try:
                while not command.finished or not analysis._done:
                    if command.finished and command.exception is not None:
                        break
                    left = None if deadline is None else max(0.0, deadline - _time.monotonic())
                    self._pump(left)
            except TimeoutError:
                command.cancel()
                self._flush()
                raise
            if command.exception is not None:
                raise command.exception
            if analysis._exception is not None:
                raise analysis._exception

    def analysis(self, board: Board, limit: Optional[Limit] = None, *,
                 multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                 root_moves: Optional[Iterable[Move]] = None,
                 options: ConfigMapping = {}) -> SimpleAnalysisResult:
        with self._lock:
            command = self.protocol._analysis_command(board, limit, multipv=multipv, game=game,
                                                      info=info, root_moves=root_moves,
                                                      options=options)
            analysis: AnalysisResult = command.analysis  # type: ignore[attr-defined]
            timeout = self._timeout_for(limit)
            analysis._pump = lambda: self._pump(None if limit is None or limit.time is None else timeout)
            self._drain()
            self.protocol._submit(command)
            if command.exception is not None:
                raise command.exception
            return SimpleAnalysisResult(self, analysis)

    def send_game_result(self, board: Board, winner: Optional[Color] = None,
                         game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        pass

    def quit(self) -> None:
        """Sends ``quit`` and waits for the engine to exit (killing it after the timeout)."""
        with self._lock:
            if self._shutdown:
                return
            command = self.protocol._command
            if command is not None and not command.finished:
                command.cancel()
            try:
                self.protocol.send_line("quit")
                self._flush()
            except EngineError:
                pass
            try:
                self.process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self._close_pipes()

    def close(self) -> None:
        """Ends the engine process at once."""
        with self._lock:
            if self._shutdown:
                return
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self._close_pipes()

    def _close_pipes(self) -> None:
        self._shutdown = True
        self.protocol._engine_terminated(self.process.returncode)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<SimpleEngine (pid={})>".format(self.process.pid)


def run_in_background(coroutine: Callable[["concurrent.futures.Future[T]"], Any], *,
                      name: Optional[str] = None, debug: Optional[bool] = None) -> T:
    """Runs ``coroutine(future)`` in an event loop of its own thread; returns what the
    coroutine sets on the future."""
    import concurrent.futures

    future: "concurrent.futures.Future[T]" = concurrent.futures.Future()

    def background() -> None:
        try:
            asyncio.run(coroutine(future))
            future.cancel()
        except Exception as exc:
            future.set_exception(exc)

    threading.Thread(target=background, name=name).start()
    return future.result()
