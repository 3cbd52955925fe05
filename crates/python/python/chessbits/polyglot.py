"""Polyglot opening books with python-chess's ``chess.polyglot`` API, over
``chessbits-movegen``'s book reader: ``open_reader(path)`` gives a reader with ``find``,
``find_all``, ``get``, ``choice``, ``weighted_choice``, ``close`` and ``with``."""

from __future__ import annotations

import os
import random as _random
import struct
from typing import Any, Container, Iterator, List, NamedTuple, Optional, Sequence, Union

from chessbits import BB_SQUARES, Board, Move, _PolyglotBook, _polyglot_random_array

# A book entry's layout: key, move, weight, learn (big-endian).
ENTRY_STRUCT = struct.Struct(">QHHI")
# The 781 keys of the format, in its order (pieces, castling, en-passant files, turn).
POLYGLOT_RANDOM_ARRAY: List[int] = _polyglot_random_array()


class ZobristHasher:
    """Zobrist hashing of a board with 781 keys in Polyglot's order (``zobrist_hash`` is
    this with ``POLYGLOT_RANDOM_ARRAY``, computed in Rust)."""

    def __init__(self, array: Sequence[int]) -> None:
        assert len(array) >= 781
        self.array = array

    def hash_board(self, board: Any) -> int:
        """The keys of the pieces: ``64 * kind + square``, kind ``2 * (type - 1)`` plus 1
        for White."""
        zobrist = 0
        for square, piece in board.piece_map().items():
            kind = 2 * (piece.piece_type - 1) + int(piece.color)
            zobrist ^= self.array[64 * kind + square]
        return zobrist

    def hash_castling(self, board: Any) -> int:
        """The keys of the castling rights (White short and long, Black short and long)."""
        rights = board.clean_castling_rights()
        zobrist = 0
        for i, square in enumerate((7, 0, 63, 56)):
            if rights & BB_SQUARES[square]:
                zobrist ^= self.array[768 + i]
        return zobrist

    def hash_ep_square(self, board: Any) -> int:
        """The key of the en-passant file when a pawn of the side to move can take there."""
        if board.ep_square is None or not any(board.generate_pseudo_legal_ep()):
            return 0
        return self.array[772 + (board.ep_square & 7)]

    def hash_turn(self, board: Any) -> int:
        """The key of White to move."""
        return self.array[780] if board.turn else 0

    def __call__(self, board: Any) -> int:
        return self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board) ^ self.hash_turn(board)


class Entry(NamedTuple):
    """A book entry: the position's key, the raw move, its weight, learn, and the move."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


def zobrist_hash(board: Any) -> int:
    """The Polyglot key of a board's position (a variant board's by its pieces, rights,
    en-passant file and turn, as python-chess hashes it)."""
    if isinstance(board, Board) and type(board).uci_variant != "chess":
        return ZobristHasher(POLYGLOT_RANDOM_ARRAY)(board)
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

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is ``key`` or more."""
        lo, hi = 0, len(self._book)
        while lo < hi:
            mid = (lo + hi) // 2
            if self._book._key_at(mid) < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def close(self) -> None:
        self._book.close()


def open_reader(path: Union[str, "os.PathLike[str]"]) -> MemoryMappedReader:
    """A reader of the Polyglot book at ``path``."""
    return MemoryMappedReader(path)
