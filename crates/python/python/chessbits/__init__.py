"""chessbits: chess at Rust speed, with python-chess's API.

A python-chess program switches by changing one import::

    import chessbits as chess          # was: import chess
    import chessbits.pgn               # was: import chess.pgn

Board
    Board(fen=STARTING_FEN, *, chess960=False) (alias Position): legal_moves,
    push/pop/peek, push_san/push_uci, san/lan/uci/variation_san, fen/epd,
    piece_at/piece_map/set_piece_at, attacks/attackers/pin, gives_check,
    is_checkmate/is_stalemate/..., outcome(claim_draw=), status(), mirror, copy,
    pickling; Move, Piece, SquareSet, Outcome, Termination, Status and the
    constants (WHITE, PAWN, A1, BB_*, SQUARES, ...). chessbits.Move and
    chess.Move compare and hash alike, and every method taking a move takes
    either. Board.from_chess(board) and board.to_chess() convert whole games.

Tables
    read_games(source, *, schema="default", threads=None, on_damage="warn", **filters)
    read_moves(source, *, schema="default", threads=None, on_damage="warn", **filters)
        A row per game or per mainline move, as a stream of Arrow record batches
        (the Arrow PyCapsule interface): pyarrow.table(s), polars.DataFrame(s) and
        duckdb.sql("from s") read it without copying.
    columns(table="games", schema="default") -> [(name, meaning), ...]

Machine learning
    encode(positions, *, planes=False) -> numpy.ndarray of shape (N, 12) uint64
    (or (N, 12, 8, 8) uint8 planes).

Errors
    ValueError for a bad FEN; InvalidMoveError, IllegalMoveError and
    AmbiguousMoveError (ValueErrors, as python-chess's) for moves; PgnError (an
    OSError) for an input that cannot be read, naming the input and how far it got.
    An input damaged part way keeps the games before the damage and warns
    (DamagedInputWarning); on_damage="raise" raises PgnError instead.
"""
from __future__ import annotations

import dataclasses
import enum
from typing import Iterable, Iterator, List, Optional, SupportsInt, Union

from chessbits._chessbits import (
    AmbiguousMoveError,
    Board,
    DamagedInputWarning,
    GameStream,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveGenerator,
    PgnError,
    Piece,
    __version__,
    columns,
    _between_mask,
    _piece_attacks,
    _polyglot_random_array,
    _syzygy_all_dependencies,
    _syzygy_calc_key,
    _syzygy_dependencies,
    _syzygy_is_tablename,
    _syzygy_normalize_tablename,
    _syzygy_tablenames,
    _parse_game,
    PgnWriter as _PgnWriter,
    _comment_clock,
    _comment_emt,
    _comment_eval,
    _read_tags,
    _SEVEN_TAG_ROSTER,
    _set_comment_command,
    PolyglotBook as _PolyglotBook,
    SyzygyTablebase as _SyzygyTablebase,
    _ray_mask,
    _transform,
    encode,
    square_knight_distance,
    read_games,
    read_moves,
)

Position = Board
"""The former name of `Board`."""

LegalMoveGenerator = MoveGenerator
PseudoLegalMoveGenerator = MoveGenerator

Color = bool
COLORS = [WHITE, BLACK] = [True, False]
COLOR_NAMES = ["black", "white"]

PieceType = int
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] = range(1, 7)
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜",
    "N": "♘", "n": "♞",
    "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛",
    "K": "♔", "k": "♚",
    "P": "♙", "p": "♟",
}
FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

Square = int
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
for _i, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _i
    globals()["BB_" + _name.upper()] = 1 << _i
del _i, _name

Bitboard = int
BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES = [1 << s for s in SQUARES]
BB_FILES = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_RANKS = [0xFF << (8 * r) for r in range(8)]
for _i in range(8):
    globals()["BB_FILE_" + FILE_NAMES[_i].upper()] = BB_FILES[_i]
    globals()["BB_RANK_" + RANK_NAMES[_i]] = BB_RANKS[_i]
del _i
BB_LIGHT_SQUARES = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES = 0xAA55_AA55_AA55_AA55
BB_CORNERS = BB_SQUARES[0] | BB_SQUARES[7] | BB_SQUARES[56] | BB_SQUARES[63]
BB_CENTER = BB_SQUARES[27] | BB_SQUARES[28] | BB_SQUARES[35] | BB_SQUARES[36]
BB_BACKRANKS = BB_RANKS[0] | BB_RANKS[7]
SQUARES_180 = [s ^ 0x38 for s in SQUARES]


def square(file_index: int, rank_index: int) -> Square:
    """The square on a file (0 a to 7 h) and a rank (0 first to 7 eighth)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file of a square, 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of a square, 0 (first) to 7 (eighth)."""
    return square >> 3


def square_name(square: Square) -> str:
    """The name of a square (``e4``)."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> Square:
    """The square a name names (``e4``); ``ValueError`` for others."""
    return SQUARE_NAMES.index(name)


def square_distance(a: Square, b: Square) -> int:
    """The king's distance (Chebyshev) between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """The sum of the file and rank distances."""
    return abs(square_file(a) - square_file(b)) + abs(square_rank(a) - square_rank(b))


def square_mirror(square: Square) -> Square:
    """The square mirrored vertically (a1 to a8)."""
    return square ^ 0x38


def piece_symbol(piece_type: PieceType) -> str:
    """``p``, ``n``, ``b``, ``r``, ``q`` or ``k``."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """``pawn``, ``knight``, ... ``king``."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


def lsb(bb: Bitboard) -> int:
    """The lowest set square of a mask."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest set square of a mask."""
    return bb.bit_length() - 1


def popcount(bb: Bitboard) -> int:
    """The number of squares in a mask."""
    return bin(bb).count("1")


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, a1 first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, h8 first."""
    while bb:
        s = bb.bit_length() - 1
        yield s
        bb ^= 1 << s


def flip_vertical(bb: Bitboard) -> Bitboard:
    """The mask mirrored rank 1 to rank 8."""
    return int.from_bytes(bb.to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """python-chess's ``flip_horizontal`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("flip_horizontal", bb)


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """python-chess's ``flip_diagonal`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("flip_diagonal", bb)


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """python-chess's ``flip_anti_diagonal`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("flip_anti_diagonal", bb)


def shift_down(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_down`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_down", bb)


def shift_2_down(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_2_down`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_2_down", bb)


def shift_up(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_up`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_up", bb)


def shift_2_up(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_2_up`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_2_up", bb)


def shift_right(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_right`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_right", bb)


def shift_2_right(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_2_right`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_2_right", bb)


def shift_left(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_left`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_left", bb)


def shift_2_left(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_2_left`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_2_left", bb)


def shift_up_left(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_up_left`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_up_left", bb)


def shift_up_right(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_up_right`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_up_right", bb)


def shift_down_left(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_down_left`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_down_left", bb)


def shift_down_right(bb: Bitboard) -> Bitboard:
    """python-chess's ``shift_down_right`` (chessbits-bitboard-core's ``Bitboard`` operations)."""
    return _transform("shift_down_right", bb)


class Termination(enum.Enum):
    """Why a game ended (python-chess's names)."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()


@dataclasses.dataclass
class Outcome:
    """How a game ended: the termination and the winner (``None`` for a draw)."""

    termination: Termination
    winner: Optional[Color]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


class Status(enum.IntFlag):
    """What makes a placement not a legal position (``Board.status()``)."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


for _name, _flag in Status.__members__.items():
    globals()["STATUS_" + _name] = _flag
del _name, _flag

IntoSquareSet = Union[SupportsInt, Iterable[Square]]


def _mask(squares: IntoSquareSet) -> int:
    try:
        return int(squares) & BB_ALL  # type: ignore[arg-type]
    except TypeError:
        m = 0
        for s in squares:  # type: ignore[union-attr]
            m |= 1 << s
        return m


class SquareSet:
    """A set of squares over a 64-bit mask (python-chess's ``SquareSet``)."""

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = BB_EMPTY) -> None:
        self.mask = _mask(squares)

    # Sets.
    def __contains__(self, square: Square) -> bool:
        return bool(self.mask >> square & 1) if 0 <= square < 64 else False

    def __iter__(self) -> Iterator[Square]:
        return scan_forward(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return scan_reversed(self.mask)

    def __len__(self) -> int:
        return popcount(self.mask)

    def add(self, square: Square) -> None:
        self.mask |= 1 << square

    def discard(self, square: Square) -> None:
        self.mask &= ~(1 << square)

    def remove(self, square: Square) -> None:
        if not self.mask >> square & 1:
            raise KeyError(square)
        self.mask ^= 1 << square

    def pop(self) -> Square:
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        s = lsb(self.mask)
        self.mask &= self.mask - 1
        return s

    def clear(self) -> None:
        self.mask = 0

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        return not self.mask & _mask(other)

    def issubset(self, other: IntoSquareSet) -> bool:
        return not self.mask & ~_mask(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        return not ~self.mask & _mask(other)

    def union(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask | _mask(other))

    def intersection(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & _mask(other))

    def difference(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & ~_mask(other))

    def symmetric_difference(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask ^ _mask(other))

    def update(self, *others: IntoSquareSet) -> None:
        for o in others:
            self.mask |= _mask(o)

    def intersection_update(self, *others: IntoSquareSet) -> None:
        for o in others:
            self.mask &= _mask(o)

    def difference_update(self, other: IntoSquareSet) -> None:
        self.mask &= ~_mask(other)

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        self.mask ^= _mask(other)

    def copy(self) -> "SquareSet":
        return SquareSet(self.mask)

    __or__ = union
    __ror__ = union
    __and__ = intersection
    __rand__ = intersection
    __sub__ = difference
    __xor__ = symmetric_difference
    __rxor__ = symmetric_difference

    def __rsub__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(_mask(other) & ~self.mask)

    def __ior__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask |= _mask(other)
        return self

    def __iand__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask &= _mask(other)
        return self

    def __isub__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask &= ~_mask(other)
        return self

    def __ixor__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask ^= _mask(other)
        return self

    def __invert__(self) -> "SquareSet":
        return SquareSet(~self.mask & BB_ALL)

    def __lshift__(self, shift: int) -> "SquareSet":
        return SquareSet((self.mask << shift) & BB_ALL)

    def __rshift__(self, shift: int) -> "SquareSet":
        return SquareSet(self.mask >> shift)

    def __ilshift__(self, shift: int) -> "SquareSet":
        self.mask = (self.mask << shift) & BB_ALL
        return self

    def __irshift__(self, shift: int) -> "SquareSet":
        self.mask >>= shift
        return self

    # Conversions.
    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def tolist(self) -> List[bool]:
        """64 booleans, a1 first."""
        return [bool(self.mask >> s & 1) for s in SQUARES]

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of the mask, as masks, the empty one first."""
        subset = 0
        while True:
            yield subset
            subset = (subset - self.mask) & self.mask
            if not subset:
                break

    def mirror(self) -> "SquareSet":
        """The set mirrored vertically."""
        return SquareSet(flip_vertical(self.mask))

    @classmethod
    def ray(cls, a: Square, b: Square) -> "SquareSet":
        """The line through two squares, edge to edge (empty when not aligned)."""
        return cls(_ray_mask(a, b))

    @classmethod
    def between(cls, a: Square, b: Square) -> "SquareSet":
        """The squares strictly between two aligned squares."""
        return cls(_between_mask(a, b))

    @classmethod
    def from_square(cls, square: Square) -> "SquareSet":
        return cls(1 << square)

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + f) & 1 else "." for f in range(8)))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        from chessbits import svg

        return svg.board(squares=self, size=390)


from chessbits._tables import FEN_CASTLING_REGEX, SAN_REGEX, between, ray  # noqa: E402
from chessbits import _tables  # noqa: E402


def __getattr__(name: str) -> object:
    """python-chess's large tables (``BB_DIAG_ATTACKS``, ``BB_RAYS``, ...), built on first
    use and kept."""
    if name in _tables.NAMES:
        value = _tables.build(name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'chessbits' has no attribute {name!r}")


class _BaseBoardType(type):
    """``BaseBoard``'s class: every ``Board`` is an instance of ``BaseBoard`` (python-chess's
    ``Board`` derives from its ``BaseBoard``), and ``Board`` a subclass."""

    def __instancecheck__(cls, obj: object) -> bool:
        if cls is BaseBoard:
            return isinstance(obj, Board)
        return type.__instancecheck__(cls, obj)

    def __subclasscheck__(cls, sub: type) -> bool:
        if cls is BaseBoard:
            return issubclass(sub, Board)
        return type.__subclasscheck__(cls, sub)


class BaseBoard(Board, metaclass=_BaseBoardType):
    """python-chess's ``BaseBoard``: a board of pieces made from a board FEN (the
    placement field; ``None`` for an empty board), White to move without castling rights.
    It has ``Board``'s methods; programs that subclass it get them too."""

    def __new__(cls, board_fen: Optional[str] = STARTING_BOARD_FEN, *, chess960: bool = False) -> "BaseBoard":
        board = super().__new__(cls, None, chess960=chess960)
        if board_fen is not None:
            board.set_board_fen(board_fen)
        return board

    @classmethod
    def empty(cls, *, chess960: bool = False) -> "BaseBoard":
        return cls(None, chess960=chess960)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __reduce__(self) -> "tuple[type, tuple[str]]":  # type: ignore[override]
        return (type(self), (self.board_fen(),))


from chessbits import svg  # noqa: E402  (uses the names above)
