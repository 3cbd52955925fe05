"""The XBoard protocol (version 2): ``XBoardProtocol`` and its searches."""

from __future__ import annotations

import asyncio
import time as _time
from typing import Any, Dict, Iterable, List, Optional, Union

from chessbits import Board, Move
from chessbits._chessbits import (  # type: ignore[import]  # no stub: internal
    _features,
    _xboard_line,
    _xboard_option,
)

from ._options import (
    INFO_ALL,
    LOGGER,
    BestMove,
    ConfigMapping,
    ConfigValue,
    EngineError,
    Info,
    InfoDict,
    Limit,
    PlayResult,
)
from ._protocol import AnalysisResult, Protocol, _Call, _Command, _read_option, _Search
from ._scores import Cp, Mate, PovScore, Score


class XBoardProtocol(Protocol):
    """The XBoard protocol, version 2 (CEPS): ``protover 2`` and its features, ``force``
    mode with ``setboard`` or moves, ``sd``/``st``/``level``, thinking output as info."""

    def __init__(self) -> None:
        super().__init__()
        self.features: Dict[str, Union[int, str]] = {}
        self.pings = 0
        self.game: object = None
        self.first_game = True
        self.clock_id: object = None

    def _initialize_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            self.send_line("xboard")
            self.send_line("protover 2")

        def on_line(cmd: _Call, line: str) -> None:
            if not line.startswith("feature"):
                return
            try:
                pairs = _features(line)
            except ValueError as exc:
                LOGGER.warning("%s: %s", self, exc)
                return
            for name, value in pairs:
                if name == "option":
                    try:
                        option = _read_option(_xboard_option(str(value)))
                    except ValueError:
                        continue
                    self.options[option.name] = option
                    if option.type != "button":
                        self.config[option.name] = option.default
                    continue
                self.features[name] = value
                if name in ("ping", "setboard", "done", "san", "usermove", "time", "draw", "sigint",
                            "sigterm", "reuse", "analyze", "myname", "variants", "colors", "ics",
                            "name", "pause", "nps", "debug", "memory", "smp", "egt", "exclude",
                            "setscore", "highlight", "playother"):
                    if name not in ("done", "myname", "variants", "egt"):
                        self.send_line(f"accepted {name}")
                else:
                    self.send_line(f"rejected {name}")
                if name == "myname":
                    self.id["name"] = str(value)
                if name == "done" and value == 1:
                    self.initialized = True
                    cmd.set_result(None)
        return _Call(self, run, on_line)

    def _ping_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            self.pings += 1
            cmd.n = self.pings  # type: ignore[attr-defined]
            self.send_line(f"ping {self.pings}")

        def on_line(cmd: _Call, line: str) -> None:
            if line.strip() == f"pong {cmd.n}":  # type: ignore[attr-defined]
                cmd.set_result(None)
        return _Call(self, run, on_line)

    def _setoption(self, name: str, value: ConfigValue) -> None:
        if name in self.features or name.lower() in ("memory", "cores", "egtpath"):
            if name.lower() == "memory":
                self.send_line(f"memory {value}")
            elif name.lower() == "cores":
                self.send_line(f"cores {value}")
            return
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError("unsupported xboard option or command: {}".format(name))
        value = option.parse(value)
        if option.type == "button":
            self.send_line(f"option {option.name}")
        else:
            self.config[name] = value
            text = int(value) if isinstance(value, bool) else value
            self.send_line(f"option {option.name}={text}")

    def _configure_command(self, options: ConfigMapping) -> _Command:
        def run(cmd: _Call) -> None:
            for name, value in options.items():
                self._setoption(name, value)
                self.target_config[name] = value
            cmd.set_result(None)
        return _Call(self, run)

    def _play_command(self, board: Board, limit: Limit, **kwargs: Any) -> _Command:
        return _XBoardSearch(self, board, limit, play=True, **kwargs)

    def _analysis_command(self, board: Board, limit: Optional[Limit], **kwargs: Any) -> _Command:
        return _XBoardSearch(self, board, limit, play=False, **kwargs)

    async def quit(self) -> None:
        self.send_line("quit")
        if self.returncode is not None:
            await asyncio.shield(self.returncode)


def _xboard_variant(board: Board) -> Optional[str]:
    variant = getattr(type(board), "xboard_variant", None) or getattr(type(board), "uci_variant", "chess")
    if board.chess960:
        return "fischerandom"
    return None if variant in ("chess", "normal") else variant


class _XBoardSearch(_Search):
    """``play`` and ``analysis`` over XBoard: ``new``, ``force``, the position, the limits,
    ``post``, then ``go`` (play) or ``analyze`` (analysis); thinking lines as info."""

    def __init__(self, protocol: XBoardProtocol, board: Board, limit: Optional[Limit], *, play: bool,
                 game: object = None, info: Info = INFO_ALL, multipv: Optional[int] = None,
                 ponder: bool = False, draw_offered: bool = False,
                 root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {}) -> None:
        super().__init__(protocol)
        self.xb = protocol
        self.board = board.copy()
        self.limit = limit
        self.play = play
        self.info = Info(info)
        self.options = dict(options)
        self.draw_offered = draw_offered
        self.analysis = AnalysisResult(self.cancel)
        self.play_info: InfoDict = {}
        self.stopped = False
        if multipv is not None and multipv > 1:
            raise EngineError("xboard engine does not support multipv")
        if root_moves is not None:
            raise EngineError("play with root_moves is not supported by xboard")

    def start(self) -> None:
        xb = self.xb
        for name, value in self.options.items():
            xb._setoption(name, value)
        xb.send_line("new")
        variant = _xboard_variant(self.board)
        if variant:
            xb.send_line(f"variant {variant}")
        xb.send_line("force")
        root = self.board.root()
        if root.fen() != type(root).starting_fen or self.board.chess960:
            if not xb.features.get("setboard", 0):
                raise EngineError("xboard engine does not support setboard")
            xb.send_line("setboard " + root.fen())
        usermove = "usermove " if xb.features.get("usermove") else ""
        for move in self.board.move_stack:
            text = root.san(move) if xb.features.get("san") else root.uci(move)
            xb.send_line(usermove + text)
            root.push(move)
        limit = self.limit
        if self.play and limit is not None:
            if limit.time is not None:
                xb.send_line(f"st {max(0.01, limit.time):.10g}")
            if limit.depth is not None:
                xb.send_line(f"sd {max(1, limit.depth)}")
            if limit.nodes is not None:
                xb.send_line(f"nps 1")
                xb.send_line(f"st {max(1, limit.nodes)}")
            clock = limit.white_clock if self.board.turn else limit.black_clock
            inc = limit.white_inc if self.board.turn else limit.black_inc
            if clock is not None:
                moves = limit.remaining_moves or 0
                xb.send_line(f"level {moves} 0 {inc or 0:.10g}")
                xb.send_line(f"time {max(1, round(clock * 100))}")
                other = limit.black_clock if self.board.turn else limit.white_clock
                if other is not None:
                    xb.send_line(f"otim {max(1, round(other * 100))}")
        xb.send_line("post" if self.info or not self.play else "nopost")
        xb.send_line("easy")
        if self.draw_offered and self.play:
            xb.send_line("draw")
        if self.play:
            xb.send_line("go")
        else:
            self.result = self.analysis
            for cb in list(self.callbacks):
                cb(self)
            self.callbacks.clear()
            xb.send_line("analyze")
            if limit is not None and (limit.time is not None or limit.depth is not None
                                      or limit.nodes is not None):
                self.deadline_limit = limit
        self.started = _time.monotonic()

    def cancel(self) -> None:
        if self.finished or self.stopped:
            return
        self.stopped = True
        if self.play:
            self.xb.send_line("?")
        else:
            self.xb.send_line("exit")
            self.xb.send_line("force")
            self.xb.pings += 1
            self.ping = self.xb.pings
            self.xb.send_line(f"ping {self.ping}")

    def line_received(self, line: str) -> None:
        try:
            parsed = _xboard_line(line)
        except ValueError as exc:
            LOGGER.warning("%s: %s", self.xb, exc)
            return
        kind = parsed[0]
        if kind == "thinking":
            _, ply, score, seconds, nodes, pv = parsed
            info: InfoDict = {}
            if self.info & Info.BASIC:
                info.update(depth=ply, time=seconds, nodes=nodes)
            if self.info & Info.SCORE:
                if abs(score) > 90000:
                    moves = (100000 - abs(score) + 1) // 2
                    rel: Score = Mate(moves if score > 0 else -moves)
                else:
                    rel = Cp(score)
                info["score"] = PovScore(rel, self.board.turn)
            if self.info & Info.PV:
                info["pv"] = self._pv(pv)
            if self.play:
                self.play_info.update(info)
            else:
                self.analysis.post(info)
                limit = getattr(self, "deadline_limit", None)
                if limit is not None and not self.stopped:
                    if (limit.depth is not None and ply >= limit.depth) or \
                            (limit.nodes is not None and nodes >= limit.nodes) or \
                            (limit.time is not None and seconds >= limit.time):
                        self.cancel()
        elif kind == "move" and self.play:
            try:
                move = self.board.parse_san(parsed[1]) if self.xb.features.get("san") else None
            except ValueError:
                move = None
            if move is None:
                try:
                    move = self.board.parse_uci(parsed[1])
                except ValueError:
                    try:
                        move = self.board.parse_san(parsed[1])
                    except ValueError as exc:
                        self._fail(EngineError(f"illegal move from xboard engine: {parsed[1]} ({exc})"))
                        return
            self.xb.send_line("force")
            self.set_result(PlayResult(move, None, self.play_info, draw_offered=False))
        elif kind == "resign" and self.play:
            self.set_result(PlayResult(None, None, self.play_info, resigned=True))
        elif kind == "offer_draw" and self.play:
            self.play_draw = True
        elif kind == "pong" and self.stopped and not self.play:
            if parsed[1] == getattr(self, "ping", None):
                self.analysis.set_finished(BestMove(self._best(), None))
                self.set_result(self.analysis)
        elif kind == "error" or kind == "illegal":
            LOGGER.error("%s: engine error: %s", self.xb, line)

    def _best(self) -> Optional[Move]:
        pv = self.analysis.info.get("pv")
        return pv[0] if pv else None

    def _pv(self, text: str) -> List[Move]:
        board = self.board.copy(stack=False)
        moves = []
        for token in text.split():
            if token.endswith(".") or token[0].isdigit() and "." in token:
                continue
            try:
                move = board.push_uci(token)
            except ValueError:
                try:
                    move = board.push_san(token)
                except ValueError:
                    break
            moves.append(move)
        return moves

