"""Syzygy endgame tablebases with python-chess's ``chess.syzygy`` API, over the
``chessbits-syzygy`` prober: ``open_tablebase(directory)`` gives a tablebase with
``probe_wdl``, ``probe_dtz``, ``get_wdl``, ``get_dtz``, ``add_directory``, ``add_file``, the
tables' own probes, ``close`` and ``with``; and the module's table-name functions."""

from __future__ import annotations

import os
from typing import Any, Iterable, Iterator, Optional, Tuple, Union

import chessbits
from chessbits import (
    _SyzygyTablebase,
    _syzygy_all_dependencies,
    _syzygy_calc_key,
    _syzygy_dependencies,
    _syzygy_is_tablename,
    _syzygy_normalize_tablename,
    _syzygy_tablenames,
)

#: The most pieces a Syzygy table has.
TBPIECES = 7


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """Every table name with up to ``piece_count`` pieces, as python-chess lists them."""
    return iter(_syzygy_tablenames(one_king, piece_count))


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """``name`` with the stronger side first (the other first with ``mirror``)."""
    return _syzygy_normalize_tablename(name, mirror)


def is_tablename(name: str, *, one_king: bool = True, piece_count: Optional[int] = TBPIECES, normalized: bool = True) -> bool:
    """Whether ``name`` names a table (in normal form, with ``normalized``)."""
    return _syzygy_is_tablename(name, one_king, piece_count, normalized)


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables that probing ``target`` may need (after a capture or a promotion)."""
    return iter(_syzygy_dependencies(target, one_king))


def all_dependencies(targets: Iterable[str], *, one_king: bool = True) -> Iterator[str]:
    """The tables that probing ``targets`` may need, each once, ``targets`` included."""
    return iter(_syzygy_all_dependencies(list(targets), one_king))


def calc_key(board: Any, *, mirror: bool = False) -> str:
    """The material key of ``board``'s placement, as table names write it (``KQvK``)."""
    return _syzygy_calc_key(board, mirror)


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ a position of result ``wdl`` has just before a zeroing move."""
    return ((wdl > 0) - (wdl < 0)) * (1 if abs(wdl) == 2 else 101)


class MissingTableError(KeyError):
    """A table the probe needs was not added."""


class Tablebase:
    """Syzygy tables added from directories."""

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Any = None) -> None:
        # ``max_fds``: the tables are memory-mapped and their files closed at once, so no
        # descriptor stays open. Only standard chess's tables are read here.
        if VariantBoard is not None and getattr(VariantBoard, "uci_variant", "chess") != "chess":
            raise ValueError(f"Syzygy tables of {VariantBoard.__name__} are not supported; standard chess only")
        self.max_fds = max_fds
        self.VariantBoard = VariantBoard if VariantBoard is not None else chessbits.Board
        self._tb = _SyzygyTablebase()

    def add_file(self, path: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds one table file; 1 when its name is a table's, else 0."""
        return int(self._tb.add_file(os.fspath(path)))

    def add_directory(self, directory: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds a directory's tables; returns how many were found."""
        return self._tb.add_directory(os.fspath(directory))

    def probe_wdl(self, board: Any) -> int:
        """-2 (loss) to 2 (win) for the side to move; ``MissingTableError`` without the table."""
        try:
            return self._tb.probe_wdl(board)
        except KeyError as e:
            raise MissingTableError(*e.args) from None

    def get_wdl(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def probe_dtz(self, board: Any) -> int:
        """The distance to zeroing the halfmove clock; ``MissingTableError`` without the table."""
        try:
            return self._tb.probe_dtz(board)
        except KeyError as e:
            raise MissingTableError(*e.args) from None

    def get_dtz(self, board: Any, default: Optional[int] = None) -> Optional[int]:
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def probe_dtz_no_ep(self, board: Any) -> int:
        """:meth:`probe_dtz` as if no en-passant capture were possible."""
        try:
            return self._tb.probe_dtz_no_ep(board)
        except KeyError as e:
            raise MissingTableError(*e.args) from None

    def probe_wdl_table(self, board: Any) -> int:
        """The WDL table's own value for ``board`` (no search of captures)."""
        try:
            return self._tb.probe_wdl_table(board)
        except KeyError as e:
            raise MissingTableError(*e.args) from None

    def probe_dtz_table(self, board: Any, wdl: int) -> Tuple[int, int]:
        """The DTZ table's own value: ``(dtz, 1)``, or ``(0, -1)`` when the file stores
        only the other side to move."""
        try:
            return self._tb.probe_dtz_table(board, wdl)
        except KeyError as e:
            raise MissingTableError(*e.args) from None

    def close(self) -> None:
        self._tb = _SyzygyTablebase()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *args: Any) -> None:
        self.close()


def open_tablebase(directory: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True, max_fds: Optional[int] = 128, VariantBoard: Any = None) -> Tablebase:
    """A tablebase with the tables of ``directory``."""
    tablebase = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tablebase.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tablebase
