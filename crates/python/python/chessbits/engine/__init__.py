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

# The package's parts, a chain without cycles: _options and _scores (plain values) <-
# _protocol (commands, Protocol) <- _uci, _xboard <- _transport <- _simple. Every name the
# single module engine.py defined is here, private helpers included.
#
# asyncio, List and Optional: the classes' own annotations (Protocol's, the dataclasses')
# are read in this namespace, their __module__, by typing.get_type_hints.
import asyncio
from typing import Iterable, List, Optional, TypeVar

import chessbits
from chessbits import Board, Color, Move

from ._options import (
    INFO_ALL,
    INFO_BASIC,
    INFO_CURRLINE,
    INFO_NONE,
    INFO_PV,
    INFO_REFUTATION,
    INFO_SCORE,
    LOGGER,
    MANAGED_OPTIONS,
    AnalysisComplete,
    BestMove,
    ConfigMapping,
    ConfigValue,
    EngineError,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
    T,
    UciOptionMap,
)
from ._protocol import AnalysisResult, Protocol, ProtocolT, _Call, _Command, _read_option
from ._scores import (
    _MODELS,
    _SF_MODELS,
    Cp,
    Mate,
    MateGiven,
    MateGivenType,
    PovScore,
    PovWdl,
    Score,
    Wdl,
    WdlModel,
    _color_name,
    _logistic_wins,
    _model_wins,
    _poly,
    _sf_wins,
)
from ._simple import SimpleAnalysisResult, SimpleEngine, _run_sync, run_in_background
from ._transport import MockTransport, _Pipe, popen_uci, popen_xboard
from ._uci import (
    _BASIC,
    UciProtocol,
    _go_command,
    _info,
    _position_command,
    _push_moves,
    _UciPonder,
    _UciSearch,
)
from ._xboard import XBoardProtocol, _xboard_variant, _XBoardSearch


def _claim(objects: Iterable[object]) -> None:
    """The classes, functions and type variables of the parts belong to ``chessbits.engine``
    (as they did in the single module, and as python-chess's belong to ``chess.engine``):
    their ``repr``, pickles and ``typing.get_type_hints`` name this package."""
    for obj in objects:
        module = getattr(obj, "__module__", None)
        if isinstance(obj, (type, TypeVar)) or callable(obj) and hasattr(obj, "__code__"):
            if isinstance(module, str) and module.startswith(__name__ + "._"):
                try:
                    obj.__module__ = __name__  # type: ignore[misc]
                except (AttributeError, TypeError):  # pragma: no cover - a read-only __module__
                    pass


_claim(list(globals().values()))
del _claim
