"""Syzygy endgame tablebases with python-chess's ``chess.syzygy`` API, over the
``chessbits-syzygy`` prober: ``open_tablebase(directory)`` gives a tablebase with
``probe_wdl``, ``probe_dtz``, ``get_wdl``, ``get_dtz``, ``add_directory``, ``close`` and
``with``."""

from __future__ import annotations

import os
from typing import Any, Optional, Union

from chessbits import _SyzygyTablebase


class MissingTableError(KeyError):
    """A table the probe needs was not added."""


class Tablebase:
    """Syzygy tables added from directories."""

    def __init__(self) -> None:
        self._tb = _SyzygyTablebase()

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

    def close(self) -> None:
        self._tb = _SyzygyTablebase()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *args: Any) -> None:
        self.close()


def open_tablebase(directory: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True, max_fds: Optional[int] = 128, VariantBoard: Any = None) -> Tablebase:
    """A tablebase with the tables of ``directory``."""
    tablebase = Tablebase()
    tablebase.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tablebase
