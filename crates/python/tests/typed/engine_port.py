"""A python-chess engine program, ported by changing its import: mypy --strict checks it
against chessbits.engine's stubs (tests/test_engine.py), then it runs with a fake engine."""

import asyncio
import sys
from typing import List

import chessbits as chess
import chessbits.engine


def simple(command: List[str]) -> str:
    with chess.engine.SimpleEngine.popen_uci(command) as engine:
        board = chess.Board()
        info = engine.analyse(board, chess.engine.Limit(nodes=1))
        assert isinstance(info, dict)
        score = info["score"].white().score(mate_score=100000)
        result = engine.play(board, chess.engine.Limit(time=0.1))
        assert result.move is not None
        board.push(result.move)
        wdl: chess.engine.Wdl = chess.engine.Cp(35).wdl(model="sf16", ply=40)
        return f"{score} {result.move.uci()} {wdl.expectation():.3f}"


async def asynchronous(command: List[str]) -> str:
    transport, engine = await chess.engine.popen_uci(command)
    result = await engine.play(chess.Board(), chess.engine.Limit(nodes=1))
    await engine.quit()
    return str(result.move)


if __name__ == "__main__":
    fake = [sys.executable, sys.argv[1]]
    print(simple(fake), asyncio.run(asynchronous(fake)))
