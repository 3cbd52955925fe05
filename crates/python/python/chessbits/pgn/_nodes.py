"""The game tree of ``chessbits.pgn``: NAGs, scores, headers and nodes."""

from __future__ import annotations

import enum
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Mapping,
    MutableMapping,
    Optional,
    Set,
    Tuple,
    TypeVar,
    Union,
)

import chessbits

if TYPE_CHECKING:
    from ._builders import HeadersBuilder
    from ._game import Game
from chessbits import (
    Board,
    Move,
    _comment_clock,
    _comment_emt,
    _comment_eval,
    _SEVEN_TAG_ROSTER,
    _set_comment_command,
)
from chessbits.svg import Arrow

from ._values import ARROWS_REGEX

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19

# The seven-tag roster in export order, with the placeholder of a missing value
# (chessbits-pgn's SEVEN_TAG_ROSTER).
TAG_ROSTER = [name for name, _ in _SEVEN_TAG_ROSTER]
_ROSTER_DEFAULTS = dict(_SEVEN_TAG_ROSTER)


class SkipType(enum.Enum):
    """What a visitor returns to skip a game, its headers or a variation."""

    SKIP = None


SKIP = SkipType.SKIP

# ----- scores (what eval() gives) -----


class Cp:
    """A score in centipawns."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def mate(self) -> Optional[int]:
        return None

    def is_mate(self) -> bool:
        return False

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cp) and other.cp == self.cp

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"


class Mate:
    """A mate in so many moves (negative: being mated)."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> Optional[int]:
        return self.moves

    def is_mate(self) -> bool:
        return True

    def __neg__(self) -> "Mate":
        return Mate(-self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mate) and other.moves == self.moves

    def __repr__(self) -> str:
        return f"Mate({self.moves:+d})"


class PovScore:
    """A score from one side's point of view (``turn``)."""

    def __init__(self, relative: Union[Cp, Mate], turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Union[Cp, Mate]:
        return self.pov(True)

    def black(self) -> Union[Cp, Mate]:
        return self.pov(False)

    def pov(self, color: bool) -> Union[Cp, Mate]:
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.white() == other.white()

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


# ----- headers -----


class Headers(MutableMapping[str, str]):
    """A game's tags: the seven-tag roster first (in its order), then the others as added."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None, **kwargs: str) -> None:
        self._tags: Dict[str, str] = {}
        if data is None and not kwargs:
            self._tags.update(_ROSTER_DEFAULTS)
        if data is not None:
            self.update(data)
        self.update(kwargs)

    def __getitem__(self, key: str) -> str:
        return self._tags[key]

    def __setitem__(self, key: str, value: str) -> None:
        self._tags[key] = value

    def __delitem__(self, key: str) -> None:
        del self._tags[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tags:
                yield key
        for key in self._tags:
            if key not in _ROSTER_DEFAULTS:
                yield key

    def __len__(self) -> int:
        return len(self._tags)

    def copy(self) -> "Headers":
        return Headers(self)

    def is_chess960(self) -> bool:
        return self.get("Variant", "").lower() in ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")

    def is_wild(self) -> bool:
        return self.get("Variant", "").lower() in ("wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a")

    def board(self) -> Board:
        """The starting position the ``FEN`` and ``Variant`` tags give (a board of the
        variant's class)."""
        cls = self.variant()
        board = cls(self.get("FEN", cls.starting_fen), chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    @classmethod
    def builder(cls) -> "HeadersBuilder":
        """A visitor that reads a game's headers into this class."""
        from ._builders import HeadersBuilder

        return HeadersBuilder(Headers=cls)

    def variant(self) -> "type[Board]":
        """The board class of the game's ``Variant`` tag (``Board`` for none or Chess960)."""
        if "Variant" not in self or self.is_chess960():
            return Board
        from chessbits.variant import find_variant

        return find_variant(self["Variant"])

    def __repr__(self) -> str:
        return "Headers({})".format(", ".join(f"{k}={v!r}" for k, v in self.items()))


# ----- the tree -----


class GameNode:
    """A node of a game: the root (``Game``) or a move (``ChildNode``)."""

    __slots__ = ("parent", "move", "variations", "comment", "starting_comment", "_nags", "__dict__", "__weakref__")

    parent: Optional["GameNode"]
    move: Optional[Move]
    variations: List["ChildNode"]
    comment: str
    starting_comment: str
    _nags: Set[int]

    # A node read from PGN without NAGs gets its set when first asked for it: most nodes
    # have none, and a game's nodes are made by the thousand.
    @property
    def nags(self) -> Set[int]:
        """The node's NAGs (numeric annotation glyphs), a set of ints."""
        try:
            return self._nags
        except AttributeError:
            nags: Set[int] = set()
            self._nags = nags
            return nags

    @nags.setter
    def nags(self, value: Set[int]) -> None:
        self._nags = value

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self._nags = set()

    def board(self) -> Board:
        raise NotImplementedError

    def ply(self) -> int:
        raise NotImplementedError

    def turn(self) -> bool:
        """The side to move at this node."""
        return self.ply() % 2 == 0

    def root(self) -> "GameNode":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def game(self) -> "Game":
        from ._game import Game

        root = self.root()
        assert isinstance(root, Game)
        return root

    def end(self) -> "GameNode":
        """The last node of the main variation from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether this node begins a side variation."""
        if self.parent is None or not self.parent.variations:
            return False
        return self.parent.variations[0] is not self

    def is_mainline(self) -> bool:
        """Whether the node is on the game's mainline."""
        node = self
        while node.parent is not None:
            parent = node.parent
            if not parent.variations or parent.variations[0] is not node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """Whether the node is its parent's main continuation (or the root)."""
        if self.parent is None:
            return True
        return not self.parent.variations or self.parent.variations[0] is self

    def next(self) -> Optional["ChildNode"]:
        return self.variations[0] if self.variations else None

    def variation(self, move: Union[int, Move, Any]) -> "ChildNode":
        """A child by index or by move; ``KeyError`` when there is none."""
        if isinstance(move, int):
            return self.variations[move]
        for v in self.variations:
            if v.move == move:
                return v
        raise KeyError(move)

    def has_variation(self, move: Union[int, Move, Any]) -> bool:
        try:
            self.variation(move)
        except (KeyError, IndexError):
            return False
        return True

    def promote_to_main(self, move: Union[int, Move, Any]) -> None:
        v = self.variation(move)
        self.variations.remove(v)
        self.variations.insert(0, v)

    def promote(self, move: Union[int, Move, Any]) -> None:
        v = self.variation(move)
        i = self.variations.index(v)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Move, Any]) -> None:
        v = self.variation(move)
        i = self.variations.index(v)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Move, Any]) -> None:
        self.variations.remove(self.variation(move))

    def add_variation(
        self, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "ChildNode":
        """A new child for ``move`` (a chessbits or python-chess move), last in order."""
        node = ChildNode(self, _as_move(move), comment=comment, starting_comment=starting_comment, nags=nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: Any, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.remove(node)
        self.variations.insert(0, node)
        return node

    def add_line(
        self, moves: Iterable[Any], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> "GameNode":
        """Adds a line of moves from here; returns its last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        if comment:
            node.comment = (node.comment + " " + comment).strip()
        node.nags.update(nags)
        return node

    def mainline(self) -> "Mainline[ChildNode]":
        """The nodes of the main variation after this one."""
        return Mainline(self, None)

    def mainline_moves(self) -> "Mainline[Move]":
        """The moves of the main variation after this one."""
        return Mainline(self, lambda node: node.move)

    # Annotations in comments: read and written by chessbits-pgn (its spellings: the clock
    # `0:01:01.5`, the eval `0.17`, `-1.5`, `#-3`).
    def clock(self) -> Optional[float]:
        """The ``[%clk h:mm:ss]`` of the comment, in seconds."""
        # (Without a comment there is none: the common case, answered without a call.)
        comment = self.comment
        return _comment_clock(comment) if comment else None

    def emt(self) -> Optional[float]:
        """The ``[%emt h:mm:ss]`` of the comment, in seconds."""
        comment = self.comment
        return _comment_emt(comment) if comment else None

    def eval(self) -> Optional[PovScore]:
        """The ``[%eval ...]`` of the comment, from the point of view of the side to move
        here (``white()`` gives White's)."""
        found = _comment_eval(self.comment)
        if found is None:
            return None
        mate, value, _ = found
        turn = self.turn()
        score: Union[Cp, Mate] = Mate(value) if mate else Cp(value)
        if mate and value == 0:
            # As python-chess: after mate, the side to move is the one mated.
            return PovScore(score, turn)
        return PovScore(score if turn else -score, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the ``[%eval ...]`` of the comment (``[%eval 0.17,20]``)."""
        found = _comment_eval(self.comment)
        return None if found is None else found[2]

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces the comment's ``[%clk]`` (adds one, or removes it for ``None``)."""
        self.comment = _set_comment_command(self.comment, "clk", seconds=seconds)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces the comment's ``[%emt]`` (adds one, or removes it for ``None``)."""
        self.comment = _set_comment_command(self.comment, "emt", seconds=seconds)

    def set_eval(self, score: Optional[PovScore], depth: Optional[int] = None) -> None:
        """Replaces the comment's ``[%eval]`` (adds one, or removes it for ``None``)."""
        value = None
        if score is not None:
            white = score.white()
            mate = white.mate()
            if mate is not None:
                value = (True, mate)
            else:
                value = (False, white.score() or 0)
        if depth is not None:
            depth = max(depth, 0)
        self.comment = _set_comment_command(self.comment, "eval", eval=value, depth=depth)

    def arrows(self) -> List[Arrow]:
        """The arrows and marked squares of the comment's ``[%cal]`` and ``[%csl]``
        commands, in order."""
        found: List[Arrow] = []
        for match in ARROWS_REGEX.finditer(self.comment):
            for entry in match.group("arrows").split(","):
                found.append(Arrow.from_pgn(entry))
        return found

    def set_arrows(self, arrows: Iterable[Any]) -> None:
        """Replaces the comment's arrows (``Arrow`` objects or ``(tail, head)`` pairs):
        squares as ``[%csl]``, arrows as ``[%cal]``, before the rest of the comment."""
        csl: List[str] = []
        cal: List[str] = []
        for arrow in arrows:
            if not isinstance(arrow, Arrow):
                tail, head = arrow
                arrow = Arrow(tail, head)
            (csl if arrow.tail == arrow.head else cal).append(arrow.pgn())
        rest = ARROWS_REGEX.sub(lambda m: m.group("prefix") and m.group("suffix"), self.comment).strip()
        prefix = (f"[%csl {','.join(csl)}]" if csl else "") + (f"[%cal {','.join(cal)}]" if cal else "")
        self.comment = f"{prefix} {rest}" if prefix and rest else prefix + rest

    def accept_subgame(self, visitor: Any) -> Any:
        """Walks the game from this node on as if it started here (its board as the
        ``FEN`` tag), and returns the visitor's result."""
        from ._game import Game

        sub = Game(self.game().headers)
        sub.setup(self.board())
        stack: List[Tuple[GameNode, GameNode]] = [(self, sub)]
        while stack:
            source, target = stack.pop()
            for child in source.variations:
                copied = target.add_variation(child.move, comment=child.comment, starting_comment=child.starting_comment, nags=child.nags)
                stack.append((child, copied))
        return sub.accept(visitor)

    def accept(self, visitor: Any) -> Any:
        raise NotImplementedError

    def __str__(self) -> str:
        from ._game import StringExporter

        return self.accept(StringExporter(columns=None))


def _as_move(move: Any) -> Move:
    if isinstance(move, Move):
        return move
    return Move(move.from_square, move.to_square, move.promotion, move.drop)


T = TypeVar("T")


class Mainline(Generic[T]):
    """The main variation after a node, iterated as nodes or moves."""

    def __init__(self, start: GameNode, f: Optional[Callable[["ChildNode"], T]]) -> None:
        self.start = start
        self.f = f

    def __iter__(self) -> Iterator[T]:
        node = self.start
        f = self.f
        if f is None:
            while True:
                children = node.variations
                if not children:
                    return
                node = children[0]
                yield node  # type: ignore[misc]
        while True:
            children = node.variations
            if not children:
                return
            node = children[0]
            yield f(node)  # type: ignore[arg-type]

    def __reversed__(self) -> Iterator[T]:
        node = self.start.end()
        while node.parent is not None and node is not self.start:
            yield node if self.f is None else self.f(node)  # type: ignore[arg-type, misc]
            node = node.parent

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def accept(self, visitor: Any) -> Any:
        """Walks the main line from its start (without side lines) with a visitor, and
        returns the visitor's result."""
        node = self.start
        board = node.board()
        visitor.visit_board(board)
        while node.variations:
            node = node.variations[0]
            if node.starting_comment:
                visitor.visit_comment(node.starting_comment)
            visitor.visit_move(board, node.move)
            board.push(node.move)
            visitor.visit_board(board)
            for nag in sorted(node.nags):
                visitor.visit_nag(nag)
            if node.comment:
                visitor.visit_comment(node.comment)
        return visitor.result()

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x}>"


class _MoveList:
    """The mainline moves of a game whose nodes are not made yet (as ``Mainline``)."""

    def __init__(self, moves: List[Move]) -> None:
        self.moves = moves

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self.moves)

    def __bool__(self) -> bool:
        return bool(self.moves)

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x}>"


class ChildNode(GameNode):
    """A move of a game, with what annotates it."""

    __slots__ = ()
    parent: GameNode
    move: Move

    def __init__(
        self, parent: GameNode, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()
    ) -> None:
        self.parent = parent
        self.move = move
        self.variations = []
        self.comment = comment
        self.starting_comment = starting_comment
        self._nags = set(nags)

    def _path(self) -> Tuple[GameNode, List[Move]]:
        moves: List[Move] = []
        node: GameNode = self
        while node.parent is not None:
            moves.append(node.move)  # type: ignore[arg-type]
            node = node.parent
        moves.reverse()
        return node, moves

    def board(self) -> Board:
        """The position after this move (replayed from the root)."""
        root, moves = self._path()
        board = root.board()
        for m in moves:
            board.push(m)
        return board

    def ply(self) -> int:
        root, moves = self._path()
        return root.ply() + len(moves)

    def san(self) -> str:
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        return self.parent.board().uci(self.move, chess960=chess960)

    def accept(self, visitor: Any) -> Any:
        """Walks this move and what follows it (no side lines of this node)."""
        board = self.parent.board()
        _walk(self, board, visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self.parent.board()
            san = board.san(self.move)
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        dots = "." if board.turn else "..."
        return f"<{type(self).__name__} at {id(self):#x} ({board.fullmove_number}{dots} {san} ...)>"


def _visit_node(node: ChildNode, board: Board, visitor: Any) -> None:
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    visitor.visit_move(board, node.move)
    board.push(node.move)
    visitor.visit_board(board)
    board.pop()
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def _walk(start: ChildNode, board: Board, visitor: Any, *, sidelines: bool) -> None:
    """PGN order from `start`: each move, then its alternatives (as variations), then the
    continuation. An explicit stack: deep variations do not recurse."""
    # Frames: [node, state, alternatives iterator, inside a variation (needs an end)]
    stack: List[List[Any]] = [[start, 0, iter(start.parent.variations[1:] if sidelines else ()), False]]
    while stack:
        top = stack[-1]
        if top[3]:
            top[3] = False
            visitor.end_variation()
        node, state = top[0], top[1]
        if state == 0:
            _visit_node(node, board, visitor)
            top[1] = 1
        elif state == 1:
            alt = next(top[2], None)
            if alt is None:
                if node.variations:
                    board.push(node.move)
                    top[1] = 2
                    stack.append([node.variations[0], 0, iter(node.variations[1:]), False])
                else:
                    top[1] = 3
            else:
                if visitor.begin_variation() is not SKIP:
                    stack.append([alt, 0, iter(()), False])
                top[3] = True
        elif state == 2:
            board.pop()
            top[1] = 3
        else:
            stack.pop()
