"""The Lichess variants with python-chess's ``chess.variant`` board names, over
``chessbits-movegen``'s variant rules: ``AtomicBoard``, ``AntichessBoard``,
``CrazyhouseBoard``, ``KingOfTheHillBoard``, ``ThreeCheckBoard``, ``HordeBoard``,
``RacingKingsBoard``, and ``find_variant(name)``.

A variant board has ``chessbits.Board``'s API where it makes sense for the variant: the
moves (``legal_moves`` (a lazy collection: iterate, ``len``, ``in``, ``count()``),
``is_legal``, ``push``/``pop``/``peek``/``move_stack``,
``push_san``/``push_uci``/``parse_san``/``parse_uci``/``san``/``lan``/``uci``/
``san_and_push``/``variation_san``, ``is_capture``, ``gives_check``, ``is_zeroing``,
``is_irreversible``, ``is_en_passant``, ``is_castling``), the position (``fen``, ``epd``,
``board_fen``, ``turn``, ``ply``, ``halfmove_clock``, ``fullmove_number``,
``castling_rights`` (the clean set) and its tests, ``ep_square``,
``has_legal_en_passant``, ``root``), editing (``set_piece_at``, ``remove_piece_at``,
``set_fen``, ``set_board_fen``, ``clear_stack``, ``reset``: ``ValueError`` where the
result would not be a position of the variant, which python-chess keeps), the draws
(``is_repetition``, ``is_fivefold_repetition``, ``is_fifty_moves``,
``is_seventyfive_moves``, ``can_claim_threefold_repetition``,
``can_claim_fifty_moves``, ``can_claim_draw``, ``outcome(claim_draw=...)``), the pieces (``piece_at``,
``piece_type_at``, ``color_at``, ``piece_map``, ``pieces``, ``occupied``,
``occupied_co``, ``pawns`` ... ``kings``, ``king``), attacks (``attacks``, ``attackers``,
``is_attacked_by``, ``pin``, ``is_pinned``), the ends (``is_check``, ``is_checkmate``,
``is_stalemate``, ``is_variant_end``/``_win``/``_loss``/``_draw``, ``is_game_over``,
``outcome``, ``result``), ``copy``, ``perft``, ``unicode``, the SVG picture; and the
variants' own: ``CrazyhouseBoard.pockets`` (``pockets[WHITE].count(PAWN)``) and
``ThreeCheckBoard.remaining_checks`` (``remaining_checks[WHITE]``), as python-chess's.
Draws by insufficient material are not decided for the variants.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Type

from chessbits import Board, Outcome, Piece, SquareSet, Termination, _VariantBoard


class _Board(_VariantBoard):
    uci_variant = "chess"
    xboard_variant = "normal"
    aliases: List[str] = []
    starting_fen = ""

    def __new__(cls, fen: Optional[str] = None, *, chess960: bool = False) -> Any:
        return super().__new__(cls, cls.uci_variant, fen, chess960)

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended, or ``None``: by the variant's rules (its own end,
        checkmate, stalemate), then the seventy-five-move rule and fivefold repetition,
        then with ``claim_draw`` the fifty-move rule and threefold repetition, in
        python-chess's order. Insufficient material is not decided for the variants."""
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
        found = self._outcome()
        return found is not None and found[0] == "CHECKMATE"

    def is_stalemate(self) -> bool:
        found = self._outcome()
        return found is not None and found[0] == "STALEMATE"

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
    """The pieces one side holds in crazyhouse (a copy: playing moves does not change it)."""

    def __init__(self, counts: List[int]) -> None:
        self._counts = list(counts)

    def count(self, piece_type: int) -> int:
        """How many pieces of ``piece_type`` (``PAWN`` ... ``QUEEN``) are held."""
        return self._counts[piece_type - 1] if 1 <= piece_type <= 5 else 0

    def __len__(self) -> int:
        return sum(self._counts)

    def __str__(self) -> str:
        return "".join("pnbrq"[i] * n for i, n in enumerate(self._counts))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"


class CrazyhouseBoard(_Board):
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The two sides' pockets, indexed by colour (``pockets[WHITE]``)."""
        return [CrazyhousePocket(counts) for counts in self._pockets()]


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
