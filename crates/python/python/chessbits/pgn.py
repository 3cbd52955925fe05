"""PGN games with python-chess's ``chess.pgn`` API: ``read_game(handle)`` gives a ``Game``
tree (headers, mainline and variations, comments, NAGs, ``board()`` at any node,
``clock()``/``eval()``), ``str(game)`` exports it, ``game.accept(visitor)`` walks it in PGN
order (python-chess's visitors and exporters work too).

The text of one game is cut from the handle line by line as python-chess does (a game ends
at an empty line outside a comment), then read by ``chessbits-pgn`` and every line of its
tree replayed in Rust; only the node objects are made here.
"""

from __future__ import annotations

import enum
import gc
from typing import (
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
    TextIO,
    Tuple,
    TypeVar,
    Union,
)

import chessbits
from chessbits import (
    Board,
    Move,
    _comment_clock,
    _comment_emt,
    _comment_eval,
    _parse_game,
    _PgnWriter,
    _read_tags,
    _SEVEN_TAG_ROSTER,
    _set_comment_command,
)

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
        """The starting position the ``FEN`` and ``Variant`` tags give."""
        board = Board(self.get("FEN", chessbits.STARTING_FEN), chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __repr__(self) -> str:
        return "Headers({})".format(", ".join(f"{k}={v!r}" for k, v in self.items()))


# ----- the tree -----


class GameNode:
    """A node of a game: the root (``Game``) or a move (``ChildNode``)."""

    __slots__ = ("parent", "move", "variations", "comment", "starting_comment", "nags", "__dict__", "__weakref__")

    parent: Optional["GameNode"]
    move: Optional[Move]
    variations: List["ChildNode"]
    comment: str
    starting_comment: str
    nags: Set[int]

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self.nags = set()

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
        return _comment_clock(self.comment)

    def emt(self) -> Optional[float]:
        """The ``[%emt h:mm:ss]`` of the comment, in seconds."""
        return _comment_emt(self.comment)

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

    def accept(self, visitor: Any) -> Any:
        raise NotImplementedError

    def __str__(self) -> str:
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
            while node.variations:
                node = node.variations[0]
                yield node  # type: ignore[misc]
            return
        while node.variations:
            node = node.variations[0]
            yield f(node)  # type: ignore[arg-type]

    def __reversed__(self) -> Iterator[T]:
        node = self.start.end()
        while node.parent is not None and node is not self.start:
            yield node if self.f is None else self.f(node)  # type: ignore[arg-type, misc]
            node = node.parent

    def __bool__(self) -> bool:
        return bool(self.start.variations)

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
        self.nags = set(nags)

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


class Game(GameNode):
    """The root of a game: headers, errors, the comment before the first move."""

    headers: Headers
    errors: List[Exception]

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        self._rows: Optional[List[Any]] = None
        self._children: List[ChildNode] = []
        super().__init__()
        self.headers = Headers(headers)
        self.errors = []

    # The nodes of a game read from PGN are made when first asked for: a program that only
    # wants the mainline's moves (`mainline_moves()`) never makes them.
    @property  # type: ignore[override]
    def variations(self) -> List["ChildNode"]:
        if self._rows is not None:
            self._materialize()
        return self._children

    @variations.setter
    def variations(self, value: List["ChildNode"]) -> None:
        self._children = value

    def _materialize(self) -> None:
        rows, self._rows = self._rows, None
        assert rows is not None
        new = ChildNode.__new__
        # Row `i`'s parent is row `parent` (-1: the root): its node is `nodes[parent + 1]`,
        # its children list `lists[parent + 1]`.
        nodes: List[GameNode] = [self]
        lists: List[List[ChildNode]] = [self._children]
        add_node = nodes.append
        add_list = lists.append
        # The nodes hold each other (parent and children): making a game's worth of them
        # with the cycle collector running costs more than making them (it scans the young
        # objects every 700 allocations), so it waits until they are made.
        collecting = gc.isenabled()
        gc.disable()
        try:
            children: List[ChildNode]
            for parent, move, starting, comment, nags in rows:
                node = new(ChildNode)
                node.parent = nodes[parent + 1]
                lists[parent + 1].append(node)
                node.move = move
                node.variations = children = []
                add_list(children)
                node.comment = comment
                node.starting_comment = starting
                node.nags = set(nags)
                add_node(node)
        finally:
            if collecting:
                gc.enable()

    def mainline_moves(self) -> "Mainline[Move]":
        rows = self._rows
        if rows is None:
            return super().mainline_moves()
        moves = []
        for i, row in enumerate(rows):
            if row[0] != i - 1:
                break
            moves.append(row[1])
        return _MoveList(moves)  # type: ignore[return-value]

    def board(self) -> Board:
        """The starting position."""
        return self.headers.board()

    def ply(self) -> int:
        return self.board().ply()

    def setup(self, board: Union[Board, str]) -> None:
        """Sets the starting position (the ``FEN`` and ``SetUp`` tags)."""
        if isinstance(board, str):
            board = Board(board)
        fen = board.fen()
        if fen == chessbits.STARTING_FEN:
            self.headers.pop("SetUp", None)
            self.headers.pop("FEN", None)
        else:
            self.headers["SetUp"] = "1"
            self.headers["FEN"] = fen
        if board.chess960:
            self.headers["Variant"] = "Chess960"
        elif self.headers.get("Variant", "").lower() in ("chess960", "chess 960"):
            del self.headers["Variant"]

    def accept(self, visitor: Any) -> Any:
        """Walks the game in PGN order with a visitor (python-chess's protocol)."""
        if visitor.begin_game() is not SKIP:
            if _call(visitor, "begin_headers") is not SKIP:
                for name, value in self.headers.items():
                    visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    _walk(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    @classmethod
    def from_board(cls, board: Any) -> "Game":
        """The game a board's moves make, from its root position."""
        if not isinstance(board, Board):
            board = Board.from_chess(board)
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls) -> "Game":
        return cls(headers={})

    def __repr__(self) -> str:
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r})>".format(
            type(self).__name__, id(self), self.headers.get("White", "?"), self.headers.get("Black", "?"),
            self.headers.get("Date", "????.??.??"), self.headers.get("Site", "?"))


def _call(visitor: Any, name: str) -> Any:
    f = getattr(visitor, name, None)
    return f() if f is not None else None


# ----- visitors -----


class BaseVisitor(Generic[T]):
    """python-chess's visitor protocol: every method a no-op but ``result``."""

    def begin_game(self) -> Optional[SkipType]:
        return None

    def begin_headers(self) -> Optional[Any]:
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Optional[SkipType]:
        return None

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        return None

    def parse_san(self, board: Board, san: str) -> Move:
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        pass

    def visit_board(self, board: Board) -> None:
        pass

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Optional[SkipType]:
        return None

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    def result(self) -> T:
        raise NotImplementedError

    def handle_error(self, error: Exception) -> None:
        raise error


class _Exporter(BaseVisitor[T]):
    """Writes PGN as python-chess's exporters lay it out: the text is chessbits-pgn's
    ``Exporter``'s, which this visitor hands its events (tags, numbered SAN, comments, NAGs,
    variations, the result)."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        self._w = _PgnWriter(columns=columns, headers=headers, comments=comments, variations=variations)
        self._columns = columns
        self._headers = headers
        self._comments = comments
        self._variations = variations

    def _options(self) -> None:
        self._w.set_options(columns=self._columns, headers=self._headers, comments=self._comments, variations=self._variations)

    @property
    def columns(self) -> Optional[int]:
        return self._columns

    @columns.setter
    def columns(self, value: Optional[int]) -> None:
        self._columns = value
        self._options()

    @property
    def headers(self) -> bool:
        return self._headers

    @headers.setter
    def headers(self, value: bool) -> None:
        self._headers = value
        self._options()

    @property
    def comments(self) -> bool:
        return self._comments

    @comments.setter
    def comments(self, value: bool) -> None:
        self._comments = value
        self._options()

    @property
    def variations(self) -> bool:
        return self._variations

    @variations.setter
    def variations(self, value: bool) -> None:
        self._variations = value
        self._options()

    def begin_game(self) -> Optional[SkipType]:
        self._w.begin_game()
        return None

    def end_game(self) -> None:
        self._w.end_game()

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self._w.tag(tagname, tagvalue)

    def end_headers(self) -> Optional[SkipType]:
        self._w.end_headers()
        return None

    def begin_variation(self) -> Optional[SkipType]:
        return None if self._w.begin_variation() else SKIP

    def end_variation(self) -> None:
        self._w.end_variation()

    def visit_comment(self, comment: str) -> None:
        self._w.comment(comment)

    def visit_nag(self, nag: int) -> None:
        self._w.nag(nag)

    def visit_move(self, board: Any, move: Any) -> None:
        if isinstance(board, Board):
            self._w.board_move(board, move)
        else:
            self._w.san(board.fullmove_number, board.turn, board.san(move))

    def visit_result(self, result: str) -> None:
        self._w.result(result)


class StringExporter(_Exporter[str]):
    """Exports a game as PGN text (no newline at the end)."""

    def result(self) -> str:
        return self._w.text()

    def __str__(self) -> str:
        return self.result()


class FileExporter(_Exporter[int]):
    """Writes games as PGN to a text handle, a blank line after each; returns characters written."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> Optional[SkipType]:
        self.written = 0
        return super().begin_game()

    def _flush(self) -> None:
        lines = self._w.take_lines()
        if lines:
            self.written += self.handle.write(lines)

    def end_headers(self) -> Optional[SkipType]:
        super().end_headers()
        self._flush()
        return None

    def end_game(self) -> None:
        super().end_game()
        self._flush()

    def result(self) -> int:
        return self.written


# ----- reading -----


def _comment_state(line: str, in_comment: bool) -> bool:
    """Whether a `{` comment is still open after `line`."""
    i = 0
    n = len(line)
    while i < n:
        if in_comment:
            j = line.find("}", i)
            if j < 0:
                return True
            in_comment = False
            i = j + 1
        else:
            j = line.find("{", i)
            k = line.find(";", i)
            if j < 0:
                return False
            if 0 <= k < j:
                return False
            in_comment = True
            i = j + 1
    return in_comment


def _next_game_text(handle: TextIO) -> Optional[Tuple[str, bool]]:
    """The text of the next game (its tags and movetext), cut where python-chess cuts it,
    and whether it had movetext."""
    readline = handle.readline
    line = readline().lstrip("\ufeff")
    while line.isspace() or line.startswith("%") or line.startswith(";"):
        line = readline()
    if not line:
        return None
    parts: List[str] = []
    empty = 0
    while line:
        if line.startswith("%") or line.startswith(";"):
            line = readline()
            continue
        if empty < 1 and line.isspace():
            empty += 1
            line = readline()
            continue
        if not line.startswith("["):
            break
        empty = 0
        parts.append(line)
        line = readline()
    parts.append("\n")
    in_comment = False
    moved = False
    while line:
        if not in_comment:
            if line.isspace():
                break
            if line.startswith("%") or line.startswith(";"):
                line = readline()
                continue
        parts.append(line)
        moved = True
        if "{" in line or "}" in line or in_comment:
            in_comment = _comment_state(line, in_comment)
        line = readline()
    return "".join(parts), moved


_ERRORS: Dict[str, Callable[[str], Exception]] = {
    "InvalidMoveError": chessbits.InvalidMoveError,
    "IllegalMoveError": chessbits.IllegalMoveError,
    "AmbiguousMoveError": chessbits.AmbiguousMoveError,
    "ValueError": ValueError,
}


def read_game(handle: TextIO, *, Visitor: Any = None) -> Any:
    """The next game of a text handle (``None`` at the end), as python-chess's
    ``chess.pgn.read_game``. With ``Visitor`` (a visitor class), the game is walked with
    one and its result returned instead."""
    cut = _next_game_text(handle)
    if cut is None:
        return None
    text, _ = cut
    parsed = _parse_game(text)
    if parsed is None:
        return None
    tags, game_comment, result, rows, errors = parsed
    game = Game()
    headers = game.headers._tags
    for name, value in tags:
        headers[name] = value
    if result is not None and headers.get("Result", "*") == "*":
        headers["Result"] = result
    game.comment = game_comment
    game.errors = [_ERRORS[kind](message) for kind, message in errors]
    if rows:
        game._rows = rows
    if Visitor is not None:
        return game.accept(Visitor())
    return game


def read_headers(handle: TextIO) -> Optional[Headers]:
    """The headers of the next game, its moves skipped (``None`` at the end)."""
    cut = _next_game_text(handle)
    if cut is None:
        return None
    headers = Headers()
    for name, value in _read_tags(cut[0]):
        headers[name] = value
    return headers


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; ``False`` at the end."""
    return _next_game_text(handle) is not None
