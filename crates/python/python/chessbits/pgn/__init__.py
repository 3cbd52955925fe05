"""PGN games with python-chess's ``chess.pgn`` API: ``read_game(handle)`` gives a ``Game``
tree (headers, mainline and variations, comments, NAGs, ``board()`` at any node,
``clock()``/``eval()``), ``str(game)`` exports it, ``game.accept(visitor)`` walks it in PGN
order (python-chess's visitors and exporters work too).

The text of one game is cut from the handle line by line as python-chess does (a game ends
at an empty line outside a comment), then read by ``chessbits-pgn`` and every line of its
tree replayed in Rust; only the node objects are made here.
"""

# The package's parts, a chain without cycles: _nodes (NAGs, scores, headers, nodes) <-
# _game (Game, the visitors and exporters) <- _builders (the builders, time controls) <-
# _read (cutting games from a handle). Every name the single module pgn.py defined is
# here, private helpers included; the parts' classes and functions belong to
# ``chessbits.pgn`` (their ``__module__``), as python-chess's belong to ``chess.pgn``.
import inspect
from typing import TypeVar

from ._values import *  # noqa: F401,F403
from ._nodes import *  # noqa: F401,F403
from ._nodes import _ROSTER_DEFAULTS, _MoveList, _as_move, _visit_node, _walk  # noqa: F401
from ._game import *  # noqa: F401,F403
from ._game import _call, _Exporter  # noqa: F401
from ._builders import *  # noqa: F401,F403
from ._read import *  # noqa: F401,F403
from ._read import _ERRORS, _comment_state, _next_game_text  # noqa: F401


def _claim(objects: "list[object]") -> None:
    for obj in objects:
        module = getattr(obj, "__module__", None)
        if isinstance(obj, (type, TypeVar)) or inspect.isfunction(obj):
            if isinstance(module, str) and module.startswith(__name__ + "._"):
                try:
                    obj.__module__ = __name__  # type: ignore[misc]
                except (AttributeError, TypeError):  # pragma: no cover - a read-only __module__
                    pass


_claim(list(globals().values()))
del _claim
