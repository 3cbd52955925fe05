"""What every part of ``chessbits.engine`` shares: the logger, the option values, the
errors, ``Limit``, the ``Info`` selectors, the results (``PlayResult``, ``BestMove``,
``Opponent``) and the options an engine declares (``Option``, ``UciOptionMap``)."""

from __future__ import annotations

import dataclasses
import enum
import logging
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    MutableMapping,
    Optional,
    Tuple,
    TypeVar,
    Union,
)

from chessbits import Move

# One logger for the whole package, named as python-chess names its own (chess.engine).
LOGGER = logging.getLogger("chessbits.engine")


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
