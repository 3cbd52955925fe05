"""Reading games from a text handle as python-chess cuts them."""

from __future__ import annotations

from typing import (
    Any,
    Callable,
    Dict,
    List,
    Optional,
    TextIO,
    Tuple,
)

import chessbits
from chessbits import (
    _parse_game,
    _read_tags,
)

from ._game import Game
from ._nodes import Headers


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
