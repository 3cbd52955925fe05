#!/usr/bin/env python3
"""The engine protocol's own overhead: ``SimpleEngine.analyse`` per position against a fake
UCI engine that answers at once (``fake_uci.py``), chessbits.engine against
python-chess's chess.engine.

Usage: engine_speed.py [POSITIONS] [ROUNDS]

POSITIONS (default 2,000) boards are the start position with knight moves played (``Nf3
Nf6 Ng1 Ng8 ...``, 0 to 40 plies), so that each is sent as a different ``position`` command
and the fake engine's answer (``e2e4`` for White, ``e7e5`` for Black) is legal in each. Each
round analyses every position once with ``Limit(nodes=1)`` on one engine process per
library; the best of ROUNDS rounds (default 3) is kept. ``speed.py`` reports the same row.
"""

import os
import sys
import time

import chess
import chess.engine

import chessbits
import chessbits.engine

FAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_uci.py")
SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def positions(module, n):
    boards = []
    for i in range(n):
        board = module.Board()
        for ply in range(i % 41):
            board.push_uci(SHUFFLE[ply % 4])
        boards.append(board)
    return boards


def run(module, boards, rounds):
    """The best round's seconds, and the answers of the last round (to compare)."""
    engine = module.engine.SimpleEngine.popen_uci([sys.executable, FAKE])
    try:
        limit = module.engine.Limit(nodes=1)
        best = float("inf")
        answers = []
        for _ in range(rounds):
            start = time.perf_counter()
            answers = [engine.analyse(b, limit) for b in boards]
            best = min(best, time.perf_counter() - start)
        return best, answers
    finally:
        engine.quit()


def overhead(n=2000, rounds=3):
    """(ours_s, theirs_s) for analysing n positions, after checking the answers agree."""
    ours_s, ours = run(chessbits, positions(chessbits, n), rounds)
    theirs_s, theirs = run(chess, positions(chess, n), rounds)
    for a, b in zip(ours, theirs):
        if (a["score"].white().score(), [m.uci() for m in a["pv"]], a["depth"]) != (
            b["score"].white().score(), [m.uci() for m in b["pv"]], b["depth"]
        ):
            sys.exit(f"chessbits and python-chess answer differently: {a} {b}")
    return ours_s, theirs_s


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    ours_s, theirs_s = overhead(n, rounds)
    print(f"chessbits {chessbits.__version__} against python-chess {chess.__version__}, "
          f"best of {rounds} rounds\n")
    print("| what | chessbits | python-chess | ratio |")
    print("|---|---:|---:|---:|")
    print(f"| SimpleEngine.analyse, fake engine answering at once, {n:,} positions (calls/s) | "
          f"{n / ours_s:,.0f} | {n / theirs_s:,.0f} | **{theirs_s / ours_s:.1f}x** |")
    print(f"\nper position: chessbits {ours_s / n * 1e6:.1f} us, python-chess {theirs_s / n * 1e6:.1f} us")


if __name__ == "__main__":
    main()
