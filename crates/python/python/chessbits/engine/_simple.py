"""The blocking API: ``SimpleEngine`` (the engine's pipe read in the calling thread, no
event loop), ``SimpleAnalysisResult`` and ``run_in_background``."""

from __future__ import annotations

import asyncio
import subprocess
import threading
import time as _time
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Optional, Type, Union

from chessbits import Board, Color, Move

from ._options import (
    INFO_ALL,
    INFO_NONE,
    AnalysisComplete,
    BestMove,
    ConfigMapping,
    ConfigValue,
    EngineError,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    Opponent,
    Option,
    PlayResult,
    T,
    UciOptionMap,
)
from ._protocol import AnalysisResult, Protocol, _Command
from ._transport import _Pipe
from ._uci import UciProtocol
from ._xboard import XBoardProtocol

if TYPE_CHECKING:
    import concurrent.futures


# ----- SimpleAnalysisResult -----


def _run_sync(coro: Any) -> Any:
    """Runs a coroutine that never suspends (its waits pump the engine's pipe)."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    coro.close()
    raise RuntimeError("a synchronous analysis waited on an event loop")


class SimpleAnalysisResult:
    """``AnalysisResult`` for ``SimpleEngine``: the same, blocking."""

    def __init__(self, engine: "SimpleEngine", inner: AnalysisResult) -> None:
        self.simple_engine = engine
        self.inner = inner

    @property
    def info(self) -> InfoDict:
        with self.simple_engine._lock:
            return self.inner.info

    @property
    def multipv(self) -> List[InfoDict]:
        with self.simple_engine._lock:
            return self.inner.multipv

    def stop(self) -> None:
        with self.simple_engine._lock:
            # Lines the engine has already written are read first: an analysis that has
            # ended is not stopped.
            self.simple_engine._drain()
            self.inner.stop()

    def wait(self) -> BestMove:
        with self.simple_engine._lock:
            return _run_sync(self.inner.wait())  # type: ignore[no-any-return]

    def would_block(self) -> bool:
        return self.inner.would_block()

    def empty(self) -> bool:
        return self.inner.empty()

    def get(self) -> InfoDict:
        with self.simple_engine._lock:
            return _run_sync(self.inner.get())  # type: ignore[no-any-return]

    def next(self) -> Optional[InfoDict]:
        with self.simple_engine._lock:
            return _run_sync(self.inner.next())  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            return self.get()
        except AnalysisComplete:
            raise StopIteration

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, a: Any, b: Any, c: Any) -> None:
        self.stop()


# ----- SimpleEngine -----


class SimpleEngine:
    """A blocking engine: ``SimpleEngine.popen_uci(path)`` or ``popen_xboard``, then
    ``analyse``, ``analysis``, ``play``, ``configure``, ``ping``, ``quit``. Thread-safe (one
    command at a time); a context manager that quits on exit. The engine's lines are read
    in the calling thread."""

    def __init__(self, protocol: Protocol, process: "subprocess.Popen[bytes]", *,
                 timeout: Optional[float] = 10.0) -> None:
        self.protocol = protocol
        self.process = process
        self.timeout = timeout
        self._pipe = _Pipe(process)
        self._lock = threading.RLock()
        self._shutdown = False
        stdin = process.stdin
        assert stdin is not None
        self._stdin = stdin
        # Lines are written together when the engine's answer is awaited: one write (and
        # one wake-up of the engine) for `position` and `go`.
        self._out: List[bytes] = []
        protocol._write = self._out.append

    @classmethod
    def popen(cls, protocol_class: Type[Protocol], command: Union[str, List[str]], *,
              timeout: Optional[float] = 10.0, debug: Optional[bool] = None, setpgrp: bool = False,
              **popen_args: Any) -> "SimpleEngine":
        args = [command] if isinstance(command, str) else list(command)
        if setpgrp:
            popen_args.setdefault("start_new_session", True)
        try:
            process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       bufsize=0, **popen_args)
        except OSError:
            raise
        engine = cls(protocol_class(), process, timeout=timeout)
        try:
            engine._run(engine.protocol._initialize_command(), timeout)
        except BaseException:
            engine.close()
            raise
        return engine

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                  debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts a UCI engine and goes through the handshake."""
        return cls.popen(UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                     debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts an XBoard engine and goes through the handshake."""
        return cls.popen(XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    def _pump(self, timeout: Optional[float]) -> None:
        """Reads one line and hands it to the protocol."""
        if self._shutdown:
            raise EngineTerminatedError("engine event loop dead")
        self._flush()
        line = self._pipe.readline(timeout)
        if line is None:
            code = self.process.wait()
            self.protocol._engine_terminated(code)
            return
        self.protocol._line_received(line)

    def _drain(self) -> None:
        """Reads the lines the engine has written so far, without waiting."""
        self._flush()
        while not self._shutdown and self._pipe.ready():
            self._pump(None)

    def _flush(self) -> None:
        if self._out:
            data = b"".join(self._out)
            self._out.clear()
            try:
                self._stdin.write(data)
                self._stdin.flush()
            except (BrokenPipeError, OSError):
                pass

    def _run(self, command: _Command, timeout: Optional[float]) -> Any:
        with self._lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
            self._drain()
            self.protocol._submit(command)
            deadline = None if timeout is None else _time.monotonic() + timeout
            try:
                while not command.finished:
                    left = None if deadline is None else max(0.0, deadline - _time.monotonic())
                    self._pump(left)
            except TimeoutError:
                # The search is stopped; the next command reads up to its end.
                command.cancel()
                self._flush()
                raise
            return command.outcome()

    def _timeout_for(self, limit: Optional[Limit]) -> Optional[float]:
        if self.timeout is None or limit is None or limit.time is None:
            return None
        return self.timeout + limit.time

    @property
    def options(self) -> UciOptionMap[Option]:
        return self.protocol.options

    @property
    def id(self) -> Dict[str, str]:
        return self.protocol.id.copy()

    @property
    def config(self) -> UciOptionMap[ConfigValue]:
        return self.protocol.config

    def communicate(self, command_factory: Callable[[Protocol], _Command]) -> Any:
        return self._run(command_factory(self.protocol), self.timeout)

    def configure(self, options: ConfigMapping) -> None:
        self._run(self.protocol._configure_command(options), self.timeout)

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                  engine_rating: Optional[int] = None) -> None:
        pass

    def ping(self) -> None:
        self._run(self.protocol._ping_command(), self.timeout)

    def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
             ponder: bool = False, draw_offered: bool = False,
             root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
             opponent: Optional[Opponent] = None) -> PlayResult:
        command = self.protocol._play_command(board, limit, game=game, info=info, ponder=ponder,
                                              draw_offered=draw_offered, root_moves=root_moves,
                                              options=options)
        return self._run(command, self._timeout_for(limit))  # type: ignore[no-any-return]

    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                game: object = None, info: Info = INFO_ALL,
                root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> Union[InfoDict, List[InfoDict]]:
        with self._lock:
            command = self.protocol._analysis_command(board, limit, multipv=multipv, game=game,
                                                      info=info, root_moves=root_moves,
                                                      options=options)
            self._run_search(command, self._timeout_for(limit))
            analysis: AnalysisResult = command.analysis  # type: ignore[attr-defined]
            return analysis.info if multipv is None else analysis.multipv

    def _run_search(self, command: _Command, timeout: Optional[float]) -> None:
        """Runs a search command to its end (``set_result`` comes twice for an analysis:
        at its start, and at the end; wait for the end)."""
        with self._lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
            self._drain()
            self.protocol._submit(command)
            deadline = None if timeout is None else _time.monotonic() + timeout
            analysis: AnalysisResult = command.analysis  # type: ignore[attr-defined]
            try:
                while not command.finished or not analysis._done:
                    if command.finished and command.exception is not None:
                        break
                    left = None if deadline is None else max(0.0, deadline - _time.monotonic())
                    self._pump(left)
            except TimeoutError:
                command.cancel()
                self._flush()
                raise
            if command.exception is not None:
                raise command.exception
            if analysis._exception is not None:
                raise analysis._exception

    def analysis(self, board: Board, limit: Optional[Limit] = None, *,
                 multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                 root_moves: Optional[Iterable[Move]] = None,
                 options: ConfigMapping = {}) -> SimpleAnalysisResult:
        with self._lock:
            command = self.protocol._analysis_command(board, limit, multipv=multipv, game=game,
                                                      info=info, root_moves=root_moves,
                                                      options=options)
            analysis: AnalysisResult = command.analysis  # type: ignore[attr-defined]
            timeout = self._timeout_for(limit)
            analysis._pump = lambda: self._pump(None if limit is None or limit.time is None else timeout)
            self._drain()
            self.protocol._submit(command)
            if command.exception is not None:
                raise command.exception
            return SimpleAnalysisResult(self, analysis)

    def send_game_result(self, board: Board, winner: Optional[Color] = None,
                         game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        pass

    def quit(self) -> None:
        """Sends ``quit`` and waits for the engine to exit (killing it after the timeout)."""
        with self._lock:
            if self._shutdown:
                return
            command = self.protocol._command
            if command is not None and not command.finished:
                command.cancel()
            try:
                self.protocol.send_line("quit")
                self._flush()
            except EngineError:
                pass
            try:
                self.process.wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self._close_pipes()

    def close(self) -> None:
        """Ends the engine process at once."""
        with self._lock:
            if self._shutdown:
                return
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self._close_pipes()

    def _close_pipes(self) -> None:
        self._shutdown = True
        self.protocol._engine_terminated(self.process.returncode)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def __repr__(self) -> str:
        return "<SimpleEngine (pid={})>".format(self.process.pid)


def run_in_background(coroutine: Callable[["concurrent.futures.Future[T]"], Any], *,
                      name: Optional[str] = None, debug: Optional[bool] = None) -> T:
    """Runs ``coroutine(future)`` in an event loop of its own thread; returns what the
    coroutine sets on the future."""
    import concurrent.futures

    future: "concurrent.futures.Future[T]" = concurrent.futures.Future()

    def background() -> None:
        try:
            asyncio.run(coroutine(future))
            future.cancel()
        except Exception as exc:
            future.set_exception(exc)

    threading.Thread(target=background, name=name).start()
    return future.result()
