"""The Lichess variants with python-chess's ``chess.variant`` board names, over
``chessbits-movegen``'s variant rules: ``AtomicBoard``, ``AntichessBoard``,
``CrazyhouseBoard``, ``KingOfTheHillBoard``, ``ThreeCheckBoard``, ``HordeBoard``,
``RacingKingsBoard``, and ``find_variant(name)``.

A variant board has the core of ``chessbits.Board``'s API: ``legal_moves`` (a list),
``push``/``pop``/``peek``/``move_stack``, ``push_san``/``push_uci``/``parse_san``/
``parse_uci``/``san``/``uci``, ``fen``, ``turn``, ``piece_at``, ``king``, ``is_check``,
``is_variant_end``/``is_variant_win``/``is_variant_loss``/``is_variant_draw``,
``is_game_over``, ``outcome``, ``result``, ``copy``, ``perft``. Draws by insufficient
material, repetition and the move-count rules are not decided for the variants.
"""

from __future__ import annotations

from typing import Any, List, Optional, Type

from chessbits import Outcome, Termination, _VariantBoard


class _Board(_VariantBoard):
    uci_variant = "chess"
    xboard_variant = "normal"
    aliases: List[str] = []
    starting_fen = ""

    def __new__(cls, fen: Optional[str] = None, *, chess960: bool = False) -> Any:
        return super().__new__(cls, cls.uci_variant, fen, chess960)

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """How the game ended by the variant's rules, or ``None``."""
        found = self._outcome()
        if found is None:
            return None
        return Outcome(Termination[found[0]], found[1])

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        return self._outcome() is not None

    def result(self, *, claim_draw: bool = False) -> str:
        o = self.outcome()
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


class CrazyhouseBoard(_Board):
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"


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
