"""The Lichess variants with python-chess's ``chess.variant`` board names, over
``chessbits-movegen``'s variant rules: ``AtomicBoard``, ``AntichessBoard``,
``CrazyhouseBoard``, ``KingOfTheHillBoard``, ``ThreeCheckBoard``, ``HordeBoard``,
``RacingKingsBoard``, and ``find_variant(name)``.

A variant board has ``chessbits.Board``'s API where it makes sense for the variant: the
moves (``legal_moves`` and ``pseudo_legal_moves`` (lazy collections: iterate, ``len``,
``in``, ``count()``), ``generate_legal_moves``/``generate_pseudo_legal_moves``/
``generate_legal_captures``/``generate_pseudo_legal_captures`` with square masks,
``is_legal``, ``push``/``pop``/``peek``/``move_stack``,
``push_san``/``push_uci``/``parse_san``/``parse_uci``/``san``/``lan``/``uci``/
``san_and_push``/``variation_san``, ``is_capture``, ``gives_check``, ``is_zeroing``,
``is_irreversible``, ``is_en_passant``, ``is_castling``), the position (``fen``, ``epd``,
``board_fen``, ``turn``, ``ply``, ``halfmove_clock``, ``fullmove_number``,
``castling_rights`` (the clean set) and its tests, ``ep_square``,
``has_legal_en_passant``, ``root``, ``mirror``), editing (``set_piece_at``,
``remove_piece_at``, ``set_fen``, ``set_epd``, ``set_board_fen``, ``set_castling_fen``,
``clear``, ``clear_board``, ``clear_stack``, ``reset``; a board that is no position of its
variant is kept, as python-chess keeps it,
without legal moves, and ``status()``/``is_valid()`` say what is wrong by the variant's
rules), the draws (``is_insufficient_material``, ``has_insufficient_material(color)`` by
the variant's rule, ``is_repetition``, ``is_fivefold_repetition``, ``is_fifty_moves``,
``is_seventyfive_moves``, ``can_claim_threefold_repetition``,
``can_claim_fifty_moves``, ``can_claim_draw``, ``outcome(claim_draw=...)``), pickling
(class, position and moves), the pieces (``piece_at``,
``piece_type_at``, ``color_at``, ``piece_map``, ``pieces``, ``occupied``,
``occupied_co``, ``pawns`` ... ``kings``, ``king``), attacks (``attacks``, ``attackers``,
``is_attacked_by``, ``pin``, ``is_pinned``), the ends (``is_check``, ``is_checkmate``,
``is_stalemate``, ``is_variant_end``/``_win``/``_loss``/``_draw``, ``is_game_over``,
``outcome``, ``result``), ``copy`` (``stack=n``: the last n moves), ``perft``,
``unicode``, the SVG picture; and the variants' own: ``CrazyhouseBoard.pockets``
(``pockets[WHITE].count(PAWN)``, and ``add``/``remove``/``reset`` change the board),
``legal_drop_squares``, ``legal_drop_squares_mask``, ``generate_pseudo_legal_drops``, and
``ThreeCheckBoard.remaining_checks``
(``remaining_checks[WHITE]``), as python-chess's.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Type, Union

from chessbits import (
    BB_ALL,
    BB_BACKRANKS,
    PAWN,
    PIECE_TYPES,
    Board,
    Move,
    Outcome,
    Piece,
    SquareSet,
    Termination,
    _VariantBoard,
    msb,
    popcount,
    scan_forward,
)


def _restore(cls: "Type[_Board]", fen: str, moves: List[str]) -> "_Board":
    """A pickled variant board: the root position, then the moves played."""
    board = cls(fen)
    for uci in moves:
        board.push_uci(uci)
    return board


class _Board(_VariantBoard):
    uci_variant = "chess"
    xboard_variant = "normal"
    aliases: List[str] = []
    starting_fen = ""

    def __new__(cls, fen: Optional[str] = None, *, chess960: bool = False) -> Any:
        return super().__new__(cls, cls.uci_variant, fen, chess960)

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, or ``None``: by the variant's rules (its own end,
        checkmate, insufficient material by the variant's rule, stalemate), then the
        seventy-five-move rule and fivefold repetition, then with ``claim_draw`` the
        fifty-move rule and threefold repetition, in python-chess's order."""
        found = self._outcome()
        if found is not None:
            return Outcome(Termination[found[0]], found[1])
        if self.is_seventyfive_moves():
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self.is_fivefold_repetition():
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        o = self.outcome(claim_draw=claim_draw)
        return "*" if o is None else o.result()

    def is_checkmate(self) -> bool:
        """In check with no legal move (python-chess's test: the variant's end too)."""
        return self.is_check() and not self.legal_moves

    def is_stalemate(self) -> bool:
        """Not in check, the variant's end not reached, and no legal move (python-chess's
        test: in antichess a stalemate is also the stalemated side's win)."""
        return not self.is_check() and not self.is_variant_end() and not self.legal_moves

    def is_variant_win(self) -> bool:
        found = self._outcome()
        return found is not None and found[0] == "VARIANT_WIN"

    def is_variant_loss(self) -> bool:
        found = self._outcome()
        return found is not None and found[0] == "VARIANT_LOSS"

    def is_variant_draw(self) -> bool:
        found = self._outcome()
        return found is not None and found[0] == "VARIANT_DRAW"

    # The questions about the placement alone: a standard board with the same pieces
    # answers them.
    def piece_type_at(self, square: int) -> Optional[int]:
        return self._placement().piece_type_at(square)

    def color_at(self, square: int) -> Optional[bool]:
        return self._placement().color_at(square)

    def piece_map(self, *, mask: int = (1 << 64) - 1) -> Dict[int, Piece]:
        return self._placement().piece_map(mask=mask)

    def pieces(self, piece_type: int, color: bool) -> SquareSet:
        return self._placement().pieces(piece_type, color)

    def pieces_mask(self, piece_type: int, color: bool) -> int:
        return self._placement().pieces_mask(piece_type, color)

    @property
    def occupied(self) -> int:
        return self._placement().occupied

    @property
    def occupied_co(self) -> List[int]:
        return self._placement().occupied_co

    @property
    def pawns(self) -> int:
        return self._placement().pawns

    @property
    def knights(self) -> int:
        return self._placement().knights

    @property
    def bishops(self) -> int:
        return self._placement().bishops

    @property
    def rooks(self) -> int:
        return self._placement().rooks

    @property
    def queens(self) -> int:
        return self._placement().queens

    @property
    def kings(self) -> int:
        return self._placement().kings

    def attacks(self, square: int) -> SquareSet:
        return self._placement().attacks(square)

    def attacks_mask(self, square: int) -> int:
        return self._placement().attacks_mask(square)

    def attackers(self, color: bool, square: int) -> SquareSet:
        return self._placement().attackers(color, square)

    def attackers_mask(self, color: bool, square: int) -> int:
        return self._placement().attackers_mask(color, square)

    def is_attacked_by(self, color: bool, square: int) -> bool:
        return self._placement().is_attacked_by(color, square)

    def pin(self, color: bool, square: int) -> SquareSet:
        return self._placement().pin(color, square)

    def is_pinned(self, color: bool, square: int) -> bool:
        return self._placement().is_pinned(color, square)

    def has_castling_rights(self, color: bool) -> bool:
        return self._placement().has_castling_rights(color)

    def has_kingside_castling_rights(self, color: bool) -> bool:
        return self._placement().has_kingside_castling_rights(color)

    def has_queenside_castling_rights(self, color: bool) -> bool:
        return self._placement().has_queenside_castling_rights(color)

    def unicode(self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "⭘", orientation: bool = True) -> str:
        return self._placement().unicode(
            invert_color=invert_color, borders=borders, empty_square=empty_square, orientation=orientation
        )

    def _repr_svg_(self) -> str:
        return self._placement()._repr_svg_()

    def root(self) -> "_Board":
        """The board before the first move of the stack."""
        board = self.copy()
        while board.move_stack:
            board.pop()
        return board

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        fen, moves = self._root_and_moves()
        return (_restore, (type(self), fen, moves))

    def set_epd(self, epd: str) -> Dict[str, Union[None, str, int, float, Move, List[Move]]]:
        """Sets the board from EPD (the FEN fields without the clocks, three-check's
        counters included) and returns its operations (``hmvc``/``fmvn`` set the clocks;
        ``bm``/``am`` as lists of moves, ``pv`` as a line of moves, as python-chess)."""
        fields = 5 if self.uci_variant == "3check" else 4
        parts = epd.strip().rstrip(";").split(None, fields)
        if len(parts) <= fields:
            self.set_fen(epd)
            return {}
        ops_text = parts.pop()
        raw = Board().set_epd("8/8/8/8/8/8/8/8 w - - " + ops_text)
        board = type(self)(" ".join(parts) + " 0 1")
        operations: Dict[str, Union[None, str, int, float, Move, List[Move]]] = {}
        for opcode, operand in raw.items():
            if opcode in ("am", "bm", "pv") and operand is not None:
                sans = [operand] if isinstance(operand, str) else [str(x) for x in operand]
                line = board.copy(stack=False)
                moves: List[Move] = []
                for san in sans:
                    move = line.parse_san(san)
                    moves.append(move)
                    if opcode == "pv":
                        line.push(move)
                operations[opcode] = moves
            else:
                operations[opcode] = operand
        parts.append(str(operations["hmvc"]) if "hmvc" in operations else "0")
        parts.append(str(operations["fmvn"]) if "fmvn" in operations else "1")
        self.set_fen(" ".join(parts))
        return operations

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Board) and type(self) is type(other) and self.fen() == other.fen()

    __hash__ = None  # type: ignore[assignment]


class AtomicBoard(_Board):
    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class AntichessBoard(_Board):
    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    xboard_variant = "giveaway"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


class KingOfTheHillBoard(_Board):
    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class RacingKingsBoard(_Board):
    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"


class HordeBoard(_Board):
    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"


class ThreeCheckBoard(_Board):
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"

    @property
    def remaining_checks(self) -> List[int]:
        """The checks each side still has to give, indexed by colour."""
        return list(self._remaining_checks())


class CrazyhousePocket:
    """The pieces one side holds in crazyhouse. A board's pocket
    (``board.pockets[WHITE]``) is a view: ``add``, ``remove`` and ``reset`` change the
    board's position (as python-chess's); ``CrazyhousePocket("nbp")`` is a free pocket."""

    def __init__(self, symbols: Iterable[str] = "") -> None:
        self._board: Optional["CrazyhouseBoard"] = None
        self._color = True
        self._counts = [0, 0, 0, 0, 0]
        for symbol in symbols:
            self.add("pnbrq".index(symbol) + 1)

    @classmethod
    def _of(cls, board: "CrazyhouseBoard", color: bool) -> "CrazyhousePocket":
        pocket = cls()
        pocket._board, pocket._color = board, color
        return pocket

    def _get(self) -> List[int]:
        if self._board is None:
            return self._counts
        return list(self._board._pockets()[int(self._color)])

    def _put(self, counts: List[int]) -> None:
        if self._board is None:
            self._counts = counts
        else:
            self._board._set_pocket(self._color, counts)

    def reset(self) -> None:
        """Empties the pocket."""
        self._put([0, 0, 0, 0, 0])

    def add(self, piece_type: int) -> None:
        """Adds a piece of ``piece_type`` (``PAWN`` ... ``QUEEN``)."""
        if not 1 <= piece_type <= 5:
            raise ValueError(f"no such piece type in a pocket: {piece_type}")
        counts = self._get()
        counts[piece_type - 1] += 1
        self._put(counts)

    def remove(self, piece_type: int) -> None:
        """Takes a piece of ``piece_type`` out (``AssertionError`` when there is none, as
        python-chess)."""
        counts = self._get()
        assert 1 <= piece_type <= 5 and counts[piece_type - 1], f"cannot remove {piece_type} from {self!r}"
        counts[piece_type - 1] -= 1
        self._put(counts)

    def count(self, piece_type: int) -> int:
        """How many pieces of ``piece_type`` (``PAWN`` ... ``QUEEN``) are held."""
        return self._get()[piece_type - 1] if 1 <= piece_type <= 5 else 0

    def copy(self) -> "CrazyhousePocket":
        """A free copy of the pocket."""
        pocket = CrazyhousePocket()
        pocket._counts = list(self._get())
        return pocket

    def __len__(self) -> int:
        return sum(self._get())

    def __str__(self) -> str:
        return "".join("qrbnp"[i] * n for i, n in enumerate(reversed(self._get())))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"


class CrazyhouseBoard(_Board):
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The two sides' pockets, indexed by colour (``pockets[WHITE]``): views that
        ``add``/``remove``/``reset`` write through."""
        return [CrazyhousePocket._of(self, False), CrazyhousePocket._of(self, True)]

    def legal_drop_squares_mask(self) -> int:
        """The squares where the side to move may drop a piece (whatever its pocket
        holds), as python-chess: the empty squares, or when in check by one piece those
        between it and the king, or none in double check."""
        empty = ~self.occupied & BB_ALL
        king = self.king(self.turn)
        if king is None:
            return empty
        attackers = self.attackers_mask(not self.turn, king)
        if not attackers:
            return empty
        if popcount(attackers) == 1:
            return int(SquareSet.between(king, msb(attackers))) & empty
        return 0

    def legal_drop_squares(self) -> SquareSet:
        """``legal_drop_squares_mask()`` as a ``SquareSet``."""
        return SquareSet(self.legal_drop_squares_mask())

    def generate_pseudo_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The drops of the pieces in the side to move's pocket onto the empty squares of
        ``to_mask`` (no pawn on a back rank), in python-chess's order."""
        pocket = self.pockets[self.turn]
        for piece_type in PIECE_TYPES:
            if pocket.count(piece_type):
                allowed = ~BB_BACKRANKS if piece_type == PAWN else BB_ALL
                for square in scan_forward(to_mask & ~self.occupied & allowed & BB_ALL):
                    yield Move(square, square, drop=piece_type)


VARIANTS: List[Type[_Board]] = [
    AtomicBoard,
    AntichessBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name: str) -> Type[_Board]:
    """The board class of a variant, by any of its names (``ValueError`` for others)."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases) or name.lower() == variant.uci_variant:
            return variant
    raise ValueError(f"unsupported variant: {name}")
