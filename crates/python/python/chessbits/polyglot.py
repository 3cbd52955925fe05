"""Polyglot opening books with python-chess's ``chess.polyglot`` API, over
``chessbits-movegen``'s book reader: ``open_reader(path)`` gives a reader with ``find``,
``find_all``, ``get``, ``choice``, ``weighted_choice``, ``close`` and ``with``."""

from __future__ import annotations

import os
import random as _random
from typing import Any, Iterator, NamedTuple, Optional, Union, Container

from chessbits import Board, Move, _PolyglotBook


class Entry(NamedTuple):
    """A book entry: the position's key, the raw move, its weight, learn, and the move."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


def zobrist_hash(board: Any) -> int:
    """The Polyglot key of a board's position."""
    if not isinstance(board, Board):
        board = Board(board.fen(), chess960=board.chess960)
    return board.zobrist_hash()


class MemoryMappedReader:
    """A Polyglot book file (read by key with a binary search, not mapped in memory)."""

    def __init__(self, filename: Union[str, "os.PathLike[str]"]) -> None:
        self._book = _PolyglotBook(os.fspath(filename))

    def __enter__(self) -> "MemoryMappedReader":
        return self

    def __exit__(self, *args: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def find_all(self, board: Any, *, minimum_weight: int = 1, exclude_moves: Container[Any] = ()) -> Iterator[Entry]:
        """The entries of the board's position with a legal move, in book order."""
        for key, raw, weight, learn, move in self._book.entries(board):
            if weight < minimum_weight:
                continue
            if exclude_moves and move in exclude_moves:
                continue
            yield Entry(key, raw, weight, learn, move)

    def find(self, board: Any, *, minimum_weight: int = 1, exclude_moves: Container[Any] = ()) -> Entry:
        """The entry of highest weight; ``IndexError`` when there is none."""
        try:
            return max(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves), key=lambda e: e.weight)
        except ValueError:
            raise IndexError() from None

    def get(self, board: Any, default: Optional[Entry] = None, *, minimum_weight: int = 1, exclude_moves: Container[Any] = ()) -> Optional[Entry]:
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Any, *, minimum_weight: int = 1, exclude_moves: Container[Any] = (), random: Any = None) -> Entry:
        """An entry chosen uniformly; ``IndexError`` when there is none."""
        chosen_entry = None
        for i, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)):
            if chosen_entry is None or (random or _random).randint(0, i) == i:
                chosen_entry = entry
        if chosen_entry is None:
            raise IndexError()
        return chosen_entry

    def weighted_choice(self, board: Any, *, exclude_moves: Container[Any] = (), random: Any = None) -> Entry:
        """An entry chosen with probability proportional to its weight."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(e.weight for e in entries)
        if not total:
            raise IndexError()
        choice = (random or _random).randint(0, total - 1)
        running = 0
        for entry in entries:
            running += entry.weight
            if running > choice:
                return entry
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._book.close()


def open_reader(path: Union[str, "os.PathLike[str]"]) -> MemoryMappedReader:
    """A reader of the Polyglot book at ``path``."""
    return MemoryMappedReader(path)
