"""python-chess's attack and line tables (``BB_KNIGHT_ATTACKS``, ``BB_DIAG_ATTACKS``,
``BB_RAYS``, ...), ``between`` and ``ray``, and the regular expressions of SAN and of a
FEN's castling field. The squares each piece attacks come from ``chessbits-attack-tables``
(``_piece_attacks``); the large per-occupancy tables are built on first use (the package's
``__getattr__``), as they cost a few milliseconds.
"""

from __future__ import annotations

import re
from typing import Dict, List

from chessbits import _between_mask, _piece_attacks, _ray_mask

_ALL = 0xFFFF_FFFF_FFFF_FFFF
_FILE_A = 0x0101_0101_0101_0101
_RANK_1 = 0xFF

# SAN as python-chess's parser reads it: piece letter, origin file and rank, capture
# sign, destination, promotion, check sign (groups 1 to 5).
SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
# A FEN castling field: `-`, or up to two white letters then up to two black ones.
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")


def between(a: int, b: int) -> int:
    """The squares strictly between ``a`` and ``b`` on a shared line, else ``BB_EMPTY``."""
    return _between_mask(a, b)


def ray(a: int, b: int) -> int:
    """The line through ``a`` and ``b`` from edge to edge, else ``BB_EMPTY``."""
    return _ray_mask(a, b)


def _step_table(piece_type: int, color: bool = True) -> List[int]:
    return [_piece_attacks(piece_type, color, square, 0) for square in range(64)]


def _edges(square: int) -> int:
    """The board's edges but those the square stands on (python-chess's mask rule)."""
    rank, file = square >> 3, square & 7
    ranks = (_RANK_1 | _RANK_1 << 56) & ~(_RANK_1 << (8 * rank))
    files = (_FILE_A | _FILE_A << 7) & ~(_FILE_A << file)
    return ranks | files


def _subsets(mask: int) -> List[int]:
    """Every subset of ``mask`` (the carry-rippler walk)."""
    out, subset = [], 0
    while True:
        out.append(subset)
        subset = (subset - mask) & mask
        if not subset:
            return out


def _line_table(kind: str) -> "tuple[List[int], List[Dict[int, int]]]":
    """The masks and the attacks per occupancy subset of one kind of line: ``diag``
    (both diagonals), ``file`` or ``rank``."""
    masks: List[int] = []
    tables: List[Dict[int, int]] = []
    for square in range(64):
        if kind == "diag":
            piece, line = 3, _ALL
        elif kind == "file":
            piece, line = 4, _FILE_A << (square & 7)
        else:
            piece, line = 4, _RANK_1 << (8 * (square >> 3))
        mask = _piece_attacks(piece, True, square, 0) & line & ~_edges(square)
        masks.append(mask)
        tables.append({sub: _piece_attacks(piece, True, square, sub) & line for sub in _subsets(mask)})
    return masks, tables


def build(name: str) -> object:
    """The table python-chess calls ``name``."""
    if name == "BB_KNIGHT_ATTACKS":
        return _step_table(2)
    if name == "BB_KING_ATTACKS":
        return _step_table(6)
    if name == "BB_PAWN_ATTACKS":
        return [_step_table(1, False), _step_table(1, True)]
    if name == "BB_RAYS":
        return [[_ray_mask(a, b) for b in range(64)] for a in range(64)]
    for kind in ("DIAG", "FILE", "RANK"):
        if name in (f"BB_{kind}_MASKS", f"BB_{kind}_ATTACKS"):
            masks, tables = _line_table(kind.lower())
            return masks if name.endswith("MASKS") else tables
    raise AttributeError(name)


NAMES = (
    "BB_KNIGHT_ATTACKS",
    "BB_KING_ATTACKS",
    "BB_PAWN_ATTACKS",
    "BB_RAYS",
    "BB_DIAG_MASKS",
    "BB_DIAG_ATTACKS",
    "BB_FILE_MASKS",
    "BB_FILE_ATTACKS",
    "BB_RANK_MASKS",
    "BB_RANK_ATTACKS",
)
