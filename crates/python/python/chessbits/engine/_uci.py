"""The Universal Chess Interface: ``UciProtocol``, its searches and pondering, and the
``info`` lines, ``position`` and ``go`` commands."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from chessbits import Board, Move
from chessbits._chessbits import _uci_line  # type: ignore[import]  # no stub: internal

from ._options import (
    INFO_ALL,
    LOGGER,
    MANAGED_OPTIONS,
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
from ._scores import Cp, Mate, PovScore, PovWdl, Wdl


# ----- reading lines -----


def _push_moves(board: Board, texts: Iterable[str]) -> List[Move]:
    """The moves of ``texts`` played in turn from ``board``, up to the first illegal one."""
    played = board.copy(stack=False)
    moves = []
    for text in texts:
        try:
            move = played.push_uci(text)
        except ValueError:
            LOGGER.error("illegal move in info line: %s in %s", text, played.fen())
            break
        moves.append(move)
    return moves


_BASIC = frozenset(["depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull",
                    "tbhits", "sbhits", "cpuload", "currmovenumber", "string", "currmove"])


def _info(raw: Dict[str, Any], board: Board, selector: Union[Info, int]) -> InfoDict:
    """An ``info`` line (the dict read in Rust) as python-chess's ``InfoDict``."""
    out: InfoDict = {}
    selector = int(selector)
    for key, value in raw.items():
        if key in _BASIC:
            # The basic fields come with any other part (python-chess's rule).
            if selector:
                out[key] = Move.from_uci(value) if key == "currmove" else value
        elif key == "score":
            if selector & 2:
                kind, number, bound = value
                if bound:
                    out[bound] = True
                out["score"] = PovScore(Cp(number) if kind == "cp" else Mate(number), board.turn)
        elif key == "wdl":
            if selector & 2:
                out["wdl"] = PovWdl(Wdl(*value), board.turn)
        elif key == "pv":
            if selector & 4:
                pv = _push_moves(board, value)
                # A pv with an illegal move is dropped whole, as python-chess drops it.
                if len(pv) == len(value):
                    out["pv"] = pv
        elif key == "refutation":
            if selector & 8 and value:
                moves = _push_moves(board, value)
                if moves:
                    out["refutation"] = {moves[0]: moves[1:]}
        elif key == "currline":
            if selector & 16:
                cpu, texts = value
                out["currline"] = {cpu if cpu is not None else 1: _push_moves(board, texts)}
    return out


def _position_command(board: Board) -> str:
    root = board.root()
    chess960 = bool(board.chess960)
    fen = root.fen(shredder=True) if chess960 else root.fen()
    if fen == type(root).starting_fen:
        line = "position startpos"
    else:
        line = "position fen " + fen
    if board.move_stack:
        line += " moves " + " ".join(map(Move.uci, board.move_stack))
    return line


def _go_command(limit: Optional[Limit], *, ponder: bool = False, infinite: bool = False,
                root_moves: Optional[Iterable[Move]] = None, board: Optional[Board] = None) -> str:
    words = ["go"]
    if ponder:
        words.append("ponder")
    if limit is not None:
        if limit.white_clock is not None:
            words += ["wtime", str(max(1, round(limit.white_clock * 1000)))]
        if limit.black_clock is not None:
            words += ["btime", str(max(1, round(limit.black_clock * 1000)))]
        if limit.white_inc is not None:
            words += ["winc", str(round(limit.white_inc * 1000))]
        if limit.black_inc is not None:
            words += ["binc", str(round(limit.black_inc * 1000))]
        if limit.remaining_moves is not None and int(limit.remaining_moves) > 0:
            words += ["movestogo", str(limit.remaining_moves)]
        if limit.depth is not None:
            words += ["depth", str(max(1, limit.depth))]
        if limit.nodes is not None:
            words += ["nodes", str(max(1, limit.nodes))]
        if limit.mate is not None:
            words += ["mate", str(max(1, limit.mate))]
        if limit.time is not None:
            words += ["movetime", str(max(1, round(limit.time * 1000)))]
    if infinite:
        words.append("infinite")
    if root_moves is not None:
        words.append("searchmoves")
        moves = list(root_moves)
        if moves:
            words += [m.uci() if board is None else board.uci(m) for m in moves]
        else:
            words.append("0000")
    return " ".join(words)


# ----- the protocol -----


class UciProtocol(Protocol):
    """The Universal Chess Interface."""

    def __init__(self) -> None:
        super().__init__()
        self.first_game = True
        self.game: object = None
        # What the options were last settled for, and a count of the changes since.
        self._settled: Optional[Tuple[Any, ...]] = None
        self._config_version = 0

    # --- options ---

    def _setoption(self, name: str, value: ConfigValue) -> None:
        current = self.config._store.get(name.lower())
        if current is not None and current[1] is value:
            return
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError("engine does not support option {} (available options: {})".format(
                name, ", ".join(self.options)))
        value = option.parse(value)
        if option.type != "button" and self.config.get(name) == value:
            return
        self._config_version += 1
        if option.type == "button":
            self.send_line(f"setoption name {option.name}")
            return
        self.config[name] = value
        if value is None or value == "":
            text = "<empty>" if option.type == "string" else ""
        else:
            text = str(value).lower() if isinstance(value, bool) else str(value)
        self.send_line(f"setoption name {option.name} value {text}")

    def _configure(self, options: ConfigMapping) -> None:
        for name, value in options.items():
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
            self._setoption(name, value)

    def _configure_command(self, options: ConfigMapping) -> _Command:
        def run(cmd: _Call) -> None:
            self._configure(options)
            for name, value in options.items():
                self.target_config[name] = self.options[name].parse(value)
            self._config_version += 1
            cmd.set_result(None)
        return _Call(self, run)

    def _settle_options(self, options: ConfigMapping, multipv: Optional[int]) -> None:
        """Every option to the value this search wants: its own ``options``, else the
        configured one, else the default."""
        for name in options:
            if name.lower() in MANAGED_OPTIONS:
                raise EngineError(f"cannot set {name} which is automatically managed")
        key = (tuple(options.items()), multipv, self._config_version)
        if key == self._settled:
            return
        for name, option in self.options.items():
            if option.type == "button":
                continue
            if name.lower() == "multipv":
                want: ConfigValue = multipv if multipv is not None else option.default
            elif name.lower() in MANAGED_OPTIONS:
                continue
            elif name in options:
                want = options[name]
            elif name in self.target_config:
                want = self.target_config[name]
            else:
                want = option.default
            self._setoption(name, want)
        self._settled = (tuple(options.items()), multipv, self._config_version)

    # --- handshake, ping ---

    def _initialize_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            if self.initialized:
                raise EngineError("engine already initialized")
            self.send_line("uci")

        def on_line(cmd: _Call, line: str) -> None:
            try:
                parsed = _uci_line(line)
            except ValueError as exc:
                LOGGER.warning("%s: %s", self, exc)
                return
            kind = parsed[0]
            if kind == "uciok":
                self.initialized = True
                cmd.set_result(None)
            elif kind == "id":
                self.id[parsed[1]] = parsed[2]
            elif kind == "option":
                option = _read_option(parsed[1:])
                self.options[option.name] = option
                if option.type not in ("button",):
                    self.config[option.name] = option.default
        return _Call(self, run, on_line)

    def _ping_command(self) -> _Command:
        def run(cmd: _Call) -> None:
            self.send_line("isready")

        def on_line(cmd: _Call, line: str) -> None:
            if line.strip() == "readyok":
                cmd.set_result(None)
        return _Call(self, run, on_line)

    async def debug(self, on: bool = True) -> None:
        self.send_line("debug on" if on else "debug off")

    # --- searches ---

    def _play_command(self, board: Board, limit: Limit, **kwargs: Any) -> _Command:
        return _UciSearch(self, board, limit, play=True, **kwargs)

    def _analysis_command(self, board: Board, limit: Optional[Limit], **kwargs: Any) -> _Command:
        return _UciSearch(self, board, limit, play=False, **kwargs)


class _UciSearch(_Search):
    """``play`` and ``analysis`` over UCI: options, ``ucinewgame`` and ``isready`` for a
    new game, ``position``, ``go``, then ``info`` lines up to ``bestmove``."""

    def __init__(self, protocol: UciProtocol, board: Board, limit: Optional[Limit], *, play: bool,
                 game: object = None, info: Info = INFO_ALL, multipv: Optional[int] = None,
                 ponder: bool = False, draw_offered: bool = False,
                 root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {}) -> None:
        super().__init__(protocol)
        self.uci = protocol
        self.board = board.copy()
        self.limit = limit
        self.play = play
        self.game = game
        self.info = int(info)
        self.multipv = multipv
        self.ponder = ponder
        self.root_moves = list(root_moves) if root_moves is not None else None
        self.options = dict(options)
        self.state = "new"
        self.stopped = False
        self.analysis = AnalysisResult(self.cancel)
        self.play_info: InfoDict = {}

    def start(self) -> None:
        uci = self.uci
        has = uci.options._store
        if "ponder" in has:
            uci._setoption("Ponder", bool(self.ponder) and self.play)
        if not self.play and self.multipv is not None:
            uci._setoption("MultiPV", self.multipv)
        uci._settle_options(self.options, self.multipv if not self.play else None)
        if "uci_analysemode" in has and "UCI_AnalyseMode" not in uci.target_config \
                and "UCI_AnalyseMode" not in self.options:
            uci._setoption("UCI_AnalyseMode", not self.play)
        board = self.board
        variant = getattr(type(board), "uci_variant", "chess")
        if "uci_variant" in has:
            uci._setoption("UCI_Variant", variant)
        elif variant != "chess":
            raise EngineError(f"engine does not support UCI_Variant (wanted {variant})")
        chess960 = board.chess960
        if "uci_chess960" in has:
            uci._setoption("UCI_Chess960", bool(chess960))
        elif chess960:
            raise EngineError("engine does not support UCI_Chess960")
        if self.root_moves is not None:
            for move in self.root_moves:
                if not board.is_legal(move):
                    raise EngineError(f"illegal root move: {move} in {board.fen()}")
        if not self.play:
            # The analysis is handed out at once; its lines follow.
            self.result = self.analysis
            for cb in self.callbacks:
                cb(self)
            self.callbacks = []
        if uci.first_game or self.game != uci.game:
            uci.first_game = False
            uci.game = self.game
            uci.send_line("ucinewgame")
            uci.send_line("isready")
            self.state = "ready"
        else:
            self._go()

    def _go(self) -> None:
        if self.stopped:
            self._finish(BestMove(None, None))
            return
        self.uci.send_line(_position_command(self.board))
        infinite = not self.play and (self.limit is None)
        self.uci.send_line(_go_command(self.limit, infinite=infinite, root_moves=self.root_moves,
                                       board=self.board))
        self.state = "go"

    def cancel(self) -> None:
        if self.finished or self.stopped:
            return
        self.stopped = True
        if self.state == "go":
            self.uci.send_line("stop")

    def line_received(self, line: str) -> None:
        if self.state == "ready":
            if line.strip() == "readyok":
                self._go()
            return
        word = "info" if line.startswith("info") else line.split(None, 1)[0] if line.strip() else ""
        if word == "info":
            if not self.info:
                return
            try:
                parsed = _uci_line(line)
            except ValueError as exc:
                LOGGER.error("%s: %s", self.uci, exc)
                return
            info = _info(parsed[1], self.board, self.info)
            if self.play:
                if info.get("multipv", 1) == 1:
                    self.play_info.update(info)
            else:
                self.analysis.post(info)
        elif word == "bestmove":
            try:
                _, best_text, ponder_text = _uci_line(line)
            except ValueError as exc:
                self._fail(EngineError(str(exc)))
                return
            best = ponder = None
            if best_text is not None:
                try:
                    best = self.board.parse_uci(best_text)
                except ValueError as exc:
                    self._fail(EngineError(str(exc)))
                    return
                if ponder_text is not None:
                    after = self.board.copy(stack=False)
                    after.push(best)
                    try:
                        ponder = after.parse_uci(ponder_text)
                    except ValueError:
                        LOGGER.warning("%s: illegal ponder move %s", self.uci, ponder_text)
            self._finish(BestMove(best, ponder))

    def _finish(self, best: BestMove) -> None:
        if self.play:
            if self.ponder and best.move is not None and best.ponder is not None:
                # The engine ponders on its expected reply until the next command.
                after = self.board.copy()
                after.push(best.move)
                after.push(best.ponder)
                self.uci._queue.appendleft(_UciPonder(self.uci, after, self.limit))
            self.set_result(PlayResult(best.move, best.ponder, self.play_info))
        else:
            self.analysis.set_finished(best)
            self.set_result(self.analysis)


class _UciPonder(_Command):
    """Pondering after ``play(..., ponder=True)``: ``go ponder`` on the position after the
    best move and the expected reply, ``stop``ped by the next command."""

    def __init__(self, protocol: UciProtocol, board: Board, limit: Optional[Limit]) -> None:
        super().__init__(protocol)
        self.board = board
        self.limit = limit
        self.stopped = False

    def start(self) -> None:
        self.protocol.send_line(_position_command(self.board))
        self.protocol.send_line(_go_command(self.limit, ponder=True))

    def cancel(self) -> None:
        if not self.stopped and not self.finished:
            self.stopped = True
            self.protocol.send_line("stop")

    def line_received(self, line: str) -> None:
        if line.startswith("bestmove"):
            self.set_result(None)
