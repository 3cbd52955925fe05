"""``chessbits.pgn``'s ``Game``, visitors and exporters."""

from __future__ import annotations

import gc
from typing import (
    Any,
    Generic,
    Iterable,
    List,
    Mapping,
    Optional,
    TextIO,
    Tuple,
    Union,
)

import chessbits
from chessbits import (
    Board,
    Move,
    _PgnWriter,
)

from ._nodes import ChildNode, GameNode, Headers, Mainline, SKIP, SkipType, T, _MoveList, _walk
from ._values import TimeControl, parse_time_control


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
                if nags:
                    node._nags = set(nags)
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
        """Sets the starting position: the ``FEN`` and ``SetUp`` tags (none for the start
        position of the board's class), and the ``Variant`` tag (``Chess960``, or a
        variant board's name, which always writes its ``FEN``)."""
        if isinstance(board, str):
            board = Board(board)
        fen = board.fen()
        cls = type(board)
        if fen == cls.starting_fen:
            self.headers.pop("SetUp", None)
            self.headers.pop("FEN", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if cls.uci_variant == "chess" and board.chess960:
            self.headers["Variant"] = "Chess960"
        elif cls.uci_variant != "chess":
            self.headers["Variant"] = cls.aliases[0]
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

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

    def time_control(self) -> TimeControl:
        """The game's ``TimeControl`` tag, read (``parse_time_control``)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def builder(cls) -> Any:
        """A visitor that builds games of this class (``GameBuilder``)."""
        from ._builders import GameBuilder

        return GameBuilder(Game=cls)

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


class StringExporterMixin:
    """python-chess's base of its exporters: the PGN layout, written by chessbits-pgn's
    ``Exporter``, which this mixin hands the visitor's events (tags, numbered SAN,
    comments, NAGs, variations, the result)."""

    def begin_headers(self) -> Optional[Any]:
        return None

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

    def flush_current_line(self) -> None:
        """Ends the line being filled (its trailing whitespace dropped), if it has anything."""
        self._w.flush_current_line()

    def write_token(self, token: str) -> None:
        """Adds ``token`` as given (with its trailing space, if any) to the line being
        filled, after a line break when it would pass ``columns``."""
        self._w.write_token(token)

    def write_line(self, line: str = "") -> None:
        """Ends the line being filled, then writes ``line`` (without trailing whitespace)
        as a line of its own."""
        self._w.write_line(line)

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


class _Exporter(StringExporterMixin, BaseVisitor[T]):
    """An exporting visitor (``StringExporter``, ``FileExporter``)."""


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
