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

from typing import Any, Dict, Iterable, Iterator, List, Optional, Type, Union

from chessbits import (
    BB_ALL,
    BB_BACKRANKS,
    PAWN,
    PIECE_TYPES,
    Board,
    Move,
    SquareSet,
    msb,
    popcount,
    scan_forward,
)


_DEFAULT: Any = object()


class _Board(Board):
    """A board of a variant: ``chessbits.Board`` with the variant's rules (every method
    of ``Board`` answers by them) and the variant's class attributes."""

    uci_variant = "chess"
    xboard_variant = "normal"
    aliases: List[str] = []
    starting_fen = ""
    # The rules the board plays by, where they are not its `uci_variant`'s (python-chess's
    # antichess board plays by giveaway's rules from antichess's start position).
    _rules = ""

    def __new__(cls, fen: Optional[str] = _DEFAULT, *, chess960: bool = False) -> Any:
        if fen is _DEFAULT:
            fen = cls.starting_fen
        return super().__new__(cls, fen, chess960=chess960, _variant=cls._rules or cls.uci_variant)

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

    __hash__ = None  # type: ignore[assignment]


class SuicideBoard(_Board):
    """Suicide chess (python-chess's ``SuicideBoard``): antichess with castling, where a
    stalemated side wins with fewer pieces than the other side and draws with as many."""

    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix = ".stbw"
    tbz_suffix = ".stbz"
    tbw_magic = b"\x7b\xf6\x93\x15"
    tbz_magic = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix = ".gtbw"
    pawnless_tbz_suffix = ".gtbz"
    pawnless_tbw_magic = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True


class GiveawayBoard(SuicideBoard):
    """Giveaway chess (python-chess's ``GiveawayBoard``): antichess with castling, where a
    stalemated side wins."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"
    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"


class AtomicBoard(_Board):
    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    connected_kings = True


class AntichessBoard(GiveawayBoard):
    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    _rules = "giveaway"


class KingOfTheHillBoard(_Board):
    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class RacingKingsBoard(_Board):
    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class HordeBoard(_Board):
    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None


class ThreeCheckBoard(_Board):
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None

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
    tbw_suffix = None
    tbz_suffix = None
    tbw_magic = None
    tbz_magic = None

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The two sides' pockets, indexed by colour (``pockets[WHITE]``): views that
        ``add``/``remove``/``reset`` write through."""
        return [CrazyhousePocket._of(self, False), CrazyhousePocket._of(self, True)]

    def generate_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The legal drops onto ``to_mask``, in python-chess's order."""
        return self._generate_legal_drops(to_mask)

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


VARIANTS: List[Type[Board]] = [
    Board,
    SuicideBoard,
    GiveawayBoard,
    AntichessBoard,
    AtomicBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    HordeBoard,
    ThreeCheckBoard,
    CrazyhouseBoard,
]


def find_variant(name: str) -> Type[Board]:
    """The board class of a variant, by any of its names (``ValueError`` for others)."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases) or name.lower() == variant.uci_variant:
            return variant
    raise ValueError(f"unsupported variant: {name}")
