"""How the engine's lines come and go: the asyncio entry points ``popen_uci`` and
``popen_xboard`` (a subprocess transport), ``MockTransport`` (a scripted engine for tests)
and the pipe ``SimpleEngine`` reads in the calling thread."""

from __future__ import annotations

import asyncio
import collections
import os
import select
import subprocess
import time as _time
from typing import Any, Deque, List, Optional, Tuple, Union

from ._protocol import Protocol
from ._uci import UciProtocol
from ._xboard import XBoardProtocol


# ----- asyncio entry points -----


async def popen_uci(command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts a UCI engine: ``(transport, protocol)``, the handshake done."""
    transport, protocol = await UciProtocol.popen(command, setpgrp=setpgrp, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()
        raise
    return transport, protocol


async def popen_xboard(command: Union[str, List[str]], *, setpgrp: bool = False,
                       **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, XBoardProtocol]:
    """Starts an XBoard engine: ``(transport, protocol)``, the handshake done."""
    transport, protocol = await XBoardProtocol.popen(command, setpgrp=setpgrp, **popen_args)
    try:
        await protocol.initialize()
    except BaseException:
        transport.close()
        raise
    return transport, protocol


# ----- MockTransport -----


class MockTransport(asyncio.SubprocessTransport, asyncio.WriteTransport):
    """A scripted engine for tests of code that drives a protocol: ``expect(line,
    responses)`` says what the protocol should send next and what the engine answers;
    ``assert_done()`` that everything expected was sent.

    It is an asyncio subprocess and write transport, as python-chess's is: the transport
    methods it does not script (``kill``, ``abort``, ``write_eof``, the buffer limits...)
    are asyncio's, and ``writelines`` writes each line through ``write``."""

    def __init__(self, protocol: Protocol) -> None:
        super().__init__()
        self.protocol = protocol
        self.expectations: Deque[Tuple[str, List[str]]] = collections.deque()
        self.expected_pings = 0
        self.stdin_buffer = bytearray()
        self.protocol.connection_made(self)

    def expect(self, expectation: str, responses: List[str] = []) -> None:
        self.expectations.append((expectation, list(responses)))

    def expect_ping(self) -> None:
        self.expected_pings += 1

    def assert_done(self) -> None:
        assert not self.expectations, f"pending expectations: {list(self.expectations)}"

    def get_pipe_transport(self, fd: int) -> "MockTransport":
        assert fd == 0, f"expected 0 for stdin, got {fd}"
        return self

    def write(self, data: Union[bytes, bytearray, memoryview]) -> None:
        self.stdin_buffer.extend(data)
        while True:
            end = self.stdin_buffer.find(b"\n")
            if end < 0:
                break
            line = self.stdin_buffer[:end].decode()
            del self.stdin_buffer[: end + 1]
            if self.expected_pings and line.startswith("ping "):
                self.expected_pings -= 1
                self._respond(["pong " + line.split(None, 1)[1]])
                continue
            assert self.expectations, f"unexpected: {line!r}"
            expectation, responses = self.expectations.popleft()
            assert expectation == line, f"expected {expectation!r}, got: {line!r}"
            self._respond(responses)

    def _respond(self, responses: List[str]) -> None:
        data = b"".join((r + "\n").encode() for r in responses)
        if not data:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.protocol.pipe_data_received(1, data)
            return
        loop.call_soon(self.protocol.pipe_data_received, 1, data)

    def get_pid(self) -> int:
        return id(self)

    def get_returncode(self) -> Optional[int]:
        return None if self.expectations else 0

    def close(self) -> None:
        pass


# ----- SimpleEngine's pipe -----


class _Pipe:
    """The engine's standard output read a line at a time, with a deadline."""

    def __init__(self, process: "subprocess.Popen[bytes]") -> None:
        assert process.stdout is not None
        self.fd = process.stdout.fileno()
        self.rest = b""
        self.lines: Deque[bytes] = collections.deque()
        self.eof = False

    def ready(self) -> bool:
        """Whether a line (or the end) can be read without waiting."""
        if self.lines or self.eof:
            return bool(self.lines)
        return bool(select.select([self.fd], [], [], 0)[0])

    def readline(self, timeout: Optional[float]) -> Optional[str]:
        deadline = None if timeout is None else _time.monotonic() + timeout
        while not self.lines:
            if self.eof:
                return None
            if deadline is not None:
                left = deadline - _time.monotonic()
                if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                    raise TimeoutError("engine did not answer in time")
            data = os.read(self.fd, 65536)
            if not data:
                self.eof = True
                if self.rest:
                    self.lines.append(self.rest)
                    self.rest = b""
                continue
            parts = (self.rest + data).split(b"\n")
            self.rest = parts.pop()
            self.lines.extend(parts)
        return self.lines.popleft().decode("utf-8", errors="replace").rstrip("\r")
