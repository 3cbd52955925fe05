"""The building visitors of ``chessbits.pgn`` with python-chess's names:
``GameBuilder``, ``HeadersBuilder``, ``BoardBuilder`` and ``SkipVisitor``."""

from __future__ import annotations

from typing import Any, List, Type

from chessbits import Board

from ._game import BaseVisitor, Game
from ._nodes import SKIP, GameNode, Headers, SkipType
from ._values import LOGGER


class GameBuilder(BaseVisitor[Game]):
    """Builds a ``Game`` from a visit (``read_game``'s default result); ``Game`` names
    the class to build, as python-chess's."""

    def __init__(self, *, Game: Type[Game] = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: Game = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        node = self.variation_stack[-1]
        if self.in_variation or (node.parent is None and node.is_end()):
            node.comment = f"{node.comment} {comment}".strip() if node.comment else comment
        else:
            self.starting_comment = f"{self.starting_comment} {comment}".strip() if self.starting_comment else comment

    def visit_move(self, board: Board, move: Any) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        LOGGER.error("error during pgn parsing: %s", error)
        self.game.errors.append(error)

    def result(self) -> Game:
        return self.game


class HeadersBuilder(BaseVisitor[Headers]):
    """Collects the headers of a game and skips its moves."""

    def __init__(self, *, Headers: Type[Headers] = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> Headers:
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> Headers:
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """The board at the end of the game's main line."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        return SKIP

    def visit_board(self, board: Board) -> None:
        self.board = board

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True
