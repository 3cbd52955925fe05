"""What UCI and XBoard have in common: ``AnalysisResult``, the commands (one exchange
with the engine, fed its lines) and ``Protocol`` (the transport, the queue of commands,
the asyncio API)."""

from __future__ import annotations

import asyncio
import collections
import logging
import subprocess
from typing import (
    Any,
    Callable,
    Deque,
    Dict,
    Iterable,
    List,
    Optional,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from chessbits import Board, Color, Move

from ._options import (
    INFO_ALL,
    INFO_NONE,
    LOGGER,
    AnalysisComplete,
    BestMove,
    ConfigMapping,
    ConfigValue,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
    UciOptionMap,
)


# ----- analysis results -----


class AnalysisResult:
    """An analysis in progress: its ``info`` (merged, per ``multipv``), each line as it
    comes (``get``, ``next``, ``async for``), ``stop`` and ``wait`` for the best move."""

    def __init__(self, stop: Optional[Callable[[], None]] = None) -> None:
        self._stop = stop
        self._queue: Deque[InfoDict] = collections.deque()
        self._finished: Optional[BestMove] = None
        self._exception: Optional[BaseException] = None
        self._done = False
        self._waiters: List["asyncio.Future[None]"] = []
        self._pump: Optional[Callable[[], None]] = None
        self.multipv: List[InfoDict] = [{}]

    @property
    def info(self) -> InfoDict:
        return self.multipv[0]

    def post(self, info: InfoDict) -> None:
        n = info.get("multipv", 1)
        while len(self.multipv) < n:
            self.multipv.append({})
        self.multipv[n - 1].update(info)
        self._queue.append(info)
        self._wake()

    def set_finished(self, best: BestMove) -> None:
        if not self._done:
            self._finished = best
            self._done = True
            self._wake()

    def set_exception(self, exc: BaseException) -> None:
        if not self._done:
            self._exception = exc
            self._done = True
            self._wake()

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)

    async def _changed(self) -> None:
        if self._pump is not None:
            self._pump()
            return
        fut = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        await fut

    def stop(self) -> None:
        """Stops the analysis (the best move comes later, through ``wait``)."""
        stop, self._stop = self._stop, None
        if stop is not None and not self._done:
            stop()

    async def wait(self) -> BestMove:
        """Waits for the end of the analysis and returns the best move."""
        while not self._done:
            await self._changed()
        if self._exception is not None:
            raise self._exception
        assert self._finished is not None
        return self._finished

    def would_block(self) -> bool:
        return not self._queue and not self._done

    def empty(self) -> bool:
        return not self._queue

    async def get(self) -> InfoDict:
        """The next info line, or ``AnalysisComplete`` once the analysis has ended."""
        while not self._queue:
            if self._done:
                if self._exception is not None:
                    raise self._exception
                raise AnalysisComplete()
            await self._changed()
        return self._queue.popleft()

    async def next(self) -> Optional[InfoDict]:
        try:
            return await self.get()
        except AnalysisComplete:
            return None

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, a: Any, b: Any, c: Any) -> None:
        self.stop()


# ----- commands -----


class _Command:
    """One exchange with the engine, fed the engine's lines by the protocol. Finishes
    with a result or an exception; ``cancel`` asks it to end early."""

    def __init__(self, protocol: "Protocol") -> None:
        self.protocol = protocol
        self.finished = False
        self.result: Any = None
        self.exception: Optional[BaseException] = None
        self.callbacks: List[Callable[["_Command"], None]] = []

    def start(self) -> None:
        raise NotImplementedError

    def line_received(self, line: str) -> None:
        pass

    def cancel(self) -> None:
        pass

    def engine_terminated(self, exc: BaseException) -> None:
        self.set_exception(exc)

    def set_result(self, value: Any) -> None:
        if not self.finished:
            self.finished = True
            self.result = value
            self.protocol._command_done(self)

    def set_exception(self, exc: BaseException) -> None:
        if not self.finished:
            self.finished = True
            self.exception = exc
            self.protocol._command_done(self)

    def outcome(self) -> Any:
        if self.exception is not None:
            raise self.exception
        return self.result


class _Search(_Command):
    """A ``play`` or an ``analysis`` over either protocol: a failure fails its
    ``analysis`` too, unless it plays."""

    play: bool
    analysis: "AnalysisResult"

    def _fail(self, exc: BaseException) -> None:
        self.set_exception(exc)

    def set_exception(self, exc: BaseException) -> None:
        if not self.play:
            self.analysis.set_exception(exc)
        super().set_exception(exc)


class _Call(_Command):
    """A command written as a function of the protocol: ``run`` sends, ``on_line`` reads
    until it sets a result."""

    def __init__(self, protocol: "Protocol", run: Callable[["_Call"], None],
                 on_line: Optional[Callable[["_Call", str], None]] = None) -> None:
        super().__init__(protocol)
        self._run = run
        self._on_line = on_line

    def start(self) -> None:
        self._run(self)

    def line_received(self, line: str) -> None:
        if self._on_line is not None:
            self._on_line(self, line)


# ----- protocols -----


class Protocol(asyncio.SubprocessProtocol):
    """What UCI and XBoard engines have in common: the transport, the queue of commands,
    the lines read. Subclasses: ``UciProtocol``, ``XBoardProtocol``."""

    returncode: "asyncio.Future[int]"

    def __init__(self) -> None:
        self.transport: Any = None
        self._write: Optional[Callable[[bytes], None]] = None
        self._buffer = {1: bytearray(), 2: bytearray()}
        self._command: Optional[_Command] = None
        self._queue: Deque[_Command] = collections.deque()
        self._terminated: Optional[BaseException] = None
        self.options: UciOptionMap[Option] = UciOptionMap()
        self.config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.target_config: UciOptionMap[ConfigValue] = UciOptionMap()
        self.id: Dict[str, str] = {}
        self.initialized = False
        try:
            loop = asyncio.get_running_loop()
            self.returncode = loop.create_future()
        except RuntimeError:
            self.returncode = None  # type: ignore[assignment]

    # --- asyncio's side ---

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        pipe = transport.get_pipe_transport(0)
        self._write = pipe.write
        LOGGER.debug("%s: connection made", self)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        code = None
        try:
            code = self.transport.get_returncode() if self.transport else None
        except Exception:  # pragma: no cover - a transport without a return code
            code = None
        self._engine_terminated(code)

    def process_exited(self) -> None:
        LOGGER.debug("%s: process exited", self)
        code = None
        try:
            code = self.transport.get_returncode() if self.transport else None
        except Exception:  # pragma: no cover - a transport without a return code
            code = None
        self._engine_terminated(code)

    def pipe_connection_lost(self, fd: int, exc: Optional[Exception]) -> None:
        LOGGER.debug("%s: pipe %d lost", self, fd)

    def pipe_data_received(self, fd: int, data: Union[bytes, str]) -> None:
        buffer = self._buffer.setdefault(fd, bytearray())
        buffer.extend(data.encode() if isinstance(data, str) else data)
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                break
            raw = bytes(buffer[:end])
            del buffer[: end + 1]
            line = raw.decode("utf-8", errors="replace").rstrip("\r")
            if fd == 1:
                self._line_received(line)
            else:
                self.error_line_received(line)

    def error_line_received(self, line: str) -> None:
        LOGGER.warning("%s: stderr >> %s", self, line)

    # --- the commands ---

    def send_line(self, line: str) -> None:
        if LOGGER.isEnabledFor(logging.DEBUG):
            LOGGER.debug("%s: << %s", self, line)
        if self._write is None:
            raise EngineTerminatedError("engine process is not connected")
        self._write((line + "\n").encode("utf-8"))

    def _line_received(self, line: str) -> None:
        if LOGGER.isEnabledFor(logging.DEBUG):
            LOGGER.debug("%s: >> %s", self, line)
        command = self._command
        if command is not None and not command.finished:
            try:
                command.line_received(line)
            except Exception as exc:  # a command's own failure ends that command only
                command.set_exception(exc)
        else:
            self.line_received(line)

    def line_received(self, line: str) -> None:
        """A line no command asked for."""
        LOGGER.debug("%s: unexpected engine output: %s", self, line)

    def _submit(self, command: _Command) -> None:
        if self._terminated is not None:
            command.set_exception(self._terminated)
            return
        if self._command is None:
            self._command = command
            try:
                command.start()
            except BaseException as exc:  # an option refused, an illegal root move...
                command.set_exception(exc)
        else:
            self._queue.append(command)
            self._command.cancel()

    def _command_done(self, command: _Command) -> None:
        for callback in command.callbacks:
            callback(command)
        if command is not self._command:
            try:
                self._queue.remove(command)
            except ValueError:
                pass
            return
        self._command = None
        if self._queue:
            self._submit(self._queue.popleft())

    def _engine_terminated(self, code: Optional[int]) -> None:
        if self._terminated is None:
            self._terminated = EngineTerminatedError(f"engine process died unexpectedly (exit code: {code})")
        if self.returncode is not None and not self.returncode.done():
            self.returncode.set_result(code if code is not None else -1)
        pending = [self._command] + list(self._queue)
        self._queue.clear()
        for cmd in pending:
            if cmd is not None and not cmd.finished:
                cmd.engine_terminated(self._terminated)

    async def communicate(self, command: _Command) -> Any:
        loop = asyncio.get_running_loop()
        future: "asyncio.Future[Any]" = loop.create_future()

        def done(cmd: _Command) -> None:
            if future.done():
                return
            if cmd.exception is not None:
                future.set_exception(cmd.exception)
            else:
                future.set_result(cmd.result)

        command.callbacks.append(done)
        self._submit(command)
        return await future

    # --- the API ---

    async def initialize(self) -> None:
        await self.communicate(self._initialize_command())

    async def ping(self) -> None:
        await self.communicate(self._ping_command())

    async def configure(self, options: ConfigMapping) -> None:
        await self.communicate(self._configure_command(options))

    async def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
                   ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
                   opponent: Optional[Opponent] = None) -> PlayResult:
        return await self.communicate(self._play_command(  # type: ignore[no-any-return]
            board, limit, game=game, info=info, ponder=ponder, draw_offered=draw_offered,
            root_moves=root_moves, options=options))

    async def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                      game: object = None, info: Info = INFO_ALL,
                      root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        analysis = await self.analysis(board, limit, multipv=multipv, game=game, info=info,
                                       root_moves=root_moves, options=options)
        with analysis:
            await analysis.wait()
        return analysis.info if multipv is None else analysis.multipv

    async def analysis(self, board: Board, limit: Optional[Limit] = None, *,
                       multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                       root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        return await self.communicate(self._analysis_command(  # type: ignore[no-any-return]
            board, limit, multipv=multipv, game=game, info=info, root_moves=root_moves,
            options=options))

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        pass

    async def send_game_result(self, board: Board, winner: Optional[Color] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        pass

    async def quit(self) -> None:
        self.send_line("quit")
        if self.returncode is not None:
            await asyncio.shield(self.returncode)

    # --- what the protocols define ---

    def _initialize_command(self) -> _Command:
        raise NotImplementedError

    def _ping_command(self) -> _Command:
        raise NotImplementedError

    def _configure_command(self, options: ConfigMapping) -> _Command:
        raise NotImplementedError

    def _play_command(self, board: Board, limit: Limit, **kwargs: Any) -> _Command:
        raise NotImplementedError

    def _analysis_command(self, board: Board, limit: Optional[Limit], **kwargs: Any) -> _Command:
        raise NotImplementedError

    @classmethod
    async def popen(cls: Type["ProtocolT"], command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, "ProtocolT"]:
        loop = asyncio.get_running_loop()
        if setpgrp:
            popen_args.setdefault("start_new_session", True)
        popen_args.setdefault("stderr", subprocess.PIPE)
        args = [command] if isinstance(command, str) else command
        transport, protocol = await loop.subprocess_exec(cls, *args, **popen_args)
        return transport, protocol


ProtocolT = TypeVar("ProtocolT", bound=Protocol)


def _read_option(fields: Tuple[Any, ...]) -> Option:
    name, kind, default, lo, hi, var = fields
    return Option(name, kind, default, lo, hi, list(var))
